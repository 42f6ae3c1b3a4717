from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.settings import Settings
from bot.store import Database, Store, open_store


class Clock:
    """A clock the tests move by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "caravan.db")
    yield database
    await database.close()


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    """The bot's store on each backend (SQLite, PostgreSQL), fresh for each test."""
    opened = await open_store(database_url)
    yield opened
    await opened.close()


@pytest.fixture
def service(store: Store, clock: Clock) -> GameService:
    return GameService(store, Settings(max_open_challenges=3, max_active_games=50), clock=clock)


async def count(store: Store, table: str) -> int:
    """The rows in `table` (a name from the tests, never member text)."""
    return int((await store.query(f"SELECT COUNT(*) AS n FROM {table}"))[0]["n"])
