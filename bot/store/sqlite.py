"""SQLite, the embedded default: `SqliteDialect`, the store's dialect over `Database`'s
connections (WAL, one write connection: one process). A transaction script runs whole on
the write connection's thread; it has no lock to take, since its BEGIN IMMEDIATE holds the
database's."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from bot.store.database import Database
from bot.store.script import Row, Script
from bot.store.url import parse, sqlite_url

T = TypeVar("T")


class SqliteDialect:
    shared = False
    writable_with = False

    def __init__(self, db: Database) -> None:
        self.db = db
        self.url = parse(sqlite_url(db.path))

    @classmethod
    async def open(cls, path: Path | str) -> SqliteDialect:
        """Open (creating and migrating) the database file; `StoreError` saying why not."""
        return cls(await Database.open(path))

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        return await self.db.user_version()

    async def run(self, make: Callable[[], Script[T]]) -> T:
        return await self.db.write(lambda tx: run_sqlite(tx, make()))

    async def read(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        return await self.db.fetchall(sql, params)  # type: ignore[return-value]

    async def statement(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        def run(tx: sqlite3.Connection) -> Row | None:
            row: Row | None = tx.execute(sql, params).fetchone()
            return row

        return await self.db.write(run)


def run_sqlite(tx: sqlite3.Connection, script: Script[T]) -> T:
    """Run `script` on SQLite's open transaction `tx` (its locks are already held)."""
    try:
        step = next(script)
        while True:
            if isinstance(step, tuple):
                sql, params = step
                rows = tx.execute(sql, params).fetchall()
            else:
                rows = []
            step = script.send(rows)
    except StopIteration as done:
        result: T = done.value
        return result
