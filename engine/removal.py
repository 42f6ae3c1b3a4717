"""Cards leaving the table: a Jack's (R8) and a joker's (R11), with what they carry.

Functions of the table's lists (a `Game`'s `caravans` and `discards`, indexed by seat), so
that `Game._apply` hands them what it holds; they return the event's removals when asked
to record them.
"""

from __future__ import annotations

from engine.caravan import Caravan
from engine.cards import ACE, card_of
from engine.events import Removal
from engine.moves import SEATS
from engine.rules import Variant

# Number cards to take off, by caravan (seat, index) and then by position in it.
Doomed = dict[tuple[int, int], set[int]]


def joker_removals(
    caravans: list[list[Caravan]],
    discards: list[list[int]],
    variant: Variant,
    target: tuple[int, int, int],
    record: bool,
) -> list[Removal]:
    """R11: a joker on the number card at `target` (seat, caravan index, card index) removes
    every other number card of that card's rank (of its printed suit, for an Ace); in foxon
    the target goes too and Aces follow the rank rule."""
    t, ci, index = target
    code_hit = caravans[t][ci].cards[index]
    by_rank_only = variant.joker_by_rank_only
    by_suit = code_hit >> 2 == ACE and not by_rank_only
    doomed: Doomed = {}
    for side in (0, 1):
        for cj, caravan in enumerate(caravans[side]):
            for i, code in enumerate(caravan.cards):
                if side == t and cj == ci and i == index:
                    hit = by_rank_only
                elif by_suit:
                    hit = code & 3 == code_hit & 3
                else:
                    hit = code >> 2 == code_hit >> 2
                if hit:
                    doomed.setdefault((side, cj), set()).add(i)
    if (t, ci) not in doomed:
        caravans[t][ci].refresh(variant.king_adds, variant.queen_sets_suit)
    return remove(caravans, discards, variant, doomed, record)


def remove(
    caravans: list[list[Caravan]],
    discards: list[list[int]],
    variant: Variant,
    doomed: Doomed,
    record: bool,
) -> list[Removal]:
    """Take number cards off caravans with their attachments, to the discard pile of
    the caravan's owner (R8, G3), keeping R6's direction after equal last ranks.
    Returns what was removed when `record` (the event's), else nothing."""
    removals = []
    king_adds, queen_sets_suit = variant.king_adds, variant.queen_sets_suit
    for side, ci in sorted(doomed):
        indices = doomed[(side, ci)]
        caravan = caravans[side][ci]
        before = caravan.direction
        pile = discards[side]
        cards, atts = [], []
        for i, (code, attached) in enumerate(zip(caravan.cards, caravan.atts)):
            if i in indices:
                pile.append(code)
                pile.extend(attached)
                if record:
                    removals.append(
                        Removal(
                            card_of(code),
                            SEATS[side],
                            ci + 1,
                            i + 1,
                            tuple(card_of(a) for a in attached),
                        )
                    )
            else:
                cards.append(code)
                atts.append(attached)
        caravan.cards, caravan.atts = cards, atts
        caravan.hold_direction(before)  # R6's exception
        caravan.refresh(king_adds, queen_sets_suit)
    return removals
