"""The lists of games the bot shows, the same statements on every backend (`?` placeholders:
each store's `query` takes them)."""

from __future__ import annotations

from typing import Any

from bot.records import GameInfo
from bot.store.dialect import Part
from bot.store.rows import ALL, Shards


class GameLists(Part):
    async def _listed(self, sql: str, params: tuple[Any, ...] = ()) -> list[GameInfo]:
        return [GameInfo.from_row(row) for row in await self.dialect.read(sql, params)]

    async def active_games(self, user_id: int, guild_id: int | None) -> list[GameInfo]:
        sql = "SELECT * FROM games WHERE status = 'active' AND (player_a = ? OR player_b = ?)"
        params: tuple[Any, ...] = (user_id, user_id)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params += (guild_id,)
        return await self._listed(sql + " ORDER BY updated_at DESC", params)

    async def finished_games(
        self, guild_id: int, user_id: int | None, limit: int
    ) -> list[GameInfo]:
        sql = "SELECT * FROM games WHERE guild_id = ? AND status != 'active'"
        params: tuple[Any, ...] = (guild_id,)
        if user_id is not None:
            sql += " AND (player_a = ? OR player_b = ?)"
            params += (user_id, user_id)
        order = " ORDER BY updated_at DESC, id DESC LIMIT ?"  # newest first, ties too
        return await self._listed(sql + order, (*params, limit))

    async def guild_games(self, guild_id: int, limit: int) -> list[GameInfo]:
        return await self._listed(
            "SELECT * FROM games WHERE guild_id = ? AND status = 'active' "
            "ORDER BY updated_at LIMIT ?",
            (guild_id, limit),
        )

    async def game_in_thread(self, thread_id: int) -> GameInfo | None:
        games = await self._listed(
            "SELECT * FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,)
        )
        return games[0] if games else None

    async def due_games(self, now: float) -> list[GameInfo]:
        return await self._listed(
            "SELECT * FROM games WHERE status = 'active' AND deadline <= ? ORDER BY deadline",
            (now,),
        )

    async def finished_games_of(self, guild_id: int, game: str, user_id: int) -> list[GameInfo]:
        """`user_id`'s finished games of `game` in `guild_id`, newest first."""
        return await self._listed(
            "SELECT * FROM games WHERE guild_id = ? AND game = ? AND status = 'finished' "
            "AND (player_a = ? OR player_b = ?) ORDER BY updated_at DESC, id DESC",
            (guild_id, game, user_id, user_id),
        )

    async def ai_turns(self, shards: Shards = ALL) -> list[GameInfo]:
        """The games whose turn is the computer player's (of servers on `shards`), the
        longest waiting first."""
        return await self._listed(
            "SELECT * FROM games WHERE status = 'active' AND ai_seat IS NOT NULL "
            f"AND turn = ai_seat AND {shards.sql()} ORDER BY updated_at"
        )

    async def next_deadline(self, now: float, shards: Shards = ALL) -> float | None:
        """The earliest instant after `now` at which a turn deadline of a game of `shards`
        calls for something not yet done (`mark_deadlines`): a reminder at half time (while
        the turn has not run out), the claim offered when it runs out, the close once
        another turn's time has passed unclaimed. None when no game waits on one."""
        on = shards.sql()
        human = f"status = 'active' AND (ai_seat IS NULL OR turn != ai_seat) AND {on}"
        rows = await self.dialect.read(
            "SELECT MIN(due) AS due FROM ("
            "SELECT deadline - turn_seconds / 2.0 AS due FROM games "
            f"WHERE {human} AND deadline > ? AND COALESCE(reminded_version, -1) != version "
            "UNION ALL SELECT deadline AS due FROM games "
            f"WHERE {human} AND COALESCE(overdue_version, -1) != version "
            "UNION ALL SELECT deadline + turn_seconds AS due FROM games "
            f"WHERE status = 'active' AND ai_seat IS NULL AND {on}"
            ") AS pending WHERE due > ?",
            (now, now),
        )
        due = rows[0]["due"] if rows else None
        return float(due) if due is not None else None
