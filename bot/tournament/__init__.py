"""The rules of a server's Caravan events, as pure functions: no Discord, no database.

Formats: `swiss`, `round-robin` and `knockout`. An event is its entrants in seed order, its
records (`Played`) and the round each withdrawn player left in; from them these functions
give each round's pairings. The service that runs events stores those and asks; nothing
here calls back.

- `history`: the values (`Played`, `Pairing`), `settle` (a round's byes and forfeits).
- `pairing`: Swiss rounds (a maximum weight matching) and round robins (Berger tables).
"""

from bot.tournament.history import Pairing, Played, TournamentError, settle
from bot.tournament.pairing import berger_rounds, default_rounds, points, swiss_order, swiss_round

__all__ = [
    "Pairing",
    "Played",
    "TournamentError",
    "berger_rounds",
    "default_rounds",
    "points",
    "settle",
    "swiss_order",
    "swiss_round",
]
