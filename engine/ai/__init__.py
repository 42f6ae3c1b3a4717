"""Computer players for Caravan, deciding from one seat's view only (engine.ai.players)."""

from engine.ai.players import (
    LEVELS,
    GreedyPlayer,
    IsmctsPlayer,
    Player,
    RandomPlayer,
    player_for,
)
from engine.ai.sampling import Sampler, unseen_codes

__all__ = [
    "LEVELS",
    "GreedyPlayer",
    "IsmctsPlayer",
    "Player",
    "RandomPlayer",
    "Sampler",
    "player_for",
    "unseen_codes",
]
