"""How fast the bot answers a move in Discord: games played side by side through SimCord.

    python benchmarks/bot_latency.py [--games 20] [--moves N] [--metrics [--scrape-every S]]
                                     [--reviews N]

The real bot runs in SimCord's in-memory Discord on a fresh database. `--games` games are
started and then advanced turn by turn in rotation, so all are in progress at once (SimCord
delivers one interaction at a time, as a single shard sees them in order). Each turn is what
a player does (`bot.simulate.play_turn`): open the hand, choose a card, choose where it
goes (or, one time in twenty when offered, disband a caravan). A move's handling time is
measured from the dispatch of the final select to its answer, with the database commit, the
player's new hand image and the new public table image (rendered in a thread) included.

Prints `move_ms_p50`, `move_ms_p95`, `move_ms_p99`, `hand_ms_p95` (opening the hand panel),
`interactions_past_3s` (any interaction whose answer took longer than Discord's 3 seconds)
and `games_finished`. By default every game is played to the end; `--moves N` stops after N
moves. `--metrics`: with the bot's metrics on (`CARAVAN_METRICS_PORT`, any free port) and
`/metrics` scraped every `--scrape-every` seconds meanwhile (15, Prometheus's default), to
compare with a run without; it also prints `scrapes` and `scrape_ms_p50` (from asking to
the whole answer read, the counts from the database included). `--reviews N`: N finished
games' reviews asked for before the games start, made meanwhile in the review worker process
(`CARAVAN_REVIEW_WORKERS=1`, the engine's default budget), as on a server where members ask
for reviews while others play; it also prints `reviews_done` and `moves_judged`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

from bot.reviewing import TICK
from bot.simulate import Timings, opened, play_turn, start_many


def percentile(values: list[float], q: float) -> float:
    return (
        statistics.quantiles(values, n=100, method="inclusive")[q - 1]
        if len(values) > 1
        else values[0]
    )


@contextlib.asynccontextmanager
async def scraping(
    bot: Any, every: float, into: list[tuple[float, float, str]]
) -> AsyncIterator[None]:
    """While the block runs, `bot`'s /metrics is fetched every `every` seconds, as
    Prometheus does: (when, milliseconds to answer, the text) each, into `into`. Nothing
    without metrics."""

    async def scrape() -> None:
        connector = aiohttp.TCPConnector(force_close=True)
        async with aiohttp.ClientSession(connector=connector) as session:
            while True:
                exporter = bot().exporter
                if exporter is not None:
                    began = time.perf_counter()
                    url = f"http://127.0.0.1:{exporter.port}/metrics"
                    async with session.get(url) as answer:
                        text = await answer.text()
                    spent = (time.perf_counter() - began) * 1000
                    into.append((time.time(), spent, text))
                await asyncio.sleep(every)

    task = asyncio.create_task(scrape())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def reviewed_games(t: Any, count: int) -> None:
    """`count` games played to the end through the service, each review asked for."""
    service = t.env.bot.service
    rng = random.Random(7)
    for index in range(count):
        a, b = 9_000_000 + 2 * index, 9_000_001 + 2 * index
        challenge = await service.openings.create_challenge(t.guild.id, t.channel.id, a, b)
        info = await service.openings.accept(challenge.id, b)
        while info.active:
            user = info.user_at(info.turn or "A")
            _, view = await service.view(info.id, user)
            info = (
                await service.play(info.id, user, rng.choice(view.legal_moves), info.version)
            ).game
        await service.reviews.ask(info.id, a, t.guild.id)
    t.env.bot.reviewing.kick()


async def run(
    games: int, budget: int, metrics: bool, every: float = 15.0, reviews: int = 0
) -> None:
    scrapes: list[tuple[float, float, str]] = []
    on: dict[str, Any] = {"metrics_port": 0} if metrics else {}
    if reviews:
        on |= {"review_workers": 1, "review_queue": reviews + 1, "reviews_per_hour": reviews + 1}
    with tempfile.TemporaryDirectory() as folder:
        async with opened(Path(folder), **on) as t:
            if reviews:
                await reviewed_games(t, reviews)
            async with scraping(lambda: t.env.bot, every, scrapes):
                started = await start_many(t, games)
                threads = [thread for thread, _ in started]
                pairs = {thread.id: players for thread, players in started}
                rng = random.Random(1)
                timings = Timings()
                live = list(threads)
                while live and (not budget or len(timings.moves) < budget):
                    for thread in list(live):
                        if not await play_turn(t, thread, rng, pairs[thread.id], timings):
                            live.remove(thread)
                        if reviews:  # SimCord's clock moves only when told: as real time
                            await t.env.advance_time(TICK)
            finished = sum("Game over" in th.history()[-1].content for th in threads)
            judged = [await t.env.bot.service.reviews.review(g) for g in range(1, reviews + 1)]
            if t.env.bot.exporter is not None:  # SimCord never closes the bot, which would
                await t.env.bot.exporter.stop()
    moves, other = timings.moves, timings.panels
    print(f"moves: {len(moves)} count")
    print(f"move_ms_p50: {percentile(moves, 50):.1f} ms")
    print(f"move_ms_p95: {percentile(moves, 95):.1f} ms")
    print(f"move_ms_p99: {percentile(moves, 99):.1f} ms")
    print(f"hand_ms_p95: {percentile(other, 95):.1f} ms")
    print(f"interactions_past_3s: {sum(ms > 3000 for ms in moves + other)} count")
    print(f"games_finished: {finished} count")
    if reviews:
        print(f"reviews_done: {sum(r is not None and r.done for r in judged)} count")
        print(f"moves_judged: {sum(len(r.judged) for r in judged if r is not None)} count")
    if metrics:
        print(f"scrapes: {len(scrapes)} count")
        print(f"scrape_ms_p50: {percentile([ms for _, ms, _ in scrapes], 50):.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=0, help="stop after N moves")
    parser.add_argument("--metrics", action="store_true", help="metrics on, and scraped")
    parser.add_argument("--scrape-every", type=float, default=15.0, help="seconds (15)")
    parser.add_argument("--reviews", type=int, default=0, help="reviews made meanwhile")
    args = parser.parse_args()
    asyncio.run(run(args.games, args.moves, args.metrics, args.scrape_every, args.reviews))


if __name__ == "__main__":
    main()
