"""Random-playout invariants over 10,000 seeded games spread over every preset and jokers
option (OpenSpiel's random_sim_test): every game ends, no card is created or lost, hands
hold 5 cards after the opening while the deck lasts, every generated move applies, moves
not generated are refused, positions round-trip through JSON, and rules + seed + moves
replay to the identical state."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Card, Game, IllegalMoveError, Move, Rules
from engine.cards import CARDS
from engine.rules import PRESETS

GAMES = 10_000
CONFIGS = [(preset, jokers) for preset in PRESETS for jokers in (0, 1, 2)]
CHUNKS = 4  # per configuration, so that a parallel runner can spread the work
PER_CHUNK = -(-GAMES // (len(CONFIGS) * CHUNKS))
CHECK_EVERY = 101  # plies between the costly checks (and at the end of every game)


def number_cards(game: Game, seat: str) -> Counter[Card]:
    cards = list(game.hand(seat)) + list(game.deck(seat)) + list(game.discard_pile(seat))
    for n in (1, 2, 3):
        cards.extend(placed.card for placed in game.caravan(seat, n).cards)
    return Counter(card for card in cards if card.is_number)


def all_cards(game: Game) -> Counter[Card]:
    cards: Counter[Card] = Counter()
    for seat in "AB":
        cards.update(game.hand(seat) + game.deck(seat) + game.discard_pile(seat))
        for n in (1, 2, 3):
            for placed in game.caravan(seat, n).cards:
                cards.update((placed.card, *placed.attached))
    return cards


def candidate_moves(game: Game) -> list[Move]:
    """Every move of the mover's hand cards, legal or not, in canonical form."""
    moves: list[Move] = [Move.disband(n) for n in (1, 2, 3)]
    for card in set(game.hand(game.mover)):
        moves.append(Move.discard(card))
        for n in (1, 2, 3):
            if card.is_number:
                moves.append(Move.play(card, n))
                moves.append(Move.disband(n, card))
                continue
            for seat in "AB":
                if card.rank == 12:
                    moves.append(Move.play(card, n, seat))
                    continue
                for index in range(1, len(game.caravan(seat, n).cards) + 2):
                    moves.append(Move.play(card, n, seat, index))
    return moves


def check_costly(
    game: Game, rng: random.Random, start: dict[str, Counter[Card]], everything: Counter[Card]
) -> None:
    for seat in "AB":
        assert number_cards(game, seat) == start[seat]
    assert all_cards(game) == everything
    for side, seat in enumerate("AB"):
        for n in (1, 2, 3):  # the public value made once per change is never stale
            fresh = game.caravans[side][n - 1].copy()
            fresh.shown = None
            assert game.caravan(seat, n) == fresh.public(seat, n)
    assert Game.from_position(game.to_json()) == game
    legal = game.legal_moves()
    assert len(set(legal)) == len(legal)
    legal_set = set(legal)
    for move in legal:
        assert game.validate(move) == move
    candidates = candidate_moves(game)
    before = game.to_json()
    for move in rng.sample(candidates, min(12, len(candidates))):
        if move not in legal_set:
            with pytest.raises(IllegalMoveError):
                game.play(move)
    assert game.to_json() == before  # a refused move changes nothing


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize(("preset", "jokers"), CONFIGS)
def test_random_playouts(preset: str, jokers: int, chunk: int) -> None:
    rules = Rules(preset, jokers)
    for k in range(PER_CHUNK):
        seed = (CONFIGS.index((preset, jokers)) * CHUNKS + chunk) * 100_000 + k
        rng = random.Random(seed)
        game = Game.new(rules, seed)
        start = {seat: number_cards(game, seat) for seat in "AB"}
        everything = all_cards(game)
        while not game.is_over:
            if game.ply % CHECK_EVERY == 0:
                check_costly(game, rng, start, everything)
            mover = game.mover
            event = game.play(rng.choice(game.legal_moves()))
            if event.ply > 6 and game.deck_size(mover) and not game.is_over:
                assert game.hand_size(mover) == 5
            if event.ply == 6:
                assert game.hand_size("A") == game.hand_size("B") == 5
        assert game.ply <= 1000 and game.winner is not None
        check_costly(game, rng, start, everything)
        assert Game.replay(rules, seed, game.moves) == game


def test_the_playouts_cover_ten_thousand_games() -> None:
    assert PER_CHUNK * CHUNKS * len(CONFIGS) >= GAMES
    assert len(CARDS) == 53
