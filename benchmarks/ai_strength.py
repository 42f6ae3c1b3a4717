"""How strong the computer players are: a seeded round robin of random, greedy, normal, hard.

    python benchmarks/ai_strength.py [--games N] [--first-seed S] [--jobs J] [--pairs X:Y,...]

Each pair plays N games (400 by default) under new-vegas rules from seeds S..S+N-1 (S is 0
unless given: a later run from S=N adds new games to an earlier one), the
first player of the pair taking seat A in even-numbered games and seat B in odd ones (the
deal and who starts come from the seed, so both sides get the same deals). A draw counts
half. Games run in J worker processes (default: one per core), each player thinking on
one core. Prints, as `name: value unit` lines,
`X_vs_Y_win_rate: 0.740 (95% CI 0.697-0.783, 400 games)` for each pair and
`X_move_s_mean` / `X_move_s_p95` for each player (the seconds `choose` took per move).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from engine import Game, Rules
from engine.ai import GreedyPlayer, Player, RandomPlayer, player_for

NAMES = ("random", "greedy", "normal", "hard")


def make(name: str) -> Player:
    if name == "random":
        return RandomPlayer()
    if name == "greedy":
        return GreedyPlayer()
    return player_for(name)


def play_one(job: tuple[str, str, int]) -> tuple[str, str, float, dict[str, list[float]]]:
    """One game of `first` against `second` from `seed`; returns the pair, `first`'s score
    (1, 0.5 or 0) and each player's seconds per move."""
    first, second, seed = job
    seat_of_first = "A" if seed % 2 == 0 else "B"
    players = {
        seat_of_first: (first, make(first)),
        ("B" if seat_of_first == "A" else "A"): (second, make(second)),
    }
    game = Game.new(Rules("new-vegas"), seed=seed)
    rng = random.Random(seed * 7919 + 1)
    times: dict[str, list[float]] = defaultdict(list)
    while not game.is_over:
        name, player = players[game.mover]
        view = game.view(game.mover)
        start = time.perf_counter()
        move = player.choose(view, rng)
        times[name].append(time.perf_counter() - start)
        game.play(move)
    score = 0.5 if game.winner == "draw" else 1.0 if game.winner == seat_of_first else 0.0
    return first, second, score, dict(times)


def interval(scores: list[float]) -> tuple[float, float, float]:
    """Mean and 95% confidence interval (normal approximation) of per-game scores."""
    n = len(scores)
    mean = sum(scores) / n
    variance = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.25
    half = 1.96 * math.sqrt(variance / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per pair (default 400)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pairs", help="only these pairs, e.g. hard:greedy,greedy:random")
    args = parser.parse_args()
    if args.pairs:
        pairs = [tuple(pair.split(":")) for pair in args.pairs.split(",")]
    else:
        pairs = [(NAMES[j], NAMES[i]) for j in range(len(NAMES)) for i in range(j)]
    for pair in pairs:
        if len(pair) != 2 or not set(pair) <= set(NAMES):
            parser.error(f"a pair is two of {', '.join(NAMES)} joined by ':', not {pair!r}")
    seeds = range(args.first_seed, args.first_seed + args.games)
    jobs = [(first, second, seed) for first, second in pairs for seed in seeds]
    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for first, second, score, game_times in pool.map(play_one, jobs, chunksize=1):
            scores[(first, second)].append(score)
            for name, spent in game_times.items():
                times[name].extend(spent)
    for first, second in pairs:
        results = scores[(first, second)]
        mean, low, high = interval(results)
        print(
            f"{first}_vs_{second}_win_rate: {mean:.3f} "
            f"(95% CI {low:.3f}-{high:.3f}, {len(results)} games)"
        )
    for name in NAMES:
        if times[name]:
            print(f"{name}_move_s_mean: {sum(times[name]) / len(times[name]):.4f} s")
            print(f"{name}_move_s_p95: {percentile(times[name], 0.95):.4f} s")


if __name__ == "__main__":
    main()
