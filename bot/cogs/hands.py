"""The private hand panel and the moves played from it: opening a hand (from the table's
button or `/caravan hand`), choosing cards, playing. A panel follows its game afterwards
(`bot.views.live`, through the poster)."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from bot.aftermath import Aftermath
from bot.ai import AiTurns
from bot.errors import StaleView
from bot.faces import face
from bot.guard import Guard
from bot.i18n import Said, _, words_for
from bot.names import Names
from bot.records import GameInfo
from bot.service import GameService
from bot.views.panels import hand_panel

Interaction = discord.Interaction[Any]
MOVED_ON = _("The game moved on since this panel was drawn.")


class Hands(commands.Cog):
    def __init__(
        self,
        service: GameService,
        aftermath: Aftermath,
        ai: AiTurns,
        names: Names,
        guard: Guard,
    ) -> None:
        self.service = service
        self.aftermath = aftermath
        self.poster = aftermath.poster
        self.ai = ai
        self.names = names
        self.guard = guard

    async def open_hand(self, interaction: Interaction, game_id: int) -> None:
        async def work() -> None:
            info, _ = await self.service.player(game_id, interaction.user.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self._hand(interaction, info)

        await self.guard(interaction, "hand", work(), game=game_id)

    async def choose_card(
        self, interaction: Interaction, game_id: int, version: int, chosen: int, page: int = 0
    ) -> None:
        """Cards chosen on the panel (`chosen`: a card's place, or Decktet's cards as bits):
        their places, or at once the one move they make."""

        async def work() -> None:
            await interaction.response.defer()
            info, view = await self.service.view(game_id, interaction.user.id)
            picked = face(info.game).picked(view, chosen)
            if info.version != version or not picked.fresh:
                await self._current(interaction, game_id, MOVED_ON)
                return
            if picked.play is not None:  # one move for this choice: play it
                await self._play(interaction, game_id, version, picked.play)
                return
            words = words_for(interaction.locale)
            names = await self.names.game(info, words)
            if picked.why:
                panel = await hand_panel(info, view, names, note=picked.why, words=words)
            else:
                panel = await hand_panel(info, view, names, chosen, page, words=words)
            await self.poster.show(interaction, game_id, panel)

        await self.guard(interaction, "choose-card", work(), game=game_id)

    async def play(self, interaction: Interaction, game_id: int, version: int, move: str) -> None:
        async def work() -> None:
            await interaction.response.defer()
            await self._play(interaction, game_id, version, move)

        await self.guard(interaction, "play", work(), game=game_id)

    async def _play(self, interaction: Interaction, game_id: int, version: int, move: str) -> None:
        """Play `move` for the interaction's user (already deferred) and show the result."""
        try:
            outcome = await self.service.play(game_id, interaction.user.id, move, version)
        except StaleView:
            await self._current(
                interaction, game_id, _("That panel was out of date (the game moved on).")
            )
            return
        words = words_for(interaction.locale)
        names = await self.names.game(outcome.game, words)
        panel = await hand_panel(outcome.game, outcome.view, names, note=_("Played."), words=words)
        await self.poster.show(interaction, game_id, panel)
        # A play after which its player moves again (a Decktet hand they end and lead the
        # next of): their panel follows them under the new table, as on any turn of theirs.
        info, user = outcome.game, interaction.user.id
        again = info.active and info.turn is not None and info.user_at(info.turn) == user
        await self.aftermath.after(outcome, skip=None if again else user)
        self.ai.schedule(outcome.game)

    async def _current(self, interaction: Interaction, game_id: int, note: Said) -> None:
        """The player's panel for the game as it is now (deferred)."""
        await self._hand(interaction, await self.service.game(game_id), note)

    async def _hand(self, interaction: Interaction, info: GameInfo, note: Said = "") -> None:
        """The player's panel for the game at the record `info` (deferred), in the
        player's language."""
        view = await self.service.view_of(info, interaction.user.id)
        words = words_for(interaction.locale)
        names = await self.names.game(info, words)
        panel = await hand_panel(info, view, names, note=note, words=words)
        await self.poster.show(interaction, info.id, panel)
