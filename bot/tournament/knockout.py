"""Knockout: a bracket seeded by the server's rating, byes to the top seeds.

The bracket has room for the next power of two; seeds are placed the standard way (1 v 16,
8 v 9, 5 v 12, 4 v 13, ... for 16), so the top seeds meet last and, when the bracket is not
full, the missing seeds' places are the top seeds' byes. Each round pairs the winners of
neighbouring matches. A match is won by the first decisive game: a drawn game is replayed
with the seats swapped, as often as it takes. A forfeit decides it, and a player who
withdraws (or is removed) loses the match they are in or come to; if both players of a
match are gone, nobody advances and the next opponent has a bye.

Everything is worked out again from the seeds, the records and the round each withdrawn
player left in (`knockout`), so the bracket needs storing no more than a game's position
does. The round matters: a player who leaves in round 3 keeps the matches they won before,
whether by a game, a bye or a withdrawal.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from bot.i18n import _
from bot.tournament.format import Format, Progress, Row, Step
from bot.tournament.history import Pairing, Played, TournamentError, check_players
from bot.tournament.pairing import points
from bot.tournament.standings import ranked


def bracket_size(entrants: int) -> int:
    """Places in the bracket: the smallest power of two that holds every entrant."""
    if entrants < 2:
        raise TournamentError(f"A knockout needs two players or more, not {entrants}.")
    return 1 << (entrants - 1).bit_length()


def knockout_rounds(entrants: int) -> int:
    """Rounds to a champion: log2 of the bracket's size."""
    return bracket_size(entrants).bit_length() - 1


def seed_order(size: int) -> list[int]:
    """Seeds (1 the best) in bracket order: places 2k and 2k + 1 meet in round 1."""
    order = [1]
    while len(order) < size:
        order = [seed for top in order for seed in (top, 2 * len(order) + 1 - top)]
    return order


def knockout_slots(seeded: Sequence[int]) -> list[int | None]:
    """Round 1's bracket: the players (best first in `seeded`) in bracket order, None where
    a seed is missing, which is always a top seed's opponent: a bye."""
    players = check_players(seeded, "seeds")
    return [
        players[seed - 1] if seed <= len(players) else None
        for seed in seed_order(bracket_size(len(players)))
    ]


@dataclass(frozen=True)
class MatchState:
    """Where a knockout match stands.

    `decided`: nothing more to play; `winner` advances (None when both players are gone).
    `next_game`: the seats of the game to start now (None when decided, or while a game of
    the match is being played).
    """

    decided: bool
    winner: int | None
    next_game: Pairing | None


def knockout_match(
    match: Pairing, games: Sequence[Played], withdrawn: Collection[int] = ()
) -> MatchState:
    """Where a match stands, from its games so far in the order played.

    `match.first` is the better seed, who moves first in the first game; each drawn game is
    followed by one with the seats swapped. A bye is won at once (unless its player is gone).
    """
    first, second = match.first, match.second
    gone = set(withdrawn)
    if second is None:
        return MatchState(True, None if first in gone else first, None)
    last: Played | None = None
    playing = False
    for game in games:
        if {game.first, game.second} != {first, second}:
            raise TournamentError(
                f"Round {game.round}'s game of {game.first} and {game.second} is not part "
                f"of the match of {first} and {second}."
            )
        if game.points is None:
            playing = True
            continue
        if game.points != 0.5:
            winner = game.first if game.points == 1 else game.second
            return MatchState(True, winner, None)
        last = game
    if first in gone or second in gone:
        stays = [player for player in (first, second) if player not in gone]
        return MatchState(True, stays[0] if stays else None, None)
    if playing:
        return MatchState(False, None, None)
    if last is None:
        return MatchState(False, None, Pairing(first, second))
    assert last.second is not None  # a drawn game has two players
    return MatchState(False, None, Pairing(last.second, last.first))


@dataclass(frozen=True)
class Bracket:
    """A knockout as it stands.

    `round`: the round being played (the last one played once it is over). `matches`: that
    round's matches in bracket order, the better seed first; `Pairing(player, None)` is a
    bye. `states`: where each of them stands. `next_games`: the games to start now, seats
    given (one for each undecided match with no game being played). `champion`: once the
    final is decided (None if both finalists were gone). `reached`: the last round each
    entrant played or is playing, or was due to play when they withdrew. `over`: the final
    is decided.
    """

    round: int
    matches: tuple[Pairing, ...]
    states: tuple[MatchState, ...]
    next_games: tuple[Pairing, ...]
    champion: int | None
    reached: Mapping[int, int]
    over: bool  # the final is decided
    # every round so far, the current one last: its matches and where each stands (for
    # drawing the bracket)
    rounds: tuple[tuple[tuple[Pairing, MatchState], ...], ...] = ()


