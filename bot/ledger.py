"""What the game service keeps beside the games themselves: lists of games, players'
saved decks, each server's settings, and the standings (leaderboard, standing, stats).
`GameService` is a `Ledger`; these only read, or write rows no game's move depends on."""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Callable
from typing import Any

from bot.errors import BadDeck, NotFound
from bot.inert import plain, quote
from bot.ratings import PROVISIONAL_GAMES, Skill
from bot.records import NEW_VEGAS, Deck, GameInfo, Leaderboard, Standing, Stats
from bot.settings import Settings
from bot.store import Database
from bot.transactions import scalar, standing
from engine import CaravanError, Rules, parse_cards, validate_deck
from engine.cards import format_cards

MAX_DECKS = 25  # a player's saved decks (what one autocomplete list shows)
MAX_DECK_NAME = 32
MAX_CARD_TEXT = 3  # the longest card in notation: "10h"


def deck_name(name: str) -> str:
    """A deck's name as it is kept and looked up: plain (`bot.inert`), uncut."""
    return plain(name, limit=None, fallback="")


class Ledger:
    db: Database
    settings: Settings
    clock: Callable[[], float]

    # ----- lists of games -------------------------------------------------------------------

    async def active_games(self, user_id: int, guild_id: int | None = None) -> list[GameInfo]:
        sql = "SELECT * FROM games WHERE status = 'active' AND (player_a = ? OR player_b = ?)"
        params: list[Any] = [user_id, user_id]
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        rows = await self.db.fetchall(sql + " ORDER BY updated_at DESC", params)
        return [GameInfo.from_row(row) for row in rows]

    async def finished_games(
        self, guild_id: int, user_id: int | None = None, limit: int = 25
    ) -> list[GameInfo]:
        """The latest games over in `guild_id` (of `user_id` when given), newest first."""
        sql = "SELECT * FROM games WHERE guild_id = ? AND status != 'active'"
        params: list[Any] = [guild_id]
        if user_id is not None:
            sql += " AND (player_a = ? OR player_b = ?)"
            params += [user_id, user_id]
        rows = await self.db.fetchall(sql + " ORDER BY updated_at DESC LIMIT ?", [*params, limit])
        return [GameInfo.from_row(row) for row in rows]

    async def guild_games(self, guild_id: int, limit: int = 25) -> list[GameInfo]:
        """A server's active games, the longest waiting first (for its admins)."""
        rows = await self.db.fetchall(
            "SELECT * FROM games WHERE guild_id = ? AND status = 'active' "
            "ORDER BY updated_at LIMIT ?",
            (guild_id, limit),
        )
        return [GameInfo.from_row(row) for row in rows]

    async def game_in_thread(self, thread_id: int) -> GameInfo | None:
        """The game played in thread (or channel) `thread_id`, if any."""
        row = await self.db.fetchone(
            "SELECT * FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (thread_id,)
        )
        return GameInfo.from_row(row) if row else None

    async def ai_turns(self) -> list[GameInfo]:
        """Active games against the AI in which the AI is to move (to resume after a start)."""
        rows = await self.db.fetchall(
            "SELECT * FROM games WHERE status = 'active' AND ai_seat IS NOT NULL "
            "AND turn = ai_seat ORDER BY updated_at"
        )
        return [GameInfo.from_row(row) for row in rows]

    async def due_games(self) -> list[GameInfo]:
        """Active games whose turn deadline has passed."""
        rows = await self.db.fetchall(
            "SELECT * FROM games WHERE status = 'active' AND deadline <= ? ORDER BY deadline",
            (self.clock(),),
        )
        return [GameInfo.from_row(row) for row in rows]

    # ----- custom decks ---------------------------------------------------------------------

    async def save_deck(self, user_id: int, name: str, text: str) -> Deck:
        """Save (or replace) `user_id`'s deck `name`: cards in notation, checked by R1 for
        New Vegas rules (each game checks it again for its own preset)."""
        name = deck_name(name)
        if not 1 <= len(name) <= MAX_DECK_NAME:
            raise BadDeck(f"A deck's name has 1 to {MAX_DECK_NAME} printable characters.")
        for token in text.split():
            if len(token) > MAX_CARD_TEXT:  # the engine would quote it whole
                raise BadDeck(
                    f"{quote(token, 12)} is not a card: write a rank (A 2-9 T J Q K) and a "
                    "suit (c d h s), such as 7h, Td or X."
                )
        try:
            cards = parse_cards(text)
            validate_deck(cards, Rules().variant, who=f"The deck {quote(name)}")
        except CaravanError as error:
            raise BadDeck(str(error)) from None
        now = self.clock()

        def save(tx: sqlite3.Connection) -> Deck:
            count = scalar(
                tx,
                "SELECT COUNT(*) FROM decks WHERE user_id = ? AND name != ?",
                (user_id, name),
            )
            if count >= MAX_DECKS:
                raise BadDeck(f"You have {count} decks, the most kept; delete one first.")
            tx.execute(
                "INSERT INTO decks (user_id, name, cards, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id, name) DO UPDATE SET cards = excluded.cards",
                (user_id, name, format_cards(cards), now),
            )
            return Deck(user_id, name, tuple(cards))

        return await self.db.write(save)

    async def decks(self, user_id: int) -> list[Deck]:
        rows = await self.db.fetchall(
            "SELECT * FROM decks WHERE user_id = ? ORDER BY name COLLATE NOCASE", (user_id,)
        )
        return [Deck(user_id, row["name"], tuple(parse_cards(row["cards"]))) for row in rows]

    async def deck(self, user_id: int, name: str) -> Deck:
        row = await self.db.fetchone(
            "SELECT * FROM decks WHERE user_id = ? AND name = ?", (user_id, deck_name(name))
        )
        if row is None:
            raise NotFound(f"You have no deck called {quote(name)}.")
        return Deck(user_id, row["name"], tuple(parse_cards(row["cards"])))

    async def delete_deck(self, user_id: int, name: str) -> None:
        def delete(tx: sqlite3.Connection) -> None:
            cursor = tx.execute(
                "DELETE FROM decks WHERE user_id = ? AND name = ?", (user_id, deck_name(name))
            )
            if cursor.rowcount != 1:
                raise NotFound(f"You have no deck called {quote(name)}.")

        await self.db.write(delete)

    # ----- server settings ------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """A server's own settings (default rules, turn time, channels...), as saved."""
        row = await self.db.fetchone(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return dict(json.loads(row["settings"])) if row else {}

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> dict[str, Any]:
        """Merge `changes` into the server's settings (a value of None removes a key)."""

        def update(tx: sqlite3.Connection) -> dict[str, Any]:
            row = tx.execute(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ).fetchone()
            settings: dict[str, Any] = json.loads(row["settings"]) if row else {}
            settings.update(changes)
            settings = {key: value for key, value in settings.items() if value is not None}
            tx.execute(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, json.dumps(settings, sort_keys=True)),
            )
            return settings

        return await self.db.write(update)

    # ----- standing -------------------------------------------------------------------------

    async def leaderboard(
        self, guild_id: int, page: int = 1, per_page: int = 10, game: str = NEW_VEGAS
    ) -> Leaderboard:
        """The guild's ranking in `game`: established players (PROVISIONAL_GAMES rated
        games or more) first, then provisional ones, each group by the rating shown (so the
        numbers read in order, and a lucky newcomer does not top the board after one game)."""
        row = await self.db.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game)
        )
        total = int(row[0]) if row else 0
        pages = max(1, math.ceil(total / per_page))
        page = min(max(1, page), pages)
        rows = await self.db.fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? "
            "ORDER BY games < ?, mu DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, PROVISIONAL_GAMES, per_page, (page - 1) * per_page),
        )
        start = (page - 1) * per_page
        entries = tuple(standing(start + i + 1, row) for i, row in enumerate(rows))
        return Leaderboard(guild_id, page, pages, entries, total, game)

    async def standing(self, guild_id: int, user_id: int, game: str = NEW_VEGAS) -> Standing | None:
        row = await self.db.fetchone(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
        )
        if row is None:
            return None
        provisional = int(row["games"] < PROVISIONAL_GAMES)
        above = await self.db.fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND "
            "((games < ?) < ? OR ((games < ?) = ? AND (mu > ? OR (mu = ? AND user_id < ?))))",
            (
                guild_id,
                game,
                PROVISIONAL_GAMES,
                provisional,
                PROVISIONAL_GAMES,
                provisional,
                row["mu"],
                row["mu"],
                user_id,
            ),
        )
        assert above is not None
        return standing(above[0] + 1, row)

    async def stats(
        self, guild_id: int, user_id: int, recent: int = 5, game: str = NEW_VEGAS
    ) -> Stats:
        """Every finished game of `game` counts here, against the AI too (unlike the
        ranking)."""
        rows = await self.db.fetchall(
            "SELECT * FROM games WHERE guild_id = ? AND game = ? AND status = 'finished' "
            "AND (player_a = ? OR player_b = ?) ORDER BY updated_at DESC",
            (guild_id, game, user_id, user_id),
        )
        games = [GameInfo.from_row(row) for row in rows]
        results = [(g.winner, g.seat_of(user_id)) for g in games]
        wins = sum(1 for winner, seat in results if winner == seat)
        draws = sum(1 for winner, _ in results if winner == "draw")
        history = await self.db.fetchall(
            "SELECT at, mu FROM rating_history WHERE guild_id = ? AND game = ? AND user_id = ? "
            "ORDER BY at",
            (guild_id, game, user_id),
        )
        presets = [g.rules.preset for g in games if isinstance(g.rules, Rules)]
        return Stats(
            user_id=user_id,
            games=len(games),
            wins=wins,
            losses=len(games) - wins - draws,
            draws=draws,
            standing=await self.standing(guild_id, user_id, game),
            history=tuple((row["at"], Skill(row["mu"]).shown) for row in history),
            recent=tuple(games[:recent]),
            favourite_rules=max(set(presets), key=presets.count) if presets else None,
            game=game,
        )
