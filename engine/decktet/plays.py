"""Plays of Decktet Caravan: caravans (D5), bandits (D6), passing, and which beats which.

A play is written as its cards joined by `+`, each wild with the rank it stands for:
`3MV+4MS+AM=5` is a caravan of three (the Ace of Moons standing for 5), `CrS` a Crown
bandit, `AM+CrS` an Ace-and-Crown bandit, `pass` a pass. Reading accepts the cards in any
order and spaces around `+`; writing puts a caravan in rank order and a bandit Ace first.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.decktet.cards import DCard, parse_card
from engine.errors import IllegalMoveError, NotationError

CARAVAN, BANDIT, PASS = "caravan", "bandit", "pass"
# Bandit tiers (D6): a single Ace < a single Crown < an Ace and a Crown of different suits
# < an Ace and the Crown of the same suit.
SINGLE_ACE, SINGLE_CROWN, MIXED_PAIR, SUITED_PAIR = 1, 2, 3, 4
TIER_NAMES = {
    SINGLE_ACE: "an Ace bandit",
    SINGLE_CROWN: "a Crown bandit",
    MIXED_PAIR: "an Ace-and-Crown bandit",
    SUITED_PAIR: "a same-suit Ace-and-Crown bandit",
}


@dataclass(frozen=True)
class Play:
    """Cards put down together. For a caravan, `ranks` gives the rank each card stands for
    (a numbered card's own rank; a wild's chosen rank), in run order; a bandit's `ranks` is
    empty, and so are both for a pass."""

    cards: tuple[DCard, ...]
    ranks: tuple[int, ...] = ()

    @property
    def kind(self) -> str:
        if not self.cards:
            return PASS
        return CARAVAN if self.ranks else BANDIT

    @property
    def is_pass(self) -> bool:
        return not self.cards

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> int:
        """A caravan's highest rank (what D6 compares)."""
        return max(self.ranks) if self.ranks else 0

    @property
    def tier(self) -> int:
        """A bandit's tier (D6); 0 for anything else."""
        if self.kind != BANDIT:
            return 0
        if len(self.cards) == 1:
            return SINGLE_ACE if self.cards[0].is_ace else SINGLE_CROWN
        return SUITED_PAIR if self.cards[0].suits == self.cards[1].suits else MIXED_PAIR

    def beats(self, last: Play | None) -> bool:
        """Whether this play may follow `last` (None: it leads a season, D4)."""
        if self.is_pass:
            return last is not None
        if last is None:
            return self.kind == CARAVAN
        if self.kind == BANDIT:
            return last.kind == CARAVAN or self.tier > last.tier
        return last.kind == CARAVAN and last.length == self.length and self.top > last.top

    def __str__(self) -> str:
        if self.is_pass:
            return PASS
        if self.kind == BANDIT:
            return "+".join(str(c) for c in self.cards)
        return "+".join(f"{c}={r}" if c.is_wild else str(c) for c, r in zip(self.cards, self.ranks))

    def words(self) -> str:
        """The play for people: "a caravan of 3 to 5", "a Crown bandit", "pass"."""
        if self.is_pass:
            return "pass"
        if self.kind == BANDIT:
            return TIER_NAMES[self.tier]
        if self.length == 1:
            return f"a caravan of one ({self.top})"
        return f"a caravan of {self.length}, {min(self.ranks)} to {self.top}"


PASS_PLAY = Play(())


def caravan(cards: Sequence[DCard], ranks: Sequence[int]) -> Play:
    """The caravan of `cards` standing for `ranks` (sorted into run order), checked by D5;
    raises IllegalMoveError with the reason."""
    pairs = sorted(zip(ranks, cards, strict=True), key=lambda p: (p[0], p[1].index))
    for rank, card in pairs:
        if card.is_wild and rank not in range(2, 10):
            raise IllegalMoveError(
                f"A wild card stands for a rank from 2 to 9, not {rank} (D5).",
                "wild_rank",
                rank=rank,
            )
        if not card.is_wild and rank != card.rank:
            raise IllegalMoveError(
                f"{card} is a {card.rank}; only Aces and Crowns are wild.",
                "not_wild",
                card=card,
                rank=card.rank,
            )
    if all(card.is_wild for _, card in pairs):
        raise IllegalMoveError(
            "A caravan needs at least one numbered card (D5).", "caravan_needs_number"
        )
    for (low, lower), (high, upper) in itertools.pairwise(pairs):
        if high != low + 1:
            raise IllegalMoveError(
                f"A caravan is a run of consecutive ranks; {low} and {high} are not (D5).",
                "caravan_not_run",
                low=low,
                high=high,
            )
        if not lower.shares_suit(upper):
            raise IllegalMoveError(
                f"Neighbours in a caravan share a suit; {lower} and {upper} do not (D5).",
                "caravan_suits",
                lower=lower,
                upper=upper,
            )
    return Play(tuple(c for _, c in pairs), tuple(r for r, _ in pairs))


