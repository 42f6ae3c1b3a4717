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


class ChallengeRefused(ServiceError):
    """Not your challenge, already answered, expired, a self-challenge, a limit reached."""


class BadDeck(ServiceError):
    """A custom deck that is not valid (the engine's reason), or a limit on saved decks."""
