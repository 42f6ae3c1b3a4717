"""Refusals the game service gives, each with a short sentence for the player, and the
engine's refusals made into such sentences (`engine_reason`)."""

import re
from collections.abc import Callable
from typing import Any

from bot.games.decktet.words import card_text, play_text
from bot.i18n import Said, Text, _, n_
from bot.inert import quote
from engine.decktet import DCard

# The rule clauses an engine's sentence cites for the readers of its rules ("(R1)",
# "(R5, R6)", "(D4)", "(R3-R7, G9)"): the engine's notation, not a member's words.
_CLAUSES = re.compile(r"\s*\([RDG]\d+(?:\s*[,\-\u2013]\s*[RDG]\d+)*\)")


def engine_reason(error: Exception) -> Said:
    """Why the engine refused (a move, a card or a move as text, a custom deck, a rules
    option), for a member to read: the bot's sentence for the error's code (one of
    engine.errors.REFUSALS) with the error's facts, said in the reader's language. Every
    engine refusal a member sees passes through here. An error with no code the bot knows,
    or with facts it cannot say (none that reaches a member: tests/bot/test_errors_reasons.py),
    stays the engine's English, less the rule clauses it cites."""
    code = getattr(error, "code", None)
    said = REASONS.get(code) if isinstance(code, str) else None
    if said is not None:
        try:
            return said(**getattr(error, "facts", {}))
        except (TypeError, KeyError):  # facts this bot does not know how to say
            pass
    return _CLAUSES.sub("", str(error))


def _card(card: Any) -> Said:
    """A card in a sentence: a Decktet card in the reader's words, a New Vegas card in its
    notation (`7h`), as the table shows it."""
    return card_text(card) if isinstance(card, DCard) else str(card)


def _deck(seat: str | None, name: str | None) -> Said:
    """The deck a custom deck's refusal (R1) is about, in the reader's language."""
    if seat:
        return _("Player {seat}'s deck", seat=seat)
    if name:
        return _("The deck {name}", name=quote(name))
    return _("The deck")


# The words of bot.games.new_vegas.words, which draws cards too and is not for here.
SUIT_TEXT = {"c": _("clubs"), "d": _("diamonds"), "h": _("hearts"), "s": _("spades")}

