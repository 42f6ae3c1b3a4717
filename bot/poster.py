"""What the bot posts about a game: its thread, each turn's table, the players' open hand
panels drawn again as the game changes, and notices (reminders, a claim offered). The cogs
and the computer player post through it; it asks the service for what to post and Discord's
client for where."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord

from bot.event_words import split_label
from bot.i18n import Catalogue, Said, _, catalogue, server_language
from bot.names import Names
from bot.records import AnyEvent, AnyView, Challenge, GameInfo, Outcome
from bot.retry import owed
from bot.service import GameService
from bot.tournament.records import Event
from bot.tournaments import Moved, Tournaments
from bot.views import items
from bot.views.events import game_call, podium, round_heading, sign_up, standings_panel
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


RETIRE_BATCH = 20  # outdated messages marked a minute after a restore (~4 calls each)


class Poster:
    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        names: Names,
        live: LivePanels,
        events: Tournaments,
    ) -> None:
        self.client = client
        self.service = service
        self.names = names
        self.live = live
        self.events = events

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
        thread: discord.Thread | None = None
        if message and await self.threaded(info):
            try:
                words = await self.words(info.guild_id)
                names = await self.names.game(info, words)
                thread = await message.create_thread(name=thread_title(info, names, words=words))
            except discord.HTTPException as error:  # no permission: play in the channel
                log.info("game %s runs in the channel (no thread: %s)", info.id, error.status)
        if thread is not None:
            await self.service.set_game_messages(info.id, thread_id=thread.id)
        return await self.table(info.id)

    async def words(self, guild_id: int) -> Catalogue:
        """The language of the server's public messages: its `/caravan-admin set language:`,
        else its own (Discord's preferred locale), else English."""
        setting = (await self.service.ledger.server(guild_id)).language
        guild = self.client.get_guild(guild_id)
        return catalogue(server_language(setting, getattr(guild, "preferred_locale", None)))

    async def owed_words(self, guild_id: int) -> Catalogue:
        """`words`, for a post nobody will ask for again (a turn, a sweep's notice): tried
        again while the database is away (`bot.retry.owed`), where an answer to a press
        would rather say "try again"."""
        return await owed(f"server {guild_id}'s language", lambda: self.words(guild_id))

    async def threaded(self, info: GameInfo) -> bool:
        """Whether `info`'s game is to get a thread: the server wants them (or, unsaid, the
        host's default) and its channel can hold one."""
        threads = (await self.service.ledger.server(info.guild_id)).threads
        if threads is None:
            threads = self.service.settings.game_threads
        return bool(threads) and isinstance(
            self.client.get_channel(info.channel_id), discord.TextChannel
        )

    async def table(self, game_id: int) -> GameInfo:
        """Post the table as it stands, when no move led to it (a game's start, or an end
        by an admin or an unclaimed timeout); returns the game's record."""
        info, view = await owed(f"reading game {game_id}", lambda: self.service.view(game_id, None))
        await self.turn(info, view, None)
        await self.follow(info, None)
        return info

    async def turn(self, info: GameInfo, view: AnyView, event: AnyEvent | None) -> None:
        """Post the turn's message (table, words, buttons) and take the buttons off the last.
        What it reads and writes in the database is owed (`bot.retry.owed`): tried again
        while the database is away, so the turn is posted once it is back."""
        words = await self.owed_words(info.guild_id)
        names = await self.names.game(info, words)
        panel = await turn_message(info, view, event, names, words)
        channel = await self.game_channel(info)
        kwargs: dict[str, Any] = {"file": panel.file, "allowed_mentions": pinging(*panel.pings)}
        if panel.view is not None:
            kwargs["view"] = panel.view
        message = await channel.send(panel.content, **kwargs)
        if info.message_id and isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            # deleted, or too old: the buttons there are refused as stale anyway
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(info.message_id).edit(view=None)
        await owed(
            f"recording game {info.id}'s message",
            lambda: self.service.set_game_messages(info.id, message_id=message.id),
        )
        over = not info.active or view.phase == "over"
        if over:  # the game's other messages lose their buttons: nothing is left to press
            await self.live.settle(info.id)
            if info.claim_message_id and isinstance(channel, discord.TextChannel | discord.Thread):
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(info.claim_message_id).edit(view=None)
        if over and isinstance(channel, discord.Thread):
            with contextlib.suppress(discord.HTTPException):
                await channel.edit(name=thread_title(info, names, True, view.winner, words))

    async def after(self, outcome: Outcome, skip: int | None = None) -> None:
        """Post what a change to a game did and redraw its players' open panels (but
        `skip`'s, already answered)."""
        await self.turn(outcome.game, outcome.spectator, outcome.event)
        await self.follow(outcome.game, outcome.event, skip)

    async def follow(self, info: GameInfo, event: AnyEvent | None, skip: int | None = None) -> None:
        """Draw the game's open hand panels again as the game is at `info`, the record
        just written or read (`bot.views.live`)."""

        async def draw(user_id: int, words: Catalogue) -> Panel:
            names = await self.names.game(info, words)
            view = await owed(
                f"game {info.id}'s hand panel", lambda: self.service.view_of(info, user_id)
            )
            note = move_words(info, view, event, names)
            return await hand_panel(info, view, names, note=note, words=words)

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
        words = await self.owed_words(challenge.guild_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(challenge.message_id).edit(
                content=words.say(challenge_text(challenge, "expired")), view=None
            )

    async def retire_outdated(self, limit: int = RETIRE_BATCH) -> int:
        """After a restore: each turn message it took back loses its buttons and says why
        (one edit), then the game's table as restored is posted (so its buttons are live
        again); `limit` a call (the minute's sweep), so ~80 calls a minute at most, each to
        another channel: well inside Discord's limits. Returns how many were marked."""
        marked = 0
        for outdated in await self.service.outdated_messages(limit):
            info = None
            if outdated.game_id is not None:
                info = await self.service.game(outdated.game_id)
            channel = self.client.get_channel(outdated.channel_id)
            guild = info.guild_id if info else getattr(getattr(channel, "guild", None), "id", 0)
            words = await self.owed_words(guild)
            said = (
                _(
                    "This table is out of date: the bot was restored from a backup made at "
                    "an earlier move. The game goes on from its table below."
                )
                if info is not None
                else _(
                    "This game is not in the backup the bot was restored from: it can no "
                    "longer be played."
                )
            )
            if isinstance(channel, discord.TextChannel | discord.Thread):
                with contextlib.suppress(discord.HTTPException):  # deleted: nothing to mark
                    await channel.get_partial_message(outdated.message_id).edit(
                        content=words.say(said), view=None
                    )
            if await self.service.forget_outdated(outdated.message_id) and info is not None:
                await self.table(info.id)
            marked += 1
        return marked

    async def notice(
        self, info: GameInfo, said: Said, ping: int, view: discord.ui.View | None = None
    ) -> None:
        """Post `said` in the game's thread, in the server's language, pinging `ping` (the
        player it is for)."""
        try:
            text = (await self.owed_words(info.guild_id)).say(said)
            channel = await self.game_channel(info)
            if view is None:
                await channel.send(text, allowed_mentions=pinging(ping))
            else:
                await channel.send(text, view=view, allowed_mentions=pinging(ping))
        except discord.HTTPException as error:
            log.warning("could not post to game %s: %s", info.id, error.status)

    async def claim_offered(self, info: GameInfo, said: Said, ping: int) -> None:
        """Post the notice offering the claim (`said`, pinging the waiting player `ping`)
        with its button; the game's earlier notice loses its own, so a game has one live
        Claim button at most, and it comes off when the game ends (`turn`)."""
        words = await self.owed_words(info.guild_id)
        try:
            channel = await self.game_channel(info)
            claim = items.GameAction(info.id, "claim", words)
            message = await channel.send(
                words.say(said), view=items.controls(claim), allowed_mentions=pinging(ping)
            )
            old = info.claim_message_id
            if old and isinstance(channel, discord.TextChannel | discord.Thread):
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(old).edit(view=None)
        except discord.HTTPException as error:
            log.warning("could not post to game %s: %s", info.id, error.status)
            return
        await owed(
            f"recording game {info.id}'s claim notice",
            lambda: self.service.set_game_messages(info.id, claim_message_id=message.id),
        )

    # ----- events ---------------------------------------------------------------------------

    async def event_names(self, event: Event) -> dict[int, str]:
        users = {e.user_id for e in event.entrants} | {event.tournament.organiser_id}
        return await self.names.of_users(event.tournament.guild_id, users)

    async def event_games(self, event: Event) -> dict[int, GameInfo]:
        ids = [b.game_id for b in event.boards if b.game_id is not None]
        return {game_id: await self.service.game(game_id) for game_id in ids}

    async def event_moved(self, moved: Moved) -> list[GameInfo]:
        """Show what a change did to an event: its sign-up message as it is now; a new
        round announced (with the standings so far) and its games opened, each on a line
        pinging its two players with the game's thread hanging from it; the podium."""
        event = moved.event
        names = await self.event_names(event)
        await self._sign_up(event, names)
        tournament = event.tournament
        words = await self.words(tournament.guild_id)
        if moved.new_round or moved.started:
            heading = round_heading(event, names, words)
            if tournament.round > 1:
                panel = await standings_panel(event, names, heading, (), words)
                await self._post_panel(event, panel)
            else:
                await self._post_text(event, heading)
        ended = []
        for info in moved.games:
            gone = await self.open_event_game(info)
            if gone is not None:
                ended.append(gone)
        if moved.finished:
            winners = [r.player for r in event.standings() if r.rank == 1]
            heading = podium(event, names, words)
            panel = await standings_panel(event, names, heading, winners, words)
            await self._post_panel(event, panel)
        return ended

    async def open_event_game(self, info: GameInfo) -> GameInfo | None:
        """Post an event's game, once: a line pinging its players, its thread from that
        line, its first table (`begin`). A player who left the server forfeits (Discord
        does not tell a bot without the members intent who leaves: it is found here);
        the game that forfeit ended is returned, for its event to move on (`Aftermath`)."""
        if not await self.events.claim_posting(info.id):
            return None  # another process (or an earlier sweep) posts it
        gone = [user for user in info.players if not await self._member(info.guild_id, user)]
        if gone and info.tournament_id is not None:
            with contextlib.suppress(Exception):
                _event, ended = await self.events.withdraw(
                    info.tournament_id, gone[0], gone[0], False, "left the server"
                )
                info = next((g for g in ended if g.id == info.id), info)
        channel = await self.channel(info.channel_id)
        event_name, round_ = split_label(info.event)
        threaded = await self.threaded(info)
        words = await self.words(info.guild_id)
        try:
            message = await channel.send(
                game_call(info, event_name, round_, threaded, words),
                allowed_mentions=pinging(*info.players),
            )
        except discord.HTTPException as error:
            log.warning("could not post event game %s: %s", info.id, error.status)
            await self.events.unclaim_posting(info.id)
            return None
        begun = await self.begin(info, message)
        if threaded and begun.thread_id is None:  # the bot may not make threads here
            with contextlib.suppress(discord.HTTPException):
                below = game_call(info, event_name, round_, False, words)
                await message.edit(content=below)
        return None if begun.active else begun

    async def event_changed(self, event: Event) -> None:
        """The event's sign-up message, drawn again as the event is now."""
        await self._sign_up(event, await self.event_names(event))

    async def _member(self, guild_id: int, user_id: int) -> bool:
        guild = self.client.get_guild(guild_id)
        if guild is None or guild.get_member(user_id) is not None:
            return True
        try:
            await guild.fetch_member(user_id)
        except discord.NotFound:
            return False
        except discord.HTTPException:
            return True  # unsure: play on
        return True

    async def _sign_up(self, event: Event, names: dict[int, str]) -> None:
        tournament = event.tournament
        if tournament.message_id is None:
            return
        panel = sign_up(event, names, await self.words(tournament.guild_id))
        channel = self.client.get_channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            return
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(tournament.message_id).edit(
                content=panel.content, view=panel.view
            )

    async def _post_text(self, event: Event, text: str) -> None:
        try:
            channel = await self.channel(event.tournament.channel_id)
            await channel.send(text, allowed_mentions=pinging())
        except discord.HTTPException as error:
            log.warning("could not post to event %s: %s", event.id, error.status)

    async def _post_panel(self, event: Event, panel: Panel) -> None:
        try:
            channel = await self.channel(event.tournament.channel_id)
            kwargs: dict[str, Any] = {"allowed_mentions": pinging(*panel.pings)}
            if panel.file is not None:
                kwargs["file"] = panel.file
            await channel.send(panel.content, **kwargs)
        except discord.HTTPException as error:
            log.warning("could not post to event %s: %s", event.id, error.status)
