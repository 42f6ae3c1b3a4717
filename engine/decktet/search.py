"""Decktet Caravan's search player (`hard`): Monte Carlo over what the seat cannot see.

Each iteration deals a world the seat cannot tell from the real one (`sample_world`: the
cards it has not seen, split at random into the opponent's hand and the four set aside,
two Aces or Crowns and two numbered, as D1 deals them), tries one of the seat's plays there
(chosen by UCB1 among the few the greedy score ranks highest), and plays the rest of the
hand out with both players choosing by the greedy score (`rollout`). The hand's result
scores the try: in the last hand whether the seat wins the game, before it the margin the
seat would lead by. The play most tried is the one chosen; the search stops early once no
other can catch up with it in the tries left.

Why this shape: the game's plays depend only on the mover's hand and the last play, so
every world offers the seat the same plays at the root; and a climbing game's value lies
in what the opponent can answer, which greedy (that scores a play as if the season ended
after it) never asks and a played-out hand does. The next hand's deal is never looked at:
the sampled world has a seed of its own, and a try stops where its hand ends.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from engine.decktet.cards import DECK, DCard, points
from engine.decktet.game import DecktetGame
from engine.decktet.greedy import play_score
from engine.decktet.plays import Play, legal_plays
from engine.decktet.view import DecktetView
from engine.errors import CaravanError

SEATS = ("A", "B")
ASIDE_WILDS = ASIDE_NUMBERED = 2  # D1: set aside unseen, each hand
EXPLORATION = 0.5  # UCB1's constant, rewards being in [0, 1]
SETTLE_MARGIN = 1.5  # how much faster than so far the time left might run tries
MARGIN_SCALE = 6.0  # points of lead that make a hand before the last "clearly won"


def sample_world(view: DecktetView, rng: random.Random) -> DecktetGame:
    """A game the seat of `view` cannot tell from the real one: the cards it has not seen
    this hand dealt at random to the opponent's hand and the four set aside (D1: two
    wilds and two numbered). Its seed is drawn here, never the real game's."""
    if view.seat is None:
        raise CaravanError("A spectator has no seat to search for.")
    seat = SEATS.index(view.seat)
    other = 1 - seat
    seen = {*view.hand, *view.indicators, *view.collected[0], *view.collected[1]}
    for _, play in view.season:
        seen.update(play.cards)
    unseen = [card for card in DECK if card not in seen]
    wilds = [card for card in unseen if card.is_wild]
    numbered = [card for card in unseen if not card.is_wild]
    rng.shuffle(wilds)
    rng.shuffle(numbered)
    aside = wilds[:ASIDE_WILDS] + numbered[:ASIDE_NUMBERED]
    theirs = sorted(wilds[ASIDE_WILDS:] + numbered[ASIDE_NUMBERED:])
    if len(theirs) != view.hand_sizes[other]:
        raise CaravanError("The view's counts do not add up to a Decktet deal.")
    game = DecktetGame(view.rules, f"sampled:{rng.getrandbits(64)}")
    game.hand_number = view.hand_number
    game.hands[seat] = sorted(view.hand)
    game.hands[other] = theirs
    game.aside = aside
    game.indicators = view.indicators
    game.season = [(SEATS.index(who), play) for who, play in view.season]
    game.collected = [list(view.collected[0]), list(view.collected[1])]
    game.turn = SEATS.index(view.turn)
    game.leader = SEATS.index(view.leader)
    game.out = SEATS.index(view.went_out) if view.went_out is not None else -1
    game.totals = [view.totals[0], view.totals[1]]
    game.results = list(view.results)
    game.ply = view.ply
    return game


def scores(game: DecktetGame, plays: list[Play], worth: dict[DCard, int]) -> list[float]:
    """The greedy score (engine.decktet.greedy.play_score) of each of `plays` for the mover
    of `game`."""
    hand = game.hands[game.turn]
    last = game.last_play
    season = sum(worth[card] for _, play in game.season for card in play.cards)
    opponent = len(game.hands[1 - game.turn])
    return [play_score(play, len(hand), last, season, worth, opponent) for play in plays]


def ranked(game: DecktetGame, plays: list[Play], worth: dict[DCard, int]) -> list[Play]:
    """`plays` best first by the greedy score in `game` (ties in the order given)."""
    scored = scores(game, plays, worth)
    order = sorted(range(len(plays)), key=lambda i: -scored[i])
    return [plays[i] for i in order]


