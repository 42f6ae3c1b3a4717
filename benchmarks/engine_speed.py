"""How fast the rules engine plays: random complete games on one core.

    python benchmarks/engine_speed.py [--games N]

new-vegas rules, 54-card decks, each move chosen at random from `legal_moves()`.
`random_games_per_s` and `moves_per_s` use `Game.push`, the path search and random
playouts take (moves straight from the generator, no event); `validated_moves_per_s`
uses `Game.play`, the bot's path (validation and a MoveEvent for every move).
`compiled_modules` says whether the engine ran as plain Python (0) or compiled by mypyc.
Prints `name: value unit` lines.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time

from engine import Game, Rules


def random_games(games: int, validated: bool) -> tuple[float, int]:
    rng = random.Random(1)
    rules = Rules("new-vegas")
    moves = 0
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(rules, seed)
        while not game.is_over:
            move = rng.choice(game.legal_moves())
            if validated:
                game.play(move)
            else:
                game.push(move)
            moves += 1
    return time.perf_counter() - start, moves


def best_of(runs: int, games: int, validated: bool) -> tuple[float, int]:
    return min((random_games(games, validated) for _ in range(runs)), key=lambda r: r[0])


def sample_positions(games: int) -> list[Game]:
    """Every position of `games` random games, for timing the generator alone. Made apart
    from the timed games: thousands of live positions make the garbage collector's passes
    slower, which (until 2026-11-27) cost the timed games up to half their speed."""
    rng = random.Random(1)
    rules = Rules("new-vegas")
    samples = []
    for seed in range(games):
        game = Game.new(rules, seed)
        while not game.is_over:
            game.push(rng.choice(game.legal_moves()))
            samples.append(game.copy())
    return samples


def compiled_modules() -> int:
    """How many engine modules run compiled by mypyc (setup.py, CARAVAN_COMPILE=1)."""
    names = ("cards", "caravan", "events", "game", "moves", "notation", "rules", "view")
    modules = [importlib.import_module(f"engine.{name}") for name in names]
    return sum(1 for module in modules if not (module.__file__ or "").endswith(".py"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=3, help="best of this many runs")
    args = parser.parse_args()
    print(f"compiled_modules: {compiled_modules()} modules")

    seconds, moves = best_of(args.runs, args.games, validated=False)
    print(f"random_games_per_s: {args.games / seconds:.0f} games/s")
    print(f"moves_per_s: {moves / seconds:.0f} moves/s")
    print(f"moves_per_game_mean: {moves / args.games:.1f} moves")

    seconds, moves = best_of(args.runs, max(1, args.games // 4), validated=True)
    print(f"validated_moves_per_s: {moves / seconds:.0f} moves/s")

    timings = []
    live = [game for game in sample_positions(50) if not game.is_over]
    for _ in range(max(args.runs, 10)):
        start = time.perf_counter()
        for game in live:
            game.legal_moves()
        timings.append(time.perf_counter() - start)
    print(f"legal_moves_calls_per_s: {len(live) / min(timings):.0f} calls/s")
    spread = statistics.mean(len(game.legal_moves()) for game in live)
    print(f"legal_moves_mean: {spread:.1f} moves")


if __name__ == "__main__":
    main()
