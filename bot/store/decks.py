"""A player's saved decks: `Decks`, the same statements on every dialect."""

from __future__ import annotations

from bot.store.dialect import Part
from bot.store.errors import TooMany
from bot.store.script import Script, count, lock_players


class Decks(Part):
    async def save_deck(
        self, user_id: int, name: str, cards: str, now: float, deck_limit: int
    ) -> None:
        """Save (or replace) a deck, unless the player already keeps `deck_limit` others
        (`TooMany`)."""

        def save() -> Script[None]:
            yield from lock_players(user_id)
            rows = yield (
                "SELECT COUNT(*) AS n FROM decks WHERE user_id = ? AND name != ?",
                (user_id, name),
            )
            if count(rows) >= deck_limit:
                raise TooMany(user_id, count(rows))
            yield (
                "INSERT INTO decks (user_id, name, cards, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id, name) DO UPDATE SET cards = excluded.cards",
                (user_id, name, cards, now),
            )

        await self.dialect.run(save)

    async def decks(self, user_id: int) -> list[tuple[str, str]]:
        """(name, cards in notation) of each of the player's decks, by name."""
        rows = await self.dialect.read(
            "SELECT name, cards FROM decks WHERE user_id = ? ORDER BY lower(name), name",
            (user_id,),
        )
        return [(row["name"], row["cards"]) for row in rows]

    async def deck(self, user_id: int, name: str) -> tuple[str, str] | None:
        rows = await self.dialect.read(
            "SELECT name, cards FROM decks WHERE user_id = ? AND name = ?", (user_id, name)
        )
        return (rows[0]["name"], rows[0]["cards"]) if rows else None

    async def delete_deck(self, user_id: int, name: str) -> bool:
        """Whether there was such a deck (it is gone now)."""
        row = await self.dialect.statement(
            "DELETE FROM decks WHERE user_id = ? AND name = ? RETURNING name", (user_id, name)
        )
        return row is not None
