"""`caravan-bot migrate-db --to postgresql://...`: move a bot's SQLite database into an empty
PostgreSQL database, checked before it is committed: every table's rows counted on both
sides, every game in progress compared (rules, seed, version, moves) and replayed from
what the new database holds to the version it records. The SQLite file is left as it was,
for a way back.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.records import replay_game, rules_from_text
from bot.store import StoreError, open_store
from bot.store.copy import Copied, Kept, copy_sqlite_to_postgres
from bot.store.sqlite import SqliteDialect
from bot.store.url import POSTGRESQL, SQLITE, DatabaseUrl


@dataclass(frozen=True)
class Moved:
    source: DatabaseUrl
    target: DatabaseUrl
    copied: Copied

    def summary(self) -> str:
        rows = ", ".join(f"{count} {table}" for table, count in self.copied.rows.items())
        return (
            f"copied {self.source.shown} to {self.target.shown}: {rows}; "
            f"{self.copied.replayed} games in progress replayed and identical. Now set "
            f"CARAVAN_DATABASE_URL to the new database and start the bot."
        )


async def move_database(source: DatabaseUrl, target: DatabaseUrl) -> Moved:
    """Copy `source` (SQLite, brought to the current schema first) into `target` (an
    empty PostgreSQL database, migrated here); StoreError in one line when it cannot be,
    with nothing written to the target."""
    if source.kind != SQLITE or source.path is None:
        raise StoreError(f"the database to move is {source.shown}: only SQLite moves up")
    if target.kind != POSTGRESQL:
        raise StoreError(f"move to a PostgreSQL database (postgresql://...), not {target.shown}")
    if not source.path.is_file():
        raise StoreError(f"there is no SQLite database at {source.path}")
    old = await SqliteDialect.open(source.path)  # refuses a corrupt or newer file
    await old.close()
    new = await open_store(target, pool_size=1)  # unreachable, credentials, newer schema
    await new.close()
    copied = await asyncio.to_thread(copy_sqlite_to_postgres, source.path, target, same_game)
    return Moved(source, target, copied)


def same_game(game_id: int, old: Kept, new: Kept) -> None:
    """Refuse the move unless game `game_id` is the same on both sides and replays, from
    what the new database holds, to a game still in progress at its recorded version."""
    if old != new:
        raise StoreError(f"game {game_id} differs after the copy; nothing was moved")
    try:
        game = replay_game(rules_from_text(new.rules), new.seed, new.moves)
    except Exception as error:
        raise StoreError(f"game {game_id} does not replay ({error}); nothing was moved") from None
    if game.is_over or game.ply != new.version:
        raise StoreError(
            f"game {game_id} replays to ply {game.ply}, over={game.is_over}, where the database "
            f"says version {new.version} in progress; nothing was moved"
        )
