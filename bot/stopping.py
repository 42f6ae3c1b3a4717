"""A clean stop. On SIGTERM (what `docker compose stop` and Kubernetes send) or SIGINT
(Ctrl-C), `caravan-bot run`:

1. stops taking interactions: each new one is answered, privately, "the bot is restarting;
   please try again in a moment" (`Guard.stopping`). Answered rather than left alone: a
   member left without an answer sees "This interaction failed" three seconds later and
   cannot tell a restart from a bug; the answer costs one request;
2. finishes the interactions under way, each answered as usual (`Guard.idle`), lets the
   computer's moves under way land and be posted, starting no new one (`AiTurns.stop`),
   and lets a sweep under way post what it marked as told (`Timers.halt`), all at once,
   for at most `CARAVAN_STOP_GRACE_SECONDS` (7 s);
3. closes the connection to Discord and the store (`CaravanBot.close`), and exits.

A move the computer owed and had not committed, and every deadline, are in the database:
the next start makes and keeps them, as after any restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Awaitable, Coroutine
from typing import Any

from bot.app import CaravanBot
from bot.cogs.timers import Timers

log = logging.getLogger("caravan.bot")
SIGNALS = (signal.SIGTERM, signal.SIGINT)


async def stop(bot: CaravanBot, grace: float) -> None:
    """Stop `bot` cleanly (the steps above), waiting at most `grace` seconds for the work
    under way before closing it."""
    started = time.perf_counter()
    bot.guard.stopping = True
    waits: list[Awaitable[None]] = [bot.guard.idle()]
    if bot.ai is not None:
        waits.append(bot.ai.stop(grace))
    timers = bot.get_cog("Timers")
    if isinstance(timers, Timers):
        waits.append(timers.halt())
    try:
        await asyncio.wait_for(asyncio.gather(*waits), grace)
    except TimeoutError:
        log.warning("stopping: work still under way after %.1f s; closing anyway", grace)
    await bot.close()
    log.info("stopped in %.2f s", time.perf_counter() - started)


async def serve(bot: CaravanBot, running: Coroutine[Any, Any, None]) -> None:
    """Run `running` (the bot's connection to Discord: `bot.start(token)`, or anything that
    lasts while the bot serves) until it ends, or until SIGTERM or SIGINT, which stop the
    bot cleanly (`stop`) first. Errors of `running` are raised here."""
    loop = asyncio.get_running_loop()
    signalled = asyncio.Event()
    installed = []
    for number in SIGNALS:
        try:
            loop.add_signal_handler(number, _heard, number, signalled)
            installed.append(number)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
            pass
    connection = asyncio.ensure_future(running)
    heard = asyncio.ensure_future(signalled.wait())
    try:
        await asyncio.wait({connection, heard}, return_when=asyncio.FIRST_COMPLETED)
        if signalled.is_set() and not connection.done():
            await stop(bot, bot.settings.stop_grace_seconds)
        await connection
    finally:
        heard.cancel()
        if not connection.done():
            connection.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await connection
        for number in installed:
            loop.remove_signal_handler(number)


def _heard(number: signal.Signals, signalled: asyncio.Event) -> None:
    if not signalled.is_set():
        log.info("%s: stopping cleanly", number.name)
    signalled.set()
