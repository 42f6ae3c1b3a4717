"""Which PostgreSQL driver records a move fastest: asyncpg or psycopg 3, in the same run.

    pip install asyncpg 'psycopg[binary]' psycopg-pool
    python benchmarks/pg_drivers.py [--database-url postgresql://...] [--games 50] [--moves 4000]

The transaction each move costs the bot's store, as the service runs it today: the game's
row bumped only at the version the move was built on (`UPDATE ... WHERE version = $n
RETURNING *`) and the move appended, one transaction, committed before the next move of
that game. `--games` tasks play at once through a pool of `--pool` connections. Without
`--database-url`, a throwaway server is started in a temporary directory (fsync on, as in
production: `tests/postgres.py`). Prints, per driver, `moves_per_s`, `commit_ms_p50` and
`commit_ms_p99`.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

SCHEMA = """
DROP TABLE IF EXISTS bench_moves; DROP TABLE IF EXISTS bench_games;
CREATE TABLE bench_games (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, player_a BIGINT NOT NULL,
    player_b BIGINT NOT NULL, rules TEXT NOT NULL, seed BIGINT NOT NULL, status TEXT NOT NULL,
    turn TEXT, version INTEGER NOT NULL DEFAULT 0, deadline DOUBLE PRECISION,
    updated_at DOUBLE PRECISION NOT NULL);
CREATE TABLE bench_moves (
    game_id BIGINT NOT NULL REFERENCES bench_games (id), ply INTEGER NOT NULL,
    seat TEXT NOT NULL, user_id BIGINT NOT NULL, move TEXT NOT NULL,
    played_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (game_id, ply));
"""
NEW_GAME = (
    "INSERT INTO bench_games (player_a, player_b, rules, seed, status, turn, updated_at) "
    "VALUES ($1, $2, 'new-vegas', 12345, 'active', 'A', 0) RETURNING id"
)
BUMP = (
    "UPDATE bench_games SET version = version + 1, turn = $1, deadline = $2, updated_at = $3 "
    "WHERE id = $4 AND version = $5 AND status = 'active' RETURNING *"
)
APPEND = (
    "INSERT INTO bench_moves (game_id, ply, seat, user_id, move, played_at) "
    "VALUES ($1, $2, $3, $4, $5, $6)"
)
Record = Callable[[int, int], Awaitable[None]]


async def load(
    games: int, moves: int, new_game: Callable[[int], Awaitable[int]], record: Record
) -> dict[str, float]:
    ids = [await new_game(i) for i in range(games)]
    budget = [moves]
    latencies: list[float] = []

    async def player(game_id: int) -> None:
        version = 0
        while budget[0] > 0:
            budget[0] -= 1
            start = time.perf_counter()
            await record(game_id, version)
            latencies.append(time.perf_counter() - start)
            version += 1

    start = time.perf_counter()
    await asyncio.gather(*(player(g) for g in ids))
    elapsed = time.perf_counter() - start
    cuts = statistics.quantiles(latencies, n=100)
    return {"moves_per_s": len(latencies) / elapsed, "p50": cuts[49] * 1000, "p99": cuts[98] * 1000}


async def with_asyncpg(url: str, games: int, moves: int, pool_size: int) -> dict[str, float]:
    import asyncpg

    pool = await asyncpg.create_pool(url, min_size=pool_size, max_size=pool_size)
    try:
        await pool.execute(SCHEMA)

        async def new_game(i: int) -> int:
            return int(await pool.fetchval(NEW_GAME, 2 * i, 2 * i + 1))

        async def record(game_id: int, version: int) -> None:
            async with pool.acquire() as connection, connection.transaction():
                row = await connection.fetchrow(
                    BUMP, "B", time.time(), time.time(), game_id, version
                )
                assert row is not None
                await connection.execute(
                    APPEND, game_id, version + 1, "A", 1, "a 7h 1", time.time()
                )

        return await load(games, moves, new_game, record)
    finally:
        await pool.close()


async def with_psycopg(url: str, games: int, moves: int, pool_size: int) -> dict[str, float]:
    from psycopg_pool import AsyncConnectionPool

    def positional(sql: str) -> str:  # $1 -> %s
        return re.sub(r"\$\d+", "%s", sql)

    bump, append, new = positional(BUMP), positional(APPEND), positional(NEW_GAME)
    pool = AsyncConnectionPool(url, min_size=pool_size, max_size=pool_size, open=False)
    await pool.open(wait=True)
    try:
        async with pool.connection() as connection:
            await connection.execute(SCHEMA)  # type: ignore[arg-type]

        async def new_game(i: int) -> int:
            async with pool.connection() as connection:
                cursor = await connection.execute(new, (2 * i, 2 * i + 1))  # type: ignore[arg-type]
                row = await cursor.fetchone()
                assert row is not None
                return int(row[0])

        async def record(game_id: int, version: int) -> None:
            async with pool.connection() as connection, connection.transaction():
                cursor = await connection.execute(
                    bump,
                    ("B", time.time(), time.time(), game_id, version),  # type: ignore[arg-type]
                )
                assert await cursor.fetchone() is not None
                await connection.execute(
                    append,
                    (game_id, version + 1, "A", 1, "a 7h 1", time.time()),  # type: ignore[arg-type]
                )

        return await load(games, moves, new_game, record)
    finally:
        await pool.close()


DRIVERS: dict[str, Callable[..., Awaitable[dict[str, float]]]] = {
    "asyncpg": with_asyncpg,
    "psycopg": with_psycopg,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="default: a throwaway server started here")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=4000)
    parser.add_argument("--pool", type=int, default=10, help="connections in each pool")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each driver, alternated")
    args = parser.parse_args()

    def measure(url: str) -> None:
        for round_ in range(args.rounds):
            for name, driver in DRIVERS.items():
                got: dict[str, Any] = asyncio.run(driver(url, args.games, args.moves, args.pool))
                print(f"{name}_moves_per_s: {got['moves_per_s']:.0f} moves/s (round {round_ + 1})")
                print(f"{name}_commit_ms_p50: {got['p50']:.2f} ms (round {round_ + 1})")
                print(f"{name}_commit_ms_p99: {got['p99']:.2f} ms (round {round_ + 1})")

    if args.database_url:
        measure(args.database_url)
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.postgres import throwaway_server

    with throwaway_server(durable=True) as server:
        measure(server.create_database("bench"))


if __name__ == "__main__":
    main()
