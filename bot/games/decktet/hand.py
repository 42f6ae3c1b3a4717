"""Decktet Caravan's hand panel on its player's turn: a select of the cards to play
together, then which reading of the wilds when there is more than one, and Pass. Built only
from a `DecktetView` and its legal plays, so every control offered is a legal play."""

from __future__ import annotations

from bot.games.base import PASS, HandTurn, Option, Pick, Picked, paged
from bot.games.decktet.words import card_text, prompt, reading_label, why_not
from bot.i18n import Said, _, n_
from engine.decktet import DCard, DecktetView, Play


def chosen_cards(view: DecktetView, mask: int) -> tuple[DCard, ...] | None:
    """The hand's cards in `mask` (bit i: the i-th card), or None if it names none or a
    card the hand does not have (a panel from before the hand changed)."""
    if mask <= 0 or mask >= 1 << len(view.hand):
        return None
    return tuple(card for i, card in enumerate(view.hand) if mask >> i & 1)


def plays_of(view: DecktetView, cards: tuple[DCard, ...]) -> list[Play]:
    """The legal plays that use exactly `cards` (several when wilds can stand for more than
    one rank)."""
    wanted = sorted(cards)
    return [p for p in view.legal_moves if sorted(p.cards) == wanted]


def fewest_with(view: DecktetView) -> dict[DCard, int]:
    """Each card of the hand that some legal play uses: the fewest cards of such a play."""
    fewest: dict[DCard, int] = {}
    for play in view.legal_moves:
        for card in play.cards:
            fewest[card] = min(fewest.get(card, play.length), play.length)
    return fewest


def usage(fewest: int | None) -> Said:
    """A numbered card's line in the select: whether it plays alone, only with others (how
    many at least), or in no play now."""
    if fewest is None:
        return _("in no play that beats the last")
    if fewest == 1:
        return _("can be played")
    return n_(
        "can be played with {count} other card",
        "can be played with {count} other cards",
        fewest - 1,
    )


def marked(view: DecktetView, chosen: int | None) -> frozenset[int]:
    """The places of the hand's chosen cards (none when the choice is stale)."""
    if chosen is None or chosen_cards(view, chosen) is None:
        return frozenset()
    return frozenset(i for i in range(len(view.hand)) if chosen >> i & 1)


def hand_turn(view: DecktetView, chosen: int | None, page: int) -> HandTurn:
    """The controls: a select of the cards to play together and Pass (when passing is
    allowed); once cards are chosen whose wilds can stand for more than one rank, a select
    of the readings (paged past 24). `chosen`: the chosen cards, as bits."""
    picked = chosen_cards(view, chosen) if chosen is not None else None
    fewest = fewest_with(view)
    usable = set(fewest)
    options = tuple(
        Option(
            str(i),
            _("{number}. {card}", number=i + 1, card=card_text(card)),
            _("wild: any rank 2-9 in a caravan; a bandit")
            if card.is_wild
            else usage(fewest.get(card)),
            picked is not None and card in picked,
        )
        for i, card in enumerate(view.hand)
    )
    cards = Pick("cards", options, _("Choose the cards to play together"))
    passing = (PASS,) if any(p.is_pass for p in view.legal_moves) else ()
    line: Said
    if picked is None:
        if not usable:
            line = _("Your move: nothing in your hand beats it, so pass.")
        else:
            line = _("Your move: {what}. Choose the cards to play together.", what=prompt(view))
        return HandTurn((line,), (cards, *passing))
    readings = plays_of(view, picked)
    labelled = [Option(str(p), reading_label(p)) for p in readings]
    shown, page = paged(labelled, page, "readings")
    where = _("Which ranks do the wilds stand for?")
    line = n_(
        "Your move: {count} way to play these cards. {question}",
        "Your move: {count} ways to play these cards. {question}",
        len(readings),
        question=where,
    )
    return HandTurn((line,), (cards, Pick("move", shown, where, chosen or 0, page), *passing))


def picked(view: DecktetView, chosen: int) -> Picked:
    """Cards chosen (as bits): fresh if the hand has them all; on the player's turn, cards
    with one reading play at once, and cards with none are told why."""
    cards = chosen_cards(view, chosen)
    if cards is None:
        return Picked(False)
    if not view.my_turn:
        return Picked(True)
    readings = plays_of(view, cards)
    if len(readings) == 1:
        return Picked(True, str(readings[0]))
    return Picked(True, why="" if readings else why_not(view, cards))
