"""`caravan-bot backup --to FILE` and `caravan-bot restore --from FILE`, for SQLite.

A backup is SQLite's online backup API (`sqlite3.Connection.backup`) in one step: it reads
one snapshot of the database, every transaction committed before it began and none after,
while the bot goes on playing (WAL: its writes do not wait for the copy, nor the copy for
them). It is written beside its name and renamed once whole and checked, so a file with the
name given is always a complete backup. The copy is one self-contained file (no -wal).

A restore checks the file is a Caravan database this bot can open (its schema version, in
`PRAGMA user_version`, and its tables), refuses while the bot has the database open (a
database in WAL mode cannot leave it while another connection holds it), and replaces the
database only with `--force`, keeping the old one beside it as `NAME.before-restore`.
Before it does, it lists the turn messages the restore takes back (`outdated_messages`):
each game's latest table in the old database, where the backup holds the game at another
version or not at all. Those tables are no longer true; the bot's next start takes their
buttons off and says why (`Poster.retire_outdated`).

The live file is only ever opened through SQLite, never read by other means: closing any
other descriptor of it would drop every POSIX lock this process holds on it (POSIX's rule),
the bot's among them when the bot is this process, and another process could then take the
database for unused and checkpoint it under the bot (seen here as "disk I/O error").

PostgreSQL is backed up with its own tools: `postgres_lines` gives the `pg_dump` and
`pg_restore` lines for the bot's database (never its password).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.store.database import migrations
from bot.store.url import DatabaseUrl

KEPT = ".before-restore"  # the database a restore replaced, kept beside it
PARTIAL = ".partial"  # a copy being written
CORE_TABLES = {"games", "moves", "challenges"}


class BackupError(Exception):
    """A backup or restore that cannot be done, in one sentence saying what to do."""


@dataclass(frozen=True)
class Copied:
    """What a backup or restore wrote: the file, its schema version and what it holds."""

    path: Path
    schema: int
    games: int
    in_progress: int
    moves: int
    outdated: int = 0  # turn messages a restore took back, marked at the bot's next start

    def summary(self) -> str:
        size = self.path.stat().st_size
        said = (
            f"{self.path}: schema {self.schema}, {self.games} games ({self.in_progress} in "
            f"progress), {self.moves} moves, {size / 1e6:.1f} MB"
        )
        if self.outdated:
            said += (
                f"; {self.outdated} turn messages posted after the backup will be marked "
                "outdated (buttons off) when the bot starts"
            )
        return said


def backup(source: Path, target: Path, force: bool = False) -> Copied:
    """Copy the Caravan database `source` (the bot may be running on it) to `target`, a
    consistent snapshot; `BackupError` if `source` is no Caravan database or `target`
    exists (unless `force`)."""
    _check_file(source, "database")
    if target.exists() and _same(source, target):
        raise BackupError(f"{target} is the database itself: back it up to another file")
    if target.exists() and not force:
        raise BackupError(f"{target} exists: name another file, or add --force to replace it")
    with _connect(source) as live:
        _schema(live, source)
        copied = _copy(live, target)
    return copied


def restore(source: Path, target: Path, force: bool = False) -> Copied:
    """Put the backup `source` in place of the database `target`. `BackupError` if
    `source` is no Caravan database this bot can open, if the bot has `target` open, or if
    `target` exists and `force` is not given (with it, the old file is kept as
    `target` + `.before-restore`, numbered after the first: `kept_name`)."""
    _check_file(source, "backup")
    if target.exists() and _same(source, target):
        raise BackupError(f"{source} is the database itself: nothing to restore")
    with _connect(source) as backed_up:
        _schema(backed_up, source)
        if target.exists():
            if not force:
                raise BackupError(
                    f"{target} exists: stop the bot, then add --force to replace it (the "
                    f"old database is kept as {kept_name(target).name})"
                )
            _settle(target)
        copied = _copy(backed_up, target.with_name(target.name + ".restoring"))
    outdated = 0
    if target.exists():
        try:
            outdated = _list_outdated(target, copied.path, time.time())
        except BaseException:
            copied.path.unlink(missing_ok=True)
            raise
        os.replace(target, kept_name(target))
    for stale in ("-wal", "-shm"):  # left by no bot (it is stopped): never to be replayed
        target.with_name(target.name + stale).unlink(missing_ok=True)
    os.replace(copied.path, target)
    return Copied(target, copied.schema, copied.games, copied.in_progress, copied.moves, outdated)


def kept_name(target: Path) -> Path:
    """Where a restore keeps the database it replaces: `NAME.before-restore`, or, when an
    earlier restore kept one there, `NAME.before-restore.2`, `.3`...: none is overwritten."""
    kept = target.with_name(target.name + KEPT)
    number = 1
    while kept.exists():
        number += 1
        kept = target.with_name(f"{target.name}{KEPT}.{number}")
    return kept


def postgres_lines(url: DatabaseUrl, file: str) -> tuple[str, str]:
    """The `pg_dump` line that backs up the bot's PostgreSQL database to `file` while the bot
    runs (a consistent snapshot, in pg_dump's custom format), and the `pg_restore` line that
    puts it back (with the bot stopped; one transaction). The URL is given without its
    password: libpq takes it from PGPASSWORD or ~/.pgpass."""
    plain = _without_password(url.url)
    return (
        f"pg_dump --format=custom --file={_quoted(file)} {_quoted(plain)}",
        "pg_restore --clean --if-exists --no-owner --single-transaction "
        f"--dbname={_quoted(plain)} {_quoted(file)}",
    )


# ----- the parts ----------------------------------------------------------------------------


def _check_file(path: Path, what: str) -> None:
    if not path.is_file():
        raise BackupError(f"there is no {what} at {path}")


def _same(one: Path, other: Path) -> bool:
    try:
        return one.samefile(other)
    except OSError:
        return False


@contextlib.contextmanager
def _connect(path: Path, timeout: float = 30.0) -> Iterator[sqlite3.Connection]:
    """An existing database, never created (`mode=rw`), closed on exit."""
    connection = sqlite3.connect(
        path.resolve().as_uri() + "?mode=rw", uri=True, timeout=timeout, isolation_level=None
    )
    try:
        yield connection
    finally:
        connection.close()


def _schema(connection: sqlite3.Connection, path: Path) -> int:
    """The schema version of the Caravan database on `connection`; `BackupError` for a
    database that is not one, or that a newer bot made."""
    try:
        version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        tables = {
            str(row[0])
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
    except sqlite3.DatabaseError as error:
        if "not a database" in str(error):
            raise BackupError(f"{path} is not a SQLite database, so no Caravan one") from error
        raise BackupError(f"{path} cannot be read ({error})") from error
    if version < 1 or not CORE_TABLES.issubset(tables):
        raise BackupError(
            f"{path} is not a Caravan database (schema version {version}, no "
            f"{', '.join(sorted(CORE_TABLES - tables)) or 'known schema'})"
        )
    known = len(migrations())
    if version > known:
        raise BackupError(
            f"{path} was made by a newer bot (schema version {version}; this one knows up to "
            f"{known}): use that version"
        )
    return version


def _copy(live: sqlite3.Connection, target: Path) -> Copied:
    """The database on `live`, copied in one step to `target` (written beside it, checked,
    then renamed into place)."""
    partial = target.with_name(target.name + PARTIAL)
    partial.unlink(missing_ok=True)
    try:
        with contextlib.closing(sqlite3.connect(partial, isolation_level=None)) as copy:
            live.backup(copy)  # pages=-1: every page in one step, from one snapshot
            copy.execute("PRAGMA journal_mode = DELETE").fetchall()  # one file, no -wal
            checked = [row[0] for row in copy.execute("PRAGMA quick_check")]
            if checked != ["ok"]:
                raise BackupError(f"the copy failed its check ({'; '.join(checked[:3])})")
            schema = _schema(copy, target)
            games, in_progress = copy.execute(
                "SELECT COUNT(*), COUNT(*) FILTER (WHERE status = 'active') FROM games"
            ).fetchone()
            moves = copy.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
        os.replace(partial, target)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return Copied(target, schema, int(games), int(in_progress), int(moves))


OUTDATED_TABLE = (
    "CREATE TABLE IF NOT EXISTS outdated_messages (message_id INTEGER PRIMARY KEY, "
    "channel_id INTEGER NOT NULL, game_id INTEGER, restored_at REAL NOT NULL)"
)  # as migration 0008 makes it, for a backup older than it


def _list_outdated(old: Path, restored: Path, now: float) -> int:
    """List in the restored copy the turn messages of `old` (the database it replaces) that
    the restore takes back: each game's latest table where the copy holds the game at
    another version (`game_id` set) or not at all (`game_id` NULL). Returns how many."""
    with _connect(old) as before:
        latest = before.execute(
            "SELECT id, COALESCE(thread_id, channel_id), message_id, version FROM games "
            "WHERE message_id IS NOT NULL"
        ).fetchall()
    with _connect(restored) as after:
        kept = dict(after.execute("SELECT id, version FROM games").fetchall())
        rows = [
            (message_id, channel_id, game_id if game_id in kept else None, now)
            for game_id, channel_id, message_id, version in latest
            if kept.get(game_id) != version
        ]
        after.execute("BEGIN")
        after.execute(OUTDATED_TABLE)
        after.executemany(
            "INSERT OR REPLACE INTO outdated_messages (message_id, channel_id, game_id, "
            "restored_at) VALUES (?, ?, ?, ?)",
            rows,
        )
        after.execute("COMMIT")
    return len(rows)


def _settle(path: Path) -> None:
    """Fold the write-ahead log into the database at `path` and take it out of WAL mode, so
    the file alone is the whole database; `BackupError` if another connection has it open
    (the bot is running): leaving WAL mode needs every other connection closed."""
    try:
        with _connect(path, timeout=0.5) as connection:
            mode = connection.execute("PRAGMA journal_mode = DELETE").fetchone()[0]
    except sqlite3.OperationalError as error:
        raise BackupError(f"{path} is in use ({error}): stop the bot first") from error
    if str(mode).lower() != "delete":
        raise BackupError(f"{path} is in use by another process: stop the bot first")


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        user_info, _, host = netloc.rpartition("@")
        netloc = user_info.split(":", 1)[0] + "@" + host
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k.lower() != "password"])
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def _quoted(text: str) -> str:
    """`text` as one shell word."""
    if text and all(c.isalnum() or c in "@%+=:,./-_" for c in text):
        return text
    return "'" + text.replace("'", "'\"'\"'") + "'"
