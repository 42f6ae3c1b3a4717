"""The computer's review of a finished game of Decktet Caravan (issue 49), in the shape of
New Vegas's (engine.review, whose `MoveReview` and `GameReview` it returns).

A play is judged from its mover's `DecktetView` alone by hard's search
(engine.decktet.search) on a fixed budget of tries, with no clock, and with randomness drawn
from the game's seed and the play's number. Each try deals the cards the mover has not seen
this hand, makes one play and plays the hand out greedily; what the hand's end is worth to
the mover (`outcome`: in the last hand a win 1, a draw 0.5, a loss 0, nudged by the margin;
before it, the lead it leaves on a curve) averaged over a play's tries is its chance. The
search tries the few plays the greedy score ranks highest; the play made, when it is not
among them or was tried less than `PLAYED_SHARE` of the budget (or than the best play, if
that is fewer), gets tries of its own up to that. A forced play (the only legal one) costs
no search: its chance is the mean of `FORCED_TRIES` tries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from engine.decktet.cards import DECK, points
from engine.decktet.game import SEATS, DecktetGame
from engine.decktet.plays import Play
from engine.decktet.rules import DecktetRules
from engine.decktet.search import outcome, rollout, sample_world, search
from engine.decktet.view import DecktetView
from engine.errors import CaravanError
from engine.review import DIGITS, GameReview, MoveReview, Progress, judge_each, review_rng

DEFAULT_ITERATIONS: Final = 500  # tries a play (benchmarks/README.md, "Reviews")
PLAYED_SHARE: Final = 0.25  # the least share of the budget the play made is tried with
FORCED_TRIES: Final = 8  # tries a forced play's chance is averaged over
WIDTH: Final = 8  # the plays the search tries, by the greedy score (hard's)


def review_decktet_game(
    rules: DecktetRules,
    seed: int,
    moves: Sequence[str],
    *,
    iterations: int = DEFAULT_ITERATIONS,
    progress: Progress | None = None,
) -> GameReview:
    """The review of the game `rules + seed + moves`: each play judged from its mover's
    view with `iterations` tries; `progress(done, total)` after each."""
    return review_plays(
        DecktetGame.new(rules, seed), moves, key=seed, iterations=iterations, progress=progress
    )


def review_plays(
    game: DecktetGame,
    moves: Sequence[str],
    *,
    key: int | str,
    iterations: int = DEFAULT_ITERATIONS,
    progress: Progress | None = None,
) -> GameReview:
    """The review of `moves` played from `game` (left as it is), the randomness of play
    `ply` (its index in `moves`) drawn from `key` and `ply`."""

    def judged(view: DecktetView, play: Play, ply: int) -> MoveReview:
        return judge(view, play, ply, key=key, iterations=iterations)

    return judge_each(game, moves, judged, progress)


def review_move(
    rules: DecktetRules,
    seed: int,
    moves: Sequence[str],
    ply: int,
    *,
    iterations: int = DEFAULT_ITERATIONS,
) -> MoveReview:
    """Play `ply` of the game `rules + seed + moves` judged alone, as `review_decktet_game`
    judges it (for a worker that judges a game a play at a time)."""
    if not 0 <= ply < len(moves):
        raise CaravanError(f"The game has {len(moves)} plays; there is no play {ply}.")
    game = DecktetGame.replay(rules, seed, moves[:ply])
    play = game.validate(moves[ply])
    return judge(game.view(game.mover), play, ply, key=seed, iterations=iterations)


def judge(
    view: DecktetView, played: Play, ply: int, *, key: int | str, iterations: int
) -> MoveReview:
    """`played` (a legal play of `view`'s seat, which is to move) judged from `view` alone,
    with `iterations` tries and randomness from `key` and `ply`."""
    seat = view.seat
    if seat is None or not view.my_turn or played not in view.legal_moves:
        raise CaravanError(f"{played} is not a play of the seat to move in this view.")
    rng = review_rng(key, ply)
    worth = {card: points(card, view.indicators) for card in DECK}
    mover = SEATS.index(seat)

    def tried(times: int) -> float:
        """The total of `times` tries of `played`."""
        total = 0.0
        for _ in range(times):
            world = sample_world(view, rng)
            world.play(played)
            rollout(world, worth, rng)
            total += outcome(world, mover, view.rules.hands)
        return total

    if len(view.legal_moves) == 1:
        chance = round(tried(FORCED_TRIES) / FORCED_TRIES, DIGITS)
        return MoveReview(ply, seat, str(played), str(played), chance, chance, forced=True)
    tries = search(view, rng, iterations=max(1, iterations), width=WIDTH)
    best = tries.best()
    at = tries.plays.index(best)
    best_chance = tries.totals[at] / tries.visits[at]
    visits = total = 0.0
    if played in tries.plays:
        at = tries.plays.index(played)
        visits, total = tries.visits[at], tries.totals[at]
    wanted = min(max(tries.visits), max(1, round(PLAYED_SHARE * iterations)))
    if visits < wanted:
        total += tried(int(wanted - visits))
        visits = wanted
    return MoveReview(
        ply,
        seat,
        str(played),
        str(best),
        round(best_chance, DIGITS),
        round(total / visits, DIGITS),
    )
