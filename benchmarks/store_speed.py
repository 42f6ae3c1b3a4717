"""How fast the service commits moves: 50 games played at once on one database.

    python benchmarks/store_speed.py [--games 50] [--moves 4000] [--database-url URL]

Without --database-url, a temporary SQLite file; with postgresql://..., an empty database
on that server (its tables are created, and the run's rows left there).

Each game is a task that asks for its player's view, picks a random legal move and plays
it; `play` returns only after the move is committed (WAL, synchronous=NORMAL). Prints
`moves_per_s` (committed moves per second over the run), `play_ms_p50` and `play_ms_p99`
(the latency of `play`, queueing for the write lock included).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import statistics
import tempfile
import time
from pathlib import Path

import bot.app  # noqa: F401  (the bot's modules, so the heap is the size the bot's is)
from bot.service import GameService
from bot.settings import Settings
from bot.store import open_store
from bot.store.url import sqlite_url


async def run(games: int, moves: int, url: str | None) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = await open_store(url or sqlite_url(Path(folder) / "bench.db"), pool_size=games)
        print(f"database: {db.url.shown}")
        limits = Settings(max_active_games=10_000, max_open_challenges=10_000)
        service = GameService(db, limits)
        gc.freeze()  # as the bot's setup_hook does once it is set up
        latencies: list[float] = []
        budget = [moves]

        async def player(index: int) -> None:
            rng = random.Random(index)
            while budget[0] > 0:
                challenge = await service.openings.create_challenge(1, 1, 2 * index, 2 * index + 1)
                info = await service.openings.accept(challenge.id, 2 * index + 1)
                while info.active and budget[0] > 0:
                    budget[0] -= 1
                    user = info.user_at(info.turn or "A")
                    _, view = await service.view(info.id, user)
                    move = rng.choice(view.legal_moves)
                    start = time.perf_counter()
                    outcome = await service.play(info.id, user, move, info.version)
                    latencies.append(time.perf_counter() - start)
                    info = outcome.game

        start = time.perf_counter()
        try:
            await asyncio.gather(*(player(i) for i in range(games)))
        finally:
            await db.close()
        elapsed = time.perf_counter() - start
    cuts = statistics.quantiles(latencies, n=100)
    print(f"moves_per_s: {len(latencies) / elapsed:.0f} moves/s")
    print(f"play_ms_p50: {cuts[49] * 1000:.2f} ms")
    print(f"play_ms_p99: {cuts[98] * 1000:.2f} ms")
    print(f"moves: {len(latencies)} moves")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=4000)
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.moves, args.database_url))


if __name__ == "__main__":
    main()