def bandit(cards: Sequence[DCard]) -> Play:
    """The bandit of `cards` (D6), Ace first; raises IllegalMoveError when it is none."""
    if len(cards) == 1 and cards[0].is_wild:
        return Play((cards[0],))
    if len(cards) == 2:
        aces = [c for c in cards if c.is_ace]
        crowns = [c for c in cards if c.is_crown]
        if len(aces) == 1 and len(crowns) == 1:
            return Play((aces[0], crowns[0]))
    raise IllegalMoveError(
        "A bandit is a single Ace, a single Crown, or one Ace with one Crown (D6).", "not_a_bandit"
    )


def parse_play(text: str) -> Play:
    """A play from its notation; raises NotationError, or IllegalMoveError for readable
    cards that make no caravan or bandit."""
    raw = text.strip()
    if raw.lower() == PASS:
        return PASS_PLAY
    if not raw:
        raise NotationError(
            "An empty play: write cards joined by + (e.g. 4MS+5ML), or pass.", "empty_play"
        )
    cards: list[DCard] = []
    ranks: list[int | None] = []
    for part in raw.split("+"):
        name, _, rank = part.partition("=")
        card = parse_card(name)
        if card in cards:
            raise NotationError(
                f"{card} is named twice in {raw!r}.", "card_named_twice", card=card, text=raw
            )
        cards.append(card)
        if not rank.strip():
            ranks.append(None if card.is_wild else card.rank)
        elif rank.strip().isdigit():
            ranks.append(int(rank.strip()))
        else:
            raise NotationError(
                f"{part.strip()!r}: a wild's rank is a number (e.g. AM=5).",
                "wild_rank_not_number",
                text=part.strip(),
            )
    if all(c.is_wild for c in cards) and all(r is None for r in ranks):
        return bandit(cards)
    missing = [c for c, r in zip(cards, ranks) if r is None]
    if missing:
        raise NotationError(
            f"Say which rank {missing[0]} stands for in this caravan (e.g. {missing[0]}=5).",
            "wild_rank_missing",
            card=missing[0],
        )
    return caravan(cards, [r for r in ranks if r is not None])


def caravans(hand: Iterable[DCard], length: int | None = None, above: int = 0) -> list[Play]:
    """Every caravan `hand` can make (D5), each wild assignment a play of its own; only of
    `length` cards and with a top rank above `above` when given."""
    held = sorted(hand)
    numbered: dict[int, list[DCard]] = {}
    for card in held:
        if not card.is_wild:
            numbered.setdefault(card.rank, []).append(card)
    wilds = [c for c in held if c.is_wild]
    found: list[Play] = []

    def extend(rank: int, stop: int, chosen: list[DCard], ranks: list[int]) -> None:
        if rank > stop:
            if any(not c.is_wild for c in chosen):
                found.append(Play(tuple(chosen), tuple(ranks)))
            return
        previous = chosen[-1] if chosen else None
        for card in numbered.get(rank, []) + [w for w in wilds if w not in chosen]:
            if previous is None or previous.shares_suit(card):
                chosen.append(card)
                ranks.append(rank)
                extend(rank + 1, stop, chosen, ranks)
                chosen.pop()
                ranks.pop()

    lengths = [length] if length is not None else list(range(1, 9))
    for size in lengths:
        for low in range(2, 11 - size):
            high = low + size - 1
            if high > above:
                extend(low, high, [], [])
    return found


def bandits(hand: Iterable[DCard], above: int = 0) -> list[Play]:
    """Every bandit `hand` can make (D6) of a tier above `above`."""
    aces = [c for c in sorted(hand) if c.is_ace]
    crowns = [c for c in sorted(hand) if c.is_crown]
    found = [Play((c,)) for c in aces + crowns]
    found += [Play((a, c)) for a in aces for c in crowns]
    return [play for play in found if play.tier > above]


def legal_plays(hand: Sequence[DCard], last: Play | None) -> list[Play]:
    """What a player holding `hand` may do after `last` (None: lead a season, D4): lead
    any caravan; else beat `last` (D6) or pass."""
    if last is None:
        return caravans(hand)
    if last.kind == BANDIT:
        return [*bandits(hand, last.tier), PASS_PLAY]
    return [*caravans(hand, last.length, last.top), *bandits(hand), PASS_PLAY]
