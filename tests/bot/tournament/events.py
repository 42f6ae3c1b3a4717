"""Whole events played with random results, and the facts the tests check them against,
worked out here from the records again (not with the module's own helpers)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from bot.tournament import Pairing, Played, settle, swiss_order, swiss_round


def result(rng: random.Random, round_: int, game: Pairing, forfeits: float = 0.0) -> Played:
    """A random finished record for a game: a win, a loss, a draw, now and then a forfeit."""
    assert game.second is not None
    if rng.random() < forfeits:
        return Played(round_, game.first, game.second, rng.choice([0.0, 1.0]), forfeit=True)
    return Played(round_, game.first, game.second, rng.choice([1.0, 1.0, 0.0, 0.0, 0.5]))


@dataclass
class SwissRound:
    """One round of a simulated Swiss, as it was paired."""

    number: int
    ranked: list[int]  # the active players, as ranked for the pairing
    before: list[Played]  # the records before the round
    withdrawn: set[int]
    pairings: list[Pairing]


@dataclass
class Swiss:
    seeded: list[int]
    rounds: list[SwissRound] = field(default_factory=list)
    history: list[Played] = field(default_factory=list)
    withdrawn: dict[int, int] = field(default_factory=dict)  # player: the round they left in


def play_swiss(
    entrants: int,
    rounds: int,
    rng: random.Random,
    withdrawals: float = 0.0,
    forfeits: float = 0.0,
) -> Swiss:
    """A Swiss of `rounds` rounds; before each round a player may withdraw (chance
    `withdrawals`), never leaving fewer than two."""
    event = Swiss(list(range(101, 101 + entrants)))
    for number in range(1, rounds + 1):
        active = [p for p in event.seeded if p not in event.withdrawn]
        if len(active) > 2 and rng.random() < withdrawals:
            event.withdrawn[rng.choice(active)] = number
        ranked = swiss_order(event.seeded, event.history, event.withdrawn)
        pairings = swiss_round(ranked, event.history)
        event.rounds.append(
            SwissRound(number, ranked, list(event.history), set(event.withdrawn), pairings)
        )
        games, settled = settle(number, pairings, event.withdrawn)
        event.history += settled
        event.history += [result(rng, number, game, forfeits) for game in games]
    return event


def seats(history: Sequence[Played], player: int) -> list[bool]:
    """The player's seats in games played, in round order: True moved first."""
    return [
        played.first == player
        for played in sorted(history, key=lambda played: played.round)
        if played.second is not None and not played.forfeit and player in played.players
    ]


def due(history: Sequence[Played], player: int) -> tuple[bool | None, bool]:
    """FIDE's colour preference, for seats: (the seat due, True first; whether it is strong:
    two off balance, or the same seat the last two games)."""
    had = seats(history, player)
    balance = sum(1 if first else -1 for first in had)
    twice = len(had) >= 2 and had[-1] == had[-2]
    if abs(balance) >= 2:
        return balance < 0, True
    if twice:
        return not had[-1], True
    if balance:
        return balance < 0, False
    return (not had[-1] if had else None), False


def matchings(players: list[int], bye_to: list[int]) -> Iterator[list[tuple[int, int | None]]]:
    """Every way to pair the players (with one bye, to one of `bye_to`, when odd)."""
    if len(players) % 2:
        for lucky in bye_to:
            rest = [p for p in players if p != lucky]
            for pairs in matchings(rest, []):
                yield [*pairs, (lucky, None)]
        return
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for index, other in enumerate(rest):
        for pairs in matchings(rest[:index] + rest[index + 1 :], []):
            yield [(first, other), *pairs]


def rule_values(
    pairs: Sequence[tuple[int, int | None]], ranked: list[int], history: Sequence[Played]
) -> tuple[int, int, int, int, int]:
    """A round's pairing measured by the Swiss rules 2-6, each smaller is better: repeats,
    how high the bye's player ranks, games breaking a strong seat preference, the sum of
    squared score differences (half points), games where both are due the same seat."""
    met = {frozenset(played.players) for played in history if played.second is not None}
    half = {p: 0 for p in ranked}
    for played in history:
        for player in played.players:
            if player in half and played.points is not None:
                half[player] += round(2 * played.points_of(player))
    repeats = bye = conflicts = floats = same = 0
    for u, v in pairs:
        if v is None:
            bye = len(ranked) - ranked.index(u)  # 1 for the lowest-ranked
            continue
        repeats += frozenset((u, v)) in met
        (want_u, strong_u), (want_v, strong_v) = due(history, u), due(history, v)
        conflicts += strong_u and strong_v and want_u == want_v
        floats += (half[u] - half[v]) ** 2
        same += want_u is not None and want_u == want_v
    return repeats, bye, conflicts, floats, same


def best_values(ranked: list[int], history: Sequence[Played]) -> tuple[int, int, int, int, int]:
    """The best values any pairing of the round can have, by brute force."""
    byes = {p: 0 for p in ranked}
    for played in history:
        if played.second is None and played.first in byes:
            byes[played.first] += 1
    fewest = min(byes.values(), default=0)
    bye_to = [p for p in ranked if byes[p] == fewest]
    return min(rule_values(pairs, ranked, history) for pairs in matchings(ranked, bye_to))


def pairs_of(pairings: Sequence[Pairing]) -> list[tuple[int, int | None]]:
    return [(pairing.first, pairing.second) for pairing in pairings]


def every_pair(players: Sequence[int]) -> set[frozenset[int]]:
    return {frozenset(pair) for pair in itertools.combinations(players, 2)}
