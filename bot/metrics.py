"""Every metric the bot exports, declared in one place with its help text (as Prometheus's
client examples keep them). `deploy/grafana/caravan.json` queries them; `tests/
test_deploy.py` checks that every series it queries is declared here.

`Metrics` is one bot's: its own `CollectorRegistry` (not prometheus_client's global one, so
several bots in one process, as in the tests, never share a counter or clash over a name),
the counters and histograms fed where work enters and leaves (the guard around every
interaction, the store's calls, the gateway's reconnects), and the gauges set on each
scrape (`bot.exporter`). Nothing here is made unless `CARAVAN_METRICS_PORT` is set: with it
unset the bot holds no `Metrics`, the store is not wrapped, and each other point is one
test of a flag.

`WORK` is the process's: the time spent drawing tables and hands and the computer's
thinking. That work is reached through module functions (`bot.views.panels`,
`bot.thinking`), not through a bot, and it is the process's own (its threads, its worker
processes) whichever bot asked for it; so it is kept once per process, observed only once a
bot with metrics has switched it on, and shown by the registry of every bot in the process.

No label holds a member's name or id, a server's id, a card or a seed: the labels are the
kind of interaction (a name fixed in the code), its outcome and the refusal's class, the
game's key, the computer's level, the store method's name, the image, the shard's number
and the event's status (`test_metrics.py` checks a game's series).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    PlatformCollector,
    ProcessCollector,
)

P = ParamSpec("P")
R = TypeVar("R")

# Seconds. An interaction must be answered within Discord's 3 s; most take tens of ms.
ANSWER_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
STORE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
RENDER_BUCKETS = (0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
THINK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)

ANSWERED, REFUSED, FAILED = "answered", "refused", "failed"


class Work:
    """The process's drawing and thinking time (see the module's docstring)."""

    def __init__(self) -> None:
        self.on = False  # switched on by the first bot with metrics; never off again
        self.render = Histogram(
            "caravan_render_seconds",
            "Time to draw an image (a table or a hand), in its drawing thread.",
            ["image", "game"],
            buckets=RENDER_BUCKETS,
            registry=None,
        )
        self.think = Histogram(
            "caravan_ai_think_seconds",
            "Time from asking the computer player for a move to its answer, its worker's "
            "queue included.",
            ["level"],
            buckets=THINK_BUCKETS,
            registry=None,
        )

    def drawing(self, image: str, game: str, draw: Callable[P, R]) -> Callable[P, R]:
        """`draw`, timed as drawing `image` of `game` when metrics are on (else `draw`
        itself: nothing added)."""
        if not self.on:
            return draw
        observed = self.render.labels(image=image, game=game)

        def timed(*args: P.args, **kwargs: P.kwargs) -> R:
            started = time.perf_counter()
            try:
                return draw(*args, **kwargs)
            finally:
                observed.observe(time.perf_counter() - started)

        return timed

    def thought(self, level: str, seconds: float) -> None:
        if self.on:
            self.think.labels(level=level).observe(seconds)


WORK = Work()


class Metrics:
    """One bot's metrics, in its own registry (`registry`, which `bot.exporter` serves)."""

    def __init__(self) -> None:
        registry = self.registry = CollectorRegistry()
        self.interactions = Counter(
            "caravan_interactions",
            "Interactions handled, by kind (the command or control), outcome (answered, "
            "refused, failed) and reason (the refusal's class; a failure's exception class).",
            ["kind", "outcome", "reason"],
            registry=registry,
        )
        self.answer_seconds = Histogram(
            "caravan_interaction_seconds",
            "Time from an interaction reaching the bot to its last answer sent, by kind.",
            ["kind"],
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self.moves = Counter(
            "caravan_moves",
            "Moves committed by this process, by game and by whom (member, computer).",
            ["game", "by"],
            registry=registry,
        )
        self.store_seconds = Histogram(
            "caravan_store_seconds",
            "Time of each call to the database, by operation (the store's method).",
            ["operation"],
            buckets=STORE_BUCKETS,
            registry=registry,
        )
        self.store_errors = Counter(
            "caravan_store_errors",
            "Calls to the database that failed, by operation (a change the data refuses, "
            "such as one at a stale version, is not counted).",
            ["operation"],
            registry=registry,
        )
        # Read from the database on each scrape, so every process shows the whole bot's
        # true numbers: a dashboard takes their max over processes, never their sum.
        self.games_in_progress = Gauge(
            "caravan_games_in_progress",
            "Games in progress in the database (every process's), by game.",
            ["game"],
            registry=registry,
        )
        self.challenges_open = Gauge(
            "caravan_challenges_open",
            "Challenges open and not yet expired in the database, by game.",
            ["game"],
            registry=registry,
        )
        self.tournaments = Gauge(
            "caravan_tournaments",
            "Tournaments in the database taking entrants (open) or under way (running).",
            ["status"],
            registry=registry,
        )
        self.seasons_running = Gauge(
            "caravan_seasons_running",
            "Servers with a season running, in the database.",
            registry=registry,
        )
        self.database_up = Gauge(
            "caravan_database_up",
            "1 when the database answered this scrape's counts within a second, else 0.",
            registry=registry,
        )
        # This process's own, read on each scrape
        self.gateway_latency = Gauge(
            "caravan_gateway_latency_seconds",
            "Time between a heartbeat to Discord's gateway and its acknowledgement, by shard.",
            ["shard"],
            registry=registry,
        )
        self.shard_connected = Gauge(
            "caravan_shard_connected",
            "1 when this process's connection to Discord for the shard is open, else 0.",
            ["shard"],
            registry=registry,
        )
        self.reconnects = Counter(
            "caravan_gateway_reconnects",
            "Connections to Discord's gateway made again after the first, by shard and how "
            "(identify: a new session; resume: the session resumed).",
            ["shard", "how"],
            registry=registry,
        )
        self.hand_panels_open = Gauge(
            "caravan_hand_panels_open",
            "Private hand panels this process follows (each player's, per game, for 14 "
            "minutes after their last press).",
            registry=registry,
        )
        registry.register(WORK.render)
        registry.register(WORK.think)
        ProcessCollector(registry=registry)  # process_cpu_seconds_total, memory, files
        PlatformCollector(registry=registry)  # python_info

    def interaction(self, kind: str, outcome: str, reason: str, seconds: float) -> None:
        self.interactions.labels(kind=kind, outcome=outcome, reason=reason).inc()
        self.answer_seconds.labels(kind=kind).observe(seconds)

    def store_call(self, operation: str, seconds: float, failed: bool) -> None:
        self.store_seconds.labels(operation=operation).observe(seconds)
        if failed:
            self.store_errors.labels(operation=operation).inc()

    def moved(self, game: str, by: str) -> None:
        self.moves.labels(game=game, by=by).inc()

    def reconnected(self, shard: int, how: str) -> None:
        self.reconnects.labels(shard=str(shard), how=how).inc()
