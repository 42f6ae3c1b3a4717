"""A busy server: many games played to the end at once through SimCord, then a restart and
the deadline sweeps; on one database, by one bot process or by several.

    python benchmarks/bot_load.py [--games 200] [--database-url URL] [--processes N]
        [--metrics [--scrape-every S] [--scrape FILE]]

The real bot runs in SimCord's in-memory Discord (SimCord delivers one interaction at a
time, as one shard sees them in order). `--games` pairs of members each start a game; the
games then advance turn by turn in rotation, every player doing what a player does
(`bot.simulate.play_turn`: a card, a place; by default each player keeps their hand panel
open, as the bot's panels follow the game, and opens it only once; `--open-every-turn`
presses Your hand every turn, as before the panels followed), until every game is over. A
quarter of the pairs also look at `/caravan games`, the leaderboard and their stats once
along the way. Beside them, one game in twenty (5-minute turns) is left by its players
after a few moves. Then the bot is restarted on the same database, 15 minutes pass on
SimCord's clock (every minute's sweep runs: reminders, time-up notices, and the deserted
games closed), and every game is checked.

Without `--database-url`, a temporary SQLite file. With `--processes N` (PostgreSQL only:
SQLite has one writing process), N bot processes run at once, process i serving shard i of
N in its own SimCord world (its server on that shard, `--games` / N of the games), all on
the one database, as `caravan-bot run --shards i --shard-count N` would in production; the
figures are of all of them together.

Prints `interactions_per_s` and `moves_per_s` (over the wall time of the play, from the
first process's start to the last one's end), `move_ms_p50`/`move_ms_p99` (from the final
select to its answer: commit, hand image, table image), `rss_mb` (peak resident memory of
the largest process, which holds SimCord too), `db_mb` (the database), `errors` (errors
SimCord recorded, plus answers that were the "something went wrong" apology) and
`stuck_games` (games not over in the database, or whose thread does not end with the final
table); targets: 0 and 0, move p99 under 250 ms.

`--metrics`: each bot process with its metrics on (`CARAVAN_METRICS_PORT`, any free port)
and its `/metrics` scraped every `--scrape-every` seconds (15, Prometheus's default) during
the play (`bot_latency.scraping`), to compare with a run without. `--scrape FILE` (one
process) also writes what the dashboard's first panels read from each scrape (moves, the
latency histogram's buckets, errors, games in progress), for `docs/dashboard.py` to plot.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot_latency import percentile, scraping  # this folder's sibling script
from prometheus_client.parser import text_string_to_metric_families

from bot.guard import OOPS
from bot.i18n import ENGLISH
from bot.simulate import Timings, opened, panel_of, play_turn, restart, start_many
from bot.store import open_store
from bot.store.url import parse, sqlite_url


async def look_around(t: Any, member: Any) -> list[Any]:
    """What a curious player does between moves; the answers, to check for apologies."""
    return [
        panel_of(await member.slash(t.channel, "caravan games")),
        panel_of(await member.slash(t.channel, "caravan leaderboard")),
        panel_of(await member.slash(t.channel, "caravan stats")),
    ]


def dashboard_figures(when: float, text: str) -> dict[str, Any]:
    """What the dashboard's first panels read from one scrape."""
    moves = errors = games = 0.0
    buckets: dict[str, float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "caravan_moves_total":
                moves += sample.value
            elif sample.name == "caravan_interaction_seconds_bucket":
                le = sample.labels["le"]
                buckets[le] = buckets.get(le, 0.0) + sample.value
            elif sample.name == "caravan_store_errors_total" or (
                sample.name == "caravan_interactions_total" and sample.labels["outcome"] == "failed"
            ):
                errors += sample.value
            elif sample.name == "caravan_games_in_progress":
                games += sample.value
    return {"t": when, "moves": moves, "buckets": buckets, "errors": errors, "games": games}


async def world(
    games: int,
    url: str,
    index: int,
    processes: int,
    keep: bool = True,
    metrics: bool = False,
    scrape_to: Path | None = None,
    every: float = 15.0,
) -> dict[str, Any]:
    """One bot process's share: its games played out, restarted, swept, checked."""
    sharding: dict[str, Any] = {}
    if processes > 1:
        sharding = {"shards": str(index), "shard_count": processes}
    if metrics:
        sharding["metrics_port"] = 0
    scrapes: list[tuple[float, float, str]] = []
    where = index if processes > 1 else None
    async with opened(url, guild_shard=where, later=index, **sharding) as t:
        async with scraping(lambda: t.env.bot, every, scrapes):  # nothing without metrics
            started = await start_many(t, games)
            deserted = await start_many(t, max(1, games // 20), prefix="Idle", turn=300)
            rng = random.Random(index + 1)
            timings = Timings()
            answers: list[Any] = []
            live = list(started)
            began = time.time()
            extra = 0
            rounds = 0
            for thread, players in deserted:
                for _ in range(3):
                    await play_turn(t, thread, rng, players)
            kept: dict[int, Any] = {}  # each player's panel, kept open as the bot's follow
            while live:
                rounds += 1
                for thread, players in list(live):
                    if not await play_turn(
                        t, thread, rng, players, timings, kept if keep else None
                    ):
                        live.remove((thread, players))
                if rounds == 20:
                    for _, players in started[: max(1, games // 4)]:
                        answers += await look_around(t, players[0])
                        extra += 3
            ended = time.time()
        if t.env.bot.exporter is not None:  # SimCord never closes a bot, which would stop it
            await t.env.bot.exporter.stop()
        await restart(t, **sharding)
        for _ in range(3):  # each minute's sweep runs
            await t.env.advance_time(5 * 60)
        assert t.env.bot.store is not None
        rows = await t.env.bot.store.query(
            "SELECT COUNT(*) AS n FROM games WHERE status = 'active' AND guild_id = ?",
            (t.guild.id,),
        )
        every = started + deserted
        unfinished = sum("Game over" not in th.history()[-1].content for th, _ in every)
        apology = ENGLISH.say(OOPS)  # SimCord's members read English
        apologies = sum(apology in (a.content or "") for a in answers)
        errors = len(t.env.errors) + apologies
        t.env.errors.clear()
        if t.env.bot.exporter is not None:
            await t.env.bot.exporter.stop()
    if scrape_to is not None:
        figures = [dashboard_figures(when, text) for when, _, text in scrapes]
        scrape_to.write_text(json.dumps({"began": began, "scrapes": figures}))
    return {
        "began": began,
        "ended": ended,
        "moves": timings.moves,
        "interactions": len(timings.moves) + len(timings.panels) + extra,
        "errors": errors,
        "stuck": int(rows[0]["n"]) + unfinished,
        "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "scrape_ms": [ms for _, ms, _ in scrapes],
    }


def in_processes(
    games: int, url: str, processes: int, every: bool, metrics: bool, scrape_every: float
) -> list[dict[str, Any]]:
    """Run each process's share as its own OS process (this script, `--world i`)."""
    with tempfile.TemporaryDirectory() as folder:
        reports = [Path(folder) / f"world{i}.json" for i in range(processes)]
        command = [sys.executable, __file__, f"--database-url={url}", f"--games={games}"]
        command += ["--open-every-turn"] if every else []
        command += ["--metrics", f"--scrape-every={scrape_every}"] if metrics else []
        children = [
            subprocess.Popen(
                [*command, f"--processes={processes}", f"--world={i}", f"--report={reports[i]}"]
            )
            for i in range(processes)
        ]
        codes = [child.wait() for child in children]
        if any(codes):
            raise SystemExit(f"a bot process failed: exit codes {codes}")
        return [json.loads(report.read_text()) for report in reports]


async def database_figures(url: str) -> tuple[int, float]:
    """Games still in progress anywhere in the database, and its size in MB."""
    store = await open_store(url)
    try:
        active = await store.query("SELECT COUNT(*) AS n FROM games WHERE status = 'active'")
        if store.url.shared:
            size = await store.query("SELECT pg_database_size(current_database()) AS n")
            megabytes = int(size[0]["n"]) / 1e6
        else:
            assert store.url.path is not None
            files = store.url.path.parent.glob(store.url.path.name + "*")
            megabytes = sum(p.stat().st_size for p in files) / 1e6
        return int(active[0]["n"]), megabytes
    finally:
        await store.close()


def report(games: int, processes: int, worlds: list[dict[str, Any]], url: str) -> None:
    active, megabytes = asyncio.run(database_figures(url))
    spent = max(w["ended"] for w in worlds) - min(w["began"] for w in worlds)
    moves = [m for w in worlds for m in w["moves"]]
    interactions = sum(w["interactions"] for w in worlds)
    print(f"database: {parse(url).shown}")
    print(f"processes: {processes} count")
    print(f"games: {games} count")
    print(f"interactions: {interactions} count")
    print(f"interactions_per_s: {interactions / spent:.1f} 1/s")
    print(f"moves_per_s: {len(moves) / spent:.1f} moves/s")
    print(f"move_ms_p50: {percentile(moves, 50):.1f} ms")
    print(f"move_ms_p99: {percentile(moves, 99):.1f} ms")
    print(f"rss_mb: {max(w['rss_mb'] for w in worlds):.0f} MB")
    print(f"db_mb: {megabytes:.1f} MB")
    print(f"errors: {sum(w['errors'] for w in worlds)} count")
    print(f"stuck_games: {max(active, sum(w['stuck'] for w in worlds))} count")
    scrapes = [ms for w in worlds for ms in w["scrape_ms"]]
    if scrapes:
        print(f"scrapes: {len(scrapes)} count")
        print(f"scrape_ms_p50: {percentile(scrapes, 50):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--database-url", help="default: a temporary SQLite file")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument(
        "--open-every-turn",
        action="store_true",
        help="players press Your hand every turn (default: they keep their panel open)",
    )
    parser.add_argument("--metrics", action="store_true", help="metrics on, and scraped")
    parser.add_argument("--scrape-every", type=float, default=15.0, help="seconds (15)")
    parser.add_argument("--scrape", type=Path, help="with --metrics: the dashboard's figures")
    parser.add_argument("--world", type=int, help=argparse.SUPPRESS)  # one child's index
    parser.add_argument("--report", type=Path, help=argparse.SUPPRESS)  # where it writes
    args = parser.parse_args()
    if args.processes > 1 and not (args.database_url and parse(args.database_url).shared):
        parser.error("--processes above 1 needs --database-url postgresql://... (SQLite: one)")
    if args.scrape and (not args.metrics or args.processes > 1):
        parser.error("--scrape needs --metrics and one process")
    share = args.games // args.processes
    if args.world is not None:
        keep = not args.open_every_turn
        found = asyncio.run(
            world(
                share,
                args.database_url,
                args.world,
                args.processes,
                keep,
                args.metrics,
                every=args.scrape_every,
            )
        )
        args.report.write_text(json.dumps(found))
        return
    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or sqlite_url(Path(folder) / "caravan.db")
        if args.processes > 1:
            every = args.open_every_turn
            worlds = in_processes(
                args.games, url, args.processes, every, args.metrics, args.scrape_every
            )
        else:
            keep = not args.open_every_turn
            alone = world(args.games, url, 0, 1, keep, args.metrics, args.scrape, args.scrape_every)
            worlds = [asyncio.run(alone)]
        report(share * args.processes, args.processes, worlds, url)


if __name__ == "__main__":
    main()
