"""Moving up (`caravan-bot migrate-db`) and what the command line says about a database it
cannot use: one line, a non-zero exit, nothing written, never the password."""

from __future__ import annotations

import asyncio
import random
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.cli import main
from bot.moving import move_database
from bot.service import GameService
from bot.settings import Settings
from bot.simulate import opened, play_turn, restart, start
from bot.simulate import play_out as play_game_out
from bot.store import open_store
from bot.store.database import migrations
from bot.store.url import parse, sqlite_url
from engine.cards import format_cards, standard_deck
from tests.bot.conftest import Clock, count
from tests.bot.test_service import new_game, play_out
from tests.conftest import fresh_database, server_or_skip
from tests.postgres import Server

SECRET = "s3cret-Pa55"
TABLES = ("games", "challenges", "moves", "ratings", "rating_history", "decks", "guild_settings")


@pytest.fixture(scope="module")
def locked_server() -> Iterator[Server]:
    """A server that asks for a password."""
    yield from server_or_skip(password=SECRET)


async def a_season(path: Path, clock: Clock) -> dict[str, int]:
    """A SQLite database with finished, rated games, games in progress, an open
    challenge, decks and a server's settings; its rows per table."""
    store = await open_store(sqlite_url(path))
    service = GameService(store, Settings(max_active_games=50), clock=clock)
    for seed in range(3):
        await play_out(service, await new_game(service), random.Random(seed))
    for seed in range(4):
        await play_out(service, await new_game(service), random.Random(seed), limit=9)
    await service.openings.create_challenge(10, 20, 1, 2)
    await service.ledger.save_deck(1, "Aces", format_cards(standard_deck(2)))
    await service.ledger.change_server(10, threads=False)
    rows = {table: await count(store, table) for table in TABLES}
    await store.close()
    return rows


async def test_a_database_moves_up_whole_and_checked(
    tmp_path: Path, pg_server: Server, clock: Clock, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.db"
    rows = await a_season(path, clock)
    assert rows["games"] == 7 and rows["ratings"] == 2 and rows["moves"] > 30
    target = fresh_database(pg_server)
    assert (
        await asyncio.to_thread(main, ["migrate-db", "--from", sqlite_url(path), "--to", target])
        == 0
    )
    said = capsys.readouterr().out
    assert "4 games in progress replayed" in said and f"{rows['moves']} moves" in said
    new = await open_store(target)
    assert {table: await count(new, table) for table in TABLES} == rows
    old = await open_store(sqlite_url(path))
    for table, order in (("games", "id"), ("moves", "game_id, ply"), ("ratings", "user_id")):
        sql = f"SELECT * FROM {table} ORDER BY {order}"
        assert await new.query(sql) == await old.query(sql), table
    # the games go on, and new rows take ids after the copied ones
    service = GameService(new, Settings(max_active_games=50), clock=clock)
    for info in await service.ledger.active_games(1):
        await play_out(service, info, random.Random(9), limit=3)
    assert (await new_game(service)).id == rows["games"] + 1
    await new.close()
    await old.close()
    # a second move into the same database is refused, and writes nothing
    assert (
        await asyncio.to_thread(main, ["migrate-db", "--from", sqlite_url(path), "--to", target])
        == 2
    )
    err = capsys.readouterr().err.strip()
    assert "is not empty" in err and "nothing was copied" in err and "\n" not in err


async def test_a_game_in_progress_goes_on_after_the_move_buttons_included(
    tmp_path: Path, pg_server: Server
) -> None:
    """A game in a thread, some turns played on SQLite; the database moves up; the bot
    starts again on PostgreSQL and the game goes on from the buttons already posted."""
    target = fresh_database(pg_server)
    async with opened(tmp_path) as table:
        thread = await start(table)
        rng = random.Random(5)
        for _ in range(5):
            await play_turn(table, thread, rng)
        before = len(thread.history())
        moved = await move_database(parse(sqlite_url(tmp_path / "caravan.db")), parse(target))
        assert moved.copied.replayed == 1 and moved.copied.rows["moves"] == 5
        await restart(table, database_url=target)
        assert table.env.bot.store.url.kind == "postgresql"
        await play_game_out(table, thread, seed=6)
        assert len(thread.history()) > before and "Game over" in thread.history()[-1].content


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("postgresql://caravan:{password}@127.0.0.1:{port}/nowhere", "no such database"),
        ("postgresql://caravan:wrong-{password}@127.0.0.1:{port}/postgres", "refused the user"),
        ("postgresql://caravan:{password}@127.0.0.1:{closed}/caravan", "cannot be reached"),
        ("postgresql://caravan:{password}@127.0.0.1:notaport/caravan", "malformed"),
        ("mysql://caravan:{password}@127.0.0.1/caravan", "neither sqlite"),
    ],
)
def test_a_database_the_bot_cannot_use_is_one_line_without_the_password(
    locked_server: Server,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    url: str,
    said: str,
) -> None:
    given = url.format(password=SECRET, port=locked_server.port, closed=_closed_port())
    monkeypatch.setenv("DISCORD_TOKEN", "x" * 59)
    monkeypatch.setenv("CARAVAN_DATABASE_URL", given)
    assert main(["run"]) == 2  # stops before Discord is reached
    err = capsys.readouterr().err.strip()
    assert said in err and "\n" not in err and SECRET not in err, err
    assert "caravan:***@" in err or "neither sqlite" not in said


def test_a_database_from_a_newer_bot_is_refused_untouched(
    pg_server: Server, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    target = fresh_database(pg_server)
    name = target.rsplit("/", 1)[1]
    pg_server.sql(
        "CREATE TABLE schema_migrations (number INTEGER PRIMARY KEY, name TEXT NOT NULL, "
        "applied_at DOUBLE PRECISION NOT NULL); "
        "INSERT INTO schema_migrations VALUES (99, '0099_future.sql', 0)",
        name,
    )
    monkeypatch.setenv("DISCORD_TOKEN", "x" * 59)
    monkeypatch.setenv("CARAVAN_DATABASE_URL", target)
    assert main(["run"]) == 2
    err = capsys.readouterr().err.strip()
    assert "schema version 99, newer than this code" in err and "\n" not in err
    tables = pg_server.sql("SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'", name)
    assert tables == "1", "nothing was created"


async def test_several_processes_starting_at_once_migrate_once(pg_server: Server) -> None:
    target = fresh_database(pg_server)
    stores = await asyncio.gather(*(open_store(target, pool_size=1) for _ in range(6)))
    try:
        assert {await store.schema_version() for store in stores} == {len(migrations())}
        applied = await stores[0].query("SELECT number FROM schema_migrations ORDER BY number")
        assert [row["number"] for row in applied] == list(range(1, len(migrations()) + 1))
    finally:
        for store in stores:
            await store.close()


def test_moving_refuses_what_it_cannot_move(
    tmp_path: Path, pg_server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    target = fresh_database(pg_server)
    missing = sqlite_url(tmp_path / "none.db")
    assert main(["migrate-db", "--from", missing, "--to", target]) == 2
    assert "there is no SQLite database" in capsys.readouterr().err
    assert not (tmp_path / "none.db").exists()
    assert main(["migrate-db", "--from", target, "--to", target]) == 2
    assert "only SQLite moves up" in capsys.readouterr().err


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
