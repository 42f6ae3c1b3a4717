"""Games: `Games`, one transaction a method, the same statements on every dialect. A move
commits only at the version it was built on (`WHERE version = ?`): of two writers, the
second finds the version moved (`GameMoved`) and writes nothing."""

from __future__ import annotations

from bot.records import GameInfo, RatingChange
from bot.store.dialect import Part
from bot.store.errors import GameMoved
from bot.store.rows import ALL, Ending, NewGame, Shards
from bot.store.script import Script, lock_players
from bot.store.steps import check_active, check_no_rematch, finish, insert_game, load_game

# A move that does not end the game: the turn passes on, the move is recorded.
_TURN = (
    "UPDATE games SET version = version + 1, turn = ?, deadline = ?, updated_at = ? "
    "WHERE id = ? AND version = ? AND status = 'active' RETURNING *"
)
_MOVE = "INSERT INTO moves (game_id, ply, seat, user_id, move, played_at) VALUES (?, ?, ?, ?, ?, ?)"
# Both in one statement, where a WITH may write (`Dialect.writable_with`).
_TURN_AND_MOVE = (
    f"WITH g AS ({_TURN}), m AS (INSERT INTO moves (game_id, ply, seat, user_id, move, "
    "played_at) SELECT id, ?, ?, ?, ?, ? FROM g) SELECT * FROM g"
)

Finished = tuple[GameInfo, tuple[RatingChange, ...]]


class Games(Part):
    async def start_game(self, game: NewGame, active_limit: int) -> GameInfo:
        """A game with no challenge before it (against the computer player): refused when
        its first player has `active_limit` games in progress (`TooMany`), or when it is
        the rematch of a game that has one (`RematchTaken`)."""

        def start() -> Script[GameInfo]:
            if game.rematch_of is not None:
                yield from check_no_rematch(game.rematch_of, game.now)
            yield from lock_players(game.players[0])
            yield from check_active(game.players[0], active_limit)
            return (yield from insert_game(game))

        return await self.dialect.run(start)

    async def game(self, game_id: int) -> GameInfo | None:
        rows = await self.dialect.read("SELECT * FROM games WHERE id = ?", (game_id,))
        return GameInfo.from_row(rows[0]) if rows else None

    async def seed_and_moves(self, game_id: int) -> tuple[int, list[str]]:
        """The game's secret seed and its moves in order, in notation (one statement)."""
        rows = await self.dialect.read(
            "SELECT g.seed, m.move FROM games g LEFT JOIN moves m ON m.game_id = g.id "
            "WHERE g.id = ? ORDER BY m.ply",
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
        await self.dialect.statement(
            "UPDATE games SET thread_id = COALESCE(?, thread_id), "
            "message_id = COALESCE(?, message_id), "
            "claim_message_id = COALESCE(?, claim_message_id) WHERE id = ?",
            (thread_id, message_id, claim_message_id, game_id),
        )

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
    ) -> Finished:
        """Record `move` (the game's ply `ply`) only if the game is still active at
        `version` (`GameMoved` otherwise): the turn passes to `next_turn` with a new
        deadline, or, with `ending`, the game finishes and its ratings are updated."""
        turn = (next_turn, now + game.turn_seconds, now, game.id, version)
        played = (ply, seat, user_id, move, now)
        if ending is None and self.dialect.writable_with:
            row = await self.dialect.statement(_TURN_AND_MOVE, (*turn, *played))
            if row is None:
                moved = await self.game(game.id)
                assert moved is not None, f"game {game.id} is gone"
                raise GameMoved(moved)
            return GameInfo.from_row(row), ()

        def record() -> Script[Finished]:
            changes: tuple[RatingChange, ...] = ()
            if ending is not None:
                info, changes = yield from finish(game, ending, now, next_turn, version)
            else:
                rows = yield (_TURN, turn)
                if not rows:
                    raise GameMoved((yield from load_game(game.id)))
                info = GameInfo.from_row(rows[0])
            yield (_MOVE, (game.id, *played))
            return info, changes

        return await self.dialect.run(record)

    async def finish_game(
        self, game: GameInfo, ending: Ending, now: float, turn: str | None
    ) -> Finished:
        """End the game (resigned, claimed on time) if it is still at `game.version`
        (`GameMoved` otherwise), with its ratings when rated."""
        return await self.dialect.run(lambda: finish(game, ending, now, turn, game.version))

    async def abandon_game(self, game_id: int, version: int, now: float) -> GameInfo:
        """End a game with no result if it is still at `version` (`GameMoved` otherwise)."""

        def abandon() -> Script[GameInfo]:
            rows = yield (
                "UPDATE games SET status = 'abandoned', end_reason = 'abandoned', "
                "version = version + 1, deadline = NULL, updated_at = ? "
                "WHERE id = ? AND version = ? AND status = 'active' RETURNING *",
                (now, game_id, version),
            )
            if not rows:
                raise GameMoved((yield from load_game(game_id)))
            return GameInfo.from_row(rows[0])

        return await self.dialect.run(abandon)

    async def mark_deadlines(
        self, now: float, shards: Shards = ALL
    ) -> tuple[list[GameInfo], list[GameInfo], list[GameInfo]]:
        """What the turn deadlines call for, each once per turn (the marks are committed
        with the selection): games closed with no result (unclaimed for another turn's
        time), games whose turn ran out (not yet announced), and games past half their
        turn (not yet reminded). Turns of the computer player are never overdue here. Only
        games of servers on `shards`. Each UPDATE takes the rows it marks, so a move
        committing meanwhile either lands first (the row no longer matches) or waits."""
        human_turn = f"(ai_seat IS NULL OR turn != ai_seat) AND {shards.sql()}"
        statements = (
            "UPDATE games SET status = 'abandoned', end_reason = 'unclaimed', "
            "version = version + 1, deadline = NULL, updated_at = ? "
            "WHERE status = 'active' AND ai_seat IS NULL AND deadline + turn_seconds <= ? "
            f"AND {shards.sql()} RETURNING *",
            "UPDATE games SET overdue_version = version WHERE status = 'active' "
            f"AND deadline <= ? AND {human_turn} "
            "AND overdue_version IS DISTINCT FROM version RETURNING *",
            "UPDATE games SET reminded_version = version WHERE status = 'active' "
            "AND deadline > ? AND deadline - turn_seconds / 2.0 <= ? "
            f"AND {human_turn} AND reminded_version IS DISTINCT FROM version RETURNING *",
        )

        def marks() -> Script[list[list[GameInfo]]]:
            found = []
            for sql in statements:
                rows = yield (sql, (now,) * sql.count("?"))
                found.append([GameInfo.from_row(row) for row in rows])
            return found

        closed, overdue, reminders = await self.dialect.run(marks)
        return closed, overdue, reminders
