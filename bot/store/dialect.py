"""What differs between SQLite and PostgreSQL, and nothing else: `Dialect`, how a
transaction script runs, how a read runs, and whether one statement may both change a game
and record its move. Every operation of the store is written once, as a script or a read
with `?` placeholders, in the store's parts (`Part`), each holding its dialect."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from bot.store.script import Row, Script
from bot.store.url import DatabaseUrl

T = TypeVar("T")


class Dialect(Protocol):
    url: DatabaseUrl
    # Whether other processes may change the data too (PostgreSQL): then a record this
    # process read earlier may be out of date, and only commits at a version are trusted.
    shared: bool
    # Whether a statement's WITH may change rows (PostgreSQL): a move that does not end the
    # game is then one statement in autocommit, one round trip instead of four.
    writable_with: bool

    async def run(self, make: Callable[[], Script[T]]) -> T:
        """The script `make` makes, as one transaction (made afresh if it must run again),
        committed before this returns."""
        ...

    async def read(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        """A read of committed data, outside any transaction."""
        ...

    async def statement(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        """One writing statement as its own transaction; its first row, if any."""
        ...

    async def schema_version(self) -> int: ...

    async def close(self) -> None: ...


class Part:
    """A part of the store (one concept: challenges, games, decks, ...), over its dialect."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
