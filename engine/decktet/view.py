"""A seat's view of a Decktet game: its own hand and everything public, nothing more.

Hidden: the other hand (its size is public) and the cards set aside (their number is
public). Public: the indicators, the season's plays, the collected piles and the scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.decktet.cards import DCard, points
from engine.decktet.events import HandResult
from engine.decktet.plays import Play
from engine.decktet.rules import DecktetRules

PLAY, OVER = "play", "over"


@dataclass(frozen=True)
class DecktetView:
    seat: str | None
    rules: DecktetRules
    phase: str  # "play" or "over"
    turn: str
    ply: int
    hand_number: int
    hand: tuple[DCard, ...]  # the seat's own, sorted; empty for a spectator
    hand_sizes: tuple[int, int]
    indicators: tuple[DCard, ...]
    season: tuple[tuple[str, Play], ...]  # this season's plays, oldest first
    collected: tuple[tuple[DCard, ...], tuple[DCard, ...]]
    totals: tuple[int, int]  # before this hand
    leader: str  # who led this hand's first season
    went_out: str | None  # who went out, while the other may make one more play
    results: tuple[HandResult, ...]
    aside: int  # how many cards are set aside, unseen
    winner: str | None
    end_reason: str | None
    legal_moves: tuple[Play, ...]  # the seat's plays when it is to move, else empty

    @property
    def my_turn(self) -> bool:
        return self.phase == PLAY and self.seat == self.turn

    @property
    def opponent(self) -> str | None:
        if self.seat is None:
            return None
        return "B" if self.seat == "A" else "A"

    @property
    def last_play(self) -> Play | None:
        return self.season[-1][1] if self.season else None

    @property
    def running(self) -> tuple[int, int]:
        """The totals with this hand's collected cards counted so far (D2); once the game
        is over, the final totals."""
        if self.phase == OVER:
            return self.totals
        a, b = (sum(points(c, self.indicators) for c in pile) for pile in self.collected)
        return self.totals[0] + a, self.totals[1] + b
