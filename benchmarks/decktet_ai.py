"""How strong Decktet Caravan's computer players are: greedy against random, seeded.

    python benchmarks/decktet_ai.py [--games N] [--first-seed S]

N games (400 by default) of 5 hands from seeds S..S+N-1 (S is 1000 unless given: the
greedy player's two weights were tuned on seeds 0-199, so the default measures on games it
never saw), greedy in seat A in even-numbered games and seat B in odd ones. A draw counts
half. Prints `decktet_greedy_vs_random_win_rate: 0.998 (95% CI ..., 400 games)`, each
player's milliseconds per play (`decktet_X_move_ms_mean`, `..._p95`: `choose` alone), the
seat's view with its legal plays (`decktet_view_ms_mean`, `..._p95`), and plays per game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ai_strength import interval, percentile

from engine.decktet import DecktetGame
from engine.decktet.ai import PLAYERS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--first-seed", type=int, default=1000)
    args = parser.parse_args()
    scores: list[float] = []
    times: dict[str, list[float]] = defaultdict(list)
    plays = 0
    for seed in range(args.first_seed, args.first_seed + args.games):
        greedy = "A" if seed % 2 == 0 else "B"
        game = DecktetGame.new(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            name = "greedy" if game.mover == greedy else "random"
            started = time.perf_counter()
            view = game.view(game.mover)
            times["view"].append(time.perf_counter() - started)
            started = time.perf_counter()
            play = PLAYERS[name].choose(view, rng)
            times[name].append(time.perf_counter() - started)
            game.play(play)
            plays += 1
        scores.append(1.0 if game.winner == greedy else 0.5 if game.winner == "draw" else 0.0)
    mean, low, high = interval(scores)
    print(
        f"decktet_greedy_vs_random_win_rate: {mean:.3f} "
        f"(95% CI {low:.3f}-{high:.3f}, {len(scores)} games)"
    )
    for name, spent in sorted(times.items()):
        figure = "view" if name == "view" else f"{name}_move"
        print(f"decktet_{figure}_ms_mean: {1000 * sum(spent) / len(spent):.3f} ms")
        print(f"decktet_{figure}_ms_p95: {1000 * percentile(spent, 0.95):.3f} ms")
    print(f"decktet_plays_per_game_mean: {plays / len(scores):.1f} plays")


if __name__ == "__main__":
    main()
