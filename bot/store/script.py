"""A transaction written once for both backends: a generator that yields its statements
(`?` placeholders) one at a time and is sent each one's rows back.

SQLite runs a transaction in its writer thread with plain calls, PostgreSQL awaits each
statement; a script is neither, so the same steps (read, check, write, guarded by the
rows they get back) run on both: `run_sqlite` in the thread, `run_postgres` awaited. A
script raises `bot.store.errors.Conflict` to write nothing. PostgreSQL may run a
transaction again (a deadlock broken): each backend is handed a function that makes the
script afresh."""

from __future__ import annotations

import sqlite3
from collections.abc import Generator
from typing import Any, TypeVar

from psycopg import AsyncConnection
from psycopg.rows import DictRow

T = TypeVar("T")
Row = dict[str, Any]
Step = tuple[str, tuple[Any, ...]]
Script = Generator[Step, list[Row], T]


def run_sqlite(tx: sqlite3.Connection, script: Script[T]) -> T:
    """Run `script` on SQLite's open transaction `tx`."""
    try:
        sql, params = next(script)
        while True:
            rows = [dict(row) for row in tx.execute(sql, params).fetchall()]
            sql, params = script.send(rows)
    except StopIteration as done:
        result: T = done.value
        return result


def postgres_sql(sql: str) -> str:
    """`?` placeholders as psycopg's `%s` (a literal `%` doubled first)."""
    return sql.replace("%", "%%").replace("?", "%s")


async def run_postgres(tx: AsyncConnection[DictRow], script: Script[T]) -> T:
    """Run `script` on PostgreSQL's open transaction `tx`."""
    try:
        sql, params = next(script)
        while True:
            cursor = await tx.execute(postgres_sql(sql), params)
            rows = [dict(row) for row in await cursor.fetchall()] if cursor.description else []
            sql, params = script.send(rows)
    except StopIteration as done:
        result: T = done.value
        return result
