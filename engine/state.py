"""The state of a game of Caravan: the cards in every place, whose turn it is, the phase,
how the game ended; and reading it.

`Game` (engine.game) plays on a `State`. The modules that only read one take a `State`:
checking a move (engine.validate), writing and reading a position (engine.notation) and a
seat's view (engine.view); so the game that plays can use them all, and none of them needs
the game. Cards are int codes inside (see engine.cards).
"""

from __future__ import annotations

from typing import Any, Final

from engine.caravan import Caravan, CaravanView, positions_won
from engine.cards import JOKER, Card, card_of
from engine.moves import SEATS, Move
from engine.rules import Rules

OPENING: Final = "opening"
MAIN: Final = "main"
OVER: Final = "over"
DRAW: Final = 2  # the internal winner code of a drawn game; -1 is no winner yet

# Why a game ended.
END_SOLD: Final = "sold"  # R13
END_OUT_OF_CARDS: Final = "out-of-cards"  # R14
END_EMPTY_DECK: Final = "empty-deck"  # R14 in caravanthegame and simple
END_MOVE_LIMIT: Final = "move-limit"  # R15


def seat_index(name: str) -> int:
    """0 for seat "A", 1 for "B"."""
    return 0 if name == "A" else 1


class State:
    """The table of a game: an empty one of `rules` when made; `Game` deals and plays."""

    __slots__ = (
        "rules",
        "variant",
        "hands",
        "decks",
        "discards",
        "caravans",
        "turn",
        "phase",
        "ply",
        "seed",
        "moves",
        "_winner",
        "end_reason",
        "_jack_clears_rank",
        "_public",
        "_last",
    )

    def __init__(self, rules: Rules | None = None) -> None:
        """An empty table; `Game`'s constructors make a game to play."""
        self.rules = rules or Rules()
        self.variant = self.rules.variant
        self.hands: list[list[int]] = [[], []]
        self.decks: list[list[int]] = [[], []]  # internal order: the top card is last
        self.discards: list[list[int]] = [[], []]  # oldest first
        self.caravans = [
            [Caravan(), Caravan(), Caravan()],
            [Caravan(), Caravan(), Caravan()],
        ]
        self.turn = 0
        self.phase = OPENING
        self.ply = 0
        self.seed: int | str | None = None
        self.moves: list[Move] = []  # the moves played since the deal, when known
        self._winner = -1
        self.end_reason: str | None = None
        # R11 in foxon: with no jokers in the game, Jacks do what jokers would.
        self._jack_clears_rank = self.variant.joker_by_rank_only and not any(
            card.rank == JOKER for seat in (0, 1) for card in self.rules.deck(seat)
        )
        # The public table as views show it, with the ply it was made at (engine.view).
        self._public: tuple[int, Any] | None = None
        # The last move played (`play`, not `push`), with the ply after it: the move, copies
        # of the caravans it changed as they were before it, its phase and whether its
        # player drew, until a view makes it an engine.view.LastMove (the other caravans are
        # as they were; making public views at every play would cost the play half again).
        self._last: tuple[int, Any] | None = None

    # ----- reading the state ----------------------------------------------------------------

    @property
    def mover(self) -> str:
        """ "A" or "B": who moves next (after the end, who would have)."""
        return SEATS[self.turn]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winner(self) -> str | None:
        """ "A", "B", "draw", or None while the game goes on."""
        if self._winner < 0:
            return None
        return "draw" if self._winner == DRAW else SEATS[self._winner]

    def hand(self, seat: str) -> tuple[Card, ...]:
        """A player's hand in order. Hidden information: give players a `view()` instead."""
        return tuple(map(card_of, self.hands[seat_index(seat)]))

    def deck(self, seat: str) -> tuple[Card, ...]:
        """A player's deck, top card first. Hidden information."""
        return tuple(map(card_of, reversed(self.decks[seat_index(seat)])))

    def hand_size(self, seat: str) -> int:
        return len(self.hands[seat_index(seat)])

    def deck_size(self, seat: str) -> int:
        return len(self.decks[seat_index(seat)])

    def discard_pile(self, seat: str) -> tuple[Card, ...]:
        """A player's discard pile, oldest first (public)."""
        return tuple(map(card_of, self.discards[seat_index(seat)]))

    def caravan(self, seat: str, number: int) -> CaravanView:
        """Caravan `number` (1-3) of player `seat`, with value, direction, suit, for-sale."""
        return self.caravans[seat_index(seat)][number - 1].public(seat, number)

    def positions(self) -> tuple[str | None, str | None, str | None]:
        """Who wins each position now (R13): "A", "B" or None."""
        won = self._positions()
        return (
            SEATS[won[0]] if won[0] >= 0 else None,
            SEATS[won[1]] if won[1] >= 0 else None,
            SEATS[won[2]] if won[2] >= 0 else None,
        )

    def _positions(self) -> tuple[int, int, int]:
        return positions_won(self._values())

    def _values(self) -> tuple[int, ...]:
        a, b = self.caravans
        return (a[0].value, a[1].value, a[2].value, b[0].value, b[1].value, b[2].value)

    def _end(self, winner: int, reason: str) -> None:
        self.phase = OVER
        self._winner = winner
        self.end_reason = reason
