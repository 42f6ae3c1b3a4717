"""One test per clause of shared/RULES.md (R1-R15), named after it, on the baseline preset
`new-vegas`. The presets' differences are in test_presets.py, the rulings in test_rulings.py."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import Card, Game, IllegalMoveError, Rules, RulesError, parse_cards, validate_deck
from engine.rules import PRESETS
from tests.engine.helpers import caravans, legal, table


def test_r1_each_player_has_a_standard_deck_with_two_jokers_by_default() -> None:
    for jokers, size in ((None, 54), (2, 54), (1, 53), (0, 52)):
        game = Game.new(Rules("new-vegas", jokers), seed=3)
        for seat in "AB":
            cards = game.hand(seat) + game.deck(seat)
            assert len(cards) == size
            assert Counter(str(c) for c in cards)["X"] == size - 52
            assert len(set(cards)) == 52 + (size > 52)


def test_r1_number_and_picture_cards() -> None:
    assert all(Card.parse(t).is_number for t in ("Ac", "2c", "5c", "9c", "Tc"))
    assert all(Card.parse(t).is_picture for t in ("Jc", "Qd", "Kh", "X"))


def test_r1_custom_deck_is_validated() -> None:
    variant = PRESETS["new-vegas"]
    good = parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc " * 2 + "X X X X")
    validate_deck(good, variant)
    with pytest.raises(RulesError, match="at least 30"):
        validate_deck(good[:29], variant)
    with pytest.raises(RulesError, match="5 copies of 7h"):
        validate_deck(good + parse_cards("7h 7h 7h 7h 7h"), variant)
    with pytest.raises(RulesError, match="9 jokers"):
        validate_deck(good + parse_cards("X X X X X"), variant)
    with pytest.raises(RulesError, match="2 number cards"):
        validate_deck(parse_cards("Ac 2c " + "Jc Qc Kc Jd Qd Kd X " * 4), variant)
    with pytest.raises(RulesError, match="Player B's deck"):
        Rules("new-vegas", decks=(tuple(good), tuple(good[:10])))


def test_r1_custom_deck_is_played() -> None:
    deck = tuple(parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc " * 2 + "X X X X"))
    game = Game.new(Rules("new-vegas", decks=(deck, deck)), seed=1)
    assert Counter(game.hand("A") + game.deck("A")) == Counter(deck)


def test_r2_deal_holds_at_least_three_number_cards() -> None:
    for seed in range(300):
        game = Game.new(seed=seed)
        for seat in "AB":
            assert len(game.hand(seat)) == 8
            assert sum(card.is_number for card in game.hand(seat)) >= 3


def test_r2_deal_redeals_a_deck_that_is_mostly_pictures() -> None:
    pictures = "Jc Qc Kc Jd Qd Kd Jh Qh Kh Js Qs Ks X X "
    deck = tuple(parse_cards("Ac 2c 3c " + pictures * 2))
    for seed in range(20):
        game = Game.new(Rules("new-vegas", decks=(deck, deck)), seed=seed)
        assert sum(card.is_number for card in game.hand("A")) == 3


def test_r2_same_seed_same_deal() -> None:
    assert Game.new(seed=42) == Game.new(seed=42)
    assert Game.new(seed=42) != Game.new(seed=43)


def test_r3_opening_places_number_cards_on_empty_own_caravans() -> None:
    game = table(hand_a="2c 5d Kd Qs 9h 8h 3s X", hand_b="4c 6d Jd 8s 7h 2s As Th", phase="opening")
    assert legal(game) == {f"{c}@{n}" for c in ("2c", "5d", "9h", "8h", "3s") for n in (1, 2, 3)}
    for bad in ("Kd@A1", "discard:2c", "5d@B1"):
        with pytest.raises(IllegalMoveError, match="R3"):
            game.play(bad)
    game.play("5d@2")
    game.play("4c@1")
    assert legal(game) == {f"{c}@{n}" for c in ("2c", "9h", "8h", "3s") for n in (1, 3)}
    with pytest.raises(IllegalMoveError, match="already has one"):
        game.play("2c@2")


def test_r3_opening_is_three_turns_each_then_the_first_player_moves() -> None:
    game = Game.new(seed=11)
    first = game.mover
    for _ in range(6):
        assert game.phase == "opening"
        game.play(game.legal_moves()[0])
    assert game.phase == "main" and game.mover == first
    for seat in "AB":
        assert len(game.hand(seat)) == 5
        assert all(len(game.caravan(seat, n).cards) == 1 for n in (1, 2, 3))


def test_r4_play_discard_or_disband() -> None:
    game = table(("7c", "", ""), ("4d", "", ""), hand_a="9s 2h", deck_a="Jd 5h", hand_b="8d")
    event = game.play("9s@1")
    assert event.drew == Card.parse("Jd") and game.hand("A") == tuple(parse_cards("2h Jd"))
    game.play("discard:8d")
    game.play("discard:2h")
    assert game.hand("A") == tuple(parse_cards("Jd 5h")) and game.discard_pile("A")[
        -1
    ] == Card.parse("2h")


def test_r4_disband_moves_the_caravan_to_the_discard_pile_without_drawing() -> None:
    game = table(("7c 9s[Kd]", "", ""), ("4d", "", ""), hand_a="2h", deck_a="5h", hand_b="8d")
    event = game.play("disband:1")
    assert game.caravan("A", 1).cards == ()
    assert game.discard_pile("A") == tuple(parse_cards("7c 9s Kd"))
    assert event.drew is None and game.hand("A") == (Card.parse("2h"),)
    assert event.disbanded == tuple(parse_cards("7c 9s Kd"))


def test_r4_empty_deck_draws_nothing() -> None:
    game = table(("7c", "", ""), ("4d", "", ""), hand_a="9s 2h", hand_b="8d")
    event = game.play("9s@1")
    assert event.drew is None and game.hand("A") == (Card.parse("2h"),) and not game.is_over


def test_r5_number_cards_only_on_own_caravans_at_the_end() -> None:
    game = table(("7c", "", ""), ("4d", "", ""), hand_a="9s", hand_b="8d")
    with pytest.raises(IllegalMoveError, match="own caravans"):
        game.play("9s@B1")
    assert {"9s@1", "9s@2", "9s@3"} <= legal(game)
    assert not any("@B" in m for m in legal(game) if m.startswith("9s"))


def test_r5_one_card_caravan_takes_any_other_rank() -> None:
    game = table(("7c", "", ""), hand_a="7h 2d Tc", hand_b="8d")
    assert {"2d@1", "Tc@1"} <= legal(game) and "7h@1" not in legal(game)
    with pytest.raises(IllegalMoveError, match="same rank"):
        game.play("7h@1")


def test_r5_direction_or_suit() -> None:
    # 3c 7h: ascending, hearts (seed 002's example): any 8, 9, 10, or a lower heart.
    game = table(("3c 7h", "", ""), hand_a="8s 2h 2d 7d Th", hand_b="8d")
    moves = legal(game)
    assert {"8s@1", "2h@1", "Th@1"} <= moves
    assert "2d@1" not in moves and "7d@1" not in moves
    with pytest.raises(
        IllegalMoveError, match=r"Caravan 1 is ascending: 2d cannot follow 7h \(R5\)"
    ):
        game.play("2d@1")
    game.play("2h@1")  # against the direction by suit: now descending
    assert game.caravan("A", 1).direction == "descending"


def test_r6_direction_and_suit() -> None:
    game = table(("3c 7h", "9d 4s", "5c"), hand_a="2d", hand_b="8d")
    assert (game.caravan("A", 1).direction, game.caravan("A", 1).suit) == ("ascending", "h")
    assert (game.caravan("A", 2).direction, game.caravan("A", 2).suit) == ("descending", "s")
    assert (game.caravan("A", 3).direction, game.caravan("A", 3).suit) == (None, "c")
    queens = table(("3c 7h[Qd,Qs]", "", ""), hand_a="2d", hand_b="8d")
    assert (queens.caravan("A", 1).direction, queens.caravan("A", 1).suit) == ("ascending", "s")


def test_r6_exception_removal_leaving_equal_ranks_keeps_direction() -> None:
    # Seed 000 5.4: a Jack on the 7 of 6-7,Q-6 leaves 6-6, descending (7 to 6 before).
    game = table(("6c 7h[Qs] 6d", "", ""), ("9c", "", ""), hand_a="Jd", hand_b="8d")
    game.play("Jd@A1.2")
    assert caravans(game)[0] == "6c 6d v"
    assert game.caravan("A", 1).direction == "descending"
    # Seed 000 5.4, second example: removing the 6 of 2-6h-4h leaves 2-4, ascending.
    game = table(("2c 6h 4h", "", ""), ("9c", "", ""), hand_a="Jd", hand_b="8d")
    assert game.caravan("A", 1).direction == "descending"
    game.play("Jd@A1.2")
    assert game.caravan("A", 1).direction == "ascending"


def test_r7_picture_cards_attach_anywhere_queen_only_last() -> None:
    game = table(("3c 7h", "", ""), ("4d 9s", "", ""), hand_a="Kd Qs Jc X", hand_b="8d")
    moves = legal(game)
    assert {"Kd@A1.1", "Kd@A1.2", "Kd@B1.1", "Kd@B1.2", "Jc@B1.1", "X@A1.2"} <= moves
    assert {"Qs@A1", "Qs@B1"} <= moves and not any(m.startswith("Qs@") and "." in m for m in moves)
    with pytest.raises(IllegalMoveError, match="only on the last card"):
        game.play("Qs@B1.1")
    assert game.validate("Qs@B1.2") == game.validate("Qs@B1")


def test_r7_at_most_three_picture_cards_and_no_jack_on_such_a_card() -> None:
    game = table(("3c 7h[Kd,Kh,Qs]", "", ""), ("4d", "", ""), hand_a="Jc Ks", hand_b="8d")
    moves = legal(game)
    assert "Jc@A1.1" in moves and "Jc@A1.2" not in moves and "Ks@A1.2" not in moves
    with pytest.raises(IllegalMoveError, match=r"already carries 3 picture cards.*Jack cannot"):
        game.play("Jc@A1.2")


def test_r8_jack_removes_its_card_with_attachments() -> None:
    game = table(("3c 7h[Kd] 9h", "", ""), ("4d", "", ""), hand_a="2s", hand_b="Jc")
    game.turn = 1
    event = game.play("Jc@A1.2")
    assert caravans(game)[0] == "3c 9h"
    assert game.discard_pile("A") == tuple(parse_cards("7h Kd Jc"))
    assert [(str(r.card), r.owner, r.caravan, r.index) for r in event.removed] == [
        ("7h", "A", 1, 2)
    ]


def test_r9_kings_double() -> None:
    game = table(("5c[Kd]", "5h[Kh,Kc]", "5s[Ks,Kd,Kh]"), ("Tc", "", ""), hand_a="2s", hand_b="8d")
    assert [game.caravan("A", n).value for n in (1, 2, 3)] == [10, 20, 40]


def test_r10_queen_reverses_and_sets_suit() -> None:
    # Seed 002: 3c 7h with Qd on the 7h: descending, diamonds.
    game = table(("3c 7h", "", ""), ("4d", "", ""), hand_a="Qd 2s 9d 9s", hand_b="8d")
    game.play("Qd@A1")
    assert (game.caravan("A", 1).direction, game.caravan("A", 1).suit) == ("descending", "d")
    game.turn = 0
    moves = legal(game)
    assert {"2s@1", "9d@1"} <= moves and "9s@1" not in moves


def test_r11_joker_on_ace_removes_that_suit_by_printed_suit() -> None:
    game = table(
        ("Ah 5h 9c", "2h[Qs]", "Tc"),
        ("3h[Kd] 8s", "Jh" and "4c 6h", "7d"),
        hand_a="X",
        hand_b="8d",
    )
    event = game.play("X@A1.1")
    assert caravans(game) == ["Ah[X] 9c", "", "Tc", "8s", "4c", "7d"]
    assert {str(r.card) for r in event.removed} == {"5h", "2h", "3h", "6h"}
    assert game.discard_pile("B") == tuple(parse_cards("3h Kd 6h"))


def test_r11_joker_on_ace_spares_target() -> None:
    game = table(("Ah Ad", "", ""), ("As", "", ""), hand_a="X", hand_b="8d")
    game.play("X@A1.1")
    assert caravans(game)[:4] == ["Ah[X] Ad", "", "", "As"]


def test_r11_joker_on_number_removes_that_rank() -> None:
    game = table(("7c 4d[Kh]", "4c", "Ac 4h"), ("4s 9s", "", ""), hand_a="X", hand_b="8d")
    game.play("X@A1.2")
    assert caravans(game)[:4] == ["7c 4d[Kh,X]", "", "Ac", "9s"]
    assert game.caravan("A", 1).value == 15


def test_r11_joker_only_affects_cards_already_played() -> None:
    game = table(("7c 4d", "", ""), ("9s", "", ""), hand_a="X 4h", hand_b="8d 2d")
    game.play("X@A1.2")
    game.play("discard:8d")
    game.play("4h@2")
    assert caravans(game)[:2] == ["7c 4d[X]", "4h"]


def test_r12_value_and_for_sale() -> None:
    for cards, value, sale in (
        ("Tc 9d", 19, False),
        ("Tc 9d Ah", 20, False),
        ("Tc 9d 2h", 21, True),
        ("Tc 9d 7h", 26, True),
        ("Tc 9d 8h", 27, False),
    ):
        caravan = table((cards, "", ""), ("5c", "", ""), hand_a="2s", hand_b="8d").caravan("A", 1)
        assert (caravan.value, caravan.for_sale) == (value, sale)


def test_r13_positions_and_winning() -> None:
    game = table(
        ("Tc 9d 2h", "Th 9c", "Ts 8d 5s"),
        ("Td 9s 3h", "Tc 8s 4h", "Th 9h 4c"),
        hand_a="2s 7s",
        hand_b="8d",
    )
    assert game.positions() == ("B", "B", None)  # 21 < 22; 19 unsold < 22; 23 = 23 tie
    assert not game.is_over
    game.play("7s@2")  # A2: 26, beats 22
    assert game.positions() == ("B", "A", None) and not game.is_over


def test_r13_game_ends_when_all_three_positions_are_won() -> None:
    game = table(
        ("Tc 9d 2h", "Th 9c", "Ts 8d 5s"),
        ("Td 9s", "Tc 8s", "Th 9h"),
        hand_a="2s 7s",
        deck_a="3c",
        hand_b="8d",
    )
    event = game.play("2s@2")
    assert game.positions() == ("A", "A", "A") and game.winner == "A" and game.is_over
    assert event.winner == "A" and event.end_reason == "sold" and event.drew is None
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        game.play("7s@1")


def test_r13_may_keep_adding_to_a_sold_caravan() -> None:
    game = table(("Tc 9d 2h", "", ""), ("5c", "", ""), hand_a="Ah", hand_b="8d")
    assert "Ah@1" in legal(game)
    game.play("Ah@1")
    assert game.caravan("A", 1).value == 22


def test_r14_running_out_loses_even_with_a_caravan_to_disband() -> None:
    game = table(("Tc", "", ""), ("5c", "", ""), hand_a="9s", hand_b="8d")
    game.play("9s@1")
    game.play("8d@1")
    assert game.is_over and game.winner == "B" and game.end_reason == "out-of-cards"


def test_r15_move_limit_ends_in_a_draw() -> None:
    game = table(("Tc", "", ""), ("5c", "", ""), hand_a="9s 2c", hand_b="8d", ply=999)
    game.play("9s@1")
    assert game.is_over and game.winner == "draw" and game.end_reason == "move-limit"
