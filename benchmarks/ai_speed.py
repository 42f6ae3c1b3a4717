"""How fast the computer players' search runs: iterations a second on one core.

    python benchmarks/ai_speed.py [--iterations N] [--runs K]

From five positions 12 plies into seeded new-vegas games (random moves), the search for
the seat to move runs N iterations (2,000 by default) to the end (`stop_when_settled`
off), K times each (3 by default), once as normal searches (4 random rollout moves) and
once as hard does (2 rollout moves chosen by the evaluation). Hard thinks for a fixed
0.45 s, so how strong it plays follows its figure. Prints `search_iterations_per_s`
(normal's search) and `hard_search_iterations_per_s` (the best of the K runs, summed over
the positions), and `search_compiled` (1 when engine.ai.ismcts runs compiled by mypyc).
"""

from __future__ import annotations

import argparse
import random
import time

import engine.ai.ismcts
from engine import Game, Rules
from engine.ai.ismcts import grow
from engine.ai.sampling import Sampler


def position(seed: int) -> Sampler:
    game = Game.new(Rules("new-vegas"), seed=seed)
    rng = random.Random(seed)
    for _ in range(12):
        game.play(rng.choice(game.legal_moves()))
    return Sampler(game.view(game.mover))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    samplers = [position(seed) for seed in range(1, 6)]
    for name, depth, greedy in (("search", 4, False), ("hard_search", 2, True)):
        best = float("inf")
        for run in range(args.runs):
            start = time.perf_counter()
            for sampler in samplers:
                grow(
                    sampler,
                    random.Random(run),
                    iterations=args.iterations,
                    stop_when_settled=False,
                    rollout_depth=depth,
                    greedy_rollouts=greedy,
                )
            best = min(best, time.perf_counter() - start)
        print(f"{name}_iterations_per_s: {len(samplers) * args.iterations / best:.0f} 1/s")
    compiled = not engine.ai.ismcts.__file__.endswith(".py")
    print(f"search_compiled: {int(compiled)}")


if __name__ == "__main__":
    main()
