"""Decktet Caravan's greedy player (`normal`), and its score of a play, which the search
player (engine.decktet.search) uses in its sampled games too.

A one-play look-ahead: each legal play is scored as if the season ended right after it (the
cards it would collect or hand over by D2 and D7), plus the cards it sheds, going out (D9),
and a cost for spending an Ace or a Crown, which are the only bandits. Like every player it
decides from a seat's `DecktetView` only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.decktet.cards import DCard, points
from engine.decktet.game import OUT_BONUS
from engine.decktet.plays import CARAVAN, Play
from engine.decktet.view import DecktetView

SHED = 1.5  # a card out of the hand: nearer going out, one point less to give away
WILD_COST = 1.5  # an Ace or a Crown spent: one bandit fewer for later


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
