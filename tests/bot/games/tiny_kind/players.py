"""Race to Twenty's computer player (`player_for(level)`, as `bot.thinking` asks): a step
chosen at random, at every level."""

from __future__ import annotations

import random

from tests.bot.games.tiny_kind.engine import RaceView, Step


class RandomStep:
    def choose(self, view: RaceView, rng: random.Random) -> Step:
        return rng.choice(view.legal_moves)


def player_for(level: str) -> RandomStep:
    return RandomStep()
