"""Swiss and round robin pairings: named cases from the pairing rules, then properties over
whole events played with random results (draws, forfeits, withdrawals)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.tournament import (
    Pairing,
    Played,
    TournamentError,
    berger_rounds,
    default_rounds,
    swiss_order,
    swiss_round,
)
from bot.tournament import pairing as pairing_module
from tests.bot.tournament.events import (
    best_values,
    due,
    every_pair,
    pairs_of,
    play_swiss,
    result,
    rule_values,
    seats,
)

EVENTS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# Named cases


def test_default_rounds_enough_for_a_clear_winner_capped_by_n_minus_1() -> None:
    assert [default_rounds(n) for n in (2, 3, 4, 5, 8, 9, 16, 17, 1000)] == [
        1,
        2,
        3,
        4,
        4,
        5,
        5,
        6,
        11,
    ]
    with pytest.raises(TournamentError, match="two players or more"):
        default_rounds(1)


def test_swiss_round_1_of_4_top_half_meets_bottom_half_seats_alternating_by_board() -> None:
    assert swiss_round([1, 2, 3, 4], []) == [Pairing(1, 3), Pairing(4, 2)]


def test_swiss_round_1_of_8() -> None:
    assert swiss_round(list(range(1, 9)), []) == [
        Pairing(1, 5),
        Pairing(6, 2),
        Pairing(3, 7),
        Pairing(8, 4),
    ]


def test_swiss_round_1_odd_bye_to_the_lowest_ranked_listed_last() -> None:
    assert swiss_round([1, 2, 3, 4, 5], []) == [Pairing(1, 3), Pairing(4, 2), Pairing(5, None)]


def test_bye_to_the_lowest_ranked_player_without_one() -> None:
    history = [Played(1, 1, 3, 0.5), Played(1, 4, 2, 0.5), Played(1, 5, None, 1.0)]
    ranked = swiss_order([1, 2, 3, 4, 5], history)
    assert ranked == [5, 1, 2, 3, 4]
    assert swiss_round(ranked, history)[-1] == Pairing(4, None)


def test_a_second_bye_only_once_every_active_player_has_had_one() -> None:
    history = [
        Played(1, 1, None, 1.0),
        Played(2, 2, None, 1.0),
        Played(3, 3, None, 1.0),
        Played(1, 2, 3, 0.0),
        Played(2, 3, 1, 0.0),
        Played(3, 1, 2, 0.0),
    ]
    # all three have had one: the lowest-ranked gets another
    assert swiss_round([1, 2, 3], history)[-1] == Pairing(3, None)
    # 4 has had none: it is theirs, lowest-ranked or not
    assert swiss_round([4, 1, 2, 3, 5], [*history, Played(1, 5, None, 1.0)])[-1] == Pairing(4, None)


def test_no_rematch_within_a_score_group_and_seats_due_given() -> None:
    # Round 1: 1 v 3 and 4 v 2, both drawn: one score group, whose Dutch order (1 v 3,
    # 2 v 4) would repeat both games. 1 v 2 and 3 v 4 give everyone the seat they are due.
    history = [Played(1, 1, 3, 0.5), Played(1, 4, 2, 0.5)]
    assert swiss_round([1, 2, 3, 4], history) == [Pairing(2, 1), Pairing(3, 4)]


def test_the_lowest_of_an_odd_score_group_floats_down_to_the_highest_below() -> None:
    # Round 1 (1 v 4, 5 v 2, 3 v 6) won by 1, 2, 3: 3 floats down to meet 4 (not 6, met).
    history = [Played(1, 1, 4, 1.0), Played(1, 5, 2, 0.0), Played(1, 3, 6, 1.0)]
    ranked = swiss_order([1, 2, 3, 4, 5, 6], history)
    assert swiss_round(ranked, history) == [Pairing(2, 1), Pairing(4, 3), Pairing(6, 5)]


def test_the_player_further_off_balance_gets_the_seat_both_are_due() -> None:
    # 1 moved first twice (strongly due second), 2 once and had a bye (due second): the
    # leaders meet, and 2 moves first.
    history = [
        *(Played(1, 1, 3, 1.0), Played(1, 2, 4, 1.0), Played(1, 5, None, 1.0)),
        *(Played(2, 1, 5, 1.0), Played(2, 3, 4, 1.0), Played(2, 2, None, 1.0)),
    ]
    assert due(history, 1) == (False, True) and due(history, 2) == (False, False)
    ranked = swiss_order([1, 2, 3, 4, 5], history)
    assert ranked == [1, 2, 3, 5, 4]
    assert swiss_round(ranked, history) == [Pairing(2, 1), Pairing(5, 3), Pairing(4, None)]


def test_a_forfeit_counts_as_met_but_not_as_a_seat() -> None:
    history = [Played(1, 1, 3, 1.0, forfeit=True), Played(1, 4, 2, 1.0)]
    pairings = swiss_round([1, 4, 2, 3], history)
    assert {frozenset(p.players) for p in pairings} == {frozenset((1, 4)), frozenset((2, 3))}
    assert seats(history, 1) == []


def test_swiss_order_leaves_out_the_withdrawn_and_ranks_by_points_then_seed() -> None:
    history = [Played(1, 1, 3, 0.0), Played(1, 4, 2, 0.5), Played(1, 5, None, 1.0)]
    assert swiss_order([1, 2, 3, 4, 5], history, withdrawn={5}) == [3, 2, 4, 1]


def test_a_player_listed_twice_is_refused() -> None:
    with pytest.raises(TournamentError, match="Player 2 is listed twice"):
        swiss_round([1, 2, 2], [])


def test_berger_table_for_4_players() -> None:
    assert berger_rounds([1, 2, 3, 4]) == [
        [Pairing(1, 4), Pairing(2, 3)],
        [Pairing(4, 3), Pairing(1, 2)],
        [Pairing(2, 4), Pairing(3, 1)],
    ]


def test_berger_table_for_5_players_the_dummy_gives_byes() -> None:
    # FIDE's table for 6 with number 6 the dummy.
    assert berger_rounds([1, 2, 3, 4, 5]) == [
        [Pairing(2, 5), Pairing(3, 4), Pairing(1, None)],
        [Pairing(5, 3), Pairing(1, 2), Pairing(4, None)],
        [Pairing(3, 1), Pairing(4, 5), Pairing(2, None)],
        [Pairing(1, 4), Pairing(2, 3), Pairing(5, None)],
        [Pairing(4, 2), Pairing(5, 1), Pairing(3, None)],
    ]


def test_berger_table_for_6_players_uses_the_given_players() -> None:
    names = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16}
    fide = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]
    assert berger_rounds([11, 12, 13, 14, 15, 16]) == [
        [Pairing(names[a], names[b]) for a, b in table] for table in fide
    ]


# Properties


def _events(max_entrants: int) -> st.SearchStrategy[tuple[int, int, random.Random, float]]:
    return st.tuples(
        st.integers(2, max_entrants),
        st.integers(1, 12),
        st.randoms(use_true_random=False),
        st.sampled_from([0.0, 0.0, 0.25, 0.5]),
    )


@EVENTS
@given(_events(10))
def test_swiss_keeps_its_rules_in_order_against_every_possible_pairing(
    event: tuple[int, int, random.Random, float],
) -> None:
    """Each round's pairing is as good as the best of every possible pairing on rules 2-6,
    in order: no repeat while a pairing without one exists, the bye to the lowest-ranked
    player with the fewest, the fewest broken strong seat preferences, the smallest score
    differences, the most seats due given. And the seats given break exactly as many
    strong preferences as the pairing must."""
    entrants, rounds, rng, withdrawals = event
    swiss = play_swiss(entrants, min(rounds, entrants + 2), rng, withdrawals, forfeits=0.1)
    for paired in swiss.rounds:
        pairs = pairs_of(paired.pairings)
        assert rule_values(pairs, paired.ranked, paired.before) == best_values(
            paired.ranked, paired.before
        ), f"round {paired.number}: {paired.pairings}"
        broken = 0
        for game in paired.pairings:
            if game.second is None:
                continue  # a bye is no seat
            for player, first in ((game.first, True), (game.second, False)):
                want, strong = due(paired.before, player)
                broken += strong and want != first
        assert broken == best_values(paired.ranked, paired.before)[2]


@EVENTS
@given(_events(30))
def test_every_round_pairs_every_active_player_once_and_byes_only_when_odd(
    event: tuple[int, int, random.Random, float],
) -> None:
    entrants, rounds, rng, withdrawals = event
    swiss = play_swiss(entrants, rounds, rng, withdrawals, forfeits=0.05)
    byes: Counter[int] = Counter()
    for paired in swiss.rounds:
        listed = [player for pairing in paired.pairings for player in pairing.players]
        assert sorted(listed) == sorted(paired.ranked)
        assert not set(listed) & paired.withdrawn
        given_byes = [pairing.first for pairing in paired.pairings if pairing.is_bye]
        assert len(given_byes) == len(paired.ranked) % 2
        for player in given_byes:
            # a second bye only once every active player has had one
            assert all(byes[other] >= byes[player] for other in paired.ranked)
            byes[player] += 1


@EVENTS
@given(st.integers(2, 40), st.randoms(use_true_random=False))
def test_over_a_whole_swiss_the_first_move_alternates(entrants: int, rng: random.Random) -> None:
    """With the default rounds and nobody withdrawing, every player moves first in half
    their games give or take one, and never takes the same seat three games running."""
    swiss = play_swiss(entrants, default_rounds(entrants), rng)
    for player in swiss.seeded:
        had = seats(swiss.history, player)
        assert abs(2 * sum(had) - len(had)) <= 2, (player, had)
        assert all(len(set(had[i : i + 3])) == 2 for i in range(len(had) - 2)), (player, had)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(65, 110), st.integers(1, 6), st.randoms(use_true_random=False))
def test_a_large_field_keeps_rules_1_to_3_as_exactly_as_a_small_one(
    entrants: int, rounds: int, rng: random.Random
) -> None:
    """Above DENSE_UP_TO players only near candidates are weighed first: the repeats and
    the bye come out as when every pairing is weighed."""
    players = list(range(entrants))
    history: list[Played] = []
    for number in range(1, rounds + 1):  # earlier rounds: random pairings, random results
        rng.shuffle(players)
        if entrants % 2:
            history.append(Played(number, players[-1], None, 1.0))
        for a, b in zip(players[0:-1:2], players[1::2], strict=False):
            history.append(result(rng, number, Pairing(a, b)))
    ranked = swiss_order(range(entrants), history)
    sparse = pairs_of(swiss_round(ranked, history))
    with mock.patch.object(pairing_module, "DENSE_UP_TO", 10**6):
        dense = pairs_of(swiss_round(ranked, history))
    assert rule_values(sparse, ranked, history)[:2] == rule_values(dense, ranked, history)[:2]


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 40))
def test_round_robin_plays_every_pair_exactly_once(entrants: int) -> None:
    players = [10 * p for p in range(1, entrants + 1)]
    rounds = berger_rounds(players)
    assert len(rounds) == entrants - 1 + entrants % 2
    games = [frozenset(p.players) for table in rounds for p in table if not p.is_bye]
    assert len(games) == len(set(games)) and set(games) == every_pair(players)
    for table in rounds:
        listed = [player for pairing in table for player in pairing.players]
        assert sorted(listed) == sorted(players)
        assert sum(p.is_bye for p in table) == entrants % 2
    byes = Counter(p.first for table in rounds for p in table if p.is_bye)
    assert all(byes[player] == entrants % 2 for player in players)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 60))
def test_round_robin_seats_alternate_as_berger_tables_do(entrants: int) -> None:
    """Odd fields: every player alternates every game. Even fields: first in half their
    games give or take a half (n - 1 is odd), never three games running in one seat."""
    history = [
        Played(number, p.first, p.second, 0.5)
        for number, table in enumerate(berger_rounds(list(range(entrants))), start=1)
        for p in table
        if not p.is_bye
    ]
    for player in range(entrants):
        had = seats(history, player)
        if entrants % 2:
            assert all(a != b for a, b in itertools.pairwise(had)), had
        else:
            assert abs(2 * sum(had) - len(had)) <= 1, had
            assert all(len(set(had[i : i + 3])) == 2 for i in range(len(had) - 2)), had


def test_rules_values_of_a_hand_made_round() -> None:
    """The tests' own measure, checked once by hand: a repeat and a float."""
    history = [Played(1, 1, 2, 1.0), Played(1, 3, 4, 1.0)]
    assert rule_values([(1, 2), (3, 4)], [1, 3, 2, 4], history) == (2, 0, 0, 8, 0)
    assert rule_values([(1, 3), (2, 4)], [1, 3, 2, 4], history) == (0, 0, 0, 0, 2)
    assert rule_values([(1, 4), (3, 2)], [1, 3, 2, 4], history) == (0, 0, 0, 8, 0)
