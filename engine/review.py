"""The computer's review of a finished game (issue 49): for each move, the mover's chance of
winning after the move the computer prefers and after the move played, each judged from
what the mover could see at that moment, never from the game's true state.

A move is judged from its mover's `PlayerView` alone (`judge` takes nothing else), by hard's
search (engine.ai.ismcts, with hard's options and its reading of the opponent's last move)
on a fixed budget of iterations, with no clock, and with randomness drawn from the game's
seed and the move's number, so the same game gets the same review on any machine and in
any process. The root's children hold each move's mean reward for the mover (in [0, 1]: a
loss 0, a draw 0.5, a win 1, else the evaluation squashed, engine.ai.evaluation.reward);
that mean is the chance (docs/computer-players.md, "Reviews"). The move played is always
a root child; when the search visited it less than `PLAYED_SHARE` of its budget (or than
the best move, if that is fewer), more iterations through it are run (`deepen`), so that
its chance is not merely the evaluation's first guess.

A move with one legal option is forced: it costs no search; its chance is the reward after
it averaged over `FORCED_SAMPLES` worlds the mover cannot tell apart.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.ai.evaluation import reward
from engine.ai.inference import weigh_by_last_move
from engine.ai.ismcts import Node, deepen, grow, most_visited
from engine.ai.sampling import Sampler
from engine.errors import CaravanError
from engine.game import Game
from engine.moves import Move
from engine.rules import Rules
from engine.view import PlayerView

DEFAULT_ITERATIONS: Final = 1000  # a move's search (benchmarks/README.md, "Reviews")
PLAYED_SHARE: Final = 0.25  # the least share of the budget the move played is searched with
FORCED_SAMPLES: Final = 8  # worlds a forced move's chance is averaged over
TURNING_POINT: Final = 0.05  # the least loss of a turning point
DIGITS: Final = 4  # chances are kept to this many decimals
# hard's search (engine.ai.players.player_for), less its clock
ROLLOUT_DEPTH: Final = 2

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class MoveReview:
    """One move judged from its mover's view: the move played and the move the computer
    prefers (the same when it agrees), in the game's notation, and the mover's chance of
    winning (0..1) after each. `forced`: the move was the only legal one."""

    ply: int  # 0-based index of the move in the game's move list
    seat: str  # "A" or "B": who moved
    played: str
    best: str
    best_chance: float
    played_chance: float
    forced: bool = False

    @property
    def loss(self) -> float:
        """How much of their chance the mover gave away by not playing `best` (to
        `DIGITS` decimals, as the chances are kept)."""
        return max(0.0, round(self.best_chance - self.played_chance, DIGITS))

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "best_chance": self.best_chance,
            "played_chance": self.played_chance,
            "forced": self.forced,
        }

    @staticmethod
    def from_json(value: Mapping[str, Any]) -> MoveReview:
        """The review `to_json` made (`forced` may be missing: False)."""
        return MoveReview(
            ply=int(value["ply"]),
            seat=str(value["seat"]),
            played=str(value["played"]),
            best=str(value["best"]),
            best_chance=float(value["best_chance"]),
            played_chance=float(value["played_chance"]),
            forced=bool(value.get("forced", False)),
        )


@dataclass(frozen=True)
class GameReview:
    """Every move of a game judged, in order."""

    moves: tuple[MoveReview, ...]

    def chance_of_a(self) -> list[float]:
        """Seat A's chance of winning after each move, as its mover judged it."""
        return [
            move.played_chance if move.seat == "A" else 1.0 - move.played_chance
            for move in self.moves
        ]

    def accuracy(self, seat: str) -> float:
        """0..100: 100 less the mean loss, in points of chance, of `seat`'s moves that had
        a choice (100.0 when it had none)."""
        losses = [move.loss for move in self.moves if move.seat == seat and not move.forced]
        if not losses:
            return 100.0
        return 100.0 * (1.0 - sum(losses) / len(losses))

    def turning_points(self, count: int = 3) -> list[MoveReview]:
        """The `count` moves that gave away the most (each more than `TURNING_POINT`),
        largest loss first, the earlier move first among equals."""
        lost = [move for move in self.moves if move.loss > TURNING_POINT]
        lost.sort(key=lambda move: (-move.loss, move.ply))
        return lost[:count]

    def to_json(self) -> dict[str, Any]:
        return {"moves": [move.to_json() for move in self.moves]}

    @staticmethod
    def from_json(value: Mapping[str, Any]) -> GameReview:
        return GameReview(tuple(MoveReview.from_json(move) for move in value["moves"]))


