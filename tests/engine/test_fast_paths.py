"""The engine's fast paths change nothing a seed decides.

The engine is tuned for speed (benchmarks/README.md, "The engine"), but a seed must keep
dealing the same cards and the generator must keep listing the same moves in the same order:
the AI's seeded games (its ledger) replay only if both hold. These tests pin both down.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine import Game, Move, Rules
from engine.caravan import parse_caravan
from engine.cards import Card, format_cards, standard_deck
from engine.deal import shuffle
from engine.rules import PRESETS

ORDER = ("new-vegas", "foxon", "caravanthegame", "simple")  # the fingerprints' order


@pytest.mark.parametrize("length", [*range(12), 40, 54, 108, 216, 300])
def test_shuffle_is_randoms_shuffle(length: int) -> None:
    for seed in range(30):
        ours, theirs = list(range(length)), list(range(length))
        ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
        shuffle(ours_rng, ours)
        theirs_rng.shuffle(theirs)
        assert ours == theirs
        assert ours_rng.getstate() == theirs_rng.getstate()


def fingerprint(rules_list: list[Rules], games: int) -> str:
    """A hash of every legal-move list (in order) and every final position of `games`
    random games (random.Random(7) choosing) under each of `rules_list`."""
    digest = hashlib.sha256()
    for rules in rules_list:
        rng = random.Random(7)
        for seed in range(games):
            game = Game.new(rules, seed)
            while not game.is_over:
                moves = game.legal_moves()
                digest.update(",".join(map(str, moves)).encode())
                game.push(rng.choice(moves))
            digest.update(f"{game.winner}{game.end_reason}{game.to_json()}".encode())
    return digest.hexdigest()[:16]


def test_the_generator_lists_the_same_moves_in_the_same_order() -> None:
    # Recorded before the engine's speed work of 2026-11-27 (commit df139e1), from the
    # pure-Python engine; a change here changes every seeded game the AI plays.
    assert sorted(ORDER) == sorted(PRESETS)
    assert fingerprint([Rules(preset) for preset in ORDER], 150) == "d31b11c4f9baaa00"


def test_the_same_with_duplicate_cards() -> None:
    # Custom decks of two standard decks each: a hand can hold the same card twice.
    rules_list = []
    for preset in ORDER:
        deck = format_cards(standard_deck(2, tens=PRESETS[preset].tens) * 2)
        rules_list.append(Rules.parse({"preset": preset, "decks": {"A": deck, "B": deck}}))
    assert fingerprint(rules_list, 60) == "a414f32057689609"


@pytest.mark.parametrize("preset", ORDER)
def test_a_caravan_longer_than_any_before_gets_every_picture_move(preset: str) -> None:
    # The generator's tables of picture moves grow when a caravan is longer than any seen in
    # this process (engine.movetable.grow_picture_prefixes_to); 60 cards is longer than any
    # other test's. The moves listed must be exactly the legal ones, in `validate`'s
    # canonical form.
    game = Game.new(Rules(preset), 3)
    column = " ".join(f"{rank}h" for rank in "A23456789T" * 6)
    game.caravans[0][1] = parse_caravan(column)
    game.caravans[1][2] = parse_caravan("5c 6c[Kd,Kh] 7c")
    game.phase, game.turn = "main", 0
    game.hands[0] = [Card.parse(text).code for text in ("Ks", "Jc", "X", "Qd", "4s")]
    listed = game.legal_moves()
    assert len(listed) == len(set(listed))
    candidates = {Move.discard(card) for card in game.hand("A")}
    for card in game.hand("A"):
        candidates |= {Move.play(card, n) for n in (1, 2, 3)}
        candidates |= {Move.disband(n, card) for n in (1, 2, 3)}  # foxon's restart
        for seat in "AB":
            for n in (1, 2, 3):
                for index in range(1, 61):
                    candidates.add(Move.play(card, n, seat, index))
                candidates.add(Move.play(card, n, seat))
    candidates |= {Move.disband(n) for n in (1, 2, 3)}
    assert set(listed) == {game.validate(move) for move in candidates if game.is_legal(move)}
    assert Move.parse("Ks@A2.60") in listed and Move.parse("Jc@A2.1") in listed
