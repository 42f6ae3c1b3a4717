"""The turn messages a restore took back (`outdated_messages`, listed by
`bot.store.backup.restore`), the same statements on every backend (transaction scripts)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from bot.store.dialect import Part
from bot.store.script import Script

T = TypeVar("T")


@dataclass(frozen=True)
class Outdated:
    """A turn message whose table a restore took back. `game_id`: the game as restored
    (None: the backup does not hold it)."""

    message_id: int
    channel_id: int
    game_id: int | None


class Restored(Part):
    async def outdated_messages(self, limit: int) -> list[Outdated]:
        """Up to `limit` of the messages still to mark, oldest game first."""

        def listed() -> Script[list[Outdated]]:
            rows = yield (
                "SELECT message_id, channel_id, game_id FROM outdated_messages "
                "ORDER BY game_id, message_id LIMIT ?",
                (limit,),
            )
            return [Outdated(r["message_id"], r["channel_id"], r["game_id"]) for r in rows]

        return await self.dialect.run(listed)

    async def forget_outdated(self, message_id: int) -> bool:
        """Take the message off the list; False if it was not there (another pass took it)."""

        def forget() -> Script[bool]:
            rows = yield (
                "DELETE FROM outdated_messages WHERE message_id = ? RETURNING message_id",
                (message_id,),
            )
            return bool(rows)

        return await self.dialect.run(forget)
