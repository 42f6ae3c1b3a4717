"""Games against the bot itself, end to end in SimCord: every difficulty to the end, a
challenge to the bot, a restart while the AI owes a move, and no hand in public."""

from __future__ import annotations

import random
from typing import Any

import pytest
from simcord.builders import UserHandle

from bot.simulate import Table, opened, play_turn, restart
from engine.ai import LEVELS
from tests.bot.test_discord import assert_no_hand_in_public

AI = {"ai_workers": 0, "ai_pause_seconds": 1.0}


async def play_against_ai(t: Table, thread: Any, seed: int, limit: int = 500) -> None:
    """Alice plays at random from what the bot offers; the AI answers each move."""
    rng = random.Random(seed)
    for _ in range(limit):
        last = thread.history()[-1]
        if "Game over" in last.content:
            return
        assert f"<@{t.alice.id}>, your move" in last.content, "the AI has answered"
        await play_turn(t, thread, rng, players=(t.alice,))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("level", LEVELS)
async def test_a_whole_game_against_each_difficulty(database_url: str, level: str) -> None:
    # easy thinks in a worker process, as in production; the others in a thread
    workers = 1 if level == "easy" else 0
    async with opened(database_url, ai_workers=workers, ai_pause_seconds=1.0) as t:
        started = await t.alice.slash(t.channel, "caravan play-ai", difficulty=level)
        assert f"difficulty **{level}**" in started.response.content
        thread = t.channel.threads[-1]
        assert f"({level})" in thread.name
        await play_against_ai(t, thread, seed=len(level))
        final = thread.history()[-1]
        assert "Game over" in final.content and final.attachments
        # the computer is named as a computer player, with its level, everywhere: never by
        # the bot's name alone (which may be the game's own, "Caravan")
        ai_turns = [m for m in thread.history() if m.content.startswith(f"TestBot ({level}) ")]
        assert len(ai_turns) >= 3
        named = [m.content for m in thread.history() if m.content.startswith("TestBot ")]
        assert all(line.startswith(f"TestBot ({level})") for line in named), [
            line for line in named if not line.startswith(f"TestBot ({level})")
        ]
        assert all(f"<@{t.env.bot.user.id}>" not in m.content for m in thread.history())
        assert all(f"({level}) ({level})" not in m.content for m in thread.history())
        assert any(m.content.endswith(f"TestBot ({level}) is thinking.") for m in thread.history())
        assert_no_hand_in_public(t, thread)


async def test_challenging_the_bot_starts_a_game_against_it(database_url: str) -> None:
    async with opened(database_url, **AI) as t:
        me = UserHandle(t.env, t.env.backend.bot_user)  # the bot, as a user option
        started = await t.alice.slash(
            t.channel, "caravan challenge", opponent=me, difficulty="hard", rules="simple"
        )
        assert "difficulty **hard**" in started.response.content
        assert "`simple`" in started.response.content
        thread = t.channel.threads[-1]
        rng = random.Random(2)
        for _ in range(3):
            await play_turn(t, thread, rng, players=(t.alice,))
        assert f"<@{t.alice.id}>, your move" in thread.history()[-1].content


async def test_other_bots_still_cannot_play(database_url: str) -> None:
    async with opened(database_url, **AI) as t:
        robot = t.guild.add_member(t.env.create_user("Robot", bot=True))
        refused = await t.alice.slash(t.channel, "caravan challenge", opponent=robot)
        assert refused.response.ephemeral and "Bots cannot play" in refused.response.content


async def test_the_ai_moves_after_a_restart(database_url: str) -> None:
    """The bot stops while the AI owes a move (during its pause); a fresh bot on the same
    database makes that move."""
    async with opened(database_url, ai_workers=0, ai_pause_seconds=30.0) as t:
        await t.alice.slash(t.channel, "caravan play-ai", difficulty="easy")
        thread = t.channel.threads[-1]
        rng = random.Random(5)
        if f"<@{t.alice.id}>, your move" not in thread.history()[-1].content:
            await t.env.advance_time(31)  # the AI moved first
        await play_turn(t, thread, rng, players=(t.alice,))
        assert f"<@{t.alice.id}>, your move" not in thread.history()[-1].content  # the AI's
        count = len(thread.history())
        await restart(t, ai_workers=0, ai_pause_seconds=30.0)
        await t.env.advance_time(31)
        assert len(thread.history()) == count + 1
        assert f"<@{t.alice.id}>, your move" in thread.history()[-1].content
