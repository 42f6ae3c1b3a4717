"""A server's events, beside the game service: tournaments from sign-up to podium. The
rules of rounds, pairings and standings are `bot.tournament`'s (pure); this decides who may
do what, makes each round's games (ordinary games, marked with the event and round), and
moves an event on when its games end. Nothing here knows Discord: the cog shows what it
says, and posts the games it made.

Every change is guarded in the store (an event's status and version), so with several
processes each start, round and game happens once: the process that loses a race is told
the event moved and reads it again. An event moves on when one of its games ends (the
service that ended it asks) and every minute (`sweep`, which also starts the events whose
start time came): after a crash between a game's end and the next round, the next sweep
of any process pairs it.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.errors import NotAllowed, ServiceError
from bot.event_words import CANCELLED_BY_ORGANISER, label, too_few
from bot.games.base import GameKind
from bot.i18n import Text, _
from bot.kinds import kind_of
from bot.records import Deck, GameInfo, rules_from_text, rules_to_text
from bot.service import GameService
from bot.settings import Settings
from bot.signups import (
    EventRefused,
    SignUps,
    refusal,
    status_words,
    too_few_to_start,
)
from bot.store import Store
from bot.store.events import EventChanged, Result
from bot.store.rows import NewGame
from bot.tournament import Step
from bot.tournament.records import OWN, Board, Event, Tournament
from engine import parse_cards

log = logging.getLogger("bot.tournaments")
RETRIES = 5
POSTING_STALE = 10 * 60  # seconds after which an unfinished posting is taken over


@dataclass(frozen=True)
class Moved:
    """What a change did to an event: the event now, the games it made (to post), and
    whether it started, moved to a new round, or ended with this change."""

    event: Event
    games: tuple[GameInfo, ...] = ()
    started: bool = False
    new_round: bool = False
    finished: bool = False
    cancelled: bool = False


class Tournaments:
    """The events service: the start, rounds, results and the sweep; an event's sign-up is
    its member (`signups`)."""

    def __init__(
        self,
        store: Store,
        games: GameService,
        settings: Settings,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.games = games
        self.settings = settings
        self.clock = clock
        self.signups = SignUps(store, games, settings, clock)

    async def event(self, tournament_id: int) -> Event:
        """The event (`NotFound` if there is none)."""
        return await self.signups.event(tournament_id)

    async def start(self, tournament_id: int, user_id: int, manages_server: bool) -> Moved:
        """The organiser (or a member with Manage Server) starts the event now."""
        event = await self.event(tournament_id)
        self._check_organiser(event, user_id, manages_server, "start")
        fewest = event.format.fewest
        if len(event.entrants) < fewest:
            count = len(event.entrants)
            raise EventRefused(too_few_to_start(event.tournament.format, fewest, count))
        return await self._start(event)

    async def cancel(self, tournament_id: int, user_id: int, manages_server: bool) -> Moved:
        event = await self.event(tournament_id)
        self._check_organiser(event, user_id, manages_server, "cancel")
        return await self._cancel(event, CANCELLED_BY_ORGANISER)

    def _check_organiser(self, event: Event, user_id: int, manages_server: bool, what: str) -> None:
        if user_id != event.tournament.organiser_id and not manages_server:
            raise NotAllowed(
                _("Only the organiser can start this tournament.")
                if what == "start"
                else _("Only the organiser can cancel this tournament.")
            )
        if not event.tournament.open:
            raise EventRefused(status_words(event))

    async def _cancel(self, event: Event, reason: Text) -> Moved:
        """Call the event off; the store keeps `reason`'s English (`cancel_reason` says it
        again in a reader's language)."""
        for _attempt in range(RETRIES):
            try:
                cancelled = await self.store.events.cancel_tournament(
                    event, str(reason), self.clock()
                )
                return Moved(cancelled, cancelled=True)
            except EventChanged as changed:
                if not changed.event.tournament.open:
                    raise EventRefused(status_words(changed.event)) from None
                event = changed.event
        raise EventRefused(_("The tournament kept changing; please try again."))

    async def _start(self, event: Event) -> Moved:
        """Seed the entrants by the server's rating, set the rounds, write round 1; or, with
        too few entrants, cancel saying so."""
        tournament = event.tournament
        count = len(event.entrants)
        fewest = event.format.fewest
        if count < fewest:
            return await self._cancel(event, too_few(count, fewest))
        seeds = await self._seeds(event)
        rounds = event.format.planned_rounds(count, tournament.rounds or 0)
        now = self.clock()
        window = tournament.window_seconds
        ends_at = now + window if event.format.timed and window else None
        seeded = replace(
            event,
            tournament=replace(tournament, status="running", rounds=rounds, ends_at=ends_at),
            entrants=tuple(sorted(event.entrants, key=lambda e: seeds.index(e.user_id))),
        )
        step = seeded.step(now)
        assert step is not None and not step.finished
        new_games = self._new_games(seeded, step, now)
        try:
            started = await self.store.events.start_tournament(
                event, seeds, rounds, step, new_games, label(event, step.round), now, ends_at
            )
        except EventChanged as changed:
            if changed.event.tournament.running:
                return Moved(changed.event)  # another process started it
            raise EventRefused(status_words(changed.event)) from None
        log.info("tournament %s started with %d entrants", event.id, count)
        return Moved(started, await self._games_of(started, step.round), started=True)

    async def _seeds(self, event: Event) -> list[int]:
        """The entrants best first: by the server's rating in the event's game (rated
        players before provisional ones), then by who joined first."""
        tournament = event.tournament

        async def key(user_id: int) -> tuple[float, float]:
            standing = await self.store.standings.standing(
                tournament.guild_id, tournament.game, user_id
            )
            return (-standing.rating, 0.0) if standing is not None else (0.0, 1.0)

        keys = {e.user_id: await key(e.user_id) for e in event.entrants}
        joined = [e.user_id for e in sorted(event.entrants, key=lambda e: e.joined_at)]
        return sorted(joined, key=lambda user: (keys[user][1], keys[user][0]))

    def _new_games(self, event: Event, step: Step, now: float) -> list[NewGame]:
        """A game for each of the step's pairings: `first` in the seat the seed says moves
        first (G1), so the pairing's first mover is the game's."""
        tournament = event.tournament
        rules = rules_from_text(tournament.rules)
        kind = kind_of(rules)
        decks = {
            e.user_id: Deck(e.user_id, e.deck_name or "", tuple(parse_cards(e.deck)))
            for e in event.entrants
            if e.deck and tournament.decks == OWN
        }
        made = []
        for pairing in step.games:
            assert pairing.second is not None
            seats, seated, seed, mover = _seat(kind, rules, decks, pairing.first, pairing.second)
            made.append(
                NewGame(
                    guild_id=tournament.guild_id,
                    channel_id=tournament.channel_id,
                    players=seats,
                    rules=rules_to_text(seated) if seated is not rules else tournament.rules,
                    game=kind.key,
                    seed=seed,
                    turn=mover,
                    turn_seconds=tournament.turn_seconds,
                    now=now,
                )
            )
        return made

    async def _games_of(self, event: Event, round: int) -> tuple[GameInfo, ...]:
        ids = [b.game_id for b in event.boards_of(round) if b.game_id is not None]
        return tuple([await self.games.game(game_id) for game_id in ids])

    # ----- rounds

    async def advance(self, tournament_id: int) -> Moved:
        """Record the results of the event's games that ended, and write what follows (the
        next round, a knockout's replays, the end) if nobody else has."""
        for _attempt in range(RETRIES):
            event = await self.event(tournament_id)
            if not event.tournament.running:
                return Moved(event)
            results = await self._results(event)
            done = {r.game_id: r for r in results}
            known = replace(
                event,
                boards=tuple(
                    replace(b, points=done[b.game_id].points, forfeit=done[b.game_id].forfeit)
                    if b.game_id in done
                    else b
                    for b in event.boards
                ),
            )
            step = known.step(self.clock())
            if step is None and not results:
                return Moved(event)  # its games are being played
            now = self.clock()
            new_games = self._new_games(known, step, now) if step and not step.finished else []
            round_ = step.round if step else event.tournament.round
            first_new = known.next_board(round_)
            after, wrote = await self.store.events.advance_tournament(
                known, results, step, new_games, label(event, round_), now
            )
            if step is None:
                return Moved(after)
            if wrote and step.finished:
                log.info("tournament %s finished", event.id)
                return Moved(after, finished=True)
            if wrote:
                fresh = [b for b in after.boards_of(round_) if b.board >= first_new]
                games = tuple([await self.games.game(b.game_id) for b in fresh if b.game_id])
                return Moved(after, games, new_round=round_ > event.tournament.round)
            # another process moved it on from the same record: read it again
        return Moved(await self.event(tournament_id))

    async def _results(self, event: Event) -> list[Result]:
        """The results of the event's games that ended and are not recorded yet."""
        found = []
        for board in event.boards:
            if board.game_id is None or board.points is not None:
                continue
            info = await self.games.game(board.game_id)
            result = result_of(board, info)
            if result is not None:
                found.append(result)
        return found

    async def after_game(self, info: GameInfo) -> Moved | None:
        """A game ended: if it was an event's, move the event on."""
        if info.tournament_id is None or info.active:
            return None
        return await self.advance(info.tournament_id)

    # ----- people

    async def withdraw(
        self, tournament_id: int, user_id: int, by: int, manages_server: bool, why: str
    ) -> tuple[Event, list[GameInfo]]:
        """`user_id` leaves a running event (`why`: withdrew, removed, left the server;
        `by` who asked): never paired again; their game in progress is resigned. Returns
        the event and the games that ended."""
        event = await self.event(tournament_id)
        if by != user_id and by != event.tournament.organiser_id and not manages_server:
            raise NotAllowed(_("Only the organiser can remove a player."))
        try:
            after = await self.store.events.withdraw_entrant(tournament_id, user_id, why)
        except EventChanged as changed:
            raise refusal(changed, user_id, other=by != user_id) from None
        ended = []
        for board in after.boards_of(after.tournament.round):
            if board.game_id is None or user_id not in (board.first, board.second):
                continue
            info = await self.games.game(board.game_id)
            if info.active:
                try:
                    outcome = await self.games.resign(info.id, user_id)
                except ServiceError:
                    continue  # it ended meanwhile
                ended.append(outcome.game)
        return after, ended

    async def events_of(self, guild_id: int, user_id: int) -> list[Event]:
        return [
            await self.event(t.id)
            for t in await self.store.events.tournaments_of(guild_id, user_id)
        ]

    async def recent(self, guild_id: int) -> list[Tournament]:
        """The server's events, newest first (for autocompletes)."""
        statuses = ("open", "running", "finished", "cancelled")
        return await self.store.events.tournaments(guild_id, statuses, 25)

    async def listed(self, guild_id: int) -> list[Event]:
        """The server's events open or running, newest first."""
        found = await self.store.events.tournaments(guild_id, ("open", "running"))
        return [await self.event(t.id) for t in found]

    async def running_of(self, guild_id: int, user_id: int) -> list[Event]:
        """The running events `user_id` is still in."""
        return [
            e
            for e in await self.events_of(guild_id, user_id)
            if e.tournament.running and user_id in e.active
        ]

    # ----- posting an event's games once

    async def claim_posting(self, game_id: int) -> bool:
        """Whether the caller posts the event's game (once, whichever process asks)."""
        now = self.clock()
        return await self.store.events.claim_posting(game_id, now, now - POSTING_STALE)

    async def unclaim_posting(self, game_id: int) -> None:
        await self.store.events.unclaim_posting(game_id)

    async def unposted(self) -> list[GameInfo]:
        """Events' games a stopped process made or claimed and never posted."""
        now = self.clock()
        return await self.store.events.unposted_games(now - POSTING_STALE, self.games.shards)

    # ----- the minute's sweep

    async def sweep(self) -> list[Moved]:
        """Start the events whose time came (or cancel them, too few), and move on every
        running event whose games ended (a round a crash left unpaired)."""
        moved = []
        for tournament in await self.store.events.due_tournaments(self.clock(), self.games.shards):
            try:
                if tournament.status == "open":
                    moved.append(await self._start(await self.event(tournament.id)))
                else:
                    change = await self.advance(tournament.id)
                    if change.games or change.finished:
                        moved.append(change)
            except ServiceError as error:
                log.info("tournament %s not moved on: %s", tournament.id, error)
        return moved


