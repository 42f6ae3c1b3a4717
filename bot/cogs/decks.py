"""Players' saved custom decks (R1): save, list, show, delete, and their autocomplete."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.guard import Guard
from bot.i18n import Joined, Text, _, n_, words_for
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
            deck = await self.service.ledger.save_deck(interaction.user.id, name, cards)
            said = n_(
                "Saved your deck **{name}** ({count} card). Play it with `/caravan challenge` "
                "or `/caravan play-ai` and its `deck:` option.",
                "Saved your deck **{name}** ({count} cards). Play it with `/caravan challenge` "
                "or `/caravan play-ai` and its `deck:` option.",
                len(deck.cards),
                name=md(deck.name),
            )
            mine = words_for(interaction.locale)
            await interaction.response.send_message(mine.say(said), ephemeral=True)

        await self.guard(interaction, "deck-save", work())

    async def deck_list(self, interaction: Interaction) -> None:
        async def work() -> None:
            decks = await self.service.ledger.decks(interaction.user.id)
            said: Text
            if not decks:
                said = _(
                    "You have no saved decks. Save one with `/caravan deck save name: cards:` "
                    "(at least 30 cards in notation, for example `Ah 2h 3h ... Ks X`)."
                )
            else:
                listed = [
                    n_(
                        "**{name}**: {count} card",
                        "**{name}**: {count} cards",
                        len(d.cards),
                        name=md(d.name),
                    )
                    for d in decks
                ]
                said = Joined([_("**Your decks**"), *listed], "\n")
            text = words_for(interaction.locale).say(said)
            await interaction.response.send_message(text[:2000], ephemeral=True)

        await self.guard(interaction, "deck-list", work())

    async def deck_show(self, interaction: Interaction, name: str) -> None:
        async def work() -> None:
            deck = await self.service.ledger.deck(interaction.user.id, name)
            mine = words_for(interaction.locale)
            count = len(deck.cards)
            title = mine.say(
                n_("{name}: {count} card", "{name}: {count} cards", count, name=deck.name)
            )
            png = await asyncio.to_thread(lambda: render(draw_deck(deck.cards, title)))
            file = discord.File(io.BytesIO(png), "deck.png", description=title)
            shown = n_(
                "**{name}** ({count} card)\n`{cards}`",
                "**{name}** ({count} cards)\n`{cards}`",
                count,
                name=md(deck.name),
                cards=format_cards(deck.cards),
            )
            text = mine.say(shown)
            await interaction.response.send_message(text[:2000], file=file, ephemeral=True)

        await self.guard(interaction, "deck-show", work())

    async def deck_delete(self, interaction: Interaction, name: str) -> None:
        async def work() -> None:
            await self.service.ledger.delete_deck(interaction.user.id, name)
            said = _("Deleted your deck {name}.", name=quote(name))
            mine = words_for(interaction.locale)
            await interaction.response.send_message(mine.say(said), ephemeral=True)

        await self.guard(interaction, "deck-delete", work())

    async def deck_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The member's decks that match what is typed, in their language."""
        decks = await self.service.ledger.decks(interaction.user.id)
        words = words_for(interaction.locale)
        return [
            app_commands.Choice(
                name=words.say(
                    n_("{name} ({count} card)", "{name} ({count} cards)", len(d.cards), name=d.name)
                )[:100],
                value=d.name,
            )
            for d in decks
            if current.lower() in d.name.lower()
        ][:25]
