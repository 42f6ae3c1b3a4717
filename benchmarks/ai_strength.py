"""How strong the computer players are: a seeded round robin, in either game.

    python benchmarks/ai_strength.py [--game new-vegas|decktet] [--games N] [--first-seed S]
                                     [--jobs J] [--pairs X:Y,...] [--ledger FILE]
                                     [--table [CODE]]

New Vegas (the default): random, greedy, normal and hard under new-vegas rules. Decktet
Caravan (`--game decktet`, 5-hand games): random, greedy and hard (the bot's easy, normal
and hard there). Each pair plays N games (400 by default) from seeds S..S+N-1 (S is 0
unless given: a later run from S=N adds new games to an earlier one), the
first player of the pair taking seat A in even-numbered games and seat B in odd ones (the
deal and who starts come from the seed, so both sides get the same deals). A draw counts
half. Games run in J worker processes (default: one per core), each player thinking on
one core. Prints, as `name: value unit` lines (Decktet's prefixed `decktet_`),
`X_vs_Y_win_rate: 0.740 (95% CI 0.697-0.783, 400 games)` for each pair and
`X_move_s_mean` / `X_move_s_p50` / `_p95` / `_p99` / `_max` for each player (the seconds
`choose` took per move).

The whole round robin takes hours (a hard game is ~20 s of thinking). With `--ledger FILE`,
each game's result is appended to FILE (JSON lines) as it ends, and games already there for
the same game and the same players' code are not played again: a run can be stopped and
started again, or built up over several sittings, and prints the same figures as one
uninterrupted run. "The same code" is a hash of the game's engine and players' code
(their syntax trees, so comments and docstrings do not count) plus what runs compiled (a
time-limited player searches more when it is); rows of other code are kept in the file
and ignored. Rows without a `game` are New Vegas's (the ledger's first rows).

`--table [CODE] --ledger FILE` plays nothing: it prints, as Markdown, the round robin that
code (by default the code installed) played on the seeds asked for: each player's score
against each other, with its 95% interval, and each player's think time. The tables of
docs/computer-players.md are this output, and a test checks that they still are
(tests/test_ai_strength_ledger.py).
"""

from __future__ import annotations

import argparse
import ast
import datetime
import hashlib
import json
import math
import os
import random
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import engine
import engine.ai.ismcts
import engine.game
from engine import Game, Rules
from engine.ai import RandomPlayer, player_for
from engine.decktet import DecktetGame
from engine.decktet import ai as decktet_ai

NEW_VEGAS, DECKTET = "new-vegas", "decktet"
NAMES = {NEW_VEGAS: ("random", "greedy", "normal", "hard"), DECKTET: ("random", "greedy", "hard")}
PREFIX = {NEW_VEGAS: "", DECKTET: "decktet_"}
# The difficulty in Discord of each player whose name here is not that difficulty's.
LEVEL = {NEW_VEGAS: {"greedy": "easy"}, DECKTET: {"random": "easy", "greedy": "normal"}}


def make(game: str, name: str) -> Any:
    """The player called `name` in `game` (each has `choose(view, rng)`): the bot's own
    player of that difficulty, or a random one (New Vegas's, which the bot does not offer)."""
    if game == NEW_VEGAS and name == "random":
        return RandomPlayer()
    level = LEVEL[game].get(name, name)
    return decktet_ai.player_for(level) if game == DECKTET else player_for(level)


def new_game(game: str, seed: int) -> Any:
    return DecktetGame.new(seed=seed) if game == DECKTET else Game.new(Rules("new-vegas"), seed)


def play_one(job: tuple[str, str, str, int]) -> Result:
    """One game of `first` against `second` from `seed`; returns the pair, `first`'s score
    (1, 0.5 or 0) and each player's seconds per move."""
    kind, first, second, seed = job
    seat_of_first = "A" if seed % 2 == 0 else "B"
    players = {
        seat_of_first: (first, make(kind, first)),
        ("B" if seat_of_first == "A" else "A"): (second, make(kind, second)),
    }
    game = new_game(kind, seed)
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