def result_of(board: Board, info: GameInfo) -> Result | None:
    """A board's result from its game once over: first's points from the winner's seat; a
    game that closed with no result (nobody claimed, or an admin ended it) is lost by the
    player whose turn ran out, as a forfeit (the closed game keeps who was to move; only a
    game closed before it did reads as seat A's). None while the game goes on."""
    if info.active:
        return None
    first_seat = info.seat_of(board.first)
    if info.status == "abandoned":
        loser = info.turn or "A"
        return Result(info.id, 0.0 if loser == first_seat else 1.0, True)
    if info.winner == "draw":
        return Result(info.id, 0.5, False)
    return Result(info.id, 1.0 if info.winner == first_seat else 0.0, False)


def _seat(
    kind: GameKind, rules: Any, decks: Mapping[int, Deck], first: int, second: int
) -> tuple[tuple[int, int], Any, int, str]:
    """The seats, rules (with the decks brought), seed and first mover of a game in which
    `first` moves first: a secret seed whose deal gives the move to `first`'s seat (G1).
    The seed decides who starts after dealing, so with decks of their own the seating
    changes the draw: each seating is tried with each seed (about two seeds a game)."""
    while True:
        seed = secrets.randbits(53)
        for seats, wanted in (((first, second), "A"), ((second, first), "B")):
            seated = kind.seated(rules, (decks.get(seats[0]), decks.get(seats[1])))
            mover = kind.new(seated, seed).mover
            if mover == wanted:
                return seats, seated, seed, mover
