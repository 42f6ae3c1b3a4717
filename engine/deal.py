"""The deal (R2): each player's shuffle and first eight cards, from the game's random source."""

from __future__ import annotations

import random
from typing import Final

from engine.cards import TEN

HAND_SIZE: Final = 8  # R2


def shuffle(rng: random.Random, items: list[int]) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` does (CPython's Fisher-Yates
    over `getrandbits`, the same since Python 3.10), so every seed deals what it always has;
    written out here so that it runs compiled with the engine instead of as random.py's
    interpreted loop (a deal's two shuffles were 13% of a compiled random game's time)."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def deal(codes: list[int], rng: random.Random, first_three: bool) -> tuple[list[int], list[int]]:
    """R2: shuffle and draw 8 holding at least 3 number cards. Returns hand and deck (top
    first). caravanthegame: each of the first 3 cards drawn must be a number card; a picture
    card drawn there goes back and the deck is shuffled again."""
    deck = codes[:]
    if not first_three:
        while True:
            shuffle(rng, deck)
            if sum(1 for code in deck[:HAND_SIZE] if code >> 2 <= TEN) >= 3:
                return deck[:HAND_SIZE], deck[HAND_SIZE:]
    shuffle(rng, deck)
    hand: list[int] = []
    while len(hand) < HAND_SIZE:
        code = deck.pop(0)
        if len(hand) < 3 and code >> 2 > TEN:
            deck.append(code)
            shuffle(rng, deck)
            continue
        hand.append(code)
    return hand, deck
