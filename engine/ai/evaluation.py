"""The hand-written evaluation the greedy player and the search's cut-off rollouts use.

It scores a position for one seat from the table alone: positions won (R13), how close each
caravan is to a sale (R12: 21 to 26, higher beating lower), overshooting, and the majority.
A finished game is worth `WIN` or `-WIN` (0 for a draw). The search's reward may also count
the picture cards each side holds (`reward(..., held=True)`, hard's; benchmarks/README.md,
"Session 24").
"""

from __future__ import annotations

import math
from typing import Final

from engine.caravan import SALE_MAX, SALE_MIN, position_winner
from engine.cards import JACK, JOKER, KING, QUEEN
from engine.game import Game
from engine.state import DRAW

WIN = 100.0
POSITION = 1.0  # a position won now
MAJORITY = 1.0  # two positions won now
SHAPE = 0.6  # how much better-shaped one caravan is than the other
CARDS = 0.03  # each card more in hand than the opponent (running out loses, R14)
# A picture card in hand, for the search's reward with `held`: a Jack, King or joker is a
# threat or an answer the table does not show yet (a Queen's is too small to count).
HELD_PICTURES = {JACK: 0.4, QUEEN: 0.0, KING: 0.4, JOKER: 0.6}
_HELD_BY_CODE: Final = tuple(HELD_PICTURES.get(code >> 2, 0.0) for code in range(JOKER * 4 + 1))

# How good a caravan's value is on its own, 0 (nothing) to about 1.1 (26), by value.
_QUALITY = tuple(
    0.0
    if value <= 0
    else 0.75 * value / SALE_MIN
    if value < SALE_MIN
    else 1.0 + 0.02 * (value - SALE_MIN)
    if value <= SALE_MAX
    else max(0.0, 0.55 - 0.08 * (value - SALE_MAX))
    for value in range(200)
)


def quality(value: int) -> float:
    return _QUALITY[value] if 0 <= value < len(_QUALITY) else 0.0


def evaluate(game: Game, seat: int) -> float:
    """The position's worth to `seat` (0 for A, 1 for B): `WIN` for a win, `-WIN` for a loss,
    otherwise a score of a few points either way."""
    winner = game._winner
    if winner >= 0:
        return 0.0 if winner == DRAW else WIN if winner == seat else -WIN
    mine, theirs = game.caravans[seat], game.caravans[1 - seat]
    score = 0.0
    won = lost = 0
    for i in (0, 1, 2):
        a, b = mine[i].value, theirs[i].value
        who = position_winner(a, b)  # 0: the first (the seat's) wins it
        if who == 0:
            won += 1
        elif who == 1:
            lost += 1
        score += SHAPE * (quality(a) - quality(b))
    score += POSITION * (won - lost)
    if won >= 2:
        score += MAJORITY
    elif lost >= 2:
        score -= MAJORITY
    score += CARDS * (len(game.hands[seat]) - len(game.hands[1 - seat]))
    return score


def held_pictures(hand: list[int]) -> float:
    """What the picture cards in `hand` (card codes) are worth by `HELD_PICTURES`."""
    total = 0.0
    for code in hand:
        total += _HELD_BY_CODE[code]
    return total


def reward(game: Game, seat: int, scale: float = 1.5, held: bool = False) -> float:
    """The evaluation squashed to 0..1 (a loss 0, a draw 0.5, a win 1) for the search; with
    `held`, plus the seat's held picture cards less the opponent's (in the search's sampled
    worlds, the opponent's hand is a sampled one)."""
    value = evaluate(game, seat)
    if value >= WIN:
        return 1.0
    if value <= -WIN:
        return 0.0
    if held:
        value += held_pictures(game.hands[seat]) - held_pictures(game.hands[1 - seat])
    return 1.0 / (1.0 + math.exp(-value / scale))