def rollout(game: DecktetGame, worth: dict[DCard, int], rng: random.Random) -> None:
    """Play `game` to the end of its hand, both players choosing by the greedy score (ties
    at random)."""
    hand_number = game.hand_number
    while not game.is_over and game.hand_number == hand_number:
        plays = legal_plays(game.hands[game.turn], game.last_play)
        if len(plays) == 1:
            game.play(plays[0])
            continue
        scored = [value + rng.random() * 1e-3 for value in scores(game, plays, worth)]
        game.play(plays[max(range(len(plays)), key=scored.__getitem__)])


def outcome(game: DecktetGame, seat: int, hands: int) -> float:
    """What the finished hand of `game` is worth to `seat`, in [0, 1]: in the game's last
    hand, a win (1), draw (0.5) or loss (0), with the margin breaking near-ties a little;
    before it, the lead it leaves, on a curve that flattens as it grows and as more hands
    are left to play."""
    totals = game.results[-1].totals
    margin = totals[seat] - totals[1 - seat]
    left = hands - game.results[-1].number
    smooth = 1.0 / (1.0 + math.exp(-margin / (MARGIN_SCALE * math.sqrt(left + 1))))
    if left > 0:
        return smooth
    step = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return 0.9 * step + 0.1 * smooth


@dataclass(frozen=True)
class Tries:
    """What a search found: each play it tried, how often, and its tries' total score
    (each in [0, 1], for the seat to move; `outcome`)."""

    plays: list[Play]
    visits: list[int]
    totals: list[float]

    def best(self) -> Play:
        """The play tried most (the larger total breaks a tie): the search's choice."""
        index = max(range(len(self.plays)), key=lambda i: (self.visits[i], self.totals[i]))
        return self.plays[index]


def search(
    view: DecktetView,
    rng: random.Random,
    *,
    iterations: int,
    seconds: float | None = None,
    width: int = 8,
) -> Tries:
    """The tries of `SearchPlayer.choose` (see the module) over `view`'s legal plays: at
    most `iterations` of them, for at most `seconds`, over the `width` plays the greedy
    score ranks highest (passing always among them)."""
    plays = list(view.legal_moves)
    seat = SEATS.index(view.turn)
    worth = {card: points(card, view.indicators) for card in DECK}
    first = sample_world(view, rng)
    candidates = ranked(first, plays, worth)[:width]
    pass_play = next((play for play in plays if play.is_pass), None)
    if pass_play is not None and pass_play not in candidates:
        candidates[-1] = pass_play  # passing is always worth asking about
    visits = [0] * len(candidates)
    totals = [0.0] * len(candidates)
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    for done in range(iterations):
        if done and _settled(visits, iterations - done, deadline, started, done):
            break  # out of time, or no other play can catch up with the most tried
        world = first if done == 0 else sample_world(view, rng)
        index = _pick(visits, totals, done)
        world.play(candidates[index])
        rollout(world, worth, rng)
        visits[index] += 1
        totals[index] += outcome(world, seat, view.rules.hands)
    return Tries(candidates, visits, totals)


@dataclass(frozen=True)
class SearchPlayer:
    """Monte Carlo search over sampled worlds (see the module), for at most `seconds`
    and `iterations` tries, over the `width` plays the greedy score ranks highest."""

    name: str = "search"
    seconds: float | None = 0.5
    iterations: int = 4000
    width: int = 8

    def choose(self, view: DecktetView, rng: random.Random) -> Play:
        plays = view.legal_moves
        if not view.my_turn or not plays:
            raise CaravanError("It is not this seat's turn, so there is no play to choose.")
        if len(plays) == 1:
            return plays[0]
        tries = search(
            view, rng, iterations=self.iterations, seconds=self.seconds, width=self.width
        )
        return tries.best()


def _settled(
    visits: list[int], left: int, deadline: float | None, started: float, done: int
) -> bool:
    """Whether to stop: the time is up, or the most tried play stays the most tried
    however the tries left go (those the time left allows at the rate so far, with a
    margin of half as many again; each try adds one visit to one play). A try costs some
    milliseconds, so the clock is read before each."""
    now = time.perf_counter()
    if deadline is not None:
        if now >= deadline:
            return True
        if now > started:
            left = min(left, math.ceil(SETTLE_MARGIN * done * (deadline - now) / (now - started)))
    first = second = 0
    for count in visits:
        if count > first:
            first, second = count, first
        elif count > second:
            second = count
    return first - second > left


def _pick(visits: list[int], totals: list[float], done: int) -> int:
    """UCB1: an untried play first (in rank order), then the best optimistic mean."""
    for index, count in enumerate(visits):
        if not count:
            return index
    log_done = math.log(done)
    return max(
        range(len(visits)),
        key=lambda i: totals[i] / visits[i] + EXPLORATION * math.sqrt(log_done / visits[i]),
    )
