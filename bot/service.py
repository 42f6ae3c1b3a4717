"""The game service: the only door from Discord to the engine and the database.

It knows nothing of Discord. Every accepted change is committed before a method returns;
each game's change is one transaction on the serialised write connection, and a stale or
repeated request (checked by the game's version) is refused, so two presses apply at most
one move. The seed and the hands leave only as a player's own `PlayerView`.
"""

from __future__ import annotations

import logging
import math
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from bot.errors import (
    ChallengeRefused,
    GameOver,
    IllegalMove,
    NotFound,
    NotYourTurn,
    ServiceError,
    StaleView,
)
from bot.ledger import Ledger
from bot.records import (
    AnyEvent,
    AnyGame,
    AnyRules,
    AnyView,
    Challenge,
    GameInfo,
    GameRecord,
    Outcome,
    RatingChange,
    Sweep,
    replay_game,
    rules_to_text,
)
from bot.settings import Settings
from bot.store import Database
from bot.transactions import (
    check_playable,
    close_challenge,
    duration,
    finish,
    insert_game,
    load_challenge,
    load_game,
    open_challenge,
    player_seat,
    scalar,
)
from engine import CaravanError, Move, Rules
from engine.decktet import DecktetGame, Play

log = logging.getLogger(__name__)
CACHE_SIZE = 512  # games kept in memory, most recently used first
RESIGNED, TIMEOUT = "resigned", "timeout"


