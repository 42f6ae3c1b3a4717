"""Caravan's hand panel on its player's turn: a select of the cards and, once a card is
chosen, a select of where it may go (paged past 24); a card with one place plays at once.
Built only from a `PlayerView` and its legal moves, so every control offered is a legal
move."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.base import HandTurn, Option, Pick, Picked, paged
from bot.render.hand import playable
from bot.render.style import card_words
from engine import Card, Move, PlayerView

OTHER_MOVES = {
    frozenset({"discard"}): "Or discard a card",
    frozenset({"disband"}): "Or disband a caravan",
}


def hand_turn(
    view: PlayerView, chosen: int | None, page: int, names: Mapping[str, str]
) -> HandTurn:
    """The controls: the cards (`chosen` marked), then the moves beside them (discards of
    one-place cards, disbands) or, with a card chosen, where it goes."""
    live = playable(view)
    discardable = {m.card for m in view.legal_moves if m.action == "discard"}
    onlies: dict[Card | None, Move | None] = {c: only_use(view, c) for c in set(view.hand)}
    options = tuple(
        Option(
            str(i),
            f"{i + 1}. {card_words(card)}",
            _use(card, live, discardable, onlies[card], view, names),
            i == chosen,
        )
        for i, card in enumerate(view.hand)
    )
    cards = Pick("card", options, "Choose a card")
    if chosen is None:
        others = _other_moves(view, onlies)
        if not others:
            return HandTurn(("Your move: choose a card.",), (cards,))
        labelled = tuple(Option(str(m), move_label(m, view, names)) for m in others)
        kinds = frozenset(m.action for m in others)
        where = OTHER_MOVES.get(kinds, "Or discard a card, or disband a caravan")
        return HandTurn(("Your move: choose a card.",), (cards, Pick("move", labelled, where)))
    card = view.hand[chosen]
    moves = [m for m in view.legal_moves if m.card == card and m.action != "disband"]
    moves += [m for m in view.legal_moves if m.card == card and m.action == "disband"]
    labelled_moves = [Option(str(m), move_label(m, view, names)) for m in _unique(moves)]
    if not labelled_moves:
        return HandTurn(
            (f"{card_words(card)} cannot be played now: choose another card.",), (cards,)
        )
    shown, page = paged(labelled_moves, page, "places")
    where = f"Where does {card_words(card)} go?"
    return HandTurn((f"Your move: {where}",), (cards, Pick("move", shown, where, chosen, page)))


def picked(view: PlayerView, chosen: int) -> Picked:
    """A card chosen: fresh if the hand has it; on the player's turn, a card with one
    place plays there at once."""
    if not 0 <= chosen < len(view.hand):
        return Picked(False)
    only = only_use(view, view.hand[chosen]) if view.my_turn else None
    return Picked(True, str(only) if only is not None else None)


def move_label(move: Move, view: PlayerView, names: Mapping[str, str]) -> str:
    """A move in words for a select option."""
    if move.action == "discard":
        assert move.card is not None
        return f"Discard {card_words(move.card)}"
    if move.action == "disband":
        assert move.caravan is not None
        caravan = view.caravan(view.turn, move.caravan)
        words = f"Disband caravan {move.caravan} (value {caravan.value})"
        if move.card is not None:
            words += f" and restart it with {card_words(move.card)}"
        return words
    assert move.card is not None and move.caravan is not None
    if move.card.is_number:
        caravan = view.caravan(view.turn, move.caravan)
        if not caravan.cards:
            return f"Start caravan {move.caravan}"
        return f"On caravan {move.caravan} (now {caravan.value})"
    owner = move.player or view.turn
    caravan = view.caravan(owner, move.caravan)
    index = move.index or len(caravan.cards)
    target = card_words(caravan.cards[index - 1].card)
    whose = "your" if owner == view.seat else f"{names[owner]}'s"
    return f"On {whose} {target} (caravan {move.caravan}, card {index})"[:100]


def only_use(view: PlayerView, card: Card) -> Move | None:
    """The one move that uses `card` other than discarding it, if it has exactly one: then
    choosing the card plays it (its discard is offered beside the cards)."""
    uses = _unique([m for m in view.legal_moves if m.card == card and m.action != "discard"])
    return uses[0] if len(uses) == 1 else None


def _other_moves(view: PlayerView, onlies: Mapping[Card | None, Move | None]) -> list[Move]:
    """Offered beside the cards: the discard of each card that one choice plays (so it can
    still be discarded), then the disbands that use no card."""
    discards = [
        m for m in view.legal_moves if m.action == "discard" and onlies.get(m.card) is not None
    ]
    disbands = [m for m in view.legal_moves if m.action == "disband" and m.card is None]
    return _unique(discards) + disbands


def _use(
    card: Card,
    live: set[Card],
    discardable: set[Card | None],
    only: Move | None,
    view: PlayerView,
    names: Mapping[str, str],
) -> str:
    if only is not None:
        return f"one place, plays at once: {move_label(only, view, names)}"[:100]
    if card in live:
        return "can go on the table"
    return "can only be discarded" if card in discardable else "cannot be played now"


def _unique(moves: list[Move]) -> list[Move]:
    seen: set[str] = set()
    kept = []
    for move in moves:
        if str(move) not in seen:
            seen.add(str(move))
            kept.append(move)
    return kept
