"""A clean stop (`bot.stopping`): SIGTERM to a real bot process in the middle of a burst of
moves, on SQLite and on PostgreSQL: every acknowledged move is in the database, and no
more; every press was answered (its answer, or "restarting"); the process ends by itself
and a restart plays on. In process: the work under way finishes before the store closes,
the computer's owed move is made after the restart, and a stop never waits past its grace.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app import create_bot
from bot.service import GameService
from bot.settings import Settings
from bot.simulate import (
    open_hand,
    opened,
    panel_of,
    play_turn,
    release,
    settings,
    start,
    start_many,
)
from bot.stopping import stop
from bot.store import open_store
from engine import Game
from tests.bot.stop_worker import SIGNAL_AT

ROOT = Path(__file__).resolve().parents[2]
ACKS_BEFORE_THE_SIGNAL = SIGNAL_AT  # moves acknowledged when the signal is sent from here
WATCHDOG = 120.0  # seconds: a hung worker fails the test instead of hanging CI


@dataclass
class Stopped:
    """What the worker said: its games' versions at the start, every press's answer, the
    interactions under way when the stop began, SimCord's errors, and the seconds from
    the signal to the process's end (measured, for the report; never asserted)."""

    started: dict[int, int]
    presses: list[tuple[str, int]]
    in_flight: int
    errors: list[str]
    seconds: float


