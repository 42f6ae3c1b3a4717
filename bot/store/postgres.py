"""Every statement the bot runs, for PostgreSQL: `PostgresStore`, the same methods as
`SqliteStore` over a pool of connections shared with other processes of the bot.

Each method is one transaction. Where SQLite's single writer made a read-then-write safe,
the statements here take the lock that makes it safe with many writers (`postgres_tx`).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar

from bot.records import Challenge, GameInfo, RatingChange
from bot.server import ServerSettings
from bot.store import postgres_tx as pt
from bot.store.counts import Counts
from bot.store.errors import ChallengeClosed, GameMoved, TooMany
from bot.store.events import EventStore
from bot.store.lists import GameLists
from bot.store.postgres_db import Connection, PostgresDatabase
from bot.store.restored import RestoredStore
from bot.store.rows import ALL, Ending, NewChallenge, NewGame, Shards
from bot.store.script import Script, run_postgres
from bot.store.seasons import SeasonStore
from bot.store.standings import Standings
from bot.store.url import DatabaseUrl

T = TypeVar("T")


class PostgresStore(GameLists, Standings, EventStore, SeasonStore, Counts, RestoredStore):
    """The bot's data in a PostgreSQL database, which several processes may share."""

    shared = True

    def __init__(self, db: PostgresDatabase) -> None:
        self.db = db
        self.url = db.url

    @classmethod
    async def open(cls, url: DatabaseUrl, pool_size: int = 10) -> PostgresStore:
        return cls(await PostgresDatabase.open(url, pool_size))

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        row = await self.db.fetchone("SELECT COALESCE(MAX(number), 0) AS n FROM schema_migrations")
        return int(row["n"]) if row else 0

    async def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        return list(await self.db.fetchall(sql.replace("?", "%s"), params))

    async def _write(self, work: Callable[[Connection], Awaitable[T]]) -> T:
        return await self.db.write(work)

    async def _script(self, make: Callable[[], Script[T]]) -> T:
        return await self.db.write(lambda tx: run_postgres(tx, make()))

    async def _games(self, sql: str, params: tuple[Any, ...] = ()) -> list[GameInfo]:
        return [GameInfo.from_row(row) for row in await self.db.fetchall(sql, params)]

    # ----- challenges -----------------------------------------------------------------------

    async def create_challenge(self, new: NewChallenge, open_limit: int) -> Challenge:
        async def create(tx: Connection) -> Challenge:
            if new.rematch_of is not None:
                await pt.check_no_rematch(tx, new.rematch_of, new.created_at)
            await pt.lock_players(tx, new.challenger_id)
            count = await pt.scalar(
                tx,
                "SELECT COUNT(*) FROM challenges WHERE challenger_id = %s AND status = 'open' "
                "AND expires_at > %s",
                (new.challenger_id, new.created_at),
            )
            if count >= open_limit:
                raise TooMany(new.challenger_id, count)
            row = await pt.one(
                tx,
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, "
                "rules, turn_seconds, created_at, expires_at, rematch_of) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) RETURNING *",
                (
                    new.guild_id,
                    new.channel_id,
                    new.challenger_id,
                    new.opponent_id,
                    new.rules,
                    new.turn_seconds,
                    new.created_at,
                    new.expires_at,
                    new.rematch_of,
                ),
            )
            assert row is not None
            return Challenge.from_row(row)

        return await self._write(create)

    async def challenge(self, challenge_id: int) -> Challenge | None:
        row = await self.db.fetchone("SELECT * FROM challenges WHERE id = %s", (challenge_id,))
        return Challenge.from_row(row) if row else None

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        async def update(tx: Connection) -> None:
            await tx.execute(
                "UPDATE challenges SET message_id = %s WHERE id = %s", (message_id, challenge_id)
            )

        await self._write(update)

    async def accept_challenge(
        self, challenge_id: int, game: NewGame, active_limit: int
    ) -> GameInfo:
        """The challenge's row is taken first (`FOR UPDATE`): of two accepts, the second
        waits, then finds it accepted."""

        async def accept(tx: Connection) -> GameInfo:
            row = await pt.one(
                tx, "SELECT * FROM challenges WHERE id = %s FOR UPDATE", (challenge_id,)
            )
            assert row is not None, f"challenge {challenge_id} is gone"
            challenge = Challenge.from_row(row)
            if challenge.status != "open" or challenge.expires_at <= game.now:
                raise ChallengeClosed(challenge)
            if challenge.rematch_of is not None:
                await tx.execute(
                    "SELECT id FROM games WHERE id = %s FOR UPDATE", (challenge.rematch_of,)
                )
            await pt.lock_players(tx, *game.players)
            for player in game.players:
                await pt.check_active(tx, player, active_limit)
            info = await pt.insert_game(tx, game)
            await tx.execute(
                "UPDATE challenges SET status = 'accepted', game_id = %s WHERE id = %s",
                (info.id, challenge_id),
            )
            return info

        return await self._write(accept)

    async def close_challenge(self, challenge_id: int, status: str, now: float) -> Challenge:
        async def close(tx: Connection) -> Challenge:
            row = await pt.one(
                tx,
                "UPDATE challenges SET status = %s WHERE id = %s AND status = 'open' "
                "AND expires_at > %s RETURNING *",
                (status, challenge_id, now),
            )
            if row is None:
                raise ChallengeClosed(await pt.load_challenge(tx, challenge_id))
            return Challenge.from_row(row)

        return await self._write(close)

    async def expire_challenges(self, now: float, shards: Shards = ALL) -> list[Challenge]:
        async def expire(tx: Connection) -> list[Challenge]:
            cursor = await tx.execute(
                "UPDATE challenges SET status = 'expired' WHERE status = 'open' "
                f"AND expires_at <= %s AND {_on(shards)} RETURNING *",
                (now,),
            )
            return [Challenge.from_row(row) for row in await cursor.fetchall()]

        return await self._write(expire)

    # ----- games ----------------------------------------------------------------------------

    async def start_game(self, game: NewGame, active_limit: int) -> GameInfo:
        async def start(tx: Connection) -> GameInfo:
            if game.rematch_of is not None:
                await pt.check_no_rematch(tx, game.rematch_of, game.now)
            await pt.lock_players(tx, game.players[0])
            await pt.check_active(tx, game.players[0], active_limit)
            return await pt.insert_game(tx, game)

        return await self._write(start)

    async def game(self, game_id: int) -> GameInfo | None:
        row = await self.db.fetchone("SELECT * FROM games WHERE id = %s", (game_id,))
        return GameInfo.from_row(row) if row else None

    async def seed_and_moves(self, game_id: int) -> tuple[int, list[str]]:
        """The game's secret seed and its moves in order, in notation (one statement)."""
        rows = await self.db.fetchall(
            "SELECT g.seed, m.move FROM games g LEFT JOIN moves m ON m.game_id = g.id "
            "WHERE g.id = %s ORDER BY m.ply",
            (game_id,),
        )
        assert rows, f"game {game_id} is gone"
        return rows[0]["seed"], [row["move"] for row in rows if row["move"] is not None]

    async def set_game_messages(
        self,
        game_id: int,
        thread_id: int | None,
        message_id: int | None,
        claim_message_id: int | None = None,
    ) -> None:
        async def update(tx: Connection) -> None:
            await tx.execute(
                "UPDATE games SET thread_id = COALESCE(%s, thread_id), "
                "message_id = COALESCE(%s, message_id), "
                "claim_message_id = COALESCE(%s, claim_message_id) WHERE id = %s",
                (thread_id, message_id, claim_message_id, game_id),
            )

        await self._write(update)

    async def record_move(
        self,
        game: GameInfo,
        version: int,
        seat: str,
        user_id: int,
        move: str,
        ply: int,
        now: float,
        next_turn: str,
        ending: Ending | None,
    ) -> tuple[GameInfo, tuple[RatingChange, ...]]:
        if ending is None:  # one statement, one round trip: its own transaction
            update = (next_turn, now + game.turn_seconds, now, game.id, version)
            insert = (ply, seat, user_id, move, now)
            row = await self.db.statement(
                "WITH g AS (UPDATE games SET version = version + 1, turn = %s, deadline = %s, "
                "updated_at = %s WHERE id = %s AND version = %s AND status = 'active' "
                "RETURNING *), m AS (INSERT INTO moves (game_id, ply, seat, user_id, move, "
                "played_at) SELECT id, %s, %s, %s, %s, %s FROM g) SELECT * FROM g",
                (*update, *insert),
            )
            if row is None:
                moved = await self.game(game.id)
                assert moved is not None, f"game {game.id} is gone"
                raise GameMoved(moved)
            return GameInfo.from_row(row), ()

        async def record(tx: Connection) -> tuple[GameInfo, tuple[RatingChange, ...]]:
            info, changes = await pt.finish(tx, game, ending, now, next_turn, version)
            await tx.execute(
                "INSERT INTO moves (game_id, ply, seat, user_id, move, played_at) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                (game.id, ply, seat, user_id, move, now),
            )
            return info, changes

        return await self._write(record)

    async def finish_game(
        self, game: GameInfo, ending: Ending, now: float, turn: str | None
    ) -> tuple[GameInfo, tuple[RatingChange, ...]]:
        async def finish(tx: Connection) -> tuple[GameInfo, tuple[RatingChange, ...]]:
            return await pt.finish(tx, game, ending, now, turn, game.version)

        return await self._write(finish)

    async def abandon_game(self, game_id: int, version: int, now: float) -> GameInfo:
        async def abandon(tx: Connection) -> GameInfo:
            row = await pt.one(
                tx,
                "UPDATE games SET status = 'abandoned', end_reason = 'abandoned', "
                "version = version + 1, deadline = NULL, updated_at = %s "
                "WHERE id = %s AND version = %s AND status = 'active' RETURNING *",
                (now, game_id, version),
            )
            if row is None:
                raise GameMoved(await pt.load_game(tx, game_id))
            return GameInfo.from_row(row)

        return await self._write(abandon)

    async def mark_deadlines(
        self, now: float, shards: Shards = ALL
    ) -> tuple[list[GameInfo], list[GameInfo], list[GameInfo]]:
        """As `SqliteStore.mark_deadlines`; each UPDATE takes the rows it marks, so a move
        committing meanwhile either lands first (the row no longer matches) or waits."""
        human_turn = f"(ai_seat IS NULL OR turn != ai_seat) AND {_on(shards)}"
        statements = (
            "UPDATE games SET status = 'abandoned', end_reason = 'unclaimed', "
            "version = version + 1, deadline = NULL, updated_at = %(now)s "
            "WHERE status = 'active' AND ai_seat IS NULL AND deadline + turn_seconds <= %(now)s "
            f"AND {_on(shards)} RETURNING *",
            "UPDATE games SET overdue_version = version WHERE status = 'active' "
            f"AND deadline <= %(now)s AND {human_turn} "
            "AND overdue_version IS DISTINCT FROM version RETURNING *",
            "UPDATE games SET reminded_version = version WHERE status = 'active' "
            "AND deadline > %(now)s AND deadline - turn_seconds / 2.0 <= %(now)s "
            f"AND {human_turn} AND reminded_version IS DISTINCT FROM version RETURNING *",
        )

        async def marks(tx: Connection) -> list[list[GameInfo]]:
            found = []
            for sql in statements:
                cursor = await tx.execute(sql, {"now": now})
                found.append([GameInfo.from_row(row) for row in await cursor.fetchall()])
            return found

        closed, overdue, reminders = await self._write(marks)
        return closed, overdue, reminders

    # ----- lists of games -------------------------------------------------------------------

    async def ai_turns(self, shards: Shards = ALL) -> list[GameInfo]:
        return await self._games(
            "SELECT * FROM games WHERE status = 'active' AND ai_seat IS NOT NULL "
            f"AND turn = ai_seat AND {_on(shards)} ORDER BY updated_at"
        )

    # ----- decks ----------------------------------------------------------------------------

    async def save_deck(
        self, user_id: int, name: str, cards: str, now: float, deck_limit: int
    ) -> None:
        async def save(tx: Connection) -> None:
            await pt.lock_players(tx, user_id)
            count = await pt.scalar(
                tx,
                "SELECT COUNT(*) FROM decks WHERE user_id = %s AND name != %s",
                (user_id, name),
            )
            if count >= deck_limit:
                raise TooMany(user_id, count)
            await tx.execute(
                "INSERT INTO decks (user_id, name, cards, created_at) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (user_id, name) DO UPDATE SET cards = excluded.cards",
                (user_id, name, cards, now),
            )

        await self._write(save)

    async def decks(self, user_id: int) -> list[tuple[str, str]]:
        rows = await self.db.fetchall(
            "SELECT name, cards FROM decks WHERE user_id = %s ORDER BY lower(name), name",
            (user_id,),
        )
        return [(row["name"], row["cards"]) for row in rows]

    async def deck(self, user_id: int, name: str) -> tuple[str, str] | None:
        row = await self.db.fetchone(
            "SELECT name, cards FROM decks WHERE user_id = %s AND name = %s", (user_id, name)
        )
        return (row["name"], row["cards"]) if row else None

    async def delete_deck(self, user_id: int, name: str) -> bool:
        async def delete(tx: Connection) -> bool:
            row = await pt.one(
                tx,
                "DELETE FROM decks WHERE user_id = %s AND name = %s RETURNING name",
                (user_id, name),
            )
            return row is not None

        return await self._write(delete)

    # ----- server settings ------------------------------------------------------------------

    async def server_settings(self, guild_id: int) -> ServerSettings:
        row = await self.db.fetchone(
            "SELECT settings FROM guild_settings WHERE guild_id = %s", (guild_id,)
        )
        return ServerSettings.from_stored(json.loads(row["settings"]) if row else {})

    async def change_server_settings(
        self, guild_id: int, changes: Mapping[str, Any]
    ) -> ServerSettings:
        """Merge `changes` into the server's settings under its row's lock (two admins
        changing different settings at once both keep theirs); the settings now."""

        async def update(tx: Connection) -> ServerSettings:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id) VALUES (%s) ON CONFLICT DO NOTHING",
                (guild_id,),
            )
            row = await pt.one(
                tx,
                "SELECT settings FROM guild_settings WHERE guild_id = %s FOR UPDATE",
                (guild_id,),
            )
            kept = ServerSettings.from_stored(json.loads(row["settings"]) if row else {})
            now = kept.changed(**changes)
            await tx.execute(
                "UPDATE guild_settings SET settings = %s WHERE guild_id = %s",
                (json.dumps(now.stored(), sort_keys=True), guild_id),
            )
            return now

        return await self._write(update)


def _on(shards: Shards) -> str:
    """`shards`' condition with its modulo written for psycopg (`%` is its placeholder)."""
    return shards.sql().replace("%", "%%")
