"""The round robin: everyone meets everyone once, by Berger tables (`pairing.berger_rounds`;
an odd number of entrants gives one bye a round); standings by points, Sonneborn-Berger and
direct encounter."""

from __future__ import annotations

from bot.i18n import _
from bot.tournament.format import Format, Progress, board_byes, round_by_round
from bot.tournament.history import Pairing
from bot.tournament.pairing import berger_rounds
from bot.tournament.standings import by_points_with, round_robin_tie_breaks


def _pairings(progress: Progress) -> list[Pairing]:
    return berger_rounds(progress.seeded)[progress.round]


def _rounds(entrants: int, asked: int) -> int:
    """Berger tables: n - 1 rounds for an even n, n for an odd one (a bye each)."""
    return entrants - 1 if entrants % 2 == 0 else entrants


ROUND_ROBIN = Format(
    key="round-robin",
    title=_("Round robin"),
    counted=_("a round robin of {rounds} rounds of {game}"),
    open_ended=_("a round robin of {game}"),
    after_round=_("Round robin · after round {round}"),
    final=_("Round robin · final standings"),
    too_few=_("A round robin needs {fewest} entrants; it has {count}."),
    bounds=_("A round robin takes {fewest} to {most} entrants at most."),
    fewest=3,
    chosen_rounds=False,
    planned_rounds=_rounds,
    tie_breaks=("sonneborn-berger", "direct-encounter"),
    next_step=round_by_round(_pairings),
    standings=by_points_with(round_robin_tie_breaks),
    byes=board_byes,
)
