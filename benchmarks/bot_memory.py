"""The bot's own memory per game in progress, at several numbers of games.

    python benchmarks/bot_memory.py [--games 200 2000] [--turns 2] [--database-url URL]

For each number N: the real bot in a fresh SimCord world on a fresh database (a temporary
SQLite file, or a new database on the PostgreSQL server `--database-url` names), N games
started between pairs of members, 100 games to a server, and each played `--turns` turns
through the buttons (hand, card, place), so every game has a table posted, a thread, a
state the service has built and hands dealt. Then the bot's objects are weighed: everything
reachable from the bot (its service and caches, discord.py's cache of servers, members,
threads and messages, its views, its AI), not going into SimCord's objects (which keep
every message and image the bot ever sent: not the bot's memory on Discord), nor into
modules, classes, functions and the event loop (shared, not per game). Measured once before
the games (the bot set up, one server) and once after.

Prints, for each N, `bot_mb_at_N` (the bot's objects with N games in progress) and
`kb_per_game_at_N` ((after - before) / N).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gc
import random
import sys
import tempfile
import types
from collections.abc import Callable
from pathlib import Path

from bot.simulate import opened, play_turn, start_many

GAMES_PER_SERVER = 100
SHARED = (
    types.ModuleType,
    type,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.CodeType,
    types.FrameType,
    asyncio.AbstractEventLoop,
)


def weight(root: object, stop: Callable[[object], bool]) -> int:
    """Bytes of the objects reachable from `root` (sys.getsizeof each, once), not going
    into any object `stop` says to leave out."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if stop(obj):
            continue
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
    return total


def not_the_bots(obj: object) -> bool:
    return isinstance(obj, SHARED) or type(obj).__module__.startswith("simcord")


async def measure(games: int, turns: int, where: Path | str) -> tuple[float, float]:
    """The bot's objects before and after `games` games were started and played a little
    (bytes)."""
    async with opened(where) as t:
        gc.collect()
        before = weight(t.env.bot, not_the_bots)
        rng = random.Random(games)
        started = []
        for first in range(0, games, GAMES_PER_SERVER):
            guild = t.env.create_guild(f"Server {first // GAMES_PER_SERVER}")
            here = dataclasses.replace(t, guild=guild, channel=guild.create_text_channel("caravan"))
            count = min(GAMES_PER_SERVER, games - first)
            started += [(here, *game) for game in await start_many(here, count, prefix=f"P{first}")]
        for _ in range(turns):
            for here, thread, players in started:
                await play_turn(here, thread, rng, players)
        assert t.env.bot.store is not None
        rows = await t.env.bot.store.query(
            "SELECT COUNT(*) AS n FROM games WHERE status = 'active'"
        )
        assert int(rows[0]["n"]) == games, f"{rows[0]['n']} of {games} games still going"
        gc.collect()
        after = weight(t.env.bot, not_the_bots)
    return before, after


def database(folder: Path, url: str | None, index: int) -> Path | str:
    if url is None:
        return folder / f"run{index}"
    import psycopg  # a fresh database on that server

    name = f"caravan_memory_{index}"
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name}")  # type: ignore[arg-type]
        connection.execute(f"CREATE DATABASE {name}")  # type: ignore[arg-type]
    return url.rsplit("/", 1)[0] + f"/{name}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--database-url", help="a PostgreSQL server (default: SQLite files)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for index, games in enumerate(args.games):
            where = database(Path(folder), args.database_url, index)
            if isinstance(where, Path):
                where.mkdir()
            before, after = asyncio.run(measure(games, args.turns, where))
            print(f"bot_mb_before: {before / 1e6:.1f} MB")
            print(f"bot_mb_at_{games}: {after / 1e6:.1f} MB")
            print(f"kb_per_game_at_{games}: {(after - before) / games / 1e3:.1f} KB")


if __name__ == "__main__":
    main()