Result = tuple[str, str, float, dict[str, list[float]]]


def code_version(game: str = NEW_VEGAS) -> str:
    """What the results depend on: the source of the engine and its players, and whether
    they run compiled (`-compiled`: the rules and the search; `-compiled-rules`: the rules
    only, as setup.py built them before it compiled engine/ai). Decktet's: its own folder
    (`engine/decktet/`, always plain Python)."""
    folder = Path(engine.__file__).parent
    digest = hashlib.sha256()
    if game == DECKTET:
        for path in sorted(folder.joinpath("decktet").glob("*.py")):
            digest.update(path.name.encode() + b"\0" + source_digest(path.read_bytes()))
        return digest.hexdigest()[:12]
    for path in sorted([*folder.glob("*.py"), *folder.joinpath("ai").glob("*.py")]):
        digest.update(path.name.encode() + b"\0" + source_digest(path.read_bytes()))
    rules = not engine.game.__file__.endswith(".py")
    search = not engine.ai.ismcts.__file__.endswith(".py")
    compiled = "-compiled" if rules and search else "-compiled-rules" if rules else ""
    return f"{digest.hexdigest()[:12]}{compiled}"


def source_digest(source: bytes) -> bytes:
    """A module's code without its comments and docstrings (its syntax tree), so that
    mending the prose does not start the ledger afresh."""
    tree = ast.parse(source)
    documented = ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    for node in ast.walk(tree):
        if isinstance(node, documented) and ast.get_docstring(node, clean=False) is not None:
            node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree).encode()


def read_ledger(path: Path, game: str, code: str) -> dict[tuple[str, str, str, int], Result]:
    """The games of `game` in the ledger played by this code, by (game, first, second,
    seed)."""
    found: dict[tuple[str, str, str, int], Result] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if row["code"] == code and row.get("game", NEW_VEGAS) == game:
                key = (game, row["first"], row["second"], row["seed"])
                found[key] = (row["first"], row["second"], row["score"], row["times"])
    return found


