"""The Swiss: as many rounds as the organiser chooses (by default enough for a clear
winner), each pairing players on equal points who have not met (`pairing.swiss_round`);
standings by points, Buchholz cut-1, Sonneborn-Berger and direct encounter."""

from __future__ import annotations

from bot.i18n import _
from bot.tournament.format import Format, Progress, board_byes, round_by_round
from bot.tournament.history import Pairing
from bot.tournament.pairing import default_rounds, swiss_order, swiss_round
from bot.tournament.standings import by_points_with, swiss_tie_breaks


def _pairings(progress: Progress) -> list[Pairing]:
    order = swiss_order(progress.seeded, progress.history, progress.withdrawn)
    return swiss_round(order, progress.history)


SWISS = Format(
    key="swiss",
    title=_("Swiss"),
    counted=_("a Swiss of {rounds} rounds of {game}"),
    open_ended=_("a Swiss of {game}"),
    after_round=_("Swiss · after round {round}"),
    final=_("Swiss · final standings"),
    too_few=_("A Swiss needs {fewest} entrants; it has {count}."),
    bounds=_("A Swiss takes {fewest} to {most} entrants at most."),
    fewest=3,
    chosen_rounds=True,
    planned_rounds=lambda entrants, asked: min(asked or default_rounds(entrants), entrants - 1),
    tie_breaks=("buchholz-cut-1", "sonneborn-berger", "direct-encounter"),
    next_step=round_by_round(_pairings),
    standings=by_points_with(swiss_tie_breaks),
    byes=board_byes,
)
