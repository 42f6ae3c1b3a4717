"""The arena's rules (`bot.tournament.arena`), the way rules libraries test: named cases for
its scoring (2, 1, 0, doubled on a streak of two wins) and pairing (the closest in score,
not the last opponent while another waits), and whole arenas run with random results and
random pauses, joins and withdrawals, checking what must always hold."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournament import FORMATS, Played, Progress, Step, standings
from bot.tournament.arena import ARENA, pair_waiting, scores


def test_the_arena_is_registered_and_timed() -> None:
    assert FORMATS["arena"] is ARENA and ARENA.timed and not ARENA.bracket
    assert ARENA.fewest == 2 and not ARENA.chosen_rounds


def test_a_win_is_two_a_draw_one_doubled_after_two_wins_in_a_row() -> None:
    games = [
        Played(1, 1, 2, 1.0),  # 1 wins: 2
        Played(1, 1, 3, 1.0),  # 1 wins: 2 (a streak of two now)
        Played(1, 1, 2, 0.5),  # 1 draws on fire: 2; the streak ends
        Played(1, 3, 1, 0.0),  # 1 wins: 2
        Played(1, 1, 2, 1.0),  # 1 wins: 2 (two in a row)
        Played(1, 1, 3, 1.0),  # 1 wins on fire: 4
        Played(1, 2, 1, 1.0),  # 1 loses on fire: 0
    ]
    points, wins, streak = scores(games)
    assert points[1] == 2 + 2 + 2 + 2 + 2 + 4 + 0
    assert wins[1] == 5 and streak[1] == 0
    assert points[2] == 1 + 2 and points[3] == 0
    rows = standings("arena", [1, 2, 3], games)
    assert [(r.player, r.points, r.tie_breaks) for r in rows] == [
        (1, 14.0, (5.0,)),
        (2, 3.0, (1.0,)),
        (3, 0.0, (0.0,)),
    ]


def test_a_game_being_played_counts_for_nothing_yet() -> None:
    points, _, _ = scores([Played(1, 1, 2, None), Played(1, 3, 4, 1.0)])
    assert points == {3: 2, 4: 0}


def test_the_waiting_are_paired_closest_in_score_not_with_their_last_opponent() -> None:
    history = [
        Played(1, 1, 2, 1.0),  # 1: 2 points, last met 2
        Played(1, 3, 4, 1.0),  # 3: 2 points, last met 4
        Played(1, 5, 6, 0.5),  # 5, 6: 1 point each
    ]
    seed = {p: p for p in range(1, 7)}
    pairs = [set(p.players) for p in pair_waiting([1, 2, 3, 4, 5, 6], history, seed)]
    # 1 and 3 on 2 points; 5 not with 6 again (they just drew) but 2, closest after
    assert pairs == [{1, 3}, {2, 5}, {4, 6}]
    # 1's closest in score is 2, its last opponent: 3 is taken instead while waiting
    assert [set(p.players) for p in pair_waiting([1, 2, 3], history, seed)] == [{1, 3}]
    # the last opponent is taken when nobody else waits
    assert [set(p.players) for p in pair_waiting([1, 2], history, seed)] == [{1, 2}]
    # an odd one out waits
    assert len(pair_waiting([1, 3, 5], history, seed)) == 1


def test_whoever_moved_first_less_often_moves_first() -> None:
    history = [Played(1, 1, 2, 1.0), Played(1, 1, 3, 1.0)]
    (pairing,) = pair_waiting([1, 4], history, {1: 0, 4: 1})
    assert pairing.first == 4


def test_the_window_ends_the_pairing_and_the_last_game_ends_the_arena() -> None:
    seeded = [1, 2, 3, 4]
    playing = [Played(1, 1, 2, None)]
    late = Progress(seeded, playing, {}, 1, 1, now=100.0, ends_at=100.0)
    assert ARENA.next_step(late) is None, "3 and 4 wait, but nothing more is paired"
    done = Progress(seeded, [Played(1, 1, 2, 1.0)], {}, 1, 1, now=200.0, ends_at=100.0)
    assert ARENA.next_step(done) == Step(1, finished=True)
    during = Progress(seeded, playing, {}, 1, 1, now=50.0, ends_at=100.0, paused=frozenset({4}))
    assert ARENA.next_step(during) is None, "3 waits alone: 4 paused"
    back = Progress(seeded, playing, {}, 1, 1, now=50.0, ends_at=100.0)
    step = ARENA.next_step(back)
    assert step is not None and [set(p.players) for p in step.games] == [{3, 4}]


@settings(max_examples=200, deadline=None)
@given(
    entrants=st.integers(2, 24),
    seed=st.integers(0, 10_000),
    churn=st.floats(0.0, 0.3),
)
def test_whole_arenas_pair_only_free_players_and_end_after_the_window(
    entrants: int, seed: int, churn: float
) -> None:
    """Games end one at a time with random results; players pause, come back, join late
    and withdraw at random; the clock runs to the window's end and past it."""
    rng = random.Random(seed)
    seeded = list(range(1, entrants + 1))
    history: list[Played] = []
    withdrawn: dict[int, int] = {}
    paused: set[int] = set()
    now, ends_at = 0.0, 100.0
    finished = False
    for _ in range(400):
        progress = Progress(
            list(seeded), list(history), dict(withdrawn), 1, 1, now, ends_at, frozenset(paused)
        )
        step = ARENA.next_step(progress)
        busy = {p for g in history if g.points is None for p in g.players}
        if step is not None and step.finished:
            assert now >= ends_at and not busy, "it ends after its window, with no game on"
            finished = True
            break
        if step is not None:
            assert now < ends_at, "nothing is paired once the window has ended"
            players = [p for pairing in step.games for p in pairing.players]
            assert len(players) == len(set(players)), "nobody twice in one step"
            assert not set(players) & (busy | set(withdrawn) | paused), "only the free"
            free = [p for p in seeded if p not in busy | set(withdrawn) | paused]
            assert len(players) >= len(free) - 1, "at most one free player waits"
            history += [Played(1, p.first, p.second, None) for p in step.games]
            continue
        # something happens: a game ends, someone pauses, comes back, joins or leaves
        now += rng.uniform(0, 10)
        playing = [i for i, g in enumerate(history) if g.points is None]
        if playing:
            i = rng.choice(playing)
            game = history[i]
            history[i] = Played(1, game.first, game.second, rng.choice([1.0, 0.5, 0.0]))
        if rng.random() < churn:
            paused ^= {rng.choice(seeded)}
        if rng.random() < churn and now < ends_at:
            seeded.append(len(seeded) + 1)
        if rng.random() < churn / 3:
            withdrawn.setdefault(rng.choice(seeded), 1)
        if not playing and now < ends_at and rng.random() < 0.5:
            paused.clear()
        if not playing and now >= ends_at:
            continue
    assert finished or now < ends_at
    rows = standings("arena", seeded, history, withdrawn)
    assert sorted(r.player for r in rows) == sorted(seeded)
    assert all(r.points % 1 == 0 and r.points >= 0 for r in rows)
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
