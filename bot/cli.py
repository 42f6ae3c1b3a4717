"""`caravan-bot`: run the bot, register its slash commands, or play it locally.

    caravan-bot run                 the bot, with DISCORD_TOKEN from the environment or .env
    caravan-bot run --shards 0-3 --shard-count 8    one of several processes (PostgreSQL)
    caravan-bot sync [--guild ID]   register the slash commands (with one server, or globally)
    caravan-bot migrate-db --to postgresql://...   move the SQLite database up to PostgreSQL
    caravan-bot local [--port N]    the real bot in SimCord's simulated Discord, in a browser

Every subcommand builds the bot with `bot.app.create_bot(settings)`. A missing or malformed
setting stops it with one line saying which.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

import aiohttp
import discord

from bot.app import create_bot
from bot.local import serve_local
from bot.moving import move_database
from bot.settings import Settings, SettingsError, load_settings
from bot.store import BadUrl, StoreError, open_store, parse

log = logging.getLogger("caravan")
NO_TOKEN = (
    "DISCORD_TOKEN is not set: put the bot's token in the environment or in .env "
    "(see .env.example), or try the bot without one: caravan-bot local"
)


def _logging(settings: Settings) -> None:
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    if settings.log_level != "DEBUG":
        logging.getLogger("discord").setLevel(logging.WARNING)


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
        bot.run(settings.discord_token, log_handler=None)
    except Exception as error:
        return _fail(error)
    return 0


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
