"""The bot's computer opponent: engine.ai's players, thinking away from the event loop.

`AiTurns` makes the AI's moves in games against the bot: one task per game whose turn it
is, which thinks, waits out a human pause and plays the move through the service like
anyone's; after a start it makes the moves the AI owed when the bot stopped.

`AiWorker.decide` hands the AI seat's `PlayerView` (nothing else: no other hand, no deck
order) to a worker process and waits for the move's notation, so a 0.9-second search never
holds up other players' interactions. With `workers=0` the search runs in a thread instead
(tests, and machines where a process costs too much).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import TYPE_CHECKING

from bot.errors import ServiceError
from bot.records import AnyView, GameInfo, Outcome
from engine.ai import LEVELS, player_for
from engine.decktet import DecktetView
from engine.decktet.ai import player_for as decktet_player

if TYPE_CHECKING:
    from bot.app import CaravanBot

__all__ = ["LEVELS", "AiTurns", "AiWorker", "decide"]
log = logging.getLogger("caravan.bot")


def decide(level: str, view: AnyView, seed: str) -> str:
    """The move (in notation) the player of `level` chooses from `view`, with randomness
    from `seed`. Runs in the worker. Decktet Caravan has a greedy player for every level
    but `easy` (random)."""
    if isinstance(view, DecktetView):
        return str(decktet_player(level).choose(view, random.Random(seed)))
    return str(player_for(level).choose(view, random.Random(seed)))


class AiWorker:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: Executor | None = None

    def _pool(self) -> Executor:
        if self._executor is None:
            if self.workers > 0:
                # spawn: a fork of a process with running threads (aiosqlite's) is unsafe
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context)
            else:
                self._executor = ThreadPoolExecutor(1, thread_name_prefix="caravan-ai")
        return self._executor

    async def decide(self, level: str, view: AnyView, seed: str) -> str:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool(), decide, level, view, seed)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


class AiTurns:
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot
        self.worker = AiWorker(bot.settings.ai_workers)
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
                await self.bot.after(played)
            except Exception:
                log.exception("posting the AI's move in game %s failed", game_id)

    async def _play(self, game_id: int, started: float) -> Outcome | None:
        """The AI's move, committed; None if the AI owes none (any more)."""
        service = self.bot.service
        info = await service.game(game_id)
        if not info.active or info.ai_seat is None or info.turn != info.ai_seat:
            return None
        ai_user = info.user_at(info.ai_seat)
        info, view = await service.view(game_id, ai_user)
        level = info.ai_level or "normal"
        move = await self.worker.decide(level, view, f"{game_id}/{view.ply}")
        pause = self.bot.settings.ai_pause_seconds - (time.perf_counter() - started)
        if pause > 0:
            await asyncio.sleep(pause)
        return await service.play(game_id, ai_user, move, info.version)

    async def _resume_turns(self) -> None:
        """After a start, make the moves the AI owed when the bot stopped."""
        await self.bot.wait_until_ready()
        for info in await self.bot.service.ai_turns():
            self.schedule(info)
