"""What a tournament format is: `Format`, one record of everything that differs between
formats (its words, the fewest entrants, its rounds, its tie-breaks, what it does next, its
standings, whether it is drawn as a bracket), and the values its rules work on and give
back (`Progress`, `Step`, `Row`). Each format is one module that makes its `Format`; the
registry of them is `bot.tournament.formats.FORMATS`. Pure: no Discord, no database."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from bot.i18n import Text
from bot.tournament.history import Pairing, Played, settle


@dataclass(frozen=True)
class Progress:
    """An event as its rules see it: every entrant in seed order (best first), every record
    so far, each withdrawn player and the round they left in, the round being played (0:
    about to start) and the rounds it has; for a timed format, the clock, its end and who
    paused."""

    seeded: Sequence[int]
    history: Sequence[Played]
    withdrawn: Mapping[int, int]
    round: int
    rounds: int
    # a timed format's (an arena's): the time now and when its window ends (None: not
    # started), and the entrants who paused (not paired until they come back)
    now: float = 0.0
    ends_at: float | None = None
    paused: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Step:
    """What to write: games to start and records settled without a game (byes, forfeits),
    all in `round`; `finished`: the event is over (nothing else to write)."""

    round: int
    games: tuple[Pairing, ...] = ()
    settled: tuple[Played, ...] = ()
    finished: bool = False


@dataclass(frozen=True)
class Row:
    """One line of the standings. `tie_breaks` are in the order the format's `tie_breaks`
    names them; for a knockout, the champion's round counts one more than the final's."""

    rank: int
    player: int
    points: float
    tie_breaks: tuple[float, ...]
    withdrawn: bool = False


# (entrants in seed order, records, withdrawn players and their round, rounds counted
# (None: every finished round)) -> the standings, best first
Standings = Callable[[list[int], Sequence[Played], Mapping[int, int], "int | None"], list[Row]]


@dataclass(frozen=True)
class Format:
    """A tournament format, as every part of the bot reads it.

    - `key`: stored with each event and chosen in `/caravan tournament create format:`.
    - Words (sentences with placeholders, said in each reader's language): `title` ("Swiss"),
      `counted` ("a Swiss of {rounds} rounds of {game}"), `open_ended` (before its rounds
      are known: "a Swiss of {game}"), `after_round` ("Swiss · after round {round}") and
      `final` ("Swiss · final standings") for its standings' picture; `too_few` ("A Swiss
      needs {fewest} entrants; it has {count}.") and `bounds` ("A Swiss takes {fewest} to
      {most} entrants at most.").
    - `fewest`: the fewest entrants it starts with.
    - `chosen_rounds`: the organiser may choose its number of rounds (else it has its own).
    - `planned_rounds(entrants, asked)`: how many rounds it has (`asked`: the organiser's
      number, else the default for that many entrants).
    - `tie_breaks`: the names of its tie-breaks, in order (`bot.views.events` says them).
    - `next_step(progress)`: what it does next (`Step`), None while its games are played.
    - `standings(...)`: its standings (`Standings`).
    - `byes(progress)`: who sits out the round being played.
    - `bye_scores`: a bye is a point (Swiss, round robin) rather than a pass to the next
      round (knockout).
    - `bracket`: its picture is a bracket (else a table of standings).
    - `timed`: it runs for a window of time (`Tournament.window_seconds`) rather than in
      rounds: entrants may join while it runs and pause, each is paired again as soon as
      their game ends, and it ends when its window does (an arena).
    """

    key: str
    title: Text
    counted: Text
    open_ended: Text
    after_round: Text
    final: Text
    too_few: Text
    bounds: Text
    fewest: int
    chosen_rounds: bool
    planned_rounds: Callable[[int, int], int]
    tie_breaks: tuple[str, ...]
    next_step: Callable[[Progress], Step | None]
    standings: Standings
    byes: Callable[[Progress], list[int]]
    bye_scores: bool = True
    bracket: bool = False
    timed: bool = False


def board_byes(progress: Progress) -> list[int]:
    """The round's byes as its records hold them: a board of one player."""
    return [p.first for p in progress.history if p.round == progress.round and p.second is None]


def in_rounds(progress: Progress, pairings: Callable[[Progress], list[Pairing]]) -> Step | None:
    """The next step of a format played in whole rounds: None while the round's games are
    being played; the end after the last round (or once fewer than two players are left);
    else the next round, `pairings(progress)` with a withdrawn player's settled as a
    forfeit, never made a game (`settle`)."""
    if any(p.points is None for p in progress.history if p.round == progress.round):
        return None
    active = [player for player in progress.seeded if player not in progress.withdrawn]
    if progress.round >= progress.rounds or (progress.round > 0 and len(active) < 2):
        return Step(progress.round, finished=True)
    following = progress.round + 1
    games, settled = settle(following, pairings(progress), progress.withdrawn)
    return Step(following, tuple(games), tuple(settled))


def round_by_round(
    pairings: Callable[[Progress], list[Pairing]],
) -> Callable[[Progress], Step | None]:
    """The next step of a format played in whole rounds, each paired by `pairings`
    (`in_rounds`)."""
    return lambda progress: in_rounds(progress, pairings)
