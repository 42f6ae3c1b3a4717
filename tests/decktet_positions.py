"""Decktet Caravan positions some plays into a seeded game, for the tests that need one
mid-hand (seasons under way, cards collected, hands ended)."""

from __future__ import annotations

import random

from engine.decktet import DecktetGame
from engine.decktet.ai import DecktetPlayer, RandomPlayer


def played(seed: int, plies: int, player: DecktetPlayer | None = None) -> DecktetGame:
    """The game from `seed` after `plies` plays by `player` on both sides (random unless
    given), or at its end if that comes first."""
    game = DecktetGame.new(seed=seed)
    rng = random.Random(seed)
    chooser = player or RandomPlayer()
    for _ in range(plies):
        if game.is_over:
            break
        game.play(chooser.choose(game.view(game.mover), rng))
    return game
