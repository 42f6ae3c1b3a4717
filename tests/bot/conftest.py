from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.settings import Settings
from bot.store import Database


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
def service(db: Database, clock: Clock) -> GameService:
    return GameService(db, Settings(max_open_challenges=3, max_active_games=50), clock=clock)
