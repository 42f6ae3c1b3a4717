"""A busy server: many games played to the end at once through SimCord, then a restart and
the deadline sweeps.

    python benchmarks/bot_load.py [--games 200]

The real bot runs in SimCord's in-memory Discord on a fresh database (SimCord delivers one
interaction at a time, as one shard sees them in order). `--games` pairs of members each
start a game; the games then advance turn by turn in rotation, every player doing what a
player does (`bot.simulate.play_turn`: open the hand, choose a card, choose a place), until
every game is over. A quarter of the pairs also look at `/caravan games`, the leaderboard
and their stats once along the way. Beside them, one game in twenty (5-minute turns) is
left by its players after a few moves. Then the bot is restarted on the same database, 15
minutes pass on SimCord's clock (every minute's sweep runs: reminders, time-up notices, and
the deserted games closed), and every game is checked.

Prints `interactions_per_s` (all interactions over the wall time of the play),
`move_ms_p50`/`move_ms_p99` (from the final select to its answer: commit, hand image, table
image), `rss_mb` (peak resident memory of this process, which holds SimCord too), `db_mb`
(database with its WAL), `errors` (errors SimCord recorded, plus answers that were the
"something went wrong" apology) and `stuck_games` (games not over in the database, or whose
thread does not end with the final table); targets: 0 and 0, move p99 under 250 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from bot_latency import percentile  # this folder's sibling script

from bot.app import OOPS
from bot.simulate import Timings, opened, panel_of, play_turn, restart, start_many


async def look_around(t: Any, member: Any) -> list[Any]:
    """What a curious player does between moves; the answers, to check for apologies."""
    return [
        panel_of(await member.slash(t.channel, "caravan games")),
        panel_of(await member.slash(t.channel, "caravan leaderboard")),
        panel_of(await member.slash(t.channel, "caravan stats")),
    ]


async def run(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        async with opened(Path(folder)) as t:
            started = await start_many(t, games)
            deserted = await start_many(t, max(1, games // 20), prefix="Idle", turn=300)
            rng = random.Random(1)
            timings = Timings()
            answers: list[Any] = []
            live = list(started)
            began = time.perf_counter()
            extra = 0
            rounds = 0
            for thread, players in deserted:
                for _ in range(3):
                    await play_turn(t, thread, rng, players)
            while live:
                rounds += 1
                for thread, players in list(live):
                    if not await play_turn(t, thread, rng, players, timings):
                        live.remove((thread, players))
                if rounds == 20:
                    for _, players in started[: max(1, games // 4)]:
                        answers += await look_around(t, players[0])
                        extra += 3
            spent = time.perf_counter() - began
            interactions = len(timings.moves) + len(timings.panels) + extra
            await restart(t)
            for _ in range(3):  # each minute's sweep runs
                await t.env.advance_time(5 * 60)
            db = await t.env.bot.service.db.fetchone(
                "SELECT COUNT(*) FROM games WHERE status = 'active'"
            )
            active = int(db[0]) if db else 0
            every = started + deserted
            unfinished = sum("Game over" not in th.history()[-1].content for th, _ in every)
            apologies = sum(OOPS in (a.content or "") for a in answers)
            errors = len(t.env.errors) + apologies
            size = sum(p.stat().st_size for p in Path(folder).glob("caravan.db*"))
            t.env.errors.clear()
    moves = timings.moves
    print(f"games: {games} count")
    print(f"interactions: {interactions} count")
    print(f"interactions_per_s: {interactions / spent:.1f} 1/s")
    print(f"move_ms_p50: {percentile(moves, 50):.1f} ms")
    print(f"move_ms_p99: {percentile(moves, 99):.1f} ms")
    print(f"rss_mb: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    print(f"db_mb: {size / 1e6:.1f} MB")
    print(f"errors: {errors} count")
    print(f"stuck_games: {active + unfinished} count")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    asyncio.run(run(args.games))


if __name__ == "__main__":
    main()
