"""The computer's review of a finished New Vegas game (engine.review): each move judged
from its mover's view alone, the same on every run and in every process, finding the move
that throws a game away, and telling a strong player's game from a random one's."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Game, Rules
from engine.ai import IsmctsPlayer, RandomPlayer
from engine.ai.players import Player
from engine.errors import CaravanError
from engine.review import (
    TURNING_POINT,
    GameReview,
    MoveReview,
    judge,
    review_game,
    review_move,
    review_moves,
)
from tests.engine.helpers import table
from tests.engine.test_ai import THREATENED, hidden_shuffled

ROOT = Path(__file__).resolve().parents[2]
SMALL = 60  # iterations a move: the tests' budget (the bot's: DEFAULT_ITERATIONS)
# hard's search on an iteration budget instead of its clock, so a game is the same anywhere
HARD = IsmctsPlayer(
    name="hard", iterations=120, rollout_depth=2, infer=True, greedy_rollouts=True, value_held=True
)


def played(seed: int, seats: dict[str, Player], plies: int = 10_000) -> Game:
    """A game from `seed` played by `seats` for `plies` moves or to its end."""
    game = Game.new(Rules("new-vegas"), seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.ply < plies:
        game.play(seats[game.mover].choose(game.view(game.mover), rng))
    return game


def notation(game: Game) -> list[str]:
    return [str(move) for move in game.moves]


def mock(seat: str, best: float, played: float, ply: int, forced: bool = False) -> MoveReview:
    return MoveReview(ply, seat, "discard:2c", "2c@1", best, played, forced)


# ----- the review's arithmetic ------------------------------------------------------------


def test_loss_is_the_chance_given_away_never_negative() -> None:
    assert mock("A", 0.8, 0.3, 0).loss == pytest.approx(0.5)
    assert mock("A", 0.4, 0.6, 0).loss == 0.0  # the move played looked better: no loss


def test_chance_of_a_reads_each_move_from_its_mover() -> None:
    review = GameReview((mock("A", 0.7, 0.6, 0), mock("B", 0.9, 0.8, 1), mock("A", 1, 1, 2)))
    assert review.chance_of_a() == pytest.approx([0.6, 0.2, 1.0])


def test_accuracy_is_100_less_the_mean_loss_of_moves_with_a_choice() -> None:
    review = GameReview(
        (
            mock("A", 0.9, 0.5, 0),  # loss 0.4
            mock("B", 0.5, 0.5, 1),
            mock("A", 0.6, 0.6, 2),  # loss 0
            mock("A", 0.5, 0.5, 3, forced=True),  # not counted
        )
    )
    assert review.accuracy("A") == pytest.approx(80.0)
    assert review.accuracy("B") == 100.0
    assert GameReview((mock("A", 0.5, 0.5, 0, forced=True),)).accuracy("A") == 100.0
    assert GameReview(()).accuracy("B") == 100.0


def test_turning_points_are_the_largest_losses_over_the_threshold() -> None:
    assert TURNING_POINT == 0.05
    review = GameReview(
        (
            mock("A", 0.9, 0.6, 0),  # 0.3
            mock("B", 0.9, 0.85, 1),  # at the threshold: not one
            mock("A", 0.8, 0.5, 2),  # 0.3, later
            mock("B", 0.9, 0.1, 3),  # 0.8
            mock("A", 0.5, 0.4, 4),  # 0.1
        )
    )
    assert [move.ply for move in review.turning_points()] == [3, 0, 2]
    assert [move.ply for move in review.turning_points(5)] == [3, 0, 2, 4]
    assert [move.ply for move in review.turning_points(1)] == [3]


def test_a_review_round_trips_through_json() -> None:
    game = played(2, {"A": RandomPlayer(), "B": RandomPlayer()}, plies=12)
    review = review_game(Rules("new-vegas"), 2, notation(game), iterations=20)
    text = json.dumps(review.to_json())
    assert GameReview.from_json(json.loads(text)) == review
    assert review.moves[0].to_json().keys() == {
        "ply",
        "seat",
        "played",
        "best",
        "best_chance",
        "played_chance",
        "forced",
    }
    old = {key: value for key, value in review.moves[0].to_json().items() if key != "forced"}
    assert MoveReview.from_json(old) == review.moves[0]


# ----- what a review says -------------------------------------------------------------------


def test_every_move_is_judged_in_order_with_progress() -> None:
    game = played(5, {"A": RandomPlayer(), "B": RandomPlayer()}, plies=14)
    moves = notation(game)
    calls: list[tuple[int, int]] = []
    review = review_game(
        Rules("new-vegas"),
        5,
        moves,
        iterations=20,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(done, len(moves)) for done in range(1, len(moves) + 1)]
    assert [move.ply for move in review.moves] == list(range(len(moves)))
    assert [move.played for move in review.moves] == moves
    replay = Game.new(Rules("new-vegas"), seed=5)
    for move in review.moves:
        assert move.seat == replay.mover
        assert replay.is_legal(move.best)
        assert 0.0 <= move.played_chance <= 1.0 and 0.0 <= move.best_chance <= 1.0
        assert (move.loss == 0.0) if move.best == move.played else True
        replay.play(move.played)


def test_a_forced_move_costs_no_search_and_loses_nothing() -> None:
    # The opening's last move with one number card: 9h onto A3 is the only legal move.
    game = table(
        ("5c", "7d", ""),
        ("4s", "", ""),
        hand_a="9h Kd Qs Jc X",
        hand_b="3h 8c Ks",
        deck_a="2c 3c",
        deck_b="2d 3d",
        phase="opening",
    )
    assert [str(move) for move in game.legal_moves()] == ["9h@3"]
    review = review_moves(game, ["9h@3"], key=1, iterations=10_000)
    (move,) = review.moves
    assert move.forced and move.best == move.played == "9h@3" and move.loss == 0.0
    assert 0.0 < move.played_chance < 1.0


def test_one_move_judged_alone_is_the_same_as_in_the_whole_review() -> None:
    game = played(7, {"A": RandomPlayer(), "B": RandomPlayer()}, plies=16)
    moves = notation(game)
    review = review_game(Rules("new-vegas"), 7, moves, iterations=20)
    for ply in (0, 5, 11, len(moves) - 1):
        assert review_move(Rules("new-vegas"), 7, moves, ply, iterations=20) == review.moves[ply]
    with pytest.raises(CaravanError):
        review_move(Rules("new-vegas"), 7, moves, len(moves), iterations=20)


def test_judging_a_move_the_seat_cannot_make_is_refused() -> None:
    game = Game.new(Rules("new-vegas"), seed=3)
    waiting = "B" if game.mover == "A" else "A"
    move = game.legal_moves()[0]
    with pytest.raises(CaravanError):
        judge(game.view(waiting), move, 0, key=3, iterations=10)


# ----- fair: only the mover's view --------------------------------------------------------


def test_a_move_is_judged_from_its_movers_view_only() -> None:
    """Dealing the opponent's hidden cards again and reordering both decks leaves the
    judgement of the move alone: the same `MoveReview`, best move and chances alike."""
    shuffler = random.Random(4)
    checked = 0
    for seed in range(6):
        game = played(seed, {"A": RandomPlayer(), "B": RandomPlayer()}, plies=9 + 5 * seed)
        if game.is_over:
            continue
        seat = game.mover
        other = hidden_shuffled(game, seat, shuffler)
        assert other.to_json() != game.to_json() and other.view(seat) == game.view(seat)
        for move in game.legal_moves()[:3]:
            first = judge(game.view(seat), move, game.ply, key=seed, iterations=SMALL)
            again = judge(other.view(seat), move, game.ply, key=seed, iterations=SMALL)
            assert first == again
        checked += 1
    assert checked >= 5


def test_the_games_review_uses_nothing_the_mover_could_not_see() -> None:
    """The review of a whole game judges move k exactly as `judge` does from the view of a
    game whose hidden cards were dealt differently."""
    game = played(8, {"A": RandomPlayer(), "B": RandomPlayer()}, plies=30)
    moves = notation(game)
    review = review_game(Rules("new-vegas"), 8, moves, iterations=SMALL)
    shuffler = random.Random(8)
    for ply in (3, 12, 25):
        before = Game.replay(Rules("new-vegas"), 8, moves[:ply])
        other = hidden_shuffled(before, before.mover, shuffler)
        move = other.validate(moves[ply])
        assert (
            judge(other.view(other.mover), move, ply, key=8, iterations=SMALL)
            == (review.moves[ply])
        )


# ----- deterministic ------------------------------------------------------------------------


REVIEW_IN_A_PROCESS = """
import json, random, sys
from engine import Game, Rules
from engine.review import review_game
moves = json.loads(sys.argv[1])
print(json.dumps(review_game(Rules("new-vegas"), 6, moves, iterations=40).to_json()))
"""


def test_a_review_is_the_same_every_time_and_in_another_process() -> None:
    game = played(6, {"A": RandomPlayer(), "B": HARD}, plies=24)
    moves = notation(game)
    first = review_game(Rules("new-vegas"), 6, moves, iterations=40)
    assert review_game(Rules("new-vegas"), 6, moves, iterations=40) == first
    done = subprocess.run(
        [sys.executable, "-c", REVIEW_IN_A_PROCESS, json.dumps(moves)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
    )
    assert GameReview.from_json(json.loads(done.stdout)) == first


# ----- right --------------------------------------------------------------------------------


def test_discarding_instead_of_winning_is_the_first_turning_point() -> None:
    # A holds 5d and 7d: either on A3 (18 -> 23 or 25) sells all three positions, two of
    # them A's. A discards 7d instead, which leaves B3 (18, descending) open to B's 3s.
    game = table(**{**THREATENED, "hand_a": "5d Jh 7d"})  # type: ignore[arg-type]
    review = review_moves(game, ["discard:7d", "3s@3"], key=1, iterations=SMALL)
    blunder = review.turning_points()[0]
    assert (blunder.ply, blunder.seat, blunder.played) == (0, "A", "discard:7d")
    assert blunder.best in ("5d@3", "7d@3") and blunder.best_chance == 1.0
    assert blunder.played_chance < 0.3
    assert review.moves[1].best == "3s@3" and review.moves[1].played_chance == 1.0
    assert review.chance_of_a() == [blunder.played_chance, 0.0]


def test_a_number_card_that_lets_the_opponent_sell_the_deciding_caravan() -> None:
    # Positions 1 (A's) and 2 (B's) are decided; position 3 is 18 against 18, B3
    # descending from Tc to 8c. A has no winning move; 2h takes A3 to 20, short of a sale,
    # and B's 3s (or most cards B may hold) sells B3 over it. Jh on 8c would have taken B3
    # back to 10, out of reach.
    game = table(**{**THREATENED, "hand_a": "Jh 2h Qc"})  # type: ignore[arg-type]
    review = review_moves(game, ["2h@3", "3s@3"], key=2, iterations=SMALL)
    (blunder,) = review.turning_points()
    assert (blunder.ply, blunder.played) == (0, "2h@3") and blunder.loss > 0.3
    assert blunder.played_chance < 0.3
    safe = review_moves(game, ["Jh@B3.2"], key=2, iterations=SMALL)
    assert safe.moves[0].loss < TURNING_POINT


def judged(seed: int, a: Player, b: Player) -> GameReview:
    game = played(seed, {"A": a, "B": b})
    return review_game(Rules("new-vegas"), seed, notation(game), iterations=SMALL)


def mean_loss(review: GameReview, seat: str) -> float:
    losses = [move.loss for move in review.moves if move.seat == seat and not move.forced]
    return sum(losses) / len(losses)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_player_is_less_accurate_than_hard(seed: int) -> None:
    """On the chance scale a game's losses add up to little more than the one game that is
    lost, so accuracies stay high (benchmarks/README.md, "Reviews": random 88-93, hard
    94-98 over seeds 1-6 at these budgets); the random player's are always clearly lower,
    its mean loss at least half as large again as hard's, whichever seat it has."""
    for review, hard, rand in (
        (judged(seed, HARD, RandomPlayer()), "A", "B"),
        (judged(seed + 100, RandomPlayer(), HARD), "B", "A"),
    ):
        assert review.accuracy(hard) - review.accuracy(rand) >= 3
        assert mean_loss(review, rand) >= 1.5 * mean_loss(review, hard)


@pytest.mark.parametrize("seed", [201, 205])
def test_hard_against_itself_plays_accurately(seed: int) -> None:
    review = judged(seed, HARD, HARD)
    assert review.accuracy("A") >= 90 and review.accuracy("B") >= 90