def run_and_stop(url: str, inside: bool) -> Stopped:
    """Start the worker, let the bot acknowledge some moves, SIGTERM it in the middle of the
    burst (from here, or `inside` a move: the worker signals itself) and read it to its
    end."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.stop_worker", url, *(["inside"] if inside else [])],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None and process.stderr is not None
    watchdog = threading.Timer(WATCHDOG, process.kill)
    watchdog.start()
    started: dict[int, int] = {}
    presses: list[tuple[str, int]] = []
    stopped: dict[str, Any] = {}
    in_flight = -1
    signalled = 0.0
    try:
        for line in process.stdout:
            word, _, rest = line.strip().partition(" ")
            if word == "READY":
                started = {int(game): version for game, version in json.loads(rest).items()}
            elif word == "STOPPED":
                stopped = json.loads(rest)
            elif word == "IN_FLIGHT":
                in_flight = int(rest)
            elif word == "SIGNALLED":
                signalled = time.monotonic()
            else:
                presses.append((word, int(rest)))
                acks = sum(kind == "ACK" for kind, _ in presses)
                if acks == ACKS_BEFORE_THE_SIGNAL and not inside and not signalled:
                    signalled = time.monotonic()
                    process.send_signal(signal.SIGTERM)
        process.wait()
        ended = time.monotonic()
    finally:
        watchdog.cancel()
        if process.poll() is None:
            process.kill()
    said = process.stderr.read()
    assert process.returncode == 0, said[-3000:]
    assert signalled and stopped and in_flight >= 0, said[-3000:]
    return Stopped(started, presses, in_flight, stopped["errors"], ended - signalled)


@pytest.mark.parametrize("inside", [False, True], ids=["between-presses", "inside-a-move"])
async def test_sigterm_in_a_burst_of_moves_loses_nothing_and_answers_every_press(
    database_url: str, inside: bool
) -> None:
    stopped = run_and_stop(database_url, inside)
    kinds = Counter(kind for kind, _ in stopped.presses)
    print(f"SIGTERM to exit: {stopped.seconds:.2f} s; {stopped.in_flight} in flight; {kinds}")
    assert stopped.errors == []
    assert kinds["UNANSWERED"] == 0, "every press is answered, or refused"
    # inside a move: the SIGNAL_AT-th, under way when the stop began, finished and was
    # acknowledged; from here: sent once that many were
    assert kinds["ACK"] >= ACKS_BEFORE_THE_SIGNAL, kinds
    if inside:
        assert stopped.in_flight == 1, "the stop began while that move was under way"
    acked = Counter(game for kind, game in stopped.presses if kind == "ACK")
    started = stopped.started

    store = await open_store(database_url)
    service = GameService(store, Settings(max_active_games=100))
    try:
        for game, version in started.items():
            seed, moves = await store.games.seed_and_moves(game)
            info = await service.game(game)
            # every acknowledged move is there, and none that was refused or not answered
            assert info.version == len(moves) == version + acked[game], (game, acked[game])
            replayed = Game.replay(info.rules, seed, list(moves))
            assert info.active and info.turn == replayed.mover
            # a restart plays on
            user = info.user_at(replayed.mover)
            _, view = await service.view(game, user)
            after = await service.play(game, user, view.legal_moves[0], info.version)
            assert after.game.version == info.version + 1
    finally:
        await store.close()


async def ended(stopping: asyncio.Task[None]) -> bool:
    """Whether the stop ends by itself within a second (it must not while work it waits for
    is held: a real second, for a broken stop to show itself; not a bound on anything)."""
    done, _ = await asyncio.wait({stopping}, timeout=1.0)
    return bool(done)


async def turns(count: int = 1000) -> None:
    """Let the event loop run `count` times round (SimCord's clock holds timers: a sleep of
    any length in a test waits for `advance_time`)."""
    for _ in range(count):
        await asyncio.sleep(0)


async def test_a_stop_waits_for_the_press_under_way_and_a_restart_plays_on(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path) as t:
        games = await start_many(t, 2)
        bot = t.env.bot
        (thread, players), _ = games
        # a press held inside the bot (reading its game) as the stop begins
        go = asyncio.Event()
        player = bot.service.player

        async def held(*args: Any) -> Any:
            await go.wait()
            return await player(*args)

        bot.service.player = held  # type: ignore[method-assign]
        pressing = asyncio.create_task(open_hand(players[0], thread.history()[-1]))
        await turns()
        assert bot.guard.in_flight == 1
        stopping = asyncio.create_task(stop(bot, grace=30.0))
        assert not await ended(stopping) and bot.store is not None, "the stop waits for it"
        go.set()
        answered = panel_of(await pressing)
        await stopping
        assert answered.ephemeral and answered.attachments[0].filename == "hand.png"
        assert bot.is_closed() and bot.store is None

        await t.env.restart_bot(create_bot(settings(tmp_path / "caravan.db")))
        await release(bot)
        rng = random.Random(5)
        for thread, players in games:
            assert await play_turn(t, thread, rng, players)


async def test_a_press_while_stopping_is_answered_restarting_and_changes_nothing(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path) as t:
        thread = await start(t)
        last = thread.history()[-1]
        t.env.bot.guard.stopping = True
        for member in (t.alice, t.bob):
            refused = panel_of(await open_hand(member, last))
            assert refused.ephemeral
            assert refused.content == "The bot is restarting; please try again in a moment."
        assert thread.history()[-1].id == last.id


async def test_the_computer_thinking_stops_at_once_and_moves_after_the_restart(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    slow = {"ai_workers": 0, "ai_pause_seconds": 30.0}
    async with opened(tmp_path, **slow) as t:
        await t.alice.slash(t.channel, "caravan play-ai", difficulty="easy")
        thread = t.channel.threads[-1]
        if f"<@{t.alice.id}>, your move" not in thread.history()[-1].content:
            await t.env.advance_time(31)
        await play_turn(t, thread, random.Random(1), players=(t.alice,))
        owed = len(thread.history())  # the computer thinks, then waits out its pause
        bot = t.env.bot
        await stop(bot, grace=30.0)
        assert "closing anyway" not in caplog.text, "the stop did not wait for its pause"
        assert bot.is_closed() and len(thread.history()) == owed
        await t.env.restart_bot(create_bot(settings(tmp_path / "caravan.db", **slow)))
        await release(bot)
        await t.env.advance_time(31)
        assert len(thread.history()) == owed + 1
        assert f"<@{t.alice.id}>, your move" in thread.history()[-1].content


async def test_the_computers_move_being_committed_lands_and_is_posted_before_the_close(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path, ai_workers=0, ai_pause_seconds=0.0) as t:
        await t.alice.slash(t.channel, "caravan play-ai", difficulty="easy")
        thread = t.channel.threads[-1]
        bot = t.env.bot
        if f"<@{t.alice.id}>, your move" not in thread.history()[-1].content:
            await t.env.advance_time(1)
        # the computer's next move held as it is being committed
        go, entered = asyncio.Event(), asyncio.Event()
        play = bot.service.play

        async def held(game: int, user: int, move: str, version: int) -> Any:
            if bot.user is not None and user == bot.user.id:
                entered.set()
                await go.wait()
            return await play(game, user, move, version)

        bot.service.play = held  # type: ignore[method-assign]
        playing = asyncio.create_task(play_turn(t, thread, random.Random(2), players=(t.alice,)))
        await asyncio.wait_for(entered.wait(), 60)  # 60: a watchdog
        before = len(thread.history())
        stopping = asyncio.create_task(stop(bot, grace=30.0))
        assert not await ended(stopping), "the stop waits for the move being committed"
        go.set()
        await playing
        await stopping
        assert bot.is_closed() and len(thread.history()) == before + 1, "posted before the close"
        assert f"<@{t.alice.id}>, your move" in thread.history()[-1].content


async def test_a_sweep_under_way_finishes_before_the_close(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        bot = t.env.bot
        timers = bot.get_cog("Timers")
        go, entered = asyncio.Event(), asyncio.Event()
        expire = bot.service.openings.expire_challenges
        expired: list[Any] = []

        async def held() -> Any:
            entered.set()
            await go.wait()
            expired.append(await expire())  # its database work, done before the close
            return expired[-1]

        bot.service.openings.expire_challenges = held  # type: ignore[method-assign]
        sweeping = asyncio.create_task(timers.minutely())  # one sweep, as the minute's
        await asyncio.wait_for(entered.wait(), 60)  # 60: a watchdog
        stopping = asyncio.create_task(stop(bot, grace=30.0))
        assert not await ended(stopping), "the stop waits for the sweep"
        go.set()
        await sweeping
        await stopping
        assert expired == [[]], "the sweep's work was done"
        await turns()
        assert bot.is_closed() and not timers.minutely.is_running(), "no more sweeps"


async def test_a_stop_never_waits_past_its_grace(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        await start(t)
        bot = t.env.bot
        forever = asyncio.Event()

        async def never_ends() -> None:
            await forever.wait()

        hung = asyncio.create_task(bot.guard(Interactionless(), "stuck", never_ends()))
        await turns()
        stopping = asyncio.create_task(stop(bot, grace=0.5))
        await turns()
        assert not stopping.done() and not bot.is_closed()
        await asyncio.wait_for(stopping, 60)  # the grace passed: closed anyway (60: a watchdog)
        assert bot.is_closed() and not hung.done()
        forever.set()
        await hung


class Interactionless:
    """Enough of an interaction for the guard to run work that never ends."""

    id = 1
    guild_id = None
    guild = None
    locale = "en-US"

    class user:
        id = 42
        name = "Stuck"
        display_name = "Stuck"
