"""The rules of a server's Caravan events, as pure functions: no Discord, no database.

Formats: each a `Format` (`format`) made by its own module (swiss, round_robin,
knockout, arena) and registered in `formats.FORMATS`; nothing else names one. An event is
its entrants in seed order, its records (`Played`) and the round each withdrawn player left
in; from them these functions give each round's pairings, where a knockout stands, and the
standings. The service that
runs events stores those and asks; nothing here calls back.

- `history`: the values (`Played`, `Pairing`), `settle` (a round's byes and forfeits).
- `pairing`: Swiss rounds (a maximum weight matching) and round robins (Berger tables).
- `knockout`: the seeded bracket and each match's next game.
- `standings`: points and tie-breaks.
- `format`, `formats`: what a format is, and the registry of them.
"""

from bot.tournament.format import Format, Progress, Row, Step
from bot.tournament.formats import FORMATS, format_named, next_step, planned_rounds, standings
from bot.tournament.history import Pairing, Played, TournamentError, settle
from bot.tournament.knockout import (
    Bracket,
    MatchState,
    bracket_size,
    knockout,
    knockout_match,
    knockout_rounds,
    knockout_slots,
    seed_order,
)
from bot.tournament.pairing import berger_rounds, default_rounds, points, swiss_order, swiss_round
from bot.tournament.standings import counted_rounds

__all__ = [
    "FORMATS",
    "Bracket",
    "Format",
    "MatchState",
    "Pairing",
    "Played",
    "Progress",
    "Row",
    "Step",
    "TournamentError",
    "berger_rounds",
    "bracket_size",
    "counted_rounds",
    "default_rounds",
    "format_named",
    "knockout",
    "knockout_match",
    "knockout_rounds",
    "knockout_slots",
    "next_step",
    "planned_rounds",
    "points",
    "seed_order",
    "settle",
    "standings",
    "swiss_order",
    "swiss_round",
]
