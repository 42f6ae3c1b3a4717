"""A server's Caravan settings, for members who may manage the server: the defaults for
new games, where games may start, and ending a stuck game."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord.ext import commands

from bot.aftermath import Aftermath
from bot.ai import AiTurns
from bot.choices import turn_words
from bot.cogs.common import SOMEONE, Choices, game_choices, guild_of
from bot.errors import NotAllowed
from bot.games.new_vegas.kind import KIND as NEW_VEGAS
from bot.games.new_vegas.kind import make_rules
from bot.guard import Guard
from bot.i18n import (
    AUTO,
    ENGLISH,
    LANGUAGES,
    Catalogue,
    Joined,
    Said,
    Text,
    _,
    n_,
    server_language,
    words_for,
)
from bot.inert import md, md_names
from bot.kinds import KINDS
from bot.names import Names
from bot.render.events import ranking_png
from bot.seasons import Seasons
from bot.server import ServerSettings
from bot.service import GameService
from bot.settings import Settings
from bot.views.standing import PROVISIONAL
from engine.rules import DEFAULT_PRESET

Interaction = discord.Interaction[Any]


class Admin(commands.Cog):
    def __init__(
        self,
        service: GameService,
        aftermath: Aftermath,
        ai: AiTurns,
        names: Names,
        guard: Guard,
        seasons: Seasons,
    ) -> None:
        self.service = service
        self.aftermath = aftermath
        self.poster = aftermath.poster
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
            words = await self.poster.words(guild_id)  # a public post: the server's language
            lines: list[Said] = [
                _(
                    "**Season {name}** starts now: the games played from now on make its own "
                    "ranking, beside the all-time one. `/caravan leaderboard` shows it while it "
                    "runs (`season: all-time` for the all-time ranking).",
                    name=md(season.name),
                )
            ]
            if role is not None:
                lines.append(
                    n_(
                        "When it ends, its top {count} get the role <@&{role}>.",
                        "When it ends, its top {count} get the role <@&{role}>.",
                        season.role_top or 0,
                        role=role.id,
                    )
                )
                missing = role_problem(interaction.guild, role.id, words)
                if missing:
                    lines.append(missing)
            await interaction.response.send_message(
                words.say(Joined(lines, "\n")), allowed_mentions=discord.AllowedMentions.none()
            )

        await self.guard(interaction, "season-start", work())

    async def season_end(self, interaction: Interaction) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            season = await self.seasons.end(guild_id, True)  # refused privately, before
            await interaction.response.defer()
            words = await self.poster.words(guild_id)  # a public post: the server's language
            files: list[discord.File] = []
            lines: list[Said] = [_("**Season {name}** is over.", name=md(season.name))]
            winners: set[int] = set()
            provisional = False  # a "?" in a picture, said below
            for key, kind in KINDS.items():
                game = kind.title
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
                provisional = provisional or any(r.provisional for r in top)
                heading = words.say(_("{season}: {game}", season=season.name, game=game))
                subtitle = words.say(_("the season's final top ten"))
                png = await asyncio.to_thread(ranking_png, heading, subtitle, table, words=words)
                ranking = "; ".join(f"{n}. {w}" for n, w, _rating, _record in table)
                alt = words.say(
                    _("{season}, {game}: {ranking}", season=season.name, game=game, ranking=ranking)
                )
                files.append(
                    discord.File(io.BytesIO(png), f"season-{key}.png", description=alt[:1024])
                )
                first = md(names.get(top[0].user_id, words.say(SOMEONE)))
                lines.append(
                    n_(
                        "{game}: {first} finishes first, of {count} player.",
                        "{game}: {first} finishes first, of {count} players.",
                        len(rows),
                        game=game,
                        first=first,
                    )
                )
                winners |= {r.user_id for r in rows[: season.role_top or 0]}
            if provisional:
                lines.append(PROVISIONAL)
            if not files:
                lines.append(_("No rated games were played in it."))
            if season.role_id is not None and winners:
                lines.append(await give_role(interaction.guild, season.role_id, winners, words))
            await interaction.followup.send(
                words.say(Joined(lines, "\n"))[:2000],
                files=files,
                allowed_mentions=discord.AllowedMentions.none(),
            )

        await self.guard(interaction, "season-end", work())

    async def admin_show(self, interaction: Interaction) -> None:
        async def work() -> None:
            server = await self.service.ledger.server(_admin(interaction))
            shown = settings_text(self.service.settings, server, interaction.guild)
            mine = words_for(interaction.locale)  # the admin's own answer: their language
            await interaction.response.send_message(mine.say(shown), ephemeral=True)

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
            server = await self.service.ledger.set_defaults(
                guild_id, rules, jokers, turn, threads, role, clear_organisers, language
            )
            shown = settings_text(self.service.settings, server, interaction.guild)
            mine = words_for(interaction.locale)  # the admin's own answer: their language
            await interaction.response.send_message(mine.say(saved(shown)), ephemeral=True)

        await self.guard(interaction, "admin-set", work())

    async def admin_channel(
        self, interaction: Interaction, action: str, channel: Any | None
    ) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            where = channel.id if channel is not None else None
            server = await self.service.ledger.set_game_channels(guild_id, action, where)
            shown = settings_text(self.service.settings, server, interaction.guild)
            mine = words_for(interaction.locale)  # the admin's own answer: their language
            await interaction.response.send_message(mine.say(saved(shown)), ephemeral=True)

        await self.guard(interaction, "admin-channel", work())

    async def admin_end(self, interaction: Interaction, game_id: int) -> None:
        async def work() -> None:
            guild_id = _admin(interaction)
            await interaction.response.defer(ephemeral=True)
            info = await self.service.abandon(game_id, guild_id)
            self.ai.cancel(game_id)
            await self.aftermath.table(game_id)
            names = md_names(await self.names.game(info, words_for(interaction.locale)))
            ended = _(
                "Ended game #{game} ({a} vs {b}) with no result.",
                game=game_id,
                a=names["A"],
                b=names["B"],
            )
            mine = words_for(interaction.locale)  # the admin's own answer: their language
            await interaction.followup.send(mine.say(ended), ephemeral=True)

        await self.guard(interaction, "admin-end", work())

    async def guild_game_choices(self, interaction: Interaction, current: str) -> Choices:
        if interaction.guild_id is None:
            return []
        games = await self.service.ledger.guild_games(interaction.guild_id)
        return await game_choices(self.names, interaction, current, games)


def _admin(interaction: Interaction) -> int:
    guild_id = guild_of(interaction)
    if not interaction.permissions.manage_guild:
        raise NotAllowed(_("Only members with the Manage Server permission can change this."))
    return guild_id


def settings_text(settings: Settings, server: ServerSettings, guild: Any = None) -> Text:
    """The server's settings, in words, said in the reader's language (`guild`: for the
    server's own language, named in it)."""
    rules = make_rules(server.preset or DEFAULT_PRESET, server.jokers)
    turn = server.turn_seconds or settings.default_turn_seconds
    channels = server.channels
    where: Said = ", ".join(f"<#{c}>" for c in channels) if channels else _("any channel")
    threads = settings.game_threads if server.threads is None else server.threads
    role = server.organiser_role
    organisers = (
        _("members with Manage Server and the role <@&{role}>", role=role)
        if role
        else _("members with Manage Server")
    )
    setting = server.language
    spoken = LANGUAGES[server_language(setting, getattr(guild, "preferred_locale", None))]
    language: Said = (
        spoken
        if setting and setting != AUTO
        else _("{language} (the server's own)", language=spoken)
    )
    return _(
        "**Caravan on this server**\n"
        "Default rules: {rules}\n"
        "Default turn time: {turn}\n"
        "Games may start in: {where}\n"
        "Each game gets its own thread: {threads}\n"
        "Tournaments are organised by: {organisers}\n"
        "Language of the games: {language}",
        rules=NEW_VEGAS.rules_words(rules),
        turn=turn_words(int(turn)),
        where=where,
        threads=_("yes") if threads else _("no"),
        organisers=organisers,
        language=language,
    )


def saved(shown: Text) -> Text:
    """A setting's change confirmed: "Saved." and the settings now."""
    return Joined([_("Saved."), shown], "\n")


def role_problem(
    guild: discord.Guild | None, role_id: int, words: Catalogue = ENGLISH
) -> str | None:
    """Why the bot could not give the role, in a sentence in `words`; None if it can."""
    if guild is None:
        return None
    me, role = guild.me, guild.get_role(role_id)
    if role is None:
        return words.say(_("That role is gone: nobody will get it."))
    if not me.guild_permissions.manage_roles:
        return words.say(
            _(
                "I lack the Manage Roles permission, so I cannot give <@&{role}>: give it to "
                "me before the season ends.",
                role=role_id,
            )
        )
    if role >= me.top_role:
        return words.say(
            _(
                "<@&{role}> is above my highest role, so I cannot give it: move my role above "
                "it before the season ends.",
                role=role_id,
            )
        )
    return None


async def give_role(
    guild: discord.Guild | None, role_id: int, users: set[int], words: Catalogue = ENGLISH
) -> str:
    """Give the season's role to `users`; a sentence in `words` saying what was done, or
    why not."""
    problem = role_problem(guild, role_id, words)
    if problem is not None or guild is None:
        return problem or words.say(_("The role could not be given here."))
    role = guild.get_role(role_id)
    assert role is not None
    reason = words.say(_("Caravan season top players"))  # the server's audit log
    given = 0
    for user_id in sorted(users):
        member = guild.get_member(user_id)
        try:
            member = member or await guild.fetch_member(user_id)
            await member.add_roles(role, reason=reason)
            given += 1
        except discord.HTTPException:
            continue  # left the server, or a role Discord refused: the others still get it
    return words.say(
        n_(
            "{count} player got the role <@&{role}>.",
            "{count} players got the role <@&{role}>.",
            given,
            role=role_id,
        )
    )
