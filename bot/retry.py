"""Work the bot owes, tried again when the database fails under it.

A computer player's move, and the posts that follow a committed change (a move's turn
message, a sweep's notices), are owed: nobody will press a button to ask for them again.
When the database is down, locked or unwritable for a while, the bot waits and tries again
(`backoff`: 1 s, 2 s, 4 s... at most a minute apart) until the work is done, instead of
dropping it until the next restart. Only database errors are retried here (`owed`): a
failure at Discord's end may have posted already, and is not repeated.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.store import StoreError

log = logging.getLogger("caravan.bot")
T = TypeVar("T")
BACKOFF = (1.0, 60.0)  # seconds before the first retry, and the longest wait between two


def backoff(attempt: int) -> float:
    """Seconds to wait before retry `attempt` (1, 2, 3...): doubling, at most a minute."""
    first, longest = BACKOFF
    return float(min(first * 2.0 ** (attempt - 1), longest))


def database_error(error: BaseException) -> bool:
    """Whether `error` is the database failing (down, locked, unwritable, a connection
    lost: SQLite's, psycopg's or the store's own errors), as opposed to a refusal, a
    mistake in the code, or the network failing at Discord's end (an OSError such as
    aiohttp's, not repeated: the post may have gone out)."""
    if isinstance(error, StoreError | sqlite3.Error):
        return True
    return type(error).__module__.split(".")[0] == "psycopg"


async def owed(what: str, make: Callable[[], Awaitable[T]]) -> T:
    """`make()`'s result, tried again after each database error (waiting `backoff`) until
    it succeeds; any other error is raised at once. `what` names the work in the log."""
    attempt = 0
    while True:
        try:
            return await make()
        except Exception as error:
            if not database_error(error):
                raise
            attempt += 1
            wait = backoff(attempt)
            log.warning(
                "%s failed (%s: %s); trying again in %.0f s",
                what,
                type(error).__name__,
                error,
                wait,
            )
            await asyncio.sleep(wait)
