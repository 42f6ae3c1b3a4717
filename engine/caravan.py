"""A caravan: a column of number cards, each carrying the picture cards attached to it.

`Caravan` is the engine's mutable working form (card codes in plain lists, derived facts
cached); `CaravanView` is the frozen public value the renderer and the AI read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from engine.cards import KING, PICTURE_START, QUEEN, SUITS, Card, card_of
from engine.errors import NotationError

ASCENDING: Final = 1
DESCENDING: Final = -1
NO_DIRECTION: Final = 0
DIRECTION_NAMES = {ASCENDING: "ascending", DESCENDING: "descending", NO_DIRECTION: None}
SALE_MIN: Final = 21  # R12
SALE_MAX: Final = 26
MAX_ATTACHED: Final = 3  # R7, in the presets that have a limit


# R5 for one caravan: at each number card's code it takes 1, 2 and 4 (else 0), a tuple of
# each, so that the generator ors a card's bits for caravans 1-3 without shifting them.
Acceptance = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def _acceptance_tables() -> tuple[Acceptance, tuple[Acceptance, ...], tuple[Acceptance, ...]]:
    """R5 precomputed: which number cards may follow, as tuples indexed by card code (see
    `Acceptance`). The tables after one card are indexed by its code, after more by
    `_after_more(...)`. (Tuples of small ints rather than bit masks: a mask needs 44 bits,
    and CPython shifts and masks an int that wide slowly: 10% more instructions a random
    move; compiled, the same.)"""
    none: Acceptance = ((), (), ())
    after_one: list[Acceptance] = [none] * PICTURE_START
    after_more: list[Acceptance] = [none] * (PICTURE_START * 12)
    for last in range(4, PICTURE_START):
        after_one[last] = _row(last, NO_DIRECTION, -1)
        for direction in (ASCENDING, DESCENDING, NO_DIRECTION):
            for suit in range(4):
                after_more[_after_more(last, direction, suit)] = _row(last, direction, suit)
    return _row(0, NO_DIRECTION, -1), tuple(after_one), tuple(after_more)


def _row(last: int, direction: int, suit: int) -> Acceptance:
    """R5 after the number card `last` (0: none yet) with the caravan's `direction` and
    `suit` (-1: one card, which has neither)."""
    row = tuple(1 if _takes(code, last, direction, suit) else 0 for code in range(PICTURE_START))
    return row, tuple(bit << 1 for bit in row), tuple(bit << 2 for bit in row)


def _takes(code: int, last: int, direction: int, suit: int) -> bool:
    if code < 4:
        return False  # no card has codes 0-3
    if last == 0:
        return True
    rank, last_rank = code >> 2, last >> 2
    if rank == last_rank:
        return False
    return (
        suit < 0
        or code & 3 == suit
        or (direction == ASCENDING and rank > last_rank)
        or (direction == DESCENDING and rank < last_rank)
    )


def _after_more(last: int, direction: int, suit: int) -> int:
    """Where the table after two or more cards, the last `last`, is kept (ints index a
    tuple faster than a tuple key finds a dict entry, compiled or not)."""
    return last * 12 + (direction + 1) * 4 + suit


_TABLES = _acceptance_tables()
_ACCEPT_ANY: Final = _TABLES[0]
_ACCEPT_AFTER_ONE: Final = _TABLES[1]
_ACCEPT_AFTER_MORE: Final = _TABLES[2]


class Caravan:
    """One caravan's cards, with its value, direction and suit kept up to date (R6, R12).

    `held` is the direction a caravan keeps when a removal leaves its last two number cards
    of equal rank (R6's exception), stored before the Queens on the last card are applied,
    so that a Queen played later still reverses it; 0 when there is none to keep.
    """

    __slots__ = (
        "cards",
        "atts",
        "held",
        "value",
        "direction",
        "suit",
        "accepting",
        "crowded",
        "shown",
    )

    def __init__(self) -> None:
        self.cards: list[int] = []
        self.atts: list[list[int]] = []
        self.held = NO_DIRECTION
        self.value = 0
        self.direction = NO_DIRECTION
        self.suit = -1
        self.accepting = _ACCEPT_ANY
        self.crowded = False  # a card carries 3 or more picture cards (R7's limit)
        self.shown: CaravanView | None = None  # the public value, until the caravan changes

    def copy(self) -> Caravan:
        other = Caravan.__new__(Caravan)
        other.cards = self.cards[:]
        other.atts = [list(a) for a in self.atts]
        other.held = self.held
        other.value = self.value
        other.direction = self.direction
        other.suit = self.suit
        other.accepting = self.accepting
        other.crowded = self.crowded
        other.shown = self.shown
        return other

    def refresh(self, king_adds: bool, queen_sets_suit: bool) -> None:
        """Recompute value (R9, R12), direction (R6) and suit (R6, R10)."""
        self.shown = None
        cards = self.cards
        if not cards:
            self.value, self.direction, self.suit = 0, NO_DIRECTION, -1
            self.held = NO_DIRECTION
            self.accepting = _ACCEPT_ANY
            self.crowded = False
            return
        value = 0
        crowded = False
        for code, atts in zip(cards, self.atts):
            if len(atts) >= MAX_ATTACHED:
                crowded = True
            kings = 0
            for a in atts:
                if a >> 2 == KING:
                    kings += 1
            rank = code >> 2
            value += rank * (1 + kings) if king_adds else rank << kings
        self.value = value
        self.crowded = crowded
        last_atts = self.atts[-1]
        last = cards[-1]
        suit = last & 3
        queens = 0
        for a in last_atts:
            if a >> 2 == QUEEN:
                queens += 1
                if queen_sets_suit:
                    suit = a & 3
        self.suit = suit
        if len(cards) < 2:
            self.direction = NO_DIRECTION
            self.accepting = _ACCEPT_AFTER_ONE[last]
            return
        before, rank = cards[-2] >> 2, last >> 2
        if rank > before:
            direction = ASCENDING
        elif rank < before:
            direction = DESCENDING
        else:
            direction = self.held
        direction = -direction if queens & 1 else direction
        self.direction = direction
        self.accepting = _ACCEPT_AFTER_MORE[_after_more(last, direction, suit)]

    def push(self, code: int) -> None:
        """Add number card `code` at the end (R5 already checked): `refresh` in O(1)."""
        self.shown = None
        cards = self.cards
        cards.append(code)
        self.atts.append([])
        self.held = NO_DIRECTION
        self.value += code >> 2
        self.suit = code & 3
        if len(cards) < 2:
            self.direction = NO_DIRECTION
            self.accepting = _ACCEPT_AFTER_ONE[code]
            return
        direction = ASCENDING if code >> 2 > cards[-2] >> 2 else DESCENDING
        self.direction = direction
        self.accepting = _ACCEPT_AFTER_MORE[_after_more(code, direction, code & 3)]

    def accepts(self, code: int) -> bool:
        """R5: may number card `code` go at the end of this caravan?"""
        return code < PICTURE_START and self.accepting[0][code] == 1

    def hold_direction(self, before: int) -> None:
        """R6's exception: after a removal, equal last ranks keep the direction `before`."""
        cards = self.cards
        if len(cards) >= 2 and cards[-1] >> 2 == cards[-2] >> 2:
            queens = sum(1 for a in self.atts[-1] if a >> 2 == QUEEN)
            self.held = -before if queens & 1 else before
        else:
            self.held = NO_DIRECTION

    def notation(self) -> str:
        """This caravan in notation: `Ah 5h[Kd] 9c[Qs,Kd,X]`, with ` ^`/` v` after equal
        last ranks (the caravan's current direction)."""
        parts = []
        for code, atts in zip(self.cards, self.atts):
            text = str(card_of(code))
            if atts:
                text += "[" + ",".join(str(card_of(a)) for a in atts) + "]"
            parts.append(text)
        cards = self.cards
        if len(cards) >= 2 and cards[-1] >> 2 == cards[-2] >> 2 and self.direction:
            parts.append("^" if self.direction == ASCENDING else "v")
        return " ".join(parts)

    def public(self, owner: str, number: int) -> CaravanView:
        """The frozen public value of this caravan, made once per change."""
        shown = self.shown
        if shown is not None and shown.owner == owner and shown.number == number:
            return shown
        placed = tuple(
            PlacedCard(card_of(code), tuple(card_of(a) for a in atts))
            for code, atts in zip(self.cards, self.atts)
        )
        shown = self.shown = CaravanView(
            owner=owner,
            number=number,
            cards=placed,
            value=self.value,
            direction=DIRECTION_NAMES[self.direction],
            suit=SUITS[self.suit] if self.suit >= 0 else None,
            notation=self.notation(),
        )
        return shown


_SPACES_AROUND = re.compile(r"\s*([\[,])\s*|\s*(\])")
_TOKEN = re.compile(r"^([^\[\],]+)(?:\[([^\[\]]*)\])?$")


def parse_caravan(text: object, king_adds: bool = False, queen_sets_suit: bool = True) -> Caravan:
    """Read a caravan in notation; raises NotationError on a bad token, a picture card in
    the column or a number card among the attachments."""
    if not isinstance(text, str):
        raise NotationError("A caravan is written as text, such as 'Ah 5h[Kd] 9c[Qs]'.")
    tokens = _SPACES_AROUND.sub(lambda m: m.group(1) or m.group(2), text.strip()).split()
    marker = NO_DIRECTION
    if tokens and tokens[-1] in ("^", "v", "V"):
        marker = ASCENDING if tokens.pop() == "^" else DESCENDING
    caravan = Caravan()
    for token in tokens:
        found = _TOKEN.match(token)
        if not found:
            raise NotationError(f"{token!r} in caravan {text!r} is not a card with attachments.")
        card = Card.parse(found.group(1))
        if not card.is_number:
            raise NotationError(
                f"{card} stands in the column of caravan {text!r}; picture cards are attached "
                "in brackets after a number card."
            )
        attached = []
        if found.group(2) is not None:
            for part in found.group(2).split(","):
                picture = Card.parse(part)
                if not picture.is_picture:
                    raise NotationError(
                        f"{picture} is attached in caravan {text!r}; only picture cards attach."
                    )
                attached.append(picture.code)
        caravan.cards.append(card.code)
        caravan.atts.append(attached)
    caravan.hold_direction(marker)  # the marker is only read after equal last ranks
    caravan.refresh(king_adds, queen_sets_suit)
    return caravan


def position_winner(a: int, b: int) -> int:
    """R13 for one position, from the values of A's and B's caravans there: 0 if A's
    caravan wins it, 1 if B's does, -1 if neither (not for sale, or equal values)."""
    if SALE_MIN <= a <= SALE_MAX:
        if SALE_MIN <= b <= SALE_MAX:
            return 0 if a > b else 1 if b > a else -1
        return 0
    return 1 if SALE_MIN <= b <= SALE_MAX else -1


def positions_won(values: tuple[int, ...]) -> tuple[int, int, int]:
    """R13 for the three positions, from the values of A1, A2, A3, B1, B2, B3."""
    return (
        position_winner(values[0], values[3]),
        position_winner(values[1], values[4]),
        position_winner(values[2], values[5]),
    )


def sale_winner(caravans: list[list[Caravan]]) -> int:
    """R13: the seat that wins the game if all three positions are won (two or three of
    them its own), else -1. Most positions end at the first check (position 1 unsold)."""
    a, b = caravans
    a1, b1 = a[0].value, b[0].value
    if not (SALE_MIN <= a1 <= SALE_MAX or SALE_MIN <= b1 <= SALE_MAX):
        return -1  # most positions: neither caravan at position 1 is for sale
    first = position_winner(a1, b1)
    if first < 0:
        return -1
    second = position_winner(a[1].value, b[1].value)
    if second < 0:
        return -1
    third = position_winner(a[2].value, b[2].value)
    if third < 0:
        return -1
    return 0 if (first == 0) + (second == 0) + (third == 0) >= 2 else 1


@dataclass(frozen=True)
class PlacedCard:
    """A number card in a caravan and the picture cards attached to it, in play order."""

    card: Card
    attached: tuple[Card, ...] = ()


@dataclass(frozen=True)
class CaravanView:
    """What anyone at the table sees of one caravan."""

    owner: str
    number: int
    cards: tuple[PlacedCard, ...]
    value: int
    direction: str | None
    suit: str | None
    notation: str

    @property
    def for_sale(self) -> bool:
        """R12: value 21 to 26 inclusive."""
        return SALE_MIN <= self.value <= SALE_MAX

    @property
    def name(self) -> str:
        return f"{self.owner}{self.number}"

    def __str__(self) -> str:
        return self.notation
