"""SQLite through aiosqlite: WAL, `synchronous=NORMAL`, foreign keys, numbered migrations
recorded in `PRAGMA user_version`, and one write connection on which every transaction is a
single call (`Database.write`), so that each transaction holds exactly one change (a shared
connection whose transactions span several awaits mixes several games' statements into one
transaction, and one rollback would undo the others). Writes that queue up go to the write
thread in one trip, each still its own transaction. Reads go through a second connection,
which sees only committed data and also runs most of each checkpoint.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import Callable, Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

T = TypeVar("T")
log = logging.getLogger(__name__)
CHECKPOINT = "PRAGMA wal_checkpoint(PASSIVE)"
CHECKPOINT_EVERY = 200  # commits (a move writes ~5 pages; SQLite's own default is 1,000 pages)
RESTART_FRAMES = 4000  # a log of ~16 MB is restarted by the write thread (see `_checkpoint`)
SQLITE_HEADER = b"SQLite format 3\x00"
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class StoreError(Exception):
    """The database cannot be used: unreadable, corrupt, or newer than this code."""


def migrations(folder: str = "migrations") -> list[tuple[int, str, str]]:
    """(number, file name, SQL) of every migration shipped with the code, in order: SQLite's
    in `migrations/`, PostgreSQL's form of each in `migrations_postgresql/`."""
    found = []
    for entry in resources.files("bot.store").joinpath(folder).iterdir():
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
        self._queue: list[tuple[Callable[[sqlite3.Connection], Any], asyncio.Future[Any]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._commits = 0  # since the last checkpoint began
        self._checkpointer: asyncio.Task[None] | None = None

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
            # Checkpoints run on the reader's thread (`_checkpoint`), not in a commit.
            await _pragma(writer, "PRAGMA wal_autocheckpoint = 0")
            reader = await _connect(path)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    async def close(self) -> None:
        if self._checkpointer is not None:
            await self._checkpointer
        await self._reader.close()
        await self._writer.close()

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` as one write transaction on the write connection's thread: BEGIN
        IMMEDIATE, `work(connection)`, COMMIT (ROLLBACK if it raises, and the exception
        comes back here). Returns once the transaction is committed.

        Writes that arrive while the thread is busy wait in a queue and go to the thread
        together, in one trip: each is still its own transaction, committed or rolled back
        on its own, in the order they came. The trips are what cost: each needs the
        event loop's thread to hand over the GIL and to be woken with the result, and
        with one trip per transaction the two threads took turns rather than working at
        once (measured: the writer thread was busy 90% of the time but on the CPU only
        30%). (aiosqlite has no public call for running a function on its thread;
        `_execute` is the call its own methods use, and the tests exercise it.)"""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append((work, future))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        """Send the queued writes to the write thread, a batch per trip, until none wait."""
        try:
            while self._queue:
                batch, self._queue = self._queue, []
                try:
                    results = await self._writer._execute(  # type: ignore[no-untyped-call]
                        _transactions, self._writer._conn, [work for work, _ in batch]
                    )
                except BaseException as error:  # the connection is closed or broken
                    results = [(False, error)] * len(batch)
                self._commits += sum(committed for committed, _ in results)
                if self._commits >= CHECKPOINT_EVERY and self._checkpointer is None:
                    self._commits = 0
                    self._checkpointer = asyncio.create_task(self._checkpoint())
                for (_, future), (committed, value) in zip(batch, results, strict=True):
                    if future.done():  # the caller was cancelled; the work ran all the same
                        continue
                    if committed:
                        future.set_result(value)
                    else:
                        future.set_exception(value)
        finally:
            self._flusher = None

    async def _checkpoint(self) -> None:
        """Copy the write-ahead log back into the database file, mostly off the write path.

        SQLite's automatic checkpoint runs inside the commit that fills the log, so the
        write thread, and every write queued behind it, waits for the whole copy and its
        fsyncs (measured with 50 busy games: play_ms_p99 19-20 ms with it, 15-17 ms
        without). Here a PASSIVE checkpoint on the reader's thread copies what has been
        committed while writes go on. When writes pause, the next one finds the log all
        copied and starts it again from the beginning; under steady writes the reader
        never quite catches up and the log would grow without end, so once it is past
        `RESTART_FRAMES` a checkpoint on the write thread, between two transactions,
        copies the few frames left (a stall of ~2-8 ms here, hence not every time)."""
        try:
            busy, frames, copied = (await _pragma(self._reader, CHECKPOINT))[0]
            if frames >= RESTART_FRAMES:
                connection = self._writer._conn
                busy, frames, copied = await self._writer._execute(  # type: ignore[no-untyped-call]
                    lambda: connection.execute(CHECKPOINT).fetchone()
                )
            log.debug("checkpoint: %d of %d frames copied (busy=%d)", copied, frames, busy)
        except Exception:  # the next one will try again; the log only grows meanwhile
            log.warning("checkpoint of %s failed", self.path, exc_info=True)
        finally:
            self._checkpointer = None

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


def _transactions(
    connection: sqlite3.Connection, works: list[Callable[[sqlite3.Connection], Any]]
) -> list[tuple[bool, Any]]:
    """Run each of `works` as its own transaction, in order, on the write thread; for each,
    (True, its result) once committed, or (False, the exception) once rolled back."""
    results: list[tuple[bool, Any]] = []
    for work in works:
        try:
            connection.execute("BEGIN IMMEDIATE")
            value = work(connection)
            connection.execute("COMMIT")
        except BaseException as error:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            results.append((False, error))
        else:
            results.append((True, value))
    return results


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


FOREIGN_KEYS_OFF = "-- sqlite: foreign keys off"


def newer_schema(where: str, current: int, known: int) -> StoreError:
    """A database a newer bot migrated: refused, on either dialect, untouched."""
    return StoreError(
        f"The database {where} is at schema version {current}, newer than this code "
        f"understands (up to {known}). It was not touched: run a newer version of the bot."
    )


async def _migrate(connection: aiosqlite.Connection, path: Path) -> None:
    async with connection.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    current = int(row[0]) if row else 0
    known = migrations()
    if current > len(known):
        raise newer_schema(str(path), current, len(known))
    for number, name, sql in known[current:]:
        # A migration that makes a table again (SQLite cannot drop a CHECK) says so on its
        # first line; foreign keys are off for it, as SQLite's own procedure has it, and
        # checked before it commits.
        remake = sql.startswith(FOREIGN_KEYS_OFF)
        try:
            if remake:
                await connection.execute("PRAGMA foreign_keys = OFF")
            await connection.executescript(f"BEGIN IMMEDIATE;\n{sql}")
            if remake:
                async with connection.execute("PRAGMA foreign_key_check") as cursor:
                    broken = list(await cursor.fetchall())
                if broken:
                    raise StoreError(f"foreign keys broken: {[tuple(r) for r in broken[:3]]}")
            await connection.execute(f"PRAGMA user_version = {number}")
            await connection.execute("COMMIT")
        except Exception as error:
            if connection.in_transaction:
                await connection.execute("ROLLBACK")
            raise StoreError(f"Migration {name} failed on {path}: {error}.") from error
        finally:
            if remake:
                await connection.execute("PRAGMA foreign_keys = ON")