# Each engine refusal's sentence, by its code (engine/errors.py), made from its facts.
REASONS: dict[str, Callable[..., Said]] = {
    # a move, either game
    "game_over": lambda: _("The game is over: no more moves can be made."),
    "not_held": lambda card: _("You do not hold {card}.", card=_card(card)),
    # a New Vegas move
    "opening_no_discard": lambda: _(
        "In the opening each turn starts one of your empty caravans with a number card: no "
        "discarding or disbanding."
    ),
    "opening_numbers_only": lambda: _(
        "In the opening only number cards are played, each onto one of your own empty caravans."
    ),
    "opening_caravan_started": lambda caravan: _(
        "In the opening each card starts an empty caravan, and your caravan {caravan} "
        "already has one.",
        caravan=caravan,
    ),
    "disband_empty": lambda caravan: _(
        "Your caravan {caravan} is empty: there is nothing to disband.", caravan=caravan
    ),
    "restart_needs_card": lambda preset, caravan: _(
        "In {preset} rules a disbanded caravan is started again with a number card from "
        "your hand, as in disband:{caravan}+7h.",
        preset=preset,
        caravan=caravan,
    ),
    "restart_not_allowed": lambda caravan: _(
        "Only foxon rules restart a disbanded caravan; write disband:{caravan}.",
        caravan=caravan,
    ),
    "numbers_on_own": lambda: _("Number cards go only on your own caravans."),
    "same_rank": lambda caravan, last: _(
        "Caravan {caravan} ends with {last}: a number card never follows one of the same rank.",
        caravan=caravan,
        last=_card(last),
    ),
    "no_direction": lambda caravan, suit, last: _(
        "Caravan {caravan} has no direction after two equal ranks: only {suit} may follow {last}.",
        caravan=caravan,
        suit=SUIT_TEXT[suit],
        last=_card(last),
    ),
    "against_direction": lambda caravan, direction, card, last, suit: (
        _(
            "Caravan {caravan} is ascending: {card} cannot follow {last}; only {suit} may go "
            "against it.",
            caravan=caravan,
            card=_card(card),
            last=_card(last),
            suit=SUIT_TEXT[suit],
        )
        if direction == "ascending"
        else _(
            "Caravan {caravan} is descending: {card} cannot follow {last}; only {suit} may go "
            "against it.",
            caravan=caravan,
            card=_card(card),
            last=_card(last),
            suit=SUIT_TEXT[suit],
        )
    ),
    "pictures_on_own": lambda preset: _(
        "In {preset} rules picture cards go only on your own caravans.", preset=preset
    ),
    "picture_on_empty": lambda target: _(
        "Caravan {caravan} is empty: a picture card attaches to a number card.", caravan=target
    ),
    "queen_not_last": lambda target, count: _(
        "A Queen goes only on the last card of a caravan, which is card {place} of {caravan}.",
        caravan=target,
        place=count,
    ),
    "no_such_place": lambda target, count: n_(
        "Caravan {caravan} has only {count} number card.",
        "Caravan {caravan} has only {count} number cards.",
        count,
        caravan=target,
    ),
    "card_full": lambda target, card, limit: n_(
        "{card} in {caravan} already carries {count} picture card, the most a card may hold.",
        "{card} in {caravan} already carries {count} picture cards, the most a card may hold.",
        limit,
        card=_card(card),
        caravan=target,
    ),
    "card_full_jack": lambda target, card, limit: n_(
        "{card} in {caravan} already carries {count} picture card, the most a card may hold, "
        "so a Jack cannot remove it.",
        "{card} in {caravan} already carries {count} picture cards, the most a card may hold, "
        "so a Jack cannot remove it.",
        limit,
        card=_card(card),
        caravan=target,
    ),
    # a New Vegas move or card as text
    "not_a_move": lambda text: _(
        "{text} is not a move: write CARD@CARAVAN (7h@2, Kd@B2.3), discard:CARD or disband:N.",
        text=quote(text),
    ),
    "no_caravan_named": lambda text: _(
        "{text} does not name a caravan: write 2 or A2 for a caravan, B2.3 for its third card.",
        text=quote(text),
    ),
    "places_from_one": lambda text: _(
        "{text}: cards in a caravan are counted from 1.", text=quote(text)
    ),
    "number_card_placed": lambda text: _(
        "{text}: a number card always goes at the end of a caravan, so it takes no card index.",
        text=quote(text),
    ),
    "missing_card": lambda text: _("{text} is missing a card.", text=quote(text)),
    "caravan_numbers": lambda text: _(
        "{text}: caravans are numbered 1, 2 and 3.", text=quote(text)
    ),
    "not_a_card": lambda text: _(
        "{card} is not a card: write a rank (A 2-9 T J Q K) and a suit (c d h s), such as "
        "7h, Td or X.",
        card=quote(text, 12),
    ),
    # the rules' options and a custom deck (R1)
    "no_such_preset": lambda preset, presets: _(
        "There is no preset called {preset}; choose one of {presets}.",
        preset=quote(str(preset)),
        presets=", ".join(presets),
    ),
    "jokers_option": lambda jokers: _(
        "The jokers option is 0, 1 or 2 per deck, not {jokers}.", jokers=quote(str(jokers))
    ),
    "deck_too_small": lambda seat, name, count: n_(
        "{who} has {count} card; a custom deck needs at least 30.",
        "{who} has {count} cards; a custom deck needs at least 30.",
        count,
        who=_deck(seat, name),
    ),
    "deck_jokers": lambda seat, name, count, limit: n_(
        "{who} has {count} joker; four source decks hold at most {limit}.",
        "{who} has {count} jokers; four source decks hold at most {limit}.",
        count,
        who=_deck(seat, name),
        limit=limit,
    ),
    "deck_copies": lambda seat, name, count, card: n_(
        "{who} has {count} copy of {card}; a custom deck is drawn from at most 4 standard "
        "decks, so at most 4 of each card.",
        "{who} has {count} copies of {card}; a custom deck is drawn from at most 4 standard "
        "decks, so at most 4 of each card.",
        count,
        who=_deck(seat, name),
        card=_card(card),
    ),
    "deck_tens": lambda seat, name, card, preset: _(
        "{who} holds {card}, but {rules} rules play without tens.",
        who=_deck(seat, name),
        card=_card(card),
        rules=preset,
    ),
    "deck_numbers": lambda seat, name, count: n_(
        "{who} has {count} number card; it needs at least 3, or the deal could never succeed.",
        "{who} has {count} number cards; it needs at least 3, or the deal could never succeed.",
        count,
        who=_deck(seat, name),
    ),
    # a Decktet play
    "card_played_twice": lambda: _("A card can be played only once."),
    "must_lead": lambda: _("You lead this season: play a caravan."),
    "lead_with_caravan": lambda: _("A season is led with a caravan, not a bandit."),
    "does_not_beat": lambda play, last: _(
        "Your play, {play}, does not beat {last}.", play=play_text(play), last=play_text(last)
    ),
    "wild_rank": lambda rank: _(
        "A wild card stands for a rank from 2 to 9, not {rank}.", rank=rank
    ),
    "not_wild": lambda card, rank: _(
        "{card} is a {rank}; only Aces and Crowns are wild.", card=_card(card), rank=rank
    ),
    "caravan_needs_number": lambda: _("A caravan needs at least one numbered card."),
    "caravan_not_run": lambda low, high: _(
        "A caravan is a run of consecutive ranks; {low} and {high} are not.", low=low, high=high
    ),
    "caravan_suits": lambda lower, upper: _(
        "Neighbours in a caravan share a suit; {lower} and {upper} do not.",
        lower=_card(lower),
        upper=_card(upper),
    ),
    "not_a_bandit": lambda: _(
        "A bandit is a single Ace, a single Crown, or one Ace with one Crown."
    ),
    # a Decktet play or card as text (in the notation it was written in)
    "empty_play": lambda: _("An empty play: write cards joined by + (e.g. 4MS+5ML), or pass."),
    "card_named_twice": lambda card, text: _(
        "{card} is named twice in {text}.", card=str(card), text=quote(text)
    ),
    "wild_rank_not_number": lambda text: _(
        "{text}: a wild's rank is a number (e.g. AM=5).", text=quote(text)
    ),
    "wild_rank_missing": lambda card: _(
        "Say which rank {card} stands for in this caravan (e.g. {card}=5).", card=str(card)
    ),
    "not_a_decktet_card": lambda text: _(
        "{text} is not a Decktet card: write its rank and suits, such as AM, CrM or 5ML.",
        text=quote(text),
    ),
    "no_such_decktet_card": lambda text: _(
        "There is no card {text} in the Decktet.", text=quote(text)
    ),
    # Decktet rules
    "hands_option": lambda hands, most: _(
        "A game lasts 1 to {most} hands, not {hands}.", most=most, hands=hands
    ),
}


