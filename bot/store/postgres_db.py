"""PostgreSQL through psycopg 3: a pool of connections, numbered migrations applied once
however many processes start at once (under an advisory lock), and errors said in one line
with the password left out.

psycopg 3 rather than asyncpg: measured with the bot's own move transaction, 50 games at
once (`benchmarks/pg_drivers.py`), both record 4,200-5,600 moves/s here, and psycopg's p99 is
about half asyncpg's (13-23 ms against 27-42 ms); it also takes libpq's URLs and settings
(sslmode, service files, PG* variables) as they are.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import psycopg
from psycopg import AsyncConnection, errors
from psycopg.pq import TransactionStatus
from psycopg.rows import DictRow, dict_row

from bot.store.database import StoreError, migrations, newer_schema
from bot.store.url import DatabaseUrl

T = TypeVar("T")
log = logging.getLogger(__name__)
Connection = AsyncConnection[DictRow]
MIGRATION_LOCK = 0x43415241_56414E  # "CARAVAN": held while one process migrates
CONNECT_SECONDS = 10
RETRIES = 5  # a transaction PostgreSQL aborted to break a deadlock is run again
RETRIED = (errors.DeadlockDetected, errors.SerializationFailure)
PING_AFTER = 30.0  # seconds a connection may sit idle before it is checked again
IDLE = TransactionStatus.IDLE


class Pool:
    """Up to `size` connections, opened when first needed and kept for the next use.

    Not psycopg_pool: its scheduler and workers are tasks that live as long as the pool,
    and a pool with no task of its own is simpler to reason about (and lets SimCord tell
    when the bot has finished its work). A connection that comes back broken, or in a
    transaction, is closed; one that sat idle past `PING_AFTER` is checked before use."""

    def __init__(self, url: DatabaseUrl, size: int) -> None:
        self.url = url
        self.size = size
        self._slots = asyncio.Semaphore(size)
        self._idle: list[tuple[Connection, float]] = []
        self._closed = False

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[Connection]:
        if self._closed:
            raise StoreError("The database connections are closed.")
        async with self._slots:
            connection = await self._take()
            try:
                yield connection
            finally:
                await self.give_back(connection)

    async def _take(self) -> Connection:
        while self._idle:
            connection, since = self._idle.pop()
            if time.monotonic() - since < PING_AFTER:
                return connection
            try:
                await connection.execute("SELECT 1")
                return connection
            except psycopg.Error:  # dropped while idle (a server restart, a firewall)
                await connection.close()
        return await _connect(self.url)

    async def give_back(self, connection: Connection) -> None:
        """Keep `connection` for the next use, or close it if it cannot serve one."""
        usable = not connection.closed and not connection.broken
        if usable and not self._closed and connection.info.transaction_status == IDLE:
            self._idle.append((connection, time.monotonic()))
        else:
            await connection.close()

    async def close(self) -> None:
        self._closed = True
        idle, self._idle = self._idle, []
        for connection, _ in idle:
            await connection.close()


class PostgresDatabase:
    """The connections. `await PostgresDatabase.open(url, size)`; `await db.close()`."""

    def __init__(self, url: DatabaseUrl, pool: Pool) -> None:
        self.url = url
        self.pool = pool

    @classmethod
    async def open(cls, url: DatabaseUrl, size: int = 10) -> PostgresDatabase:
        """Connect, migrate, and keep the connection for the pool of up to `size`;
        `StoreError` in one line (unreachable, refused credentials, no such database,
        newer schema)."""
        try:
            connection = await _connect(url)
        except psycopg.Error as error:
            raise StoreError(explain(error, url)) from None
        try:
            await _migrate(connection, url)
        except psycopg.Error as error:
            await connection.close()
            raise StoreError(explain(error, url)) from None
        except BaseException:
            await connection.close()
            raise
        pool = Pool(url, size)
        await pool.give_back(connection)
        return cls(url, pool)

    async def close(self) -> None:
        await self.pool.close()

    async def write(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        """Run `work` as one transaction (READ COMMITTED; the statements take the locks
        they need), committed before this returns; run again if PostgreSQL aborted it to
        break a deadlock. A Conflict raised by `work` rolls it back and comes back here."""

        async def transaction(connection: Connection) -> T:
            async with connection.transaction():
                return await work(connection)

        return await self._retried(transaction)

    async def statement(self, sql: str, params: Any = ()) -> DictRow | None:
        """Run one writing statement as its own transaction (autocommit: no BEGIN or
        COMMIT round trips), committed before this returns; its first row, if any."""

        async def run(connection: Connection) -> DictRow | None:
            cursor = await connection.execute(sql, params)
            return await cursor.fetchone() if cursor.description else None

        return await self._retried(run)

    async def _retried(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        """`work` on a pooled connection, run again (up to RETRIES times in all) if
        PostgreSQL aborted it to break a deadlock or a serialization conflict."""
        for attempt in range(RETRIES):
            try:
                async with self.pool.connection() as connection:
                    return await work(connection)
            except RETRIED:
                if attempt == RETRIES - 1:
                    raise
                log.info("retried after a deadlock or serialization failure")
        raise AssertionError("unreachable")

    async def fetchall(self, sql: str, params: Any = ()) -> list[DictRow]:
        """Committed data only (each read is its own statement in autocommit)."""
        async with self.pool.connection() as connection:
            cursor = await connection.execute(sql, params)
            return await cursor.fetchall()

    async def fetchone(self, sql: str, params: Any = ()) -> DictRow | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


async def _connect(url: DatabaseUrl) -> Connection:
    return await AsyncConnection.connect(
        url.url, autocommit=True, row_factory=dict_row, connect_timeout=CONNECT_SECONDS
    )


def explain(error: BaseException, url: DatabaseUrl) -> str:
    """One line saying why `url` cannot be used, without its password."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    lowered = text.lower()
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        why = "the server refused the user name or password"
    elif "does not exist" in lowered and "database" in lowered:
        why = "no such database on that server (create it first: createdb caravan)"
    elif any(
        sign in lowered
        for sign in (
            "connection refused",
            "could not connect",
            "timeout",
            "timed out",
            "name or service not known",
            "could not translate host",
            "no route",
        )
    ):
        why = "the server cannot be reached (is it running, and is the host and port right?)"
    else:
        why = text
    line = f"Cannot use the PostgreSQL database {url.shown}: {why}."
    password = _password(url)
    return line.replace(password, "***") if password else line


