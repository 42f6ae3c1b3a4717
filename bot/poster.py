"""What the bot posts about a game: its thread, each turn's table, the players' open hand
panels drawn again as the game changes, and notices (reminders, a claim offered). The cogs
and the computer player post through it; it asks the service for what to post and Discord's
client for where."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.names import Names
from bot.records import AnyEvent, AnyView, Challenge, GameInfo, Outcome
from bot.service import GameService
from bot.views.live import LivePanels
from bot.views.panels import (
    Panel,
    challenge_text,
    edit_panel,
    hand_panel,
    move_words,
    pinging,
    thread_title,
    turn_message,
)

log = logging.getLogger("caravan.bot")
Interaction = discord.Interaction[Any]


class Poster:
    def __init__(
        self, client: discord.Client, service: GameService, names: Names, live: LivePanels
    ) -> None:
        self.client = client
        self.service = service
        self.names = names
        self.live = live

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def game_channel(self, info: GameInfo) -> discord.abc.Messageable:
        """Where the game is played: its thread, else its channel."""
        return await self.channel(info.thread_id or info.channel_id)

    async def begin(self, info: GameInfo, message: discord.Message | None) -> GameInfo:
        """A new game: its own thread on `message` (the challenge's, or the game's opening
        line) when the server wants threads and the bot may make one, then its first table."""
        names = await self.names.game(info)
        thread: discord.Thread | None = None
        threads = (await self.service.guild_settings(info.guild_id)).get(
            "threads", self.service.settings.game_threads
        )
        channel = self.client.get_channel(info.channel_id)
        if threads and message and isinstance(channel, discord.TextChannel):
            try:
                thread = await message.create_thread(name=thread_title(info, names))
            except discord.HTTPException as error:  # no permission: play in the channel
                log.info("game %s runs in the channel (no thread: %s)", info.id, error.status)
        if thread is not None:
            await self.service.set_game_messages(info.id, thread_id=thread.id)
        return await self.table(info.id)

    async def table(self, game_id: int) -> GameInfo:
        """Post the table as it stands, when no move led to it (a game's start, or an end
        by an admin or an unclaimed timeout); returns the game's record."""
        info, view = await self.service.view(game_id, None)
        await self.turn(info, view, None)
        await self.follow(info, None)
        return info

    async def turn(self, info: GameInfo, view: AnyView, event: AnyEvent | None) -> None:
        """Post the turn's message (table, words, buttons) and take the buttons off the last."""
        names = await self.names.game(info)
        panel = await turn_message(info, view, event, names)
        channel = await self.game_channel(info)
        kwargs: dict[str, Any] = {"file": panel.file, "allowed_mentions": pinging(*panel.pings)}
        if panel.view is not None:
            kwargs["view"] = panel.view
        message = await channel.send(panel.content, **kwargs)
        if info.message_id and isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            # deleted, or too old: the buttons there are refused as stale anyway
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(info.message_id).edit(view=None)
        await self.service.set_game_messages(info.id, message_id=message.id)
        over = not info.active or view.phase == "over"
        if over and isinstance(channel, discord.Thread):
            with contextlib.suppress(discord.HTTPException):
                await channel.edit(name=thread_title(info, names, True, view.winner))

    async def after(self, outcome: Outcome, skip: int | None = None) -> None:
        """Post what a change to a game did and redraw its players' open panels (but
        `skip`'s, already answered)."""
        await self.turn(outcome.game, outcome.spectator, outcome.event)
        await self.follow(outcome.game, outcome.event, skip)

    async def follow(self, info: GameInfo, event: AnyEvent | None, skip: int | None = None) -> None:
        """Draw the game's open hand panels again as the game is at `info`, the record
        just written or read (`bot.views.live`)."""
        names = await self.names.game(info)

        async def draw(user_id: int) -> Panel:
            view = await self.service.view_of(info, user_id)
            note = move_words(info, view, event, names)
            return await hand_panel(info, view, names, note=note)

        await self.live.follow(info.id, skip, draw)

    async def show(self, interaction: Interaction, game_id: int, panel: Panel) -> None:
        """Show `panel` as the answer to `interaction` (deferred), and follow it from now:
        it is the player's panel for the game (an older one is told it is old)."""
        message = await edit_panel(interaction, panel)
        old = self.live.keep(game_id, interaction.user.id, interaction, message.id)
        if old is not None:
            await self.live.retire(old)

    async def expired(self, challenge: Challenge) -> None:
        """Say on a challenge's message that it expired, and take its buttons off."""
        channel = self.client.get_channel(challenge.channel_id)
        if challenge.message_id is None or not isinstance(channel, discord.TextChannel):
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(challenge.message_id).edit(
                content=challenge_text(challenge, "expired"), view=None
            )

    async def notice(
        self, info: GameInfo, text: str, ping: int, view: discord.ui.View | None = None
    ) -> None:
        """Post `text` in the game's thread, pinging `ping` (the player it is for)."""
        try:
            channel = await self.game_channel(info)
            if view is None:
                await channel.send(text, allowed_mentions=pinging(ping))
            else:
                await channel.send(text, view=view, allowed_mentions=pinging(ping))
        except discord.HTTPException as error:
            log.warning("could not post to game %s: %s", info.id, error.status)
