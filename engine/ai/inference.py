"""What the opponent's last move says about the cards they hold.

Sampling deals the opponent's hidden cards uniformly (engine.ai.sampling), as if they
played blind. They did not: they chose their last move from their hand, and a hand with a
much better move in it is less likely to be the one they held. `weigh_by_last_move` deals
`POOL` hands, scores each by how likely the move they made is under a model of them
(a softmax, `SHARPNESS` per point, of the evaluation one move ahead: greedy's view of the
game), and has the sampler deal hands by that weight from then on.

Their hand before the move was the hand they hold now, less the card they drew after it
(any one of them, equally likely, when they drew), plus the card they played. Only what
the seat saw is used: the caravans before the move, the move, whether they drew; a test
keeps the choice the same whatever the hidden cards really are.

Measured (benchmarks/README.md, "Session 20"): knowing the opponent's hand outright is
worth ~+0.07 against greedy at the same search; this recovers part of it.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from engine.ai.evaluation import evaluate
from engine.ai.sampling import Sampler, caravans_of
from engine.state import MAIN
from engine.undo import take_back, try_move
from engine.view import PlayerView

POOL = 300  # hands dealt and weighed each decision
SHARPNESS = 4.0  # the model's softmax, per point of the evaluation


def weigh_by_last_move(view: PlayerView, sampler: Sampler, rng: random.Random) -> bool:
    """Weigh the opponent's possible hands by their last move (when the view has one, made
    by the opponent with a card). Returns whether it did."""
    last = view.last
    # An opening move only says that they held a number card.
    if last is None or last.move.card is None or last.phase != MAIN:
        return False
    played = last.move.card.code
    before = sampler.base.copy()  # the table before their move, from this seat
    before.caravans = caravans_of(last.before, view.rules.variant)
    them = sampler.opponent
    before.turn = them
    before.ply = view.ply - 1
    before.decks[them] = [played]  # so that a move draws, as theirs did; never read
    # What each card they may have held offers them: a move's worth depends on the table,
    # not on the rest of the hand, so every card's moves are scored once, all together.
    before.hands[them] = sorted({*sampler.unseen, played})
    offers: dict[int, float] = {}  # card code (-1: no card, a disband) -> its moves' weights
    chosen = 0.0
    scored = []
    for option in before.legal_moves():
        tried = try_move(before, option)
        scored.append((option, evaluate(before, them)))
        take_back(before, tried)
    top = max(value for _, value in scored)
    for option, value in scored:
        weight = math.exp(SHARPNESS * (value - top))
        code = -1 if option.card is None else option.card.code
        offers[code] = offers.get(code, 0.0) + weight
        if option == last.move:
            chosen = weight
    if chosen == 0.0:
        return False
    hands: list[list[int]] = []
    weights: list[float] = []
    for _ in range(POOL):
        hand = sampler.deal(rng)[0]
        hands.append(hand)
        weights.append(_likelihood(hand, played, offers, chosen, last.drew))
    sampler.weigh(hands, weights)
    return True


def _likelihood(
    hand: list[int], played: int, offers: dict[int, float], chosen: float, drew: bool
) -> float:
    """How likely the move they made (weight `chosen`) was, had they held `hand` now:
    averaged over which card of it they drew after the move (none when they did not)."""
    held = Counter(hand)
    held[played] += 1  # what they held before the move, with the card drawn still in it
    disbands = offers.get(-1, 0.0)
    if not drew or not hand:
        return chosen / (disbands + sum(offers.get(code, 0.0) for code in held))
    total = 0.0
    for drawn, copies in Counter(hand).items():
        within = disbands + sum(
            offers.get(code, 0.0)
            for code, count in held.items()
            if count > (1 if code == drawn else 0)
        )
        total += copies * chosen / within
    return total / len(hand)
