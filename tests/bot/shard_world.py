"""One bot process of several: the real bot on some of four shards, in its own SimCord
world, on a shared database. `test_shard_processes.py` runs one in the test process and
the other as a separate OS process:

    python -m tests.bot.shard_world DATABASE_URL

The second process starts a game between Alice and Carol in a server on shard 2, prints
`WORLD {"alice": ..., "game": ...}`, waits for a line on stdin, plays the game to its end
through the buttons, and prints `WORLD {"turns": ...}`.

Both worlds create their members first and in the same order, so Alice (and Bob and
Carol) have the same ids in both, as one Discord account in two servers does. The second
world then moves its clock a second on before it makes its server, so its servers, channels,
threads and messages get ids the first world never gives (on Discord every id is unique).
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import simcord

from bot.app import create_bot
from bot.simulate import Table, play_turn, release, settings

SHARD_COUNT = 4
LATER = 1.0  # seconds: a later millisecond for every id (and no timer of the bot's fires)
LIMITS = {"max_active_games": 2}  # per player, across every process


@asynccontextmanager
async def shard_world(url: str, shards: str, guild_shard: int, later: bool) -> AsyncIterator[Table]:
    """The bot serving `shards` of four, with Alice, Bob and Carol in a server on
    `guild_shard` (its ids a second `later` when asked)."""
    bot = create_bot(settings(url, shards=shards, shard_count=SHARD_COUNT, **LIMITS))
    async with simcord.run(bot, strict_sync=False) as env:
        users = [env.create_user(name) for name in ("Alice", "Bob", "Carol")]
        if later:
            await env.advance_time(LATER)
        guild = env.create_guild(f"Shard {guild_shard}", shard_id=guild_shard)
        channel = guild.create_text_channel("caravan")
        alice, bob, carol = (guild.add_member(user) for user in users)
        try:
            yield Table(env, guild, channel, alice, bob, carol, url)
            assert not env.errors
        finally:
            await release(env.bot)


async def challenge(t: Table, challenger: Any, opponent: Any) -> tuple[Any, int]:
    """A game between the two, accepted: its thread and its id."""
    asked = await challenger.slash(t.channel, "caravan challenge", opponent=opponent)
    await opponent.click(asked.response, label="Accept")
    thread = t.channel.threads[-1]
    turn = thread.history()[-1]
    return thread, int(turn.components[0].children[0].custom_id.split(":")[-1])


async def play_to_end(t: Table, thread: Any, players: tuple[Any, Any], seed: int) -> int:
    """Every turn through the bot's buttons (each must say "Played."); the turns played."""
    rng = random.Random(seed)
    turns = 0
    while await play_turn(t, thread, rng, players):
        turns += 1
        assert turns < 2000, "the game did not end"
    return turns


def say(**fields: Any) -> None:
    print("WORLD " + json.dumps(fields), flush=True)


async def second_process(url: str) -> None:
    async with shard_world(url, "2-3", guild_shard=2, later=True) as t:
        thread, game_id = await challenge(t, t.alice, t.carol)
        say(alice=t.alice.id, carol=t.carol.id, game=game_id, guild=t.guild.id)
        await asyncio.to_thread(sys.stdin.readline)  # the first process is ready
        turns = await play_to_end(t, thread, (t.alice, t.carol), seed=2)
        assert "Game over" in thread.history()[-1].content
        say(turns=turns)


if __name__ == "__main__":
    asyncio.run(second_process(sys.argv[1]))
