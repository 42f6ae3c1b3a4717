"""A server's Caravan settings, for members who may manage the server: the defaults for
new games, where games may start, and ending a stuck game."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from bot.ai import AiTurns
from bot.choices import turn_words
from bot.cogs.common import Choices, game_choices, guild_of
from bot.errors import NotAllowed
from bot.games.new_vegas.kind import KIND as NEW_VEGAS
from bot.games.new_vegas.kind import make_rules
from bot.guard import Guard
from bot.inert import md_names
from bot.names import Names
from bot.poster import Poster
from bot.service import GameService
from bot.settings import Settings
from engine.rules import DEFAULT_PRESET

Interaction = discord.Interaction[Any]


class Admin(commands.Cog):
    def __init__(
        self, service: GameService, poster: Poster, ai: AiTurns, names: Names, guard: Guard
    ) -> None:
        self.service = service
        self.poster = poster
        self.ai = ai
        self.names = names
        self.guard = guard

    async def admin_show(self, interaction: Interaction) -> None:
        async def work() -> None:
            server = await self.service.guild_settings(_admin(interaction))
            await interaction.response.send_message(
                settings_text(self.service.settings, server), ephemeral=True
            )

        await self.guard(interaction, "admin-show", work())

    async def admin_set(
        self,
        interaction: Interaction,
        rules: str | None,
        jokers: int | None,
        turn: int | None,
        threads: bool | None,
        organisers: Any | None = None,
        clear_organisers: bool = False,
    ) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            role = organisers.id if organisers is not None else None
            server = await self.service.set_defaults(
                guild_id, rules, jokers, turn, threads, role, clear_organisers
            )
            await interaction.response.send_message(
                "Saved.\n" + settings_text(self.service.settings, server), ephemeral=True
            )

        await self.guard(interaction, "admin-set", work())

    async def admin_channel(
        self, interaction: Interaction, action: str, channel: Any | None
    ) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            where = channel.id if channel is not None else None
            server = await self.service.set_game_channels(guild_id, action, where)
            await interaction.response.send_message(
                "Saved.\n" + settings_text(self.service.settings, server), ephemeral=True
            )

        await self.guard(interaction, "admin-channel", work())

    async def admin_end(self, interaction: Interaction, game_id: int) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            await interaction.response.defer(ephemeral=True)
            info = await self.service.abandon(game_id, guild_id)
            self.ai.cancel(game_id)
            await self.poster.table(game_id)
            names = md_names(await self.names.game(info))
            await interaction.followup.send(
                f"Ended game #{game_id} ({names['A']} vs {names['B']}) with no result.",
                ephemeral=True,
            )

        await self.guard(interaction, "admin-end", work())

    async def guild_game_choices(self, interaction: Interaction, current: str) -> Choices:
        if interaction.guild_id is None:
            return []
        games = await self.service.guild_games(interaction.guild_id)
        return await game_choices(self.names, interaction, current, games)


def _admin(interaction: Interaction) -> int:
    guild_id = guild_of(interaction)
    if not interaction.permissions.manage_guild:
        raise NotAllowed("Only members with the Manage Server permission can change this.")
    return guild_id


def settings_text(settings: Settings, server: dict[str, Any]) -> str:
    """The server's settings, in words."""
    rules = make_rules(server.get("preset", DEFAULT_PRESET), server.get("jokers"))
    turn = server.get("turn_seconds", settings.default_turn_seconds)
    channels = server.get("channels") or []
    where = ", ".join(f"<#{c}>" for c in channels) if channels else "any channel"
    threads = server.get("threads", settings.game_threads)
    role = server.get("organiser_role")
    organisers = f" and the role <@&{role}>" if role else ""
    return (
        "**Caravan on this server**\n"
        f"Default rules: {NEW_VEGAS.rules_words(rules)}\n"
        f"Default turn time: {turn_words(int(turn))}\n"
        f"Games may start in: {where}\n"
        f"Each game gets its own thread: {'yes' if threads else 'no'}\n"
        f"Tournaments are organised by: members with Manage Server{organisers}"
    )
