"""Every move object, made once at import and shared: the move generator only looks them up
(and picture-card moves onto long caravans are added on demand)."""

from __future__ import annotations

from engine.cards import JACK, JOKER, QUEEN, TEN, card_of
from engine.moves import SEATS, Move

NUMBER_MOVES = {
    code: tuple(Move.play(card_of(code), n) for n in (1, 2, 3)) for code in range(4, 44)
}
QUEEN_MOVES = {
    code: tuple(tuple(Move.play(card_of(code), n, seat) for n in (1, 2, 3)) for seat in SEATS)
    for code in range(QUEEN * 4, QUEEN * 4 + 4)
}
DISCARD_MOVES = {code: Move.discard(card_of(code)) for code in range(4, JOKER * 4 + 1)}
DISBAND_MOVES = tuple(Move.disband(n) for n in (1, 2, 3))
RESTART_MOVES = {
    code: tuple(Move.disband(n, card_of(code)) for n in (1, 2, 3)) for code in range(4, 44)
}
PICTURE_START = (TEN + 1) * 4  # codes below this are number cards


def _subsets(moves: tuple[Move, ...]) -> tuple[tuple[Move, ...], ...]:
    """The moves onto each subset of the three caravans, by bit mask (1: caravan 1, ...)."""
    return tuple(tuple(moves[ci] for ci in range(3) if mask >> ci & 1) for mask in range(8))


NUMBER_MOVE_SETS = {code: _subsets(moves) for code, moves in NUMBER_MOVES.items()}
RESTART_MOVE_SETS = {code: _subsets(moves) for code, moves in RESTART_MOVES.items()}
DISBAND_MOVE_SETS = _subsets(DISBAND_MOVES)
# J, K and joker moves by card code, seat and caravan: list i is the move onto card i + 1,
# grown on demand (a caravan can be long with custom decks).
PICTURE_TABLES: dict[int, tuple[tuple[list[Move], ...], ...]] = {
    code: tuple(tuple([] for _ in range(3)) for _ in SEATS)
    for code in range(JACK * 4, JOKER * 4 + 1)
    if code >> 2 != QUEEN
}


def extend_picture_moves(moves: list[Move], code: int, seat: int, caravan: int, count: int) -> None:
    while len(moves) < count:
        moves.append(Move.play(card_of(code), caravan + 1, SEATS[seat], len(moves) + 1))
