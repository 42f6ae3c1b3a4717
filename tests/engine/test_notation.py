"""The notation of shared/NOTATION.md: cards, caravans, moves and positions."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys

import pytest

from engine import Card, Game, Move, NotationError, PositionError, Rules
from engine.caravan import parse_caravan
from tests.engine.helpers import table


def test_cards_read_any_case_and_ten_and_write_canonically() -> None:
    for text, canonical in (("ah", "Ah"), ("10d", "Td"), ("tD", "Td"), ("QS", "Qs"), ("x", "X")):
        assert str(Card.parse(text)) == canonical
    for bad in ("", "1h", "11c", "Zd", "7x", "XX", "7", "h"):
        with pytest.raises(NotationError):
            Card.parse(bad)
    assert repr(Card.parse("7h")) == "Card.parse('7h')"


def test_caravans_read_and_write() -> None:
    text = "Ah 5h[Kd] 9c[Qs,Kd,X]"
    assert parse_caravan(text).notation() == text
    assert parse_caravan(" Ah  5h[ Kd ] 9c[Qs , Kd,X] ").notation() == text
    assert parse_caravan("").notation() == ""
    for bad in ("Ah Kd", "Ah[5h]", "Ah[Kd", "Ah]", "Zz"):
        with pytest.raises(NotationError):
            parse_caravan(bad)


def test_equal_last_ranks_marker() -> None:
    assert parse_caravan("6c 6d v").notation() == "6c 6d v"
    assert parse_caravan("6c 6d ^").notation() == "6c 6d ^"
    assert parse_caravan("6c 6d").notation() == "6c 6d"  # no direction: suit only
    assert parse_caravan("5c 6d v").notation() == "5c 6d"  # ignored when ranks differ
    queen = parse_caravan("6c 6d[Qh] v")
    assert queen.notation() == "6c 6d[Qh] v" and queen.direction == -1


def test_queen_after_marker_flips_it() -> None:
    game = table(("6c 6d v", "", ""), ("9c", "", ""), hand_a="Qh", hand_b="8d")
    game.play("Qh@A1")
    assert game.caravan("A", 1).notation == "6c 6d[Qh] ^"


def test_marker_disappears_when_a_number_card_is_added() -> None:
    game = table(("6c 6d v", "", ""), ("9c", "", ""), hand_a="2c", hand_b="8d")
    game.play("2c@1")
    assert game.caravan("A", 1).notation == "6c 6d 2c"


def test_equal_ranks_without_marker_take_only_the_suit() -> None:
    game = table(("6c 6d", "", ""), ("9c", "", ""), hand_a="2c 2d 9d", hand_b="8d")
    moves = {str(m) for m in game.legal_moves()}
    assert {"2d@1", "9d@1"} <= moves and "2c@1" not in moves


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("7h@2", "7h@2"),
        ("7h@a2", "7h@A2"),
        ("Kd@B2.3", "Kd@B2.3"),
        ("qs@a1", "Qs@A1"),
        ("X@A3.1", "X@A3.1"),
        ("discard:7h", "discard:7h"),
        ("DISBAND:2", "disband:2"),
        ("disband:2+7h", "disband:2+7h"),
        ("10h@1", "Th@1"),
    ],
)
def test_moves_round_trip(text: str, canonical: str) -> None:
    move = Move.parse(text)
    assert str(move) == canonical
    assert Move.parse(str(move)) == move


def test_a_move_hashes_the_same_in_every_process() -> None:
    """Moves are pickled into the bot's AI workers, whose str hashes differ from the bot's:
    a move's hash (kept, for the search) must not depend on them, or a pickled move would
    not find its equal in a set or as a dict key."""
    moves = ["7h@A2", "Kd@B2.3", "discard:X", "disband:2+7h", "disband:1"]
    probe = (
        "import pickle, sys; from engine import Move; "
        f"print([hash(Move.parse(t)) for t in {moves!r}]); "
        "sys.stdout.buffer.write(pickle.dumps([Move.parse(t) for t in "
        f"{moves!r}]))"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            check=True,
        ).stdout
        for seed in ("1", "2")
    ]
    first, pickled = runs[0].split(b"\n", 1)
    assert first == runs[1].split(b"\n", 1)[0]
    here = [Move.parse(t) for t in moves]
    assert str([hash(m) for m in here]).encode() == first
    for move, arrived in zip(here, pickle.loads(pickled), strict=True):
        assert arrived == move and hash(arrived) == hash(move) and arrived in {move}


@pytest.mark.parametrize(
    "bad", ["", "7h", "7h@4", "7h@C1", "7h@1.2", "Kd@B2.0", "discard:", "disband:4", "xx@1"]
)
def test_bad_moves_are_notation_errors(bad: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(bad)


def test_moves_are_canonicalised_against_the_position() -> None:
    game = table(("3c 7h", "", ""), ("4d 9s", "", ""), hand_a="Kd 8c", hand_b="8d")
    assert str(game.validate("Kd@B1")) == "Kd@B1.2"
    assert str(game.validate("8c@A1")) == "8c@1"


def test_position_round_trip_and_fields() -> None:
    game = Game.new(Rules("foxon", 2), seed=12)
    data = game.to_position()
    assert list(data)[:5] == ["rules", "phase", "turn", "A", "B"]
    assert data["rules"] == {"preset": "foxon", "jokers": 2}
    assert data["winner"] is None and data["ply"] == 0 and data["seed"] == 12
    assert Game.from_position(json.dumps(data)) == game
    assert Game.from_position(data).to_position() == data


def test_decks_are_top_first_and_a_draw_goes_to_the_end_of_the_hand() -> None:
    game = table(("7c", "", ""), ("4d", "", ""), hand_a="9s 2h", deck_a="Jd 5h", hand_b="8d")
    game.play("9s@1")
    data = game.to_position()
    assert data["A"]["hand"] == "2h Jd" and data["A"]["deck"] == "5h"


def test_discard_defaults_to_empty_and_unknown_fields_are_ignored() -> None:
    data = {
        "rules": "new-vegas",
        "phase": "main",
        "turn": "A",
        "comment": "hello",
        "A": {"hand": "2c", "deck": "", "caravans": ["5h", "", ""]},
        "B": {"hand": "3c", "deck": "", "caravans": ["", "", ""]},
    }
    assert Game.from_position(data).discard_pile("A") == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rules": "simple", "A": {"hand": "Tc", "deck": "", "caravans": ["", "", ""]}}, "no tens"),
        ({"A": {"hand": "2c", "deck": "", "caravans": ["Kd", "", ""]}}, "column"),
        ({"A": {"hand": "2c", "deck": "", "caravans": ["5c[3d]", "", ""]}}, "only picture cards"),
        ({"A": {"hand": "2c 2c", "deck": "", "caravans": ["", "", ""]}}, "2 times"),
        ({"A": {"hand": "2c", "deck": "2c", "caravans": ["", "", ""]}}, "2 times"),
        ({"A": {"hand": "Kd Kd", "deck": "Kd", "caravans": ["", "", ""]}}, "Kd appears 3"),
        (
            {
                "rules": {"preset": "new-vegas", "jokers": 1},
                "A": {"hand": "X", "deck": "", "discard": "X X", "caravans": ["", "", ""]},
            },
            "X appears 3",
        ),
        ({"A": {"hand": "2c", "deck": "", "caravans": ["5c[Kd,Kh,Ks,Kc]", "", ""]}}, "at most 3"),
        ({"phase": "middle"}, "phase"),
        ({"turn": "C"}, "turn"),
        ({"rules": "uno"}, "no preset"),
    ],
)
def test_impossible_or_malformed_positions_are_refused(change: dict, message: str) -> None:
    data = {
        "rules": "new-vegas",
        "phase": "main",
        "turn": "A",
        "A": {"hand": "2c", "deck": "", "caravans": ["5h", "", ""]},
        "B": {"hand": "3c", "deck": "", "caravans": ["", "", ""]},
    }
    data.update(change)
    with pytest.raises((NotationError, ValueError), match=message):
        Game.from_position(data)


def test_missing_fields_and_bad_json() -> None:
    with pytest.raises(NotationError, match="'turn'"):
        Game.from_position({"rules": "new-vegas", "phase": "main", "A": {}, "B": {}})
    with pytest.raises(NotationError, match="not valid JSON"):
        Game.from_position("{nope")
    with pytest.raises(PositionError):
        Game.from_position(
            {
                "rules": "new-vegas",
                "phase": "main",
                "turn": "A",
                "A": {"hand": "2c 2c", "deck": "", "caravans": ["", "", ""]},
                "B": {"hand": "3c", "deck": "", "caravans": ["", "", ""]},
            }
        )


def test_position_judged_as_read() -> None:
    sold = table(
        ("Tc 9d 2h", "Th 9c 3h", "Ts 8d 5s"), ("Td 9s", "Tc 8s", "Th 9h"), hand_a="2s", hand_b="8d"
    )
    assert sold.is_over and sold.winner == "A" and sold.legal_moves() == []
    out = table(("Tc", "", ""), ("5c", "", ""), hand_a="", hand_b="8d")
    assert out.is_over and out.winner == "B"
    assert out.to_position()["phase"] == "over" and out.to_position()["turn"] == "A"


def test_over_position_keeps_its_winner() -> None:
    data = table(("Tc", "", ""), ("5c", "", ""), hand_a="", hand_b="8d").to_position()
    again = Game.from_position(data)
    assert (
        again.winner == "B"
        and again.end_reason == "out-of-cards"
        and again == Game.from_position(data)
    )


def test_is_legal_answers_without_raising() -> None:
    game = table(("3c 7h", "", ""), ("4d", "", ""), hand_a="8s 2d", hand_b="8d")
    assert game.is_legal("8s@1") and not game.is_legal("2d@1") and not game.is_legal("junk")
