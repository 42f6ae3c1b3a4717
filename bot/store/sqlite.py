"""Every statement the bot runs, for SQLite: `SqliteStore`, over `Database`'s connections.

Each method is named for what it does and is one transaction (reads see committed data
only). A change the data does not allow raises a `bot.store.errors.Conflict` with the facts
and writes nothing; the game service decides what it means and says it to the player.
Concurrency lives in the statements: a move commits only at the version it was built on
(`WHERE version = ?`), a challenge is answered only while `status = 'open'`, and each
per-player limit is counted in the transaction that would pass it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from bot.records import Challenge, GameInfo, RatingChange
from bot.server import ServerSettings
from bot.store import sqlite_tx as st
from bot.store.counts import Counts
from bot.store.database import Database
from bot.store.errors import ChallengeClosed, GameMoved, TooMany
from bot.store.events import EventStore
from bot.store.lists import GameLists
from bot.store.restored import RestoredStore
from bot.store.rows import ALL, Ending, NewChallenge, NewGame, Shards
from bot.store.script import Script, run_sqlite
from bot.store.seasons import SeasonStore
from bot.store.standings import Standings
from bot.store.url import parse, sqlite_url

T = TypeVar("T")


class SqliteStore(GameLists, Standings, EventStore, SeasonStore, Counts, RestoredStore):
    """The bot's data in one SQLite database (`Database`: WAL, one write connection). One
    process: the embedded default."""

    shared = False

    def __init__(self, db: Database) -> None:
        self.db = db
        self.url = parse(sqlite_url(db.path))

    @classmethod
    async def open(cls, path: Path | str) -> SqliteStore:
        """Open (creating and migrating) the database file; `StoreError` saying why not."""
        return cls(await Database.open(path))

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        return await self.db.user_version()

    async def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        return [dict(row) for row in await self.db.fetchall(sql, params)]

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        return await self.db.write(work)

    async def _script(self, make: Callable[[], Script[T]]) -> T:
        return await self.db.write(lambda tx: run_sqlite(tx, make()))

    # ----- challenges -----------------------------------------------------------------------

    async def create_challenge(self, new: NewChallenge, open_limit: int) -> Challenge:
        """Open a challenge, unless its challenger already has `open_limit` open ones
        (`TooMany`) or it is the rematch of a game that has one (`RematchTaken`)."""

        def create(tx: sqlite3.Connection) -> Challenge:
            if new.rematch_of is not None:
                st.check_no_rematch(tx, new.rematch_of, new.created_at)
            count = st.scalar(
                tx,
                "SELECT COUNT(*) FROM challenges WHERE challenger_id = ? AND status = 'open' "
                "AND expires_at > ?",
                (new.challenger_id, new.created_at),
            )
            if count >= open_limit:
                raise TooMany(new.challenger_id, count)
            cursor = tx.execute(
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, rules, "
                "turn_seconds, created_at, expires_at, rematch_of) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            assert cursor.lastrowid is not None
            return st.load_challenge(tx, cursor.lastrowid)

        return await self._write(create)

    async def challenge(self, challenge_id: int) -> Challenge | None:
        row = await self.db.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        return Challenge.from_row(row) if row else None

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self._write(
            lambda tx: tx.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
            )
        )

    async def accept_challenge(
        self, challenge_id: int, game: NewGame, active_limit: int
    ) -> GameInfo:
        """Start `game` from the challenge while it is open (`ChallengeClosed` otherwise),
        unless a player already has `active_limit` games in progress (`TooMany`)."""

        def accept(tx: sqlite3.Connection) -> GameInfo:
            challenge = st.load_challenge(tx, challenge_id)
            if challenge.status != "open" or challenge.expires_at <= game.now:
                raise ChallengeClosed(challenge)
            for player in game.players:
                st.check_active(tx, player, active_limit)
            game_id = st.insert_game(tx, game)
            tx.execute(
                "UPDATE challenges SET status = 'accepted', game_id = ? WHERE id = ?",
                (game_id, challenge_id),
            )
            return st.load_game(tx, game_id)

        return await self._write(accept)

    async def close_challenge(self, challenge_id: int, status: str, now: float) -> Challenge:
        """Mark an open challenge `status` (declined or cancelled); `ChallengeClosed` if it
        was answered or ran out first."""

        def close(tx: sqlite3.Connection) -> Challenge:
            cursor = tx.execute(
                "UPDATE challenges SET status = ? WHERE id = ? AND status = 'open' "
                "AND expires_at > ?",
                (status, challenge_id, now),
            )
            challenge = st.load_challenge(tx, challenge_id)
            if cursor.rowcount != 1:
                raise ChallengeClosed(challenge)
            return challenge

        return await self._write(close)

    async def expire_challenges(self, now: float, shards: Shards = ALL) -> list[Challenge]:
        """Mark every open challenge past its time (of a server on `shards`) expired;
        return them (once each)."""

        def expire(tx: sqlite3.Connection) -> list[Challenge]:
            rows = tx.execute(
                "UPDATE challenges SET status = 'expired' WHERE status = 'open' "
                f"AND expires_at <= ? AND {shards.sql()} RETURNING *",
                (now,),
            ).fetchall()
            return [Challenge.from_row(row) for row in rows]

        return await self._write(expire)

    # ----- games ----------------------------------------------------------------------------

    async def start_game(self, game: NewGame, active_limit: int) -> GameInfo:
        """A game with no challenge before it (against the computer player): refused when
        its first player has `active_limit` games in progress (`TooMany`), or when it is
        the rematch of a game that has one (`RematchTaken`)."""

        def start(tx: sqlite3.Connection) -> GameInfo:
            if game.rematch_of is not None:
                st.check_no_rematch(tx, game.rematch_of, game.now)
            st.check_active(tx, game.players[0], active_limit)
            return st.load_game(tx, st.insert_game(tx, game))

        return await self._write(start)

    async def game(self, game_id: int) -> GameInfo | None:
        row = await self.db.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        return GameInfo.from_row(row) if row else None

    async def seed_and_moves(self, game_id: int) -> tuple[int, list[str]]:
        """The game's secret seed and its moves in order, in notation."""
        row = await self.db.fetchone("SELECT seed FROM games WHERE id = ?", (game_id,))
        moves = await self.db.fetchall(
            "SELECT move FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        )
        assert row is not None
        return row["seed"], [m["move"] for m in moves]

    async def set_game_messages(
        self,
        game_id: int,
        thread_id: int | None,
        message_id: int | None,
        claim_message_id: int | None = None,
    ) -> None:
        def update(tx: sqlite3.Connection) -> None:
            tx.execute(
                "UPDATE games SET thread_id = COALESCE(?, thread_id), "
                "message_id = COALESCE(?, message_id), "
                "claim_message_id = COALESCE(?, claim_message_id) WHERE id = ?",
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
        """Record `move` (the game's ply `ply`) only if the game is still active at
        `version` (`GameMoved` otherwise): the turn passes to `next_turn` with a new
        deadline, or, with `ending`, the game finishes and its ratings are updated."""

        def record(tx: sqlite3.Connection) -> tuple[GameInfo, tuple[RatingChange, ...]]:
            changes: tuple[RatingChange, ...] = ()
            if ending is not None:
                changes = st.finish(tx, game, ending, now, next_turn, version)
                row = tx.execute("SELECT * FROM games WHERE id = ?", (game.id,)).fetchone()
            else:
                row = tx.execute(
                    "UPDATE games SET version = version + 1, turn = ?, deadline = ?, "
                    "updated_at = ? WHERE id = ? AND version = ? AND status = 'active' "
                    "RETURNING *",
                    (next_turn, now + game.turn_seconds, now, game.id, version),
                ).fetchone()
                if row is None:
                    raise GameMoved(st.load_game(tx, game.id))
            tx.execute(
                "INSERT INTO moves (game_id, ply, seat, user_id, move, played_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game.id, ply, seat, user_id, move, now),
            )
            return GameInfo.from_row(row), changes

        return await self._write(record)

    async def finish_game(
        self, game: GameInfo, ending: Ending, now: float, turn: str | None
    ) -> tuple[GameInfo, tuple[RatingChange, ...]]:
        """End the game (resigned, claimed on time) if it is still at `game.version`
        (`GameMoved` otherwise), with its ratings when rated."""

        def finish(tx: sqlite3.Connection) -> tuple[GameInfo, tuple[RatingChange, ...]]:
            changes = st.finish(tx, game, ending, now, turn, game.version)
            return st.load_game(tx, game.id), changes

        return await self._write(finish)

    async def abandon_game(self, game_id: int, version: int, now: float) -> GameInfo:
        """End a game with no result if it is still at `version` (`GameMoved` otherwise)."""

        def abandon(tx: sqlite3.Connection) -> GameInfo:
            row = tx.execute(
                "UPDATE games SET status = 'abandoned', end_reason = 'abandoned', "
                "version = version + 1, deadline = NULL, updated_at = ? "
                "WHERE id = ? AND version = ? AND status = 'active' RETURNING *",
                (now, game_id, version),
            ).fetchone()
            if row is None:
                raise GameMoved(st.load_game(tx, game_id))
            return GameInfo.from_row(row)

        return await self._write(abandon)

    async def mark_deadlines(
        self, now: float, shards: Shards = ALL
    ) -> tuple[list[GameInfo], list[GameInfo], list[GameInfo]]:
        """What the turn deadlines call for, each once per turn (the marks are committed
        with the selection): games closed with no result (unclaimed for another turn's
        time), games whose turn ran out (not yet announced), and games past half their
        turn (not yet reminded). Turns of the computer player are never overdue here. Only
        games of servers on `shards`."""
        human_turn = f"(ai_seat IS NULL OR turn != ai_seat) AND {shards.sql()}"

        def marks(tx: sqlite3.Connection) -> tuple[list[GameInfo], ...]:
            closed = tx.execute(
                "UPDATE games SET status = 'abandoned', end_reason = 'unclaimed', "
                "version = version + 1, deadline = NULL, updated_at = ? "
                "WHERE status = 'active' AND ai_seat IS NULL AND deadline + turn_seconds <= ? "
                f"AND {shards.sql()} "
                "RETURNING *",
                (now, now),
            ).fetchall()
            overdue = tx.execute(
                "UPDATE games SET overdue_version = version WHERE status = 'active' "
                f"AND deadline <= ? AND {human_turn} "
                "AND overdue_version IS NOT version RETURNING *",
                (now,),
            ).fetchall()
            reminders = tx.execute(
                "UPDATE games SET reminded_version = version WHERE status = 'active' "
                f"AND deadline > ? AND deadline - turn_seconds / 2.0 <= ? AND {human_turn} "
                "AND reminded_version IS NOT version RETURNING *",
                (now, now),
            ).fetchall()
            return tuple(
                [GameInfo.from_row(row) for row in rows] for rows in (closed, overdue, reminders)
            )

        closed, overdue, reminders = await self._write(marks)
        return closed, overdue, reminders

    # ----- lists of games -------------------------------------------------------------------

    async def ai_turns(self, shards: Shards = ALL) -> list[GameInfo]:
        return await self._listed(
            "SELECT * FROM games WHERE status = 'active' AND ai_seat IS NOT NULL "
            f"AND turn = ai_seat AND {shards.sql()} ORDER BY updated_at"
        )

    # ----- decks ----------------------------------------------------------------------------

    async def save_deck(
        self, user_id: int, name: str, cards: str, now: float, deck_limit: int
    ) -> None:
        """Save (or replace) a deck, unless the player already keeps `deck_limit` others
        (`TooMany`)."""

        def save(tx: sqlite3.Connection) -> None:
            count = st.scalar(
                tx,
                "SELECT COUNT(*) FROM decks WHERE user_id = ? AND name != ?",
                (user_id, name),
            )
            if count >= deck_limit:
                raise TooMany(user_id, count)
            tx.execute(
                "INSERT INTO decks (user_id, name, cards, created_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id, name) DO UPDATE SET cards = excluded.cards",
                (user_id, name, cards, now),
            )

        await self._write(save)

    async def decks(self, user_id: int) -> list[tuple[str, str]]:
        """(name, cards in notation) of each of the player's decks, by name."""
        rows = await self.db.fetchall(
            "SELECT name, cards FROM decks WHERE user_id = ? ORDER BY name COLLATE NOCASE",
            (user_id,),
        )
        return [(row["name"], row["cards"]) for row in rows]

    async def deck(self, user_id: int, name: str) -> tuple[str, str] | None:
        row = await self.db.fetchone(
            "SELECT name, cards FROM decks WHERE user_id = ? AND name = ?", (user_id, name)
        )
        return (row["name"], row["cards"]) if row else None

    async def delete_deck(self, user_id: int, name: str) -> bool:
        """Whether there was such a deck (it is gone now)."""

        def delete(tx: sqlite3.Connection) -> bool:
            cursor = tx.execute("DELETE FROM decks WHERE user_id = ? AND name = ?", (user_id, name))
            return cursor.rowcount == 1

        return await self._write(delete)

    # ----- server settings ------------------------------------------------------------------

    async def server_settings(self, guild_id: int) -> ServerSettings:
        row = await self.db.fetchone(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return ServerSettings.from_stored(json.loads(row["settings"]) if row else {})

    async def change_server_settings(
        self, guild_id: int, changes: Mapping[str, Any]
    ) -> ServerSettings:
        """Merge `changes` into the server's settings (None: back to the default); the
        settings now. Two admins changing different settings at once both keep theirs."""

        def update(tx: sqlite3.Connection) -> ServerSettings:
            row = tx.execute(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ).fetchone()
            kept = ServerSettings.from_stored(json.loads(row["settings"]) if row else {})
            now = kept.changed(**changes)
            tx.execute(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, json.dumps(now.stored(), sort_keys=True)),
            )
            return now

        return await self._write(update)
