"""Players' saved custom decks (R1): save, list, show, delete, and their autocomplete."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.guard import Guard
from bot.inert import md, quote
from bot.render.figures import draw_deck, render
from bot.service import GameService
from engine.cards import format_cards

Interaction = discord.Interaction[Any]


class Decks(commands.Cog):
    def __init__(self, service: GameService, guard: Guard) -> None:
        self.service = service
        self.guard = guard

    async def deck_save(self, interaction: Interaction, name: str, cards: str) -> None:
        async def work() -> None:
            deck = await self.service.save_deck(interaction.user.id, name, cards)
            await interaction.response.send_message(
                f"Saved your deck **{md(deck.name)}** ({len(deck.cards)} cards). Play it with "
                "`/caravan challenge` or `/caravan play-ai` and its `deck:` option.",
                ephemeral=True,
            )

        await self.guard(interaction, "deck-save", work())

    async def deck_list(self, interaction: Interaction) -> None:
        async def work() -> None:
            decks = await self.service.decks(interaction.user.id)
            if not decks:
                text = (
                    "You have no saved decks. Save one with `/caravan deck save name: cards:` "
                    "(at least 30 cards in notation, for example `Ah 2h 3h ... Ks X`)."
                )
            else:
                text = "**Your decks**\n" + "\n".join(
                    f"**{md(d.name)}**: {len(d.cards)} cards" for d in decks
                )
            await interaction.response.send_message(text[:2000], ephemeral=True)

        await self.guard(interaction, "deck-list", work())

    async def deck_show(self, interaction: Interaction, name: str) -> None:
        async def work() -> None:
            deck = await self.service.deck(interaction.user.id, name)
            title = f"{deck.name}: {len(deck.cards)} cards"
            png = await asyncio.to_thread(lambda: render(draw_deck(deck.cards, title)))
            file = discord.File(io.BytesIO(png), "deck.png", description=title)
            text = f"**{md(deck.name)}** ({len(deck.cards)} cards)\n`{format_cards(deck.cards)}`"
            await interaction.response.send_message(text[:2000], file=file, ephemeral=True)

        await self.guard(interaction, "deck-show", work())

    async def deck_delete(self, interaction: Interaction, name: str) -> None:
        async def work() -> None:
            await self.service.delete_deck(interaction.user.id, name)
            await interaction.response.send_message(
                f"Deleted your deck {quote(name)}.", ephemeral=True
            )

        await self.guard(interaction, "deck-delete", work())

    async def deck_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        decks = await self.service.decks(interaction.user.id)
        return [
            app_commands.Choice(name=f"{d.name} ({len(d.cards)} cards)"[:100], value=d.name)
            for d in decks
            if current.lower() in d.name.lower()
        ][:25]
