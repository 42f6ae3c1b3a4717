"""Refusals the game service gives, each with a short sentence for the player."""


class ServiceError(Exception):
    """A request the service refuses; `str(error)` is the sentence to show the player."""


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