def interval(scores: list[float]) -> tuple[float, float, float]:
    """Mean and 95% confidence interval (normal approximation) of per-game scores."""
    n = len(scores)
    mean = sum(scores) / n
    variance = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.25
    if variance == 0.0:  # one score every game: the normal interval shrinks to a point,
        z2 = 1.96**2  # so Wilson's (400 wins of 400: 0.990-1.000)
        centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
        half = math.sqrt(z2 * mean * (1 - mean) / n + z2 * z2 / (4 * n * n)) / (1 + z2 / n)
        return mean, max(0.0, centre - half), min(1.0, centre + half)
    half = 1.96 * math.sqrt(variance / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def think_time(spent: list[float]) -> tuple[float, float, float, float, float]:
    """Mean, p50, p95, p99 and max of a player's seconds per move."""
    p50, p95, p99 = (percentile(spent, q) for q in (0.50, 0.95, 0.99))
    return sum(spent) / len(spent), p50, p95, p99, max(spent)


def round_robin_table(ledger: Path, game: str, code: str, seeds: range) -> str:
    """The round robin `code` played on `seeds`, from the ledger, as Markdown: a table of
    each player's score against each other (the row's; a pair played one way round is
    read the other way as 1 less the score), then one of think times."""
    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    for (_, first, second, seed), (_, _, score, game_times) in read_ledger(
        ledger, game, code
    ).items():
        if seed in seeds:
            scores[(first, second)].append(score)
            scores[(second, first)].append(1.0 - score)
            for name, spent in game_times.items():
                times[name].extend(spent)
    names = NAMES[game][::-1]  # the strongest first
    labels = [f"{name} ({LEVEL[game][name]})" if name in LEVEL[game] else name for name in names]
    lines = [
        f"Code `{code}`, seeds {seeds.start}-{seeds.stop - 1} ({len(seeds)} games a pair"
        " unless a cell says otherwise): the row's score against the column (a win 1, a draw"
        " 0.5), with its 95% interval.",
        "",
        "| | " + " | ".join(labels) + " |",
        "|---" * (len(names) + 1) + "|",
    ]
    for name, label in zip(names, labels):
        cells = []
        for other in names:
            played = scores.get((name, other), [])
            if other == name:
                cells.append("")
            elif not played:
                cells.append("not played")
            else:
                mean, low, high = interval(played)
                games = "" if len(played) == len(seeds) else f", {len(played)} games"
                cells.append(f"{mean:.3f} ({low:.3f}-{high:.3f}{games})")
        lines.append(f"| **{label}** | " + " | ".join(cells) + " |")
    lines += ["", "| think time, s | moves | mean | p50 | p95 | p99 | max |", "|---" * 7 + "|"]
    for name, label in zip(names, labels):
        spent = times.get(name)
        if spent:
            figures = " | ".join(f"{value:.4f}" for value in think_time(spent))
            lines.append(f"| {label} | {len(spent):,} | {figures} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(NAMES), default=NEW_VEGAS)
    parser.add_argument("--games", type=int, default=400, help="games per pair (default 400)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pairs", help="only these pairs, e.g. hard:greedy,greedy:random")
    parser.add_argument("--ledger", help="a JSON-lines file of games played (see above)")
    parser.add_argument(
        "--table",
        nargs="?",
        const="",
        metavar="CODE",
        help="print the ledger's round robin of CODE (default: this code) as Markdown",
    )
    args = parser.parse_args(argv)
    kind, names = args.game, NAMES[args.game]
    seeds = range(args.first_seed, args.first_seed + args.games)
    if args.table is not None:
        if not args.ledger:
            parser.error("--table reads the games from a ledger: give --ledger FILE")
        code = args.table or code_version(kind)
        print(round_robin_table(Path(args.ledger), kind, code, seeds), end="")
        return
    if args.pairs:
        pairs = [tuple(pair.split(":")) for pair in args.pairs.split(",")]
    else:
        pairs = [(names[j], names[i]) for j in range(len(names)) for i in range(j)]
    for pair in pairs:
        if len(pair) != 2 or not set(pair) <= set(names):
            parser.error(f"a pair is two of {', '.join(names)} joined by ':', not {pair!r}")
    jobs = [(kind, first, second, seed) for first, second in pairs for seed in seeds]
    code = code_version(kind)
    ledger = Path(args.ledger) if args.ledger else None
    done = read_ledger(ledger, kind, code) if ledger else {}
    results = [done[job] for job in jobs if job in done]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(play_one, job): job for job in jobs if job not in done}
        for future in as_completed(futures):
            result = future.result()
            results.append(result)
            if ledger is not None:
                _, first, second, seed = futures[future]
                row = {"game": kind, "first": first, "second": second, "seed": seed}
                row |= {"score": result[2]}
                times = {name: [round(t, 4) for t in spent] for name, spent in result[3].items()}
                row |= {"times": times, "code": code, "at": datetime.date.today().isoformat()}
                with ledger.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(row) + "\n")
    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    times: dict[str, list[float]] = defaultdict(list)
    for first, second, score, game_times in results:
        scores[(first, second)].append(score)
        for name, spent in game_times.items():
            times[name].extend(spent)
    prefix = PREFIX[kind]
    for first, second in pairs:
        pair_scores = scores[(first, second)]
        mean, low, high = interval(pair_scores)
        print(
            f"{prefix}{first}_vs_{second}_win_rate: {mean:.3f} "
            f"(95% CI {low:.3f}-{high:.3f}, {len(pair_scores)} games)"
        )
    for name in names:
        spent = times[name]
        if spent:
            mean, p50, p95, p99, longest = think_time(spent)
            print(f"{prefix}{name}_move_s_mean: {mean:.4f} s")
            for label, value in (("p50", p50), ("p95", p95), ("p99", p99)):
                print(f"{prefix}{name}_move_s_{label}: {value:.4f} s")
            print(f"{prefix}{name}_move_s_max: {longest:.4f} s ({len(spent)} moves)")


if __name__ == "__main__":
    main()
