"""PostgreSQL, for several processes: `PostgresDialect`, the store's dialect over a pool of
connections shared with other processes of the bot (`bot.store.postgres_db`). Each
transaction script is awaited statement by statement, its `?` placeholders as psycopg's
`%s`, and takes the locks it yields (`bot.store.script`): where SQLite's single writer made a
read-then-write safe, these make it safe with many writers (READ COMMITTED)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bot.store.postgres_db import Connection, PostgresDatabase
from bot.store.script import PlayerLocks, Row, Script
from bot.store.url import DatabaseUrl

T = TypeVar("T")


class PostgresDialect:
    shared = True
    writable_with = True

    def __init__(self, db: PostgresDatabase) -> None:
        self.db = db
        self.url = db.url

    @classmethod
    async def open(cls, url: DatabaseUrl, pool_size: int = 10) -> PostgresDialect:
        return cls(await PostgresDatabase.open(url, pool_size))

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        row = await self.db.fetchone("SELECT COALESCE(MAX(number), 0) AS n FROM schema_migrations")
        return int(row["n"]) if row else 0

    async def run(self, make: Callable[[], Script[T]]) -> T:
        return await self.db.write(lambda tx: run_postgres(tx, make()))

    async def read(self, sql: str, params: tuple[Any, ...] = ()) -> list[Row]:
        return list(await self.db.fetchall(postgres_sql(sql), params))

    async def statement(self, sql: str, params: tuple[Any, ...] = ()) -> Row | None:
        return await self.db.statement(postgres_sql(sql), params)


def postgres_sql(sql: str) -> str:
    """`?` placeholders as psycopg's `%s` (a literal `%` doubled first)."""
    return sql.replace("%", "%%").replace("?", "%s")


async def run_postgres(tx: Connection, script: Script[T]) -> T:
    """Run `script` on PostgreSQL's open transaction `tx`, taking the locks it yields."""
    try:
        step = next(script)
        while True:
            if isinstance(step, PlayerLocks):
                for user_id in step.user_ids:
                    await tx.execute("SELECT pg_advisory_xact_lock(%s)", (user_id,))
                rows: list[Row] = []
            elif isinstance(step, tuple):
                cursor = await tx.execute(postgres_sql(step[0]), step[1])
                rows = list(await cursor.fetchall()) if cursor.description else []
            else:
                await tx.execute(
                    f"SELECT 1 FROM {step.table} WHERE {step.column} = %s FOR UPDATE", (step.key,)
                )
                rows = []
            step = script.send(rows)
    except StopIteration as done:
        result: T = done.value
        return result
