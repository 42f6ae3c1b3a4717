"""Metrics and health probes end to end: the real bot in SimCord with a metrics port (any
free one: `metrics_port=0`), games played through its buttons, and `/metrics`, `/healthz`
and `/readyz` asked over HTTP as Prometheus and Compose ask them."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.games.base import GameChoice
from bot.pace import Pace
from bot.service import GameService
from bot.simulate import Table, opened, play_turn, start
from bot.store import Store
from bot.store.counts import InPlay
from bot.store.measured import MeasuredPart
from bot.tournaments import Tournaments
from engine.decktet import DecktetRules
from tests.bot.conftest import Clock

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]
AI = {"ai_workers": 0, "ai_pause_seconds": 0.0}
CARD = re.compile(r"^([2-9TJQKA][hdcs]|X)$")


@asynccontextmanager
async def served(where: Path, **overrides: Any) -> AsyncIterator[Table]:
    """`bot.simulate.opened` with metrics on any free port, the server stopped after
    (SimCord never closes the bot, which would stop it)."""
    async with opened(where, metrics_port=0, **overrides) as t:
        try:
            yield t
        finally:
            exporter = t.env.bot.exporter
            if exporter is not None:
                await exporter.stop()


async def get(t: Table, path: str) -> tuple[int, str]:
    """The bot's answer to `GET path` on its metrics port: status and text."""
    exporter = t.env.bot.exporter
    assert exporter is not None, "the metrics server runs"
    connector = aiohttp.TCPConnector(force_close=True)
    async with (
        aiohttp.ClientSession(connector=connector) as session,
        session.get(f"http://127.0.0.1:{exporter.port}{path}") as answer,
    ):
        return answer.status, await answer.text()


async def scrape(t: Table) -> tuple[str, Samples]:
    status, text = await get(t, "/metrics")
    assert status == 200
    samples: Samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return text, samples


def value(samples: Samples, name: str, **labels: str) -> float:
    """The sample `name` with exactly `labels` (0 when there is none yet)."""
    return samples.get((name, frozenset(labels.items())), 0.0)


def total(samples: Samples, name: str, **labels: str) -> float:
    """The sum of the samples `name` whose labels include `labels`."""
    wanted = set(labels.items())
    return sum(v for (n, found), v in samples.items() if n == name and wanted <= found)


async def test_a_game_is_counted_timed_and_drawn(tmp_path: Path) -> None:
    async with served(tmp_path) as t:
        _, before = await scrape(t)
        assert value(before, "caravan_games_in_progress", game="new-vegas") == 0
        challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        _, open_now = await scrape(t)
        assert value(open_now, "caravan_challenges_open", game="new-vegas") == 1
        await t.bob.click(challenge.response, label="Accept")
        thread = t.channel.threads[-1]
        rng = random.Random(3)
        moves = 6
        for _ in range(moves):
            assert await play_turn(t, thread, rng, kept={})
        _, after = await scrape(t)

        # a move is a commit, counted once, by game and by whom
        assert value(after, "caravan_moves_total", game="new-vegas", by="member") == moves
        assert total(after, "caravan_moves_total", by="computer") == 0
        # each move's last press is a "play", or a card with one place ("choose-card")
        played = total(after, "caravan_interactions_total", kind="play", outcome="answered")
        chosen = total(after, "caravan_interactions_total", kind="choose-card", outcome="answered")
        assert played >= 1 and played + chosen >= moves
        for kind in ("challenge", "challenge-accept", "hand", "play"):
            answered = value(
                after, "caravan_interactions_total", kind=kind, outcome="answered", reason=""
            )
            timed = value(after, "caravan_interaction_seconds_count", kind=kind)
            assert answered >= 1 and timed == answered, kind
        assert total(after, "caravan_interactions_total", outcome="failed") == 0
        # the database's calls, timed by operation; the gauges from the database
        assert value(after, "caravan_store_seconds_count", operation="record_move") == moves
        assert value(after, "caravan_store_seconds_count", operation="game") > 0
        assert value(after, "caravan_games_in_progress", game="new-vegas") == 1
        assert value(after, "caravan_games_in_progress", game="decktet") == 0
        assert value(after, "caravan_challenges_open", game="new-vegas") == 0
        assert value(after, "caravan_tournaments", status="open") == 0
        assert value(after, "caravan_seasons_running") == 0
        assert value(after, "caravan_database_up") == 1
        # the pictures (process-wide: at least this game's), the panels kept open
        for image in ("table", "hand"):
            labels = {"image": image, "game": "new-vegas"}
            drawn = value(after, "caravan_render_seconds_count", **labels)
            assert drawn - value(before, "caravan_render_seconds_count", **labels) >= moves
        assert value(after, "caravan_hand_panels_open") == 2  # each player's, followed
        # the gateway, read on the scrape: SimCord's one shard, connected
        assert ("caravan_gateway_latency_seconds", frozenset({("shard", "0")})) in after
        assert value(after, "caravan_shard_connected", shard="0") == 1
        assert value(after, "process_resident_memory_bytes") > 0


