"""Standings: points, then each format's tie-breaks.

Points: a win 1, a draw 1/2, a bye 1, a forfeit 1 to the player who was there and 0 to the
one who was not. Withdrawn players keep what they scored and stay in the table (marked).

Swiss, in order: Buchholz cut-1, Sonneborn-Berger, direct encounter. Unplayed rounds (a
bye, a forfeit either way, a round missed after withdrawing) follow FIDE's rule of 2009:
- for the player's own tie-breaks, an unplayed round R is a game against a virtual
  opponent who had the player's score before R, got the other side of the player's result
  in R, and drew every later round: S_before + (1 - points in R) + 0.5 x (n - R), n the
  rounds counted;
- as someone else's opponent, a player counts with every unplayed round scored as a draw
  (their points from games played, plus 1/2 for each unplayed round), so a forfeit or a
  withdrawal does not cost their opponents;
- Buchholz is the sum of the opponents' scores so counted, one per round; cut-1 leaves out
  the lowest of them (a virtual opponent's included). Sonneborn-Berger is the sum of each
  round's opponent score times the points the player scored in that round.

Round robin, in order: Sonneborn-Berger, direct encounter. Everyone meets everyone, so a
result counts against its real opponent, forfeits included (as FIDE counts round robins),
with opponents' actual scores; a bye (odd numbers) adds nothing.

Direct encounter (both): among players still level on points and every tie-break before
it, the points each scored against the others, when every two of them have met (a forfeit
counts); when some have not, it leaves them level.

Knockout: the bracket. The champion first, then by the round each player reached (the
finalist, then the semi-finalists, level with each other, and so on); level players are
listed by seed.

Rows share a rank when they are level on points and every tie-break (in a knockout, on the
round reached alone); level rows are listed in seed order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence

from bot.tournament.format import Row, Standings
from bot.tournament.history import Played
from bot.tournament.pairing import points


def counted_rounds(history: Sequence[Played]) -> int:
    """The rounds standings count by default: every round up to the first with a game
    still being played."""
    last = max((played.round for played in history), default=0)
    unfinished = [played.round for played in history if played.points is None]
    return min(unfinished) - 1 if unfinished else last


TieBreaks = Callable[[list[int], list[Played], dict[int, float], int], dict[int, list[float]]]


def by_points(
    entrants: list[int],
    history: Sequence[Played],
    withdrawn: Mapping[int, int],
    rounds: int | None,
    tie_breaks: TieBreaks,
) -> list[Row]:
    """Standings by points over rounds 1 to `rounds` (default: `counted_rounds`), then the
    format's `tie_breaks` (given the entrants, the records counted, the points and the
    number of rounds counted), then direct encounter."""
    n = counted_rounds(history) if rounds is None else rounds
    counted = [played for played in history if played.round <= n and played.finished]
    score = points(counted)
    breaks = tie_breaks(entrants, counted, score, n)
    direct_encounter(entrants, counted, score, breaks)
    return ranked(entrants, score, breaks, set(withdrawn))


def ranked(
    entrants: list[int],
    score: dict[int, float],
    tie_breaks: dict[int, list[float]],
    withdrawn: set[int],
    points_first: bool = True,
) -> list[Row]:
    """The rows, best first: by points then tie-breaks (or, not `points_first`, by the
    tie-breaks alone); level rows share a rank and keep seed order."""

    def key(player: int) -> tuple[float, ...]:
        if not points_first:
            return tuple(tie_breaks[player])
        return (score.get(player, 0.0), *tie_breaks[player])

    order = sorted(entrants, key=lambda player: [-value for value in key(player)])
    rows: list[Row] = []
    for place, player in enumerate(order):
        level = rows and key(rows[-1].player) == key(player)
        rank = rows[-1].rank if level else place + 1
        rows.append(
            Row(
                rank, player, score.get(player, 0.0), tuple(tie_breaks[player]), player in withdrawn
            )
        )
    return rows


def swiss_tie_breaks(
    entrants: list[int], counted: list[Played], score: dict[int, float], n: int
) -> dict[int, list[float]]:
    """Buchholz cut-1 and Sonneborn-Berger, unplayed rounds as FIDE counts them."""
    by_round: dict[int, dict[int, Played]] = defaultdict(dict)
    games_points: dict[int, float] = defaultdict(float)
    games_played: dict[int, int] = defaultdict(int)
    for played in counted:
        for player in played.players:
            by_round[player][played.round] = played
            if played.is_game:
                games_points[player] += played.points_of(player)
                games_played[player] += 1

    def as_opponent(player: int) -> float:
        # every unplayed round of theirs counted as a draw
        return games_points[player] + 0.5 * (n - games_played[player])

    tie_breaks: dict[int, list[float]] = {}
    for player in entrants:
        before = 0.0
        contributions: list[tuple[float, float]] = []  # (opponent's score, points scored)
        for r in range(1, n + 1):
            record = by_round[player].get(r)
            scored = record.points_of(player) if record is not None else 0.0
            opponent = record.opponent_of(player) if record is not None else None
            if record is not None and record.is_game and opponent is not None:
                contributions.append((as_opponent(opponent), scored))
            else:
                contributions.append((before + (1 - scored) + 0.5 * (n - r), scored))
            before += scored
        buchholz = [value for value, _ in contributions]
        cut = sum(buchholz) - min(buchholz, default=0.0)
        sonneborn = sum(value * scored for value, scored in contributions)
        tie_breaks[player] = [cut, sonneborn]
    return tie_breaks


def round_robin_tie_breaks(
    entrants: list[int], counted: list[Played], score: dict[int, float], n: int
) -> dict[int, list[float]]:
    """Sonneborn-Berger against real opponents' actual scores."""
    sonneborn: dict[int, float] = defaultdict(float)
    for played in counted:
        if played.second is None:
            continue
        for player in played.players:
            opponent = played.opponent_of(player)
            assert opponent is not None
            sonneborn[player] += score.get(opponent, 0.0) * played.points_of(player)
    return {player: [sonneborn[player]] for player in entrants}


def direct_encounter(
    entrants: list[int],
    counted: list[Played],
    score: dict[int, float],
    tie_breaks: dict[int, list[float]],
) -> None:
    """Adds direct encounter to each player's tie-breaks."""
    level: dict[tuple[float, ...], list[int]] = defaultdict(list)
    for player in entrants:
        level[(score.get(player, 0.0), *tie_breaks[player])].append(player)
    for group in level.values():
        members = set(group)
        met: set[frozenset[int]] = set()
        against: dict[int, float] = defaultdict(float)
        for played in counted:
            if played.second is not None and played.first in members and played.second in members:
                met.add(frozenset((played.first, played.second)))
                for player in played.players:
                    against[player] += played.points_of(player)
        everyone_met = len(met) == len(group) * (len(group) - 1) // 2
        for player in group:
            tie_breaks[player].append(against[player] if everyone_met and len(group) > 1 else 0.0)


def by_points_with(tie_breaks: TieBreaks) -> Standings:
    """A format's standings by points, then `tie_breaks` (`by_points`)."""

    def standings(
        entrants: list[int],
        history: Sequence[Played],
        withdrawn: Mapping[int, int],
        rounds: int | None,
    ) -> list[Row]:
        return by_points(entrants, history, withdrawn, rounds, tie_breaks)

    return standings
