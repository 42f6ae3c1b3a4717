"""The arena (lichess's most played tournament): a window of time, not rounds. At the start
every entrant is paired; from then on, a player whose game ends is paired again at once
with another player who is waiting (the closest in score, not their last opponent while
another is waiting), so the busiest players play the most. Entrants may join while it runs
and pause (they are not paired again until they come back). A win is 2 points, a draw 1, a
loss 0, doubled while the player is on a streak: after two wins in a row, each game counts
double until one is not won. When the window ends, no game is paired any more; the games
being played finish and count, and the arena ends with the last of them.

Pure: the pairing and standings are worked out from the records (`Played`, in the order
they were paired: a player's own games, one at a time, in the order they played them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from bot.i18n import _
from bot.tournament.format import Format, Progress, Row, Step
from bot.tournament.history import Pairing, Played
from bot.tournament.standings import ranked

WIN, DRAW = 2, 1  # points; doubled on a streak
STREAK = 2  # wins in a row after which games count double
SHORTEST, LONGEST = 60 * 60, 3 * 24 * 60 * 60  # an arena's window, seconds
DEFAULT_WINDOW = 60 * 60


def scores(history: Sequence[Played]) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Each player's arena points, wins and games from the finished records, and how
    many wins in a row they are on now."""
    points: dict[int, int] = defaultdict(int)
    wins: dict[int, int] = defaultdict(int)
    games: dict[int, int] = defaultdict(int)
    streak: dict[int, int] = defaultdict(int)
    for played in history:
        if not played.finished or played.second is None:
            continue
        for player in played.players:
            result = played.points_of(player)
            on_fire = streak[player] >= STREAK
            value = WIN if result == 1 else DRAW if result == 0.5 else 0
            points[player] += value * 2 if on_fire else value
            games[player] += 1
            if result == 1:
                wins[player] += 1
                streak[player] += 1
            else:
                streak[player] = 0
    return dict(points), dict(wins), dict(streak)


def playing(history: Sequence[Played]) -> set[int]:
    """The players with a game being played."""
    return {player for played in history if played.points is None for player in played.players}


def last_opponents(history: Sequence[Played]) -> dict[int, int]:
    """Each player's latest opponent."""
    last: dict[int, int] = {}
    for played in history:
        if played.second is not None:
            last[played.first], last[played.second] = played.second, played.first
    return last


def pair_waiting(
    waiting: Sequence[int], history: Sequence[Played], seed: Mapping[int, int]
) -> list[Pairing]:
    """Pairings for the players `waiting` (none of them playing): the best-placed first,
    each with the closest in score who was not their last opponent (that one only when no
    other is waiting), ties by seed; an odd one out waits. In each game the player who
    has moved first less often moves first (ties: the better seed)."""
    points, _wins, _streak = scores(history)
    last = last_opponents(history)
    firsts: dict[int, int] = defaultdict(int)
    for played in history:
        if played.second is not None:
            firsts[played.first] += 1

    def rank(player: int) -> tuple[int, int]:
        return (-points.get(player, 0), seed.get(player, 0))

    left = sorted(waiting, key=rank)
    pairings = []
    while len(left) >= 2:
        player = left.pop(0)
        score = points.get(player, 0)

        def distance(other: int, player: int = player, score: int = score) -> tuple[int, ...]:
            again = last.get(player) == other or last.get(other) == player
            return (int(again), abs(points.get(other, 0) - score), seed.get(other, 0))

        other = min(left, key=distance)
        left.remove(other)
        one, two = sorted((player, other), key=lambda p: (firsts[p], seed.get(p, 0)))
        pairings.append(Pairing(one, two))
    return pairings


def _next(progress: Progress) -> Step | None:
    """Pair the players waiting, as soon as two are; once the window has ended, nothing
    more is paired and the arena ends with its last game."""
    busy = playing(progress.history)
    if progress.ends_at is not None and progress.now >= progress.ends_at:
        return None if busy else Step(max(progress.round, 1), finished=True)
    waiting = [
        player
        for player in progress.seeded
        if player not in busy and player not in progress.withdrawn and player not in progress.paused
    ]
    seed = {player: place for place, player in enumerate(progress.seeded)}
    pairings = pair_waiting(waiting, progress.history, seed)
    if not pairings:
        return None
    return Step(1, tuple(pairings))


def _standings(
    entrants: list[int],
    history: Sequence[Played],
    withdrawn: Mapping[int, int],
    rounds: int | None,
) -> list[Row]:
    """By arena points, then by wins; live (every finished game counts at once)."""
    points, wins, _streak = scores(history)
    score = {player: float(points.get(player, 0)) for player in entrants}
    breaks = {player: [float(wins.get(player, 0))] for player in entrants}
    return ranked(entrants, score, breaks, set(withdrawn))


ARENA = Format(
    key="arena",
    title=_("Arena"),
    counted=_("an arena of {game}"),
    open_ended=_("an arena of {game}"),
    after_round=_("Arena · live standings"),
    final=_("Arena · final standings"),
    too_few=_("An arena needs {fewest} entrants; it has {count}."),
    bounds=_("An arena takes {fewest} to {most} entrants at most."),
    fewest=2,
    chosen_rounds=False,
    planned_rounds=lambda entrants, asked: 1,
    tie_breaks=("games-won",),
    next_step=_next,
    standings=_standings,
    byes=lambda progress: [],
    timed=True,
)
