"""What a move did, as facts the bot narrates from (never by diffing two states)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.caravan import position_winner
from engine.cards import Card
from engine.moves import Move


@dataclass(frozen=True)
class Removal:
    """A number card taken off a caravan by a Jack or Joker, with what was attached to it.

    `index` counts from 1 in the caravan as it stood before the move."""

    card: Card
    owner: str
    caravan: int
    index: int
    attached: tuple[Card, ...]


@dataclass(slots=True)
class MoveEvent:
    """The facts of one applied move.

    `drew` is private to the mover: `public()` gives the event without it, which is what
    anyone else may be told.
    """

    ply: int
    mover: str
    move: Move
    placed: Card | None = None  # the card played from hand
    target: tuple[str, int, int] | None = None  # (owner, caravan, index) it went onto
    removed: tuple[Removal, ...] = ()  # by a Jack or Joker, in the order removed
    discarded: Card | None = None
    disbanded: tuple[Card, ...] = ()  # every card of the disbanded caravan
    drew: Card | None = None
    reshuffled: bool = False  # foxon: the discard pile became the deck (R14)
    values_before: tuple[int, ...] = ()  # A1, A2, A3, B1, B2, B3
    values_after: tuple[int, ...] = ()
    main_phase: bool = True  # positions are only won in the main phase (R13)
    winner: str | None = None  # "A", "B" or "draw" when this move ended the game
    end_reason: str | None = None
    onto: Card | None = None  # the number card a picture card went onto

    @property
    def positions_before(self) -> tuple[str | None, str | None, str | None]:
        """Who won each position (R13) before the move."""
        return _positions(self.values_before) if self.main_phase else (None, None, None)

    @property
    def positions_after(self) -> tuple[str | None, str | None, str | None]:
        """Who wins each position (R13) after the move."""
        return _positions(self.values_after) if self.main_phase else (None, None, None)

    @property
    def sold(self) -> tuple[int, ...]:
        """Positions (1-3) that the mover's move made a player win."""
        return tuple(
            i + 1
            for i, (old, new) in enumerate(zip(self.positions_before, self.positions_after))
            if new is not None and new != old
        )

    @property
    def unsold(self) -> tuple[int, ...]:
        """Positions (1-3) that were won before the move and are not now."""
        return tuple(
            i + 1
            for i, (old, new) in enumerate(zip(self.positions_before, self.positions_after))
            if old is not None and new is None
        )

    def public(self) -> MoveEvent:
        """The event as anyone but the mover may see it: without the card drawn. (Built
        field by field: `dataclasses.replace` costs ~30 µs, a tenth of a stored move.)"""
        return MoveEvent(
            self.ply,
            self.mover,
            self.move,
            self.placed,
            self.target,
            self.removed,
            self.discarded,
            self.disbanded,
            None,
            self.reshuffled,
            self.values_before,
            self.values_after,
            self.main_phase,
            self.winner,
            self.end_reason,
            self.onto,
        )


def _positions(values: tuple[int, ...]) -> tuple[str | None, str | None, str | None]:
    a, b, c = (position_winner(values[i], values[i + 3]) for i in range(3))
    return _SEAT[a], _SEAT[b], _SEAT[c]


_SEAT = {0: "A", 1: "B", -1: None}
