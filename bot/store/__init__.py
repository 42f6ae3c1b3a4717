"""The bot's data behind one interface (`Store`): SQLite, the embedded default, or
PostgreSQL for several processes; `open_store` opens the one a URL names."""

from __future__ import annotations

from bot.metrics import Metrics
from bot.store.base import Store
from bot.store.database import Database, StoreError
from bot.store.dialect import Dialect
from bot.store.measured import measured
from bot.store.url import POSTGRESQL, BadUrl, DatabaseUrl, parse


async def open_store(
    url: str | DatabaseUrl, pool_size: int = 10, metrics: Metrics | None = None
) -> Store:
    """Open (creating and migrating) the database `url` names: `StoreError` (or `BadUrl`)
    in one line, without the password, when it cannot be used. With `metrics`, every call
    is measured (`bot.store.measured`). psycopg is imported only for a PostgreSQL URL."""
    where = parse(url) if isinstance(url, str) else url
    dialect: Dialect
    if where.kind == POSTGRESQL:
        from bot.store.postgres import PostgresDialect

        dialect = await PostgresDialect.open(where, pool_size)
    else:
        from bot.store.sqlite import SqliteDialect

        assert where.path is not None
        dialect = await SqliteDialect.open(where.path)
    store = Store(dialect)
    return store if metrics is None else measured(store, metrics)


__all__ = ["BadUrl", "Database", "DatabaseUrl", "Store", "StoreError", "open_store", "parse"]
