"""A server's events in the database, the same statements on every backend: each change a
transaction script (`bot.store.script`) run by the store's `_script`, guarded by the row it
changes (a tournament's status and version, an entrant's place), so that of two processes
doing the same thing at once, one does it and the other is told it was done.

The rounds themselves are worked out by `bot.tournament` from the record read before;
`advance` writes the results of the games that ended and, guarded by the version that
record was read at, the step that follows: so a round is paired, and its games made, once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.records import GameInfo
from bot.store.dialect import Part
from bot.store.errors import Conflict
from bot.store.event_scripts import bump, event_now, read_event, write_step
from bot.store.rows import ALL, NewGame, Shards
from bot.store.script import Script, one
from bot.tournament.records import (
    CANCELLED,
    FINISHED,
    OPEN,
    RUNNING,
    Event,
    Tournament,
)
from bot.tournament.rounds import Step

T = TypeVar("T")


@dataclass(frozen=True)
class NewTournament:
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    format: str
    game: str
    rules: str
    turn_seconds: int
    rounds: int | None
    max_entrants: int
    rated: bool
    starts_at: float | None
    now: float
    decks: str = "standard"
    window_seconds: int | None = None  # a timed format's (an arena's) length


@dataclass(frozen=True)
class Result:
    """A game of the event that ended: first's points, and whether it was forfeited."""

    game_id: int
    points: float
    forfeit: bool


class EventChanged(Conflict):
    """The event is not as the change expected (its status, its version, an entrant):
    `event` is how it is now; `why` says what was in the way, for the service's sentence."""

    def __init__(self, event: Event, why: str) -> None:
        super().__init__(f"tournament {event.id}: {why}")
        self.event = event
        self.why = why


class TooManyEvents(Conflict):
    def __init__(self, count: int) -> None:
        super().__init__(f"{count} events open or running")
        self.count = count


