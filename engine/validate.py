"""Checking a move (R3-R7, G9) with the same predicates the move generator uses, and
saying why a refused move is refused."""

from __future__ import annotations

from engine.caravan import Caravan
from engine.cards import JACK, QUEEN, SUIT_NAMES, SUITS, Card, card_of
from engine.errors import IllegalMoveError
from engine.moves import SEATS, Move
from engine.movetable import (
    DISBAND_MOVES,
    DISCARD_MOVES,
    NUMBER_MOVES,
    PICTURE_TABLES,
    QUEEN_MOVES,
    RESTART_MOVES,
    extend_picture_moves,
)
from engine.state import OPENING, OVER, State


def validate(game: State, move: Move | str) -> Move:
    """The canonical form of `move` if it is legal here; otherwise IllegalMoveError with
    a sentence saying why (NotationError for unreadable text)."""
    if isinstance(move, str):
        move = Move.parse(move)
    if game.phase == OVER:
        raise IllegalMoveError("The game is over: no more moves can be made.", "game_over")
    p = game.turn
    hand = game.hands[p]
    card = move.card
    if card is not None and card.code not in hand:
        raise IllegalMoveError(f"You do not hold {card}.", "not_held", card=card)
    if move.action == "play":
        assert card is not None and move.caravan is not None
        return _validate_play(game, move, card, move.caravan - 1)
    if game.phase == OPENING:
        raise IllegalMoveError(
            "In the opening each turn starts one of your empty caravans with a number "
            "card: no discarding or disbanding (R3).",
            "opening_no_discard",
        )
    if move.action == "discard":
        assert card is not None
        return DISCARD_MOVES[card.code]
    assert move.caravan is not None
    ci = move.caravan - 1
    if not game.caravans[p][ci].cards:
        raise IllegalMoveError(
            f"Your caravan {move.caravan} is empty: there is nothing to disband.",
            "disband_empty",
            caravan=move.caravan,
        )
    if game.variant.disband_restarts:
        if card is None or not card.is_number:
            raise IllegalMoveError(
                f"In {game.rules.preset} rules a disbanded caravan is started again with "
                f"a number card from your hand, as in disband:{move.caravan}+7h (R4).",
                "restart_needs_card",
                preset=game.rules.preset,
                caravan=move.caravan,
            )
        return RESTART_MOVES[card.code][ci]
    if card is not None:
        raise IllegalMoveError(
            f"Only foxon rules restart a disbanded caravan; write disband:{move.caravan} (R4).",
            "restart_not_allowed",
            caravan=move.caravan,
        )
    return DISBAND_MOVES[ci]


def _validate_play(game: State, move: Move, card: Card, ci: int) -> Move:
    p = game.turn
    code = card.code
    mine = move.player is None or move.player == SEATS[p]
    if game.phase == OPENING:
        if not card.is_number or not mine:
            raise IllegalMoveError(
                "In the opening only number cards are played, each onto one of your own "
                "empty caravans (R3).",
                "opening_numbers_only",
            )
        if game.caravans[p][ci].cards:
            raise IllegalMoveError(
                f"In the opening each card starts an empty caravan, and your caravan "
                f"{ci + 1} already has one (R3).",
                "opening_caravan_started",
                caravan=ci + 1,
            )
        return NUMBER_MOVES[code][ci]
    if card.is_number:
        if not mine:
            raise IllegalMoveError(
                "Number cards go only on your own caravans (R5).", "numbers_on_own"
            )
        caravan = game.caravans[p][ci]
        if not caravan.accepts(code):
            raise _refusal(caravan, card, ci + 1)
        return NUMBER_MOVES[code][ci]
    t = p if move.player is None else SEATS.index(move.player)
    name = f"{SEATS[t]}{ci + 1}"
    if t != p and not game.variant.pictures_anywhere:
        raise IllegalMoveError(
            f"In {game.rules.preset} rules picture cards go only on your own caravans (R7).",
            "pictures_on_own",
            preset=game.rules.preset,
        )
    caravan = game.caravans[t][ci]
    count = len(caravan.cards)
    if not count:
        raise IllegalMoveError(
            f"Caravan {name} is empty: a picture card attaches to a number card (R7).",
            "picture_on_empty",
            target=name,
        )
    index = count if move.index is None else move.index
    if card.rank == QUEEN and index != count:
        raise IllegalMoveError(
            f"A Queen goes only on the last card of a caravan, which is card {count} "
            f"of {name} (R7).",
            "queen_not_last",
            target=name,
            count=count,
        )
    if index > count:
        raise IllegalMoveError(
            f"Caravan {name} has only {count} number cards.",
            "no_such_place",
            target=name,
            count=count,
        )
    limit = game.variant.max_attached
    if limit is not None and len(caravan.atts[index - 1]) >= limit:
        target = card_of(caravan.cards[index - 1])
        also = ", so a Jack cannot remove it" if card.rank == JACK else ""
        raise IllegalMoveError(
            f"{target} in {name} already carries {limit} picture cards, the most a card "
            f"may hold{also} (R7).",
            "card_full_jack" if card.rank == JACK else "card_full",
            target=name,
            card=target,
            limit=limit,
        )
    if card.rank == QUEEN:
        return QUEEN_MOVES[code][t][ci]
    attach = PICTURE_TABLES[code][t][ci]
    extend_picture_moves(attach, code, t, ci, index)
    return attach[index - 1]


def _refusal(caravan: Caravan, card: Card, number: int) -> IllegalMoveError:
    """Why number card `card` may not follow the last card of `caravan` (R5)."""
    last = card_of(caravan.cards[-1])
    if last.rank == card.rank:
        return IllegalMoveError(
            f"Caravan {number} ends with {last}: a number card never follows one of the same "
            "rank (R5).",
            "same_rank",
            caravan=number,
            last=last,
        )
    suit = SUITS[caravan.suit]
    if caravan.direction == 0:
        return IllegalMoveError(
            f"Caravan {number} has no direction after two equal ranks: only "
            f"{SUIT_NAMES[suit]} may follow {last} (R5, R6).",
            "no_direction",
            caravan=number,
            suit=suit,
            last=last,
        )
    name = "ascending" if caravan.direction > 0 else "descending"
    return IllegalMoveError(
        f"Caravan {number} is {name}: {card} cannot follow {last} (R5); only "
        f"{SUIT_NAMES[suit]} may go against it.",
        "against_direction",
        caravan=number,
        direction=name,
        card=card,
        last=last,
        suit=suit,
    )
