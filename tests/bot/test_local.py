"""The local preview's own parts (`bot.local`): a server owner to view as, and `/clock`,
which moves SimCord's clock on from the page, so a newcomer can try timers and the
server's commands without a test."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
import simcord

from bot.app import create_bot
from bot.local import MOST_MINUTES, LocalClock, QuietLocal, populate
from bot.simulate import release, settings


async def test_the_owner_runs_the_admin_commands_and_the_clock_runs_out_a_turn(
    tmp_path: Path,
) -> None:
    bot = create_bot(settings(tmp_path / "local.db"))
    clock = LocalClock(bot.clock)
    bot.tree.add_command(clock.command())
    redrawn: list[float] = []

    async def redraw() -> None:
        redrawn.append(bot.clock())

    async with simcord.run(bot, strict_sync=False, shard_count=1) as env:
        world = populate(env)
        running = asyncio.create_task(clock.run(env, redraw))
        try:
            shown = (await world.olivia.slash(world.channel, "caravan-admin show")).response
            assert shown.ephemeral and "`new-vegas`" in shown.content
            with pytest.raises(simcord.SetupError, match="default-member-permissions"):
                await world.alice.slash(world.channel, "caravan-admin show")

            asked = await world.alice.slash(
                world.channel, "caravan challenge", opponent=world.bob, turn=300
            )
            await world.bob.click(asked.response, label="Accept")
            thread = world.channel.threads[-1]
            first = thread.history()[-1].content
            mover = next(m for m in (world.alice, world.bob) if f"<@{m.id}>, your move" in first)
            before = bot.clock()
            moved = await world.olivia.slash(world.channel, "clock", minutes=6)
            assert moved.response.ephemeral and "6 minutes" in moved.response.content
            await asyncio.wait_for(clock.requests.join(), 60)
            assert bot.clock() - before >= 6 * 60 and redrawn, "moved on, and the page redrawn"
            texts = [m.content for m in thread.history()]
            assert any(t.startswith(f"<@{mover.id}>, a reminder") for t in texts), texts
            assert "ran out" in thread.history()[-1].content
            assert thread.history()[-1].components, "the claim is offered"
            assert not env.errors
        finally:
            running.cancel()
            await release(bot)


async def test_a_reminder_due_while_the_clock_jumps_comes_at_half_time(tmp_path: Path) -> None:
    """Found in the preview: `/clock minutes:3` on a 5-minute turn passed half time with no
    reminder (the sweep ran on the minute, and no minute fell between half time and 3
    minutes); the next `/clock` posted it beside the time-out."""
    bot = create_bot(settings(tmp_path / "local.db"))
    clock = LocalClock(bot.clock)
    bot.tree.add_command(clock.command())

    async def redraw() -> None:
        pass

    async with simcord.run(bot, strict_sync=False, shard_count=1) as env:
        world = populate(env)
        running = asyncio.create_task(clock.run(env, redraw))
        try:
            await env.advance_time(35)  # the minute's sweeps now fall 25 s after each minute
            asked = await world.alice.slash(
                world.channel, "caravan challenge", opponent=world.bob, turn=300
            )
            await world.bob.click(asked.response, label="Accept")
            thread = world.channel.threads[-1]
            due = int(bot.clock()) + 300
            for jump in (1, 2):
                await world.olivia.slash(world.channel, "clock", minutes=3)
                await asyncio.wait_for(clock.requests.join(), 60)
                texts = [m.content for m in thread.history()]
                reminders = [t for t in texts if ", a reminder:" in t]
                assert len(reminders) == 1 and f"<t:{due}:R>" in reminders[0], texts
                assert ("ran out" in texts[-1]) == (jump == 2), texts
            assert not env.errors
        finally:
            running.cancel()
            await release(bot)


async def test_the_clock_takes_only_what_it_offers(tmp_path: Path) -> None:
    bot = create_bot(settings(tmp_path / "local.db"))
    clock = LocalClock(bot.clock)
    bot.tree.add_command(clock.command())
    async with simcord.run(bot, strict_sync=False, shard_count=1) as env:
        world = populate(env)
        try:
            for minutes in (0, MOST_MINUTES + 1):
                with pytest.raises(simcord.SetupError):
                    await world.alice.slash(world.channel, "clock", minutes=minutes)
            assert clock.requests.empty()
        finally:
            await release(bot)


def test_the_preview_starts_without_warnings_that_read_as_errors() -> None:
    quiet = QuietLocal()
    for noise in (
        "PyNaCl is not installed, voice will NOT be supported",
        "Guilds intent seems to be disabled. This may cause state related issues.",
    ):
        record = logging.LogRecord("discord", logging.WARNING, "", 0, noise, None, None)
        assert not quiet.filter(record)
    kept = logging.LogRecord("caravan.bot", logging.WARNING, "", 0, "database locked", None, None)
    assert quiet.filter(kept)


async def test_the_preview_runs_a_small_tournament_in_its_channel(tmp_path: Path) -> None:
    """As docs/tournaments.md tells it: Olivia creates one, the three join, she starts it; a
    Swiss of two rounds, its games played in the channel (the preview makes no threads), to its
    podium."""
    bot = create_bot(settings(tmp_path / "local.db", game_threads=False))
    async with simcord.run(bot, strict_sync=False, shard_count=1) as env:
        world = populate(env)
        people = [world.alice, world.bob, world.olivia]
        try:
            made = await world.olivia.slash(world.channel, "caravan tournament create", name="Test")
            for member in people:
                await member.click(made.response, label="Join")
            await world.olivia.click(made.response, label="Start")
            assert "a Swiss of 2 rounds" in world.channel.history()[0].content
            for _ in range(3):  # two rounds of one game each and a bye
                calls = [m for m in world.channel.history() if "Your game is" in m.content]
                assert calls and all("played below" in m.content for m in calls)
                turn = next(m for m in reversed(world.channel.history()) if m.components)
                mover = next(m for m in people if f"<@{m.id}>, your move" in turn.content)
                asked = await mover.click(turn, label="Resign")
                await mover.click(asked.response, label="Yes, resign")
                if "is over" in world.channel.history()[-1].content:
                    break
            assert "**Test** is over" in world.channel.history()[-1].content
            assert not world.channel.threads and not env.errors
        finally:
            await release(bot)
