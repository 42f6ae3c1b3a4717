"""The basic Decktet: 36 cards in six suits (shared/DECKTET.md), and their notation.

A card is written as its rank and its suits' letters in the standard order
(Moons M, Suns S, Waves V, Leaves L, Wyrms Y, Knots K): `AM` is the Ace of Moons, `CrM` the
Crown of Moons (the Huntress), `5ML` the Forest. Reading is forgiving about case and the
order of the suit letters (`5lm` is the Forest too); writing is always canonical.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError

SUITS = "MSVLYK"
SUIT_NAMES = {
    "M": "Moons",
    "S": "Suns",
    "V": "Waves",
    "L": "Leaves",
    "Y": "Wyrms",
    "K": "Knots",
}
ACE, CROWN = 1, 10
RANK_NAMES = {ACE: "Ace", CROWN: "Crown"}
WILD_RANKS = range(2, 10)  # what an Ace or a Crown may stand for in a caravan (D5)

# The numbered cards, rank by rank: (suits, name).
_NUMBERED: dict[int, tuple[tuple[str, str], ...]] = {
    2: (("MK", "the Author"), ("SY", "the Desert"), ("VL", "the Origin")),
    3: (("MV", "the Journey"), ("SK", "the Painter"), ("LY", "the Savage")),
    4: (("MS", "the Mountain"), ("VL", "the Sailor"), ("YK", "the Battle")),
    5: (("ML", "the Forest"), ("SV", "the Discovery"), ("YK", "the Soldier")),
    6: (("MV", "the Lunatic"), ("SY", "the Penitent"), ("LK", "the Market")),
    7: (("ML", "the Chance Meeting"), ("SK", "the Castle"), ("VY", "the Cave")),
    8: (("MS", "the Diplomat"), ("VL", "the Mill"), ("YK", "the Betrayal")),
    9: (("MS", "the Pact"), ("VY", "the Darkness"), ("LK", "the Merchant")),
}
_CROWN_NAMES = {
    "M": "the Huntress",
    "S": "the Bard",
    "V": "the Sea",
    "L": "the End",
    "Y": "the Calamity",
    "K": "the Windfall",
}


@dataclass(frozen=True, order=True)
class DCard:
    """One card. Cards order by `index`, the deck order: Aces, then rank by rank, Crowns."""

    index: int
    rank: int  # 1 for an Ace, 2-9, 10 for a Crown
    suits: str  # one or two suit letters, in the standard order
    name: str

    def __str__(self) -> str:
        if self.rank == ACE:
            return f"A{self.suits}"
        if self.rank == CROWN:
            return f"Cr{self.suits}"
        return f"{self.rank}{self.suits}"

    def __repr__(self) -> str:
        return f"DCard({self})"

    @property
    def is_wild(self) -> bool:
        """Aces and Crowns: wild in a caravan (D5), the pieces of a bandit (D6)."""
        return self.rank in (ACE, CROWN)

    @property
    def is_ace(self) -> bool:
        return self.rank == ACE

    @property
    def is_crown(self) -> bool:
        return self.rank == CROWN

    def shares_suit(self, other: DCard) -> bool:
        return any(suit in other.suits for suit in self.suits)

    @property
    def title(self) -> str:
        """The card in words: "Ace of Moons", "the Forest (5, Moons and Leaves)"."""
        suits = " and ".join(SUIT_NAMES[s] for s in self.suits)
        if self.rank == ACE:
            return f"Ace of {suits}"
        if self.rank == CROWN:
            return f"{self.name} (Crown of {suits})"
        return f"{self.name} ({self.rank}, {suits})"


def _build() -> tuple[DCard, ...]:
    cards: list[tuple[int, str, str]] = [(ACE, s, f"Ace of {SUIT_NAMES[s]}") for s in SUITS]
    for rank, entries in _NUMBERED.items():
        cards += [(rank, suits, name) for suits, name in entries]
    cards += [(CROWN, s, _CROWN_NAMES[s]) for s in SUITS]
    return tuple(DCard(i, rank, suits, name) for i, (rank, suits, name) in enumerate(cards))


DECK: tuple[DCard, ...] = _build()
WILDS: tuple[DCard, ...] = tuple(c for c in DECK if c.is_wild)
NUMBERED: tuple[DCard, ...] = tuple(c for c in DECK if not c.is_wild)
_BY_KEY = {(c.rank, frozenset(c.suits)): c for c in DECK}


def parse_card(text: str) -> DCard:
    """A card from its notation (`AM`, `CrM`, `5ML`); raises NotationError."""
    raw = text.strip()
    upper = raw.upper()
    if upper.startswith("CR"):
        rank, letters = CROWN, upper[2:]
    elif upper.startswith("A"):
        rank, letters = ACE, upper[1:]
    elif upper[:1] and upper[0] in "23456789":
        rank, letters = int(upper[0]), upper[1:]
    else:
        raise NotationError(
            f"{raw!r} is not a Decktet card (e.g. AM, CrM, 5ML).", "not_a_decktet_card", text=raw
        )
    if not letters or any(s not in SUITS for s in letters) or len(set(letters)) != len(letters):
        raise NotationError(
            f"{raw!r} is not a Decktet card: the suits are letters of {SUITS} (e.g. 5ML).",
            "not_a_decktet_card",
            text=raw,
        )
    card = _BY_KEY.get((rank, frozenset(letters)))
    if card is None:
        raise NotationError(
            f"There is no card {raw!r} in the Decktet.", "no_such_decktet_card", text=raw
        )
    return card


def points(card: DCard, indicators: tuple[DCard, ...]) -> int:
    """What collecting `card` scores (D2): +1 for each face-up Crown it shares a suit with,
    -1 for each face-up Ace."""
    return sum(
        (1 if indicator.is_crown else -1) for indicator in indicators if card.shares_suit(indicator)
    )
