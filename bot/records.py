"""What the service hands back: plain frozen values, never the engine's full state."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, cast

from bot.games.base import GameEvent, GameKind, GameRules, GameState, GameView
from bot.i18n import Text
from bot.kinds import NEW_VEGAS, kind_of, named
from engine import Card

# A game's values, whichever game (each kind's engine has its own classes).
AnyRules = GameRules
AnyView = GameView
AnyEvent = GameEvent
AnyGame = GameState


@lru_cache(maxsize=512)
def rules_from_text(text: str) -> AnyRules:
    """Rules from their stored JSON text (cached: every game row carries its rules, and
    a server plays few distinct ones; rules are frozen, so sharing is safe). A game's
    rules say which game they are for (`"game": "decktet"`); without it, New Vegas."""
    value = json.loads(text)
    key = value.get("game") if isinstance(value, dict) else None
    rules: AnyRules = named(key).parse_rules(value)
    return rules


def rules_to_text(rules: AnyRules) -> str:
    return json.dumps(rules.to_json(), separators=(",", ":"))


def replay_game(rules: AnyRules, seed: int, moves: Sequence[str]) -> AnyGame:
    """The game `rules + seed + moves` describe, whichever game it is."""
    game: AnyGame = kind_of(rules).replay(rules, seed, moves)
    return game


@dataclass(frozen=True)
class Challenge:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    challenger_id: int
    opponent_id: int | None  # None: open to anyone
    rules: AnyRules
    turn_seconds: int
    status: str  # open, accepted, declined, cancelled, expired
    expires_at: float
    game_id: int | None
    rematch_of: int | None = None  # the finished game this challenge is the rematch of
    created_at: float = 0.0

    @property
    def kind(self) -> GameKind:
        return kind_of(self.rules)

    @staticmethod
    def from_row(row: Any) -> Challenge:
        return Challenge(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            challenger_id=row["challenger_id"],
            opponent_id=row["opponent_id"],
            rules=rules_from_text(row["rules"]),
            turn_seconds=row["turn_seconds"],
            status=row["status"],
            expires_at=row["expires_at"],
            game_id=row["game_id"],
            rematch_of=row["rematch_of"],
            created_at=row["created_at"],
        )


@dataclass(frozen=True)
class GameInfo:
    """A game's public record (no seed, no hands)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    message_id: int | None
    players: tuple[int, int]  # A's user id, B's
    ai_seat: str | None
    ai_level: str | None
    rules: AnyRules
    status: str  # active, finished, abandoned
    turn: str | None
    winner: str | None
    end_reason: str | None
    turn_seconds: int
    deadline: float | None
    version: int
    created_at: float
    updated_at: float
    tournament_id: int | None = None  # the event this game is a round of
    event: str | None = None  # its event and round, for titles: "Friday Swiss, round 2"
    unrated: bool = False  # an event's game its organiser left out of the ratings
    claim_message_id: int | None = None  # the latest notice offering the claim

    @staticmethod
    def from_row(row: Any) -> GameInfo:
        return GameInfo(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            thread_id=row["thread_id"],
            message_id=row["message_id"],
            players=(row["player_a"], row["player_b"]),
            ai_seat=row["ai_seat"],
            ai_level=row["ai_level"],
            rules=rules_from_text(row["rules"]),
            status=row["status"],
            turn=row["turn"],
            winner=row["winner"],
            end_reason=row["end_reason"],
            turn_seconds=row["turn_seconds"],
            deadline=row["deadline"],
            version=row["version"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            tournament_id=row["tournament_id"],
            event=row["event"],
            unrated=bool(row["unrated"]),
            claim_message_id=row["claim_message_id"],
        )

    def seat_of(self, user_id: int) -> str | None:
        """ "A" or "B" for a player of this game, None for anyone else."""
        if user_id == self.players[0]:
            return "A"
        if user_id == self.players[1]:
            return "B"
        return None

    def user_at(self, seat: str) -> int:
        return self.players[0 if seat == "A" else 1]

    @property
    def active(self) -> bool:
        return self.status == "active"

    @property
    def kind(self) -> GameKind:
        """The game's kind (`bot.kinds`): its rules, words, pictures and controls."""
        return kind_of(self.rules)

    @property
    def game(self) -> str:
        """Which game this is: its kind's key ("new-vegas", "decktet")."""
        return self.kind.key

    @property
    def title(self) -> Text:
        """The game's name for people, said in each reader's language: its kind's title."""
        return self.kind.title

    @property
    def rated(self) -> bool:
        """Games against the AI count in stats but not in the ranking; nor do an event's
        games its organiser left unrated."""
        return self.ai_seat is None and not self.unrated

    @property
    def against_ai(self) -> bool:
        return self.ai_seat is not None


@dataclass(frozen=True)
class RatingChange:
    user_id: int
    before: int
    after: int
    provisional: bool


@dataclass(frozen=True)
class Outcome:
    """The result of a change to a game: its record now, the public event of a move (the
    card drawn removed), the acting player's own view, and any rating changes."""

    game: GameInfo
    event: AnyEvent | None
    view: AnyView
    spectator: AnyView
    ratings: tuple[RatingChange, ...] = ()


def as_recorded(view: AnyView, info: GameInfo) -> AnyView:
    """`view` as the game's record has it: a game ended off the table (resigned, claimed
    on time, closed unclaimed, ended by an admin) is drawn and described as over, with the
    record's result, although its cards could still be played."""
    if info.active or view.phase == "over":
        return view
    ended: dict[str, Any] = {"phase": "over", "winner": info.winner, "legal_moves": ()}
    over: AnyView = replace(cast(Any, view), **ended, end_reason=info.end_reason)
    return over


@dataclass(frozen=True)
class Replayed:
    """A finished game as it stood after `ply` of its `total` moves: the public `view`
    then, and what move `ply` did (`event`; None before the first)."""

    game: GameInfo
    ply: int
    total: int
    view: AnyView
    event: AnyEvent | None


@dataclass(frozen=True)
class Standing:
    rank: int
    user_id: int
    rating: int
    provisional: bool
    games: int
    wins: int
    losses: int
    draws: int
    streak: int


@dataclass(frozen=True)
class Leaderboard:
    guild_id: int
    page: int
    pages: int
    entries: tuple[Standing, ...]
    total: int
    game: str = NEW_VEGAS
    season: str | None = None  # a season's ranking (None: all-time)


@dataclass(frozen=True)
class Tally:
    """Wins, losses and draws of one set of games."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def __str__(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"


@dataclass(frozen=True)
class Stats:
    """A player's record in one game. Two sets of games, never mixed: the rated ones
    (against members), whose tally and streak are the ranking's (`standing`, the same
    row the leaderboard shows), and the games against the AI (`against_ai`)."""

    user_id: int
    games: int  # every finished game, of both sets
    against_ai: Tally
    standing: Standing | None  # None until the first rated game
    history: tuple[tuple[float, int], ...]  # (time, shown rating) after each rated game
    recent: tuple[GameInfo, ...]
    favourite_rules: str | None
    game: str = NEW_VEGAS
    season: str | None = None  # a season's stats (None: all-time)
    events: str | None = None  # the player's tournaments in this server, in words

    @property
    def rated(self) -> Tally:
        """The rated games' wins, losses and draws, as the ranking counts them."""
        s = self.standing
        return Tally(s.wins, s.losses, s.draws) if s is not None else Tally()


@dataclass(frozen=True)
class GameRecord:
    """A finished game as text `python -m engine` replays: rules, seed and moves."""

    game: GameInfo
    seed: int
    moves: tuple[str, ...]


@dataclass(frozen=True)
class Sweep:
    """What the deadline sweep found, each item once (see `GameService.sweep`)."""

    reminders: list[GameInfo]
    overdue: list[GameInfo]
    claimed: list[Outcome]
    closed: list[GameInfo]


@dataclass(frozen=True)
class Deck:
    """A player's saved custom deck (R1)."""

    user_id: int
    name: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Season:
    """A season of a server's: its games (rated, finished between its start and its end)
    make its own ranking, per game."""

    id: int
    guild_id: int
    name: str
    started_at: float
    ended_at: float | None  # None: running
    started_by: int
    role_id: int | None  # the role its top `role_top` are given when it ends
    role_top: int | None

    @staticmethod
    def from_row(row: Any) -> Season:
        return Season(
            row["id"],
            row["guild_id"],
            row["name"],
            row["started_at"],
            row["ended_at"],
            row["started_by"],
            row["role_id"],
            row["role_top"],
        )

    @property
    def running(self) -> bool:
        return self.ended_at is None
