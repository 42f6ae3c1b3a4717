"""Each player's private hand panel follows their game.

A hand panel is an ephemeral message, which the bot can change only through an
interaction it answered (the one that opened it, or a press of one of its controls), and
only for 15 minutes after that interaction (Discord's interaction tokens). So the bot
keeps, per game and player, the latest such interaction and its message: when the game
changes (the other player's move, the computer's, an ending) the panel is drawn again for
the game as it is now, with the controls when it is the player's move, so a player who
keeps the panel open plays each move with two choices: a card, a place. When the player
opens another panel for the same game, the older one says it is old and loses its
controls, instead of piling up as another live one.

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

from bot.views.panels import Panel, edit_panel

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
LIFETIME = 14 * 60.0  # seconds a panel is followed: Discord's tokens last 15 minutes
OLD = "An older panel: you opened a newer one for this game."
Draw = Callable[[int], Awaitable[Panel]]  # a player -> their panel now


@dataclass
class Live:
    interaction: Interaction  # the latest interaction answered on (or with) the panel
    message_id: int
    since: float  # when that interaction came, by the bot's clock


class LivePanels:
    """The open hand panels, by game, then player: at most one each."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._held: dict[int, dict[int, Live]] = {}

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

    def _forget_expired(self, now: float) -> None:
        if len(self._held) > 256:
            for game_id, panels in list(self._held.items()):
                for user, live in list(panels.items()):
                    if now - live.since > LIFETIME:
                        del panels[user]
                if not panels:
                    del self._held[game_id]

    async def retire(self, old: Live) -> None:
        """Tell an older panel it is old (no image, no controls)."""
        with contextlib.suppress(discord.HTTPException):
            await old.interaction.edit_original_response(content=OLD, attachments=[], view=None)

    async def follow(self, game_id: int, skip: int | None, draw: Draw) -> None:
        """Draw every open panel of the game again (but `skip`'s, just answered); a panel
        Discord no longer lets the bot change is forgotten."""
        for user_id, live in self._open(game_id):
            if user_id == skip:
                continue
            panel = await draw(user_id)
            try:
                await edit_panel(live.interaction, panel)
            except discord.HTTPException as error:  # expired, or the message is gone
                log.debug("panel of game %s no longer followed: %s", game_id, error)
                self._held.get(game_id, {}).pop(user_id, None)
