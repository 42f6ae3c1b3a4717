"""Every move object, made once at import and shared: the move generator only looks them up
(and picture-card moves onto long caravans are added on demand).

The tables are tuples indexed by card code (an entry a card of that kind never reads is
empty), and `Final`: an int indexes a tuple faster than it finds a dict entry, and mypyc
reads a `Final` table from a C static instead of the module's dictionary.
"""

from __future__ import annotations

from typing import Final

from engine.cards import JACK, JOKER, PICTURE_START, QUEEN, card_of
from engine.moves import SEATS, Move

CODES: Final = JOKER * 4 + 1  # every code is below this

NUMBER_MOVES: Final = tuple(
    tuple(Move.play(card_of(code), n) for n in (1, 2, 3)) if 4 <= code < PICTURE_START else ()
    for code in range(CODES)
)
QUEEN_MOVES: Final = tuple(
    tuple(tuple(Move.play(card_of(code), n, seat) for n in (1, 2, 3)) for seat in SEATS)
    if code >> 2 == QUEEN
    else ()
    for code in range(CODES)
)
DISCARD_MOVES: Final = tuple(
    Move.discard(card_of(max(code, 4))) for code in range(CODES)
)  # codes 0-3 are no card; their entries are never read
DISBAND_MOVES: Final = tuple(Move.disband(n) for n in (1, 2, 3))
RESTART_MOVES: Final = tuple(
    tuple(Move.disband(n, card_of(code)) for n in (1, 2, 3)) if 4 <= code < PICTURE_START else ()
    for code in range(CODES)
)


def _subsets(moves: tuple[Move, ...]) -> tuple[tuple[Move, ...], ...]:
    """The moves onto each subset of the three caravans, by bit mask (1: caravan 1, ...)."""
    if not moves:
        return ()
    return tuple(tuple(moves[ci] for ci in range(3) if mask >> ci & 1) for mask in range(8))


NUMBER_MOVE_SETS: Final = tuple(_subsets(moves) for moves in NUMBER_MOVES)
RESTART_MOVE_SETS: Final = tuple(_subsets(moves) for moves in RESTART_MOVES)
DISBAND_MOVE_SETS: Final = _subsets(DISBAND_MOVES)
# J, K and joker moves by card code, seat and caravan: list i is the move onto card i + 1,
# grown on demand (a caravan can be long with custom decks).
PICTURE_TABLES: Final[tuple[tuple[tuple[list[Move], ...], ...], ...]] = tuple(
    tuple(tuple([] for _ in range(3)) for _ in SEATS)
    if code >= JACK * 4 and code >> 2 != QUEEN
    else ()
    for code in range(CODES)
)

# The same moves as prefixes, so that the generator adds a caravan's moves without slicing:
# PICTURE_PREFIXES[code][seat][caravan][n] is the tuple of the moves onto its cards 1 to n.
PICTURE_PREFIXES: Final[tuple[tuple[tuple[list[tuple[Move, ...]], ...], ...], ...]] = tuple(
    tuple(tuple([()] for _ in range(3)) for _ in SEATS) if tables else ()
    for tables in PICTURE_TABLES
)


# The same lists by code and by the caravans a card may go on: [code][0] the six of A1-A3,
# B1-B3 (R7: anywhere), [code][1] and [code][2] A's three and B's three (foxon: the mover's
# own only). The generator walks them beside the caravans, in the same order.
PICTURE_REACH: Final[tuple[tuple[tuple[list[tuple[Move, ...]], ...], ...], ...]] = tuple(
    (tables[0] + tables[1], tables[0], tables[1]) if tables else () for tables in PICTURE_PREFIXES
)
QUEEN_REACH: Final[tuple[tuple[tuple[Move, ...], ...], ...]] = tuple(
    (moves[0] + moves[1], moves[0], moves[1]) if moves else () for moves in QUEEN_MOVES
)


def grow_picture_prefixes(code: int, seat: int, caravan: int, count: int) -> None:
    """Make the prefixes of picture card `code`'s moves onto a caravan up to `count` cards."""
    prefixes = PICTURE_PREFIXES[code][seat][caravan]
    moves = PICTURE_TABLES[code][seat][caravan]
    extend_picture_moves(moves, code, seat, caravan, count)
    while len(prefixes) <= count:
        prefixes.append(tuple(moves[: len(prefixes)]))


def grow_picture_prefixes_to(count: int) -> bool:
    """Make every picture card's prefixes onto every caravan up to `count` cards; whether
    any list grew."""
    grown = False
    for code, tables in enumerate(PICTURE_PREFIXES):
        for seat, side in enumerate(tables):
            for caravan, prefixes in enumerate(side):
                if len(prefixes) <= count:
                    grow_picture_prefixes(code, seat, caravan, count)
                    grown = True
    return grown


def extend_picture_moves(moves: list[Move], code: int, seat: int, caravan: int, count: int) -> None:
    while len(moves) < count:
        moves.append(Move.play(card_of(code), caravan + 1, SEATS[seat], len(moves) + 1))
