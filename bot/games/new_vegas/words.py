"""Caravan (New Vegas) in words: the line under each table image and its screen-reader summary.

Everything here reads public facts only (a `MoveEvent` without its draw, a `PlayerView`), so
a sentence can never give away a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.games.words import result
from bot.render.style import SUIT_WORDS, card_words
from engine import Card, MoveEvent, PlayerView, Removal
from engine.caravan import CaravanView

CardText = Callable[[Card], str]  # how cards are written: words, or signs in images


def _index(seat: str, number: int) -> int:
    return (0 if seat == "A" else 3) + number - 1


def describe(event: MoveEvent, names: Mapping[str, str], cards: CardText = card_words) -> str:
    """One sentence for what a move did, e.g. "Bob played King of spades on Alice's 9 of
    clubs in caravan 2: 9 → 18" (`cards`: `card_label` for the signs, in images)."""
    mover = names[event.mover]
    move = event.move
    if move.action == "discard":
        assert event.discarded is not None
        line = f"{mover} discarded {cards(event.discarded)}."
    elif move.action == "disband":
        assert move.caravan is not None
        count = len(event.disbanded)
        line = f"{mover} disbanded caravan {move.caravan} ({count} card{'s' * (count != 1)})"
        if event.placed is not None:
            line += f" and restarted it with {cards(event.placed)}"
        line += "."
    else:
        line = _play(event, names, cards)
    if event.reshuffled:
        line += f" {mover}'s discard pile was shuffled into a new deck."
    for position in event.sold:
        winner = event.positions_after[position - 1]
        assert winner is not None
        line += f" {names[winner]} now takes position {position}."
    if event.winner is not None:
        line += " " + result(event.winner, event.end_reason, names, event.positions_after)
    return line


def _play(event: MoveEvent, names: Mapping[str, str], cards: CardText) -> str:
    assert event.placed is not None and event.target is not None
    mover = names[event.mover]
    placed = cards(event.placed)
    owner, number, _ = event.target
    index = _index(owner, number)
    before, after = event.values_before[index], event.values_after[index]
    if event.placed.is_number:
        if not event.main_phase:
            return f"{mover} started caravan {number} with {placed}."
        return f"{mover} played {placed} on caravan {number}: {before} \u2192 {after}."
    assert event.onto is not None
    onto = cards(event.onto)
    whose = "their own" if owner == event.mover else f"{names[owner]}'s"
    if not event.removed:
        return (
            f"{mover} played {placed} on {whose} {onto} in caravan {number}: "
            f"{before} \u2192 {after}."
        )
    gone = _and(
        [f"{names[r.owner]}'s {cards(r.card)}{_with(_others(r, event))}" for r in event.removed]
    )
    places = sorted({(r.owner, r.caravan) for r in event.removed})
    changes = "; ".join(
        f"{names[s]}'s caravan {n}: {event.values_before[_index(s, n)]} \u2192 "
        f"{event.values_after[_index(s, n)]}"
        for s, n in places
    )
    if event.placed.rank == 11 and len(event.removed) == 1 and event.removed[0].card == event.onto:
        return f"{mover}'s {placed} removed {gone} ({changes})."
    return f"{mover}'s {placed} on {whose} {onto} removed {gone} ({changes})."


def _others(removal: Removal, event: MoveEvent) -> tuple[Card, ...]:
    """What was attached to a removed card, less the Jack that removed it."""
    attached = list(removal.attached)
    if (removal.owner, removal.caravan, removal.index) == event.target and event.placed in attached:
        attached.remove(event.placed)
    return tuple(attached)


def _with(attached: tuple[object, ...]) -> str:
    return f" with {len(attached)} picture card{'s' * (len(attached) != 1)}" if attached else ""


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def caravan_words(caravan: CaravanView) -> str:
    """ "18 descending clubs, 3 cards" for screen readers."""
    if not caravan.cards:
        return "empty"
    parts = [str(caravan.value)]
    if caravan.direction:
        parts.append(caravan.direction)
    if caravan.suit:
        parts.append(SUIT_WORDS[caravan.suit])
    count = len(caravan.cards)
    words = " ".join(p for p in parts if p) + f", {count} card{'s' * (count != 1)}"
    if caravan.for_sale:
        words += ", for sale"
    elif caravan.value > 26:
        words += ", overweight"
    return words


def no_lead(a: CaravanView, b: CaravanView) -> str:
    """Why neither caravan of a position leads it (R13): equal sales, or neither for sale."""
    if a.for_sale and b.for_sale:
        return f"tied at {a.value}"
    return "neither for sale"


def summary(view: PlayerView, names: Mapping[str, str]) -> str:
    """The table in one short paragraph: each position, who leads it, whose turn."""
    lines = []
    for number in (1, 2, 3):
        a, b = view.caravan("A", number), view.caravan("B", number)
        lead = view.positions[number - 1]
        leader = f"{names[lead]} leads" if lead else no_lead(a, b)
        lines.append(
            f"Position {number}: {names['A']} {caravan_words(a)}; "
            f"{names['B']} {caravan_words(b)}; {leader}."
        )
    if view.phase == "over":
        lines.append(result(view.winner, view.end_reason, names, view.positions))
    else:
        lines.append(f"{names[view.turn]} to move.")
    return " ".join(lines)
