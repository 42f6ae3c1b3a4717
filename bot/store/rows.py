"""What the service hands the store to write: new challenges, new games, endings."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NewChallenge:
    guild_id: int
    channel_id: int
    challenger_id: int
    opponent_id: int | None  # None: open to anyone
    rules: str  # the rules' JSON text (`records.rules_to_text`)
    turn_seconds: int
    created_at: float
    expires_at: float
    rematch_of: int | None = None


@dataclass(frozen=True)
class NewGame:
    guild_id: int
    channel_id: int
    players: tuple[int, int]
    rules: str  # the rules' JSON text
    game: str  # which game: "new-vegas" or "decktet"
    seed: int
    turn: str  # who moves first
    turn_seconds: int
    now: float
    ai: tuple[str, str] | None = None  # (seat, level) of the computer player
    rematch_of: int | None = None


@dataclass(frozen=True)
class Ending:
    """How a game ends: the winner ("A", "B" or "draw"), why, and whether it is rated."""

    winner: str
    reason: str
    rated: bool
