"""SQLite through aiosqlite: WAL, `synchronous=NORMAL`, foreign keys, numbered migrations
recorded in `PRAGMA user_version`, and one write connection on which every transaction is a
single call (`Database.write`), so that each transaction holds exactly one change (a shared
connection whose transactions span several awaits mixes several games' statements into one
transaction, and one rollback would undo the others). Reads go through a second connection,
which sees only committed data.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

T = TypeVar("T")
SQLITE_HEADER = b"SQLite format 3\x00"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class StoreError(Exception):
    """The database cannot be used: unreadable, corrupt, or newer than this code."""


def migrations() -> list[tuple[int, str, str]]:
    """(number, file name, SQL) of every migration shipped with the code, in order."""
    found = []
    for entry in resources.files("bot.store").joinpath("migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise StoreError(f"Migrations must be numbered 0001, 0002, ... without gaps: {numbers}.")
    return found


class Database:
    """The bot's database. Use `await Database.open(path)` and `await db.close()`."""

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self._writer = writer
        self._reader = reader

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        """Open (creating if absent) and migrate the database; raise StoreError, with what
        to do, for a file that is not a SQLite database, is corrupt, or is newer than this
        code. Such a file is never touched."""
        path = Path(path)
        _check_header(path)
        writer = await _connect(path)
        try:
            await _check_integrity(writer, path)
            await _migrate(writer, path)
            await _pragma(writer, "PRAGMA journal_mode = WAL")
            reader = await _connect(path)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    async def close(self) -> None:
        await self._reader.close()
        await self._writer.close()

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` as one write transaction, in one trip to the write connection's
        thread: BEGIN IMMEDIATE, `work(connection)`, COMMIT (ROLLBACK if it raises, and
        the exception comes back here). A trip to aiosqlite's thread costs ~0.3 ms on a
        small machine, so a move that took one trip per statement took ~5 ms; this way it
        takes one. (aiosqlite has no public call for running a function on its thread;
        `_execute` is the call its own methods use, and the tests exercise it.)"""

        def transaction() -> T:
            connection = self._writer._conn
            connection.execute("BEGIN IMMEDIATE")
            try:
                result = work(connection)
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")
            return result

        # No lock is needed: the connection's thread runs queued calls one at a time, and
        # every write is one call, so transactions cannot interleave, and the next one can
        # start the moment the last commits.
        result: T = await self._writer._execute(transaction)  # type: ignore[no-untyped-call]
        return result

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        """Committed data only. Each query runs to its end in one trip to the reader's
        thread: a cursor left open between trips would hold its read transaction, and
        other tasks' queries on this connection would see that old snapshot."""
        return list(await self._reader.execute_fetchall(sql, tuple(params)))

    async def user_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        assert row is not None
        return int(row[0])


async def _connect(path: Path) -> aiosqlite.Connection:
    try:
        connection = await aiosqlite.connect(path, isolation_level=None, timeout=5.0)
        connection.row_factory = aiosqlite.Row
        await _pragma(connection, "PRAGMA synchronous = NORMAL")
        await _pragma(connection, "PRAGMA foreign_keys = ON")
    except Exception as error:
        raise StoreError(f"Cannot open the database {path}: {error}.") from error
    return connection


async def _pragma(connection: aiosqlite.Connection, sql: str) -> list[Any]:
    """Run a PRAGMA to the end (a PRAGMA left with an unread row keeps its statement open)."""
    async with connection.execute(sql) as cursor:
        return list(await cursor.fetchall())


def _check_header(path: Path) -> None:
    try:
        if not path.exists() or path.stat().st_size == 0:
            return
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except OSError as error:
        raise StoreError(f"Cannot read the database {path}: {error.strerror}.") from error
    if header != SQLITE_HEADER:
        raise StoreError(
            f"{path} is not a SQLite database (it may be corrupt). It was left as it is: "
            "restore it from a backup, or point CARAVAN_DATABASE_PATH elsewhere."
        )


async def _check_integrity(connection: aiosqlite.Connection, path: Path) -> None:
    try:
        async with connection.execute("PRAGMA quick_check") as cursor:
            rows = [row[0] for row in await cursor.fetchall()]
    except Exception as error:
        raise StoreError(
            f"The database {path} cannot be read ({error}). It was left as it is: restore it "
            "from a backup."
        ) from error
    if rows != ["ok"]:
        raise StoreError(
            f"The database {path} is corrupt ({'; '.join(rows[:3])}). It was left as it is: "
            "restore it from a backup."
        )


async def _migrate(connection: aiosqlite.Connection, path: Path) -> None:
    async with connection.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    current = int(row[0]) if row else 0
    known = migrations()
    if current > len(known):
        raise StoreError(
            f"The database {path} is at schema version {current}, newer than this code "
            f"understands (up to {len(known)}). It was not touched: run a newer version of "
            "the bot."
        )
    for number, name, sql in known[current:]:
        try:
            await connection.executescript(
                f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;"
            )
        except Exception as error:
            if connection.in_transaction:
                await connection.execute("ROLLBACK")
            raise StoreError(f"Migration {name} failed on {path}: {error}.") from error
