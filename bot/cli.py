"""`caravan-bot`: run the bot, register its slash commands, or play it locally.

    caravan-bot run                 the bot, with DISCORD_TOKEN from the environment or .env
    caravan-bot run --shards 0-3 --shard-count 8    one of several processes (PostgreSQL)
    caravan-bot sync [--guild ID]   register the slash commands (with one server, or globally)
    caravan-bot migrate-db --to postgresql://...   move the SQLite database up to PostgreSQL
    caravan-bot backup --to FILE [--force]      a consistent copy of the SQLite database, live
    caravan-bot restore --from FILE [--force]   put a backup in its place (the bot stopped)
    caravan-bot local [--port N]    the real bot in SimCord's simulated Discord, in a browser

Every subcommand builds the bot with `bot.app.create_bot(settings)`. A missing or malformed
setting stops it with one line saying which. `run` stops cleanly on SIGTERM or SIGINT
(`bot.stopping`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import aiohttp
import discord

from bot.app import CaravanBot, create_bot
from bot.local import serve_local
from bot.logs import CaravanHandler, configure, quiet_discord
from bot.moving import move_database
from bot.settings import Settings, SettingsError, load_settings
from bot.stopping import serve
from bot.store import BadUrl, StoreError, open_store, parse
from bot.store.backup import BackupError, backup, postgres_lines, restore
from bot.store.url import SQLITE, DatabaseUrl

log = logging.getLogger("caravan")
NO_TOKEN = (
    "DISCORD_TOKEN is not set: put the bot's token in the environment or in .env "
    "(see .env.example), or try the bot without one: caravan-bot local"
)


def _logging(settings: Settings) -> None:
    """Log lines as the settings ask (`bot.logs`: text or JSON), with the token and the
    database password masked wherever they would appear. Like `logging.basicConfig`, it
    leaves the handlers alone where whoever runs the command already set them up (a program
    embedding it, pytest)."""
    if any(not isinstance(h, CaravanHandler) for h in logging.getLogger().handlers):
        quiet_discord(settings.log_level)
        return
    configure(settings.log_level, settings.log_format, _secrets(settings))


def _secrets(settings: Settings) -> list[str]:
    """The token, and the database password if the URL holds one."""
    found = [settings.discord_token]
    if settings.database_url:
        with contextlib.suppress(ValueError):
            parts = urlsplit(settings.database_url)
            found.append(parts.password or "")
            found += [v for k, v in parse_qsl(parts.query) if k.lower() == "password"]
    return [secret for secret in found if secret]


BAD_TOKEN = (
    "Discord refused the token in DISCORD_TOKEN: reset it (Developer Portal > your "
    "application > Bot > Reset Token) and put the new one in the environment or .env"
)


def _unreachable(error: BaseException) -> str:
    return (
        f"cannot reach Discord ({type(error).__name__}: {error or 'no answer'}): check this "
        "machine's network and DNS, then start the bot again"
    )


def _discord_failure(error: BaseException) -> str | None:
    """One line for why Discord could not be used, or None for an error of another kind."""
    if isinstance(error, discord.LoginFailure):
        return BAD_TOKEN
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return "Discord refused the bot's intents: " + str(error)
    if isinstance(error, aiohttp.ClientError | OSError | asyncio.TimeoutError):
        return _unreachable(error)
    if isinstance(error, discord.HTTPException) and error.status >= 500:
        return _unreachable(error)
    if isinstance(error, StoreError):
        return str(error)
    return None


def _fail(error: BaseException) -> int:
    """Print why the bot stopped in one line (exit 2), or raise what is not foreseen."""
    why = _discord_failure(error)
    if why is None:
        raise error
    print(f"caravan-bot: {why}", file=sys.stderr)
    return 2


async def _open_database(settings: Settings) -> None:
    """Open (and migrate) the database once before Discord is reached: a database that
    cannot be used stops the bot with one line, before it logs in."""
    store = await open_store(settings.database, pool_size=1)
    await store.close()


def run(settings: Settings) -> int:
    if not settings.discord_token:
        print(f"caravan-bot: {NO_TOKEN}", file=sys.stderr)
        return 2
    _logging(settings)
    try:
        asyncio.run(_open_database(settings))
    except StoreError as error:
        return _fail(error)
    bot = create_bot(settings)
    try:
        asyncio.run(_connected(bot, settings.discord_token))
    except Exception as error:
        return _fail(error)
    return 0


async def _connected(bot: CaravanBot, token: str) -> None:
    """The bot connected to Discord until it closes, or until SIGTERM or SIGINT stop it
    cleanly (what `discord.Client.run` does, plus the clean stop)."""
    async with bot:
        await serve(bot, bot.start(token))


async def _sync(settings: Settings, guild_id: int | None) -> list[str]:
    bot = create_bot(settings)
    async with bot:
        await bot.login(settings.discord_token)
        return await bot.sync_commands(guild_id)


def sync(settings: Settings, guild_id: int | None) -> int:
    if not settings.discord_token:
        print(f"caravan-bot: {NO_TOKEN}", file=sys.stderr)
        return 2
    _logging(settings)
    try:
        names = asyncio.run(_sync(settings, guild_id))
    except Exception as error:
        return _fail(error)
    where = f"server {guild_id}" if guild_id is not None else "every server (may take an hour)"
    print(f"registered /{', /'.join(names)} with {where}")
    return 0


def migrate_db(settings: Settings, source: str | None, target: str) -> int:
    _logging(settings)
    try:
        moved = asyncio.run(
            move_database(parse(source) if source else settings.database, parse(target))
        )
    except (StoreError, BadUrl) as error:
        print(f"caravan-bot: {error}", file=sys.stderr)
        return 2
    print(moved.summary())
    return 0


def backup_database(settings: Settings, target: Path, force: bool) -> int:
    """`backup --to FILE`: a consistent copy of the SQLite database, while the bot runs."""
    where = settings.database
    if where.kind != SQLITE:
        return _postgres_advice(where, str(target), "backup")
    assert where.path is not None
    try:
        copied = backup(where.path, target, force)
    except (BackupError, OSError, sqlite3.Error) as error:
        print(f"caravan-bot: {_said(error)}", file=sys.stderr)
        return 2
    print(f"backed up {where.path} to {copied.summary()}")
    return 0


def restore_database(settings: Settings, source: Path, force: bool) -> int:
    """`restore --from FILE`: a backup put in place of the SQLite database (bot stopped)."""
    where = settings.database
    if where.kind != SQLITE:
        return _postgres_advice(where, str(source), "restore")
    assert where.path is not None
    try:
        copied = restore(source, where.path, force)
    except (BackupError, OSError, sqlite3.Error) as error:
        print(f"caravan-bot: {_said(error)}", file=sys.stderr)
        return 2
    print(f"restored {source} as {copied.summary()}; start the bot")
    return 0


def _postgres_advice(where: DatabaseUrl, file: str, what: str) -> int:
    """PostgreSQL has its own tools: the exact lines, without the password (exit 2: nothing
    was done here)."""
    dump, put_back = postgres_lines(where, file)
    line = dump if what == "backup" else put_back
    when = "while the bot runs" if what == "backup" else "with every bot process stopped"
    caveat = (
        ""
        if what == "backup"
        else "\n  pg_restore puts back the rows alone: it cannot tell which turn messages "
        "were posted after the dump, so those keep their buttons (a press opens the game "
        "as restored, and the next move posts its true table)."
    )
    print(
        f"caravan-bot: {where.shown} is PostgreSQL: {what} it with PostgreSQL's own tool, "
        f"{when} (the password from PGPASSWORD or ~/.pgpass):{caveat}\n  {line}",
        file=sys.stderr,
    )
    return 2


def _said(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return f"{error.strerror}: {error.filename}" if error.filename else error.strerror
    return str(error)


def local(settings: Settings, port: int | None) -> int:
    _logging(settings)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_local(settings, port))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="caravan-bot", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="run the bot (needs DISCORD_TOKEN)")
    run_parser.add_argument(
        "--shards", help="the shards this process serves, e.g. 0-3 (default: every shard)"
    )
    run_parser.add_argument(
        "--shard-count", type=int, help="how many shards the whole bot has (with --shards)"
    )
    sync_parser = commands.add_parser("sync", help="register the slash commands with Discord")
    sync_parser.add_argument("--guild", type=int, help="one server's id: commands show at once")
    move_parser = commands.add_parser(
        "migrate-db", help="copy this bot's SQLite database into an empty PostgreSQL one"
    )
    move_parser.add_argument("--to", required=True, help="postgresql://USER:PASSWORD@HOST/DB")
    move_parser.add_argument(
        "--from", dest="source", help="the SQLite database (default: the bot's own setting)"
    )
    backup_parser = commands.add_parser(
        "backup", help="copy the SQLite database to FILE while the bot runs (a snapshot)"
    )
    backup_parser.add_argument("--to", dest="file", type=Path, required=True, help="the copy")
    backup_parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
    restore_parser = commands.add_parser(
        "restore", help="put a backup in place of the SQLite database (stop the bot first)"
    )
    restore_parser.add_argument(
        "--from", dest="file", type=Path, required=True, help="the backup to restore"
    )
    restore_parser.add_argument(
        "--force", action="store_true", help="replace the database (kept as NAME.before-restore)"
    )
    local_parser = commands.add_parser("local", help="play in a browser, no token needed")
    local_parser.add_argument("--port", type=int, help="the preview's port (default: any free)")
    local_parser.add_argument(
        "--database",
        type=Path,
        default=Path("caravan-local.db"),
        help="the local games' database (default: caravan-local.db)",
    )
    args = parser.parse_args(argv)
    try:
        if args.command == "local":
            settings = load_settings(
                database_path=args.database, database_url=None, game_threads=False
            )
            return local(settings, args.port)
        if args.command == "migrate-db":
            return migrate_db(load_settings(), args.source, args.to)
        if args.command == "backup":
            return backup_database(load_settings(), args.file, args.force)
        if args.command == "restore":
            return restore_database(load_settings(), args.file, args.force)
        if args.command == "run":
            given = {"shards": args.shards, "shard_count": args.shard_count}
            settings = load_settings(**{k: v for k, v in given.items() if v is not None})
            settings.shard_set()  # a range that does not fit, or SQLite for several processes
            return run(settings)
        settings = load_settings()
        return sync(settings, args.guild)
    except SettingsError as error:
        print(f"caravan-bot: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
