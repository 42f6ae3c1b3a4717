"""`python -m engine`: the command line of shared/NOTATION.md, run as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.__main__ import main


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_new_legal_play_show_end_to_end(tmp_path: Path) -> None:
    new = run("new", "--seed", "7")
    assert new.returncode == 0
    position = json.loads(new.stdout)
    assert position["phase"] == "opening" and position["seed"] == 7 and position["ply"] == 0
    assert run("new", "--seed", "7").stdout == new.stdout
    legal = run("legal", stdin=new.stdout).stdout.split()
    assert legal == sorted(set(legal)) and legal
    path = tmp_path / "p.json"
    path.write_text(new.stdout)
    played = run("play", legal[0], "--position", str(path))
    assert played.returncode == 0 and json.loads(played.stdout)["ply"] == 1
    shown = json.loads(run("show", str(path)).stdout)
    assert set(shown) == {"A1", "A2", "A3", "B1", "B2", "B3", "positions", "winner"}
    assert shown["A1"] == {"value": 0, "direction": None, "suit": None, "for_sale": False}


def test_illegal_move_names_it_and_exits_2() -> None:
    position = run("new", "--seed", "1").stdout
    result = run("play", "Kd@B1.1", stdin=position)
    assert result.returncode == 2 and "Kd@B1.1" in result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "args",
    [
        ["new", "--rules", "poker"],
        ["new", "--rules", '{"preset": "foxon", "jokers": 5}'],
        ["new", "--seed", "abc"],
        ["legal", "/nonexistent/file.json"],
        ["bogus"],
        [],
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("stdin", ["", "{", "[]", '{"rules": "new-vegas"}', "null"])
def test_unreadable_positions(
    stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    assert main(["show"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_new_with_rules_object() -> None:
    result = run("new", "--rules", '{"preset": "simple", "jokers": 0}', "--seed", "3")
    position = json.loads(result.stdout)
    assert position["rules"] == {"preset": "simple", "jokers": 0}
    cards = position["A"]["hand"].split() + position["A"]["deck"].split()
    assert len(cards) == 48 and "X" not in cards


def test_game_over_prints_no_legal_moves_and_refuses_play() -> None:
    over = {
        "rules": "new-vegas",
        "phase": "main",
        "turn": "A",
        "A": {"hand": "", "deck": "", "caravans": ["5c", "", ""]},
        "B": {"hand": "3c", "deck": "", "caravans": ["", "", ""]},
    }
    text = json.dumps(over)
    assert run("legal", stdin=text).stdout == ""
    assert json.loads(run("show", stdin=text).stdout)["winner"] == "B"
    assert run("play", "discard:3c", stdin=text).returncode == 2
