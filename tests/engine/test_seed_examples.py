"""The worked examples of the rule texts in shared/seeds/, each checked as written."""

from __future__ import annotations

import pytest

from engine import IllegalMoveError
from tests.engine.helpers import caravans, legal, table


def numbers_on_1(game_hand: str, column: str) -> set[str]:
    game = table((column, "", ""), ("Tc", "", ""), hand_a=game_hand, hand_b="8d")
    return {m.split("@")[0] for m in legal(game) if m.endswith("@1")}


def test_seed000_5_22_going_down_from_seven_to_three_leaves_deuce_or_ace() -> None:
    assert numbers_on_1("2s As 5s 4h 9d", "7c 3h") == {"2s", "As", "4h"}
    assert numbers_on_1("2s 9d 8h", "3h 7c") == {"9d", "8h"}


def test_seed000_5_24_never_a_number_on_the_same_number() -> None:
    assert "Th" not in numbers_on_1("Th 9c", "Tc")
    assert "Th" not in numbers_on_1("Th", "3c Tc[Qh]")  # not even when it matches the suit


def test_seed000_5_36_kings() -> None:
    five_ten_k = table(("5c Tc[Kd]", "5h Th[Kd,Kh]", ""), ("9c", "", ""), hand_a="2s", hand_b="8d")
    assert five_ten_k.caravan("A", 1).value == 25
    assert five_ten_k.caravan("A", 2).value == 45


def test_seed000_5_37_joker_on_ace_queens_do_not_save_a_card() -> None:
    game = table(("Ah", "9h[Qc]", "4c"), ("5s", "", ""), hand_a="X", hand_b="8d")
    game.play("X@A1.1")
    assert caravans(game)[:3] == ["Ah[X]", "", "4c"]


def test_seed000_5_38_no_jack_on_a_card_with_three_pictures() -> None:
    game = table(("9c[Kh,Kd,Qs]", "", ""), ("5s", "", ""), hand_a="Jd", hand_b="8d")
    with pytest.raises(IllegalMoveError, match="R7"):
        game.play("Jd@A1.1")


def test_seed000_6_2_equal_bids_neither_sold() -> None:
    game = table(("Tc 9d 3h", "", ""), ("Td 9s 3c", "", ""), hand_a="2s", hand_b="8d")
    assert game.positions() == (None, None, None)


def test_seed001_kings_double_in_sequence() -> None:
    game = table(
        ("5c[Kd]", "5h[Kd,Kh]", ""),
        ("9c", "", ""),
        hand_a="2s",
        hand_b="8d",
        rules="caravanthegame",
    )
    assert (game.caravan("A", 1).value, game.caravan("A", 2).value) == (10, 20)


def test_seed002_king_on_nine() -> None:
    game = table(("9c[Kd]", "9h[Kd,Kh]", ""), ("5c", "", ""), hand_a="2s", hand_b="8d")
    assert (game.caravan("A", 1).value, game.caravan("A", 2).value) == (18, 36)


def test_seed002_joker_on_ace_spares_pictures_of_that_suit_on_other_cards() -> None:
    game = table(("Ah", "9c[Kh]", "4h"), ("5s[Qh]", "", ""), hand_a="X", hand_b="8d")
    game.play("X@A1.1")
    assert caravans(game)[:4] == ["Ah[X]", "9c[Kh]", "", "5s[Qh]"]


def test_seed002_foxon_26_cannot_be_beaten() -> None:
    game = table(
        ("Tc 9d 7h", "Th 9c 7s", ""),
        ("Td 9s 6c", "Ts 9h 7c", ""),
        hand_a="2s",
        hand_b="8d",
        rules="foxon",
    )
    assert game.positions()[:2] == ("A", None)
