"""Cards: a small frozen value with a two-character notation (`7h`, `Td`, `Qs`, `X`).

Inside the engine a card is also an integer code, `rank * 4 + suit index`, so that the
rules run on plain ints; `Card.code` and `card_of(code)` convert between the two.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from engine.errors import NotationError

SUITS = "cdhs"
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_TEXT = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King", 14: "Joker"}

# Final: mypyc compiles these to constants instead of a module dictionary lookup each use.
ACE: Final = 1
TEN: Final = 10
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
JOKER: Final = 14
JOKER_CODE: Final = JOKER * 4
PICTURE_START: Final = (TEN + 1) * 4  # codes below this are number cards (0-3: no card)

_RANK_OF_TEXT = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_RANK_OF_TEXT.update({str(n): n for n in range(2, 10)})


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Number cards are A (rank 1) to 10; J, Q, K (11-13) and the joker
    (rank 14, no suit) are picture cards (R1)."""

    rank: int
    suit: str | None
    code: int = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        if self.rank == JOKER:
            if self.suit is not None:
                raise NotationError("A joker has no suit.")
            code = JOKER_CODE
        else:
            if not 1 <= self.rank <= KING:
                raise NotationError(f"There is no card of rank {self.rank}.")
            if self.suit is None or self.suit not in SUITS or len(self.suit) != 1:
                raise NotationError(f"A card's suit is one of c, d, h, s, not {self.suit!r}.")
            code = self.rank * 4 + SUITS.index(self.suit)
        object.__setattr__(self, "code", code)

    @staticmethod
    def parse(text: object) -> Card:
        """Read one card (`7h`, `10d`, `td`, `X`); raises NotationError naming the text."""
        if not isinstance(text, str):
            raise NotationError(f"A card is written as text, such as 7h or X, not {text!r}.")
        token = text.strip()
        upper = token.upper()
        if upper == "X":
            return CARDS[JOKER_CODE]
        rank = _RANK_OF_TEXT.get(upper[:-1])
        suit = token[-1:].lower()
        if rank is None or suit not in SUITS or not suit:
            raise NotationError(
                f"{text!r} is not a card: write a rank (A 2-9 T J Q K) and a suit (c d h s), "
                "or X for a joker.",
                "not_a_card",
                text=text,
            )
        return CARDS[rank * 4 + SUITS.index(suit)]

    @property
    def is_number(self) -> bool:
        """A, 2-10: the cards that make up a caravan's column."""
        return self.rank <= TEN

    @property
    def is_picture(self) -> bool:
        """J, Q, K and the joker: cards that attach to a number card."""
        return self.rank > TEN

    @property
    def name(self) -> str:
        """A spoken name for narration: `7 of hearts`, `Queen of spades`, `Joker`."""
        if self.rank == JOKER:
            return "Joker"
        assert self.suit is not None
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        if self.rank == JOKER:
            return "X"
        return f"{RANK_TEXT.get(self.rank, str(self.rank))}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: dict[int, Card] = {}
for _rank in range(1, KING + 1):
    for _suit in SUITS:
        _card = Card(_rank, _suit)
        CARDS[_card.code] = _card
CARDS[JOKER_CODE] = Card(JOKER, None)

NUMBER_CODES = tuple(code for code in CARDS if code >> 2 <= TEN)
PICTURE_CODES = tuple(code for code in CARDS if code >> 2 > TEN)


card_of: Callable[[int], Card] = CARDS.__getitem__  # the Card for an internal code


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by white space (`"7h Qs X"`); the empty string is no cards."""
    return [Card.parse(token) for token in text.split()]


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    """Cards in canonical notation separated by single spaces."""
    return " ".join(str(card) for card in cards)


def standard_deck(jokers: int, *, tens: bool = True) -> list[Card]:
    """One player's standard deck (R1): 52 cards (48 without tens) plus `jokers` jokers."""
    cards = [card for code, card in CARDS.items() if code != JOKER_CODE]
    if not tens:
        cards = [card for card in cards if card.rank != TEN]
    return cards + [CARDS[JOKER_CODE]] * jokers