class Events(Part):
    async def create_tournament(self, new: NewTournament, open_limit: int) -> Event:
        """A new event open for entries; `TooManyEvents` if the server has `open_limit`
        open or running already."""

        def create() -> Script[Event]:
            rows = yield (
                "SELECT COUNT(*) AS n FROM tournaments WHERE guild_id = ? "
                "AND status IN ('open', 'running')",
                (new.guild_id,),
            )
            count = int(one(rows)["n"])
            if count >= open_limit:
                raise TooManyEvents(count)
            rows = yield (
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, format, "
                "game, rules, turn_seconds, rounds, max_entrants, rated, starts_at, "
                "created_at, decks, window_seconds) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    new.guild_id,
                    new.channel_id,
                    new.organiser_id,
                    new.name,
                    new.format,
                    new.game,
                    new.rules,
                    new.turn_seconds,
                    new.rounds,
                    new.max_entrants,
                    int(new.rated),
                    new.starts_at,
                    new.now,
                    new.decks,
                    new.window_seconds,
                ),
            )
            return (yield from event_now(int(one(rows)["id"])))

        return await self.dialect.run(create)

    async def event(self, tournament_id: int) -> Event | None:
        return await self.dialect.run(lambda: read_event(tournament_id))

    async def tournaments(
        self, guild_id: int, statuses: Sequence[str], limit: int = 25
    ) -> list[Tournament]:
        marks = ", ".join("?" for _ in statuses)
        rows = await self.dialect.read(
            f"SELECT * FROM tournaments WHERE guild_id = ? AND status IN ({marks}) "
            "ORDER BY id DESC LIMIT ?",
            (guild_id, *statuses, limit),
        )
        return [Tournament.from_row(row) for row in rows]

    async def tournaments_of(self, guild_id: int, user_id: int) -> list[Tournament]:
        """The events `user_id` entered in the server, newest first."""
        rows = await self.dialect.read(
            "SELECT t.* FROM tournaments t JOIN entrants e ON e.tournament_id = t.id "
            "WHERE t.guild_id = ? AND e.user_id = ? ORDER BY t.id DESC",
            (guild_id, user_id),
        )
        return [Tournament.from_row(row) for row in rows]

    async def due_tournaments(self, now: float, shards: Shards = ALL) -> list[Tournament]:
        """Events to look at, in the servers on `shards`: open ones whose start time came,
        and every running one."""

        def due() -> Script[list[Tournament]]:
            rows = yield (
                "SELECT * FROM tournaments WHERE ((status = 'open' AND starts_at <= ?) "
                f"OR status = 'running') AND {shards.sql()} ORDER BY id",
                (now,),
            )
            return [Tournament.from_row(row) for row in rows]

        return await self.dialect.run(due)

    async def claim_posting(self, game_id: int, now: float, stale_before: float) -> bool:
        """Whether this process posts an event's game: the first to claim it (its message
        id set to 0 until posted), or a claim older than `stale_before` (its poster
        stopped)."""

        def claim() -> Script[bool]:
            rows = yield (
                "UPDATE games SET message_id = 0, updated_at = ? WHERE id = ? "
                "AND status = 'active' AND (message_id IS NULL "
                "OR (message_id = 0 AND updated_at < ?)) RETURNING id",
                (now, game_id, stale_before),
            )
            return bool(rows)

        return await self.dialect.run(claim)

    async def unclaim_posting(self, game_id: int) -> None:
        def unclaim() -> Script[None]:
            yield ("UPDATE games SET message_id = NULL WHERE id = ? AND message_id = 0", (game_id,))

        await self.dialect.run(unclaim)

    async def unposted_games(self, stale_before: float, shards: Shards = ALL) -> list[GameInfo]:
        """Events' games in progress never posted (another process made them, or the one
        that did stopped), or whose posting was claimed before `stale_before` and not
        done. Whoever posts one claims it first (`claim_posting`), so it is posted once."""

        def unposted() -> Script[list[GameInfo]]:
            rows = yield (
                "SELECT * FROM games WHERE tournament_id IS NOT NULL AND status = 'active' "
                "AND (message_id IS NULL OR (message_id = 0 AND updated_at < ?)) "
                f"AND {shards.sql()} ORDER BY id",
                (stale_before,),
            )
            return [GameInfo.from_row(row) for row in rows]

        return await self.dialect.run(unposted)

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        def update() -> Script[None]:
            yield (
                "UPDATE tournaments SET message_id = ? WHERE id = ?",
                (message_id, tournament_id),
            )

        await self.dialect.run(update)

    async def join_tournament(self, tournament_id: int, user_id: int, now: float) -> Event:
        """`user_id` enters; `EventChanged` if the event is not open (nor a timed one
        running before its end: an arena takes players late), is full, or has them
        already."""

        def join() -> Script[Event]:
            event = yield from event_now(tournament_id)
            tournament = event.tournament
            late = (
                tournament.running
                and event.format.timed
                and tournament.ends_at is not None
                and now < tournament.ends_at
            )
            if not tournament.open and not late:
                raise EventChanged(event, "not open")
            if event.entrant(user_id) is not None:
                raise EventChanged(event, "already entered")
            if len(event.entrants) >= tournament.max_entrants:
                raise EventChanged(event, "full")
            if not (yield from bump(event, tournament.status)):  # changed since: again
                raise EventChanged(event, "moved")
            yield (
                "INSERT INTO entrants (tournament_id, user_id, joined_at) VALUES (?, ?, ?)",
                (tournament_id, user_id, now),
            )
            return (yield from event_now(tournament_id))

        return await self.dialect.run(join)

    async def set_paused(self, tournament_id: int, user_id: int, paused: bool) -> Event:
        """`user_id` pauses a running timed event (not paired again until they come back)
        or comes back; `EventChanged` if it is not running or they are not playing in it."""

        def pause() -> Script[Event]:
            event = yield from event_now(tournament_id)
            entrant = event.entrant(user_id)
            if not event.tournament.running:
                raise EventChanged(event, "not running")
            if entrant is None or entrant.left_round is not None:
                raise EventChanged(event, "not entered")
            if not (yield from bump(event, RUNNING)):
                raise EventChanged(event, "moved")
            yield (
                "UPDATE entrants SET paused = ? WHERE tournament_id = ? AND user_id = ?",
                (int(paused), tournament_id, user_id),
            )
            return (yield from event_now(tournament_id))

        return await self.dialect.run(pause)

    async def bring_deck(
        self, tournament_id: int, user_id: int, name: str | None, cards: str | None
    ) -> Event:
        """`user_id`'s deck for their games paired from now on (None: the standard deck);
        `EventChanged` if they are not playing in it (not entered, withdrawn) or it has
        ended."""

        def bring() -> Script[Event]:
            event = yield from event_now(tournament_id)
            entrant = event.entrant(user_id)
            if not (event.tournament.open or event.tournament.running):
                raise EventChanged(event, "over")
            if entrant is None or entrant.left_round is not None:
                raise EventChanged(event, "not entered")
            yield (
                "UPDATE entrants SET deck_name = ?, deck = ? "
                "WHERE tournament_id = ? AND user_id = ?",
                (name, cards, tournament_id, user_id),
            )
            return (yield from event_now(tournament_id))

        return await self.dialect.run(bring)

    async def leave_tournament(self, tournament_id: int, user_id: int) -> Event:
        """`user_id` takes their entry back before the start; `EventChanged` if it has
        started or they had not entered."""

        def leave() -> Script[Event]:
            event = yield from event_now(tournament_id)
            if not event.tournament.open:
                raise EventChanged(event, "not open")
            if event.entrant(user_id) is None:
                raise EventChanged(event, "not entered")
            if not (yield from bump(event, OPEN)):
                raise EventChanged(event, "moved")
            yield (
                "DELETE FROM entrants WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            return (yield from event_now(tournament_id))

        return await self.dialect.run(leave)

    async def cancel_tournament(self, event: Event, reason: str, now: float) -> Event:
        """An open event called off, saying why; `EventChanged` if it moved on since
        `event` was read (started, cancelled, someone joined)."""

        def cancel() -> Script[Event]:
            if not (yield from bump(event, OPEN, status=CANCELLED, reason=reason, finished_at=now)):
                now_event = yield from event_now(event.id)
                raise EventChanged(now_event, "moved")
            return (yield from event_now(event.id))

        return await self.dialect.run(cancel)

    async def start_tournament(
        self,
        event: Event,
        seeds: Sequence[int],
        rounds: int,
        step: Step,
        games: Sequence[NewGame],
        label: str,
        now: float,
        ends_at: float | None = None,
    ) -> Event:
        """The event begins, as read in `event`: its entrants seeded (`seeds`, best first),
        its rounds set (a timed one's end, `ends_at`), round 1 written (`step`, its games
        `games`); `EventChanged` if it moved on since (one process starts it; the other is
        told)."""

        def start() -> Script[Event]:
            bumped = yield from bump(
                event,
                OPEN,
                status=RUNNING,
                rounds=rounds,
                round=step.round,
                started_at=now,
                ends_at=ends_at,
            )
            if not bumped:
                raise EventChanged((yield from event_now(event.id)), "moved")
            for seed, user_id in enumerate(seeds, start=1):
                yield (
                    "UPDATE entrants SET seed = ? WHERE tournament_id = ? AND user_id = ?",
                    (seed, event.id, user_id),
                )
            seeded = yield from event_now(event.id)
            yield from write_step(seeded, step, games, label)
            return (yield from event_now(event.id))

        return await self.dialect.run(start)

    async def advance_tournament(
        self,
        event: Event,
        results: Sequence[Result],
        step: Step | None,
        games: Sequence[NewGame],
        label: str,
        now: float,
    ) -> tuple[Event, bool]:
        """Write the results of games that ended (whatever else happened meanwhile), then,
        if the event is still at the version `event` was read at, the step that follows
        (`step`, worked out from `event` with those results; its games `games`). The
        event as it is now, and whether this call wrote the step."""

        def advance() -> Script[tuple[Event, bool]]:
            for result in results:
                yield (
                    "UPDATE tournament_games SET points = ?, forfeit = ? "
                    "WHERE game_id = ? AND points IS NULL",
                    (result.points, int(result.forfeit), result.game_id),
                )
            if step is None:
                return (yield from event_now(event.id)), False
            changes: dict[str, Any] = {"round": step.round}
            if step.finished:
                changes |= {"status": FINISHED, "finished_at": now}
            if not (yield from bump(event, RUNNING, **changes)):
                return (yield from event_now(event.id)), False
            if not step.finished:
                yield from write_step(event, step, games, label)
            return (yield from event_now(event.id)), True

        return await self.dialect.run(advance)

    async def withdraw_entrant(self, tournament_id: int, user_id: int, why: str) -> Event:
        """`user_id` leaves a running event (`why`: withdrew, removed, left the server) in
        its current round; `EventChanged` if they are not in it (or left already)."""

        def withdraw() -> Script[Event]:
            event = yield from event_now(tournament_id)
            entrant = event.entrant(user_id)
            if not event.tournament.running:
                raise EventChanged(event, "not running")
            if entrant is None or entrant.left_round is not None:
                raise EventChanged(event, "not entered")
            yield (
                "UPDATE entrants SET left_round = ?, left_why = ? "
                "WHERE tournament_id = ? AND user_id = ? AND left_round IS NULL",
                (max(event.tournament.round, 1), why, tournament_id, user_id),
            )
            yield from bump(event, RUNNING)
            return (yield from event_now(tournament_id))

        return await self.dialect.run(withdraw)
