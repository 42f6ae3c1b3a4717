"""The dashboard's first panels drawn from a `bot_load.py` run, since Grafana cannot run
here: moves a minute, and the interaction latency's p50, p95 and p99, each computed from
the bot's own /metrics scrapes the way the dashboard's PromQL computes it (`rate` over a
window, and `histogram_quantile`'s linear interpolation within a bucket).

    python benchmarks/bot_load.py --games 50 --metrics --scrape /tmp/scrapes.json
    python docs/dashboard.py /tmp/scrapes.json docs/dashboard.png

Needs matplotlib (`pip install -e '.[docs]'`).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # after choosing the backend

WINDOW = 20.0  # seconds a rate is taken over (the dashboard's $__rate_interval, scaled down)
QUANTILES = (0.5, 0.95, 0.99)
# Grafana's dark theme
BACKGROUND, PANEL, TEXT, GRID = "#111217", "#181b1f", "#ccccdc", "#2c3235"
COLOURS = ("#73bf69", "#f2cc0c", "#ff780a", "#f2495c")


def histogram_quantile(q: float, buckets: dict[float, float]) -> float:
    """PromQL's histogram_quantile over cumulative `buckets` (upper bound: count)."""
    bounds = sorted(buckets)
    total = buckets[bounds[-1]]
    if total <= 0:
        return math.nan
    rank = q * total
    lower, below = 0.0, 0.0
    for bound in bounds:
        count = buckets[bound]
        if count >= rank:
            if math.isinf(bound):
                return lower  # the highest finite bound, as Prometheus answers
            return lower + (bound - lower) * (rank - below) / max(count - below, 1e-12)
        lower, below = bound, count
    return lower


def series(scrapes: list[dict[str, Any]], began: float) -> dict[str, list[float]]:
    """Each scrape's moves a minute and latency quantiles over the window before it."""
    found: dict[str, list[float]] = {"t": [], "moves": [], **{str(q): [] for q in QUANTILES}}
    for i, now in enumerate(scrapes):
        then = next((s for s in scrapes[:i] if now["t"] - s["t"] <= WINDOW), None)
        if then is None or now["t"] - then["t"] < WINDOW / 2:
            continue
        spent = now["t"] - then["t"]
        found["t"].append(now["t"] - began)
        found["moves"].append((now["moves"] - then["moves"]) / spent * 60)
        grown = {
            float(le): count - then["buckets"].get(le, 0.0) for le, count in now["buckets"].items()
        }
        for q in QUANTILES:
            found[str(q)].append(histogram_quantile(q, grown) * 1000)
    return found


def draw(scrapes: list[dict[str, Any]], began: float, out: Path) -> None:
    drawn = series(scrapes, began)
    figure, (moves, latency) = plt.subplots(1, 2, figsize=(13, 4.2), facecolor=BACKGROUND)
    panels = (
        (moves, "Moves a minute", "moves / min"),
        (latency, "Interaction latency (p50, p95, p99)", "ms"),
    )
    for axes, title, unit in panels:
        axes.set_facecolor(PANEL)
        axes.set_title(title, color=TEXT, loc="left", fontsize=11)
        axes.set_ylabel(unit, color=TEXT)
        axes.set_xlabel("seconds into the run", color=TEXT)
        axes.tick_params(colors=TEXT)
        axes.grid(color=GRID, linewidth=0.8)
        for edge in axes.spines.values():
            edge.set_color(GRID)
    moves.plot(drawn["t"], drawn["moves"], color=COLOURS[0], label="new-vegas")
    for colour, q in zip(COLOURS[1:], QUANTILES):
        latency.plot(drawn["t"], drawn[str(q)], color=colour, label=f"p{round(q * 100)}")
    moves.set_ylim(bottom=0)
    latency.set_ylim(bottom=0)
    for axes in (moves, latency):
        axes.legend(facecolor=PANEL, edgecolor=GRID, labelcolor=TEXT, loc="lower right")
    figure.suptitle(
        "Caravan bot: the dashboard's queries over a bot_load.py run (SimCord)",
        color=TEXT,
        x=0.01,
        ha="left",
        fontsize=12,
    )
    figure.tight_layout()
    figure.savefig(out, dpi=100, facecolor=BACKGROUND)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scrapes", type=Path, help="bot_load.py --scrape's file")
    parser.add_argument("out", type=Path, help="the picture (PNG)")
    args = parser.parse_args()
    found = json.loads(args.scrapes.read_text())
    draw(found["scrapes"], found["began"], args.out)


if __name__ == "__main__":
    main()
