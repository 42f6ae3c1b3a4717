"""Computer players for Decktet Caravan. Like the New Vegas players they decide from a
seat's `DecktetView` only (never the other hand or the cards set aside).

- `random`: a uniformly random legal play.
- `greedy`: a one-play look-ahead: each legal play is scored as if the season ended right
  after it (the cards it would collect or hand over by D2 and D7), plus the cards it sheds,
  going out (D9), and a cost for spending an Ace or a Crown, which are the only bandits.
- `hard`: Monte Carlo search over the worlds the seat cannot tell apart, each try played
  out to the hand's end by greedy on both sides (engine.decktet.search).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol

from engine.decktet.cards import DCard, points
from engine.decktet.game import OUT_BONUS
from engine.decktet.plays import CARAVAN, Play
from engine.decktet.view import DecktetView
from engine.errors import CaravanError

SHED = 1.5  # a card out of the hand: nearer going out, one point less to give away
WILD_COST = 1.5  # an Ace or a Crown spent: one bandit fewer for later
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


class GreedyPlayer:
    name = "greedy"

    def choose(self, view: DecktetView, rng: random.Random) -> Play:
        season = sum(points(c, view.indicators) for _, p in view.season for c in p.cards)
        scored = [(score(view, play, season), rng.random(), play) for play in view.legal_moves]
        return max(scored, key=lambda item: (item[0], item[1]))[2]


def score(view: DecktetView, play: Play, season: int) -> float:
    """How good `play` looks for the seat to move if the season ended right after it
    (`season`: what the season's cards so far are worth by D2)."""
    opponent = view.hand_sizes[1 if view.seat == "A" else 0]
    worth = {card: points(card, view.indicators) for card in play.cards}
    return play_score(play, len(view.hand), view.last_play, season, worth, opponent)


def play_score(
    play: Play,
    hand_size: int,
    last: Play | None,
    season: int,
    worth: Mapping[DCard, int],
    opponent_cards: int,
) -> float:
    """`score` from the facts it needs (`worth`: each card's points by D2), so the search
    can score plays in its sampled games as greedy would."""
    if play.is_pass:
        assert last is not None  # the opponent's: a caravan they collect, a bandit we do
        return float(-season if last.kind == CARAVAN else season)
    value = season + sum(worth[card] for card in play.cards)
    gain = float(value if play.kind == CARAVAN else -value)
    gain += SHED * len(play.cards) - WILD_COST * sum(card.is_wild for card in play.cards)
    if len(play.cards) == hand_size:
        gain += OUT_BONUS + opponent_cards
    return gain


PLAYERS: dict[str, DecktetPlayer] = {"random": RandomPlayer(), "greedy": GreedyPlayer()}
LEVELS = {"easy": "random", "normal": "greedy", "hard": "hard"}


def player_for(level: str) -> DecktetPlayer:
    """The player for a bot difficulty: `easy` is random, `normal` greedy, `hard` the
    search player (engine.decktet.search) with 0.3 s a play."""
    name = LEVELS.get(level)
    if name is None:
        raise CaravanError(f"There is no difficulty called {level!r}; choose easy, normal or hard.")
    if name == "hard":
        from engine.decktet.search import SearchPlayer

        return SearchPlayer(name="hard", seconds=HARD_SECONDS)
    return PLAYERS[name]
