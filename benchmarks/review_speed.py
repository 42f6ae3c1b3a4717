"""How long the computer takes to review a finished game (issue 49), on one core.

    python benchmarks/review_speed.py [--iterations N] [--decktet-iterations M]
        [--game both|new-vegas|decktet] [--new-vegas-seed S] [--decktet-seed T]

Plays a New Vegas game from seed S (4 by default: 111 moves) and a Decktet game from seed
T (6 by default: 114 plays), untimed, so each is the same game on any machine: New Vegas
normal (its search on 300 iterations, no clock) against easy (greedy), Decktet hard (its
search on 200 tries, no clock) against greedy (hard against normal in New Vegas mostly
ends within 60 moves, shorter than the games a review must be quick for); then reviews
each with `engine.review.review_game` and
`engine.decktet.review.review_decktet_game` at the given budget (each module's default
unless given). Prints `name: value unit` lines: the games' lengths, the seconds a review
took, a move's mean and slowest, and the accuracies found, and `search_compiled` (1 when
New Vegas's search, engine.ai.ismcts, runs compiled by mypyc; the Decktet engine is not
compiled, and engine.review itself spends nothing worth compiling).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from itertools import pairwise

import engine.ai.ismcts
from engine import Game, Rules
from engine.ai import IsmctsPlayer, player_for
from engine.decktet import DecktetGame, DecktetRules
from engine.decktet.ai import player_for as decktet_player_for
from engine.decktet.review import DEFAULT_ITERATIONS as DECKTET_ITERATIONS
from engine.decktet.review import review_decktet_game
from engine.decktet.search import SearchPlayer
from engine.review import DEFAULT_ITERATIONS, GameReview, review_game

# normal's search on an iteration budget (the bot's normal thinks for at most 0.25 s)
NORMAL = IsmctsPlayer(name="normal", iterations=300)
DECKTET_HARD = SearchPlayer(name="hard", seconds=None, iterations=200)


def new_vegas_game(seed: int) -> list[str]:
    """A game of normal (seat A) against easy from `seed`."""
    game = Game.new(Rules("new-vegas"), seed=seed)
    rng = random.Random(seed)
    easy = player_for("easy")
    while not game.is_over:
        player = NORMAL if game.mover == "A" else easy
        game.play(player.choose(game.view(game.mover), rng))
    return [str(move) for move in game.moves]


def decktet_game(seed: int) -> list[str]:
    """A game of hard (seat A) against greedy from `seed`."""
    game = DecktetGame.new(DecktetRules(), seed=seed)
    rng = random.Random(seed)
    greedy = decktet_player_for("normal")
    while not game.is_over:
        player = DECKTET_HARD if game.mover == "A" else greedy
        game.play(player.choose(game.view(game.mover), rng))
    return list(game.moves)


def timed(
    name: str, moves: Sequence[str], review: Callable[[Callable[[int, int], None]], GameReview]
) -> None:
    """Review the game, timing each move by the progress calls, and print the figures."""
    marks = [time.perf_counter()]
    found = review(lambda done, total: marks.append(time.perf_counter()))
    spent = [later - earlier for earlier, later in pairwise(marks)]
    print(f"{name}_moves: {len(moves)} moves")
    print(f"{name}_review_s: {marks[-1] - marks[0]:.1f} s")
    print(f"{name}_review_move_s_mean: {sum(spent) / len(spent):.3f} s")
    print(f"{name}_review_move_s_max: {max(spent):.3f} s")
    print(f"{name}_forced_moves: {sum(move.forced for move in found.moves)} moves")
    print(f"{name}_accuracy_a: {found.accuracy('A'):.1f} %")
    print(f"{name}_accuracy_b: {found.accuracy('B'):.1f} %")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--decktet-iterations", type=int, default=DECKTET_ITERATIONS)
    parser.add_argument("--new-vegas-seed", type=int, default=4)
    parser.add_argument("--decktet-seed", type=int, default=6)
    parser.add_argument("--game", choices=("both", "new-vegas", "decktet"), default="both")
    args = parser.parse_args()
    if args.game in ("both", "new-vegas"):
        moves = new_vegas_game(args.new_vegas_seed)
        print(f"new_vegas_iterations: {args.iterations} iterations")
        timed(
            "new_vegas",
            moves,
            lambda progress: review_game(
                Rules("new-vegas"),
                args.new_vegas_seed,
                moves,
                iterations=args.iterations,
                progress=progress,
            ),
        )
    if args.game in ("both", "decktet"):
        plays = decktet_game(args.decktet_seed)
        print(f"decktet_iterations: {args.decktet_iterations} tries")
        timed(
            "decktet",
            plays,
            lambda progress: review_decktet_game(
                DecktetRules(),
                args.decktet_seed,
                plays,
                iterations=args.decktet_iterations,
                progress=progress,
            ),
        )
    compiled = not engine.ai.ismcts.__file__.endswith(".py")
    print(f"search_compiled: {int(compiled)}")


if __name__ == "__main__":
    main()
