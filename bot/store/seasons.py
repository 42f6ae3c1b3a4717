"""A server's seasons in the database, the same statements on every backend (transaction
scripts, `bot.store.script`). At most one season runs in a server: starting one is
refused while another runs (and the partial unique index would refuse a second anyway)."""

from __future__ import annotations

from typing import TypeVar

from bot.records import Season
from bot.store.dialect import Part
from bot.store.errors import Conflict
from bot.store.script import Script

T = TypeVar("T")


class SeasonRunning(Conflict):
    def __init__(self, season: Season) -> None:
        super().__init__(f"season {season.id} is running")
        self.season = season


class NoSeason(Conflict):
    pass


def _running(guild_id: int) -> Script[Season | None]:
    rows = yield ("SELECT * FROM seasons WHERE guild_id = ? AND ended_at IS NULL", (guild_id,))
    return Season.from_row(rows[0]) if rows else None


class Seasons(Part):
    async def start_season(
        self,
        guild_id: int,
        name: str,
        user_id: int,
        role_id: int | None,
        role_top: int | None,
        now: float,
    ) -> Season:
        """A new season from `now`; `SeasonRunning` if one runs."""

        def start() -> Script[Season]:
            running = yield from _running(guild_id)
            if running is not None:
                raise SeasonRunning(running)
            rows = yield (
                "INSERT INTO seasons (guild_id, name, started_at, started_by, role_id, "
                "role_top) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
                (guild_id, name, now, user_id, role_id, role_top),
            )
            return Season.from_row(rows[0])

        return await self.dialect.run(start)

    async def end_season(self, guild_id: int, now: float) -> Season:
        """The running season ends at `now`; `NoSeason` if none runs."""

        def end() -> Script[Season]:
            rows = yield (
                "UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND ended_at IS NULL "
                "RETURNING *",
                (now, guild_id),
            )
            if not rows:
                raise NoSeason(f"no season runs in {guild_id}")
            return Season.from_row(rows[0])

        return await self.dialect.run(end)

    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, newest first."""

        def listed() -> Script[list[Season]]:
            rows = yield (
                "SELECT * FROM seasons WHERE guild_id = ? ORDER BY started_at DESC, id DESC",
                (guild_id,),
            )
            return [Season.from_row(row) for row in rows]

        return await self.dialect.run(listed)

    async def season_results(
        self, guild_id: int, game: str, season: Season
    ) -> list[tuple[int, int, str]]:
        """The season's rated games of `game` in the order they ended: (A, B, winner)."""

        def results() -> Script[list[tuple[int, int, str]]]:
            until = season.ended_at if season.ended_at is not None else float("inf")
            rows = yield (
                "SELECT player_a, player_b, winner FROM games WHERE guild_id = ? AND game = ? "
                "AND status = 'finished' AND rated = 1 AND updated_at >= ? AND updated_at <= ? "
                "ORDER BY updated_at, id",
                (guild_id, game, season.started_at, min(until, 1e300)),
            )
            return [(row["player_a"], row["player_b"], row["winner"]) for row in rows]

        return await self.dialect.run(results)
