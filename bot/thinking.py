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
from collections.abc import Callable
from concurrent.futures import (
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
)
from typing import Any


def decide(players: str, level: str, view: Any, seed: str) -> str:
    """The move (in notation) the player of `level` from module `players` (its
    `player_for(level)`) chooses from `view`, with randomness from `seed`. Runs in the
    worker."""
    player_for = importlib.import_module(players).player_for
    return str(player_for(level).choose(view, random.Random(seed)))


def judge(
    reviewer: str, rules: Any, seed: int, moves: tuple[str, ...], ply: int, iterations: int | None
) -> dict[str, Any]:
    """A finished game's move `ply` judged from its mover's view by the kind's reviewer
    module (its `review_move`), as `engine.review.MoveReview.to_json` gives it (what the
    store keeps). Runs in the worker."""
    review_move = importlib.import_module(reviewer).review_move
    budget = {} if iterations is None else {"iterations": iterations}
    judged: dict[str, Any] = review_move(rules, seed, list(moves), ply, **budget).to_json()
    return judged


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

        started = time.perf_counter()
        move: str = await self._run(decide, players, level, view, seed)
        WORK.thought(level, time.perf_counter() - started)
        return move

    def judging(
        self,
        reviewer: str,
        rules: Any,
        seed: int,
        moves: tuple[str, ...],
        ply: int,
        iterations: int | None = None,
    ) -> Future[dict[str, Any]]:
        """`judge` sent to a worker (a game's review, a move at a time): its future, for the
        caller to look at when it likes (nothing waits on it meanwhile). A worker that died
        makes the future fail with `BrokenExecutor`; the next call makes a new pool."""
        pool = self._pool()
        try:
            return pool.submit(judge, reviewer, rules, seed, moves, ply, iterations)
        except BrokenExecutor:
            self._drop(pool)
            return self._pool().submit(judge, reviewer, rules, seed, moves, ply, iterations)

    def _drop(self, pool: Executor) -> None:
        if self._executor is pool:
            self._executor = None
            pool.shutdown(wait=False, cancel_futures=True)

    async def _run(self, work: Callable[..., Any], *args: Any) -> Any:
        pool = self._pool()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, work, *args)
        except BrokenExecutor:  # a worker died (killed for its memory, say): a new pool
            self._drop(pool)  # (the call that met it fails; the caller tries again)
            raise

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
