"""The AI benchmark's ledger (benchmarks/ai_strength.py): it recognises the same code across
prose-only edits (`source_digest`), and the documentation's tables of the players' strength
(docs/computer-players.md) are what it holds (`round_robin_table`)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import pytest


def _benchmark() -> ModuleType:
    path = Path(__file__).parent.parent / "benchmarks" / "ai_strength.py"
    spec = importlib.util.spec_from_file_location("ai_strength", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CODE = b'''"""A module."""
X = 1  # a constant


class Player:
    """Plays."""

    def choose(self) -> int:
        """Chooses."""
        return X
'''


def test_comments_and_docstrings_do_not_change_the_code_tag() -> None:
    digest = _benchmark().source_digest
    reworded = (
        CODE.replace(b"A module.", b"A module, reworded.")
        .replace(b"# a constant", b"# one")
        .replace(b'"""Chooses."""', b'"""Chooses\n        at length."""')
    )
    assert digest(reworded) == digest(CODE)
    assert digest(CODE.replace(b"return X", b"return X + 1")) != digest(CODE)
    assert digest(CODE.replace(b"X = 1", b"X = 2")) != digest(CODE)
    undocumented = CODE.replace(b'        """Chooses."""\n', b"")
    assert digest(undocumented) == digest(CODE)


def _row(first: str, second: str, seed: int, score: float, code: str = "c1") -> str:
    times = {first: [0.1, 0.3], second: [0.002]}
    row = {"game": "new-vegas", "first": first, "second": second, "seed": seed}
    return json.dumps(row | {"score": score, "times": times, "code": code})


def test_the_round_robin_table_reads_each_pair_both_ways(tmp_path: Path) -> None:
    ledger = tmp_path / "ledger.jsonl"
    rows = [_row("hard", "greedy", seed, score) for seed, score in enumerate([1, 1, 0, 0.5])]
    rows += [_row("hard", "greedy", 4, 0.0), _row("hard", "greedy", 0, 0.0, code="c2")]
    rows += [_row("normal", "random", seed, 1.0) for seed in range(2)]
    ledger.write_text("\n".join(rows) + "\n", encoding="utf-8")
    table = _benchmark().round_robin_table(ledger, "new-vegas", "c1", range(4))
    lines = table.splitlines()
    assert lines[0].startswith("Code `c1`, seeds 0-3 (4 games a pair")
    assert lines[2] == "| | hard | normal | greedy (easy) | random |"
    hard, normal, greedy, random_ = lines[4:8]
    # seed 4 is outside the seeds, the other code's row is not this code's
    assert hard == "| **hard** |  | not played | 0.625 (0.156-1.000) | not played |"
    assert greedy.startswith("| **greedy (easy)** | 0.375 (0.000-0.844) | not played |  |")
    # two games of four, all won: the cell says how many, and Wilson's interval
    assert normal.endswith("| 1.000 (0.342-1.000, 2 games) |")
    assert random_.startswith("| **random** | not played | 0.000 (0.000-0.658, 2 games) |")
    assert "| hard | 8 | 0.2000 | 0.3000 | 0.3000 | 0.3000 | 0.3000 |" in lines


def test_the_docs_tables_are_what_the_ledger_says(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each table in docs/computer-players.md between `<!-- python benchmarks/ai_strength.py
    ... -->` and `<!-- end of table -->` is what that command prints today, run from the
    project's root."""
    root = Path(__file__).parent.parent
    monkeypatch.chdir(root)
    page = (root / "docs" / "computer-players.md").read_text(encoding="utf-8")
    blocks = re.findall(
        r"<!-- python benchmarks/ai_strength\.py (.+?) -->\n(.*?)<!-- end of table -->",
        page,
        re.S,
    )
    assert len(blocks) == 2  # New Vegas's and Decktet's
    benchmark = _benchmark()
    for command, table in blocks:
        benchmark.main(command.split())
        assert capsys.readouterr().out == table, command
