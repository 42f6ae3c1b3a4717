"""Refusals the game service gives, each with a short sentence for the player, and the
engine's reasons made into such sentences (`engine_reason`)."""

import re
from collections.abc import Callable

from bot.i18n import Said, Text, _, n_

# The rule clauses the engine's sentences cite for the readers of its rules ("(R1)",
# "(R5, R6)", "(D4)", "(R3-R7, G9)"): the engine's notation, not a member's words.
_CLAUSES = re.compile(r"\s*\([RDG]\d+(?:\s*[,\-\u2013]\s*[RDG]\d+)*\)")


def engine_reason(error: Exception) -> Said:
    """The engine's sentence for why it refused (an illegal move, a deck that breaks the
    rules), for a member to read: less the rule clauses it cites, and in the reader's
    language where the bot knows the sentence (a custom deck's R1 checks: `_DECK_REASONS`);
    else as the engine wrote it. Every engine refusal a member sees passes through here;
    the engine's own messages keep their clauses."""
    said = str(error)
    for pattern, sentence in _DECK_REASONS:
        found = pattern.match(said)
        if found is not None:
            values = found.groupdict()
            return sentence(_whose(values.pop("who")), **values)
    return _CLAUSES.sub("", said)


def _whose(who: str) -> Said:
    """The deck an engine's deck sentence is about, in the reader's language."""
    if who == "The deck":
        return _("The deck")
    seat = re.fullmatch(r"Player ([AB])'s deck", who)
    if seat is not None:
        return _("Player {seat}'s deck", seat=seat[1])
    if who.startswith("The deck "):
        return _("The deck {name}", name=who.removeprefix("The deck "))
    return who


# The engine's R1 sentences (engine/rules.py `validate_deck`), each with its words in the
# catalogue: the pattern of the engine's English, and the bot's sentence it becomes.
_DECK_REASONS: list[tuple[re.Pattern[str], Callable[..., Text]]] = [
    (
        re.compile(
            r"(?P<who>.+) has (?P<count>\d+) cards; a custom deck needs at least 30 \(R1\)\.$"
        ),
        lambda who, count: n_(
            "{who} has {count} card; a custom deck needs at least 30.",
            "{who} has {count} cards; a custom deck needs at least 30.",
            int(count),
            who=who,
        ),
    ),
    (
        re.compile(
            r"(?P<who>.+) has (?P<count>\d+) jokers; four source decks hold at most "
            r"(?P<limit>\d+) \(R1\)\.$"
        ),
        lambda who, count, limit: n_(
            "{who} has {count} joker; four source decks hold at most {limit}.",
            "{who} has {count} jokers; four source decks hold at most {limit}.",
            int(count),
            who=who,
            limit=limit,
        ),
    ),
    (
        re.compile(
            r"(?P<who>.+) has (?P<count>\d+) copies of (?P<card>\S+); a custom deck is drawn "
            r"from at most 4 standard decks, so at most 4 of each card \(R1\)\.$"
        ),
        lambda who, count, card: n_(
            "{who} has {count} copy of {card}; a custom deck is drawn from at most 4 "
            "standard decks, so at most 4 of each card.",
            "{who} has {count} copies of {card}; a custom deck is drawn from at most 4 "
            "standard decks, so at most 4 of each card.",
            int(count),
            who=who,
            card=card,
        ),
    ),
    (
        re.compile(
            r"(?P<who>.+) holds (?P<card>\S+), but (?P<rules>\S+) rules play without tens\.$"
        ),
        lambda who, card, rules: _(
            "{who} holds {card}, but {rules} rules play without tens.",
            who=who,
            card=card,
            rules=rules,
        ),
    ),
    (
        re.compile(
            r"(?P<who>.+) has (?P<count>\d+) number cards; it needs at least 3, or the deal "
            r"could never succeed \(R1, R2\)\.$"
        ),
        lambda who, count: n_(
            "{who} has {count} number card; it needs at least 3, or the deal could never succeed.",
            "{who} has {count} number cards; it needs at least 3, or the deal could never succeed.",
            int(count),
            who=who,
        ),
    ),
]


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