class ServiceError(Exception):
    """A request the service refuses; `said` is the sentence to show the player (a `Text`,
    said in their language, or words made already), `str(error)` its English."""

    @property
    def said(self) -> Said:
        first = self.args[0] if self.args else ""
        return first if isinstance(first, Text) else str(first)


class NotFound(ServiceError):
    pass


class NotYourGame(ServiceError):
    pass


class NotYourTurn(ServiceError):
    pass


class GameOver(ServiceError):
    pass


class IllegalMove(ServiceError):
    """The engine's reason, as it gave it."""


class StaleView(ServiceError):
    """The game moved on since the button or panel was drawn."""


class TooEarly(ServiceError):
    """Asked before its time: a claim before the turn ran out."""


class GameNotOver(ServiceError):
    """Asked of a game still going on: a rematch."""


class WrongPlace(ServiceError):
    """Asked where it cannot be done: in DMs, or outside the server's game channels."""


class BadOption(ServiceError):
    """An option the command cannot use: a value not offered, a combination that does not
    go together, nothing to change, an opponent who cannot play."""


class NotAllowed(ServiceError):
    """A member without the permission the command needs."""


class ChallengeRefused(ServiceError):
    """Not your challenge, already answered, expired, a self-challenge, a limit reached."""


class BadDeck(ServiceError):
    """A custom deck that is not valid (the engine's reason), or a limit on saved decks."""
