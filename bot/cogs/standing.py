"""A server's standing and records: the leaderboard, a player's stats, your games in
progress, and a finished game's record (its replay and final table)."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import Choices, game_choices, guild_of
from bot.faces import face
from bot.guard import Guard
from bot.i18n import Joined, Text, _, n_, words_for
from bot.inert import plain
from bot.ledger import tally
from bot.names import Names
from bot.records import Season, Stats
from bot.render.style import pictured
from bot.seasons import ALL_TIME, Seasons
from bot.service import GameService
from bot.tournaments import Tournaments
from bot.views import items, standing

Interaction = discord.Interaction[Any]


class Standing(commands.Cog):
    def __init__(
        self,
        service: GameService,
        names: Names,
        guard: Guard,
        seasons: Seasons,
        tournaments: Tournaments,
    ) -> None:
        self.service = service
        self.names = names
        self.guard = guard
        self.seasons = seasons
        self.tournaments = tournaments

    async def leaderboard(
        self, interaction: Interaction, page: int, game: str, season: str | None = None
    ) -> None:
        async def work() -> None:
            words = words_for(interaction.locale)
            guild_id = guild_of(interaction)
            chosen = await self.seasons.chosen(guild_id, season)
            user = interaction.user.id
            if chosen is not None:
                board = await self.seasons.leaderboard(guild_id, game, chosen, page)
                mine = await self.seasons.standing(guild_id, game, chosen, user)
            else:
                board = await self.service.ledger.leaderboard(guild_id, page, game=game)
                mine = await self.service.ledger.standing(guild_id, user, game)
            names = await self.names.of_users(guild_id, [e.user_id for e in board.entries])
            if mine is not None:
                names[mine.user_id] = plain(
                    interaction.user.display_name, fallback=words.say(_("Player"))
                )
            title = interaction.guild.name if interaction.guild else words.say(_("this server"))
            embed = standing.leaderboard_embed(board, names, title, mine, words)
            await interaction.response.send_message(
                embed=embed, allowed_mentions=discord.AllowedMentions.none()
            )

        await self.guard(interaction, "leaderboard", work())

    async def stats(
        self,
        interaction: Interaction,
        user: discord.User | discord.Member | None,
        game: str,
        season: str | None = None,
    ) -> None:
        async def work() -> None:
            words = words_for(interaction.locale)
            guild_id = guild_of(interaction)
            who = user or interaction.user
            chosen = await self.seasons.chosen(guild_id, season)
            await interaction.response.defer()
            found = await self.service.ledger.stats(guild_id, who.id, game=game)
            if chosen is not None:
                found = await self._in_season(found, guild_id, game, chosen)
            events = await self._events(guild_id, who.id)
            found = replace(found, events=words.say(events) if events is not None else None)
            players = [p for game in found.recent for p in game.players]
            names = await self.names.of_users(guild_id, players)
            name = plain(who.display_name, fallback=words.say(_("Player")))
            embed = standing.stats_embed(found, name, names, words)
            chart = await asyncio.to_thread(standing.rating_chart, found, name, words)
            if chart is not None:
                embed.set_image(url="attachment://rating.png")
                await interaction.followup.send(embed=embed, file=chart)
            else:
                await interaction.followup.send(embed=embed)

        await self.guard(interaction, "stats", work())

    async def _in_season(self, found: Stats, guild_id: int, game: str, season: Season) -> Stats:
        """`found` as the season has it: its standing, its games; no rating chart."""
        until = season.ended_at if season.ended_at is not None else float("inf")
        games = await self.service.ledger.finished_games(guild_id, found.user_id, 500)
        within = [g for g in games if g.game == game and season.started_at <= g.updated_at <= until]
        return replace(
            found,
            games=len(within),
            standing=await self.seasons.standing(guild_id, game, season, found.user_id),
            history=(),
            recent=tuple(within[:5]),
            against_ai=tally([g for g in within if g.against_ai], found.user_id),
            season=season.name,
        )

    async def _events(self, guild_id: int, user_id: int) -> Text | None:
        """ "3 entered, 1 won" for the player's tournaments in this server."""
        events = await self.tournaments.events_of(guild_id, user_id)
        if not events:
            return None
        won = sum(
            1
            for e in events
            if e.tournament.status == "finished"
            and any(r.rank == 1 and r.player == user_id for r in e.standings())
        )
        return n_("{count} entered, {won} won", "{count} entered, {won} won", len(events), won=won)

    async def season_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The server's seasons, the running one first, and all-time."""
        if interaction.guild_id is None:
            return []
        words = words_for(interaction.locale)
        seasons = await self.seasons.seasons(interaction.guild_id)
        choices = [app_commands.Choice(name=words.say(_("all-time")), value=ALL_TIME)]
        for season in seasons:
            label = (
                words.say(_("{season} (running)", season=season.name))
                if season.running
                else season.name
            )
            choices.append(app_commands.Choice(name=label[:100], value=season.name[:100]))
        wanted = current.lower()
        return [c for c in choices if wanted in c.name.lower()][:25]

    async def my_games(self, interaction: Interaction) -> None:
        async def work() -> None:
            words = words_for(interaction.locale)
            guild_id = guild_of(interaction)
            games = await self.service.ledger.active_games(interaction.user.id, guild_id)
            if not games:
                said: Text = _(
                    "You have no games in progress here. Start one with `/caravan challenge`."
                )
            else:
                names = await self.names.of_users(guild_id, [p for g in games for p in g.players])
                user = interaction.user.id
                lines = [standing.active_line(g, user, names, words) for g in games]
                said = Joined(
                    [
                        _("**Your games in progress**"),
                        *lines,
                        _("Open your hand in any of them with `/caravan hand`."),
                    ],
                    "\n",
                )
            text = words.say(said)
            await interaction.response.send_message(text[:2000], ephemeral=True)

        await self.guard(interaction, "games", work())

    async def hand_choices(self, interaction: Interaction, current: str) -> Choices:
        """The player's games in progress in every server, this server's first (a hand opens
        from anywhere, whichever process holds the game's server)."""
        games = await self.service.ledger.active_games(interaction.user.id)
        games.sort(key=lambda info: info.guild_id != interaction.guild_id)  # stable
        return await game_choices(self.names, interaction, current, games)

    async def finished_choices(self, interaction: Interaction, current: str) -> Choices:
        if interaction.guild_id is None:
            return []
        games = await self.service.ledger.finished_games(interaction.guild_id, interaction.user.id)
        return await game_choices(self.names, interaction, current, games)

    async def replay(self, interaction: Interaction, game_id: int) -> None:
        async def work() -> None:
            words = words_for(interaction.locale)
            record = await self.service.record(game_id, guild_of(interaction))
            info = record.game
            await interaction.response.defer()
            names = await self.names.game(info, words)
            view = await self.service.view_of(info, None)
            text, script = standing.record_text(record, names, view, words)
            drawn = pictured(names, words)
            final = words.say(face(info.game).ending(view, drawn))
            png = await asyncio.to_thread(
                face(info.game).table_png, view, drawn, None, "", final, words
            )
            alt = words.say(_("The final table: {result}", result=final))
            files = [
                discord.File(io.BytesIO(script.encode()), f"caravan-game-{game_id}.sh"),
                discord.File(io.BytesIO(png), "table.png", description=alt),
            ]
            watch = items.ReplayButton(game_id, 0, "watch", words=words)
            await interaction.followup.send(text, files=files, view=items.controls(watch))

        await self.guard(interaction, "replay", work())
