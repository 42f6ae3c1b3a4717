"""A player's view holds everything that seat may see and nothing more."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest

from engine import Game, Rules
from engine.rules import PRESETS
from engine.undo import take_back, try_move


def played(seed: int, plies: int) -> Game:
    game = Game.new(Rules(), seed)
    rng = random.Random(seed)
    for _ in range(plies):
        game.play(rng.choice(game.legal_moves()))
    return game


def test_view_has_own_hand_and_public_table_only() -> None:
    game = played(4, 20)
    view = game.view("A")
    assert view.hand == game.hand("A")
    assert view.hand_sizes == (len(game.hand("A")), len(game.hand("B")))
    assert view.deck_sizes == (len(game.deck("A")), len(game.deck("B")))
    assert sorted(view.deck_contents, key=lambda c: c.code) == sorted(
        game.deck("A"), key=lambda c: c.code
    )
    assert view.discards == (game.discard_pile("A"), game.discard_pile("B"))
    assert view.caravans[4] == game.caravan("B", 2) and view.caravan("B", 2) == game.caravan("B", 2)
    assert view.positions == game.positions()
    assert (view.legal_moves == tuple(game.legal_moves())) == (game.mover == "A")


def test_view_does_not_change_with_hidden_cards() -> None:
    """Shuffling the opponent's hand and both decks leaves A's view as it was (but for
    the order of A's deck, which the view does not hold)."""
    game = played(9, 15)
    other = game.copy()
    rng = random.Random(0)
    for seat in (0, 1):
        rng.shuffle(other.decks[seat])
    rng.shuffle(other.hands[1])
    swap = other.hands[1][0], other.decks[1][0]
    other.hands[1][0], other.decks[1][0] = swap[1], swap[0]
    assert other.view("A") == game.view("A")
    assert other.view("B") != game.view("B")


def test_spectator_sees_no_hand() -> None:
    view = played(2, 10).view(None)
    assert view.hand == () and view.deck_contents == () and view.legal_moves == ()
    assert view.seat is None and view.opponent is None


def test_event_public_form_hides_the_card_drawn() -> None:
    game = played(3, 6)
    event = game.play(game.legal_moves()[0])
    assert event.drew is not None
    assert event.public().drew is None and event.public() == replace(event, drew=None)


def test_views_and_moves_survive_pickling() -> None:
    """The bot pickles a seat's view into its AI worker processes; compiled by mypyc, a
    frozen dataclass refused its pickled state (FrozenInstanceError) until each pickled
    through its constructor (engine/pickling.py). CI runs this against the compiled engine."""
    rng = random.Random(5)
    for preset in ("new-vegas", "foxon"):
        game = Game.new(Rules(preset), seed=11)
        events = []
        while not game.is_over and game.ply < 40:
            events.append(game.play(rng.choice(game.legal_moves())))
        view = game.view(game.mover)
        again = pickle.loads(pickle.dumps(view))
        assert again == view and again.legal_moves == view.legal_moves
        assert {hash(move) for move in again.legal_moves} == {hash(m) for m in view.legal_moves}
        assert pickle.loads(pickle.dumps(events)) == events
        assert pickle.loads(pickle.dumps(PRESETS[preset])) == PRESETS[preset]


@pytest.mark.parametrize("preset", ["new-vegas", "foxon", "caravanthegame", "simple"])
def test_the_last_move_is_what_everyone_saw(preset: str) -> None:
    """`view.last` is the move just played, the caravans as they were before it, its phase
    and whether its player drew; after a pushed move there is none; a move tried and taken
    back on the game in between changes nothing."""
    rng = random.Random(8)
    for seed in range(6):
        game = Game.new(Rules(preset), seed)
        assert game.view("A").last is None
        while not game.is_over:
            before, phase = game.view(None).caravans, game.phase
            move = rng.choice(game.legal_moves())
            event = game.play(move)
            if not game.is_over and rng.random() < 0.5:  # a search's look-ahead
                take_back(game, try_move(game, game.legal_moves()[0]))
            for seat in ("A", "B", None):
                last = game.view(seat).last
                assert last is not None
                assert (last.move, last.before, last.phase) == (move, before, phase)
                assert last.drew == (event.drew is not None)
            assert game.copy().view("A").last == game.view("A").last
        pushed = Game.new(Rules(preset), seed)
        pushed.push(pushed.legal_moves()[0])
        assert pushed.view("A").last is None
