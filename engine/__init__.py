"""Caravan, the card game from Fallout: New Vegas: the rules engine (pure Python, no I/O).

    >>> from engine import Game, Rules
    >>> game = Game.new(Rules("new-vegas"), seed=7)
    >>> event = game.play(game.legal_moves()[0])

See docs/engine.md for the API and shared/RULES.md for the clauses cited in the code.
"""

from engine import pickling
from engine.caravan import CaravanView, PlacedCard
from engine.cards import Card, parse_cards
from engine.errors import CaravanError, IllegalMoveError, NotationError, PositionError, RulesError
from engine.events import MoveEvent, Removal
from engine.game import Game
from engine.moves import Move
from engine.rules import PRESETS, Rules, Variant, validate_deck
from engine.view import PlayerView

pickling.register()

__all__ = [
    "PRESETS",
    "CaravanError",
    "CaravanView",
    "Card",
    "Game",
    "IllegalMoveError",
    "Move",
    "MoveEvent",
    "NotationError",
    "PlacedCard",
    "PlayerView",
    "PositionError",
    "Removal",
    "Rules",
    "RulesError",
    "Variant",
    "parse_cards",
    "validate_deck",
]