class GameService(Ledger):
    def __init__(
        self,
        db: Database,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.db = db
        self.settings = settings or Settings()
        self.clock = clock
        self._states: OrderedDict[int, tuple[int, AnyGame]] = OrderedDict()
        # The latest record of each game this process wrote or read. Every change to a game
        # bumps its version except where it is shown (set_game_messages drops the entry),
        # and commits check the version, so a stale entry can only cause a refusal.
        self._infos: dict[int, GameInfo] = {}

    # Every change below is one function run by `db.write` as one transaction on the write
    # connection's thread; it raises a ServiceError to refuse (and roll back).

    # ----- challenges -----------------------------------------------------------------------

    async def create_challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        opponent_id: int | None,
        rules: AnyRules | None = None,
        turn_seconds: int | None = None,
        rematch_of: int | None = None,
    ) -> Challenge:
        """A challenge to `opponent_id`, or open to anyone when None; with `rematch_of`, the
        rematch of that finished game (refused while one is open or was accepted)."""
        if opponent_id == challenger_id:
            raise ChallengeRefused("You cannot challenge yourself.")
        now = self.clock()
        limit = self.settings.max_open_challenges

        def create(tx: sqlite3.Connection) -> Challenge:
            if rematch_of is not None:
                _check_no_rematch(tx, rematch_of, now)
            count = scalar(
                tx,
                "SELECT COUNT(*) FROM challenges WHERE challenger_id = ? AND status = 'open' "
                "AND expires_at > ?",
                (challenger_id, now),
            )
            if count >= limit:
                raise ChallengeRefused(
                    f"You already have {count} open challenge{'s' * (count != 1)}, the most at "
                    "once; cancel one or wait for an answer."
                )
            cursor = tx.execute(
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id, rules, "
                "turn_seconds, created_at, expires_at, rematch_of) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    challenger_id,
                    opponent_id,
                    rules_to_text(rules or Rules()),
                    turn_seconds or self.settings.default_turn_seconds,
                    now,
                    now + self.settings.challenge_expiry_seconds,
                    rematch_of,
                ),
            )
            assert cursor.lastrowid is not None
            return load_challenge(tx, cursor.lastrowid)

        return await self.db.write(create)

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.db.write(
            lambda tx: tx.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
            )
        )

    async def accept(self, challenge_id: int, user_id: int) -> GameInfo:
        """Start the game: the challenger is A, the one who accepts is B, and who moves
        first comes from the game's secret seed (G1)."""
        now = self.clock()

        def accept(tx: sqlite3.Connection) -> GameInfo:
            challenge = open_challenge(tx, challenge_id, now)
            if user_id == challenge.challenger_id:
                raise ChallengeRefused("You cannot accept your own challenge.")
            if challenge.opponent_id is not None and challenge.opponent_id != user_id:
                raise ChallengeRefused(f"This challenge is for <@{challenge.opponent_id}>.")
            for player in (challenge.challenger_id, user_id):
                self._check_game_limit(tx, player)
            game_id = insert_game(
                tx,
                guild_id=challenge.guild_id,
                channel_id=challenge.channel_id,
                players=(challenge.challenger_id, user_id),
                rules=challenge.rules,
                turn_seconds=challenge.turn_seconds,
                now=now,
                rematch_of=challenge.rematch_of,
            )
            tx.execute(
                "UPDATE challenges SET status = 'accepted', game_id = ? WHERE id = ?",
                (game_id, challenge_id),
            )
            return load_game(tx, game_id)

        return self._note(await self.db.write(accept))

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        now = self.clock()

        def decline(tx: sqlite3.Connection) -> Challenge:
            challenge = open_challenge(tx, challenge_id, now)
            if challenge.opponent_id != user_id:
                who = "its challenger" if user_id == challenge.challenger_id else "someone else"
                raise ChallengeRefused(f"Only the challenged player can decline; you are {who}.")
            return close_challenge(tx, challenge_id, "declined")

        return await self.db.write(decline)

    async def cancel(self, challenge_id: int, user_id: int) -> Challenge:
        now = self.clock()

        def cancel(tx: sqlite3.Connection) -> Challenge:
            challenge = open_challenge(tx, challenge_id, now)
            if challenge.challenger_id != user_id:
                raise ChallengeRefused("Only the player who made this challenge can cancel it.")
            return close_challenge(tx, challenge_id, "cancelled")

        return await self.db.write(cancel)

    async def expire_challenges(self) -> list[Challenge]:
        """Mark every open challenge past its time as expired; return them (once each)."""
        now = self.clock()

        def expire(tx: sqlite3.Connection) -> list[Challenge]:
            rows = tx.execute(
                "UPDATE challenges SET status = 'expired' WHERE status = 'open' "
                "AND expires_at <= ? RETURNING *",
                (now,),
            ).fetchall()
            return [Challenge.from_row(row) for row in rows]

        return await self.db.write(expire)

    # ----- games ----------------------------------------------------------------------------

    async def start_ai_game(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        bot_id: int,
        level: str,
        rules: AnyRules | None = None,
        turn_seconds: int | None = None,
        rematch_of: int | None = None,
    ) -> GameInfo:
        """A game against the AI: the player is A, the AI (the bot's user id) is B; with
        `rematch_of`, the rematch of that finished game (refused if it has one)."""
        now = self.clock()

        def start(tx: sqlite3.Connection) -> GameInfo:
            if rematch_of is not None:
                _check_no_rematch(tx, rematch_of, now)
            self._check_game_limit(tx, user_id)
            game_id = insert_game(
                tx,
                guild_id=guild_id,
                channel_id=channel_id,
                players=(user_id, bot_id),
                rules=rules or Rules(),
                turn_seconds=turn_seconds or self.settings.default_turn_seconds,
                now=now,
                ai=("B", level),
                rematch_of=rematch_of,
            )
            return load_game(tx, game_id)

        return self._note(await self.db.write(start))

    async def set_game_messages(
        self, game_id: int, *, thread_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Remember where the game is shown (its thread, its latest table message)."""

        def update(tx: sqlite3.Connection) -> None:
            if thread_id is not None:
                tx.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))
            if message_id is not None:
                tx.execute("UPDATE games SET message_id = ? WHERE id = ?", (message_id, game_id))

        await self.db.write(update)
        self._infos.pop(game_id, None)

    async def play(
        self, game_id: int, user_id: int, move: Move | Play | str, expected_version: int
    ) -> Outcome:
        """Apply `move` for `user_id`, who must be the player to move in a game still at
        `expected_version`. Committed before it returns.

        The move is checked and applied to a copy of the state outside the write
        transaction; the transaction then commits it only if the game is still at
        `expected_version` (one UPDATE ... WHERE version = ?), so of two requests built on
        the same version exactly one lands, and the write connection is held only for the
        few statements that record the move."""
        info = await self.game(game_id)
        seat = player_seat(info, user_id)
        check_playable(info, seat, expected_version)
        game = (await self._state(info)).copy()
        try:
            event = _apply(game, move)
        except CaravanError as error:  # IllegalMoveError, or text that is not a move
            raise IllegalMove(str(error)) from None
        now = self.clock()
        text = str(event.move)

        def record(tx: sqlite3.Connection) -> tuple[Any, tuple[RatingChange, ...]]:
            changes: tuple[RatingChange, ...] = ()
            if game.is_over:
                assert game.winner is not None and game.end_reason is not None
                changes = finish(
                    tx, info, game.winner, game.end_reason, now, game.mover, expected_version
                )
                row = tx.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            else:
                row = tx.execute(
                    "UPDATE games SET version = version + 1, turn = ?, deadline = ?, "
                    "updated_at = ? WHERE id = ? AND version = ? AND status = 'active' "
                    "RETURNING *",
                    (game.mover, now + info.turn_seconds, now, game_id, expected_version),
                ).fetchone()
                if row is None:
                    check_playable(load_game(tx, game_id), seat, expected_version)
            tx.execute(
                "INSERT INTO moves (game_id, ply, seat, user_id, move, played_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, game.ply, seat, user_id, text, now),
            )
            return row, changes

        row, changes = await self.db.write(record)
        info = self._note(GameInfo.from_row(row))
        self._remember(game_id, info.version, game)
        return Outcome(info, event.public(), game.view(seat), game.view(None), changes)

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """The player gives up: the other wins (rated as any win)."""
        return await self._end(game_id, user_id, RESIGNED, lambda info, seat, now: _other(seat))

    async def claim_timeout(self, game_id: int, user_id: int) -> Outcome:
        """The waiting player claims the win once the player to move has let the turn
        deadline pass."""

        def timed_out(info: GameInfo, seat: str, now: float) -> str:
            if info.turn == seat:
                raise NotYourTurn("It is your turn: only the waiting player can claim a timeout.")
            if info.deadline is None or now < info.deadline:
                left = math.ceil((info.deadline or now) - now)
                raise StaleView(f"The turn has not run out yet ({duration(left)} left).")
            return seat

        return await self._end(game_id, user_id, TIMEOUT, timed_out)

    async def _end(
        self,
        game_id: int,
        user_id: int,
        reason: str,
        winner_of: Callable[[GameInfo, str, float], str],
    ) -> Outcome:
        """End an active game of `user_id`'s for `reason`: `winner_of(info, seat, now)`
        names the winner or raises the refusal."""
        now = self.clock()

        def end(tx: sqlite3.Connection) -> Outcome:
            info = load_game(tx, game_id)
            seat = player_seat(info, user_id)
            if not info.active:
                raise GameOver("This game is over.")
            winner = winner_of(info, seat, now)
            game = self._state_in(tx, info)
            changes = finish(tx, info, winner, reason, now, info.turn)
            return Outcome(load_game(tx, game_id), None, game.view(seat), game.view(None), changes)

        outcome = await self.db.write(end)
        self._note(outcome.game)
        return outcome

    async def abandon(self, game_id: int, guild_id: int | None = None) -> GameInfo:
        """End a stuck game with no result and no rating change (server admins: only a game
        of `guild_id` when given)."""
        now = self.clock()

        def abandon(tx: sqlite3.Connection) -> GameInfo:
            info = load_game(tx, game_id)
            if guild_id is not None and info.guild_id != guild_id:
                raise NotFound("There is no such game in this server.")
            if not info.active:
                raise GameOver("This game is over.")
            tx.execute(
                "UPDATE games SET status = 'abandoned', end_reason = 'abandoned', turn = NULL, "
                "version = version + 1, deadline = NULL, updated_at = ? WHERE id = ?",
                (now, game_id),
            )
            return load_game(tx, game_id)

        return self._note(await self.db.write(abandon))

    # ----- deadlines ------------------------------------------------------------------------

    async def sweep(self) -> Sweep:
        """What the turn deadlines call for now, each at most once per turn (the marks are
        committed with the selection, so a restart does not repeat them):
        - `reminders`: games past half their turn time, the player to move to be reminded;
        - `overdue`: games whose turn ran out, the waiting player to be told they may claim;
        - `claimed`: games against the AI whose player ran out of time: the AI claims;
        - `closed`: games nobody claimed within another turn's time, ended with no result."""
        now = self.clock()
        human_turn = "(ai_seat IS NULL OR turn != ai_seat)"

        def marks(tx: sqlite3.Connection) -> tuple[list[GameInfo], ...]:
            closed = tx.execute(
                "UPDATE games SET status = 'abandoned', end_reason = 'unclaimed', turn = NULL, "
                "version = version + 1, deadline = NULL, updated_at = ? "
                "WHERE status = 'active' AND ai_seat IS NULL AND deadline + turn_seconds <= ? "
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

        closed, overdue, reminders = await self.db.write(marks)
        for info in closed:
            log.info("game %s closed: nobody claimed it after the turn ran out", info.id)
            self._note(info)
        claimed = []
        for info in overdue:
            if info.ai_seat is None:
                continue
            try:
                claimed.append(await self.claim_timeout(info.id, info.user_at(info.ai_seat)))
            except ServiceError:  # the player moved meanwhile
                continue
        overdue = [g for g in overdue if g.ai_seat is None]
        return Sweep(reminders, overdue, claimed, closed)

    async def view(self, game_id: int, user_id: int | None) -> tuple[GameInfo, AnyView]:
        """A game's record and what `user_id` may see of it (a spectator's view for anyone
        not playing)."""
        info = await self.game(game_id)
        game = await self._state(info)
        return info, game.view(info.seat_of(user_id) if user_id is not None else None)

    async def game(self, game_id: int) -> GameInfo:
        """A game's public record. The service is the database's only writer, so the
        record it last wrote or read is current; commits check versions all the same."""
        held = self._infos.get(game_id)
        if held is not None:
            return held
        row = await self.db.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFound("There is no such game.")
        return self._note(GameInfo.from_row(row))

    def _note(self, info: GameInfo) -> GameInfo:
        held = self._infos.get(info.id)
        if held is None or held.version <= info.version:
            self._infos[info.id] = info
        if len(self._infos) > CACHE_SIZE * 4:
            self._infos.clear()
        return info

    async def challenge(self, challenge_id: int) -> Challenge:
        row = await self.db.fetchone("SELECT * FROM challenges WHERE id = ?", (challenge_id,))
        if row is None:
            raise NotFound("There is no such challenge.")
        return Challenge.from_row(row)

    async def record(self, game_id: int) -> GameRecord:
        """Rules, seed and moves of a finished game (the seed stays secret until then)."""
        info = await self.game(game_id)
        if info.active:
            raise GameOver("The record of a game is shown once it is over.")
        row = await self.db.fetchone("SELECT seed FROM games WHERE id = ?", (game_id,))
        assert row is not None
        moves = await self.db.fetchall(
            "SELECT move FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)
        )
        return GameRecord(info, row["seed"], tuple(m["move"] for m in moves))

    # ----- inside ---------------------------------------------------------------------------

    def _check_game_limit(self, tx: sqlite3.Connection, user_id: int) -> None:
        count = scalar(
            tx,
            "SELECT COUNT(*) FROM games WHERE status = 'active' AND (player_a = ? OR player_b = ?)",
            (user_id, user_id),
        )
        if count >= self.settings.max_active_games:
            raise ChallengeRefused(
                f"<@{user_id}> already plays {count} games, the most at once; finish one first."
            )

    async def _state(self, info: GameInfo) -> AnyGame:
        """The game's state at `info.version`: from this process's cache, or rebuilt from
        rules + seed + moves. Never modify the returned Game: copy it."""
        cached = self._states.get(info.id)
        if cached is not None and cached[0] == info.version:
            self._states.move_to_end(info.id)
            return cached[1]
        row = await self.db.fetchone("SELECT seed FROM games WHERE id = ?", (info.id,))
        moves = await self.db.fetchall(
            "SELECT move FROM moves WHERE game_id = ? ORDER BY ply", (info.id,)
        )
        assert row is not None
        game = _rebuild(info, row["seed"], [m["move"] for m in moves])
        self._remember(info.id, info.version, game)
        return game

    def _state_in(self, tx: sqlite3.Connection, info: GameInfo) -> AnyGame:
        """The game's state at `info.version`, from this process's cache or rebuilt from
        rules + seed + moves (on the write thread: it only reads the cache). Never modify
        the returned Game: copy it."""
        cached = self._states.get(info.id)
        if cached is not None and cached[0] == info.version:
            return cached[1]
        seed = scalar(tx, "SELECT seed FROM games WHERE id = ?", (info.id,))
        moves = tx.execute(
            "SELECT move FROM moves WHERE game_id = ? ORDER BY ply", (info.id,)
        ).fetchall()
        return _rebuild(info, seed, [row["move"] for row in moves])

    def _remember(self, game_id: int, version: int, game: AnyGame) -> None:
        held = self._states.get(game_id)
        if held is not None and held[0] > version:
            return  # a newer state is already held
        self._states[game_id] = (version, game)
        self._states.move_to_end(game_id)
        while len(self._states) > CACHE_SIZE:
            self._states.popitem(last=False)


def _apply(game: AnyGame, move: Move | Play | str) -> AnyEvent:
    """Play `move` (text, or the game's own move object) on `game`."""
    if isinstance(game, DecktetGame):
        return game.play(move if isinstance(move, str | Play) else str(move))
    return game.play(move if isinstance(move, str | Move) else str(move))


def _check_no_rematch(tx: sqlite3.Connection, game_id: int, now: float) -> None:
    """Refuse a second rematch of `game_id`: one is waiting for an answer, or was played.
    (A declined, cancelled or expired one may be offered again.)"""
    game = tx.execute("SELECT id FROM games WHERE rematch_of = ?", (game_id,)).fetchone()
    if game is not None:
        raise ChallengeRefused(f"This game's rematch was already played: game #{game['id']}.")
    waiting = tx.execute(
        "SELECT channel_id FROM challenges WHERE rematch_of = ? AND status = 'open' "
        "AND expires_at > ?",
        (game_id, now),
    ).fetchone()
    if waiting is not None:
        raise ChallengeRefused(
            f"A rematch of this game is already waiting for an answer in <#{waiting[0]}>."
        )


def _other(seat: str) -> str:
    return "B" if seat == "A" else "A"


def _rebuild(info: GameInfo, seed: int, moves: list[str]) -> AnyGame:
    """The state `info` describes, replayed from rules + seed + moves. An active game's
    version is its number of moves: moves committed after `info` was read are left out."""
    return replay_game(info.rules, seed, moves[: info.version] if info.active else moves)