async def test_refusals_failures_and_the_pace_are_counted_by_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with served(tmp_path) as t:
        thread = await start(t)
        turn = thread.history()[-1]
        refused = await t.carol.click(turn, label="Your hand")  # not her game
        assert refused.response.ephemeral

        async def broken(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("the test broke it")

        monkeypatch.setattr(t.env.bot.service, "player", broken)
        await t.alice.click(turn, label="Your hand")
        monkeypatch.undo()
        t.env.bot.pace = Pace(1, 10)  # a second press within the second is too fast
        await t.bob.click(turn, label="Rules")
        await t.bob.click(turn, label="Rules")
        _, samples = await scrape(t)

    reasons = {
        dict(labels)["reason"]
        for (name, labels), count in samples.items()
        if name == "caravan_interactions_total" and dict(labels)["outcome"] == "refused"
    }
    assert reasons == {"NotYourGame", "too-fast"}
    assert (
        value(
            samples,
            "caravan_interactions_total",
            kind="hand",
            outcome="failed",
            reason="RuntimeError",
        )
        == 1
    )
    assert (
        value(
            samples,
            "caravan_interactions_total",
            kind="rules",
            outcome="refused",
            reason="too-fast",
        )
        == 1
    )


async def test_no_label_names_a_member_a_server_a_card_or_a_seed(tmp_path: Path) -> None:
    """A game against the computer and one between members, then every label value of
    every series: none holds a name, an id, a card or the seed; every label is one of
    the few the metrics declare."""
    async with served(tmp_path, **AI) as t:
        await t.alice.slash(t.channel, "caravan play-ai", difficulty="easy")
        against_ai = t.channel.threads[-1]
        thread = await start(t)
        rng = random.Random(8)
        for _ in range(4):
            await play_turn(t, thread, rng)
            await play_turn(t, against_ai, rng, players=(t.alice,))
        text, samples = await scrape(t)
        store = t.env.bot.store
        assert store is not None
        games = await store.query("SELECT id, seed FROM games")
        hands = await store.query("SELECT move FROM moves")

    assert total(samples, "caravan_moves_total", by="computer") >= 4
    assert total(samples, "caravan_ai_think_seconds_count", level="easy") >= 4
    secrets = {"Alice", "Bob", "Carol", "Mojave"}  # the members' and the server's names
    ids = {t.alice.id, t.bob.id, t.carol.id, t.guild.id, t.channel.id, thread.id, against_ai.id}
    secrets |= {str(i) for i in ids} | {str(row["seed"]) for row in games}
    for secret in secrets:
        assert secret not in text, secret
    labels = {(k, v) for (_, found) in samples for k, v in found}
    for key, label in labels:
        assert not CARD.match(label), (key, label)
        assert not any(move["move"] == label for move in hands), (key, label)
    allowed = {"kind", "outcome", "reason", "game", "by", "operation", "shard", "how"}
    allowed |= {"status", "image", "level", "le"}
    allowed |= {"implementation", "major", "minor", "patchlevel", "version"}  # python_info
    assert {key for key, _ in labels} <= allowed
    assert {v for k, v in labels if k == "game"} <= {"new-vegas", "decktet"}
    assert {v for k, v in labels if k == "shard"} == {"0"}


async def test_health_and_readiness(tmp_path: Path) -> None:
    async with served(tmp_path) as t:
        bot = t.env.bot
        assert await get(t, "/healthz") == (200, "ok\n")
        assert await get(t, "/readyz") == (200, "ready\n")

        # a shard's connection to Discord closes, then opens again: a new session (READY,
        # which discord.py tells as `shard_connect`), the shard's second: a reconnect
        shard = bot.shards[0]
        await shard.disconnect()
        assert await get(t, "/readyz") == (503, "not connected to Discord for shard 0\n")
        _, samples = await scrape(t)
        assert value(samples, "caravan_shard_connected", shard="0") == 0
        assert total(samples, "caravan_gateway_reconnects_total") == 0
        await shard.reconnect()
        await t.env.settle()
        assert await get(t, "/readyz") == (200, "ready\n")
        _, samples = await scrape(t)
        assert value(samples, "caravan_gateway_reconnects_total", shard="0", how="identify") == 1
        # a session resumed (SimCord never resumes one: discord.py's event, as on RESUMED)
        bot.dispatch("shard_resumed", 0)
        await t.env.settle()
        _, samples = await scrape(t)
        assert value(samples, "caravan_gateway_reconnects_total", shard="0", how="resume") == 1
        assert value(samples, "caravan_shard_connected", shard="0") == 1

        # a clean stop has begun: not ready, still alive
        bot.guard.stopping = True
        assert await get(t, "/readyz") == (503, "the bot is stopping\n")
        assert (await get(t, "/healthz"))[0] == 200
        bot.guard.stopping = False

        # the database gone: not ready, and its gauges not shown as zero
        store = bot.store
        assert store is not None
        await store.close()
        status, why = await get(t, "/readyz")
        assert status == 503 and why.startswith("the database failed: "), why
        text, samples = await scrape(t)
        assert value(samples, "caravan_database_up") == 0
        assert "caravan_games_in_progress{" not in text
        bot.store = None
        assert await get(t, "/readyz") == (503, "no database open\n")


async def test_readiness_waits_a_second_for_the_database(tmp_path: Path) -> None:
    async with served(tmp_path) as t:
        exporter = t.env.bot.exporter
        assert exporter is not None and await exporter.readiness() is None
        store = t.env.bot.store
        never = asyncio.Event()

        async def stuck() -> int:
            await never.wait()
            return 0

        store.schema_version = stuck  # the database takes its time
        assert await exporter.readiness() == "the database did not answer within 1 s"
        del store.schema_version
        assert await exporter.readiness() is None


async def test_what_is_in_play_is_read_from_the_database(
    store: Store, service: GameService, clock: Clock
) -> None:
    """The gauges' one statement, on each backend: games in progress and open challenges
    by game, tournaments by status, seasons running; a challenge past its expiry is not
    open, even before the sweep closes it."""
    assert await store.counts.in_play(clock()) == InPlay()
    vegas = await service.openings.create_challenge(10, 20, 1, 2)
    await service.openings.create_challenge(10, 20, 3, 4, DecktetRules(hands=5))
    await service.openings.create_challenge(10, 20, 5, None)
    await service.openings.accept(vegas.id, 2)
    events = Tournaments(store, service, service.settings, clock)
    await events.signups.create(10, 20, None, 1, True, "Cup", "swiss", GameChoice())
    await store.seasons.start_season(10, "Spring", 1, None, None, clock())
    counted = await store.counts.in_play(clock())
    assert counted == InPlay({"new-vegas": 1}, {"new-vegas": 1, "decktet": 1}, {"open": 1}, 1)
    clock.advance(service.settings.challenge_expiry_seconds + 1)
    assert (await store.counts.in_play(clock())).challenges == {}


async def test_without_a_port_nothing_is_served_or_measured(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        bot = t.env.bot
        assert bot.metrics is None and bot.exporter is None and bot.guard.metrics is None
        assert not any(isinstance(getattr(bot.store, p), MeasuredPart) for p in bot.store.PARTS)
