"""The game service: the only door from Discord to the engine and the database.

It knows nothing of Discord. Every accepted change is committed before a method returns;
each game's change is one transaction on the serialised write connection, and a stale or
repeated request (checked by the game's version) is refused, so two presses apply at most
one move. The seed and the hands leave only as a player's own `PlayerView`.
"""

from __future__ import annotations

import logging
import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable

from bot.errors import (
    ChallengeRefused,
    GameOver,
    IllegalMove,
    NotFound,
    NotYourGame,
    NotYourTurn,
    ServiceError,
    StaleView,
    TooEarly,
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
    Sweep,
    as_recorded,
    game_of,
    new_game,
    replay_game,
    rules_to_text,
)
from bot.settings import Settings
from bot.store import Store
from bot.store.errors import ChallengeClosed, GameMoved, RematchTaken, TooMany
from bot.store.rows import Ending, NewChallenge, NewGame
from engine import CaravanError, Move, Rules
from engine.decktet import DecktetGame, Play

log = logging.getLogger(__name__)
CACHE_SIZE = 512  # games kept in memory, most recently used first
RESIGNED, TIMEOUT = "resigned", "timeout"
RETRIES = 5  # an ending that lost a race with a move is decided again on the new state


class GameService(Ledger):
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
        self._states: OrderedDict[int, tuple[int, AnyGame]] = OrderedDict()
        # The latest record of each game this process wrote or read. Every change to a game
        # bumps its version except where it is shown (set_game_messages drops the entry),
        # and commits check the version. With a shared store (other processes write too)
        # it is trusted only for a move built on its very version (`_at`).
        self._infos: dict[int, GameInfo] = {}

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
        new = NewChallenge(
            guild_id=guild_id,
            channel_id=channel_id,
            challenger_id=challenger_id,
            opponent_id=opponent_id,
            rules=rules_to_text(rules or Rules()),
            turn_seconds=turn_seconds or self.settings.default_turn_seconds,
            created_at=now,
            expires_at=now + self.settings.challenge_expiry_seconds,
            rematch_of=rematch_of,
        )
        try:
            return await self.store.create_challenge(new, self.settings.max_open_challenges)
        except TooMany as limit:
            raise ChallengeRefused(
                f"You already have {limit.count} open challenge{'s' * (limit.count != 1)}, "
                "the most at once; cancel one or wait for an answer."
            ) from None
        except RematchTaken as taken:
            raise _rematch_refusal(taken) from None

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        await self.store.set_challenge_message(challenge_id, message_id)

    async def accept(self, challenge_id: int, user_id: int) -> GameInfo:
        """Start the game: the challenger is A, the one who accepts is B, and who moves
        first comes from the game's secret seed (G1)."""
        now = self.clock()
        challenge = await self._open_challenge(challenge_id, now)
        if user_id == challenge.challenger_id:
            raise ChallengeRefused("You cannot accept your own challenge.")
        if challenge.opponent_id is not None and challenge.opponent_id != user_id:
            raise ChallengeRefused(f"This challenge is for <@{challenge.opponent_id}>.")
        game = self._new_game(
            challenge.guild_id,
            challenge.channel_id,
            (challenge.challenger_id, user_id),
            challenge.rules,
            challenge.turn_seconds,
            now,
            rematch_of=challenge.rematch_of,
        )
        try:
            info = await self.store.accept_challenge(
                challenge_id, game, self.settings.max_active_games
            )
        except ChallengeClosed as closed:
            raise _closed_refusal(closed.challenge, now) from None
        except TooMany as limit:
            raise _games_refusal(limit) from None
        log.info("game %s started in guild %s", info.id, info.guild_id)
        return self._note(info)

    async def decline(self, challenge_id: int, user_id: int) -> Challenge:
        now = self.clock()
        challenge = await self._open_challenge(challenge_id, now)
        if challenge.opponent_id != user_id:
            who = "its challenger" if user_id == challenge.challenger_id else "someone else"
            raise ChallengeRefused(f"Only the challenged player can decline; you are {who}.")
        return await self._close(challenge_id, "declined", now)

    async def cancel(self, challenge_id: int, user_id: int) -> Challenge:
        now = self.clock()
        challenge = await self._open_challenge(challenge_id, now)
        if challenge.challenger_id != user_id:
            raise ChallengeRefused("Only the player who made this challenge can cancel it.")
        return await self._close(challenge_id, "cancelled", now)

    async def expire_challenges(self) -> list[Challenge]:
        """Mark every open challenge past its time as expired; return them (once each)."""
        return await self.store.expire_challenges(self.clock(), self.shards)

    async def _open_challenge(self, challenge_id: int, now: float) -> Challenge:
        """The challenge, refused unless it is still open."""
        challenge = await self.challenge(challenge_id)
        if challenge.status != "open" or challenge.expires_at <= now:
            raise _closed_refusal(challenge, now)
        return challenge

    async def _close(self, challenge_id: int, status: str, now: float) -> Challenge:
        try:
            return await self.store.close_challenge(challenge_id, status, now)
        except ChallengeClosed as closed:
            raise _closed_refusal(closed.challenge, now) from None

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
        game = self._new_game(
            guild_id,
            channel_id,
            (user_id, bot_id),
            rules or Rules(),
            turn_seconds or self.settings.default_turn_seconds,
            self.clock(),
            ai=("B", level),
            rematch_of=rematch_of,
        )
        try:
            info = await self.store.start_game(game, self.settings.max_active_games)
        except TooMany as limit:
            raise _games_refusal(limit) from None
        except RematchTaken as taken:
            raise _rematch_refusal(taken) from None
        log.info("game %s started in guild %s", info.id, info.guild_id)
        return self._note(info)

    def _new_game(
        self,
        guild_id: int,
        channel_id: int,
        players: tuple[int, int],
        rules: AnyRules,
        turn_seconds: int,
        now: float,
        ai: tuple[str, str] | None = None,
        rematch_of: int | None = None,
    ) -> NewGame:
        """A new game's row: a secret seed, and who moves first from it (G1)."""
        seed = secrets.randbits(53)
        return NewGame(
            guild_id=guild_id,
            channel_id=channel_id,
            players=players,
            rules=rules_to_text(rules),
            game=game_of(rules),
            seed=seed,
            turn=new_game(rules, seed).mover,
            turn_seconds=turn_seconds,
            now=now,
            ai=ai,
            rematch_of=rematch_of,
        )

    async def set_game_messages(
        self, game_id: int, *, thread_id: int | None = None, message_id: int | None = None
    ) -> None:
        """Remember where the game is shown (its thread, its latest table message)."""
        await self.store.set_game_messages(game_id, thread_id, message_id)
        self._infos.pop(game_id, None)

    async def play(
        self, game_id: int, user_id: int, move: Move | Play | str, expected_version: int
    ) -> Outcome:
        """Apply `move` for `user_id`, who must be the player to move in a game still at
        `expected_version`. Committed before it returns.

        The move is checked and applied to a copy of the state outside the write
        transaction; the store then commits it only if the game is still at
        `expected_version`, so of two requests built on the same version exactly one
        lands, and the write connection is held only for the few statements that record
        the move."""
        info = await self._at(game_id, expected_version)
        seat = player_seat(info, user_id)
        check_playable(info, seat, expected_version)
        game = (await self._state(info)).copy()
        try:
            event = _apply(game, move)
        except CaravanError as error:  # IllegalMoveError, or text that is not a move
            raise IllegalMove(str(error)) from None
        ending = None
        if game.is_over:
            assert game.winner is not None and game.end_reason is not None
            ending = Ending(game.winner, game.end_reason, info.rated)
        try:
            info, changes = await self.store.record_move(
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
            self._note(moved.game)
            check_playable(moved.game, seat, expected_version)  # says why it moved
            raise StaleView("That was an old view: the game has moved on since.") from None
        if ending is not None:
            log.info("game %s finished: %s (%s)", info.id, ending.winner, ending.reason)
        self._note(info)
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
                raise TooEarly(f"The turn has not run out yet ({duration(left)} left).")
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
        for _ in range(RETRIES):
            info = await self._fresh(game_id)
            seat = player_seat(info, user_id)
            if not info.active:
                raise GameOver("This game is over.")
            now = self.clock()
            winner = winner_of(info, seat, now)
            game = await self._state(info)
            try:
                ended, changes = await self.store.finish_game(
                    info, Ending(winner, reason, info.rated), now, info.turn
                )
            except GameMoved:
                continue
            log.info("game %s finished: %s (%s)", game_id, winner, reason)
            self._note(ended)
            views = (as_recorded(game.view(seat), ended), as_recorded(game.view(None), ended))
            return Outcome(ended, None, *views, changes)
        raise StaleView("The game kept moving; please try again.")

    async def abandon(self, game_id: int, guild_id: int | None = None) -> GameInfo:
        """End a stuck game with no result and no rating change (server admins: only a game
        of `guild_id` when given)."""
        for _ in range(RETRIES):
            info = await self._fresh(game_id)
            if guild_id is not None and info.guild_id != guild_id:
                raise NotFound("There is no such game in this server.")
            if not info.active:
                raise GameOver("This game is over.")
            try:
                return self._note(
                    await self.store.abandon_game(game_id, info.version, self.clock())
                )
            except GameMoved:
                continue
        raise StaleView("The game kept moving; please try again.")

    # ----- deadlines ------------------------------------------------------------------------

    async def sweep(self) -> Sweep:
        """What the turn deadlines call for now, each at most once per turn (the marks are
        committed with the selection, so a restart does not repeat them):
        - `reminders`: games past half their turn time, the player to move to be reminded;
        - `overdue`: games whose turn ran out, the waiting player to be told they may claim;
        - `claimed`: games against the AI whose player ran out of time: the AI claims;
        - `closed`: games nobody claimed within another turn's time, ended with no result."""
        closed, overdue, reminders = await self.store.mark_deadlines(self.clock(), self.shards)
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
        return info, await self.view_of(info, user_id)

    async def view_of(self, info: GameInfo, user_id: int | None) -> AnyView:
        """What `user_id` may see of the game at the record `info` (one this process just
        wrote or read: no read of the record again)."""
        game = await self._state(info)
        seat = info.seat_of(user_id) if user_id is not None else None
        return as_recorded(game.view(seat), info)

    async def game(self, game_id: int) -> GameInfo:
        """A game's public record. With SQLite this process is the only writer, so the
        record it last wrote or read is current; with a shared store it is read again."""
        held = None if self.store.shared else self._infos.get(game_id)
        if held is not None:
            return held
        return await self._fresh(game_id)

    async def _at(self, game_id: int, version: int) -> GameInfo:
        """The game's record for a change built on `version`: the one held, if it is at
        that version (the commit checks it is still current), else read again, so a game
        another process moved is never refused on an old record."""
        held = self._infos.get(game_id)
        if held is not None and held.version == version:
            return held
        return await self.game(game_id)

    async def _fresh(self, game_id: int) -> GameInfo:
        """The game's record as the database has it now."""
        info = await self.store.game(game_id)
        if info is None:
            raise NotFound("There is no such game.")
        return self._note(info)

    def _note(self, info: GameInfo) -> GameInfo:
        held = self._infos.get(info.id)
        if held is None or held.version <= info.version:
            self._infos[info.id] = info
        if len(self._infos) > CACHE_SIZE * 4:
            self._infos.clear()
        return info

    async def challenge(self, challenge_id: int) -> Challenge:
        challenge = await self.store.challenge(challenge_id)
        if challenge is None:
            raise NotFound("There is no such challenge.")
        return challenge

    async def record(self, game_id: int) -> GameRecord:
        """Rules, seed and moves of a finished game (the seed stays secret until then)."""
        info = await self.game(game_id)
        if info.active:
            raise GameOver("The record of a game is shown once it is over.")
        seed, moves = await self.store.seed_and_moves(game_id)
        return GameRecord(info, seed, tuple(moves))

    # ----- inside ---------------------------------------------------------------------------

    async def _state(self, info: GameInfo) -> AnyGame:
        """The game's state at `info.version`: from this process's cache, or rebuilt from
        rules + seed + moves. Never modify the returned Game: copy it."""
        cached = self._states.get(info.id)
        if cached is not None and cached[0] == info.version:
            self._states.move_to_end(info.id)
            return cached[1]
        seed, moves = await self.store.seed_and_moves(info.id)
        game = _rebuild(info, seed, moves)
        self._remember(info.id, info.version, game)
        return game

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


def check_playable(info: GameInfo, seat: str, expected_version: int) -> None:
    """Refuse a move in a game that is over, has moved on, or waits for the other player."""
    if not info.active:
        raise GameOver("This game is over.")
    if info.version != expected_version:
        raise StaleView("That was an old view: the game has moved on since.")
    if info.turn != seat:
        raise NotYourTurn("It is not your turn.")


def player_seat(info: GameInfo, user_id: int) -> str:
    seat = info.seat_of(user_id)
    if seat is None:
        raise NotYourGame("You are not playing in this game.")
    return seat


def duration(seconds: int) -> str:
    if seconds >= 3600:
        return f"{seconds // 3600} h {seconds % 3600 // 60} min"
    if seconds >= 60:
        return f"{seconds // 60} min"
    return f"{seconds} s"


def _closed_refusal(challenge: Challenge, now: float) -> ChallengeRefused:
    status = challenge.status
    if status == "open" and challenge.expires_at <= now:
        status = "expired"
    return ChallengeRefused(f"This challenge was {status} already.")


def _games_refusal(limit: TooMany) -> ChallengeRefused:
    return ChallengeRefused(
        f"<@{limit.user_id}> already plays {limit.count} games, the most at once; finish one first."
    )


def _rematch_refusal(taken: RematchTaken) -> ChallengeRefused:
    """A second rematch of a game: one is waiting for an answer, or was played."""
    if taken.game_id is not None:
        return ChallengeRefused(f"This game's rematch was already played: game #{taken.game_id}.")
    return ChallengeRefused(
        f"A rematch of this game is already waiting for an answer in <#{taken.channel_id}>."
    )


def _other(seat: str) -> str:
    return "B" if seat == "A" else "A"


def _rebuild(info: GameInfo, seed: int, moves: list[str]) -> AnyGame:
    """The state `info` describes, replayed from rules + seed + moves. An active game's
    version is its number of moves: moves committed after `info` was read are left out."""
    return replay_game(info.rules, seed, moves[: info.version] if info.active else moves)
