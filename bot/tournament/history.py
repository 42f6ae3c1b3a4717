"""What an event's rounds are made of: the pairings made and the games they gave.

An event's whole record is its entrants in seed order (by the server's rating when it
starts) plus a list of `Played`, one per game, bye and forfeit: every pairing, the next
round's and the standings are worked out from these by the functions of this package.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass


class TournamentError(ValueError):
    """A request the tournament rules cannot answer; `str(error)` is a full sentence."""


@dataclass(frozen=True)
class Pairing:
    """Two players to meet, `first` moving first (seat A); `second` None: a bye for `first`."""

    first: int
    second: int | None

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def players(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)


@dataclass(frozen=True)
class Played:
    """One game of the event, a bye, or a forfeit.

    `points` are first's: 1, 0.5 or 0 (second scores 1 - points); None while the game is
    being played. A bye (`second` None) scores 1. A forfeit (`forfeit=True`) is a pairing
    decided without a game: points 1 if `second` forfeited, 0 if `first` did; it counts as a
    meeting of the two (never paired again in a Swiss) but not as a game (no seat, and in
    a Swiss's tie-breaks it is an unplayed round). When both sides of a pairing forfeit,
    nothing is recorded.
    """

    round: int
    first: int
    second: int | None
    points: float | None
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.round < 1:
            raise TournamentError(f"Round {self.round} is not a round: rounds count from 1.")
        if self.points not in (None, 0, 0.5, 1):
            raise TournamentError(f"{self.points} is not a result: points are 1, 0.5 or 0.")
        if self.second is None and self.points not in (None, 1):
            raise TournamentError(f"A bye scores 1 point, not {self.points}.")
        if self.second == self.first:
            raise TournamentError(f"Player {self.first} cannot play themselves.")
        if self.forfeit and (self.second is None or self.points == 0.5):
            raise TournamentError("A forfeit is won by one of two players.")

    @property
    def finished(self) -> bool:
        return self.points is not None

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def is_game(self) -> bool:
        """A game was (or is being) played: not a bye, not a forfeit."""
        return self.second is not None and not self.forfeit

    @property
    def players(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)

    def points_of(self, player: int) -> float:
        """The points `player` scored here (0 while it is being played)."""
        if self.points is None:
            return 0.0
        if player == self.first:
            return float(self.points)
        if player == self.second:
            return 1.0 - self.points
        raise TournamentError(f"Player {player} is not in this pairing.")

    def opponent_of(self, player: int) -> int | None:
        return self.second if player == self.first else self.first


def settle(
    round: int, pairings: Sequence[Pairing], withdrawn: Collection[int] = ()
) -> tuple[list[Pairing], list[Played]]:
    """Split a round's pairings into the games to play and the results settled at once.

    A bye is settled as 1 point. A pairing with one withdrawn player is settled as a forfeit
    won by the other; with both withdrawn, nothing is recorded. So no game is ever made for a
    withdrawn (or removed) player. Round robin and knockout rounds go through here (their
    tables and brackets were made before anyone withdrew); a Swiss round pairs only active
    players, so only its bye is settled.
    """
    games: list[Pairing] = []
    settled: list[Played] = []
    out = set(withdrawn)
    for pairing in pairings:
        first, second = pairing.first, pairing.second
        if second is None:
            if first not in out:
                settled.append(Played(round, first, None, 1.0))
        elif first in out and second in out:
            continue
        elif first in out or second in out:
            points = 0.0 if first in out else 1.0
            settled.append(Played(round, first, second, points, forfeit=True))
        else:
            games.append(pairing)
    return games, settled


def check_players(players: Iterable[int], what: str = "players") -> list[int]:
    """The players as a list, refused if one is listed twice."""
    listed = list(players)
    seen: set[int] = set()
    for player in listed:
        if player in seen:
            raise TournamentError(f"Player {player} is listed twice in the {what}.")
        seen.add(player)
    return listed
