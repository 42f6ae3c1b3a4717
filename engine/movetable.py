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


def grow_picture_prefixes(code: int, seat: int, caravan: int, count: int) -> None:
    """Make the prefixes of picture card `code`'s moves onto a caravan up to `count` cards."""
    prefixes = PICTURE_PREFIXES[code][seat][caravan]
    moves = PICTURE_TABLES[code][seat][caravan]
    extend_picture_moves(moves, code, seat, caravan, count)
    while len(prefixes) <= count:
        prefixes.append(tuple(moves[: len(prefixes)]))


def extend_picture_moves(moves: list[Move], code: int, seat: int, caravan: int, count: int) -> None:
    while len(moves) < count:
        moves.append(Move.play(card_of(code), caravan + 1, SEATS[seat], len(moves) + 1))
