"""Refusals the game service gives, each with a short sentence for the player, and the
engine's reasons made into such sentences (`engine_reason`)."""

import re

from bot.i18n import Said, Text

# The rule clauses the engine's sentences cite for the readers of its rules ("(R1)",
# "(R5, R6)", "(D4)", "(R3-R7, G9)"): the engine's notation, not a member's words.
_CLAUSES = re.compile(r"\s*\([RDG]\d+(?:\s*[,\-\u2013]\s*[RDG]\d+)*\)")


def engine_reason(error: Exception) -> str:
    """The engine's sentence for why it refused (an illegal move, a deck that breaks the
    rules), for a member to read: as the engine wrote it, less the rule clauses it cites.
    Every engine refusal a member sees passes through here; the engine's own messages
    keep their clauses."""
    return _CLAUSES.sub("", str(error))


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
