"""Pickling for the engine's frozen dataclasses.

The bot sends a `PlayerView` (its cards, moves, rules and caravans) to its AI worker
processes by pickle. Compiled by mypyc (setup.py), a class restores pickled state by setting
its attributes one by one, which a frozen dataclass refuses (`FrozenInstanceError`), so
each of these classes pickles as a call of its constructor with its fields instead.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def by_constructor(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """`__reduce__` for a dataclass: its class, called again with its init fields."""
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj) if f.init)
