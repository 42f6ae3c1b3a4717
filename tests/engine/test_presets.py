"""How the other presets differ from new-vegas (RULES.md's table), clause by clause."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import Card, Game, IllegalMoveError, PositionError, Rules, RulesError, parse_cards
from tests.engine.helpers import caravans, legal, table

FOXON = "foxon"


def test_r1_preset_decks_and_default_jokers() -> None:
    sizes = {"new-vegas": 54, "caravanthegame": 54, "foxon": 53, "simple": 50}
    for preset, size in sizes.items():
        game = Game.new(Rules(preset), seed=1)
        cards = game.hand("A") + game.deck("A")
        assert len(cards) == size
    simple = Game.new(Rules("simple"), seed=1)
    assert not any(card.rank == 10 for card in simple.hand("A") + simple.deck("A"))
    assert Rules("foxon").jokers == 1 and Rules("foxon", 2).jokers == 2
    with pytest.raises(RulesError, match="0, 1 or 2"):
        Rules("foxon", 3)
    with pytest.raises(RulesError, match="no preset"):
        Rules("poker")


def test_r1_simple_has_no_tens() -> None:
    with pytest.raises(PositionError, match="no tens"):
        table(("Tc", "", ""), hand_a="2c", rules="simple")
    deck = tuple(parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc " * 3))
    with pytest.raises(RulesError, match="without tens"):
        Rules("simple", decks=(deck, deck))


def test_r2_caravanthegame_first_three_cards_are_number_cards() -> None:
    for seed in range(200):
        game = Game.new(Rules("caravanthegame"), seed=seed)
        for seat in "AB":
            assert all(card.is_number for card in game.hand(seat)[:3])
            assert len(game.hand(seat)) == 8


def test_r14_caravanthegame_must_draw_from_empty_deck_loses() -> None:
    game = table(
        ("Tc", "", ""), ("5c", "", ""), hand_a="9s 2c", hand_b="8d", rules="caravanthegame"
    )
    event = game.play("9s@1")
    assert game.winner == "B" and event.end_reason == "empty-deck"


def test_r14_caravanthegame_disband_with_empty_deck_does_not_lose() -> None:
    game = table(("Tc", "", ""), ("5c", "", ""), hand_a="9s", hand_b="8d", rules="caravanthegame")
    game.play("disband:1")
    assert not game.is_over


def test_r4_foxon_disband_restarts_with_a_number_card() -> None:
    game = table(
        ("Tc 9c[Kh]", "5d", ""),
        ("5c", "", ""),
        hand_a="3s Kd",
        deck_a="Jh",
        hand_b="8d",
        rules=FOXON,
    )
    moves = legal(game)
    assert {"disband:1+3s", "disband:2+3s"} <= moves
    assert not any(m.startswith("disband:") and "+" not in m for m in moves)
    with pytest.raises(IllegalMoveError, match="started again with a number card"):
        game.play("disband:1")
    event = game.play("disband:1+3s")
    assert caravans(game)[0] == "3s" and game.discard_pile("A") == tuple(parse_cards("Tc 9c Kh"))
    assert event.drew == Card.parse("Jh")


def test_r4_only_foxon_restarts_a_disbanded_caravan() -> None:
    game = table(("Tc", "", ""), ("5c", "", ""), hand_a="3s", hand_b="8d")
    with pytest.raises(IllegalMoveError, match="Only foxon"):
        game.play("disband:1+3s")


def test_r4_foxon_no_number_card_no_disband() -> None:
    game = table(("Tc", "", ""), ("5c", "", ""), hand_a="Kd", hand_b="8d", rules=FOXON)
    assert not any(m.startswith("disband") for m in legal(game))


def test_r7_foxon_pictures_only_on_own_caravans_no_limit() -> None:
    game = table(("Tc[Kh,Kd,Ks]", "", ""), ("5c", "", ""), hand_a="Kc Qs", hand_b="8d", rules=FOXON)
    moves = legal(game)
    assert "Kc@A1.1" in moves and "Qs@A1" in moves
    assert not any("@B" in m for m in moves)
    with pytest.raises(IllegalMoveError, match="own caravans"):
        game.play("Kc@B1.1")


def test_r7_simple_has_no_limit_of_three() -> None:
    game = table(("9c[Kh,Kd,Ks]", "", ""), ("5c", "", ""), hand_a="Kc", hand_b="8d", rules="simple")
    assert "Kc@A1.1" in legal(game)


def test_r9_foxon_king_adds_base_value() -> None:
    # Seed 002: a King on a 7 makes 14, a second King 21.
    game = table(("7c[Kh]", "7d[Kh,Kd]", ""), ("5c", "", ""), hand_a="2s", hand_b="8d", rules=FOXON)
    assert (game.caravan("A", 1).value, game.caravan("A", 2).value) == (14, 21)


def test_r10_foxon_queen_reverses_only() -> None:
    game = table(("3c 7h", "", ""), ("5c", "", ""), hand_a="Qd 2s", hand_b="8d", rules=FOXON)
    game.play("Qd@A1")
    assert (game.caravan("A", 1).direction, game.caravan("A", 1).suit) == ("descending", "h")


def test_r11_foxon_joker_removes_target_and_rank_even_on_ace() -> None:
    game = table(
        ("Ah 5h", "Ac", "7c"), ("As 3h", "", ""), hand_a="X", deck_a="2d", hand_b="8d", rules=FOXON
    )
    event = game.play("X@A1.1")
    assert caravans(game)[:4] == ["5h", "", "7c", "3h"]
    assert [str(r.card) for r in event.removed] == ["Ah", "Ac", "As"]
    assert game.discard_pile("A") == tuple(parse_cards("Ah X Ac"))


def test_r11_foxon_without_jokers_jacks_do_it() -> None:
    rules = {"preset": "foxon", "jokers": 0}
    game = table(("7h 5h", "7c", ""), ("7s", "", ""), hand_a="Jd", hand_b="8d", rules=rules)
    game.play("Jd@A1.1")
    assert caravans(game)[:4] == ["5h", "", "", ""]
    with_jokers = table(("7h 5h", "7c", ""), ("7s", "", ""), hand_a="Jd", hand_b="8d", rules=FOXON)
    with_jokers.play("Jd@A1.1")
    assert caravans(with_jokers)[:4] == ["5h", "7c", "", "7s"]


def test_r14_foxon_reshuffles_the_discard_pile() -> None:
    game = table(
        ("Tc", "", ""),
        ("5c", "", ""),
        hand_a="9s 2c",
        discard_a="3d 4d Kh",
        hand_b="8d",
        rules=FOXON,
        seed=9,
    )
    event = game.play("discard:2c")
    assert event.reshuffled and event.drew is not None
    assert Counter(game.hand("A") + game.deck("A")) == Counter(parse_cards("9s 2c 3d 4d Kh"))
    assert game.discard_pile("A") == ()
    again = table(
        ("Tc", "", ""),
        ("5c", "", ""),
        hand_a="9s 2c",
        discard_a="3d 4d Kh",
        hand_b="8d",
        rules=FOXON,
        seed=9,
    )
    again.play("discard:2c")
    assert again == game  # the reshuffle is deterministic


def test_r14_foxon_runs_out_only_with_empty_discard_pile() -> None:
    game = table(("Tc", "", ""), ("5c", "", ""), hand_a="9s 2c", hand_b="8d", rules=FOXON)
    game.play("9s@1")
    game.play("discard:8d")  # B's discard pile becomes B's deck again: B draws the 8d
    game.play("discard:2c")  # and so does A's
    assert not game.is_over and game.hand("A") == (Card.parse("2c"),)
    game = table(("Tc", "", ""), ("5c", "", ""), hand_a="9s", hand_b="8d", rules=FOXON)
    game.play("9s@1")  # A: no card in hand, deck or discard pile
    game.play("discard:8d")
    assert game.winner == "B" and game.end_reason == "out-of-cards"


def test_r14_simple_empty_deck_ends_in_a_draw() -> None:
    game = table(("9c", "", ""), ("5c", "", ""), hand_a="8s 2c", hand_b="8d", rules="simple")
    event = game.play("8s@1")
    assert game.winner == "draw" and event.end_reason == "empty-deck"


def test_rules_json_form() -> None:
    assert Rules("foxon").to_json() == "foxon"
    assert Rules("foxon", 2).to_json() == {"preset": "foxon", "jokers": 2}
    assert Rules.parse({"preset": "simple", "jokers": 0}) == Rules("simple", 0)
    assert Rules.parse("New-Vegas") == Rules()
