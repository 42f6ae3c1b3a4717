"""Where the computer player thinks: `AiWorker.decide` hands the AI seat's view (nothing
else: no other hand, no deck order) to a worker process and waits for the move's notation,
so a half-second search never holds up other players' interactions. With `workers=0` the
search runs in a thread instead (tests, and machines where a process costs too much).

A worker imports only this module and the engine's players its kind names
(`GameKind.players`), not the bot: it stays small. With metrics on, each decision's time
from the request to the answer (the worker's queue included) is observed by level
(`caravan_ai_think_seconds`, `bot.metrics.WORK`). A pool whose worker died is replaced on
the next decision (the one that met it fails, and the caller tries again)."""

from __future__ import annotations

import asyncio
import importlib
import multiprocessing
import random
import time
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any


def decide(players: str, level: str, view: Any, seed: str) -> str:
    """The move (in notation) the player of `level` from module `players` (its
    `player_for(level)`) chooses from `view`, with randomness from `seed`. Runs in the
    worker."""
    player_for = importlib.import_module(players).player_for
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

    async def decide(self, players: str, level: str, view: Any, seed: str) -> str:
        # imported here, in the bot's process: a worker importing this module stays small
        from bot.metrics import WORK

        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        pool = self._pool()
        try:
            move = await loop.run_in_executor(pool, decide, players, level, view, seed)
        except BrokenExecutor:  # a worker died (killed for its memory, say): a new pool
            if self._executor is pool:
                self._executor = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise
        WORK.thought(level, time.perf_counter() - started)
        return move

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
