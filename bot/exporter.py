"""The HTTP server a bot process answers Prometheus and health probes on, when
`CARAVAN_METRICS_PORT` is set (aiohttp's, which discord.py already brings):

- `/metrics`: the bot's own registry (`bot.metrics.Metrics`) in Prometheus's text format,
  its gauges set first: what is in play, from the database (so every process shows the
  whole bot's true numbers, whichever process made them), each shard's gateway latency
  and connection, from discord.py (`latencies`, `shards`);
- `/healthz`: 200 while the process runs (a liveness probe);
- `/readyz`: 200 when every shard this process serves is connected to Discord's gateway
  and the database answers a trivial query within a second, and the process is not
  stopping; else 503 and the reason, in one line of plain text (a readiness probe;
  Compose's health check).

It also counts the gateway's reconnects by shard, from discord.py's `on_shard_connect`
(every connection after a shard's first) and `on_shard_resumed` events.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable

from aiohttp import web
from discord.ext import commands
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.kinds import KINDS
from bot.metrics import WORK, Metrics
from bot.store import Store

log = logging.getLogger("caravan.bot")
DATABASE_WITHIN = 1.0  # seconds the database has to answer a probe or a scrape's counts
TOURNAMENT_STATUSES = ("open", "running")


class Exporter:
    """`/metrics`, `/healthz` and `/readyz` for `bot` on `host`:`port` (0: any free port;
    `port` is the one bound once started). `store` gives the bot's store (None before it
    is opened and after it is closed); `clock` the bot's time (for which challenges have
    expired); `stopping` whether a clean stop has begun (`bot.stopping`); `panels` how
    many hand panels the process follows (read on the event loop, where they change)."""

    def __init__(
        self,
        bot: commands.AutoShardedBot,
        metrics: Metrics,
        store: Callable[[], Store | None],
        clock: Callable[[], float],
        stopping: Callable[[], bool],
        panels: Callable[[], int],
        host: str,
        port: int,
    ) -> None:
        self.bot = bot
        self.metrics = metrics
        self.store = store
        self.clock = clock
        self.stopping = stopping
        self.panels = panels
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None
        # the shards connected once: another connection of one of them is a reconnect
        self._connected: set[int] = set()

    async def start(self) -> None:
        """Listen (OSError if the port cannot be had: nothing is left behind then), and
        count the gateway's reconnects from now on."""
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        self.bot.add_listener(self._on_shard_connect, "on_shard_connect")
        self.bot.add_listener(self._on_shard_resumed, "on_shard_resumed")
        bound = runner.addresses[0]
        self.port = int(bound[1])
        WORK.on = True
        log.info("metrics and health probes on http://%s:%d/", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            self.bot.remove_listener(self._on_shard_connect, "on_shard_connect")
            self.bot.remove_listener(self._on_shard_resumed, "on_shard_resumed")
            await self._runner.cleanup()
            self._runner = None

    # ----- the gateway's reconnects

    async def _on_shard_connect(self, shard_id: int) -> None:
        if shard_id in self._connected:
            self.metrics.reconnected(shard_id, "identify")
        self._connected.add(shard_id)

    async def _on_shard_resumed(self, shard_id: int) -> None:
        self.metrics.reconnected(shard_id, "resume")

    # ----- what the probes ask

    def served(self) -> list[int]:
        """The shards this process serves (every one, unless told some)."""
        if self.bot.shard_ids is not None:
            return sorted(self.bot.shard_ids)
        return list(range(self.bot.shard_count or 1))

    def unconnected(self) -> list[int]:
        """The shards this process serves whose connection to Discord is not open."""
        shards = self.bot.shards
        return [s for s in self.served() if s not in shards or shards[s].is_closed()]

    async def readiness(self) -> str | None:
        """Why this process is not ready to serve (None: it is)."""
        if self.stopping() or self.bot.is_closed():
            return "the bot is stopping"
        if not self.bot.is_ready():
            return "not connected to Discord yet"
        closed = self.unconnected()
        if closed:
            return f"not connected to Discord for shard {', '.join(map(str, closed))}"
        store = self.store()
        if store is None:
            return "no database open"
        try:
            await asyncio.wait_for(store.schema_version(), DATABASE_WITHIN)
        except TimeoutError:
            return f"the database did not answer within {DATABASE_WITHIN:g} s"
        except Exception as error:  # its class only: a message may name the server
            return f"the database failed: {type(error).__name__}"
        return None

    async def refresh(self) -> None:
        """Set the gauges read on each scrape."""
        metrics = self.metrics
        for shard, latency in self.bot.latencies:
            # discord.py says inf (or nan) before a shard's first heartbeat is answered
            known = latency if math.isfinite(latency) else math.nan
            metrics.gateway_latency.labels(shard=str(shard)).set(known)
        metrics.hand_panels_open.set(self.panels())
        closed = set(self.unconnected())
        for shard in self.served():
            metrics.shard_connected.labels(shard=str(shard)).set(0 if shard in closed else 1)
        store = self.store()
        try:
            if store is None:
                raise LookupError("no database open")
            counts = await asyncio.wait_for(store.counts.in_play(self.clock()), DATABASE_WITHIN)
        except Exception as error:
            # unknown is not zero: the database's gauges are left out until it answers
            log.warning("the metrics' counts failed: %s", type(error).__name__)
            metrics.database_up.set(0)
            for gauge in (metrics.games_in_progress, metrics.challenges_open, metrics.tournaments):
                gauge.clear()
            metrics.seasons_running.set(math.nan)
            return
        metrics.database_up.set(1)
        for key in KINDS:
            metrics.games_in_progress.labels(game=key).set(counts.games.get(key, 0))
            metrics.challenges_open.labels(game=key).set(counts.challenges.get(key, 0))
        for status in TOURNAMENT_STATUSES:
            metrics.tournaments.labels(status=status).set(counts.tournaments.get(status, 0))
        metrics.seasons_running.set(counts.seasons)

    # ----- the endpoints

    async def _metrics(self, request: web.Request) -> web.Response:
        await self.refresh()
        # ~5-10 ms for a busy bot's few hundred series: off the event loop, which games use
        body = await asyncio.to_thread(generate_latest, self.metrics.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def _readyz(self, request: web.Request) -> web.Response:
        why = await self.readiness()
        if why is None:
            return web.Response(text="ready\n")
        return web.Response(status=503, text=why + "\n")
