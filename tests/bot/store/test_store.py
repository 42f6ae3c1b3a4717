"""The database: pragmas, migrations, refusals that leave a bad file untouched, and
transactions that never mix two games' changes."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.store import Database, StoreError, database
from bot.store.database import migrations


async def test_open_creates_the_schema_with_the_pragmas(db: Database) -> None:
    assert await db.user_version() == len(migrations()) >= 1
    assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"
    assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1
    assert (await db.fetchone("PRAGMA synchronous"))[0] == 1  # NORMAL
    assert await db.write(lambda tx: tx.execute("PRAGMA foreign_keys").fetchone()[0]) == 1
    tables = {
        row[0] for row in await db.fetchall("SELECT name FROM sqlite_master WHERE type='table'")
    }
    assert {"games", "moves", "challenges", "ratings", "guild_settings"} <= tables


async def test_reopening_keeps_data_and_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    first = await Database.open(path)
    await first.write(
        lambda tx: tx.execute("INSERT INTO guild_settings (guild_id, settings) VALUES (1, '{}')")
    )
    await first.close()
    again = await Database.open(path)
    assert await again.user_version() == len(migrations())
    assert (await again.fetchone("SELECT COUNT(*) FROM guild_settings"))[0] == 1
    await again.close()


def test_migrations_are_numbered_without_gaps() -> None:
    assert [number for number, _, _ in migrations()] == list(range(1, len(migrations()) + 1))


async def test_a_newer_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA user_version = 99")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="newer than this code"):
        await Database.open(path)
    assert path.read_bytes() == before


async def test_a_file_that_is_not_a_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"these are not the pages you are looking for" * 200)
    before = path.read_bytes()
    with pytest.raises(StoreError, match="not a SQLite database"):
        await Database.open(path)
    assert path.read_bytes() == before


async def test_a_corrupt_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.db"
    database = await Database.open(path)
    await database.write(
        lambda tx: tx.executemany(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)",
            [(guild, "x" * 100) for guild in range(2000)],
        )
    )
    await database.close()
    data = bytearray(path.read_bytes())
    data[4096 * 3 : 4096 * 6] = b"\xff" * (4096 * 3)
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=r"corrupt|cannot be read"):
        await Database.open(path)


async def test_a_failed_transaction_leaves_nothing(db: Database) -> None:
    def fail(tx: sqlite3.Connection) -> None:
        tx.execute("INSERT INTO guild_settings (guild_id) VALUES (7)")
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        await db.write(fail)
    assert (await db.fetchone("SELECT COUNT(*) FROM guild_settings"))[0] == 0


async def test_concurrent_transactions_never_share_a_commit(db: Database) -> None:
    """Many tasks write at once and every odd one fails: exactly the even ones remain."""

    async def write(guild: int) -> None:
        def insert(tx: sqlite3.Connection) -> None:
            tx.execute("INSERT INTO guild_settings (guild_id) VALUES (?)", (guild,))
            if guild % 2:
                raise ValueError(guild)

        await asyncio.sleep(0)
        await db.write(insert)

    results = await asyncio.gather(*(write(g) for g in range(40)), return_exceptions=True)
    assert sum(isinstance(r, ValueError) for r in results) == 20
    rows = await db.fetchall("SELECT guild_id FROM guild_settings ORDER BY guild_id")
    assert [row[0] for row in rows] == list(range(0, 40, 2))


async def test_writes_queued_together_each_get_their_own_result(db: Database) -> None:
    """Writes that wait while the write thread is busy go to it in one trip; each caller
    still gets its own transaction's result, in order, and a caller that gives up changes
    nothing for the others (its write, already queued, is still made)."""

    def insert(guild: int) -> Callable[[sqlite3.Connection], int]:
        def work(tx: sqlite3.Connection) -> int:
            tx.execute("INSERT INTO guild_settings (guild_id) VALUES (?)", (guild,))
            return int(tx.execute("SELECT COUNT(*) FROM guild_settings").fetchone()[0])

        return work

    tasks = [asyncio.create_task(db.write(insert(guild))) for guild in range(30)]
    await asyncio.sleep(0)
    tasks[5].cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    assert isinstance(results[5], asyncio.CancelledError)
    assert [r for i, r in enumerate(results) if i != 5] == [n for n in range(1, 31) if n != 6]
    assert (await db.fetchone("SELECT COUNT(*) FROM guild_settings"))[0] == 30


async def test_a_failed_commit_is_rolled_back_alone(db: Database) -> None:
    """A transaction that fails at COMMIT (a deferred foreign key) is rolled back, its
    caller gets the error, and the writes queued with it are committed."""

    def orphan_move(tx: sqlite3.Connection) -> None:
        tx.execute("PRAGMA defer_foreign_keys = ON")
        tx.execute(
            "INSERT INTO moves (game_id, ply, seat, user_id, move, played_at) "
            "VALUES (999, 1, 'A', 1, '2S1', 0)"
        )

    def setting(guild: int) -> Callable[[sqlite3.Connection], int]:
        def work(tx: sqlite3.Connection) -> int:
            tx.execute("INSERT INTO guild_settings (guild_id) VALUES (?)", (guild,))
            return guild

        return work

    results = await asyncio.gather(
        db.write(setting(1)), db.write(orphan_move), db.write(setting(2)), return_exceptions=True
    )
    assert results[0] == 1 and results[2] == 2
    assert isinstance(results[1], sqlite3.IntegrityError)
    assert (await db.fetchone("SELECT COUNT(*) FROM moves"))[0] == 0
    assert (await db.fetchone("SELECT COUNT(*) FROM guild_settings"))[0] == 2
    assert await db.write(lambda tx: tx.execute("SELECT COUNT(*) FROM moves").fetchone()[0]) == 0


async def test_the_log_is_checkpointed_off_the_commit_and_kept_short(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No checkpoint runs inside a commit (SQLite's automatic one is off on the write
    connection), and the bot's own checkpoints start the log again under steady writes:
    3,000 one-page transactions (9,000 frames) leave a log file well under half that. (Its
    high-water mark is the limit plus what is written while a checkpoint runs: 650-2,000
    frames measured, the most on a loaded machine; without the restart step it is 9,000.)"""
    monkeypatch.setattr(database, "RESTART_FRAMES", 500)
    assert await db.write(lambda tx: tx.execute("PRAGMA wal_autocheckpoint").fetchone()[0]) == 0
    await db.write(lambda tx: tx.execute("CREATE TABLE scratch (data BLOB)"))
    for _ in range(3000):
        await db.write(lambda tx: tx.execute("INSERT INTO scratch VALUES (?)", (b"x" * 4000,)))
    if db._checkpointer is not None:
        await db._checkpointer
    frames = Path(f"{db.path}-wal").stat().st_size // (4096 + 24)
    assert frames < 4500
    assert (await db.fetchone("SELECT COUNT(*) FROM scratch"))[0] == 3000