def _password(url: DatabaseUrl) -> str:
    try:
        return str(psycopg.conninfo.conninfo_to_dict(url.url).get("password") or "")
    except psycopg.Error:
        return ""


async def _migrate(connection: Connection, url: DatabaseUrl) -> None:
    """Apply the migrations this database lacks, each in its own transaction, under a
    session advisory lock: of N processes starting at once one migrates and the others
    wait, then find nothing to do. A database at a newer schema is refused, untouched."""
    known = migrations("migrations_postgresql")
    await connection.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
    try:
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, "
            "name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
        )
        row = await (
            await connection.execute("SELECT COALESCE(MAX(number), 0) AS n FROM schema_migrations")
        ).fetchone()
        current = int(row["n"]) if row else 0
        if current > len(known):
            raise newer_schema(url.shown, current, len(known))
        for number, name, sql in known[current:]:
            try:
                async with connection.transaction():
                    await connection.execute(sql)
                    await connection.execute(
                        "INSERT INTO schema_migrations (number, name, applied_at) "
                        "VALUES (%s, %s, %s)",
                        (number, name, time.time()),
                    )
            except psycopg.Error as error:
                raise StoreError(f"Migration {name} failed on {url.shown}: {error}.") from None
            log.info("database %s migrated to %s", url.shown, name)
    finally:
        await connection.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
