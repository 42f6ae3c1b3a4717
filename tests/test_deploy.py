"""The deployment files, checked without Docker (no engine runs here): compose.yaml's bot
services and their health checks, the monitoring profile, Prometheus's scrape targets,
Grafana's provisioning, the Dockerfile's health check (its command run against a server
answering as `/readyz` does), and the dashboard: Grafana's shape, and every series and
label its queries name one the bot exports (read from the bot's own registry)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import sys
from pathlib import Path
from typing import Any

import yaml
from aiohttp import web

from bot.metrics import WORK, Metrics

ROOT = Path(__file__).resolve().parents[1]
DASHBOARD = ROOT / "deploy" / "grafana" / "caravan.json"
PORT = "9464"


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return loaded


def bot_services() -> dict[str, dict[str, Any]]:
    """The bot processes `docker compose up` runs (the image's, not a one-off tool)."""
    return {
        name: service
        for name, service in compose()["services"].items()
        if service.get("image") == "caravan-bot" and not service.get("profiles")
    }


def dashboard() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DASHBOARD.read_text())
    return loaded


# ----- compose.yaml, Prometheus and Grafana's provisioning


def test_every_bot_process_serves_metrics_and_probes_readyz() -> None:
    bots = bot_services()
    assert set(bots) == {"bot-0", "bot-1"}
    for name, service in bots.items():
        assert service["environment"]["CARAVAN_METRICS_PORT"] == PORT, name
        assert service["environment"]["CARAVAN_METRICS_HOST"] == "0.0.0.0", name
        check = service["healthcheck"]
        assert check["test"][:3] == ["CMD", "python", "-c"], name
        assert "/readyz" in check["test"][3] and "CARAVAN_METRICS_PORT" in check["test"][3]
        assert check["start_period"] and check["retries"] >= 1
    # the one-off sync has nothing to probe
    assert compose()["services"]["sync"]["healthcheck"] == {"disable": True}


def test_the_monitoring_profile_runs_prometheus_and_grafana_only() -> None:
    services = compose()["services"]
    monitoring = {n for n, s in services.items() if "monitoring" in s.get("profiles", [])}
    assert monitoring == {"prometheus", "grafana"}
    for name in monitoring:
        for mount in services[name]["volumes"]:
            source = mount.split(":")[0]
            if source.startswith("./"):
                assert (ROOT / source).exists(), f"{name} mounts {source}, which is not here"
            else:
                assert source in compose()["volumes"], f"{name}'s volume {source} is declared"
    # only on this machine: nobody else reaches Grafana or Prometheus
    for name in monitoring:
        assert all(p.startswith("127.0.0.1:") for p in services[name]["ports"]), name


def test_prometheus_scrapes_every_bot_process() -> None:
    config = yaml.safe_load((ROOT / "deploy" / "prometheus" / "prometheus.yml").read_text())
    prometheus = compose()["services"]["prometheus"]
    mounted = {m.split(":")[0]: m.split(":")[1] for m in prometheus["volumes"]}
    assert mounted["./deploy/prometheus/prometheus.yml"] == "/etc/prometheus/prometheus.yml"
    assert "--config.file=/etc/prometheus/prometheus.yml" in prometheus["command"]
    (job,) = config["scrape_configs"]
    targets = {t for group in job["static_configs"] for t in group["targets"]}
    assert targets == {f"{name}:{PORT}" for name in bot_services()}


def test_grafana_is_provisioned_with_prometheus_and_the_dashboard() -> None:
    grafana = compose()["services"]["grafana"]
    mounted = {m.split(":")[0]: m.split(":")[1] for m in grafana["volumes"]}
    provisioning = ROOT / "deploy" / "grafana" / "provisioning"
    assert mounted["./deploy/grafana/provisioning"] == "/etc/grafana/provisioning"
    sources = yaml.safe_load((provisioning / "datasources" / "prometheus.yml").read_text())
    (source,) = sources["datasources"]
    assert source["type"] == "prometheus" and source["url"] == "http://prometheus:9090"
    providers = yaml.safe_load((provisioning / "dashboards" / "caravan.yml").read_text())
    (provider,) = providers["providers"]
    where = mounted["./deploy/grafana/caravan.json"]
    assert Path(where).parent == Path(provider["options"]["path"])
    # every panel and query reads that data source
    uids = {panel["datasource"]["uid"] for panel in dashboard()["panels"]}
    uids |= {t["datasource"]["uid"] for p in dashboard()["panels"] for t in p["targets"]}
    assert uids == {source["uid"]}


def healthcheck_of_dockerfile() -> str:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    (line,) = [line for line in text.splitlines() if line.startswith("HEALTHCHECK")]
    command = json.loads(line.split(" CMD ", 1)[1])
    assert command[:2] == ["python", "-c"]
    return str(command[2])


def test_the_image_serves_metrics_and_probes_readyz() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert f"CARAVAN_METRICS_PORT={PORT}" in text and "CARAVAN_METRICS_HOST=0.0.0.0" in text
    assert re.search(rf"^EXPOSE {PORT}$", text, re.MULTILINE)
    assert "/readyz" in healthcheck_of_dockerfile()
    assert shlex.split(text.split("HEALTHCHECK", 1)[1])[0].startswith("--interval=")


