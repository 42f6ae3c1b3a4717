"""`caravan-bot local`: the real bot in SimCord's simulated Discord, played in a browser.

A server, Mojave Outpost, with a #caravan channel and three members: Alice and Bob to play
both seats, and Olivia, who owns the server, to try what members with Manage Server do
(`/caravan-admin`). SimCord's clock is the bot's: here it only moves when someone moves it,
so the preview adds one command of its own, `/clock minutes:`, which moves it on (turn
reminders, a claim when a turn runs out, a challenge expiring), the way
`env.advance_time` does in the tests. `/clock` exists only here, never on Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import signal
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.app import create_bot
from bot.choices import turn_words
from bot.settings import Settings, SettingsError

MOST_MINUTES = 3 * 24 * 60  # the longest turn time
CLOCK_HELP = "Move the simulated clock on (the local preview only)"


@dataclass
class World:
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    olivia: Any  # owns the server: Manage Server, so /caravan-admin


def populate(env: Any) -> World:
    """The preview's server, its channel and members, in SimCord `env`."""
    olivia = env.create_user("Olivia")
    guild = env.create_guild("Mojave Outpost", owner=olivia)
    channel = guild.create_text_channel("caravan", topic="Try /caravan challenge")
    alice = guild.add_member(env.create_user("Alice"))
    bob = guild.add_member(env.create_user("Bob"))
    return World(guild, channel, alice, bob, guild.add_member(olivia))


class LocalClock:
    """`/clock minutes:` and what carries it out. The command only asks (a bot's own
    work cannot move SimCord's clock); `run`, a task outside the bot, moves the clock on
    once the interaction that asked has settled, then redraws the page."""

    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now
        self.requests: asyncio.Queue[int] = asyncio.Queue()

    def command(self) -> app_commands.Command[Any, Any, None]:
        @app_commands.command(name="clock", description=CLOCK_HELP)
        @app_commands.describe(minutes="how far to move it on (1 minute to 3 days)")
        async def clock(
            interaction: discord.Interaction[Any],
            minutes: app_commands.Range[int, 1, MOST_MINUTES],
        ) -> None:
            until = int(self.now()) + minutes * 60
            await interaction.response.send_message(
                f"The clock moves on {turn_words(minutes * 60)}, to <t:{until}:f>. "
                "Reminders, claims and expiries due by then happen as on Discord.",
                ephemeral=True,
            )
            self.requests.put_nowait(minutes * 60)

        return clock

    async def run(self, env: Any, redraw: Callable[[], Awaitable[None]]) -> None:
        """Carry out every request, for ever."""
        while True:
            seconds = await self.requests.get()
            try:
                await _when_free(functools.partial(env.advance_time, seconds))
                await _when_free(redraw)
            finally:
                self.requests.task_done()


async def keep_reviewing(env: Any, bot: Any, redraw: Callable[[], Awaitable[None]]) -> None:
    """While a review is under way, move SimCord's clock on as real time passes (the
    review's loop ticks on the clock: here it only moves when someone moves it), and redraw
    the page every second, so its progress and then the review show as on Discord."""
    from bot.reviewing import TICK

    drawn = 0.0
    while True:
        runner = bot.reviewing
        if runner is not None and runner.busy:
            await _when_free(functools.partial(env.advance_time, TICK))
            if time.monotonic() - drawn >= 1.0 or not runner.busy:
                drawn = time.monotonic()
                await _when_free(redraw)
        await asyncio.sleep(TICK)


async def _when_free(operation: Callable[[], Awaitable[None]]) -> None:
    """`operation` on SimCord once no other is running (the page's own press may be)."""
    import simcord

    while True:
        try:
            await operation()
            return
        except simcord.SetupError as error:
            if "overlaps" not in str(error):
                raise
            await asyncio.sleep(0.05)


async def _until_stopped() -> None:
    """Wait for SIGTERM or SIGINT (Ctrl-C), so that the preview stops as a program should:
    its AI worker processes shut down, its database closed (left to the signal's default,
    SIGTERM ended the process at once and its worker processes ran on)."""
    loop = asyncio.get_running_loop()
    stopped = asyncio.Event()
    installed = []
    for number in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(number, stopped.set)
            installed.append(number)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
            pass
    try:
        await stopped.wait()
    finally:
        for number in installed:
            loop.remove_signal_handler(number)


class QuietLocal(logging.Filter):
    """discord.py's warnings that mean nothing here and read as errors to a newcomer: no
    voice libraries (the bot has no voice), and the Guilds intent, which a probe client
    SimCord makes when imported goes without (the bot's own intents include it)."""

    NOISE = (
        "is not installed, voice will NOT be supported",
        "Guilds intent seems to be disabled",
    )

    def filter(self, record: logging.LogRecord) -> bool:
        return not any(noise in record.getMessage() for noise in self.NOISE)


async def serve_local(
    settings: Settings, port: int | None, ready: asyncio.Event | None = None
) -> None:
    """The bot in SimCord with a browser preview of #caravan; yields until cancelled."""
    for handler in logging.getLogger().handlers:
        handler.addFilter(QuietLocal())
    try:
        import simcord
    except ImportError:
        raise SettingsError('the local preview needs SimCord: pip install -e ".[local]"') from None
    bot = create_bot(settings)
    clock = LocalClock(bot.clock)
    bot.tree.add_command(clock.command())
    async with simcord.run(bot, shard_count=bot.shard_count or 1) as env:
        await bot.sync_commands()  # the preview lists only registered commands, as Discord does
        if bot.user is not None:
            await bot.user.edit(username="Caravan")
        world = populate(env)
        viewers = [world.alice, world.bob, world.olivia]
        async with env.preview(world.channel, viewers=viewers, layout="channel", port=port) as pv:
            running = asyncio.gather(
                clock.run(env, pv.refresh), keep_reviewing(env, bot, pv.refresh)
            )
            print(
                "Caravan is running in a simulated Discord server (no token, no network).\n"
                f"Open {pv.url}\n"
                "Play both seats: switch 'Viewing as' between Alice and Bob; start with "
                "/caravan challenge. Olivia owns the server: view as her for /caravan-admin. "
                "/clock moves time on (turn reminders, claims). Ctrl-C stops it.",
                flush=True,
            )
            if ready is not None:
                ready.set()
            try:
                await _until_stopped()
            finally:
                running.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await running
                if bot.ai is not None:  # its worker processes end with it
                    bot.ai.close()
                if bot.reviewing is not None:
                    bot.reviewing.close()
                if bot.store is not None:
                    await bot.store.close()
                    bot.store = None
