"""Moving up: copy a SQLite database into an empty PostgreSQL one, every table and row as
it is (ids included, so the buttons of games in progress keep working), in one transaction:
either all of it is there or none. `caravan-bot migrate-db` runs it and then checks it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.store.database import StoreError
from bot.store.url import DatabaseUrl

if TYPE_CHECKING:
    import psycopg

# In the order the foreign keys allow (a game's rematch_of names an older game, so games
# go in by id; a game may be an event's, and an event's records name games).
TABLES = (
    ("tournaments", "id"),
    ("games", "id"),
    ("challenges", "id"),
    ("moves", "game_id, ply"),
    ("ratings", "guild_id, game, user_id"),
    ("rating_history", "guild_id, user_id, game_id"),
    ("decks", "user_id, name"),
    ("guild_settings", "guild_id"),
    ("entrants", "tournament_id, user_id"),
    ("tournament_games", "tournament_id, round, board"),
    ("seasons", "id"),
    ("outdated_messages", "message_id"),
    ("reviews", "game_id"),
)
IDENTITIES = ("games", "challenges", "tournaments", "seasons")
BATCH = 5000


class NotEmpty(StoreError):
    """The target database already holds data: nothing was copied."""


@dataclass(frozen=True)
class Copied:
    rows: dict[str, int]  # rows copied per table
    replayed: int  # games in progress checked by `verify`


@dataclass(frozen=True)
class Kept:
    """What a database holds of one game in progress."""

    rules: str
    seed: int
    version: int
    moves: tuple[str, ...]


Verify = Callable[[int, Kept, Kept], None]


def copy_sqlite_to_postgres(source: Path, target: DatabaseUrl, verify: Verify) -> Copied:
    """Copy every row of the SQLite database at `source` (at the current schema: open it
    with the bot first) into `target` (migrated and empty), and set the id sequences past
    the copied ids; then, before committing, compare each table's rows on both sides and
    call `verify(game_id, source's, target's)` for every game in progress, which raises
    (StoreError) to undo it all. `NotEmpty` if the target holds any row."""
    import psycopg  # only a move to PostgreSQL loads it

    from bot.store.postgres_db import explain

    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        with psycopg.connect(target.url, connect_timeout=10) as writer, writer.transaction():
            held = {table: _pg_count(writer, table) for table, _ in TABLES}
            if any(held.values()):
                full = ", ".join(f"{n} {t}" for t, n in held.items() if n)
                raise NotEmpty(
                    f"The target database {target.shown} is not empty ({full}); nothing was "
                    "copied. Give an empty database (createdb caravan)."
                )
            rows = {}
            for table, order in TABLES:
                columns = _columns(reader, table)
                names = ", ".join(columns)
                copied = 0
                with writer.cursor().copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                    for row in _rows(reader, table, names, order):
                        copy.write_row(row)
                        copied += 1
                rows[table] = copied
            for table in IDENTITIES:
                writer.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
            for table, copied in rows.items():
                there = _pg_count(writer, table)
                if there != copied:
                    raise StoreError(f"{table}: {copied} rows read, {there} written; undone.")
            active = [row[0] for row in reader.execute(ACTIVE)]
            for game_id in active:
                verify(game_id, _kept(reader.execute, game_id), _kept(_on(writer), game_id))
    except psycopg.Error as error:
        raise StoreError(explain(error, target)) from None
    finally:
        reader.close()
    return Copied(rows, len(active))


ACTIVE = "SELECT id FROM games WHERE status = 'active' ORDER BY id"


def _kept(run: Callable[[str, tuple[Any, ...]], Any], game_id: int) -> Kept:
    sql = "SELECT rules, seed, version FROM games WHERE id = ?"
    rules, seed, version = run(sql, (game_id,)).fetchone()
    moves = run("SELECT move FROM moves WHERE game_id = ? ORDER BY ply", (game_id,)).fetchall()
    return Kept(rules, seed, version, tuple(move for (move,) in moves))


def _on(writer: psycopg.Connection[Any]) -> Callable[[str, tuple[Any, ...]], Any]:
    """`writer.execute` taking SQLite's `?` placeholders."""
    return lambda sql, params: writer.execute(sql.replace("?", "%s"), params)


def _columns(reader: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in reader.execute(f"PRAGMA table_info({table})")]


def _rows(reader: sqlite3.Connection, table: str, names: str, order: str) -> Iterator[Any]:
    cursor = reader.execute(f"SELECT {names} FROM {table} ORDER BY {order}")
    while batch := cursor.fetchmany(BATCH):
        yield from batch


def _pg_count(writer: psycopg.Connection[Any], table: str) -> int:
    row = writer.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    return int(row[0]) if row else 0
