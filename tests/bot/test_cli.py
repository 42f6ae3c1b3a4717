"""`caravan-bot`: settings errors in one line, and `local` serving the browser preview."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.local import serve_local
from bot.settings import Settings, SettingsError, load_settings


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No developer's .env or exported settings leak in."""
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(f"CARAVAN_{name}", raising=False)


def test_settings_by_plain_name_or_prefix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_PATH", "/data/games.db")
    monkeypatch.setenv("CARAVAN_DEV_GUILD_ID", "1234")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    settings = load_settings()
    assert settings.database_path == Path("/data/games.db")
    assert settings.dev_guild_id == 1234 and settings.log_level == "DEBUG"


def test_a_malformed_setting_is_one_clear_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARAVAN_MAX_ACTIVE_GAMES", "lots")
    with pytest.raises(SettingsError, match=r"CARAVAN_MAX_ACTIVE_GAMES is not valid .*'lots'"):
        load_settings()


def test_the_token_never_appears_in_errors_or_repr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "sekrit-token")
    assert "sekrit" not in repr(load_settings())
    monkeypatch.setenv("LOG_LEVEL", "loud")
    with pytest.raises(SettingsError) as refused:
        load_settings()
    assert "sekrit" not in str(refused.value) and "LOG_LEVEL" in str(refused.value)


def test_run_without_a_token_says_so_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("caravan-bot: DISCORD_TOKEN is not set") and "\n" not in err


def test_a_bad_setting_stops_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DEV_GUILD_ID", "not-a-number")
    assert main(["sync"]) == 2
    err = capsys.readouterr().err.strip()
    assert "DEV_GUILD_ID is not valid" in err and "\n" not in err


async def test_local_serves_the_preview(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ready = asyncio.Event()
    settings = Settings(database_path=tmp_path / "local.db", game_threads=False)
    server = asyncio.create_task(serve_local(settings, None, ready))
    try:
        await asyncio.wait_for(ready.wait(), 60)
        url = re.search(r"Open (http://127\.0\.0\.1:\d+/\S*)", capsys.readouterr().out)
        assert url is not None
        page = await asyncio.to_thread(lambda: urllib.request.urlopen(url[1], timeout=10).read())
        assert b"<html" in page.lower()
    finally:
        server.cancel()
        with pytest.raises(asyncio.CancelledError):
            await server


def test_env_example_names_only_real_settings() -> None:
    example = Path(__file__).resolve().parents[2] / ".env.example"
    lines = example.read_text().splitlines()
    names = [line.split("=", 1)[0] for line in lines if line and not line.startswith("#")]
    # a setting left unset on purpose is written out commented: "# CARAVAN_NAME=value"
    names += [m.group(1) for line in lines if (m := re.match(r"# (CARAVAN_[A-Z_]+)=", line))]
    known = {
        alias.upper()
        for f in Settings.model_fields.values()
        for alias in f.validation_alias.choices
    }  # type: ignore[union-attr]
    assert names and not set(names) - known
    assert set(Settings.model_fields) - {"discord_token"} <= {
        n.removeprefix("CARAVAN_").lower() for n in names
    } | {"discord_token"}
    load_settings(_env_file=str(example))


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def fake_discord(status: int) -> Iterator[str]:
    """A stand-in for Discord's API on loopback that answers every request with `status`
    (401: the token is refused); yields its base URL."""
    from aiohttp import web

    async def answer(request: web.Request) -> web.Response:
        return web.json_response({"message": "401: Unauthorized", "code": 0}, status=status)

    started = threading.Event()
    holder: dict[str, object] = {}

    def serve() -> None:
        loop = asyncio.new_event_loop()
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", answer)
        runner = web.AppRunner(app)
        loop.run_until_complete(runner.setup())
        site = web.TCPSite(runner, "127.0.0.1", 0)
        loop.run_until_complete(site.start())
        holder["port"] = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        holder["loop"] = loop
        started.set()
        loop.run_forever()
        loop.run_until_complete(runner.cleanup())
        loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    started.wait(10)
    try:
        yield f"http://127.0.0.1:{holder['port']}/api/v10"
    finally:
        loop = holder["loop"]
        loop.call_soon_threadsafe(loop.stop)  # type: ignore[attr-defined]
        thread.join(10)


@pytest.mark.parametrize("command", ["run", "sync"])
def test_a_refused_token_is_one_line(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    with fake_discord(401) as base:
        monkeypatch.setattr(discord.http.Route, "BASE", base)
        assert main([command]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("caravan-bot: Discord refused the token") and "\n" not in err
    assert "not-a-real-token" not in err


@pytest.mark.parametrize("command", ["run", "sync"])
def test_discord_out_of_reach_is_one_line(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{_closed_port()}/api")
    assert main([command]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("caravan-bot: cannot reach Discord") and "\n" not in err
    assert "not-a-real-token" not in err


def _children(pid: int) -> set[int]:
    """The live processes whose parent is `pid` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_sigterm_stops_the_preview_and_its_worker_processes(tmp_path: Path) -> None:
    env = {**os.environ, "CARAVAN_DATABASE_PATH": str(tmp_path / "local.db")}
    env["CARAVAN_AI_WORKERS"] = "2"
    preview = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.local_with_workers"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert preview.stdout is not None
        for line in preview.stdout:
            if line.startswith("Open http"):
                break
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while time.monotonic() < deadline and len(workers) < 2:  # the pool starts them
            workers = _children(preview.pid)
            time.sleep(0.2)
        assert len(workers) >= 2, workers
        preview.send_signal(signal.SIGTERM)
        assert preview.wait(60) == 0
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(_alive(w) for w in workers):
            time.sleep(0.2)
        assert not [w for w in workers if _alive(w)], "the worker processes ended too"
    finally:
        if preview.poll() is None:
            preview.kill()
