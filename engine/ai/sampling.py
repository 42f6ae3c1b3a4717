"""Determinization: games consistent with everything one seat has seen, and nothing more.

A seat sees its own hand, what is left in its own deck (not the order), both discard
piles, every caravan, and how many cards the opponent holds and has left. The opponent's
hidden cards are then known as a multiset: their deck's cards minus those of theirs that are
in sight. `Sampler.sample(rng)` deals that multiset at random into the opponent's hand and
deck and shuffles the seat's own deck: one possible world the seat cannot tell apart from
the real one (Cowling, Powley and Whitehouse 2012, "determinization").
"""

from __future__ import annotations

import random
from bisect import bisect
from collections import Counter

from engine.caravan import Caravan, CaravanView, parse_caravan
from engine.errors import CaravanError
from engine.game import Game
from engine.rules import Variant
from engine.view import PlayerView


class Sampler:
    """Makes sampled games for `view`'s seat. Built once per decision; `sample` is cheap."""

    __slots__ = (
        "seat",
        "opponent",
        "base",
        "own_deck",
        "unseen",
        "hidden",
        "opponent_hand_size",
        "hands",
        "chances",
    )

    def __init__(self, view: PlayerView) -> None:
        if view.seat is None:
            raise CaravanError("A spectator has no cards to decide with.")
        self.seat = own = 0 if view.seat == "A" else 1
        self.opponent = other = 1 - own
        rules = view.rules
        base = Game(rules)
        base.phase = view.phase
        base.turn = 0 if view.turn == "A" else 1
        base.ply = view.ply
        base.discards = [[c.code for c in view.discards[0]], [c.code for c in view.discards[1]]]
        base.caravans = caravans_of(view.caravans, rules.variant)
        base.hands[own] = [c.code for c in view.hand]
        if view.last is not None:
            base._last = (view.ply, view.last)  # so that a sampled game's view is the view
        self.base = base
        self.own_deck = sorted(c.code for c in view.deck_contents)
        self.unseen = unseen_codes(view)
        self.opponent_hand_size = view.hand_sizes[other]
        self.hidden = view.hand_sizes[other] + view.deck_sizes[other]
        # Hands the opponent may hold, each with its chance (cumulative), once `weigh` has
        # been given them; until then every deal of the unseen cards is equally likely.
        self.hands: list[list[int]] = []
        self.chances: list[float] = []
        if len(self.unseen) < self.hidden:
            raise CaravanError(
                f"The view does not add up: {len(self.unseen)} unseen cards for the opponent's "
                f"{self.hidden} hidden ones."
            )

    def sample(self, rng: random.Random) -> Game:
        """A game this seat cannot tell from the real one, drawn at random (the opponent's
        hand by its chance, once `weigh` has given the hands chances)."""
        game = self.base.copy()
        own_deck = self.own_deck[:]
        shuffle(own_deck, rng)
        game.decks[self.seat] = own_deck
        if self.hands:
            hand = self.hands[bisect(self.chances, rng.random() * self.chances[-1])]
            deck = _without(self.unseen, hand)
            shuffle(deck, rng)
            if len(deck) > self.hidden - len(hand):  # a position set up by hand
                deck = deck[: self.hidden - len(hand)]
            game.hands[self.opponent], game.decks[self.opponent] = hand[:], deck
        else:
            game.hands[self.opponent], game.decks[self.opponent] = self.deal(rng)
        game.seed = rng.getrandbits(52)  # the foxon reshuffle draws from the seed
        return game

    def deal(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """The opponent's hand and deck, dealt at random from the cards the seat has not
        seen."""
        if len(self.unseen) == self.hidden:  # a dealt game: the multiset is exact
            unseen = self.unseen[:]
            shuffle(unseen, rng)
        else:  # a position set up by hand, with fewer cards than a full deck
            unseen = rng.sample(self.unseen, self.hidden)
        size = self.opponent_hand_size
        return unseen[:size], unseen[size:]

    def weigh(self, hands: list[list[int]], weights: list[float]) -> None:
        """From now on, deal the opponent one of `hands`, each as likely as its weight (a
        zero total changes nothing)."""
        total = 0.0
        chances = []
        for weight in weights:
            total += weight
            chances.append(total)
        if total > 0:
            self.hands, self.chances = hands, chances


def caravans_of(seen: tuple[CaravanView, ...], variant: Variant) -> list[list[Caravan]]:
    """The engine's caravans (A's three, then B's) from their public views, A1..B3."""
    return [
        [
            parse_caravan(seen[side * 3 + n].notation, variant.king_adds, variant.queen_sets_suit)
            for n in range(3)
        ]
        for side in (0, 1)
    ]


def _without(cards: list[int], taken: list[int]) -> list[int]:
    """`cards` less one of each of `taken` (a multiset difference)."""
    rest = cards[:]
    for code in taken:
        rest.remove(code)
    return rest


def shuffle(items: list[int], rng: random.Random) -> None:
    """Shuffles `items` in place (Fisher-Yates). `random.shuffle` draws each index bit by bit
    in Python; one `rng.random()` per card gives the compiled search ~8% more iterations a
    second."""
    draw = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(draw() * (i + 1))
        items[i], items[j] = items[j], items[i]


def unseen_codes(view: PlayerView) -> list[int]:
    """The opponent's hand and deck as a sorted multiset of card codes, worked out from the
    seat's view: their deck's cards, less every one of theirs in sight."""
    assert view.seat is not None
    own = 0 if view.seat == "A" else 1
    in_sight: Counter[int] = Counter()
    for pile in view.discards:
        in_sight.update(c.code for c in pile)
    for caravan in view.caravans:
        for placed in caravan.cards:
            in_sight[placed.card.code] += 1
            in_sight.update(c.code for c in placed.attached)
    own_cards = Counter(c.code for c in view.rules.deck(own))
    own_cards.subtract(c.code for c in view.hand)
    own_cards.subtract(c.code for c in view.deck_contents)
    theirs_in_sight = in_sight - +own_cards  # what is in sight and not the seat's own
    hidden = Counter(c.code for c in view.rules.deck(1 - own)) - theirs_in_sight
    return sorted(hidden.elements())
