"""Standings: points and tie-breaks worked by hand, and over random whole events."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.tournament import (
    FORMATS,
    Played,
    Row,
    TournamentError,
    berger_rounds,
    counted_rounds,
    knockout,
    settle,
    standings,
)
from tests.bot.tournament.events import play_swiss, result

# A Swiss of 5 over 3 rounds, with a bye each round and a forfeit in round 3.
SWISS = [
    *(Played(1, 1, 4, 1.0), Played(1, 5, 2, 0.5), Played(1, 3, None, 1.0)),
    *(Played(2, 3, 1, 0.5), Played(2, 2, 4, 1.0), Played(2, 5, None, 1.0)),
    *(Played(3, 1, 2, 1.0, forfeit=True), Played(3, 3, 5, 0.0), Played(3, 4, None, 1.0)),
]


def test_swiss_buchholz_cut_1_and_sonneborn_berger_worked_by_hand() -> None:
    """As opponents (played points + 1/2 per unplayed round): 1: 1.5 + 0.5 (forfeit in
    round 3) = 2; 2: 1.5 + 0.5 = 2; 3: 0.5 + 0.5 (bye) = 1; 4: 0 + 0.5 = 0.5; 5: 1.5 + 0.5
    = 2. A virtual opponent for round R: score before R + (1 - points in R) + 0.5 (3 - R).

    5: R1 v 2: 2 (scored 1/2); R2 bye: 0.5 + 0 + 0.5 = 1 (1); R3 v 3: 1 (1).
       Buchholz 4, cut-1 4 - 1 = 3; Sonneborn-Berger 2 x 0.5 + 1 + 1 = 3.
    1: R1 v 4: 0.5 (1); R2 v 3: 1 (1/2); R3 forfeit win: 1.5 + 0 + 0 = 1.5 (1).
       Buchholz 3, cut-1 2.5; Sonneborn-Berger 0.5 + 0.5 + 1.5 = 2.5.
    2: R1 v 5: 2 (1/2); R2 v 4: 0.5 (1); R3 forfeit loss: 1.5 + 1 + 0 = 2.5 (0).
       Buchholz 5, cut-1 4.5; Sonneborn-Berger 1 + 0.5 = 1.5.
    3: R1 bye: 0 + 0 + 1 = 1 (1); R2 v 1: 2 (1/2); R3 v 5: 2 (0).
       Buchholz 5, cut-1 4; Sonneborn-Berger 1 + 1 = 2.
    4: R1 v 1: 2 (0); R2 v 2: 2 (0); R3 bye: 0 + 0 + 0 = 0 (1).
       Buchholz 4, cut-1 4; Sonneborn-Berger 0.
    Nobody is level after Buchholz: direct encounter 0 for all."""
    assert standings("swiss", [1, 2, 3, 4, 5], SWISS) == [
        Row(1, 5, 2.5, (3.0, 3.0, 0.0)),
        Row(2, 1, 2.5, (2.5, 2.5, 0.0)),
        Row(3, 2, 1.5, (4.5, 1.5, 0.0)),
        Row(4, 3, 1.5, (4.0, 2.0, 0.0)),
        Row(5, 4, 1.0, (4.0, 0.0, 0.0)),
    ]


def test_a_withdrawn_player_counts_for_opponents_with_missed_rounds_as_draws() -> None:
    # 4 wins round 1 against 2, then withdraws; rounds 2 and 3 go on without them.
    history = [
        *(Played(1, 1, 3, 1.0), Played(1, 4, 2, 1.0)),
        *(Played(2, 2, 1, 0.0), Played(2, 3, None, 1.0)),
        *(Played(3, 3, 2, 0.5), Played(3, 1, None, 1.0)),
    ]
    rows = {row.player: row for row in standings("swiss", [1, 2, 3, 4], history, withdrawn={4: 2})}
    # 2: R1 v 4 (1 + 0.5 x 2 missed = 2), R2 v 1 (2 + 0.5 bye = 2.5), R3 v 3 (0.5 + 0.5 = 1)
    assert rows[2].tie_breaks[:2] == (5.5 - 1.0, 0.5)
    # 4: R1 v 2 (0.5, won); missed R2: 1 + 1 + 0.5 = 2.5; missed R3: 1 + 1 + 0 = 2
    assert rows[4].tie_breaks[:2] == (5.0 - 0.5, 0.5)
    assert rows[4].withdrawn and rows[4].points == 1.0


def test_round_robin_sonneborn_berger_then_direct_encounter() -> None:
    # Berger table for 4: 1 beats 4 and 2 beats 3; 4 beats 3 and 2 beats 1; all drawn in R3.
    table = berger_rounds([1, 2, 3, 4])
    results = [[1.0, 1.0], [1.0, 0.0], [0.5, 0.5]]
    history = [
        Played(number, pairing.first, pairing.second, points)
        for number, (pairings, scores) in enumerate(zip(table, results, strict=True), 1)
        for pairing, points in zip(pairings, scores, strict=True)
    ]
    # 1 and 4 both have 1.5 and Sonneborn-Berger 1.75 (1: 4's 1.5 won + 3's 0.5 drawn;
    # 4: 3's 0.5 won + 2's 2.5 drawn); 1 beat 4.
    assert standings("round-robin", [1, 2, 3, 4], history) == [
        Row(1, 2, 2.5, (2.75, 0.0)),
        Row(2, 1, 1.5, (1.75, 1.0)),
        Row(3, 4, 1.5, (1.75, 0.0)),
        Row(4, 3, 0.5, (0.75, 0.0)),
    ]


def test_players_level_on_everything_share_a_rank_listed_by_seed() -> None:
    # A cycle: 1 beats 2, 2 beats 3, 3 beats 1; all level, and each scored 1 of 2 between them.
    history = [Played(1, 2, 3, 1.0), Played(2, 3, 1, 1.0), Played(3, 1, 2, 1.0)]
    history += [Played(r, p, None, 1.0) for r, p in ((1, 1), (2, 2), (3, 3))]
    rows = standings("round-robin", [1, 2, 3], history)
    assert [(row.rank, row.player) for row in rows] == [(1, 1), (1, 2), (1, 3)]
    assert rows[0].tie_breaks == (2.0, 1.0)


def test_direct_encounter_leaves_players_level_when_some_of_them_have_not_met() -> None:
    history = [Played(1, 1, 3, 1.0), Played(1, 2, 4, 1.0)]
    rows = standings("round-robin", [1, 2, 3, 4], history)
    assert [(row.rank, row.player, row.tie_breaks) for row in rows[:2]] == [
        (1, 1, (0.0, 0.0)),
        (1, 2, (0.0, 0.0)),
    ]


def test_a_round_still_being_played_is_not_counted() -> None:
    history = [*SWISS, Played(4, 1, 5, None), Played(4, 2, 3, 1.0), Played(4, 4, None, 1.0)]
    assert counted_rounds(history) == 3
    assert standings("swiss", [1, 2, 3, 4, 5], history) == standings(
        "swiss", [1, 2, 3, 4, 5], SWISS
    )
    # after round 1, 1 (beat 4, who had 0) and 3 (a bye: a virtual opponent on 0 + 0 + 0) are
    # level: cut-1 leaves nothing of one round
    assert standings("swiss", [1, 2, 3, 4, 5], SWISS, rounds=1)[:2] == [
        Row(1, 1, 1.0, (0.0, 0.0, 0.0)),
        Row(1, 3, 1.0, (0.0, 0.0, 0.0)),
    ]


def test_knockout_ranks_by_the_bracket() -> None:
    seeded = [11, 12, 13, 14, 15, 16]
    history = [
        *(Played(1, 11, None, 1.0), Played(1, 12, None, 1.0)),
        *(Played(1, 14, 15, 0.0), Played(1, 13, 16, 0.5), Played(1, 16, 13, 1.0)),
        *(Played(2, 11, 15, 1.0), Played(2, 12, 16, 0.0)),
        Played(3, 11, 16, 0.0),
    ]
    assert knockout(seeded, history).champion == 16
    rows = standings("knockout", seeded, history)
    assert [(row.rank, row.player, row.tie_breaks) for row in rows] == [
        (1, 16, (4.0,)),
        (2, 11, (3.0,)),
        (3, 12, (2.0,)),
        (3, 15, (2.0,)),
        (5, 13, (1.0,)),
        (5, 14, (1.0,)),
    ]
    assert rows[0].points == 3.5  # a draw and three wins


def test_an_unknown_format_is_refused() -> None:
    with pytest.raises(TournamentError, match="'ladder' is not a format"):
        standings("ladder", [1, 2], [])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["swiss", "round-robin"]),
    st.integers(2, 16),
    st.randoms(use_true_random=False),
    st.sampled_from([0.0, 0.3]),
)
def test_standings_of_whole_events_are_consistent(
    format: str, entrants: int, rng: random.Random, withdrawals: float
) -> None:
    """Every entrant once, best first by points then tie-breaks, ranks shared exactly by
    level rows; the points add up to one a game and one a bye."""
    if format == "swiss":
        event = play_swiss(entrants, entrants, rng, withdrawals, forfeits=0.1)
        seeded, history, withdrawn = event.seeded, event.history, event.withdrawn
    else:
        seeded, history, withdrawn = list(range(1, entrants + 1)), [], {}
        for number, table in enumerate(berger_rounds(seeded), start=1):
            if rng.random() < withdrawals:
                withdrawn.setdefault(rng.choice(seeded), number)
            games, settled = settle(number, table, withdrawn)
            history += settled + [result(rng, number, game, 0.1) for game in games]
    rows = standings(format, seeded, history, withdrawn)
    assert sorted(row.player for row in rows) == sorted(seeded)
    assert sum(row.points for row in rows) == len(history)
    assert all(len(row.tie_breaks) == len(FORMATS[format].tie_breaks) for row in rows)
    keys = [(row.points, *row.tie_breaks) for row in rows]
    assert keys == sorted(keys, reverse=True)
    for place, (row, key) in enumerate(zip(rows, keys, strict=True)):
        assert row.rank == keys.index(key) + 1 and row.rank <= place + 1
        assert row.withdrawn == (row.player in withdrawn)
