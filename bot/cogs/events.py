"""A server's tournaments in Discord: creating one, its sign-up message's buttons (Join,
Leave; the organiser's Start and Cancel; Standings once it runs), `/caravan tournament
list`, `show`, `standings`, `withdraw` and `remove`, and a member who leaves the server
forfeiting their events. The events service decides; the poster posts what changed."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.aftermath import Aftermath
from bot.cogs.common import Choices, guild_of
from bot.errors import NotFound
from bot.games.base import GameChoice
from bot.guard import Guard, private
from bot.i18n import Text, _, words_for
from bot.inert import md, quote
from bot.names import Names
from bot.tournaments import Tournaments
from bot.views.events import event_line, show_text, sign_up, standings_panel
from bot.views.panels import pinging

Interaction = discord.Interaction[Any]


def _manages(interaction: Interaction) -> bool:
    permissions = getattr(interaction.user, "guild_permissions", None)
    return bool(permissions is not None and permissions.manage_guild)


def _roles(interaction: Interaction) -> list[int]:
    return [role.id for role in getattr(interaction.user, "roles", [])]


class Events(commands.Cog):
    def __init__(
        self, events: Tournaments, aftermath: Aftermath, names: Names, guard: Guard
    ) -> None:
        self.tournaments = events
        self.aftermath = aftermath
        self.poster = aftermath.poster
        self.names = names
        self.guard = guard

    async def create(
        self,
        interaction: Interaction,
        name: str,
        format: str,
        choice: GameChoice,
        rounds: int | None,
        start_in: int | None,
        max_entrants: int,
        rated: bool,
        decks: str = "standard",
        window: int | None = None,
    ) -> None:
        async def work() -> None:
            guild_id = guild_of(interaction)
            channel = interaction.channel
            channel_id = interaction.channel_id or 0
            parent = getattr(channel, "parent_id", None)
            allowed = await self.tournaments.signups.may_organise(
                guild_id, _manages(interaction), _roles(interaction)
            )
            event = await self.tournaments.signups.create(
                guild_id,
                channel_id,
                parent,
                interaction.user.id,
                allowed,
                name,
                format,
                choice,
                rounds,
                start_in,
                max_entrants,
                rated,
                decks,
                window,
            )
            words = await self.poster.words(guild_id)
            panel = sign_up(event, await self.poster.event_names(event), words)
            assert panel.view is not None  # an open event has its buttons
            await interaction.response.send_message(
                panel.content, view=panel.view, allowed_mentions=pinging()
            )
            message = await interaction.original_response()
            await self.tournaments.signups.set_message(event.id, message.id)

        await self.guard(interaction, "event-create", work())

    async def event_press(self, interaction: Interaction, tournament_id: int, action: str) -> None:
        async def work() -> None:
            user = interaction.user.id
            if action == "standings":
                await self._standings(interaction, tournament_id)
                return
            if action in ("join", "leave", "pause"):
                if action == "join":
                    event = await self.tournaments.signups.join(tournament_id, user)
                elif action == "leave":
                    event = await self.tournaments.signups.leave(tournament_id, user)
                else:
                    event = await self.tournaments.signups.pause(tournament_id, user)
                words = await self.poster.words(event.tournament.guild_id)
                panel = sign_up(event, await self.poster.event_names(event), words)
                await interaction.response.edit_message(content=panel.content, view=panel.view)
                await self._pair_waiting(event)
                return
            await interaction.response.defer()
            if action == "start":
                moved = await self.tournaments.start(tournament_id, user, _manages(interaction))
            else:
                moved = await self.tournaments.cancel(tournament_id, user, _manages(interaction))
            await self.aftermath.event_moved(moved)

        await self.guard(interaction, f"event-{action}", work())

    async def pause(self, interaction: Interaction, tournament_id: int) -> None:
        """`/caravan tournament pause`: pause an arena, or come back to it."""

        async def work() -> None:
            await self._here(interaction, tournament_id)
            event = await self.tournaments.signups.pause(tournament_id, interaction.user.id)
            entrant = event.entrant(interaction.user.id)
            said = (
                _("You paused: you are not paired again until you come back (the same command).")
                if entrant is not None and entrant.paused
                else _("You are back: you are paired as soon as another player is free.")
            )
            await private(interaction, said)
            await self.poster.event_changed(event)
            await self._pair_waiting(event)

        await self.guard(interaction, "event-pause", work())

    async def _pair_waiting(self, event: Any) -> None:
        """A running timed event (an arena) pairs whoever a join or a return left waiting."""
        if event.tournament.running and event.format.timed:
            await self.aftermath.event_moved(await self.tournaments.advance(event.id))

    async def _standings(self, interaction: Interaction, tournament_id: int) -> None:
        """The standings (or bracket) for the member who asked, in their language."""
        event = await self._here(interaction, tournament_id)
        names = await self.poster.event_names(event)
        words = words_for(interaction.locale)
        heading = words.say(event_line(event))
        panel = await standings_panel(event, names, heading, (), words)
        assert panel.file is not None
        await interaction.response.send_message(
            panel.content, file=panel.file, ephemeral=True, allowed_mentions=pinging()
        )

    async def _here(self, interaction: Interaction, tournament_id: int) -> Any:
        event = await self.tournaments.event(tournament_id)
        if event.tournament.guild_id != guild_of(interaction):
            raise NotFound(_("There is no such tournament in this server."))
        return event

    async def standings(self, interaction: Interaction, tournament_id: int) -> None:
        await self.guard(
            interaction, "event-standings", self._standings(interaction, tournament_id)
        )

    async def listed(self, interaction: Interaction) -> None:
        async def work() -> None:
            events = await self.tournaments.listed(guild_of(interaction))
            words = words_for(interaction.locale)
            lines = [words.say(event_line(event)) for event in events]
            text = "\n".join(lines) or words.say(
                _(
                    "No tournaments are open or running here. Members with Manage Server (or "
                    "the organiser role) start one with /caravan tournament create."
                )
            )
            await interaction.response.send_message(
                text[:2000], ephemeral=True, allowed_mentions=pinging()
            )

        await self.guard(interaction, "event-list", work())

    async def show(self, interaction: Interaction, tournament_id: int) -> None:
        async def work() -> None:
            event = await self._here(interaction, tournament_id)
            names = await self.poster.event_names(event)
            games = await self.poster.event_games(event)
            words = words_for(interaction.locale)
            await interaction.response.send_message(
                show_text(event, names, games, words), ephemeral=True, allowed_mentions=pinging()
            )

        await self.guard(interaction, "event-show", work())

    async def withdraw(
        self, interaction: Interaction, tournament_id: int, member: Any | None = None
    ) -> None:
        """Withdraw yourself, or (`member`, the organiser) remove a player."""

        async def work() -> None:
            await self._here(interaction, tournament_id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            user = interaction.user.id
            leaver = member.id if member is not None else user
            why = "withdrew" if leaver == user else "removed"
            event, ended = await self.tournaments.withdraw(
                tournament_id, leaver, user, _manages(interaction), why
            )
            names = await self.poster.event_names(event)
            said = _withdrawn(event.tournament.name, names.get(leaver), leaver == user)
            await interaction.followup.send(
                words_for(interaction.locale).say(said),
                ephemeral=True,
                allowed_mentions=pinging(),
            )
            await self.aftermath.withdrawn(event, ended)

        await self.guard(interaction, "event-withdraw", work())

    async def bring_deck(
        self, interaction: Interaction, tournament_id: int, deck: str | None
    ) -> None:
        """Play one of your saved decks (None: the standard deck) in your next games."""

        async def work() -> None:
            await self._here(interaction, tournament_id)
            event = await self.tournaments.signups.bring_deck(
                tournament_id, interaction.user.id, deck
            )
            name = md(event.tournament.name)
            said = (
                _(
                    "You will play your deck {deck} in {name}, from your next game on.",
                    deck=quote(deck),
                    name=name,
                )
                if deck is not None
                else _(
                    "You will play the standard deck in {name}, from your next game on.", name=name
                )
            )
            await interaction.response.send_message(
                words_for(interaction.locale).say(said),
                ephemeral=True,
                allowed_mentions=pinging(),
            )

        await self.guard(interaction, "event-deck", work())

    async def event_choices(self, interaction: Interaction, current: str) -> Choices:
        """The server's events, newest first: "#3 Friday Swiss (running)", in the member's
        language."""
        guild_id = interaction.guild_id
        if guild_id is None:
            return []
        found = await self.tournaments.recent(guild_id)
        words = words_for(interaction.locale)
        choices = []
        for tournament in found:
            label = words.say(_choice(tournament.id, tournament.name, tournament.status))
            if current and current.lower() not in label.lower():
                continue
            choices.append(app_commands.Choice(name=label[:100], value=tournament.id))
        return choices[:25]


def _withdrawn(event_name: str, player: str | None, yourself: bool) -> Text:
    """The answer to a withdrawal: yours, or the player's the organiser removed."""
    if yourself:
        return _(
            "You withdrew from {name}: never paired again; a game in progress was resigned.",
            name=event_name,
        )
    if player is not None:
        return _(
            "{player} is out from {name}: never paired again; a game in progress was resigned.",
            player=player,
            name=event_name,
        )
    return _(
        "The player is out from {name}: never paired again; a game in progress was resigned.",
        name=event_name,
    )


def _choice(id: int, name: str, status: str) -> Text:
    """An event among the autocomplete's choices: "#3 Friday Swiss (running)"."""
    if status == "open":
        return _("#{id} {name} (open)", id=id, name=name)
    if status == "running":
        return _("#{id} {name} (running)", id=id, name=name)
    if status == "finished":
        return _("#{id} {name} (finished)", id=id, name=name)
    return _("#{id} {name} (cancelled)", id=id, name=name)
