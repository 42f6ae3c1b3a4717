"""Caravan's hand panel on its player's turn: a select of the cards and, once a card is
chosen, a select of where it may go (paged past 24), each place with what it does to the
totals, and the discards and disbands still beside them (a player may change their mind);
a card with one place plays at once. Built only from a `PlayerView` and its legal moves,
so every control offered is a legal move."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from bot.games.base import HandTurn, Option, Pick, Picked, paged
from bot.games.new_vegas.words import card_text
from bot.i18n import Fitting, Joined, Said, Text, _
from bot.render.hand import playable
from engine import Card, Move, PlayerView
from engine.ai.sampling import Sampler
from engine.caravan import SALE_MAX, SALE_MIN

OTHER_MOVES = {
    frozenset({"discard"}): _("Or discard a card"),
    frozenset({"disband"}): _("Or disband a caravan"),
}
DISCARD_OR_DISBAND = _("Or discard a card, or disband a caravan")


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
            _("{number}. {card}", number=i + 1, card=card_text(held)),
            _use(held, live, discardable, onlies[held], view, names, totals),
            i == chosen,
        )
        for i, held in enumerate(view.hand)
    )
    cards = Pick("card", options, _("Choose a card"))
    others = _others_pick(view, onlies, names)
    if chosen is None or card is None:
        return HandTurn((_("Your move: choose a card."),), (cards, *others))
    labelled_moves = [
        Option(str(m), move_label(m, view, names), totals.get(str(m), "")) for m in moves
    ]
    if not labelled_moves:
        return HandTurn(
            (_("{card} cannot be played now: choose another card.", card=card_text(card)),),
            (cards, *others),
        )
    shown, page = paged(labelled_moves, page, "places")
    where = _("Where does {card} go?", card=card_text(card))
    places = Pick("move", shown, where, chosen, page)
    return HandTurn((_("Your move: {question}", question=where),), (cards, places, *others))


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
    return (Pick("move", labelled, OTHER_MOVES.get(kinds, DISCARD_OR_DISBAND)),)


def effects(view: PlayerView, moves: Sequence[Move], names: Mapping[str, str]) -> dict[str, Said]:
    """What each play does to the caravans' totals, in words, by move ("caravan 2: 14 →
    22, for sale"; a Joker's, every caravan it changes), as the turn message will say it.
    The engine plays each move on a game this seat cannot tell from the real one: the
    totals after a play depend only on the table, never on a hidden card."""
    plays = [m for m in moves if m.action == "play"]
    if not plays or view.seat is None or not view.my_turn:
        return {}
    game = Sampler(view).sample(random.Random(0))
    said: dict[str, Said] = {}
    for move in plays:
        trial = game.copy()
        event = trial.play(move)
        before, after = event.values_before, event.values_after
        changed = [i for i in range(6) if before[i] != after[i]]
        if not changed:
            assert move.caravan is not None
            owner = move.player or view.turn
            i = _index(owner, move.caravan)
            said[str(move)] = _(
                "{caravan} stays at {total}", caravan=_caravan(i, view, names), total=after[i]
            )
            continue
        if len(changed) == 1:
            i = changed[0]
            said[str(move)] = _standing(_caravan(i, view, names), before[i], after[i])
            continue
        sides: list[Said] = []  # a Joker's: every caravan it changes, briefly, yours first
        for seat in (view.seat, view.opponent):
            mine = [i for i in changed if "AB"[i // 3] == seat]
            if mine:
                totals = ", ".join(f"{i % 3 + 1}: {before[i]} \u2192 {after[i]}" for i in mine)
                yours = seat == view.seat
                sides.append(
                    _("yours {totals}", totals=totals)
                    if yours
                    else _("theirs {totals}", totals=totals)
                )
        said[str(move)] = Joined(sides, "; ")
    return said


def _index(seat: str, number: int) -> int:
    return (0 if seat == "A" else 3) + number - 1


def _caravan(index: int, view: PlayerView, names: Mapping[str, str]) -> Text:
    seat, number = "AB"[index // 3], index % 3 + 1
    if seat == view.seat:
        return _("caravan {number}", number=number)
    return _("{player}'s caravan {number}", player=names[seat], number=number)


def _standing(caravan: Text, before: int, after: int) -> Text:
    """A caravan's total before and after a play, and whether it is then for sale."""
    if SALE_MIN <= after <= SALE_MAX:
        return _(
            "{caravan}: {before} \u2192 {after}, for sale",
            caravan=caravan,
            before=before,
            after=after,
        )
    if after > SALE_MAX:
        return _(
            "{caravan}: {before} \u2192 {after}, over 26",
            caravan=caravan,
            before=before,
            after=after,
        )
    return _("{caravan}: {before} \u2192 {after}", caravan=caravan, before=before, after=after)


def picked(view: PlayerView, chosen: int) -> Picked:
    """A card chosen: fresh if the hand has it; on the player's turn, a card with one
    place plays there at once."""
    if not 0 <= chosen < len(view.hand):
        return Picked(False)
    only = only_use(view, view.hand[chosen]) if view.my_turn else None
    return Picked(True, str(only) if only is not None else None)


def move_label(move: Move, view: PlayerView, names: Mapping[str, str]) -> Text:
    """A move in words for a select option."""
    if move.action == "discard":
        assert move.card is not None
        return _("Discard {card}", card=card_text(move.card))
    if move.action == "disband":
        assert move.caravan is not None
        caravan = view.caravan(view.turn, move.caravan)
        if move.card is not None:
            return _(
                "Disband caravan {number} (value {value}) and restart it with {card}",
                number=move.caravan,
                value=caravan.value,
                card=card_text(move.card),
            )
        return _(
            "Disband caravan {number} (value {value})", number=move.caravan, value=caravan.value
        )
    assert move.card is not None and move.caravan is not None
    if move.card.is_number:
        caravan = view.caravan(view.turn, move.caravan)
        if not caravan.cards:
            return _("Start caravan {number}", number=move.caravan)
        return _("On caravan {number}", number=move.caravan)
    owner = move.player or view.turn
    caravan = view.caravan(owner, move.caravan)
    index = move.index or len(caravan.cards)
    target = card_text(caravan.cards[index - 1].card)
    if owner == view.seat:
        return _(
            "On your {card} (caravan {number}, card {index})",
            card=target,
            number=move.caravan,
            index=index,
        )
    return _(
        "On {player}'s {card} (caravan {number}, card {index})",
        player=names[owner],
        card=target,
        number=move.caravan,
        index=index,
    )


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
    totals: Mapping[str, Said],
) -> Said:
    if only is not None:
        place = move_label(only, view, names)
        total = totals.get(str(only))
        short = _("one place, plays at once: {place}", place=place)
        if total:  # the totals too, where Discord's 100 characters hold them
            said = _("one place, plays at once: {place} ({total})", place=place, total=total)
            return Fitting((said, short), 100)
        return short
    if card in live:
        return _("can go on the table")
    return _("can only be discarded") if card in discardable else _("cannot be played now")


def _unique(moves: list[Move]) -> list[Move]:
    seen: set[str] = set()
    kept = []
    for move in moves:
        if str(move) not in seen:
            seen.add(str(move))
            kept.append(move)
    return kept
