"""The game service: the only door from Discord to the engine and the database.

It knows nothing of Discord. Every accepted change is committed before a method returns;
each game's change is one transaction on the serialised write connection, and a stale or
repeated request (checked by the game's version) is refused, so two presses apply at most
one move. The seed and the hands leave only as a player's own `PlayerView`.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable

from bot.errors import (
    GameOver,
    IllegalMove,
    NotFound,
    NotYourGame,
    NotYourTurn,
    ServiceError,
    StaleView,
    TooEarly,
    engine_reason,
)
from bot.held import Held
from bot.i18n import Text, _
from bot.kinds import kind_of
from bot.ledger import Ledger
from bot.openings import Openings
from bot.records import (
    AnyEvent,
    AnyGame,
    AnyView,
    GameInfo,
    GameRecord,
    Outcome,
    Replayed,
    Sweep,
    as_recorded,
    replay_game,
)
from bot.reviews import ReviewDesk
from bot.settings import Settings
from bot.store import Store
from bot.store.errors import GameMoved
from bot.store.restored import Outdated
from bot.store.rows import Ending
from engine import CaravanError

log = logging.getLogger(__name__)
RESIGNED, TIMEOUT = "resigned", "timeout"
RETRIES = 5  # an ending that lost a race with a move is decided again on the new state


class GameService:
    """The games themselves: moves, resignations, claims, deadlines, views and records;
    how games begin (`openings`), what is kept beside them (`ledger`) and the computer's
    reviews of finished ones (`reviews`) are its members."""

    def __init__(
        self,
        store: Store,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.settings = settings or Settings()
        self.clock = clock
        # The servers whose deadlines, challenge expiry and AI turns this process keeps.
        self.shards = self.settings.shard_set()
        self.held = Held(store)
        self.ledger = Ledger(store, clock, self.shards)
        self.openings = Openings(store, self.settings, clock, self.shards, self.held, self.ledger)
        self.reviews = ReviewDesk(store, self.settings, clock, self.shards, self.held)

    # ----- games ----------------------------------------------------------------------------

    async def set_game_messages(
        self,
        game_id: int,
        *,
        thread_id: int | None = None,
        message_id: int | None = None,
        claim_message_id: int | None = None,
    ) -> None:
        """Remember where the game is shown (its thread, its latest table message, its
        latest notice offering the claim)."""
        await self.store.games.set_game_messages(game_id, thread_id, message_id, claim_message_id)
        self.held.forget(game_id)

    async def play(
        self, game_id: int, user_id: int, move: object, expected_version: int
    ) -> Outcome:
        """Apply `move` for `user_id`, who must be the player to move in a game still at
        `expected_version`. Committed before it returns.

        The move is checked and applied to a copy of the state outside the write
        transaction; the store then commits it only if the game is still at
        `expected_version`, so of two requests built on the same version exactly one
        lands, and the write connection is held only for the few statements that record
        the move."""
        info = await self.held.at(game_id, expected_version)
        seat = player_seat(info, user_id)
        check_playable(info, seat, expected_version)
        game = (await self.held.state(info)).copy()
        try:
            event = _apply(game, move)
        except CaravanError as error:  # IllegalMoveError, or text that is not a move
            raise IllegalMove(engine_reason(error)) from None
        ending = None
        if game.is_over:
            assert game.winner is not None and game.end_reason is not None
            ending = Ending(game.winner, game.end_reason, info.rated)
        try:
            info, changes = await self.store.games.record_move(
                info,
                expected_version,
                seat,
                user_id,
                str(event.move),
                game.ply,
                self.clock(),
                game.mover,
                ending,
            )
        except GameMoved as moved:
            self.held.note(moved.game)
            check_playable(moved.game, seat, expected_version)  # says why it moved
            raise StaleView(_("That was an old view: the game has moved on since.")) from None
        if ending is not None:
            log.info("game %s finished: %s (%s)", info.id, ending.winner, ending.reason)
        self.held.note(info)
        self.held.remember(game_id, info.version, game)
        return Outcome(info, event.public(), game.view(seat), game.view(None), changes)

    async def resign(self, game_id: int, user_id: int) -> Outcome:
        """The player gives up: the other wins (rated as any win)."""
        return await self._end(game_id, user_id, RESIGNED, lambda info, seat, now: _other(seat))

    async def claim_timeout(self, game_id: int, user_id: int) -> Outcome:
        """The waiting player claims the win once the player to move has let the turn
        deadline pass."""

        def timed_out(info: GameInfo, seat: str, now: float) -> str:
            if info.turn == seat and info.deadline is not None and now >= info.deadline:
                raise NotYourTurn(
                    _(
                        "Your time to move ran out, so the other player may claim the win; "
                        "until they do, your move still counts."
                    )
                )
            if info.turn == seat:
                raise NotYourTurn(
                    _("It is your turn: only the waiting player can claim a timeout.")
                )
            if info.deadline is None or now < info.deadline:
                left = math.ceil((info.deadline or now) - now)
                raise TooEarly(
                    _("The turn has not run out yet ({left} left).", left=duration(left))
                )
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
        names the winner or raises the refusal. Decided on the game as it is now; if a
        move lands first, decided again on the new state (so exactly one of the two
        lands, and a claim never ends a turn that was played in time)."""
        for _attempt in range(RETRIES):
            info = await self.held.fresh(game_id)
            seat = player_seat(info, user_id)
            if not info.active:
                raise GameOver(_("This game is over."))
            now = self.clock()
            winner = winner_of(info, seat, now)
            game = await self.held.state(info)
            try:
                ended, changes = await self.store.games.finish_game(
                    info, Ending(winner, reason, info.rated), now, info.turn
                )
            except GameMoved:
                continue
            log.info("game %s finished: %s (%s)", game_id, winner, reason)
            self.held.note(ended)
            views = (as_recorded(game.view(seat), ended), as_recorded(game.view(None), ended))
            return Outcome(ended, None, *views, changes)
        raise StaleView(_("The game kept moving; please try again."))

    async def abandon(self, game_id: int, guild_id: int | None = None) -> GameInfo:
        """End a stuck game with no result and no rating change (server admins: only a game
        of `guild_id` when given)."""
        for _attempt in range(RETRIES):
            info = await self.held.fresh(game_id)
            if guild_id is not None and info.guild_id != guild_id:
                raise NotFound(_("There is no such game in this server."))
            if not info.active:
                raise GameOver(_("This game is over."))
            try:
                return self.held.note(
                    await self.store.games.abandon_game(game_id, info.version, self.clock())
                )
            except GameMoved:
                continue
        raise StaleView(_("The game kept moving; please try again."))

    # ----- after a restore -------------------------------------------------------------------

    async def outdated_messages(self, limit: int) -> list[Outdated]:
        """Turn messages a restore took back, still to be marked (`bot.store.backup`)."""
        return await self.store.restored.outdated_messages(limit)

    async def forget_outdated(self, message_id: int) -> bool:
        """The message is marked: off the list (False: it was not on it)."""
        return await self.store.restored.forget_outdated(message_id)

    # ----- deadlines ------------------------------------------------------------------------

    async def next_deadline(self) -> float | None:
        """When a turn deadline of this process's games next calls for something (a
        reminder, the claim offered, a close), if any game waits on one."""
        return await self.store.lists.next_deadline(self.clock(), self.shards)

    async def sweep(self) -> Sweep:
        """What the turn deadlines call for now, each at most once per turn (the marks are
        committed with the selection, so a restart does not repeat them):
        - `reminders`: games past half their turn time, the player to move to be reminded;
        - `overdue`: games whose turn ran out, the waiting player to be told they may claim;
        - `claimed`: games against the AI whose player ran out of time: the AI claims;
        - `closed`: games nobody claimed within another turn's time, ended with no result."""
        closed, overdue, reminders = await self.store.games.mark_deadlines(
            self.clock(), self.shards
        )
        for info in closed:
            log.info("game %s closed: nobody claimed it after the turn ran out", info.id)
            self.held.note(info)
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

    async def player(self, game_id: int, user_id: int) -> tuple[GameInfo, str]:
        """A game's record and `user_id`'s seat in it; refused to anyone not playing."""
        info = await self.game(game_id)
        return info, player_seat(info, user_id)

    async def view(self, game_id: int, user_id: int | None) -> tuple[GameInfo, AnyView]:
        """A game's record and what `user_id` may see of it (a spectator's view for anyone
        not playing)."""
        info = await self.game(game_id)
        return info, await self.view_of(info, user_id)

    async def view_of(self, info: GameInfo, user_id: int | None) -> AnyView:
        """What `user_id` may see of the game at the record `info` (one this process just
        wrote or read: no read of the record again)."""
        game = await self.held.state(info)
        seat = info.seat_of(user_id) if user_id is not None else None
        return as_recorded(game.view(seat), info)

    async def game(self, game_id: int) -> GameInfo:
        """A game's public record (`Held.game`)."""
        return await self.held.game(game_id)

    async def landed(self, game_id: int, version: int) -> Outcome | None:
        """The move committed on `version` whose answer was lost (the connection dropped
        after the COMMIT, so `play` raised), as `play` would have returned it, rebuilt from
        the record; None if no move was committed there, or the game has changed since."""
        info = await self.held.fresh(game_id)
        if info.version != version + 1:
            return None
        seed, moves = await self.store.games.seed_and_moves(game_id)
        if len(moves) != version + 1:
            return None  # the change on `version` was no move (a resignation, a claim)
        game = replay_game(info.rules, seed, moves[:version])
        seat = game.mover
        event = _apply(game, moves[version])
        self.held.remember(game_id, info.version, game)
        return Outcome(info, event.public(), game.view(seat), game.view(None))

    async def record(self, game_id: int, guild_id: int | None = None) -> GameRecord:
        """Rules, seed and moves of a finished game (the seed stays secret until then);
        with `guild_id`, only a game of that server."""
        info = await self.game(game_id)
        if guild_id is not None and info.guild_id != guild_id:
            raise NotFound(_("There is no such game in this server."))
        if info.active:
            raise GameOver(_("The record of a game is shown once it is over."))
        seed, moves = await self.store.games.seed_and_moves(game_id)
        return GameRecord(info, seed, tuple(moves))

    async def replayed(self, game_id: int, ply: int, guild_id: int | None = None) -> Replayed:
        """A finished game as it stood after its first `ply` moves (clamped to the game),
        with what the last of them did: for watching a replay move by move."""
        record = await self.record(game_id, guild_id)
        ply = max(0, min(ply, len(record.moves)))
        game = replay_game(record.game.rules, record.seed, record.moves[: max(0, ply - 1)])
        event = _apply(game, record.moves[ply - 1]).public() if ply else None
        view = game.view(None)
        if ply == len(record.moves):
            view = as_recorded(view, record.game)
        return Replayed(record.game, ply, len(record.moves), view, event)


