"""The ranking's reads, the same statements on every backend (`?` placeholders: each
store's `query` takes them)."""

from __future__ import annotations

from bot.ratings import PROVISIONAL_GAMES
from bot.records import Standing
from bot.store.dialect import Part
from bot.store.rows import standing_of

# 1 for a provisional player (fewer than PROVISIONAL_GAMES rated games), else 0: the
# ranking lists established players first
PROVISIONAL = "(CASE WHEN games < ? THEN 1 ELSE 0 END)"


class Standings(Part):
    async def rated_players(self, guild_id: int, game: str) -> int:
        rows = await self.dialect.read(
            "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        )
        return int(rows[0]["n"]) if rows else 0

    async def ranking(self, guild_id: int, game: str, limit: int, offset: int) -> list[Standing]:
        """The ranking's entries `offset + 1` to `offset + limit`: established players
        (PROVISIONAL_GAMES rated games or more) first, then provisional ones, each group by
        rating."""
        rows = await self.dialect.read(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? "
            f"ORDER BY {PROVISIONAL}, mu DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, PROVISIONAL_GAMES, limit, offset),
        )
        return [standing_of(offset + i + 1, row) for i, row in enumerate(rows)]

    async def standing(self, guild_id: int, game: str, user_id: int) -> Standing | None:
        """The player's place in the ranking, as `ranking` orders it."""
        rows = await self.dialect.read(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
        )
        if not rows:
            return None
        row = rows[0]
        mine, mu = int(row["games"] < PROVISIONAL_GAMES), row["mu"]
        above = await self.dialect.read(
            "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game = ? AND "
            f"({PROVISIONAL} < ? OR ({PROVISIONAL} = ? AND "
            "(mu > ? OR (mu = ? AND user_id < ?))))",
            (guild_id, game, PROVISIONAL_GAMES, mine, PROVISIONAL_GAMES, mine, mu, mu, user_id),
        )
        return standing_of(int(above[0]["n"]) + 1, row)

    async def rating_history(
        self, guild_id: int, game: str, user_id: int
    ) -> list[tuple[float, float]]:
        """(time, mu) of each of the player's rating changes, oldest first."""
        rows = await self.dialect.read(
            "SELECT at, mu FROM rating_history WHERE guild_id = ? AND game = ? AND user_id = ? "
            "ORDER BY at",
            (guild_id, game, user_id),
        )
        return [(row["at"], row["mu"]) for row in rows]
