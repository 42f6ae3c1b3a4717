"""What a play of Decktet Caravan did: the season it ended (D7), the hand it ended (D9,
D10), all of it public."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.decktet.cards import DCard, parse_card
from engine.decktet.plays import Play


@dataclass(frozen=True)
class HandResult:
    """How a hand scored (D9, D10). Counts only: the cards a going-out set aside stay
    unseen."""

    number: int
    indicators: tuple[DCard, ...]
    collected: tuple[int, int]  # cards A and B collected
    collected_points: tuple[int, int]  # D2
    out: str | None  # who went out (D9), None when nobody could lead (D8)
    out_points: tuple[int, int]
    totals: tuple[int, int]  # the game's totals after this hand

    @property
    def points(self) -> tuple[int, int]:
        return (
            self.collected_points[0] + self.out_points[0],
            self.collected_points[1] + self.out_points[1],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "indicators": [str(c) for c in self.indicators],
            "collected": list(self.collected),
            "collected_points": list(self.collected_points),
            "out": self.out,
            "out_points": list(self.out_points),
            "totals": list(self.totals),
        }

    @staticmethod
    def from_json(value: dict[str, Any]) -> HandResult:
        def pair(key: str) -> tuple[int, int]:
            a, b = value[key]
            return int(a), int(b)

        return HandResult(
            int(value["number"]),
            tuple(parse_card(c) for c in value["indicators"]),
            pair("collected"),
            pair("collected_points"),
            value["out"],
            pair("out_points"),
            pair("totals"),
        )


@dataclass(frozen=True)
class SeasonEnd:
    """A season's end (D7): who collected which cards (all were played face up)."""

    collector: str
    cards: tuple[DCard, ...]
    last: str  # who made the last play


@dataclass(frozen=True)
class DecktetEvent:
    """What one move did, all of it public."""

    ply: int
    seat: str
    move: Play
    led: bool  # the play opened its season (D4)
    went_out: bool  # the play emptied the player's hand (D9)
    season_end: SeasonEnd | None
    hand_end: HandResult | None
    winner: str | None  # once the game is over: "A", "B" or "draw"

    def public(self) -> DecktetEvent:
        return self
