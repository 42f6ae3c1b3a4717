"""`next_step`: whole events run the way the service runs them (ask, write what it says,
play the games with random results, ask again), in every format, with withdrawals."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import Played, default_rounds
from bot.tournament.rounds import Step, next_step, planned_rounds


def run_event(
    format: str, entrants: int, seed: int, withdrawals: float = 0.0
) -> tuple[list[Played], dict[int, int], list[Step]]:
    rng = random.Random(seed)
    seeded = list(range(1, entrants + 1))
    rounds = planned_rounds(format, entrants, default_rounds(entrants))
    history: list[Played] = []
    withdrawn: dict[int, int] = {}
    steps: list[Step] = []
    playing: list[Played] = []  # games started, not finished
    round_ = 0
    for _ in range(10 * rounds + 50):
        if playing:  # a game ends (or a player in it withdraws first)
            game = playing.pop(rng.randrange(len(playing)))
            assert game.second is not None
            if rng.random() < withdrawals:
                leaver = rng.choice([game.first, game.second])
                withdrawn.setdefault(leaver, round_)
                points = 0.0 if leaver == game.first else 1.0
                finished = Played(game.round, game.first, game.second, points, forfeit=True)
            else:
                points = (
                    rng.choice([1.0, 0.0, 0.5])
                    if format != "knockout"
                    else rng.choice([1.0, 0.0, 0.5, 1.0, 0.0])
                )
                finished = Played(game.round, game.first, game.second, points)
            history[history.index(game)] = finished
        step = next_step(format, seeded, history, withdrawn, round_, rounds)
        if step is None:
            assert playing, "nothing is being played, so something must happen next"
            continue
        steps.append(step)
        if step.finished:
            assert not playing
            return history, withdrawn, steps
        assert step.round >= round_
        round_ = step.round
        for pairing in step.games:
            assert not set(pairing.players) & set(withdrawn), "no game for a withdrawn player"
            assert pairing.second is not None
            started = Played(step.round, pairing.first, pairing.second, None)
            history.append(started)
            playing.append(started)
        history.extend(step.settled)
    raise AssertionError("the event never ended")


@settings(max_examples=200, deadline=None)
@given(st.integers(3, 12), st.integers(0, 10**6), st.sampled_from([0.0, 0.1]))
def test_a_swiss_plays_its_rounds_and_ends(entrants: int, seed: int, leave: float) -> None:
    history, withdrawn, steps = run_event("swiss", entrants, seed, leave)
    assert steps[-1].finished
    played = max(p.round for p in history)
    active = entrants - len(withdrawn)
    assert played == default_rounds(entrants) or active < 2
    for number in range(1, played + 1):
        in_round = [p for p in history if p.round == number]
        seen = [x for p in in_round for x in p.players]
        assert len(seen) == len(set(seen)), "nobody twice in a round"


@settings(max_examples=200, deadline=None)
@given(st.integers(3, 10), st.integers(0, 10**6))
def test_a_round_robin_meets_every_pair_once(entrants: int, seed: int) -> None:
    history, _, steps = run_event("round-robin", entrants, seed)
    assert steps[-1].finished
    pairs = [frozenset(p.players) for p in history if p.second is not None]
    assert sorted(map(sorted, pairs)) == sorted(
        map(sorted, itertools.combinations(range(1, entrants + 1), 2))
    )


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 16), st.integers(0, 10**6), st.sampled_from([0.0, 0.1]))
def test_a_knockout_ends_with_one_winner_draws_replayed(
    entrants: int, seed: int, leave: float
) -> None:
    history, withdrawn, steps = run_event("knockout", entrants, seed, leave)
    assert steps[-1].finished
    decided: dict[tuple[int, frozenset[int]], bool] = {}
    for played in history:  # a drawn game is followed by another with the seats swapped
        key = (played.round, frozenset(played.players))
        assert not decided.get(key), "no game after a match is decided"
        decided[key] = played.points != 0.5
    losers = {
        p.second if p.points == 1 else p.first
        for p in history
        if p.second is not None and p.points in (0.0, 1.0)
    }
    unbeaten = set(range(1, entrants + 1)) - losers - set(withdrawn)
    assert len(unbeaten) <= 1
