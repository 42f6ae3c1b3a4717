"""Two bot processes on one PostgreSQL database, each serving its own shards in its own
SimCord world: this test process runs shards 0-1 of four, `tests.bot.shard_world` runs
shards 2-3 as a separate OS process. Alice is a member of a server on each; she plays a
game in both at once and opens her hand across servers (see shard_world for how the two
worlds share her id and never share any other)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.simulate import panel_of
from bot.store import open_store
from tests.bot.shard_world import challenge, play_to_end, shard_world

ROOT = Path(__file__).resolve().parents[2]
WAIT = 300.0  # seconds the other process may take to say its next line


async def heard(process: asyncio.subprocess.Process) -> dict[str, Any]:
    """The other process's next `WORLD {...}` line."""
    assert process.stdout is not None
    while True:
        line = await asyncio.wait_for(process.stdout.readline(), WAIT)
        assert line, "the other process ended early"
        if line.startswith(b"WORLD "):
            found: dict[str, Any] = json.loads(line[len(b"WORLD ") :])
            return found


async def test_two_processes_on_their_own_shards_share_one_database(pg_url: str) -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.bot.shard_world",
        pg_url,
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        async with shard_world(pg_url, "0-1", guild_shard=0, later=False) as t:
            assert (t.guild.id >> 22) % 4 == 0 and t.env.bot.shard_ids == [0, 1]
            thread, here = await challenge(t, t.alice, t.bob)
            other = await heard(process)
            assert other["alice"] == t.alice.id and other["carol"] == t.carol.id
            elsewhere = other["game"]
            assert (other["guild"] >> 22) % 4 == 2 and other["guild"] != t.guild.id

            # Alice's hand in the other process's game, opened from this server
            choices = await t.alice.autocomplete(t.channel, "caravan hand", "game", "")
            assert [c["value"] for c in choices] == [here, elsewhere]
            assert "against Bob" in choices[0]["name"] and "another" not in choices[0]["name"]
            assert "against Carol" in choices[1]["name"]
            assert "another server" in choices[1]["name"]
            hand = panel_of(await t.alice.slash(t.channel, "caravan hand", game=elsewhere))
            assert hand.ephemeral and hand.attachments[0].filename == "hand.png"
            controls = [c.get("custom_id") for row in hand.components for c in row["components"]]
            info = await t.env.bot.service.game(elsewhere)
            if info.turn == info.seat_of(t.alice.id):  # her move there: that game's controls
                assert controls and all(f":{elsewhere}:" in c for c in controls if c), controls
            else:
                assert not controls and "It is Carol's move" in hand.content, hand.content
            # her limit of two games holds across the processes
            third = await t.alice.slash(t.channel, "caravan challenge", opponent=t.carol)
            refused = panel_of(await t.carol.click(third.response, label="Accept"))
            assert refused.ephemeral and "already plays 2 games" in refused.content
            assert len(t.channel.threads) == 1

            # both games played out at once, one in each process
            assert process.stdin is not None
            process.stdin.write(b"go\n")
            await process.stdin.drain()
            turns = await play_to_end(t, thread, (t.alice, t.bob), seed=1)
            their_turns = (await heard(process))["turns"]
            assert await asyncio.wait_for(process.wait(), WAIT) == 0
            # this process held the other game's record; it reads the game as it ended
            late = panel_of(await t.alice.slash(t.channel, "caravan hand", game=elsewhere))
            assert late.ephemeral and late.content.startswith("The game is over"), late.content
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()

    store = await open_store(pg_url)
    try:
        games = {g: await store.games.game(g) for g in (here, elsewhere)}
        assert all(info is not None and not info.active for info in games.values())
        for game_id, played in ((here, turns), (elsewhere, their_turns)):
            _, moves = await store.games.seed_and_moves(game_id)
            assert len(moves) == played  # every move through the buttons landed, once
    finally:
        await store.close()
