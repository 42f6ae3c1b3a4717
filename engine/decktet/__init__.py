"""Caravan for the Decktet, by P.D. Magnus: a second game beside the New Vegas one
(shared/DECKTET.md, clauses D1-D10). Pure Python, no I/O.

    >>> from engine.decktet import DecktetGame
    >>> game = DecktetGame.new(seed=7)
    >>> event = game.play(game.legal_moves()[0])
"""

from engine.decktet.cards import DECK, SUIT_NAMES, SUITS, DCard, parse_card, points
from engine.decktet.events import DecktetEvent, HandResult, SeasonEnd
from engine.decktet.game import DecktetGame
from engine.decktet.plays import PASS_PLAY, Play, legal_plays, parse_play
from engine.decktet.rules import DecktetRules
from engine.decktet.view import DecktetView

__all__ = [
    "DECK",
    "PASS_PLAY",
    "SUITS",
    "SUIT_NAMES",
    "DCard",
    "DecktetEvent",
    "DecktetGame",
    "DecktetRules",
    "DecktetView",
    "HandResult",
    "Play",
    "SeasonEnd",
    "legal_plays",
    "parse_card",
    "parse_play",
    "points",
]
