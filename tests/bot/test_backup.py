"""`caravan-bot backup` and `restore` (`bot.store.backup`): backups taken while SimCord games are
being played hold every move acknowledged before each began, one restored is a database the
bot opens and plays on from that move; the refusals; and PostgreSQL's lines, run for real
against a throwaway server."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shlex
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import create_bot
from bot.cli import main
from bot.service import GameService
from bot.settings import Settings
from bot.simulate import (
    Table,
    custom_id,
    landed,
    open_hand,
    opened,
    options,
    panel_of,
    play_turn,
    playing,
    release,
    settings,
)
from bot.store import Database, open_store
from bot.store.backup import KEPT, BackupError, backup, restore
from tests.bot.conftest import count
from tests.conftest import fresh_database, server_or_skip
from tests.postgres import Server

ROOT = Path(__file__).resolve().parents[2]
GAMES = 3


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No developer's .env or exported database settings."""
    monkeypatch.chdir(tmp_path)
    for name in ("DATABASE_PATH", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(f"CARAVAN_{name}", raising=False)


def moves_in(path: Path) -> dict[int, list[str]]:
    """Every game's moves in the SQLite file at `path`, read as a backup is read."""
    with contextlib.closing(sqlite3.connect(path)) as copy:
        games = dict(copy.execute("SELECT id, version FROM games"))
        found: dict[int, list[str]] = {game: [] for game in games}
        for game, move in copy.execute("SELECT game_id, move FROM moves ORDER BY game_id, ply"):
            found[game].append(move)
    assert all(len(found[g]) == v for g, v in games.items()), "a game and its moves agree"
    return found


async def acknowledged(t: Table) -> dict[int, list[str]]:
    """Every game's moves as the bot has committed them (each acknowledged to its player)."""
    store = t.env.bot.store
    found = {}
    for row in await store.query("SELECT id FROM games"):
        _, moves = await store.games.seed_and_moves(row["id"])
        found[row["id"]] = list(moves)
    return found


Game = tuple[Any, tuple[Any, Any]]  # a game's thread and its two players


async def keep_playing(t: Table, games: list[Game], stop: asyncio.Event) -> int:
    """Moves in turn in every game until `stop`; the moves played."""
    played = 0
    rngs = [random.Random(seed) for seed in range(len(games))]
    while not stop.is_set():
        for (thread, players), rng in zip(games, rngs, strict=True):
            assert await play_turn(t, thread, rng, players=players), "a game ended"
            played += 1
    return played


async def test_backups_taken_while_games_are_played_hold_every_acknowledged_move(
    tmp_path: Path, clean_environment: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with opened(tmp_path) as t:
        games: list[Game] = []
        for index in range(GAMES):
            challenger = t.guild.add_member(t.env.create_user(f"Player {index}a"))
            opponent = t.guild.add_member(t.env.create_user(f"Player {index}b"))
            asked = await challenger.slash(t.channel, "caravan challenge", opponent=opponent)
            await opponent.click(asked.response, label="Accept")
            games.append((t.channel.threads[-1], (challenger, opponent)))
        stop = asyncio.Event()
        playing_task = asyncio.create_task(keep_playing(t, games, stop))
        database = tmp_path / "caravan.db"
        copies: list[tuple[Path, dict[int, list[str]]]] = []
        for index in range(4):
            await asyncio.sleep(0.2)  # some moves are played meanwhile
            before = await acknowledged(t)
            copy = tmp_path / f"backup-{index}.db"
            if index == 2:  # the command itself, as a host runs it, in its own process
                done = await asyncio.create_subprocess_exec(
                    sys.executable,
                    "-m",
                    "bot.cli",
                    "backup",
                    "--to",
                    str(copy),
                    cwd=ROOT,
                    env={**os.environ, "CARAVAN_DATABASE_PATH": str(database)},
                    stdout=asyncio.subprocess.PIPE,
                )
                said, _ = await done.communicate()
                assert done.returncode == 0 and b"backed up" in said, said
            else:
                await asyncio.to_thread(backup, database, copy)
            copies.append((copy, before))
            assert not playing_task.done()
        stop.set()
        played = await playing_task
        assert played > 20

        for copy, before in copies:
            held = moves_in(copy)
            for game, moves in before.items():
                assert held.get(game, [])[: len(moves)] == moves, "every acknowledged move is there"
        grew = [sum(map(len, moves_in(copy).values())) for copy, _ in copies]
        assert grew == sorted(grew) and grew[0] < grew[-1], "moves were played meanwhile"

        # the second backup, restored into a new place, is a database the bot plays on
        copy, before = copies[1]
        restored = tmp_path / "restored" / "caravan.db"
        restored.parent.mkdir()
        monkeypatch.setenv("CARAVAN_DATABASE_PATH", str(restored))
        assert main(["restore", "--from", str(copy)]) == 0
        assert moves_in(restored) == moves_in(copy)
        old = t.env.bot
        await t.env.restart_bot(create_bot(settings(restored)))
        await release(old)
        service = t.env.bot.service
        for thread, players in games:
            info = await service.ledger.game_in_thread(thread.id)
            assert info.version == len(moves_in(copy)[info.id]) < len(moves_in(database)[info.id])
            mover = next(m for m in players if m.id == info.user_at(info.turn or "A"))
            await move_from(thread, mover)
            assert (await service.game(info.id)).version == info.version + 1


async def move_from(thread: Any, mover: Any) -> None:
    """The player to move in the game as the database has it (not as the thread's newest
    table says) opens their hand from that table and plays a card where it goes."""
    last = thread.history()[-1]
    assert playing(last)
    panel = panel_of(await open_hand(mover, last))
    which = custom_id(panel, "caravan:card:")
    for card in options(panel, "caravan:card:"):
        result = await mover.select(panel, [card], custom_id=which)
        if landed(thread, last, result):
            return
        chosen = panel_of(result)
        moves = [m for m in options(chosen, "caravan:move:") if not m.startswith("page:")]
        places = [m for m in moves if not m.startswith(("discard", "disband"))]
        if places:
            where = custom_id(chosen, "caravan:move:")
            result = await mover.select(chosen, [places[0]], custom_id=where)
            assert landed(thread, last, result)
            return
    raise AssertionError("no card had a place")


async def a_database(path: Path, games: int = 1) -> None:
    """A Caravan database at `path` with `games` games, a move played in each."""
    store = await open_store(f"sqlite:///{path}")
    service = GameService(store, Settings(max_active_games=50))
    for index in range(games):
        challenge = await service.openings.create_challenge(1, 1, 10 + 2 * index, 11 + 2 * index)
        info = await service.openings.accept(challenge.id, 11 + 2 * index)
        user = info.user_at(info.turn or "A")
        _, view = await service.view(info.id, user)
        await service.play(info.id, user, view.legal_moves[0], info.version)
    await store.close()


async def test_a_backup_is_one_checked_file_and_never_replaces_one_unasked(
    tmp_path: Path,
) -> None:
    database, copy = tmp_path / "caravan.db", tmp_path / "copy.db"
    await a_database(database, games=2)
    done = backup(database, copy)
    assert (done.games, done.in_progress, done.moves) == (2, 2, 2) and done.schema >= 7
    assert not Path(f"{copy}-wal").exists() and not Path(f"{copy}.partial").exists()
    with contextlib.closing(sqlite3.connect(copy)) as opened_copy:
        assert opened_copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    with pytest.raises(BackupError, match="exists: name another file, or add --force"):
        backup(database, copy)
    assert backup(database, copy, force=True).moves == 2
    with pytest.raises(BackupError, match="is the database itself"):
        backup(database, database, force=True)
    with pytest.raises(BackupError, match="there is no database"):
        backup(tmp_path / "nothing.db", tmp_path / "x.db")
    assert not (tmp_path / "nothing.db").exists(), "never created"
    plain = tmp_path / "plain.db"
    with contextlib.closing(sqlite3.connect(plain, isolation_level=None)) as other:
        other.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(BackupError, match="not a Caravan database"):
        backup(plain, tmp_path / "y.db")
    (tmp_path / "text.db").write_text("hello")
    with pytest.raises(BackupError, match="not a SQLite database"):
        backup(tmp_path / "text.db", tmp_path / "z.db")


async def test_a_restore_checks_the_backup_and_never_replaces_a_database_in_use(
    tmp_path: Path,
) -> None:
    database, copy = tmp_path / "caravan.db", tmp_path / "copy.db"
    await a_database(copy, games=3)
    await a_database(database, games=1)
    with pytest.raises(BackupError, match="exists: stop the bot, then add --force"):
        restore(copy, database)
    live = await Database.open(database)  # the bot, running on it
    try:
        with pytest.raises(BackupError, match="in use"):
            restore(copy, database, force=True)
    finally:
        await live.close()
    assert len(moves_in(database)) == 1, "left as it was"
    done = restore(copy, database, force=True)
    assert done.games == 3 and len(moves_in(database)) == 3
    assert len(moves_in(tmp_path / f"caravan.db{KEPT}")) == 1, "the old one is kept"
    store = await open_store(f"sqlite:///{database}")
    assert await count(store, "moves") == 3
    await store.close()
    restore(copy, database, force=True)  # again (the wrong file, say): both old ones kept
    assert len(moves_in(tmp_path / f"caravan.db{KEPT}")) == 1, "the first is not overwritten"
    assert len(moves_in(tmp_path / f"caravan.db{KEPT}.2")) == 3

    newer = tmp_path / "newer.db"
    shutil.copy(copy, newer)
    with contextlib.closing(sqlite3.connect(newer)) as made_later:
        made_later.execute("PRAGMA user_version = 999")
    with pytest.raises(BackupError, match="made by a newer bot"):
        restore(newer, tmp_path / "fresh.db")
    with pytest.raises(BackupError, match="there is no backup"):
        restore(tmp_path / "missing.db", tmp_path / "fresh.db")
    assert not (tmp_path / "fresh.db").exists()


def test_the_command_line_says_why_in_one_line(
    tmp_path: Path, clean_environment: None, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(a_database(tmp_path / "caravan.db"))
    assert main(["backup", "--to", "copy.db"]) == 0
    assert capsys.readouterr().out.startswith("backed up caravan.db to copy.db: schema")
    assert main(["backup", "--to", "copy.db"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("caravan-bot: copy.db exists") and "\n" not in err
    assert main(["restore", "--from", "copy.db"]) == 2
    assert "stop the bot, then add --force" in capsys.readouterr().err
    assert main(["restore", "--from", "copy.db", "--force"]) == 0
    assert "restored copy.db as caravan.db" in capsys.readouterr().out


@pytest.fixture(scope="module")
def pg_tools() -> Iterator[Server]:
    """A throwaway PostgreSQL server, with pg_dump and pg_restore on PATH."""
    found = shutil.which("pg_dump") or next(
        iter(sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_dump"), reverse=True)), None
    )
    if found is None:
        pytest.skip("pg_dump is not installed (Debian: apt-get install postgresql-client)")
    path = os.environ["PATH"]
    os.environ["PATH"] = f"{Path(found).parent}{os.pathsep}{path}"
    try:
        yield from server_or_skip(password="s3cret-pw")
    finally:
        os.environ["PATH"] = path


async def test_postgresql_says_the_exact_pg_dump_and_pg_restore_lines_and_they_work(
    pg_tools: Server,
    clean_environment: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    url = fresh_database(pg_tools)
    monkeypatch.setenv("CARAVAN_DATABASE_URL", url)
    store = await open_store(url)
    service = GameService(store, Settings())
    challenge = await service.openings.create_challenge(1, 1, 10, 11)
    info = await service.openings.accept(challenge.id, 11)
    await store.close()

    dump = tmp_path / "caravan.dump"
    assert main(["backup", "--to", str(dump)]) == 2
    said = capsys.readouterr().err
    assert "s3cret-pw" not in said and "PGPASSWORD" in said
    dump_line = said.strip().splitlines()[-1].strip()
    assert dump_line.startswith("pg_dump --format=custom")
    assert main(["restore", "--from", str(dump)]) == 2
    restore_line = capsys.readouterr().err.strip().splitlines()[-1].strip()
    assert restore_line.startswith("pg_restore --clean") and "s3cret-pw" not in restore_line

    def run(line: str) -> None:
        done = subprocess.run(
            shlex.split(line),
            env={**os.environ, "PGPASSWORD": "s3cret-pw"},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr

    run(dump_line)  # while the bot could be running
    store = await open_store(url)
    service = GameService(store, Settings())
    user = info.user_at(info.turn or "A")
    _, view = await service.view(info.id, user)
    await service.play(info.id, user, view.legal_moves[0], info.version)  # after the dump
    await store.close()
    run(restore_line)  # the bot stopped
    store = await open_store(url)
    try:
        back = await store.games.game(info.id)
        assert back is not None and back.version == info.version, "as it was at the dump"
    finally:
        await store.close()


async def test_after_a_restore_the_tables_it_took_back_lose_their_buttons(
    tmp_path: Path, clean_environment: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with opened(tmp_path) as t:
        rng = random.Random(4)
        asked = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        await t.bob.click(asked.response, label="Accept")
        kept = t.channel.threads[-1]
        for _ in range(2):
            assert await play_turn(t, kept, rng, players=(t.alice, t.bob))
        copy = tmp_path / "backup.db"
        await asyncio.to_thread(backup, t.database, copy)
        for _ in range(2):  # moves the restore takes back
            assert await play_turn(t, kept, rng, players=(t.alice, t.bob))
        asked = await t.carol.slash(t.channel, "caravan challenge", opponent=t.bob)
        await t.bob.click(asked.response, label="Accept")
        lost = t.channel.threads[-1]  # a game the backup does not hold
        took_back, gone = kept.history()[-1], lost.history()[-1]
        assert playing(took_back) and playing(gone)
        old = t.env.bot
        await release(old)
        monkeypatch.setenv("CARAVAN_DATABASE_PATH", str(t.database))
        assert main(["restore", "--from", str(copy), "--force"]) == 0
        await t.env.restart_bot(create_bot(settings(t.database)))
        await t.env.advance_time(61)
        marked = t.env.backend.get_message(kept.id, took_back.id)
        assert not marked.components and "restored from a backup" in marked.content
        assert marked.attachments, "the table's image stays, under the line"
        dropped = t.env.backend.get_message(lost.id, gone.id)
        assert not dropped.components and "not in the backup" in dropped.content
        assert playing(kept.history()[-1]), "the game's table as restored, with its buttons"
        service = t.env.bot.service
        info = await service.ledger.game_in_thread(kept.id)
        mover = next(m for m in (t.alice, t.bob) if m.id == info.user_at(info.turn or "A"))
        await move_from(kept, mover)
        assert (await service.game(info.id)).version == info.version + 1
        assert not await t.env.bot.store.query("SELECT * FROM outdated_messages")
        posted = len(kept.history())
        await t.env.advance_time(61)
        assert len(kept.history()) == posted, "marked once: no second table"
        assert not t.env.errors
