"""What an event does next, from its record: nothing yet (games are being played), more
games in the round being played (a knockout's replays), the next round, or its end.

The service asks this after every game of the event ends, and its minute sweep asks it of
every running event (a process may have stopped between a game's end and the next round):
the answer depends only on the record, so every process that asks gets the same one, and
the store writes it once (guarded by the event's version).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.tournament.history import Pairing, Played, TournamentError, settle
from bot.tournament.knockout import knockout
from bot.tournament.pairing import berger_rounds, swiss_order, swiss_round
from bot.tournament.standings import FORMATS


@dataclass(frozen=True)
class Step:
    """What to write: games to start and records settled without a game (byes, forfeits),
    all in `round`; `finished`: the event is over (nothing else to write)."""

    round: int
    games: tuple[Pairing, ...] = ()
    settled: tuple[Played, ...] = ()
    finished: bool = False


def planned_rounds(format: str, entrants: int, swiss_rounds: int) -> int:
    """How many rounds the event has: the Swiss's as set, a round robin's Berger tables, a
    knockout's log2 of its bracket."""
    if format == "swiss":
        return swiss_rounds
    if format == "round-robin":
        return entrants - 1 if entrants % 2 == 0 else entrants
    if format == "knockout":
        return max(1, (entrants - 1).bit_length())
    raise TournamentError(f"{format!r} is not a format: {', '.join(FORMATS)}.")


def next_step(
    format: str,
    seeded: Sequence[int],
    history: Sequence[Played],
    withdrawn: Mapping[int, int],
    round: int,
    rounds: int,
) -> Step | None:
    """The next thing to write for an event in round `round` (0: about to start) of
    `rounds`, or None while its games are being played.

    `seeded` is every entrant, best first; `history` every record so far; `withdrawn` each
    withdrawn player and the round they left in. A pairing with a withdrawn player is
    settled as a forfeit, never made a game (`settle`)."""
    if format == "knockout":
        return _knockout(seeded, history, withdrawn)
    if any(played.points is None for played in history if played.round == round):
        return None
    active = [player for player in seeded if player not in withdrawn]
    if round >= rounds or (round > 0 and len(active) < 2):
        return Step(round, finished=True)
    following = round + 1
    if format == "swiss":
        pairings = swiss_round(swiss_order(seeded, history, withdrawn), history)
    elif format == "round-robin":
        pairings = berger_rounds(seeded)[round]
    else:
        raise TournamentError(f"{format!r} is not a format: {', '.join(FORMATS)}.")
    games, settled = settle(following, pairings, withdrawn)
    return Step(following, tuple(games), tuple(settled))


def _knockout(
    seeded: Sequence[int], history: Sequence[Played], withdrawn: Mapping[int, int]
) -> Step | None:
    bracket = knockout(seeded, history, withdrawn)
    if bracket.over:
        return Step(bracket.round, finished=True)
    if not bracket.next_games:
        return None  # every undecided match has a game being played
    return Step(max(bracket.round, 1), bracket.next_games)
