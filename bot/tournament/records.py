"""An event as the database keeps it: the tournament's row, its entrants and its boards
(each board one `Played`: a game, a bye or a forfeit), and what follows from them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.tournament.format import Format, Progress, Row, Step
from bot.tournament.formats import format_named, standings
from bot.tournament.history import Played

OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"
STANDARD, OWN = "standard", "own"  # deck policies


@dataclass(frozen=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None  # the sign-up message, edited as the event goes
    organiser_id: int
    name: str  # plain (bot.inert)
    format: str  # a format's key (`bot.tournament.formats.FORMATS`)
    game: str  # the game kind's key
    rules: str  # as games keep them (JSON text)
    turn_seconds: int
    rounds: int | None  # set at the start (a Swiss's as asked, or its default)
    max_entrants: int
    rated: bool
    starts_at: float | None  # None: when the organiser presses Start
    status: str  # open, running, finished, cancelled
    round: int  # the round being played (0: not started)
    reason: str | None  # why it was cancelled
    version: int
    created_at: float
    started_at: float | None
    finished_at: float | None
    decks: str = STANDARD  # standard: everyone the preset's deck; own: saved decks brought
    window_seconds: int | None = None  # a timed format's (an arena's) length
    ends_at: float | None = None  # set at its start: started_at + window_seconds

    @staticmethod
    def from_row(row: Mapping[str, Any]) -> Tournament:
        return Tournament(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            organiser_id=row["organiser_id"],
            name=row["name"],
            format=row["format"],
            game=row["game"],
            rules=row["rules"],
            turn_seconds=row["turn_seconds"],
            rounds=row["rounds"],
            max_entrants=row["max_entrants"],
            rated=bool(row["rated"]),
            starts_at=row["starts_at"],
            status=row["status"],
            round=row["round"],
            reason=row["reason"],
            version=row["version"],
            created_at=row["created_at"],
            started_at=row["started_at"],
            finished_at=row["finished_at"],
            decks=row["decks"],
            window_seconds=row["window_seconds"],
            ends_at=row["ends_at"],
        )

    @property
    def open(self) -> bool:
        return self.status == OPEN

    @property
    def running(self) -> bool:
        return self.status == RUNNING


@dataclass(frozen=True)
class Entrant:
    user_id: int
    joined_at: float
    seed: int | None  # 1 the strongest, from the start
    left_round: int | None  # withdrawn or removed: the round they left in
    left_why: str | None  # withdrew, removed, left the server
    deck_name: str | None = None  # the saved deck they brought (a policy of own decks)
    deck: str | None = None  # its cards in notation, as they were when brought
    paused: bool = False  # in a timed format: not paired again until they come back

    @staticmethod
    def from_row(row: Mapping[str, Any]) -> Entrant:
        return Entrant(
            row["user_id"],
            row["joined_at"],
            row["seed"],
            row["left_round"],
            row["left_why"],
            row["deck_name"],
            row["deck"],
            bool(row["paused"]),
        )


@dataclass(frozen=True)
class Board:
    """One record of the event: a game (`game_id`), or a bye or forfeit settled without."""

    round: int
    board: int
    first: int
    second: int | None
    game_id: int | None
    points: float | None  # first's; None while the game is played
    forfeit: bool

    @staticmethod
    def from_row(row: Mapping[str, Any]) -> Board:
        return Board(
            row["round"],
            row["board"],
            row["first"],
            row["second"],
            row["game_id"],
            row["points"],
            bool(row["forfeit"]),
        )

    @property
    def played(self) -> Played:
        return Played(self.round, self.first, self.second, self.points, self.forfeit)


@dataclass(frozen=True)
class Event:
    """A tournament with its entrants (in seed order once it has started, else as they
    joined) and its boards (by round, then board)."""

    tournament: Tournament
    entrants: tuple[Entrant, ...]
    boards: tuple[Board, ...]

    @property
    def id(self) -> int:
        return self.tournament.id

    @property
    def seeded(self) -> list[int]:
        return [entrant.user_id for entrant in self.entrants]

    @property
    def withdrawn(self) -> dict[int, int]:
        return {e.user_id: e.left_round for e in self.entrants if e.left_round is not None}

    @property
    def active(self) -> list[int]:
        return [e.user_id for e in self.entrants if e.left_round is None]

    @property
    def history(self) -> list[Played]:
        return [board.played for board in self.boards]

    def entrant(self, user_id: int) -> Entrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def step(self, now: float = 0.0) -> Step | None:
        """What the event does next at `now` (`Format.next_step`); None while games are
        played or before it starts."""
        if not self.tournament.running or self.tournament.rounds is None:
            return None
        return self.format.next_step(self.progress(now))

    @property
    def format(self) -> Format:
        return format_named(self.tournament.format)

    @property
    def paused(self) -> frozenset[int]:
        return frozenset(e.user_id for e in self.entrants if e.paused)

    def progress(self, now: float = 0.0) -> Progress:
        """The event as its format's rules see it at `now`."""
        tournament = self.tournament
        rounds = tournament.rounds or 0
        return Progress(
            self.seeded,
            self.history,
            self.withdrawn,
            tournament.round,
            rounds,
            now,
            tournament.ends_at,
            self.paused,
        )

    def byes(self) -> list[int]:
        """The players who sit out the round being played (`Format.byes`)."""
        return self.format.byes(self.progress())

    def standings(self) -> list[Row]:
        return standings(self.tournament.format, self.seeded, self.history, self.withdrawn)

    def boards_of(self, round: int) -> list[Board]:
        return [board for board in self.boards if board.round == round]

    def next_board(self, round: int) -> int:
        """The number the round's next board takes (a knockout's replays follow on)."""
        return max((b.board for b in self.boards_of(round)), default=0) + 1
