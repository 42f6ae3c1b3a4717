"""Caravan (New Vegas) in words: the line under each table image and its screen-reader summary.

Everything here reads public facts only (a `MoveEvent` without its draw, a `PlayerView`), so
a sentence can never give away a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.games.words import result
from bot.i18n import Joined, Said, Text, _, listed, n_
from bot.render.style import card_label
from engine import Card, MoveEvent, PlayerView, Removal
from engine.caravan import CaravanView

CardText = Callable[[Card], Said]  # how cards are written: words, or signs in images
RANK_TEXT = {1: _("Ace"), 11: _("Jack"), 12: _("Queen"), 13: _("King")}
SUIT_TEXT = {"c": _("clubs"), "d": _("diamonds"), "h": _("hearts"), "s": _("spades")}


def card_text(card: Card) -> Text:
    """A card in words, in the reader's language: "7 of diamonds", "King of spades",
    "Joker" (the words of `bot.render.style.card_words`)."""
    if card.suit is None:
        return _("Joker")
    rank = RANK_TEXT.get(card.rank, str(card.rank))
    return _("{rank} of {suit}", rank=rank, suit=SUIT_TEXT[card.suit])


def card_sign(card: Card) -> Said:
    """A card as the images write it: 7♦, 10♣, K♠, and the Joker in the reader's language
    (`bot.render.style.card_label`'s signs)."""
    return _("Joker") if card.suit is None else card_label(card)


def _index(seat: str, number: int) -> int:
    return (0 if seat == "A" else 3) + number - 1


def describe(event: MoveEvent, names: Mapping[str, str], cards: CardText = card_text) -> Text:
    """One sentence for what a move did, e.g. "Bob played King of spades on Alice's 9 of
    clubs in caravan 2: 9 → 18" (`cards`: `card_label` for the signs, in images)."""
    mover = names[event.mover]
    move = event.move
    parts: list[Text | str] = []
    if move.action == "discard":
        assert event.discarded is not None
        parts.append(_("{player} discarded {card}.", player=mover, card=cards(event.discarded)))
    elif move.action == "disband":
        assert move.caravan is not None
        count = len(event.disbanded)
        if event.placed is not None:
            parts.append(
                n_(
                    "{player} disbanded caravan {number} ({count} card) and restarted it "
                    "with {card}.",
                    "{player} disbanded caravan {number} ({count} cards) and restarted it "
                    "with {card}.",
                    count,
                    player=mover,
                    number=move.caravan,
                    card=cards(event.placed),
                )
            )
        else:
            parts.append(
                n_(
                    "{player} disbanded caravan {number} ({count} card).",
                    "{player} disbanded caravan {number} ({count} cards).",
                    count,
                    player=mover,
                    number=move.caravan,
                )
            )
    else:
        parts.append(_play(event, names, cards))
    if event.reshuffled:
        parts.append(_("{player}'s discard pile was shuffled into a new deck.", player=mover))
    for position in event.sold:
        winner = event.positions_after[position - 1]
        assert winner is not None
        parts.append(
            _("{player} now takes position {number}.", player=names[winner], number=position)
        )
    if event.winner is not None:
        parts.append(result(event.winner, event.end_reason, names, event.positions_after))
    return Joined(parts)


def _play(event: MoveEvent, names: Mapping[str, str], cards: CardText) -> Text:
    assert event.placed is not None and event.target is not None
    mover = names[event.mover]
    placed = cards(event.placed)
    owner, number, _position = event.target
    index = _index(owner, number)
    before, after = event.values_before[index], event.values_after[index]
    if event.placed.is_number:
        if not event.main_phase:
            return _(
                "{player} started caravan {number} with {card}.",
                player=mover,
                number=number,
                card=placed,
            )
        return _(
            "{player} played {card} on caravan {number}: {before} \u2192 {after}.",
            player=mover,
            card=placed,
            number=number,
            before=before,
            after=after,
        )
    assert event.onto is not None
    onto = cards(event.onto)
    own = owner == event.mover
    if not event.removed:
        if own:
            return _(
                "{player} played {card} on their own {onto} in caravan {number}: "
                "{before} \u2192 {after}.",
                player=mover,
                card=placed,
                onto=onto,
                number=number,
                before=before,
                after=after,
            )
        return _(
            "{player} played {card} on {owner}'s {onto} in caravan {number}: "
            "{before} \u2192 {after}.",
            player=mover,
            card=placed,
            owner=names[owner],
            onto=onto,
            number=number,
            before=before,
            after=after,
        )
    gone = listed([_removed(r, event, names, cards) for r in event.removed])
    places = sorted({(r.owner, r.caravan) for r in event.removed})
    changes = Joined(
        [
            _(
                "{owner}'s caravan {number}: {before} \u2192 {after}",
                owner=names[s],
                number=n,
                before=event.values_before[_index(s, n)],
                after=event.values_after[_index(s, n)],
            )
            for s, n in places
        ],
        "; ",
    )
    if event.placed.rank == 11 and len(event.removed) == 1 and event.removed[0].card == event.onto:
        return _(
            "{player}'s {card} removed {gone} ({changes}).",
            player=mover,
            card=placed,
            gone=gone,
            changes=changes,
        )
    if own:
        return _(
            "{player}'s {card} on their own {onto} removed {gone} ({changes}).",
            player=mover,
            card=placed,
            onto=onto,
            gone=gone,
            changes=changes,
        )
    return _(
        "{player}'s {card} on {owner}'s {onto} removed {gone} ({changes}).",
        player=mover,
        card=placed,
        owner=names[owner],
        onto=onto,
        gone=gone,
        changes=changes,
    )


def _removed(removal: Removal, event: MoveEvent, names: Mapping[str, str], cards: CardText) -> Text:
    """ "Bob's 9 of clubs", "Bob's 9 of clubs with 2 picture cards"."""
    attached = _others(removal, event)
    owner, card = names[removal.owner], cards(removal.card)
    if not attached:
        return _("{owner}'s {card}", owner=owner, card=card)
    return n_(
        "{owner}'s {card} with {count} picture card",
        "{owner}'s {card} with {count} picture cards",
        len(attached),
        owner=owner,
        card=card,
    )


def _others(removal: Removal, event: MoveEvent) -> tuple[Card, ...]:
    """What was attached to a removed card, less the Jack that removed it."""
    attached = list(removal.attached)
    if (removal.owner, removal.caravan, removal.index) == event.target and event.placed in attached:
        attached.remove(event.placed)
    return tuple(attached)


DIRECTION_TEXT = {"ascending": _("ascending"), "descending": _("descending")}


def caravan_words(caravan: CaravanView) -> Text:
    """ "18 descending clubs, 3 cards" for screen readers."""
    if not caravan.cards:
        return _("empty")
    parts: list[Text | str] = [str(caravan.value)]
    if caravan.direction:
        parts.append(DIRECTION_TEXT[caravan.direction])
    if caravan.suit:
        parts.append(SUIT_TEXT[caravan.suit])
    count = len(caravan.cards)
    cards = n_("{count} card", "{count} cards", count)
    if caravan.for_sale:
        return _("{caravan}, {cards}, for sale", caravan=Joined(parts), cards=cards)
    if caravan.value > 26:
        return _("{caravan}, {cards}, overweight", caravan=Joined(parts), cards=cards)
    return _("{caravan}, {cards}", caravan=Joined(parts), cards=cards)


def no_lead(a: CaravanView, b: CaravanView) -> Text:
    """Why neither caravan of a position leads it (R13): equal sales, or neither for sale."""
    if a.for_sale and b.for_sale:
        return _("tied at {value}", value=a.value)
    return _("neither for sale")


def summary(view: PlayerView, names: Mapping[str, str]) -> Text:
    """The table in one short paragraph: each position, who leads it, whose turn."""
    lines: list[Text | str] = []
    for number in (1, 2, 3):
        a, b = view.caravan("A", number), view.caravan("B", number)
        lead = view.positions[number - 1]
        leader = _("{player} leads", player=names[lead]) if lead else no_lead(a, b)
        lines.append(
            _(
                "Position {number}: {a} {a_caravan}; {b} {b_caravan}; {leader}.",
                number=number,
                a=names["A"],
                a_caravan=caravan_words(a),
                b=names["B"],
                b_caravan=caravan_words(b),
                leader=leader,
            )
        )
    if view.phase == "over":
        lines.append(result(view.winner, view.end_reason, names, view.positions))
    else:
        lines.append(_("{player} to move.", player=names[view.turn]))
    return Joined(lines)
