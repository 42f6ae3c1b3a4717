"""The engine's errors: one root, with unreadable text kept apart from moves the rules forbid.

Every message is a full sentence a player can read as it is.
"""


class CaravanError(Exception):
    """Root of every error the engine raises on purpose."""


class NotationError(CaravanError, ValueError):
    """Text that cannot be read: an unknown card, a malformed move, caravan or position."""


class PositionError(NotationError):
    """A readable position that cannot arise under its rules (a ten in `simple`, a card
    held twice)."""


class RulesError(CaravanError, ValueError):
    """Rules that cannot be played: an unknown preset, a bad jokers option, an invalid
    custom deck (R1)."""


class IllegalMoveError(CaravanError, ValueError):
    """A readable move that the rules do not allow in this position."""
