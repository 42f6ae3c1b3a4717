"""Pickling for the engine's frozen dataclasses.

The bot sends a `PlayerView` (its cards, moves, rules and caravans) to its AI worker
processes by pickle. Compiled by mypyc (setup.py), a class restores pickled state by setting
its attributes one by one, which a frozen dataclass refuses (`FrozenInstanceError`), so
each of these classes is registered with `copyreg` (which pickle and copy consult) to be
pickled as a call of its constructor with its fields instead. `engine/__init__.py` calls
`register` on import, so any use of the engine has it.
"""

from __future__ import annotations

import copyreg
from dataclasses import fields
from typing import Any

from engine.caravan import CaravanView, PlacedCard
from engine.cards import Card
from engine.events import Removal
from engine.moves import Move
from engine.rules import Rules, Variant
from engine.view import LastMove, PlayerView

FROZEN = (Card, Move, PlacedCard, CaravanView, Removal, Variant, Rules, LastMove, PlayerView)


def by_constructor(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """A dataclass's reduction: its class, called again with its init fields."""
    return type(obj), tuple(getattr(obj, f.name) for f in fields(obj) if f.init)


def register() -> None:
    for cls in FROZEN:
        copyreg.pickle(cls, by_constructor)
