"""`engine.undo`: trying a move and taking it back leaves the game exactly as it was, and
the position in between is the one `copy()` + `push()` reaches."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import Game, Rules
from engine.cards import format_cards, standard_deck
from engine.rules import PRESETS
from engine.undo import take_back, try_move


def state(game: Game) -> tuple[Any, ...]:
    """Everything a push can change, derived fields included, compared by value."""
    caravans = tuple(
        (
            c.cards[:],
            [a[:] for a in c.atts],
            c.held,
            c.value,
            c.direction,
            c.suit,
            c.accepting,
            c.crowded,
            c.shown,
        )
        for side in game.caravans
        for c in side
    )
    return (
        [h[:] for h in game.hands],
        [d[:] for d in game.decks],
        [d[:] for d in game.discards],
        caravans,
        game.turn,
        game.phase,
        game.ply,
        game._winner,
        game.end_reason,
        game.moves[:],
    )


def rules_to_try() -> list[Rules]:
    rules = [Rules(preset) for preset in PRESETS]
    rules.append(Rules("foxon", jokers=0))  # R11 in foxon: Jacks clear the rank
    for preset in PRESETS:  # two copies of each card (duplicates in hand), a joker each
        deck = format_cards(standard_deck(1, tens=PRESETS[preset].tens) * 2)
        rules.append(Rules.parse({"preset": preset, "decks": {"A": deck, "B": deck}}))
    for preset in PRESETS:  # short decks: the decks run out (R14 in each preset)
        deck = format_cards(standard_deck(1, tens=PRESETS[preset].tens)[:30])
        rules.append(Rules.parse({"preset": preset, "decks": {"A": deck, "B": deck}}))
    return rules


@pytest.mark.parametrize("rules", rules_to_try(), ids=lambda r: f"{r.preset}-{r.jokers}")
def test_every_legal_move_tried_and_taken_back(rules: Rules) -> None:
    rng = random.Random(11)
    tried = 0
    for seed in range(4):
        game = Game.new(rules, seed)
        while not game.is_over:
            if rng.random() < 0.7:  # every move of about one position in three
                game.push(rng.choice(game.legal_moves()))
                continue
            if rng.random() < 0.5:
                game.view("A")  # cache the public view, which take_back must keep right
            public = game._public
            before = state(game)
            for move in game.legal_moves():
                expected = game.copy()
                expected.push(move)
                undo = try_move(game, move)
                assert state(game) == state(expected)
                take_back(game, undo)
                assert state(game) == before
                assert game._public is public
                tried += 1
            game.push(rng.choice(game.legal_moves()))
    assert tried > 500


def test_the_view_after_taking_back_is_the_positions_own() -> None:
    # A view made in the tried position is cached under the next ply; taking back restores
    # the old cache, so a different move to the same ply does not find a stale one.
    game = Game.new(Rules(), 3)
    while game.phase == "opening":
        game.push(game.legal_moves()[0])
    first, second = game.legal_moves()[:2]
    undo = try_move(game, first)
    seen = game.view("A").caravans
    take_back(game, undo)
    game.push(second)
    fresh = Game.replay(Rules(), 3, game.moves)
    assert game.view("A").caravans == fresh.view("A").caravans
    assert game.view("A").caravans != seen or str(first) == str(second)
