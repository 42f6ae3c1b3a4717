"""The engine's fast paths change nothing a seed decides.

The engine is tuned for speed (benchmarks/README.md, "The engine"), but a seed must keep
dealing the same cards and the generator must keep listing the same moves in the same order:
the AI's seeded games (its ledger) replay only if both hold. These tests pin both down.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine import Game, Rules
from engine.cards import format_cards, standard_deck
from engine.deal import shuffle
from engine.rules import PRESETS

ORDER = ("new-vegas", "foxon", "caravanthegame", "simple")  # the fingerprints' order


@pytest.mark.parametrize("length", [*range(12), 40, 54, 108, 216, 300])
def test_shuffle_is_randoms_shuffle(length: int) -> None:
    for seed in range(30):
        ours, theirs = list(range(length)), list(range(length))
        ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
        shuffle(ours_rng, ours)
        theirs_rng.shuffle(theirs)
        assert ours == theirs
        assert ours_rng.getstate() == theirs_rng.getstate()


def fingerprint(rules_list: list[Rules], games: int) -> str:
    """A hash of every legal-move list (in order) and every final position of `games`
    random games (random.Random(7) choosing) under each of `rules_list`."""
    digest = hashlib.sha256()
    for rules in rules_list:
        rng = random.Random(7)
        for seed in range(games):
            game = Game.new(rules, seed)
            while not game.is_over:
                moves = game.legal_moves()
                digest.update(",".join(map(str, moves)).encode())
                game.push(rng.choice(moves))
            digest.update(f"{game.winner}{game.end_reason}{game.to_json()}".encode())
    return digest.hexdigest()[:16]


def test_the_generator_lists_the_same_moves_in_the_same_order() -> None:
    # Recorded before the engine's speed work of 2026-11-27 (commit df139e1), from the
    # pure-Python engine; a change here changes every seeded game the AI plays.
    assert sorted(ORDER) == sorted(PRESETS)
    assert fingerprint([Rules(preset) for preset in ORDER], 150) == "d31b11c4f9baaa00"


def test_the_same_with_duplicate_cards() -> None:
    # Custom decks of two standard decks each: a hand can hold the same card twice.
    rules_list = []
    for preset in ORDER:
        deck = format_cards(standard_deck(2, tens=PRESETS[preset].tens) * 2)
        rules_list.append(Rules.parse({"preset": preset, "decks": {"A": deck, "B": deck}}))
    assert fingerprint(rules_list, 60) == "a414f32057689609"
