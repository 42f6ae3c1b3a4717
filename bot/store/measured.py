"""A store whose calls are measured: `measured(store, metrics)` wraps any `Store` once, where
it is opened (`open_store`), instead of timing inside each backend's every method.

Each call's time goes to `caravan_store_seconds{operation}` (the method's name), a call that
fails to `caravan_store_errors_total{operation}` (not a `Conflict`: the data refusing a
change, a stale version or a limit, is an answer, not an error), and each committed move to
`caravan_moves_total{game, by}`: every move a member or the computer makes is committed
through `record_move`, so that one place counts them all. Anything else (`url`, `shared`,
a backend's own attributes) is the wrapped store's."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import Any, cast

from bot.metrics import Metrics
from bot.records import GameInfo, RatingChange
from bot.store.base import Store
from bot.store.errors import Conflict


class MeasuredStore:
    def __init__(self, inner: Store, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics
        self.url = inner.url
        self.shared = inner.shared
        self._record = self._timed("record_move", inner.record_move)

    def __getattr__(self, name: str) -> Any:
        """The wrapped store's attribute; a coroutine method timed (and kept, so the
        lookup happens once)."""
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

    async def record_move(
        self, game: GameInfo, version: int, seat: str, *rest: Any
    ) -> tuple[GameInfo, tuple[RatingChange, ...]]:
        """The store's `record_move` (its arguments as `Store.record_move` has them),
        timed, and the move counted by game and by who made it."""
        result = await self._record(game, version, seat, *rest)
        self._metrics.moved(game.game, "computer" if seat == game.ai_seat else "member")
        return cast("tuple[GameInfo, tuple[RatingChange, ...]]", result)


def measured(store: Store, metrics: Metrics) -> Store:
    """`store`, its calls measured into `metrics`."""
    return cast(Store, MeasuredStore(store, metrics))
