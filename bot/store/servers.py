"""A server's own settings as the store keeps them: `Servers`, a JSON object of the settings
it changed (`bot.server.ServerSettings`), the same statements on every dialect."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.server import ServerSettings
from bot.store.dialect import Part
from bot.store.script import Row, Script, lock_row


class Servers(Part):
    async def server_settings(self, guild_id: int) -> ServerSettings:
        rows = await self.dialect.read(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return _settings(rows)

    async def change_server_settings(
        self, guild_id: int, changes: Mapping[str, Any]
    ) -> ServerSettings:
        """Merge `changes` into the server's settings (None: back to the default) under its
        row's lock, so two admins changing different settings at once both keep theirs;
        the settings now."""

        def update() -> Script[ServerSettings]:
            yield (
                "INSERT INTO guild_settings (guild_id) VALUES (?) ON CONFLICT DO NOTHING",
                (guild_id,),
            )
            yield from lock_row("guild_settings", guild_id, column="guild_id")
            rows = yield ("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
            now = _settings(rows).changed(**changes)
            yield (
                "UPDATE guild_settings SET settings = ? WHERE guild_id = ?",
                (json.dumps(now.stored(), sort_keys=True), guild_id),
            )
            return now

        return await self.dialect.run(update)


def _settings(rows: list[Row]) -> ServerSettings:
    return ServerSettings.from_stored(json.loads(rows[0]["settings"]) if rows else {})
