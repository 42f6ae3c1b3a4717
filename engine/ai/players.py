"""The computer players. Each decides from a `PlayerView` alone (the seat's own cards and
the public table), with the randomness it is given, so a decision can be replayed.

- `RandomPlayer`: a uniformly random legal move.
- `GreedyPlayer`: one move of look-ahead scored by engine.ai.evaluation, less the chance
  that the opponent can then win at once with a card they may hold.
- `IsmctsPlayer`: information-set Monte Carlo tree search (engine.ai.ismcts); hard's
  rollouts are two moves chosen by the evaluation, normal's four random ones.

`player_for(level)` maps the difficulties `easy`, `normal` and `hard` onto them.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from math import comb
from typing import Protocol

from engine.ai.evaluation import WIN, evaluate
from engine.ai.inference import weigh_by_last_move
from engine.ai.ismcts import grow, most_visited
from engine.ai.sampling import Sampler
from engine.cards import JOKER
from engine.errors import CaravanError
from engine.game import Game
from engine.moves import Move
from engine.undo import take_back, try_move
from engine.view import PlayerView


class Player(Protocol):
    @property
    def name(self) -> str:
        """What the player is called in benchmarks and logs."""
        ...

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move for the seat `view` belongs to, which must be the one to move."""
        ...


def _moves(view: PlayerView) -> tuple[Move, ...]:
    if not view.my_turn or not view.legal_moves:
        raise CaravanError("It is not this seat's turn, so there is no move to choose.")
    return view.legal_moves


@dataclass(frozen=True)
class RandomPlayer:
    name: str = "random"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        return rng.choice(_moves(view))


@dataclass(frozen=True)
class GreedyPlayer:
    """Plays the move whose result evaluates best, never handing the opponent the game
    when another move avoids it: a move after which some card the opponent may hold wins
    at once is discounted by the chance that they hold one."""

    name: str = "greedy"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        moves = _moves(view)
        if len(moves) == 1:
            return moves[0]
        sampler = Sampler(view)
        game = sampler.sample(rng)  # the draw after a move only changes the seat's hand
        seat = sampler.seat
        best: list[Move] = []
        best_value = -2 * WIN
        for move in moves:
            tried = try_move(game, move)
            value = evaluate(game, seat)
            if value < WIN:
                danger = threat(game, sampler)
                if danger:
                    value = (1 - danger) * value - danger * WIN
            take_back(game, tried)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif value > best_value - 1e-9:
                best.append(move)
        return rng.choice(best)


def threat(game: Game, sampler: Sampler) -> float:
    """The chance that the opponent, to move in `game`, can win at once: the chance that
    their hand (drawn from the cards the seat has not seen) holds a card that wins."""
    if game.is_over or game.turn != sampler.opponent:
        return 0.0
    undecided = [i for i, who in enumerate(game._positions()) if who < 0]
    if len(undecided) != 1:
        # One card changes one caravan, so with two positions open one move cannot sell
        # all three; a joker (R11) changes several, but closing two positions at once with
        # one is rare enough not to pay for looking.
        return 0.0
    winners = set()
    candidates = sorted(set(sampler.unseen))
    trial = game.copy()
    trial.hands[sampler.opponent] = candidates
    for move in trial.legal_moves():
        card = move.card
        if card is None or card.code in winners:
            continue
        if card.rank != JOKER and (move.caravan is None or move.caravan - 1 not in undecided):
            continue
        tried = try_move(trial, move)
        if trial._winner == sampler.opponent:
            winners.add(card.code)
        take_back(trial, tried)
    if not winners:
        return 0.0
    counts = Counter(sampler.unseen)
    total, hand = len(sampler.unseen), sampler.opponent_hand_size
    dangerous = sum(counts[code] for code in winners)
    return 1.0 - comb(total - dangerous, hand) / comb(total, hand)


@dataclass(frozen=True)
class IsmctsPlayer:
    """Information-set MCTS with a time budget (seconds) and an iteration budget."""

    name: str = "ismcts"
    iterations: int = 1000
    seconds: float | None = None
    rollout_depth: int = 4
    infer: bool = False  # deal the opponent hands by what their last move says (inference)
    greedy_rollouts: bool = False  # rollouts by the evaluation, not at random
    value_held: bool = False  # rewards count the picture cards each side holds

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        moves = _moves(view)
        if len(moves) == 1:
            return moves[0]
        start = time.perf_counter()
        sampler = Sampler(view)
        if self.infer:
            weigh_by_last_move(view, sampler, rng)
        seconds = self.seconds
        if seconds is not None:  # the time to think includes the weighing
            seconds = max(0.0, seconds - (time.perf_counter() - start))
        root = grow(
            sampler,
            rng,
            iterations=self.iterations,
            seconds=seconds,
            rollout_depth=self.rollout_depth,
            greedy_rollouts=self.greedy_rollouts,
            value_held=self.value_held,
        )
        return most_visited(root)


LEVELS = ("easy", "normal", "hard")


def player_for(level: str) -> Player:
    """The player behind a difficulty: easy is greedy, normal and hard search."""
    if level == "easy":
        return GreedyPlayer(name="easy")
    if level == "normal":
        return IsmctsPlayer(name="normal", iterations=300, seconds=0.25)
    if level == "hard":
        return IsmctsPlayer(
            name="hard",
            iterations=20000,
            seconds=0.45,
            rollout_depth=2,
            infer=True,
            greedy_rollouts=True,
            value_held=True,
        )
    raise CaravanError(f"There is no difficulty called {level!r}; choose easy, normal or hard.")