def _apply(game: AnyGame, move: object) -> AnyEvent:
    """Play `move` (text, or the game's own move object) on `game`."""
    event: AnyEvent = kind_of(game).play(game, move)
    return event


def check_playable(info: GameInfo, seat: str, expected_version: int) -> None:
    """Refuse a move in a game that is over, has moved on, or waits for the other player."""
    if not info.active:
        raise GameOver(_("This game is over."))
    if info.version != expected_version:
        raise StaleView(_("That was an old view: the game has moved on since."))
    if info.turn != seat:
        raise NotYourTurn(_("It is not your turn."))


def player_seat(info: GameInfo, user_id: int) -> str:
    seat = info.seat_of(user_id)
    if seat is None:
        raise NotYourGame(_("You are not playing in this game; you can watch the table."))
    return seat


def duration(seconds: int) -> Text:
    """A time left, short: "2 h 5 min", "5 min", "40 s" (said in the reader's language)."""
    if seconds >= 3600:
        return _("{hours} h {minutes} min", hours=seconds // 3600, minutes=seconds % 3600 // 60)
    if seconds >= 60:
        return _("{minutes} min", minutes=seconds // 60)
    return _("{seconds} s", seconds=seconds)


def _other(seat: str) -> str:
    return "B" if seat == "A" else "A"
