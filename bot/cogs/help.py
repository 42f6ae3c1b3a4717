"""`/caravan rules [topic]`: a rules topic in words and a picture (`bot.help`), with the
preset of the game played in the thread it is asked in, all in the asking member's
language."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord.ext import commands

from bot.errors import NotFound
from bot.faces import face
from bot.guard import Guard
from bot.help import TOPICS, topic_image, topic_said
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
            if name not in TOPICS:
                raise NotFound(
                    _(
                        "There is no rules topic {name}; try {topics}.",
                        name=repr(name),
                        topics=", ".join(TOPICS),
                    )
                )
            words = words_for(interaction.locale)
            parts: list[Said] = [topic_said(name)]
            game = None
            if interaction.channel_id is not None:
                game = await self.service.game_in_thread(interaction.channel_id)
            if game is not None:
                parts.append(face(game.game).preset_text(game.rules))
            text = words.say(Joined(parts, "\n\n"))
            png = await asyncio.to_thread(topic_image, name, words)
            file = discord.File(
                io.BytesIO(png),
                f"rules-{name}.png",
                description=words.say(TOPICS[name].heading),
            )
            await interaction.response.send_message(text[:2000], file=file, ephemeral=True)

        await self.guard(interaction, "rules-help", work())
