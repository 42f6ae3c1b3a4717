"""Each player's private hand panel follows their game.

A hand panel is an ephemeral message, which the bot can change only through an
interaction it answered (the one that opened it, or a press of one of its controls), and
only for 15 minutes after that interaction (Discord's interaction tokens). So the bot
keeps, per game and player, the latest such interaction and its message: when the game
changes (the other player's move, the computer's, an ending) the panel is drawn again for
the game as it is now, with the controls when it is the player's move, so a player who
keeps the panel open plays each move with two choices: a card, a place.

A panel is the player's own message, but the turn messages are posted below it, a screen
a move: edited where it was first posted, the panel of move 16 would be ~17,000 px above
the table. So when the player's turn comes, the panel is sent again as a new private
follow-up of the same interaction, under the newest table, and the old message is deleted
(two calls to Discord instead of one edit; a new message also gives a fresh card select,
which an edited one may show with last turn's choice). Other changes (an ending, the
player's own move) edit it in place. When the player opens another panel for the same
game, the older one is deleted (or, if Discord refuses, says it is old and loses its
controls), instead of piling up as another live one.

The panels are this process's: with several bot processes, a move handled by another
process does not redraw them (its table is posted all the same; a press on the panel then
shows the game as it is)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import Catalogue, _, words_for
from bot.views.panels import Panel, edit_panel

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
LIFETIME = 14 * 60.0  # seconds a panel is followed: Discord's tokens last 15 minutes
# a player, and the language of their panel -> their panel now
Draw = Callable[[int, Catalogue], Awaitable[Panel]]


@dataclass
class Live:
    interaction: Interaction  # the latest interaction answered on (or with) the panel
    message_id: int
    since: float  # when that interaction came, by the bot's clock
    original: bool = True  # the interaction's own answer; else a follow-up it sent

    async def edit(self, panel: Panel) -> None:
        if self.original:
            await edit_panel(self.interaction, panel)
            return
        await self.interaction.followup.edit_message(
            self.message_id,
            content=panel.content,
            attachments=[panel.file] if panel.file else [],
            view=panel.view,
        )

    async def delete(self) -> None:
        if self.original:
            await self.interaction.delete_original_response()
        else:
            await self.interaction.followup.delete_message(self.message_id)

    async def below(self, panel: Panel) -> Live:
        """`panel` sent as a new private message under everything in the channel; the
        same interaction follows it (its token's time is unchanged)."""
        kwargs: dict[str, Any] = {"ephemeral": True, "wait": True}
        if panel.file is not None:
            kwargs["file"] = panel.file
        if panel.view is not None:
            kwargs["view"] = panel.view
        message = await self.interaction.followup.send(panel.content, **kwargs)
        return Live(self.interaction, message.id, self.since, original=False)


class LivePanels:
    """The open hand panels, by game, then player: at most one each."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._held: dict[int, dict[int, Live]] = {}
        # private questions awaiting a yes or no ("Resign this game?"), by game, then player:
        # the interaction that asked, and when
        self._asked: dict[int, dict[int, tuple[Interaction, float]]] = {}

    def ask(self, game_id: int, user_id: int, interaction: Interaction) -> None:
        """`interaction` answered with a question about the game (its buttons live until it
        is answered, or the game ends: `settle`)."""
        now = self.clock()
        for game, asked in list(self._asked.items()):  # forget the ones past changing
            for user, (_asker, since) in list(asked.items()):
                if now - since > LIFETIME:
                    del asked[user]
            if not asked:
                del self._asked[game]
        self._asked.setdefault(game_id, {})[user_id] = (interaction, now)

    def answered(self, game_id: int, user_id: int) -> None:
        """The player answered the game's question (or it no longer stands)."""
        self._asked.get(game_id, {}).pop(user_id, None)

    async def settle(self, game_id: int) -> None:
        """The game ended: each question still open about it loses its buttons and says so
        (a question Discord no longer lets the bot change answers harmlessly when pressed)."""
        now = self.clock()
        for interaction, since in self._asked.pop(game_id, {}).values():
            if now - since > LIFETIME:
                continue
            said = words_for(interaction.locale).say(_("This game is over."))
            with contextlib.suppress(discord.HTTPException):
                await interaction.edit_original_response(content=said, view=None)

    def keep(
        self, game_id: int, user_id: int, interaction: Interaction, message_id: int
    ) -> Live | None:
        """`message_id` (answered through `interaction`) is now the player's panel for the
        game; the panel it replaces, if it is another message still reachable."""
        now = self.clock()
        self._forget_expired(now)
        panels = self._held.setdefault(game_id, {})
        old = panels.get(user_id)
        panels[user_id] = Live(interaction, message_id, now)
        if old is None or old.message_id == message_id or now - old.since > LIFETIME:
            return None
        return old

    def _open(self, game_id: int) -> list[tuple[int, Live]]:
        """The game's panels that can still be changed, by player."""
        now = self.clock()
        panels = self._held.get(game_id, {})
        return [(user, live) for user, live in panels.items() if now - live.since <= LIFETIME]

    def count(self) -> int:
        """The panels this process still follows, every game's (`caravan_hand_panels_open`,
        read on each scrape)."""
        now = self.clock()
        return sum(
            now - live.since <= LIFETIME
            for panels in self._held.values()
            for live in panels.values()
        )

    def _forget_expired(self, now: float) -> None:
        if len(self._held) > 256:
            for game_id, panels in list(self._held.items()):
                for user, live in list(panels.items()):
                    if now - live.since > LIFETIME:
                        del panels[user]
                if not panels:
                    del self._held[game_id]

    async def retire(self, old: Live) -> None:
        """Take an older panel away: deleted, or if Discord will not, told it is old (no
        image, no controls)."""
        try:
            await old.delete()
        except discord.HTTPException:
            with contextlib.suppress(discord.HTTPException):
                old_words = words_for(old.interaction.locale)
                said = old_words.say(_("An older panel: you opened a newer one for this game."))
                await old.edit(Panel(said, None, None))

    async def follow(self, game_id: int, skip: int | None, draw: Draw) -> None:
        """Draw every open panel of the game again (but `skip`'s, just answered): with
        controls (the player's turn) as a new message under the newest table, the old one
        deleted; otherwise in place. A panel Discord no longer lets the bot change is
        forgotten."""
        for user_id, live in self._open(game_id):
            if user_id == skip:
                continue
            panel = await draw(user_id, words_for(live.interaction.locale))
            try:
                if panel.view is None:
                    await live.edit(panel)
                    continue
                moved = await live.below(panel)
            except discord.HTTPException as error:  # expired, or the message is gone
                log.debug("panel of game %s no longer followed: %s", game_id, error)
                self._held.get(game_id, {}).pop(user_id, None)
                continue
            held = self._held.setdefault(game_id, {})
            if held.get(user_id) is live:
                held[user_id], stale = moved, live
            else:  # the player answered on a panel meanwhile: that one stays theirs
                stale = moved
            with contextlib.suppress(discord.HTTPException):  # gone already: nothing to do
                await stale.delete()