async def test_the_health_checks_pass_only_when_readyz_says_ready() -> None:
    """Each health check's command (compose.yaml's, the Dockerfile's), run as Docker runs
    it, against a server answering `/readyz` 200 and then 503; with the port unset (metrics
    off) there is nothing to ask, and the check passes."""
    ready = {"status": 200}

    async def readyz(request: web.Request) -> web.Response:
        return web.Response(status=ready["status"], text="why\n")

    app = web.Application()
    app.router.add_get("/readyz", readyz)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = str(runner.addresses[0][1])

    async def exit_code(code: str, metrics_port: str) -> int:
        env = {**os.environ, "CARAVAN_METRICS_PORT": metrics_port}
        process = await asyncio.create_subprocess_exec(sys.executable, "-c", code, env=env)
        return await process.wait()

    commands = [bot_services()["bot-0"]["healthcheck"]["test"][3], healthcheck_of_dockerfile()]
    try:
        for code in commands:
            ready["status"] = 200
            assert await exit_code(code, port) == 0
            ready["status"] = 503
            assert await exit_code(code, port) != 0
            assert await exit_code(code, "") == 0
    finally:
        await runner.cleanup()


# ----- the dashboard


def test_the_dashboard_has_grafanas_shape() -> None:
    board = dashboard()
    assert board["title"] and board["uid"] and isinstance(board["schemaVersion"], int)
    panels = board["panels"]
    assert len({p["id"] for p in panels}) == len(panels) >= 10
    titles = " / ".join(p["title"] for p in panels).lower()
    for wanted in ("moves a minute", "p50, p95, p99", "errors", "games in progress"):
        assert wanted in titles, wanted
    assert "gateway latency by shard" in titles
    for panel in panels:
        assert panel["type"] in {"timeseries", "stat"}, panel["title"]
        place = panel["gridPos"]
        assert all(isinstance(place[k], int) for k in ("h", "w", "x", "y"))
        assert place["x"] + place["w"] <= 24, panel["title"]
        refs = [target["refId"] for target in panel["targets"]]
        assert refs and len(set(refs)) == len(refs), panel["title"]
        assert all(target["expr"].strip() for target in panel["targets"])


# PromQL's functions, aggregations and keywords: what in a query is not a series's name
PROMQL_WORDS = {
    "sum", "max", "min", "avg", "count", "topk", "bottomk", "rate", "irate", "increase",
    "histogram_quantile", "by", "without", "on", "ignoring", "group_left", "group_right",
    "bool", "and", "or", "unless", "offset",
}  # fmt: skip
GROUPING = "by|without|on|ignoring|group_left|group_right"  # each followed by its labels
TOKEN = re.compile(r'"[^"]*"|\{[^}]*\}|\[[^\]]*\]|[A-Za-z_:][A-Za-z0-9_:]*|\S')


def selectors(expr: str) -> tuple[list[tuple[str, dict[str, str]]], set[str]]:
    """The series a query selects (name, label matchers) and the labels it groups by."""
    grouped = {
        label.strip()
        for group in re.findall(rf"\b(?:{GROUPING})\s*\(([^)]*)\)", expr)
        for label in group.split(",")
    }
    rest = re.sub(rf"\b(?:{GROUPING})\s*\([^)]*\)", " ", expr)
    tokens = TOKEN.findall(rest)
    found = []
    for i, token in enumerate(tokens):
        if not re.fullmatch(r"[A-Za-z_:][A-Za-z0-9_:]*", token) or token in PROMQL_WORDS:
            continue
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if following == "(":
            continue
        matchers = {}
        if following.startswith("{"):
            for key, value in re.findall(r'(\w+)\s*!?=~?\s*"([^"]*)"', following):
                matchers[key] = value
        found.append((token, matchers))
    return found, grouped


def exported() -> dict[str, set[str]]:
    """Every series name the bot's registry exports, with its labels."""
    metrics = Metrics()
    labels: dict[str, set[str]] = {}
    wrappers = [*vars(metrics).values(), WORK.render, WORK.think]
    by_name = {w._name: set(w._labelnames) for w in wrappers if hasattr(w, "_labelnames")}
    suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum")}
    for family in metrics.registry.collect():
        for suffix in suffixes.get(family.type, ("",)):
            name = family.name + suffix
            labels[name] = by_name.get(family.name, set()) | (
                {"le"} if suffix == "_bucket" else set()
            )
            labels[name] |= {"instance", "job"}  # Prometheus adds them to every series
    return labels


def test_every_series_the_dashboard_queries_is_one_the_bot_exports() -> None:
    known = exported()
    assert "caravan_moves_total" in known and "caravan_interaction_seconds_bucket" in known
    queried = set()
    for panel in dashboard()["panels"]:
        for target in panel["targets"]:
            series, grouped = selectors(target["expr"])
            assert series, target["expr"]
            usable: set[str] = set()
            for name, matchers in series:
                assert name in known, f"{panel['title']}: {name} is not exported"
                assert set(matchers) <= known[name], f"{name} has no label {set(matchers)}"
                usable |= known[name]
                queried.add(name)
            assert grouped <= usable, f"{target['expr']}: no label {grouped - usable}"
            for _, matchers in series:
                if "outcome" in matchers:
                    assert matchers["outcome"] in {"answered", "refused", "failed"}
    # the panels: moves a minute, latency quantiles, errors, games, gateway
    for wanted in (
        "caravan_moves_total",
        "caravan_interaction_seconds_bucket",
        "caravan_interactions_total",
        "caravan_store_errors_total",
        "caravan_games_in_progress",
        "caravan_gateway_latency_seconds",
    ):
        assert wanted in queried, wanted


def test_the_query_reader_sees_names_labels_and_groups() -> None:
    """The checker itself: a query's series, their matchers and its groups, and a name
    that is not exported is caught."""
    series, grouped = selectors(
        'histogram_quantile(0.95, sum by (le, kind) (rate(caravan_x_bucket{a="1"}[5m]))) '
        "/ on (kind) caravan_y"
    )
    assert series == [("caravan_x_bucket", {"a": "1"}), ("caravan_y", {})]
    assert grouped == {"le", "kind"}
    assert "caravan_x_bucket" not in exported()
