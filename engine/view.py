"""A player's view of a game: everything one seat may see, and nothing more.

The renderer and the AI only ever get a `PlayerView`, so they cannot leak or use a hidden
card: the opponent's hand and the order of both decks are not in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.caravan import CaravanView
from engine.cards import Card, card_of
from engine.moves import SEATS, Move
from engine.rules import Rules
from engine.state import OVER, State


@dataclass(frozen=True)
class LastMove:
    """The move just played, as everyone saw it: the move, the caravans before it (A1..B3),
    the phase it was played in, and whether its player drew a card after it (not which)."""

    move: Move
    before: tuple[CaravanView, ...]
    phase: str
    drew: bool


@dataclass(frozen=True)
class PlayerView:
    """The table as `seat` ("A", "B", or None for a spectator) sees it."""

    seat: str | None
    rules: Rules
    phase: str
    turn: str
    ply: int
    hand: tuple[Card, ...]  # the seat's own hand, in order; empty for a spectator
    deck_contents: tuple[Card, ...]  # what is left in the seat's own deck, order hidden (sorted)
    hand_sizes: tuple[int, int]  # A's, B's
    deck_sizes: tuple[int, int]
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]  # public, oldest first
    caravans: tuple[CaravanView, ...]  # A1, A2, A3, B1, B2, B3
    positions: tuple[str | None, ...]  # who wins each position now (R13)
    winner: str | None
    end_reason: str | None
    legal_moves: tuple[Move, ...]  # the seat's moves when it is to move, else empty
    last: LastMove | None = None  # the move just played, when the game has it (played, not pushed)

    def caravan(self, seat: str, number: int) -> CaravanView:
        return self.caravans[(0 if seat == "A" else 3) + number - 1]

    @property
    def opponent(self) -> str | None:
        if self.seat is None:
            return None
        return "B" if self.seat == "A" else "A"

    @property
    def my_turn(self) -> bool:
        return self.seat == self.turn and self.phase != OVER


def make_view(game: State, seat: str | None, moves: tuple[Move, ...]) -> PlayerView:
    """What `seat` sees of `game`, with `moves`, its legal moves (none when it is not to
    move: `Game.view` works them out)."""
    if seat not in ("A", "B", None):
        raise ValueError(f"A seat is 'A', 'B' or None, not {seat!r}.")
    own = 0 if seat == "A" else 1
    hand: tuple[Card, ...] = ()
    contents: tuple[Card, ...] = ()
    if seat is not None:
        hand = tuple(map(card_of, game.hands[own]))
        contents = tuple(map(card_of, sorted(game.decks[own])))
    discards, caravans, positions = _public(game)
    return PlayerView(
        seat=seat,
        rules=game.rules,
        phase=game.phase,
        turn=game.mover,
        ply=game.ply,
        hand=hand,
        deck_contents=contents,
        hand_sizes=(len(game.hands[0]), len(game.hands[1])),
        deck_sizes=(len(game.decks[0]), len(game.decks[1])),
        discards=discards,
        caravans=caravans,
        positions=positions,
        winner=game.winner,
        end_reason=game.end_reason,
        legal_moves=moves,
        last=_last_move(game),
    )


def _last_move(game: State) -> LastMove | None:
    """The move that made this position, as everyone saw it (None when the game does not
    know it: pushed, or read from a position); made from what `Game.play` kept, once."""
    held = game._last
    if held is None or held[0] != game.ply:
        return None
    if isinstance(held[1], LastMove):
        last: LastMove = held[1]
        return last
    move, changed, phase, drew = held[1]
    before = [game.caravans[0][:], game.caravans[1][:]]
    for seat, index, caravan in changed:
        before[seat][index] = caravan
    seen = tuple(before[s][n].public(SEATS[s], n + 1) for s in (0, 1) for n in (0, 1, 2))
    last = LastMove(move, seen, phase, drew)
    game._last = (game.ply, last)
    return last


_Public = tuple[
    tuple[tuple[Card, ...], tuple[Card, ...]],
    tuple[CaravanView, ...],
    tuple[str | None, str | None, str | None],
]


def _public(game: State) -> _Public:
    """The parts of every seat's view that are the same for all: made once per ply (every
    change to a game's state is a move, and every move adds one to `ply`), so the views of
    both players and the spectator after a move share them."""
    held = game._public
    if held is not None and held[0] == game.ply:
        public: _Public = held[1]
        return public
    public = (
        (game.discard_pile("A"), game.discard_pile("B")),
        tuple(game.caravan(s, n) for s in "AB" for n in (1, 2, 3)),
        game.positions(),
    )
    game._public = (game.ply, public)
    return public
