"""The deal (R2): each player's shuffle and first eight cards, from the game's random source."""

from __future__ import annotations

import random

from engine.cards import TEN

HAND_SIZE = 8  # R2


def deal(codes: list[int], rng: random.Random, first_three: bool) -> tuple[list[int], list[int]]:
    """R2: shuffle and draw 8 holding at least 3 number cards. Returns hand and deck (top
    first). caravanthegame: each of the first 3 cards drawn must be a number card; a picture
    card drawn there goes back and the deck is shuffled again."""
    deck = codes[:]
    if not first_three:
        while True:
            rng.shuffle(deck)
            if sum(1 for code in deck[:HAND_SIZE] if code >> 2 <= TEN) >= 3:
                return deck[:HAND_SIZE], deck[HAND_SIZE:]
    rng.shuffle(deck)
    hand: list[int] = []
    while len(hand) < HAND_SIZE:
        code = deck.pop(0)
        if len(hand) < 3 and code >> 2 > TEN:
            deck.append(code)
            rng.shuffle(deck)
            continue
        hand.append(code)
    return hand, deck
