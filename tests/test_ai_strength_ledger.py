"""The AI benchmark's ledger recognises the same code across prose-only edits
(benchmarks/ai_strength.py, `source_digest`)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


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
