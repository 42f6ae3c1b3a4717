"""`/caravan review game:` and the Review button on a finished game's table: the computer's
review, asked for (its progress then shows in the game's thread), or shown where it is; and
a review's turning points, each shown privately with its table."""

from __future__ import annotations

import contextlib

import discord
from discord.ext import commands

from bot.cogs.common import guild_of
from bot.errors import NotFound
from bot.guard import Guard
from bot.i18n import _, words_for
from bot.names import Names
from bot.poster import Poster
from bot.reviewing import ReviewRunner
from bot.service import GameService
from bot.views.panels import pinging
from bot.views.review import progress_text, turning_point, turning_point_panel
from engine.review import GameReview, MoveReview

Interaction = discord.Interaction[discord.Client]


class Reviews(commands.Cog):
    def __init__(
        self,
        service: GameService,
        poster: Poster,
        runner: ReviewRunner,
        names: Names,
        guard: Guard,
    ) -> None:
        self.service = service
        self.poster = poster
        self.runner = runner
        self.names = names
        self.guard = guard

    async def review(self, interaction: Interaction, game_id: int) -> None:
        """Ask for a finished game's review (a member's second ask, anyone's: where it is)."""

        async def work() -> None:
            words = words_for(interaction.locale)
            info, review, new = await self.service.reviews.ask(
                game_id, interaction.user.id, guild_of(interaction)
            )
            await interaction.response.defer(ephemeral=True, thinking=True)
            if new:
                public = await self.poster.words(info.guild_id)
                channel = await self.poster.game_channel(info)
                posted = await channel.send(
                    progress_text(game_id, 0, review.total, public), allowed_mentions=pinging()
                )
                await self.service.reviews.shown(
                    game_id, channel_id=posted.channel.id, progress_id=posted.id
                )
                self.runner.kick()
                said = _(
                    "The computer is reviewing game #{game}; it shows how far it is here: {link}",
                    game=game_id,
                    link=posted.jump_url,
                )
            elif review.done and review.message_id is not None and review.channel_id is not None:
                said = _(
                    "The computer's review of game #{game}: {link}",
                    game=game_id,
                    link=_link(info.guild_id, review.channel_id, review.message_id),
                )
            elif review.progress_id is not None and review.channel_id is not None:
                said = _(
                    "The computer is reviewing game #{game} already: {link}",
                    game=game_id,
                    link=_link(info.guild_id, review.channel_id, review.progress_id),
                )
            else:
                said = _("The computer is reviewing game #{game} already.", game=game_id)
            await interaction.followup.send(words.say(said), ephemeral=True)

        await self.guard(interaction, "review", work(), game=game_id)

    async def turning_point(self, interaction: Interaction, game_id: int, number: int) -> None:
        """A review's turning point `number`, privately: its table with the computer's move."""

        async def work() -> None:
            words = words_for(interaction.locale)
            stored = await self.service.reviews.review(game_id)
            if stored is None or not stored.done:
                raise NotFound(_("This review is not there any more."))
            await interaction.response.defer(ephemeral=True, thinking=True)
            record = await self.service.record(game_id, guild_of(interaction))
            review = GameReview(tuple(MoveReview.from_json(move) for move in stored.judged))
            found = review.turning_points()
            if not 1 <= number <= len(found):
                raise NotFound(_("This review has no such turning point."))
            point = turning_point(record, found[number - 1], number)  # only the one asked
            names = await self.names.game(record.game, words)
            panel = await turning_point_panel(record, point, names, words)
            files = [panel.file] if panel.file else []
            with contextlib.suppress(discord.HTTPException):
                await interaction.followup.send(panel.content, files=files, ephemeral=True)

        await self.guard(interaction, "review-turning-point", work(), game=game_id)


def _link(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"
