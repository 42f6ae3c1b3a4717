"""Caravan's hand panel (`bot.games.new_vegas.hand`): each place says what it does to the
totals, exactly as the real game will do it; the discards and disbands stay offered once a
card is chosen."""

from __future__ import annotations

import random

import pytest

from bot.games.base import Pick
from bot.games.new_vegas.hand import hand_turn
from engine import Game, Rules

NAMES = {"A": "Alice", "B": "Bob"}
ARROW = "\u2192"


def positions(seeds: range, preset: str = "new-vegas") -> list[Game]:
    """Games at every ply of random games with each seed."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        game = Game.new(Rules(preset), seed)
        while not game.is_over:
            found.append(game.copy())
            game.play(rng.choice(game.legal_moves()))
    return found


@pytest.mark.parametrize("preset", ["new-vegas", "caravanthegame", "foxon"])
def test_every_place_says_the_totals_the_real_game_gives(preset: str) -> None:
    checked = 0
    for game in positions(range(6), preset):
        view = game.view(game.mover)
        for chosen in range(len(view.hand)):
            places = [
                c
                for c in hand_turn(view, chosen, 0, NAMES).controls
                if isinstance(c, Pick) and c.card == chosen
            ]
            for option in places[0].options if places else ():
                label = str(option.label)  # the English (said in each player's language)
                if option.value.startswith("page:") or "disband" in label.lower():
                    continue
                if label.startswith("Discard"):
                    assert not option.description
                    continue
                event = game.copy().play(option.value)  # the real game, hidden cards and all
                before, after = event.values_before, event.values_after
                changed = [i for i in range(6) if before[i] != after[i]]
                said = str(option.description or "")
                for i in changed:
                    assert f"{before[i]} {ARROW} {after[i]}" in said, (option, said)
                if not changed:
                    assert said.endswith(f"stays at {after[_target(view, option.value)]}")
                checked += 1
    assert checked > 500


def _target(view: object, move: str) -> int:
    from engine import Move

    parsed = Move.parse(move)
    seat = parsed.player or view.turn  # type: ignore[attr-defined]
    return (0 if seat == "A" else 3) + (parsed.caravan or 1) - 1


def test_a_king_on_your_own_card_says_the_new_total() -> None:
    for game in positions(range(40)):
        view = game.view(game.mover)
        for chosen, card in enumerate(view.hand):
            if card.rank != 13:
                continue
            for control in hand_turn(view, chosen, 0, NAMES).controls:
                if not isinstance(control, Pick) or control.card != chosen:
                    continue
                for option in control.options:
                    label, about = str(option.label), str(option.description)
                    if label.startswith("On your ") and "card 1)" in label:
                        number = int(label.split("(caravan ")[1][0])
                        value = view.caravan(view.turn, number).value
                        placed = view.caravan(view.turn, number).cards[0].card
                        assert placed.rank is not None
                        after = value + placed.rank if placed.rank < 11 else value
                        assert option.description is not None
                        assert about.startswith(f"caravan {number}: {value} {ARROW}")
                        assert int(about.split(ARROW)[1].split(",")[0]) >= after
                        return
    raise AssertionError("no King on a player's own first card came up")


def test_the_disbands_stay_beside_a_chosen_cards_places() -> None:
    for game in positions(range(20)):
        view = game.view(game.mover)
        disbands = [m for m in view.legal_moves if m.action == "disband" and m.card is None]
        playable = [
            i
            for i, c in enumerate(view.hand)
            if len({str(m) for m in view.legal_moves if m.card == c and m.action != "discard"}) > 1
        ]
        if not disbands or not playable:
            continue
        controls = hand_turn(view, playable[0], 0, NAMES).controls
        moves = [c for c in controls if isinstance(c, Pick) and c.what == "move"]
        assert len(moves) == 2, "the card's places, and the disbands beside them"
        beside = {o.value for o in moves[1].options}
        assert {str(m) for m in disbands} <= beside
        assert moves[0].card != moves[1].card, "two selects, two custom ids"
        return
    raise AssertionError("no position with a disband and a card with places came up")
