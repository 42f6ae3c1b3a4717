"""The bot's computer opponent: the engine's players, thinking away from the event loop.

`AiTurns` makes the AI's moves in games against the bot: one task per game whose turn it
is, which thinks (in `bot.thinking`'s worker), waits out a human pause and plays the move
through the service like anyone's; after a start it makes the moves the AI owed when the
bot stopped.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.errors import ServiceError
from bot.poster import Poster
from bot.records import GameInfo, Outcome
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
        self._resume: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._resume = asyncio.create_task(self._resume_turns())

    def schedule(self, info: GameInfo) -> None:
        """Start the AI's move if it is the AI's turn (once per game at a time)."""
        due = info.active and info.ai_seat is not None and info.turn == info.ai_seat
        if due and info.id not in self._tasks:
            self._tasks[info.id] = asyncio.create_task(self._move(info.id))

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

    async def _move(self, game_id: int) -> None:
        """Think in the worker, wait out a human pause, play the move like anyone's."""
        started = time.perf_counter()
        outcome = "ok"
        played: Outcome | None = None
        try:
            played = await self._play(game_id, started)
        except ServiceError as refusal:  # the game moved on meanwhile (a resignation)
            outcome = type(refusal).__name__
        except Exception:
            outcome = "error"
            log.exception("the AI's move in game %s failed", game_id)
        finally:
            # before the turn is posted: the player's answer may schedule the next AI move
            self._tasks.pop(game_id, None)
            spent = (time.perf_counter() - started) * 1000
            log.info("ai move in game %s: %s in %.1f ms", game_id, outcome, spent)
        if played is not None:
            try:
                await self.poster.after(played)
                self.schedule(played.game)
            except Exception:
                log.exception("posting the AI's move in game %s failed", game_id)

    async def _play(self, game_id: int, started: float) -> Outcome | None:
        """The AI's move, committed; None if the AI owes none (any more)."""
        service = self.service
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
        return await service.play(game_id, ai_user, move, info.version)

    async def _resume_turns(self) -> None:
        """After a start, make the moves the AI owed when the bot stopped."""
        await self.ready()
        for info in await self.service.ai_turns():
            self.schedule(info)
