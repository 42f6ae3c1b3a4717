"""The tournament formats, registered once: each is a `Format` (`bot.tournament.format`)
made by its own module. A new format is its module and one line in `_ALL`; everything else
(the create command's choices, sign-up, rounds, standings, words and pictures) reads it
from here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.tournament.arena import ARENA
from bot.tournament.format import Format, Progress, Row, Step
from bot.tournament.history import Played, TournamentError, check_players
from bot.tournament.knockout import KNOCKOUT
from bot.tournament.round_robin import ROUND_ROBIN
from bot.tournament.swiss import SWISS

_ALL: tuple[Format, ...] = (SWISS, ROUND_ROBIN, KNOCKOUT, ARENA)
FORMATS: dict[str, Format] = {format.key: format for format in _ALL}


def format_named(key: str) -> Format:
    """The format stored as `key`; `TournamentError` for one not registered."""
    found = FORMATS.get(key)
    if found is None:
        raise TournamentError(f"{key!r} is not a format: one of {', '.join(FORMATS)}.")
    return found


def standings(
    format: str,
    players: Sequence[int],
    history: Sequence[Played],
    withdrawn: Mapping[int, int] | None = None,
    rounds: int | None = None,
) -> list[Row]:
    """The standings of every entrant (`players`, in seed order), best first, as the
    format ranks them. `withdrawn`: each withdrawn or removed player and the round they
    left in. Counts rounds 1 to `rounds` (default: every round up to the first with a game
    still being played), where the format counts rounds. `TournamentError` for a format
    not in `FORMATS`."""
    found = format_named(format)
    return found.standings(check_players(players), history, dict(withdrawn or {}), rounds)


def next_step(
    format: str,
    seeded: Sequence[int],
    history: Sequence[Played],
    withdrawn: Mapping[int, int],
    round: int,
    rounds: int,
) -> Step | None:
    """The next thing to write for an event in round `round` (0: about to start) of
    `rounds`, or None while its games are being played (`Format.next_step`)."""
    return format_named(format).next_step(Progress(seeded, history, withdrawn, round, rounds))


def planned_rounds(format: str, entrants: int, asked: int) -> int:
    """How many rounds the event has (`asked`: a Swiss's as set, or its default)."""
    return format_named(format).planned_rounds(entrants, asked)
