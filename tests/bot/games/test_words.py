"""Moves and tables in words."""

from __future__ import annotations

import pytest

from bot.games.new_vegas.words import describe, summary
from bot.games.words import result
from bot.render.style import card_label
from engine import Game

NAMES = {"A": "Alice", "B": "Bob"}
POSITION = {
    "rules": "new-vegas",
    "phase": "main",
    "turn": "B",
    "A": {
        "hand": "2c 3c 4c 5c 6c",
        "deck": "7c",
        "discard": "",
        "caravans": ["9c[Kh]", "Td", ""],
    },
    "B": {
        "hand": "Ks Js X 5d 8h",
        "deck": "8c",
        "discard": "",
        "caravans": ["7s", "9s 5s", "4d"],
    },
}


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("Ks@A2", "Bob played K\u2660 on Alice's 10\u2666 in caravan 2: 10 \u2192 20."),
        ("Ks@B2", "Bob played K\u2660 on their own 5\u2660 in caravan 2: 14 \u2192 19."),
        (
            "Js@A1",
            "Bob's J\u2660 removed Alice's 9\u2663 with 1 picture card "
            "(Alice's caravan 1: 18 \u2192 0).",
        ),
        (
            "X@A1.1",
            "Bob's Joker on Alice's 9\u2663 removed Bob's 9\u2660 (Bob's caravan 2: 14 \u2192 5).",
        ),
        ("5d@3", "Bob played 5\u2666 on caravan 3: 4 \u2192 9."),
        ("discard:8h", "Bob discarded 8\u2665."),
        ("disband:2", "Bob disbanded caravan 2 (2 cards)."),
    ],
)
def test_each_kind_of_move(move: str, words: str) -> None:
    """As drawn in the table image (suit signs, in colours the bot picks)."""
    game = Game.from_position(POSITION)
    assert str(describe(game.play(move).public(), NAMES, card_label)) == words


@pytest.mark.parametrize(
    ("move", "words"),
    [
        (
            "Ks@A2",
            "Bob played King of spades on Alice's 10 of diamonds in caravan 2: 10 \u2192 20.",
        ),
        ("Js@A1", "Bob's Jack of spades removed Alice's 9 of clubs with 1 picture card"),
        ("X@A1.1", "Bob's Joker on Alice's 9 of clubs removed Bob's 9 of spades"),
        ("discard:8h", "Bob discarded 8 of hearts."),
    ],
)
def test_discords_text_names_cards_in_words(move: str, words: str) -> None:
    """In message text and select options, no suit signs: Discord draws ♠ and ♣ dark on its
    dark theme."""
    game = Game.from_position(POSITION)
    line = str(describe(game.play(move).public(), NAMES))
    assert line.startswith(words) and not set(line) & set("\u2660\u2663\u2665\u2666")


def test_the_opening_and_a_draw_of_hidden_cards_is_never_told() -> None:
    game = Game.new(seed=3)
    event = game.play(game.legal_moves()[0])
    line = str(describe(event, NAMES))
    assert line.startswith(f"{NAMES[event.mover]} started caravan {event.move.caravan} with ")


def test_a_sale_is_told() -> None:
    position = {**POSITION, "B": {**POSITION["B"], "caravans": ["Th 6h", "9s 5s", "4d"]}}
    game = Game.from_position(position)
    line = str(describe(game.play("5d@1").public(), NAMES))
    assert line == "Bob played 5 of diamonds on caravan 1: 16 \u2192 21. Bob now takes position 1."


def test_result_lines() -> None:
    assert str(result("A", "sold", NAMES)) == "Alice wins: sold two of three positions."
    assert (
        str(result("A", "sold", NAMES, ("A", "B", "A")))
        == "Alice wins: sold two of three positions."
    )
    assert str(result("B", "sold", NAMES, ("B", "B", "B"))) == "Bob wins: sold all three positions."
    assert str(result("draw", "move-limit", NAMES)) == "A draw: the move limit was reached."
    assert str(result("B", "resigned", NAMES)) == "Bob wins: Alice resigned."
    assert str(result("A", "resigned", NAMES)) == "Alice wins: Bob resigned."


def test_summary_reads_each_position() -> None:
    game = Game.from_position(POSITION)
    text = str(summary(game.view(None), NAMES))
    assert text.startswith("Position 1: Alice 18 clubs, 1 card; Bob 7 spades, 1 card")
    assert "Position 2: Alice 10 diamonds, 1 card; Bob 14 descending spades, 2 cards" in text
    assert text.endswith("Bob to move.")
