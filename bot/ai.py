"""The bot's computer opponent: the engine's players, thinking away from the event loop.

`AiTurns` makes the AI's moves in games against the bot: one task per game whose turn it
is, which thinks (in `bot.thinking`'s worker), waits out a human pause and plays the move
through the service like anyone's; after a start it makes the moves the AI owed when the
bot stopped.

A move the AI owes is owed until it lands or the game ends: when the database (or anything
else) fails under it, the task waits and tries again, 1 s, 2 s, 4 s... up to a minute
apart (`bot.retry`), instead of leaving the member on "thinking" until a restart. Once the
move is committed, the poster owes its database work the same way (a failure at
Discord's end is not retried, so nothing is posted twice).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.errors import ServiceError
from bot.logs import context_for
from bot.poster import Poster
from bot.records import GameInfo, Outcome
from bot.retry import backoff
from bot.service import GameService
from bot.thinking import AiWorker
from engine.ai import LEVELS

__all__ = ["LEVELS", "AiTurns"]
log = logging.getLogger("caravan.bot")


class AiTurns:
    """The computer's turns: it plays through `service` and posts through `poster`, like
    anyone; `ready` waits until the bot is connected (before owed moves are made)."""

    def __init__(
        self, service: GameService, poster: Poster, ready: Callable[[], Awaitable[None]]
    ) -> None:
        self.service = service
        self.poster = poster
        self.ready = ready
        self.worker = AiWorker(service.settings.ai_workers)
        self._tasks: dict[int, asyncio.Task[None]] = {}  # by game id
        self._running: set[asyncio.Task[None]] = set()  # with those posting their move
        self._landing: set[int] = set()  # games whose move is being committed or posted
        self._resume: asyncio.Task[None] | None = None
        self._stopping = False

    def start(self) -> None:
        self._resume = asyncio.create_task(self._resume_turns())

    def schedule(self, info: GameInfo) -> None:
        """Start the AI's move if it is the AI's turn (once per game at a time)."""
        due = info.active and info.ai_seat is not None and info.turn == info.ai_seat
        if due and info.id not in self._tasks and not self._stopping:
            # its log lines say its game, not the interaction that set it off
            where = context_for(game=info.id, guild=info.guild_id)
            task = self._tasks[info.id] = asyncio.create_task(self._move(info.id), context=where)
            self._running.add(task)
            task.add_done_callback(self._running.discard)
            task.add_done_callback(lambda _: self._landing.discard(info.id))

    def cancel(self, game_id: int) -> None:
        """Stop the AI's thinking in a game that ended some other way (an admin ended it)."""
        task = self._tasks.pop(game_id, None)
        if task is not None:
            task.cancel()

    def close(self) -> None:
        for task in [*self._tasks.values(), self._resume]:
            if task is not None:
                task.cancel()
        self._tasks.clear()
        self.worker.close()

    async def stop(self, grace: float) -> None:
        """For a clean stop: take on no new move and stop thinking (a move not yet being
        committed is owed again after the restart); let the moves being committed land and
        be posted, for at most `grace` seconds; then close the worker."""
        self._stopping = True
        if self._resume is not None:
            self._resume.cancel()
        for game_id, task in list(self._tasks.items()):
            if game_id not in self._landing:
                task.cancel()
        if self._running:  # those cancelled end at once
            await asyncio.wait(set(self._running), timeout=max(grace, 0.0))
        for task in self._running:
            task.cancel()
        self.close()

    async def _move(self, game_id: int) -> None:
        """Think in the worker, wait out a human pause, play the move like anyone's; on a
        failure, try again after a pause (`backoff`) until the move lands or is no longer
        owed (the game ended, or moved on)."""
        started = time.perf_counter()
        outcome = "ok"
        played: Outcome | None = None
        attempt = 0
        tried: list[int] = []  # the version a commit was sent on, until it is known to land
        try:
            while True:
                try:
                    played = await self._play(game_id, started, tried)
                    break
                except ServiceError as refusal:  # the game moved on meanwhile (resigned)
                    outcome = type(refusal).__name__
                    break
                except Exception as error:
                    self._landing.discard(game_id)  # nothing landed: a stop may cancel it
                    attempt += 1
                    wait = backoff(attempt)
                    if attempt == 1:
                        log.exception("the AI's move in game %s failed; trying again", game_id)
                    else:
                        log.warning(
                            "the AI's move in game %s failed again (%s); next try in %.0f s",
                            game_id,
                            type(error).__name__,
                            wait,
                        )
                    await asyncio.sleep(wait)
                    started = time.perf_counter()  # the human pause counts from the retry
        finally:
            # before the turn is posted: the player's answer may schedule the next AI move
            self._tasks.pop(game_id, None)
            spent = (time.perf_counter() - started) * 1000
            log.info(
                "ai move in game %s: %s in %.1f ms (%d retries)", game_id, outcome, spent, attempt
            )
        if played is not None:
            await self._post(played)

    async def _post(self, played: Outcome) -> None:
        """Post the AI's committed move (the poster tries its database work again while
        the database is away) and schedule its next one."""
        try:
            await self.poster.after(played)
            self.schedule(played.game)
        except Exception:
            log.exception("posting the AI's move in game %s failed", played.game.id)

    async def _play(self, game_id: int, started: float, tried: list[int]) -> Outcome | None:
        """The AI's move, committed; None if the AI owes none (any more). `tried` holds the
        version the last try's commit was sent on: a commit whose answer was lost (the
        connection dropped after it) may have landed, and is then posted, not made again."""
        service = self.service
        if tried:
            landed = await service.landed(game_id, tried[-1])
            if landed is not None:
                return landed
            tried.clear()
        info = await service.game(game_id)
        if not info.active or info.ai_seat is None or info.turn != info.ai_seat:
            return None
        ai_user = info.user_at(info.ai_seat)
        view = await service.view_of(info, ai_user)
        level = info.ai_level or "normal"
        players = info.kind.players
        move = await self.worker.decide(players, level, view, f"{game_id}/{view.ply}")
        pause = service.settings.ai_pause_seconds - (time.perf_counter() - started)
        if pause > 0:
            await asyncio.sleep(pause)
        self._landing.add(game_id)  # from here a stop lets it land and be posted
        tried.append(info.version)
        return await service.play(game_id, ai_user, move, info.version)

    async def _resume_turns(self) -> None:
        """After a start, make the moves the AI owed when the bot stopped."""
        await self.ready()
        for info in await self.service.ledger.ai_turns():
            self.schedule(info)
