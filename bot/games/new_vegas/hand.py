"""Caravan's hand panel on its player's turn: a select of the cards and, once a card is
chosen, a select of where it may go (paged past 24), each place with what it does to the
totals, and the discards and disbands still beside them (a player may change their mind);
a card with one place plays at once. Built only from a `PlayerView` and its legal moves,
so every control offered is a legal move."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from bot.games.base import HandTurn, Option, Pick, Picked, paged
from bot.render.hand import playable
from bot.render.style import card_words
from engine import Card, Move, PlayerView
from engine.ai.sampling import Sampler
from engine.caravan import SALE_MAX, SALE_MIN

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
    card = view.hand[chosen] if chosen is not None else None
    moves = [m for m in view.legal_moves if m.card == card and m.action != "disband"]
    moves += [m for m in view.legal_moves if m.card == card and m.action == "disband"]
    moves = _unique(moves) if card is not None else []
    totals = effects(view, [*(m for m in onlies.values() if m is not None), *moves], names)
    options = tuple(
        Option(
            str(i),
            f"{i + 1}. {card_words(held)}",
            _use(held, live, discardable, onlies[held], view, names, totals),
            i == chosen,
        )
        for i, held in enumerate(view.hand)
    )
    cards = Pick("card", options, "Choose a card")
    others = _others_pick(view, onlies, names)
    if chosen is None or card is None:
        return HandTurn(("Your move: choose a card.",), (cards, *others))
    labelled_moves = [
        Option(str(m), move_label(m, view, names), totals.get(str(m), "")) for m in moves
    ]
    if not labelled_moves:
        return HandTurn(
            (f"{card_words(card)} cannot be played now: choose another card.",), (cards, *others)
        )
    shown, page = paged(labelled_moves, page, "places")
    where = f"Where does {card_words(card)} go?"
    places = Pick("move", shown, where, chosen, page)
    return HandTurn((f"Your move: {where}",), (cards, places, *others))


def _others_pick(
    view: PlayerView, onlies: Mapping[Card | None, Move | None], names: Mapping[str, str]
) -> tuple[Pick, ...]:
    """The select beside the cards (and beside a chosen card's places): discards of the
    cards one choice plays, and disbands; none when there are none."""
    others = _other_moves(view, onlies)
    if not others:
        return ()
    labelled = tuple(Option(str(m), move_label(m, view, names)) for m in others)
    kinds = frozenset(m.action for m in others)
    return (
        Pick("move", labelled, OTHER_MOVES.get(kinds, "Or discard a card, or disband a caravan")),
    )


def effects(view: PlayerView, moves: Sequence[Move], names: Mapping[str, str]) -> dict[str, str]:
    """What each play does to the caravans' totals, in words, by move ("caravan 2: 14 →
    22, for sale"; a Joker's, every caravan it changes), as the turn message will say it.
    The engine plays each move on a game this seat cannot tell from the real one: the
    totals after a play depend only on the table, never on a hidden card."""
    plays = [m for m in moves if m.action == "play"]
    if not plays or view.seat is None or not view.my_turn:
        return {}
    game = Sampler(view).sample(random.Random(0))
    said = {}
    for move in plays:
        trial = game.copy()
        event = trial.play(move)
        before, after = event.values_before, event.values_after
        changed = [i for i in range(6) if before[i] != after[i]]
        if not changed:
            assert move.caravan is not None
            owner = move.player or view.turn
            i = _index(owner, move.caravan)
            said[str(move)] = f"{_caravan(i, view, names)} stays at {after[i]}"
            continue
        if len(changed) == 1:
            i = changed[0]
            said[str(move)] = (
                f"{_caravan(i, view, names)}: {before[i]} \u2192 {after[i]}{_standing(after[i])}"
            )
            continue
        sides = []  # a Joker's: every caravan it changes, briefly, yours first
        for seat, whose in ((view.seat, "yours"), (view.opponent, "theirs")):
            mine = [i for i in changed if "AB"[i // 3] == seat]
            if mine:
                totals = ", ".join(f"{i % 3 + 1}: {before[i]} \u2192 {after[i]}" for i in mine)
                sides.append(f"{whose} {totals}")
        said[str(move)] = "; ".join(sides)[:100]
    return said


def _index(seat: str, number: int) -> int:
    return (0 if seat == "A" else 3) + number - 1


def _caravan(index: int, view: PlayerView, names: Mapping[str, str]) -> str:
    seat, number = "AB"[index // 3], index % 3 + 1
    return f"caravan {number}" if seat == view.seat else f"{names[seat]}'s caravan {number}"


def _standing(value: int) -> str:
    if SALE_MIN <= value <= SALE_MAX:
        return ", for sale"
    return ", over 26" if value > SALE_MAX else ""


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
        return f"On caravan {move.caravan}"
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
    totals: Mapping[str, str],
) -> str:
    if only is not None:
        said = f"one place, plays at once: {move_label(only, view, names)}"
        total = totals.get(str(only))
        return f"{said} ({total})"[:100] if total and len(said) + len(total) < 97 else said[:100]
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
