"""One test per ruling on the gaps in the texts (RULES.md, G1-G11)."""

from __future__ import annotations

import pytest

from engine import Card, Game, IllegalMoveError, Rules, parse_cards
from tests.engine.helpers import caravans, legal, table


def test_g1_first_player_is_random_from_the_seed() -> None:
    starters = {Game.new(seed=seed).mover for seed in range(40)}
    assert starters == {"A", "B"}
    assert all(Game.new(seed=s).mover == Game.new(seed=s).mover for s in range(20))


def test_g2_foxon_opening_is_three_alternating_turns() -> None:
    game = Game.new(Rules("foxon"), seed=5)
    order = []
    for _ in range(6):
        assert game.phase == "opening"
        order.append(game.mover)
        assert all(not m.card or m.card.is_number for m in game.legal_moves())
        game.play(game.legal_moves()[0])
    assert order == [order[0], order[1]] * 3 and order[0] != order[1]
    assert game.phase == "main"


def test_g3_removed_cards_go_to_the_caravan_owners_discard() -> None:
    game = table(("9c[Kd]", "", ""), ("5c", "", ""), hand_a="2s", hand_b="Jh Kh", deck_b="3d")
    game.turn = 1
    game.play("Jh@A1.1")
    assert game.discard_pile("A") == tuple(parse_cards("9c Kd Jh"))
    assert game.discard_pile("B") == ()


def test_g4_jack_on_the_only_card_empties_the_caravan() -> None:
    game = table(("9c", "", ""), ("5c", "", ""), hand_a="2s", hand_b="Jh", deck_b="3d")
    game.turn = 1
    game.play("Jh@A1.1")
    assert game.caravan("A", 1).cards == ()
    assert "2s@1" in legal(game)


def test_g5_queen_on_one_card_sets_suit_only() -> None:
    game = table(("9c", "", ""), ("5c", "", ""), hand_a="Qh 2s 4d Ts", hand_b="8d")
    game.play("Qh@A1")
    assert (game.caravan("A", 1).direction, game.caravan("A", 1).suit) == (None, "h")
    game.turn = 0
    assert {"2s@1", "4d@1", "Ts@1"} <= legal(game)


def test_g6_joker_matches_printed_rank_not_king_value() -> None:
    game = table(("5c[Kh]", "Tc", "5d"), ("5s", "Td", ""), hand_a="X", hand_b="8d")
    game.play("X@A1.1")
    assert caravans(game) == ["5c[Kh,X]", "Tc", "", "", "Td", ""]


def test_g7_two_won_and_a_tie_goes_on_and_disbanding_the_tie_wins() -> None:
    game = table(
        ("Tc 9d 2h", "Th 9c 3h", "Ts 8d 5s"),
        ("Td 9s", "Tc 8s", "Th 9h 4c"),
        hand_a="2s",
        hand_b="8d",
    )
    assert game.positions() == ("A", "A", None) and not game.is_over
    event = game.play("disband:3")
    assert game.positions() == ("A", "A", "B")
    assert game.winner == "A" and event.end_reason == "sold"


def test_g8_sales_are_judged_before_the_draw() -> None:
    # caravanthegame: drawing from an empty deck loses, but the sale comes first.
    game = table(
        ("Tc 9d 2h", "Th 9c", "Ts 8d 5s"),
        ("Td 9s", "Tc 8s", "Th 9h"),
        hand_a="2s",
        hand_b="8d",
        rules="caravanthegame",
    )
    game.play("2s@2")
    assert game.winner == "A" and game.end_reason == "sold"


def test_g8_a_move_may_end_the_game_in_the_opponents_favour() -> None:
    # A's Jack removes A's own 5s: A3 drops to 18, so B3 (23) wins the third position.
    game = table(
        ("Tc 9d 2h", "Th 9c", "Ts 8d 5s"),
        ("Td 9s 3h", "Tc 8s 4h", "Th 9h 4c"),
        hand_a="Js",
        deck_a="4d",
        hand_b="8d",
    )
    assert game.positions() == ("B", "B", None)
    game.play("Js@A3.3")
    assert game.winner == "B" and game.end_reason == "sold"


def test_g9_discard_and_disband_always_allowed() -> None:
    game = table(("Tc", "", ""), ("5c", "", ""), hand_a="9s", hand_b="8d")
    assert {"9s@1", "discard:9s", "disband:1"} <= legal(game)
    assert "disband:2" not in legal(game)
    with pytest.raises(IllegalMoveError, match="empty"):
        game.play("disband:2")


def test_g10_removal_leaving_a_queen_carrying_card_last() -> None:
    # 5c 8h 5d[Qs] 9h: a Jack on the 9h leaves 8h 5d[Qs] last: descending, reversed by the
    # Queen to ascending, suit spades.
    game = table(("5c 8h 5d[Qs] 9h", "", ""), ("Tc", "", ""), hand_a="Jd", hand_b="8d")
    game.play("Jd@A1.4")
    caravan = game.caravan("A", 1)
    assert (caravan.direction, caravan.suit) == ("ascending", "s")


def test_g11_a_second_joker_on_the_same_card_fires_again() -> None:
    # 7c already carries a Joker that fired; a 7d played since is removed by a second one.
    game = table(("7c[X]", "", ""), ("7d", "Ac", ""), hand_a="X 2s", hand_b="8d")
    game.play("X@A1.1")
    assert caravans(game) == ["7c[X,X]", "", "", "", "Ac", ""]


def test_g11_removal_events_say_what_and_where() -> None:
    game = table(("7c 4h", "", ""), ("3d 7d[Kh]", "", ""), hand_a="X", hand_b="8d")
    event = game.play("X@A1.1")
    removal = event.removed[0]
    assert (removal.card, removal.owner, removal.caravan, removal.index) == (
        Card.parse("7d"),
        "B",
        1,
        2,
    )
    assert removal.attached == (Card.parse("Kh"),)
    assert event.values_before[3] == 17 and event.values_after[3] == 3