def knockout(
    seeded: Sequence[int], history: Sequence[Played], withdrawn: Mapping[int, int] | None = None
) -> Bracket:
    """The bracket from its seeds (every entrant, best first), the event's records and
    `withdrawn`: each withdrawn or removed player and the round they left in (they lose
    their match of that round unless a game already decided it, and play no later one).

    A match's games are the records of its round between its two players, in the order of
    `history`.
    """
    left = dict(withdrawn or {})
    slots = knockout_slots(seeded)
    seed = {player: index for index, player in enumerate(seeded)}
    reached = dict.fromkeys(seed, 1)
    round_ = 1
    drawn: list[tuple[tuple[Pairing, MatchState], ...]] = []
    while True:
        gone = {player for player, round_left in left.items() if round_left <= round_}
        matches: list[Pairing] = []
        states: list[MatchState] = []
        after: list[int | None] = []
        for a, b in zip(slots[0::2], slots[1::2], strict=True):
            if a is None or b is None:
                present = a if b is None else b
                if present is None:
                    after.append(None)
                    continue
                matches.append(Pairing(present, None))
                states.append(knockout_match(matches[-1], (), gone))
                after.append(states[-1].winner)
                continue
            match = Pairing(a, b) if seed[a] < seed[b] else Pairing(b, a)
            games = [
                game
                for game in history
                if game.round == round_ and {game.first, game.second} == {a, b}
            ]
            state = knockout_match(match, games, gone)
            matches.append(match)
            states.append(state)
            after.append(state.winner if state.decided else None)
        decided = all(state.decided for state in states)
        drawn.append(tuple(zip(matches, states, strict=True)))
        if not decided or len(slots) == 2:
            over = decided  # and this is the final
            next_games = tuple(s.next_game for s in states if s.next_game is not None)
            return Bracket(
                round_,
                tuple(matches),
                tuple(states),
                next_games,
                after[0] if over else None,
                reached,
                over,
                tuple(drawn),
            )
        slots = after
        round_ += 1
        for player in slots:
            if player is not None:
                reached[player] = round_


def _next(progress: Progress) -> Step | None:
    """The games the bracket calls for now (a round's matches, a drawn match's replay),
    the end once the final is decided, or None while every undecided match has a game
    being played."""
    bracket = knockout(progress.seeded, progress.history, progress.withdrawn)
    if bracket.over:
        return Step(bracket.round, finished=True)
    if not bracket.next_games:
        return None
    return Step(max(bracket.round, 1), bracket.next_games)


def _standings(
    entrants: list[int],
    history: Sequence[Played],
    withdrawn: Mapping[int, int],
    rounds: int | None,
) -> list[Row]:
    """The bracket as it stands: the champion, then by the round each reached."""
    bracket = knockout(entrants, history, withdrawn)
    reached = {
        player: [float(bracket.reached[player] + (player == bracket.champion))]
        for player in entrants
    }
    return ranked(entrants, points(history), reached, set(withdrawn), points_first=False)


def _byes(progress: Progress) -> list[int]:
    """The seeds with no opponent in the round being played (they go on at once)."""
    bracket = knockout(progress.seeded, progress.history, progress.withdrawn)
    if bracket.round != progress.round:
        return []
    return [match.first for match in bracket.matches if match.second is None]


KNOCKOUT = Format(
    key="knockout",
    title=_("Knockout"),
    counted=_("a knockout of {rounds} rounds of {game}"),
    open_ended=_("a knockout of {game}"),
    after_round=_("Knockout · after round {round}"),
    final=_("Knockout · final standings"),
    too_few=_("A knockout needs {fewest} entrants; it has {count}."),
    bounds=_("A knockout takes {fewest} to {most} entrants at most."),
    fewest=2,
    chosen_rounds=False,
    planned_rounds=lambda entrants, asked: max(1, (entrants - 1).bit_length()),
    tie_breaks=("round-reached",),
    next_step=_next,
    standings=_standings,
    byes=_byes,
    bye_scores=False,
    bracket=True,
)
