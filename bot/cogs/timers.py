"""The clock's work, every minute: open challenges expire, turn deadlines are kept
(a reminder at half time, the claim offered when a turn runs out, the AI's claim, the end
of games nobody claimed), events move on (timed starts, rounds and games a stopped
process left), and after a restore the tables it took back are marked. All come from the
database, so a restart neither forgets nor
repeats one; each process keeps its own servers' (`Settings.shards`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from discord.ext import commands, tasks

from bot.aftermath import Aftermath
from bot.i18n import _
from bot.inert import md
from bot.names import Names
from bot.service import GameService
from bot.tournaments import Tournaments

log = logging.getLogger("caravan.bot")
DEADLINE_WAIT = 60.0  # seconds between two deadline sweeps at most
DEADLINE_PACE = 1.0  # and at least: many deadlines close together make one sweep a second


class Timers(commands.Cog):
    def __init__(
        self,
        service: GameService,
        aftermath: Aftermath,
        names: Names,
        ready: Callable[[], Awaitable[None]],
        events: Tournaments,
    ) -> None:
        self.service = service
        self.aftermath = aftermath
        self.poster = aftermath.poster
        self.names = names
        self.ready = ready
        self.events = events
        self._sweeping = asyncio.Lock()  # held by a sweep under way (see `halt`)

    async def cog_load(self) -> None:
        self.minutely.start()
        self.deadlines.start()

    async def cog_unload(self) -> None:
        self.minutely.cancel()
        self.deadlines.cancel()

    async def halt(self) -> None:
        """For a clean stop: let a sweep under way finish (its notices posted: what it
        marked as told in the database is told), then stop sweeping."""
        async with self._sweeping:
            self.minutely.cancel()
            self.deadlines.cancel()

    @tasks.loop(seconds=DEADLINE_WAIT)
    async def deadlines(self) -> None:
        """Sweep the turn deadlines, then sleep until the next is due (its reminder's half
        time, the end of a turn, a close) rather than to the next minute: a reminder comes
        at half time and the claim as the turn runs out, also while the local preview's
        clock jumps on. At least every `DEADLINE_WAIT` seconds, at most every
        `DEADLINE_PACE`."""
        async with self._sweeping:
            try:
                await self.sweep_deadlines()
            except Exception:
                log.exception("sweep_deadlines failed")
        try:
            due = await self.service.next_deadline()
        except Exception:
            log.exception("next_deadline failed")
            due = None
        wait = DEADLINE_WAIT if due is None else due - self.service.clock()
        self.deadlines.change_interval(seconds=min(DEADLINE_WAIT, max(wait, DEADLINE_PACE)))

    @deadlines.before_loop
    async def _ready_for_deadlines(self) -> None:
        await self.ready()

    @tasks.loop(seconds=60)
    async def minutely(self) -> None:
        async with self._sweeping:
            chores = (
                self.expire_challenges,
                self.sweep_events,
                self.poster.retire_outdated,
            )
            for chore in chores:
                try:
                    await chore()
                except Exception:
                    log.exception("%s failed", chore.__name__)

    @minutely.before_loop
    async def _ready_first(self) -> None:
        await self.ready()

    async def expire_challenges(self) -> None:
        for challenge in await self.service.openings.expire_challenges():
            await self.poster.expired(challenge)

    async def sweep_deadlines(self) -> None:
        """Remind at half time, offer the claim when a turn runs out, let the AI claim, and
        post the end of games nobody claimed."""
        found = await self.service.sweep()
        for info in found.reminders:
            mover = info.user_at(info.turn or "A")
            left = int(info.deadline or 0)
            reminder = _(
                "<@{user}>, a reminder: your move in this game is due <t:{due}:R>.",
                user=mover,
                due=left,
            )
            await self.poster.notice(info, reminder, mover)
        for info in found.overdue:  # one mention: the player who may act on it
            words = await self.poster.owed_words(info.guild_id)
            late = md((await self.names.game(info, words))[info.turn or "A"])
            waiting = info.user_at("B" if info.turn == "A" else "A")
            grace = int((info.deadline or 0) + info.turn_seconds)
            await self.poster.claim_offered(
                info,
                _(
                    "<@{user}>, {player}'s time to move ran out: you may claim the win. "
                    "Unclaimed, the game closes with no result <t:{closes}:R>.",
                    user=waiting,
                    player=late,
                    closes=grace,
                ),
                waiting,
            )
        for outcome in found.claimed:
            await self.aftermath.after(outcome)
        for info in found.closed:
            await self.aftermath.table(info.id)

    async def sweep_events(self) -> None:
        """Start the events whose time came (or cancel them), pair the rounds a stopped
        process left, and post the games nobody posted."""
        for moved in await self.events.sweep():
            await self.aftermath.event_moved(moved)
        for info in await self.events.unposted():
            await self.aftermath.open_event_game(info)
