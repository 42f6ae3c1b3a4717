"""The database goes away during the computer's turn and comes back: the move the AI owes
is tried again (`bot.retry`: 1 s, 2 s, 4 s... apart) until it lands, then posted, instead
of leaving the member on "thinking" until a restart. On PostgreSQL the server itself is
stopped (every connection drops) and started again; on SQLite another connection holds
the file locked."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest

from bot.simulate import Table, opened, play_turn
from tests.conftest import server_or_skip

SETTINGS = {"ai_workers": 0, "ai_pause_seconds": 30.0}  # a pause to break the database in


@contextmanager
def sqlite_locked(path: Path) -> Iterator[None]:
    """The database file locked by another connection until the block ends: an exclusive
    transaction, which in WAL mode (the bot's) lets others read but fails every write
    after the busy timeout: a database that cannot be written, as a full or read-only
    disk would be too."""
    holder = sqlite3.connect(path, isolation_level=None, timeout=0)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        yield
        holder.execute("ROLLBACK")
    finally:
        holder.close()


async def alice_to_move(t: Table, thread: Any) -> bool:
    return f"<@{t.alice.id}>, your move" in thread.history()[-1].content


async def an_ai_turn_through_an_outage(t: Table, outage: Any, retries: int = 8) -> None:
    """Alice moves; while the AI waits out its pause, the database goes (`outage`: a
    context manager); time passes, the AI fails and waits; the database comes back, and
    the AI's move lands and is posted once."""
    await t.alice.slash(t.channel, "caravan play-ai", difficulty="easy")
    thread = t.channel.threads[-1]
    if not await alice_to_move(t, thread):
        await t.env.advance_time(31)  # the AI moved first
    assert await alice_to_move(t, thread)
    await play_turn(t, thread, random.Random(4), players=(t.alice,))
    assert not await alice_to_move(t, thread)  # the AI owes the next move
    posted = len(thread.history())
    with outage:
        await t.env.advance_time(31)  # the pause is over: the AI's move fails
        for _second in range(retries):  # and its tries 1, 2, 4 s later fail too
            await t.env.advance_time(1)
        assert len(thread.history()) == posted, "nothing posted while the database is away"
        assert not await alice_to_move(t, thread)
    # the next try comes at most a minute on; the database's answers take real time (a new
    # connection to a restarted server), which SimCord's clock does not wait for: let both
    # pass until the move is posted (or two minutes of tries have passed)
    for _second in range(120):
        await t.env.advance_time(1)
        if len(thread.history()) > posted:
            break
        await asyncio.to_thread(time.sleep, 0.05)
    assert len(thread.history()) == posted + 1, "the AI's move posted once"
    assert await alice_to_move(t, thread)
    service = t.env.bot.service
    info = await service.ledger.game_in_thread(thread.id)
    assert info.active and info.turn != info.ai_seat


async def test_the_ai_moves_once_a_stopped_postgresql_is_back(tmp_path: Path) -> None:
    servers = server_or_skip()
    server = next(servers)
    try:
        url = server.create_database("caravan_outage")

        @contextmanager
        def stopped() -> Iterator[None]:
            server.stop()
            try:
                yield
            finally:
                server.start()

        async with opened(url, **SETTINGS) as t:
            await an_ai_turn_through_an_outage(t, stopped())
            assert not t.env.errors, t.env.errors
    finally:
        servers.close()


async def test_the_ai_moves_once_a_locked_sqlite_file_is_free(tmp_path: Path) -> None:
    async with opened(tmp_path, **SETTINGS) as t:
        # a locked file fails a write only after SQLite's busy timeout (5 s, real time):
        # SimCord waits that long for the bot to settle, and the test tries twice, not 8 times
        t.env.settle_timeout = 30.0
        await an_ai_turn_through_an_outage(t, sqlite_locked(Path(t.database)), retries=1)
        assert not t.env.errors, t.env.errors


def test_the_waits_double_up_to_a_minute() -> None:
    from bot.retry import backoff

    assert [backoff(n) for n in range(1, 9)] == [1, 2, 4, 8, 16, 32, 60, 60]


@pytest.mark.parametrize(
    ("error", "retried"),
    [
        (sqlite3.OperationalError("database is locked"), True),
        (psycopg.OperationalError("server closed the connection unexpectedly"), True),
        (OSError("connection reset by peer"), False),  # Discord's end: may have posted
        (ValueError("a mistake in the code"), False),
    ],
)
def test_only_database_errors_are_retried_by_owed(error: Exception, retried: bool) -> None:
    from bot.retry import database_error

    assert database_error(error) is retried


async def test_a_move_whose_commit_answer_was_lost_is_posted_once(tmp_path: Path) -> None:
    """The AI's move is committed, but the answer never comes back (the connection dropped
    after the COMMIT): the next try finds the move in the record and posts it, instead of
    leaving the member on "thinking" or playing a second move."""
    async with opened(tmp_path, ai_workers=0, ai_pause_seconds=1.0) as t:
        store = t.env.bot.service.store
        real = store.games.record_move
        lost: list[int] = []
        bot_id = t.env.bot.user.id

        async def answer_lost(*args: Any, **kwargs: Any) -> Any:
            result = await real(*args, **kwargs)
            if not lost and args[3] == bot_id:  # (game, version, seat, user id, ...)
                lost.append(result[0].version)
                raise sqlite3.OperationalError("disk I/O error")  # after the commit
            return result

        store.games.record_move = answer_lost
        await t.alice.slash(t.channel, "caravan play-ai", difficulty="easy")
        thread = t.channel.threads[-1]
        rng = random.Random(6)
        for _turn in range(3):
            for _second in range(5):  # the AI's pause, then a try 1 s after the lost answer
                if await alice_to_move(t, thread):
                    break
                await t.env.advance_time(1)
            assert await alice_to_move(t, thread)
            await play_turn(t, thread, rng, players=(t.alice,))
        assert lost, "the AI's first move lost its answer"
        info = await t.env.bot.service.ledger.game_in_thread(thread.id)
        seed_and_moves = await store.games.seed_and_moves(info.id)
        turns = [m.content for m in thread.history() if "TestBot" in m.content.split("\n")[0]]
        assert len(turns) == len({*turns}), "no move of the AI's posted twice"
        assert len(seed_and_moves[1]) == info.version
        assert not t.env.errors, t.env.errors
