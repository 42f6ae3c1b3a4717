"""A store whose calls are measured: `measured(store, metrics)` wraps each part of a `Store`
once, where it is opened (`open_store`), instead of timing inside every method.

Each call's time goes to `caravan_store_seconds{operation}` (the method's name), a call that
fails to `caravan_store_errors_total{operation}` (not a `Conflict`: the data refusing a
change, a stale version or a limit, is an answer, not an error), and each committed move to
`caravan_moves_total{game, by}`: every move a member or the computer makes is committed
through `games.record_move`, so that one place counts them all. Anything else of a part is
the wrapped part's."""

from __future__ import annotations

import asyncio
import copy
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import Any, cast

from bot.metrics import Metrics
from bot.records import GameInfo, RatingChange
from bot.store.base import Store
from bot.store.errors import Conflict


class MeasuredPart:
    def __init__(self, inner: Any, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics

    def __getattr__(self, name: str) -> Any:
        """The wrapped part's attribute; a coroutine method timed (and kept, so the lookup
        happens once)."""
        found = getattr(self._inner, name)
        if name.startswith("_") or not inspect.iscoroutinefunction(found):
            return found
        timed = self._timed(name, found)
        setattr(self, name, timed)
        return timed

    def _timed(
        self, operation: str, call: Callable[..., Awaitable[Any]]
    ) -> Callable[..., Awaitable[Any]]:
        metrics = self._metrics

        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            failed = True
            try:
                result = await call(*args, **kwargs)
                failed = False
                return result
            except (Conflict, asyncio.CancelledError):  # a refusal, or the caller gave up
                failed = False
                raise
            finally:
                metrics.store_call(operation, time.perf_counter() - started, failed)

        timed.__name__ = timed.__qualname__ = operation
        return timed


class MeasuredGames(MeasuredPart):
    def __init__(self, inner: Any, metrics: Metrics) -> None:
        super().__init__(inner, metrics)
        self._record = self._timed("record_move", inner.record_move)

    async def record_move(
        self, game: GameInfo, version: int, seat: str, *rest: Any
    ) -> tuple[GameInfo, tuple[RatingChange, ...]]:
        """The store's `record_move` (its arguments as `Games.record_move` has them),
        timed, and the move counted by game and by who made it."""
        result = await self._record(game, version, seat, *rest)
        self._metrics.moved(game.game, "computer" if seat == game.ai_seat else "member")
        return cast("tuple[GameInfo, tuple[RatingChange, ...]]", result)


def measured(store: Store, metrics: Metrics) -> Store:
    """`store`, its parts' calls measured into `metrics`."""
    wrapped = copy.copy(store)
    for name in Store.PARTS:
        wrapping = MeasuredGames if name == "games" else MeasuredPart
        setattr(wrapped, name, wrapping(getattr(store, name), metrics))
    return wrapped
