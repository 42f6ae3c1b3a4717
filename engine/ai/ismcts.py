"""Single-observer information-set Monte Carlo tree search (Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012).

Every iteration samples a world the searching seat cannot tell from the real one
(engine.ai.sampling), walks the one shared tree with the moves legal in that world (UCB1
with availability counts: a child is only compared with the siblings that were available
with it), adds one node, plays a short rollout and scores it with the evaluation. Random
Caravan games mostly end by a player running out of cards, so rollouts are cut after a few
moves and scored by engine.ai.evaluation rather than played out. A rollout's moves are
random (leaning towards playing a card), or, with `greedy_rollouts`, each the move the
evaluation likes best for its mover, a random one a quarter of the time: a costlier
iteration (~1.7x) whose leaves are positions two sensible moves on, not two random ones
(benchmarks/README.md, "Session 23"). With `value_held`, every reward also counts the
picture cards each side holds (engine.ai.evaluation.reward; "Session 24"). The move chosen
is the root's most visited; the search stops early once no other move can catch up with it
in the iterations left (on a time budget, those the time left allows at the rate so far,
with a margin), which saves ~11% of hard's thinking in games against greedy and changes
nothing.
"""

from __future__ import annotations

import math
import random
import time

from engine.ai.evaluation import WIN, evaluate, reward
from engine.ai.sampling import Sampler
from engine.game import Game
from engine.moves import Move
from engine.undo import take_back, try_move

EXPLORATION = 0.3
GREEDY_ROLLOUT_RANDOM = 0.25  # the share of a greedy rollout's moves chosen at random
PRIOR_VISITS = 2  # how many visits the evaluation of a new move is worth
_CHECK_CLOCK_EVERY = 16
SETTLE_MARGIN = 1.5  # how much faster than so far the time left might run iterations


class Node:
    __slots__ = ("move", "parent", "mover", "children", "visits", "total", "avails")

    def __init__(self, move: Move | None, parent: Node | None, mover: int) -> None:
        self.move = move
        self.parent = parent
        self.mover = mover  # the seat that played `move` (whose reward `total` sums)
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avails = 1


def grow(
    sampler: Sampler,
    rng: random.Random,
    *,
    iterations: int,
    seconds: float | None = None,
    rollout_depth: int = 4,
    stop_when_settled: bool = True,
    greedy_rollouts: bool = False,
    value_held: bool = False,
) -> Node:
    """Search: the root of the tree after `iterations` iterations, or fewer if `seconds`
    run out first, or (`stop_when_settled`) as soon as no other move can catch up with the
    most visited one in the iterations left. The move to play is `most_visited(root)`.
    `greedy_rollouts` plays each rollout move by the evaluation instead of at random;
    `value_held` counts the picture cards each side holds in the rewards of new moves and
    of rollouts (`reward(..., held=True)`)."""
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds
    root = Node(None, None, 1 - sampler.seat)
    for done in range(iterations):
        if done % _CHECK_CLOCK_EVERY == 0 and root.children:
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                break
            if stop_when_settled and _settled(root, iterations - done, deadline, now, done, start):
                break
        _iterate(root, sampler.sample(rng), rng, rollout_depth, greedy_rollouts, value_held)
    return root


def deepen(
    root: Node,
    move: Move,
    sampler: Sampler,
    rng: random.Random,
    *,
    iterations: int,
    rollout_depth: int = 4,
    greedy_rollouts: bool = False,
    value_held: bool = False,
) -> Node:
    """`iterations` more iterations of the search `root` came from (`grow`'s, with the
    same options), each playing `move` at the root: for a move the search visited little
    and a review must judge all the same (engine.review). Returns `move`'s node."""
    child = root.children.get(move)
    if child is None:
        child = root.children[move] = Node(move, root, sampler.seat)
    for _ in range(iterations):
        game = sampler.sample(rng)
        game.push(move)
        child.avails += 1
        _iterate(child, game, rng, rollout_depth, greedy_rollouts, value_held)
    return child


def most_visited(root: Node) -> Move:
    """The root's most visited move (the larger total reward breaks a tie)."""
    best = max(root.children.values(), key=lambda child: (child.visits, child.total))
    assert best.move is not None
    return best.move


def _settled(
    root: Node, left: int, deadline: float | None, now: float, done: int, start: float
) -> bool:
    """Whether the most visited move at the root stays the most visited however the `left`
    iterations (or those the time left allows, at the rate so far, with a margin) go: each
    iteration adds one visit to one root move."""
    if deadline is not None and now > start:
        left = min(left, math.ceil(SETTLE_MARGIN * done * (deadline - now) / (now - start)))
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > left


def _iterate(
    root: Node,
    game: Game,
    rng: random.Random,
    rollout_depth: int,
    greedy_rollouts: bool,
    value_held: bool,
) -> None:
    node = root
    while not game.is_over:  # selection
        legal = game.legal_moves()
        children = node.children
        mover = game.turn
        fresh = [move for move in legal if move not in children]
        if fresh:  # expansion: every new move at once, each valued by the evaluation
            for move in fresh:
                tried = try_move(game, move)
                value = reward(game, mover, held=value_held)
                take_back(game, tried)
                child = children[move] = Node(move, node, mover)
                child.visits, child.total = PRIOR_VISITS, PRIOR_VISITS * value
        best: Node | None = None
        best_score = -1.0
        for move in legal:
            child = children[move]
            child.avails += 1
            score = child.total / child.visits + EXPLORATION * math.sqrt(
                math.log(child.avails) / child.visits
            )
            if score > best_score:
                best, best_score = child, score
        assert best is not None and best.move is not None
        game.push(best.move)
        node = best
        if fresh:
            break
    if greedy_rollouts:
        _greedy_rollout(game, rng, rollout_depth)
    else:
        _rollout(game, rng, rollout_depth)
    first = reward(game, 0, held=value_held)
    up: Node | None = node
    while up is not None:  # backpropagation
        up.visits += 1
        up.total += first if up.mover == 0 else 1.0 - first
        up = up.parent


def _rollout(game: Game, rng: random.Random, depth: int) -> None:
    """A few moves at random, leaning towards playing a card rather than throwing one away."""
    for _ in range(depth):
        if game.is_over:
            return
        legal = game.legal_moves()
        draw = rng.random
        move = legal[int(draw() * len(legal))]
        if move.action != "play" and draw() < 0.75:
            move = legal[int(draw() * len(legal))]
        game.push(move)


def _greedy_rollout(game: Game, rng: random.Random, depth: int) -> None:
    """A few moves, each the one the evaluation scores best for its mover (the first of
    equals), or, `GREEDY_ROLLOUT_RANDOM` of the time, one at random."""
    for _ in range(depth):
        if game.is_over:
            return
        legal = game.legal_moves()
        if rng.random() < GREEDY_ROLLOUT_RANDOM:
            game.push(legal[int(rng.random() * len(legal))])
            continue
        mover = game.turn
        best = legal[0]
        best_value = -2 * WIN
        for move in legal:
            tried = try_move(game, move)
            value = evaluate(game, mover)
            take_back(game, tried)
            if value > best_value:
                best, best_value = move, value
        game.push(best)
