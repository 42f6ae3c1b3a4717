"""`/caravan rules [topic]`: a rules topic of any registered game in words and a picture
(`bot.faces.topics`, each a `bot.help.Topic`), with the preset of the game played in the
thread it is asked in, all in the asking member's language."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord.ext import commands

from bot.errors import NotFound
from bot.faces import face, topics
from bot.guard import Guard
from bot.i18n import Joined, Said, _, words_for
from bot.service import GameService

Interaction = discord.Interaction[Any]


class Help(commands.Cog):
    def __init__(self, service: GameService, guard: Guard) -> None:
        self.service = service
        self.guard = guard

    async def rules_help(self, interaction: Interaction, topic: str | None) -> None:
        async def work() -> None:
            name = topic or "overview"
            every = topics()
            if name not in every:
                raise NotFound(
                    _(
                        "There is no rules topic {name}; try {topics}.",
                        name=repr(name),
                        topics=", ".join(every),
                    )
                )
            asked = every[name]
            words = words_for(interaction.locale)
            parts: list[Said] = [asked.said()]
            game = None
            if interaction.channel_id is not None:
                game = await self.service.ledger.game_in_thread(interaction.channel_id)
            if game is not None:
                parts.append(face(game.game).preset_text(game.rules))
            text = words.say(Joined(parts, "\n\n"))
            png = await asyncio.to_thread(asked.image, words)
            file = discord.File(
                io.BytesIO(png), f"rules-{name}.png", description=words.say(asked.heading)
            )
            await interaction.response.send_message(text[:2000], file=file, ephemeral=True)

        await self.guard(interaction, "rules-help", work())
