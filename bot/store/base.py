"""What the game service asks of its database: `Store`, the bot's data as composed parts,
one concept each, every operation written once over a `Dialect` (SQLite, the embedded
default; PostgreSQL, for several processes), which `bot.store.open_store` picks from a URL.

Every method of a part is one transaction and is named for what it does; a change the data
does not allow raises a `bot.store.errors.Conflict` with the facts and writes nothing.
Reads see committed data only."""

from __future__ import annotations

from typing import Any

from bot.store.challenges import Challenges
from bot.store.counts import Counts
from bot.store.decks import Decks
from bot.store.dialect import Dialect
from bot.store.events import Events
from bot.store.games import Games
from bot.store.lists import GameLists
from bot.store.restored import Restored
from bot.store.reviews import ReviewQueue
from bot.store.seasons import Seasons
from bot.store.servers import Servers
from bot.store.standings import Standings
from bot.store.url import DatabaseUrl


class Store:
    """The bot's data: `challenges`, `games` (started, moved, finished), `lists` of games,
    `decks`, `servers`' settings, `standings`, `events` (tournaments), `seasons`, `counts`
    of what is in play, the messages a backup's `restored` tables left behind, and the
    `reviews` of finished games."""

    PARTS = (
        "challenges",
        "games",
        "lists",
        "decks",
        "servers",
        "standings",
        "events",
        "seasons",
        "counts",
        "restored",
        "reviews",
    )

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self.url: DatabaseUrl = dialect.url
        # Whether other processes may change the data too (PostgreSQL): then a record this
        # process read earlier may be out of date, and only commits at a version are trusted.
        self.shared: bool = dialect.shared
        self.challenges = Challenges(dialect)
        self.games = Games(dialect)
        self.lists = GameLists(dialect)
        self.decks = Decks(dialect)
        self.servers = Servers(dialect)
        self.standings = Standings(dialect)
        self.events = Events(dialect)
        self.seasons = Seasons(dialect)
        self.counts = Counts(dialect)
        self.restored = Restored(dialect)
        self.reviews = ReviewQueue(dialect)

    async def close(self) -> None:
        await self.dialect.close()

    async def schema_version(self) -> int:
        return await self.dialect.schema_version()

    async def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        """A read-only statement with `?` placeholders, for tests, benchmarks and the
        database move's checks; never used by the bot's own work."""
        return [dict(row) for row in await self.dialect.read(sql, params)]
