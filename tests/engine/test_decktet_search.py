"""Decktet Caravan's search player (engine.decktet.search): the worlds it samples look the
same from its seat, it decides from its seat's view alone, and it plays legally to the end."""

from __future__ import annotations

import random

import pytest

from engine.decktet import DECK, DecktetGame
from engine.decktet.ai import RandomPlayer, player_for
from engine.decktet.greedy import GreedyPlayer
from engine.decktet.search import SearchPlayer, sample_world
from tests.decktet_positions import played

# an iteration budget and no clock: the same choice on any machine
SMALL = SearchPlayer(name="small", seconds=None, iterations=60, width=6)


def places(game: DecktetGame) -> list[object]:
    return sorted(
        [
            *game.indicators,
            *game.hands[0],
            *game.hands[1],
            *game.aside,
            *(card for _, play in game.season for card in play.cards),
            *game.collected[0],
            *game.collected[1],
        ]
    )


@pytest.mark.parametrize("seed", range(6))
def test_a_sampled_world_looks_the_same_from_the_seat(seed: int) -> None:
    rng = random.Random(seed)
    game = played(seed, 7 + 9 * seed)
    seat = game.mover
    view = game.view(seat)
    worlds = [sample_world(view, rng) for _ in range(5)]
    for world in worlds:
        assert world.view(seat) == view
        assert places(world) == list(DECK), "every card in exactly one place"
        assert sum(card.is_wild for card in world.aside) == 2 == len(world.aside) - 2  # D1
        assert world.seed != game.seed, "the next hand's deal is not the real one"
    hidden = {tuple(world.hands[1 - game.turn]) for world in worlds}
    assert len(hidden) > 1, "the other hand is sampled, not copied"


def test_the_search_decides_from_its_seats_view_only() -> None:
    """Another split of the cards the seat has not seen (the other hand, the cards aside)
    and another seed do not change the play chosen with the same randomness."""
    checked = 0
    for seed in range(8):
        game = played(seed, 3 + 5 * seed)
        if game.is_over or len(game.legal_moves()) < 2:
            continue
        seat = game.turn
        other = game.copy()
        other.seed = f"another {seed}"
        pool = other.hands[1 - seat] + other.aside
        wilds = [card for card in pool if card.is_wild]
        numbered = [card for card in pool if not card.is_wild]
        shuffler = random.Random(seed)
        shuffler.shuffle(wilds)
        shuffler.shuffle(numbered)
        other.aside = wilds[:2] + numbered[:2]
        other.hands[1 - seat] = sorted(wilds[2:] + numbered[2:])
        assert other.hands[1 - seat] != game.hands[1 - seat] or other.aside != game.aside
        one = SMALL.choose(game.view(game.mover), random.Random(seed))
        two = SMALL.choose(other.view(other.mover), random.Random(seed))
        assert one == two and game.is_legal(one)
        checked += 1
    assert checked >= 5


def test_the_search_plays_legally_to_the_end() -> None:
    game = DecktetGame.new(seed=3)
    rng = random.Random(3)
    seats = {"A": SMALL, "B": RandomPlayer()}
    while not game.is_over:
        view = game.view(game.mover)
        play = seats[game.mover].choose(view, rng)
        assert play in view.legal_moves
        game.play(play)  # validated again


def test_hard_is_the_search_and_beats_greedy() -> None:
    """A regression guard on the search's direction (a sign slip would lose these): four
    seeded games on a small budget. Measured at the bot's budget: benchmarks/README.md."""
    assert isinstance(player_for("hard"), SearchPlayer)
    assert isinstance(player_for("normal"), GreedyPlayer)
    assert isinstance(player_for("easy"), RandomPlayer)
    small = SearchPlayer(name="small", seconds=None, iterations=25, width=6)
    wins = 0.0
    for seed in range(4):
        game = DecktetGame.new(seed=seed)
        rng = random.Random(seed)
        searcher = "A" if seed % 2 == 0 else "B"
        while not game.is_over:
            player = small if game.mover == searcher else GreedyPlayer()
            game.play(player.choose(game.view(game.mover), rng))
        wins += 1 if game.winner == searcher else 0.5 if game.winner == "draw" else 0
    assert wins >= 3