async def test_a_database_from_the_first_schema_is_upgraded_with_its_games(
    tmp_path: Path,
) -> None:
    """A server that ran the bot before migration 0002 keeps its games and gains the new
    columns and tables."""
    path = tmp_path / "old.db"
    _, _, first = migrations()[0]
    with sqlite3.connect(path) as connection:
        connection.executescript(first + "\nPRAGMA user_version = 1;")
        connection.execute(
            "INSERT INTO games (guild_id, channel_id, player_a, player_b, rules, seed, turn, "
            "turn_seconds, deadline, created_at, updated_at) "
            "VALUES (1, 2, 3, 4, '\"new-vegas\"', 5, 'A', 60, 70.0, 0.0, 0.0)"
        )
    db = await Database.open(path)
    assert await db.user_version() == len(migrations()) >= 2
    row = await db.fetchone("SELECT seed, reminded_version, overdue_version FROM games")
    assert tuple(row) == (5, None, None)
    assert (await db.fetchone("SELECT COUNT(*) FROM decks"))[0] == 0
    await db.close()


async def test_ratings_from_before_migration_0003_become_new_vegas_ratings(
    tmp_path: Path,
) -> None:
    """Migration 0003 keeps every rating (as New Vegas ratings, the only game before it)
    and makes room for a Decktet rating of the same player beside it."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as connection:
        for number, _, sql in migrations()[:2]:
            connection.executescript(f"{sql}\nPRAGMA user_version = {number};")
        connection.execute(
            "INSERT INTO games (guild_id, channel_id, player_a, player_b, rules, seed, turn, "
            "turn_seconds, deadline, created_at, updated_at) "
            "VALUES (1, 2, 3, 4, '\"new-vegas\"', 5, 'A', 60, 70.0, 0.0, 0.0)"
        )
        connection.execute(
            "INSERT INTO ratings (guild_id, user_id, mu, sigma, games, wins, updated_at) "
            "VALUES (1, 3, 27.5, 7.0, 4, 3, 9.0)"
        )
        connection.execute(
            "INSERT INTO rating_history (guild_id, user_id, game_id, mu, sigma, at) "
            "VALUES (1, 3, 1, 27.5, 7.0, 9.0)"
        )
    db = await Database.open(path)
    assert await db.user_version() == len(migrations()) >= 3
    row = await db.fetchone("SELECT game, mu, games, wins FROM ratings")
    assert tuple(row) == ("new-vegas", 27.5, 4, 3)
    assert tuple(await db.fetchone("SELECT game FROM games")) == ("new-vegas",)
    assert tuple(await db.fetchone("SELECT game FROM rating_history")) == ("new-vegas",)
    await db.write(
        lambda tx: tx.execute(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, updated_at) "
            "VALUES (1, 'decktet', 3, 25.0, 8.3, 10.0)"
        )
    )
    assert (await db.fetchone("SELECT COUNT(*) FROM ratings WHERE user_id = 3"))[0] == 2
    await db.close()


async def test_events_from_before_migration_0009_keep_every_row_and_take_any_format(
    tmp_path: Path,
) -> None:
    """Migration 0009 makes the tournaments table again without its list of formats (a
    registry in the code now), keeping every event, entrant, record and game that names
    one, and the foreign keys between them."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as connection:
        for number, _, sql in migrations()[:8]:
            connection.executescript(f"{sql}\nPRAGMA user_version = {number};")
        connection.execute(
            "INSERT INTO tournaments (id, guild_id, channel_id, organiser_id, name, format, "
            "game, rules, turn_seconds, max_entrants, created_at, decks, status, round) "
            "VALUES (7, 1, 2, 3, 'Cup', 'knockout', 'new-vegas', '\"new-vegas\"', 60, 8, "
            "0.0, 'own', 'running', 1)"
        )
        connection.execute(
            "INSERT INTO entrants (tournament_id, user_id, joined_at, seed) VALUES (7, 4, 0.0, 1)"
        )
        connection.execute(
            "INSERT INTO games (guild_id, channel_id, player_a, player_b, rules, seed, turn, "
            "turn_seconds, deadline, created_at, updated_at, tournament_id) "
            "VALUES (1, 2, 4, 5, '\"new-vegas\"', 5, 'A', 60, 70.0, 0.0, 0.0, 7)"
        )
        connection.execute(
            "INSERT INTO tournament_games (tournament_id, round, board, first, second, game_id) "
            "VALUES (7, 1, 1, 4, 5, 1)"
        )
    db = await Database.open(path)
    assert await db.user_version() == len(migrations()) >= 9
    row = await db.fetchone("SELECT format, decks, status, window_seconds FROM tournaments")
    assert tuple(row) == ("knockout", "own", "running", None)
    assert (await db.fetchone("SELECT paused FROM entrants"))[0] == 0
    assert (await db.fetchone("SELECT COUNT(*) FROM tournament_games"))[0] == 1
    assert list(await db.fetchall("PRAGMA foreign_key_check")) == []
    assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1, "on again after the migration"
    await db.write(
        lambda tx: tx.execute(
            "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, format, game, "
            "rules, turn_seconds, max_entrants, created_at) "
            "VALUES (1, 2, 3, 'Arena', 'arena', 'new-vegas', '\"new-vegas\"', 60, 8, 0.0)"
        )
    )
    with pytest.raises(sqlite3.IntegrityError):  # the foreign keys still hold
        await db.write(
            lambda tx: tx.execute(
                "INSERT INTO entrants (tournament_id, user_id, joined_at) VALUES (99, 4, 0.0)"
            )
        )
    await db.close()
