"""Race to Twenty's rules: pure values, no I/O, in the shape the bot reads a game's engine
(`bot.games.base`: rules with `to_json`, a game with `new`, `replay`, `copy`, `play` and
`view`, views with `legal_moves`, events with `public`)."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

KEY = "race"


@dataclass(frozen=True)
class RaceRules:
    target: int = 20

    def to_json(self) -> dict[str, Any]:
        return {"game": KEY, "target": self.target}

    @classmethod
    def parse(cls, value: Any) -> RaceRules:
        return cls(int(value["target"]))


@dataclass(frozen=True)
class Step:
    """A move: add `size` (1 or 2) to the count. Its notation is the number."""

    size: int

    def __str__(self) -> str:
        return str(self.size)

    @classmethod
    def parse(cls, text: str) -> Step:
        if text not in ("1", "2"):
            raise ValueError(f"{text!r} is not a step: 1 or 2")
        return cls(int(text))


@dataclass(frozen=True)
class RaceEvent:
    """A step as it was played: who took it and the count after it."""

    move: Step
    seat: str
    count: int

    def public(self) -> RaceEvent:
        return self  # nothing in it is hidden


@dataclass(frozen=True)
class RaceView:
    seat: str | None
    count: int
    target: int
    turn: str
    ply: int
    winner: str | None
    legal_moves: tuple[Step, ...]
    hand: tuple[Any, ...] = ()  # no cards

    @property
    def phase(self) -> str:
        return "over" if self.winner else "main"

    @property
    def end_reason(self) -> str | None:
        return "reached" if self.winner else None

    @property
    def my_turn(self) -> bool:
        return self.seat == self.turn and self.winner is None


class RaceGame:
    def __init__(self, rules: RaceRules, first: str) -> None:
        self.rules = rules
        self.mover = first
        self.count = 0
        self.ply = 0
        self.winner: str | None = None

    @classmethod
    def new(cls, rules: RaceRules, seed: int) -> RaceGame:
        return cls(rules, "AB"[seed % 2])  # the seed chooses who starts

    @classmethod
    def replay(cls, rules: RaceRules, seed: int, moves: list[str]) -> RaceGame:
        game = cls.new(rules, seed)
        for move in moves:
            game.play(move)
        return game

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def end_reason(self) -> str | None:
        return "reached" if self.winner else None

    def legal_moves(self) -> tuple[Step, ...]:
        if self.is_over:
            return ()
        return tuple(Step(n) for n in (1, 2) if self.count + n <= self.rules.target)

    def play(self, move: Step | str) -> RaceEvent:
        step = move if isinstance(move, Step) else Step.parse(move)
        if step not in self.legal_moves():
            raise ValueError(f"{step} cannot be played at {self.count}")
        seat = self.mover
        self.count += step.size
        self.ply += 1
        if self.count == self.rules.target:
            self.winner = seat
        else:
            self.mover = "B" if seat == "A" else "A"
        return RaceEvent(step, seat, self.count)

    def view(self, seat: str | None) -> RaceView:
        return RaceView(
            seat,
            self.count,
            self.rules.target,
            self.mover,
            self.ply,
            self.winner,
            self.legal_moves(),
        )

    def copy(self) -> RaceGame:
        return copy.copy(self)
