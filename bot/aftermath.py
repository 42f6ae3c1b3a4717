"""What follows a change to a game, in order: if the game ended and was an event's, the
event moves on (the events service decides: `Tournaments.after_game`); then the poster posts
the table, the panels and what the event did. A tournament moves on because a game ended,
not because its table was drawn: the poster only posts.

The cogs hand every change that may end a game here (a move, a resignation, a claim, an
admin's end, a close nobody claimed, a withdrawal); games against the computer are never an
event's, so the computer's turns post directly."""

from __future__ import annotations

from bot.poster import Poster
from bot.records import GameInfo, Outcome
from bot.retry import owed
from bot.tournament.records import Event
from bot.tournaments import Moved, Tournaments


class Aftermath:
    def __init__(self, poster: Poster, events: Tournaments) -> None:
        self.poster = poster
        self.events = events

    async def after(self, outcome: Outcome, skip: int | None = None) -> None:
        """A change to a game: its event moves on if it ended it, then it is posted (its
        table, the open panels but `skip`'s, and what the event did)."""
        moved = await self._moves_on(outcome.game)
        await self.poster.after(outcome, skip)
        if moved is not None:
            await self.event_moved(moved)

    async def table(self, game_id: int) -> GameInfo:
        """A game changed with no move (an admin's end, a close nobody claimed): its event
        moves on if it ended, then its table is posted."""
        info = await owed(f"reading game {game_id}", lambda: self.poster.service.game(game_id))
        moved = await self._moves_on(info)
        shown = await self.poster.table(game_id)
        if moved is not None:
            await self.event_moved(moved)
        return shown

    async def event_moved(self, moved: Moved) -> None:
        """Post what a change did to an event; a game its posting ended (a player who left
        the server forfeits it) moves the event on again."""
        for ended in await self.poster.event_moved(moved):
            again = await self._moves_on(ended)
            if again is not None:
                await self.event_moved(again)

    async def withdrawn(self, event: Event, ended: list[GameInfo]) -> None:
        """A withdrawal: the sign-up message marks the player, and each game it resigned
        ends (its event moving on)."""
        await self.poster.event_changed(event)
        for info in ended:
            await self.table(info.id)

    async def open_event_game(self, info: GameInfo) -> None:
        """An event's game no process posted (the minute's sweep): posted once, its event
        moving on if its posting ended it."""
        ended = await self.poster.open_event_game(info)
        if ended is not None:
            moved = await self._moves_on(ended)
            if moved is not None:
                await self.event_moved(moved)

    async def _moves_on(self, info: GameInfo) -> Moved | None:
        """The event's next step once `info`'s game has ended (None: not an event's game,
        not over, or nothing to do)."""
        if info.tournament_id is None or info.active:
            return None
        return await owed(f"moving game {info.id}'s event on", lambda: self.events.after_game(info))
