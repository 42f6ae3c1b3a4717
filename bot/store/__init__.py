"""The database: one SQLite file, schema by numbered migrations, writes serialised."""

from bot.store.database import Database, StoreError

__all__ = ["Database", "StoreError"]
