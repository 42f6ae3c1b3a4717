"""Knockout: seeding and byes, matches decided by their games (draws replayed with seats
swapped, forfeits, withdrawals), and a bracket that always ends."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.tournament import (
    MatchState,
    Pairing,
    Played,
    bracket_size,
    knockout,
    knockout_match,
    knockout_rounds,
    knockout_slots,
    seed_order,
    settle,
)

EVENTS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_standard_seeding_of_16() -> None:
    order = seed_order(16)
    assert list(zip(order[0::2], order[1::2], strict=True)) == [
        (1, 16),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, 15),
        (7, 10),
        (3, 14),
        (6, 11),
    ]


def test_a_bracket_of_8() -> None:
    bracket = knockout([11, 12, 13, 14, 15, 16, 17, 18], [])
    assert bracket.round == 1
    assert bracket.matches == (
        Pairing(11, 18),
        Pairing(14, 15),
        Pairing(12, 17),
        Pairing(13, 16),
    )
    assert bracket.next_games == bracket.matches  # the better seed moves first in game 1


def test_a_bracket_of_6_gives_byes_to_seeds_1_and_2() -> None:
    seeded = [11, 12, 13, 14, 15, 16]
    assert bracket_size(6) == 8 and knockout_rounds(6) == 3
    assert knockout_slots(seeded) == [11, None, 14, 15, 12, None, 13, 16]
    bracket = knockout(seeded, [])
    assert bracket.matches == (
        Pairing(11, None),
        Pairing(14, 15),
        Pairing(12, None),
        Pairing(13, 16),
    )
    assert bracket.next_games == (Pairing(14, 15), Pairing(13, 16))
    # the byes are settled at once; the round goes on while its two games are played
    games, settled = settle(1, bracket.matches)
    assert games == [Pairing(14, 15), Pairing(13, 16)]
    assert settled == [Played(1, 11, None, 1.0), Played(1, 12, None, 1.0)]


def test_the_next_round_pairs_the_winners_of_neighbouring_matches() -> None:
    seeded = [11, 12, 13, 14, 15, 16]
    history = [Played(1, 14, 15, 0.0), Played(1, 13, 16, 0.0)]  # 15 and 16 win
    bracket = knockout(seeded, history)
    assert bracket.round == 2
    assert bracket.matches == (Pairing(11, 15), Pairing(12, 16))
    history += [Played(2, 11, 15, 1.0), Played(2, 12, 16, 0.0)]
    final = knockout(seeded, history)
    assert (final.round, final.matches, final.over) == (3, (Pairing(11, 16),), False)
    history.append(Played(3, 11, 16, 0.0))
    done = knockout(seeded, history)
    assert done.over and done.champion == 16 and done.next_games == ()
    assert dict(done.reached) == {11: 3, 12: 2, 13: 1, 14: 1, 15: 2, 16: 3}


def test_a_drawn_game_is_replayed_with_seats_swapped_until_one_is_won() -> None:
    match = Pairing(1, 8)
    assert knockout_match(match, []) == MatchState(False, None, Pairing(1, 8))
    games = [Played(1, 1, 8, 0.5)]
    assert knockout_match(match, games) == MatchState(False, None, Pairing(8, 1))
    games.append(Played(1, 8, 1, 0.5))
    assert knockout_match(match, games) == MatchState(False, None, Pairing(1, 8))
    games.append(Played(1, 1, 8, None))  # being played: nothing to start
    assert knockout_match(match, games) == MatchState(False, None, None)
    games[-1] = Played(1, 1, 8, 0.0)
    assert knockout_match(match, games) == MatchState(True, 8, None)


def test_a_forfeit_or_a_withdrawal_sends_the_other_through() -> None:
    match = Pairing(1, 8)
    assert knockout_match(match, [Played(1, 1, 8, 1.0, forfeit=True)]).winner == 1
    assert knockout_match(match, [Played(1, 1, 8, 0.5)], withdrawn={1}) == MatchState(True, 8, None)
    assert knockout_match(match, [], withdrawn={1, 8}) == MatchState(True, None, None)
    # a match won before the withdrawal stays won
    assert knockout_match(match, [Played(1, 1, 8, 1.0)], withdrawn={1}).winner == 1


def test_when_both_players_of_a_match_are_gone_the_next_opponent_has_a_bye() -> None:
    seeded = [11, 12, 13, 14]
    bracket = knockout(seeded, [Played(1, 11, 14, 1.0)], withdrawn={12: 1, 13: 1})
    assert bracket.over and bracket.champion == 11
    assert bracket.matches == (Pairing(11, None),)


def test_a_player_who_leaves_keeps_what_they_won_before() -> None:
    # 3 players: 11 has a bye, 13 leaves in round 1 so 12 goes through; 11 and 12 both
    # leave in round 2: nobody wins the final.
    seeded = [11, 12, 13]
    bracket = knockout(seeded, [], withdrawn={13: 1, 11: 2, 12: 2})
    assert (bracket.round, bracket.over, bracket.champion) == (2, True, None)
    assert dict(bracket.reached) == {11: 2, 12: 2, 13: 1}
    # had 12 left in round 1 too, 11 would be champion by a bye in the final
    assert knockout(seeded, [], withdrawn={13: 1, 12: 1}).champion == 11


@EVENTS
@given(st.integers(2, 40), st.randoms(use_true_random=False), st.sampled_from([0, 0.05, 0.2]))
def test_a_knockout_ends_with_exactly_one_champion_whatever_the_results(
    entrants: int, rng: random.Random, withdrawals: float
) -> None:
    """Random results with draws (replayed), forfeits and withdrawals: the bracket ends
    after log2 rounds with one champion, the one player who neither lost a game nor
    withdrew (none when everyone still in withdrew); the byes of round 1 go to the top
    seeds."""
    seeded = [100 + seed for seed in range(1, entrants + 1)]
    size = bracket_size(entrants)
    first = knockout(seeded, [])
    byes = sorted(seeded.index(p.first) + 1 for p in first.matches if p.is_bye)
    assert byes == list(range(1, size - entrants + 1))
    history: list[Played] = []
    withdrawn: dict[int, int] = {}  # player: the round they left in
    for _ in range(2000):
        bracket = knockout(seeded, history, withdrawn)
        if bracket.over:
            break
        assert bracket.round <= knockout_rounds(entrants)
        for player in seeded:
            if player not in withdrawn and rng.random() < withdrawals / entrants:
                withdrawn[player] = bracket.round
        for game in bracket.next_games:
            assert game.second is not None
            if {game.first, game.second} & withdrawn.keys():
                continue  # they withdrew just now: no game for them
            if rng.random() < 0.05:
                history.append(Played(bracket.round, game.first, game.second, 1.0, forfeit=True))
            else:
                points = rng.choice([1.0, 0.0, 0.5, 0.5])
                history.append(Played(bracket.round, game.first, game.second, points))
    else:
        raise AssertionError("the knockout did not end")
    assert bracket.round == knockout_rounds(entrants)
    # every player but the champion lost a game or withdrew; the champion did neither
    beaten = {
        played.second if played.points == 1.0 else played.first
        for played in history
        if played.points in (0.0, 1.0)
    }
    unbeaten = set(seeded) - beaten - set(withdrawn)
    assert unbeaten == ({bracket.champion} if bracket.champion is not None else set())