def review_game(
    rules: Rules,
    seed: int,
    moves: Sequence[str],
    *,
    iterations: int = DEFAULT_ITERATIONS,
    progress: Progress | None = None,
) -> GameReview:
    """The review of the game `rules + seed + moves`: each move judged from its mover's
    view with `iterations` iterations of search; `progress(done, total)` after each."""
    return review_moves(
        Game.new(rules, seed), moves, key=seed, iterations=iterations, progress=progress
    )


def review_moves(
    game: Game,
    moves: Sequence[str],
    *,
    key: int | str,
    iterations: int = DEFAULT_ITERATIONS,
    progress: Progress | None = None,
) -> GameReview:
    """The review of `moves` played from `game` (left as it is), the randomness of move
    `ply` (its index in `moves`) drawn from `key` and `ply`."""

    def judged(view: Any, move: Any, ply: int) -> MoveReview:
        return judge(view, move, ply, key=key, iterations=iterations)

    return judge_each(game, moves, judged, progress)


def judge_each(
    game: Any,
    moves: Sequence[str],
    judged: Callable[[Any, Any, int], MoveReview],
    progress: Progress | None = None,
) -> GameReview:
    """Either game's `moves` played from `game` (left as it is), each judged by
    `judged(mover's view, move, ply)` before it is played; `progress(done, total)` after
    each."""
    game = game.copy()
    reviews = []
    for ply, text in enumerate(moves):
        move = game.validate(text)
        reviews.append(judged(game.view(game.mover), move, ply))
        game.play(move)
        if progress is not None:
            progress(ply + 1, len(moves))
    return GameReview(tuple(reviews))


def review_move(
    rules: Rules,
    seed: int,
    moves: Sequence[str],
    ply: int,
    *,
    iterations: int = DEFAULT_ITERATIONS,
) -> MoveReview:
    """Move `ply` of the game `rules + seed + moves` judged alone, as `review_game` judges
    it (for a worker that judges a game a move at a time)."""
    if not 0 <= ply < len(moves):
        raise CaravanError(f"The game has {len(moves)} moves; there is no move {ply}.")
    game = Game.replay(rules, seed, moves[:ply])
    move = game.validate(moves[ply])
    return judge(game.view(game.mover), move, ply, key=seed, iterations=iterations)


def judge(
    view: PlayerView, played: Move, ply: int, *, key: int | str, iterations: int
) -> MoveReview:
    """`played` (a legal move of `view`'s seat, which is to move) judged from `view` alone,
    with `iterations` iterations of search and randomness from `key` and `ply`."""
    seat = view.seat
    if seat is None or not view.my_turn or played not in view.legal_moves:
        raise CaravanError(f"{played} is not a move of the seat to move in this view.")
    rng = review_rng(key, ply)
    sampler = Sampler(view)
    if len(view.legal_moves) == 1:
        chance = _forced_chance(sampler, played, rng)
        return MoveReview(ply, seat, str(played), str(played), chance, chance, forced=True)
    weigh_by_last_move(view, sampler, rng)
    root = grow(
        sampler,
        rng,
        iterations=max(1, iterations),
        rollout_depth=ROLLOUT_DEPTH,
        greedy_rollouts=True,
        value_held=True,
    )
    best = most_visited(root)
    best_node = root.children[best]
    node = root.children.get(played)
    visits = 0 if node is None else node.visits
    wanted = min(best_node.visits, max(1, round(PLAYED_SHARE * iterations)))
    if node is None or visits < wanted:
        node = deepen(
            root,
            played,
            sampler,
            rng,
            iterations=wanted - visits,
            rollout_depth=ROLLOUT_DEPTH,
            greedy_rollouts=True,
            value_held=True,
        )
    return MoveReview(ply, seat, str(played), str(best), _chance(best_node), _chance(node))


def review_rng(key: int | str, ply: int) -> random.Random:
    """The randomness of move `ply`'s judgement: the same on every machine and in every
    process (a CRC of the text, never Python's salted `hash`)."""
    return random.Random(zlib.crc32(f"review/{key}/{ply}".encode()))


def _chance(node: Node) -> float:
    """The mover's chance after the node's move: its mean reward."""
    return round(node.total / node.visits, DIGITS)


def _forced_chance(sampler: Sampler, move: Move, rng: random.Random) -> float:
    total = 0.0
    for _ in range(FORCED_SAMPLES):
        game = sampler.sample(rng)
        game.push(move)
        total += reward(game, sampler.seat, held=True)
    return round(total / FORCED_SAMPLES, DIGITS)
