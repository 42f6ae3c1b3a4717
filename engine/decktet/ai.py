"""Computer players for Decktet Caravan. Like the New Vegas players they decide from a
seat's `DecktetView` only (never the other hand or the cards set aside).

- `random`: a uniformly random legal play.
- `greedy`: a one-play look-ahead: each legal play is scored as if the season ended right
  after it (engine.decktet.greedy).
- `hard`: Monte Carlo search over the worlds the seat cannot tell apart, each try played
  out to the hand's end by greedy on both sides (engine.decktet.search).
"""

from __future__ import annotations

import random
from typing import Protocol

from engine.decktet.greedy import GreedyPlayer as GreedyPlayer  # a player of the registry below
from engine.decktet.plays import Play
from engine.decktet.search import SearchPlayer
from engine.decktet.view import DecktetView
from engine.errors import CaravanError

HARD_SECONDS = 0.3  # the search player's time a play


class DecktetPlayer(Protocol):
    @property
    def name(self) -> str:
        """What the player is called in benchmarks and logs."""
        ...

    def choose(self, view: DecktetView, rng: random.Random) -> Play: ...


class RandomPlayer:
    name = "random"

    def choose(self, view: DecktetView, rng: random.Random) -> Play:
        return rng.choice(view.legal_moves)


PLAYERS: dict[str, DecktetPlayer] = {"random": RandomPlayer(), "greedy": GreedyPlayer()}
LEVELS = {"easy": "random", "normal": "greedy", "hard": "hard"}


def player_for(level: str) -> DecktetPlayer:
    """The player for a bot difficulty: `easy` is random, `normal` greedy, `hard` the
    search player (engine.decktet.search) with 0.3 s a play."""
    name = LEVELS.get(level)
    if name is None:
        raise CaravanError(f"There is no difficulty called {level!r}; choose easy, normal or hard.")
    if name == "hard":
        return SearchPlayer(name="hard", seconds=HARD_SECONDS)
    return PLAYERS[name]
