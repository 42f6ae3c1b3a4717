"""A transaction written once for both dialects: a generator that yields its statements
(`?` placeholders) one at a time and is sent each one's rows back.

SQLite runs a transaction in its writer thread with plain calls, PostgreSQL awaits each
statement; a script is neither, so the same steps (read, check, write, guarded by the
rows they get back) run on both (`bot.store.sqlite`, `bot.store.postgres`: each dialect's
`run`). A script raises `bot.store.errors.Conflict` to write nothing. PostgreSQL may run a
transaction again (a deadlock broken): a dialect is handed a function that makes the script
afresh.

Besides statements a script may yield a lock (`lock_players`, `lock_row`): what makes a
read-then-write safe with many writers. PostgreSQL takes it (READ COMMITTED); SQLite, whose
one writer holds the database's write lock from BEGIN IMMEDIATE, has nothing to take."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")
# A row as the database's driver gives it (sqlite3.Row, psycopg's dict): read by column name.
Row = Mapping[str, Any]


@dataclass(frozen=True)
class PlayerLocks:
    """Each player's lock, held until the transaction ends (taken in ascending id order, and
    always after the transaction's row locks, so no two transactions wait in a circle)."""

    user_ids: tuple[int, ...]


@dataclass(frozen=True)
class RowLock:
    """A row's lock (`SELECT ... FOR UPDATE`), held until the transaction ends."""

    table: str
    column: str
    key: int


Step = tuple[str, tuple[Any, ...]] | PlayerLocks | RowLock
Script = Generator[Step, list[Row], T]


def lock_players(*user_ids: int) -> Script[None]:
    yield PlayerLocks(tuple(sorted(set(user_ids))))


def lock_row(table: str, key: int, column: str = "id") -> Script[None]:
    yield RowLock(table, column, key)


def one(rows: list[Row]) -> Row:
    """The one row a statement gives back."""
    assert len(rows) == 1, rows
    return rows[0]


def count(rows: list[Row]) -> int:
    """A `SELECT COUNT(*) AS n` statement's count."""
    return int(one(rows)["n"])
