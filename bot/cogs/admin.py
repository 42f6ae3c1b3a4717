"""A server's Caravan settings, for members who may manage the server: the defaults for
new games, where games may start, and ending a stuck game."""

from __future__ import annotations

import asyncio
import io
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
from bot.i18n import AUTO, LANGUAGES, server_language
from bot.inert import md, md_names
from bot.kinds import GAMES
from bot.names import Names
from bot.poster import Poster
from bot.render.events import ranking_png
from bot.seasons import Seasons
from bot.service import GameService
from bot.settings import Settings
from engine.rules import DEFAULT_PRESET

Interaction = discord.Interaction[Any]


class Admin(commands.Cog):
    def __init__(
        self,
        service: GameService,
        poster: Poster,
        ai: AiTurns,
        names: Names,
        guard: Guard,
        seasons: Seasons,
    ) -> None:
        self.service = service
        self.poster = poster
        self.ai = ai
        self.names = names
        self.guard = guard
        self.seasons = seasons

    # ----- seasons ---------------------------------------------------------------------------

    async def season_start(
        self, interaction: Interaction, name: str, role: Any | None, top: int | None
    ) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            season = await self.seasons.start(
                guild_id, interaction.user.id, True, name, role.id if role else None, top
            )
            lines = [
                f"**Season {md(season.name)}** starts now: the games played from now on make "
                "its own ranking, beside the all-time one. `/caravan leaderboard` shows it "
                "while it runs (`season: all-time` for the all-time ranking)."
            ]
            if role is not None:
                lines.append(f"When it ends, its top {season.role_top} get the role <@&{role.id}>.")
                missing = role_problem(interaction.guild, role.id)
                if missing:
                    lines.append(missing)
            await interaction.response.send_message(
                "\n".join(lines), allowed_mentions=discord.AllowedMentions.none()
            )

        await self.guard(interaction, "season-start", work())

    async def season_end(self, interaction: Interaction) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            season = await self.seasons.end(guild_id, True)  # refused privately, before
            await interaction.response.defer()
            files, lines, winners = [], [f"**Season {md(season.name)}** is over."], set()
            for key, title in GAMES.items():
                rows = await self.seasons.ranking(guild_id, key, season)
                if not rows:
                    continue
                top = rows[:10]
                names = await self.names.of_users(guild_id, [r.user_id for r in top])
                table = [
                    (
                        rank,
                        names.get(r.user_id, ""),
                        str(r.skill.shown) + ("?" if r.provisional else ""),
                        f"{r.wins}-{r.losses}-{r.draws}",
                    )
                    for rank, r in enumerate(top, start=1)
                ]
                png = await asyncio.to_thread(
                    ranking_png, f"{season.name}: {title}", "the season's final top ten", table
                )
                alt = f"{season.name}, {title}: " + "; ".join(f"{n}. {w}" for n, w, _, _ in table)
                files.append(
                    discord.File(io.BytesIO(png), f"season-{key}.png", description=alt[:1024])
                )
                first = md(names.get(top[0].user_id, "a member"))
                lines.append(f"{title}: {first} finishes first, of {len(rows)} players.")
                winners |= {r.user_id for r in rows[: season.role_top or 0]}
            if not files:
                lines.append("No rated games were played in it.")
            if season.role_id is not None and winners:
                lines.append(await give_role(interaction.guild, season.role_id, winners))
            await interaction.followup.send(
                "\n".join(lines)[:2000],
                files=files,
                allowed_mentions=discord.AllowedMentions.none(),
            )

        await self.guard(interaction, "season-end", work())

    async def admin_show(self, interaction: Interaction) -> None:
        async def work() -> None:
            server = await self.service.guild_settings(_admin(interaction))
            await interaction.response.send_message(
                settings_text(self.service.settings, server, interaction.guild), ephemeral=True
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
        language: str | None = None,
    ) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            role = organisers.id if organisers is not None else None
            server = await self.service.set_defaults(
                guild_id, rules, jokers, turn, threads, role, clear_organisers, language
            )
            self.poster.forget_language(guild_id)
            shown = settings_text(self.service.settings, server, interaction.guild)
            await interaction.response.send_message("Saved.\n" + shown, ephemeral=True)

        await self.guard(interaction, "admin-set", work())

    async def admin_channel(
        self, interaction: Interaction, action: str, channel: Any | None
    ) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            where = channel.id if channel is not None else None
            server = await self.service.set_game_channels(guild_id, action, where)
            shown = settings_text(self.service.settings, server, interaction.guild)
            await interaction.response.send_message("Saved.\n" + shown, ephemeral=True)

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


def settings_text(settings: Settings, server: dict[str, Any], guild: Any = None) -> str:
    """The server's settings, in words (`guild`: for its own language)."""
    rules = make_rules(server.get("preset", DEFAULT_PRESET), server.get("jokers"))
    turn = server.get("turn_seconds", settings.default_turn_seconds)
    channels = server.get("channels") or []
    where = ", ".join(f"<#{c}>" for c in channels) if channels else "any channel"
    threads = server.get("threads", settings.game_threads)
    role = server.get("organiser_role")
    organisers = f" and the role <@&{role}>" if role else ""
    setting = server.get("language")
    spoken = LANGUAGES[server_language(setting, getattr(guild, "preferred_locale", None))]
    language = spoken if setting and setting != AUTO else f"{spoken} (the server's own)"
    return (
        "**Caravan on this server**\n"
        f"Default rules: {NEW_VEGAS.rules_words(rules)}\n"
        f"Default turn time: {turn_words(int(turn))}\n"
        f"Games may start in: {where}\n"
        f"Each game gets its own thread: {'yes' if threads else 'no'}\n"
        f"Tournaments are organised by: members with Manage Server{organisers}\n"
        f"Language of the games: {language}"
    )


def role_problem(guild: discord.Guild | None, role_id: int) -> str | None:
    """Why the bot could not give the role, in a sentence; None if it can."""
    if guild is None:
        return None
    me, role = guild.me, guild.get_role(role_id)
    if role is None:
        return "That role is gone: nobody will get it."
    if not me.guild_permissions.manage_roles:
        return (
            f"I lack the Manage Roles permission, so I cannot give <@&{role_id}>: give it to "
            "me before the season ends."
        )
    if role >= me.top_role:
        return (
            f"<@&{role_id}> is above my highest role, so I cannot give it: move my role above "
            "it before the season ends."
        )
    return None


async def give_role(guild: discord.Guild | None, role_id: int, users: set[int]) -> str:
    """Give the season's role to `users`; a sentence saying what was done, or why not."""
    problem = role_problem(guild, role_id)
    if problem is not None or guild is None:
        return problem or "The role could not be given here."
    role = guild.get_role(role_id)
    assert role is not None
    given = 0
    for user_id in sorted(users):
        member = guild.get_member(user_id)
        try:
            member = member or await guild.fetch_member(user_id)
            await member.add_roles(role, reason="Caravan season top players")
            given += 1
        except discord.HTTPException:
            continue  # left the server, or a role Discord refused: the others still get it
    return f"{given} player{'s' * (given != 1)} got the role <@&{role_id}>."
