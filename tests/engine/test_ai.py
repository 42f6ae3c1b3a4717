"""The computer players (engine.ai): they see only their seat's view, always move legally,
and the greedy player takes wins and avoids handing them over."""

from __future__ import annotations

import math
import random

import pytest

from engine import Game, Rules
from engine.ai import (
    LEVELS,
    GreedyPlayer,
    IsmctsPlayer,
    RandomPlayer,
    Sampler,
    player_for,
    unseen_codes,
)
from engine.ai.evaluation import HELD_PICTURES, WIN, evaluate, held_pictures, reward
from engine.ai.inference import weigh_by_last_move
from engine.ai.ismcts import GREEDY_ROLLOUT_RANDOM, _greedy_rollout, grow, most_visited
from engine.ai.players import threat
from engine.cards import Card
from engine.errors import CaravanError
from engine.moves import Move
from tests.engine.helpers import table

PRESETS = ("new-vegas", "caravanthegame", "foxon", "simple")
SMALL_SEARCH = IsmctsPlayer(name="small", iterations=60)
SMALL_INFERRING = IsmctsPlayer(name="small-inferring", iterations=60, infer=True)
SMALL_GREEDY_ROLLOUTS = IsmctsPlayer(
    name="small-greedy-rollouts", iterations=60, rollout_depth=2, greedy_rollouts=True
)
SMALL_VALUING_HELD = IsmctsPlayer(
    name="small-valuing-held",
    iterations=60,
    rollout_depth=2,
    greedy_rollouts=True,
    value_held=True,
)


def played(preset: str, seed: int, plies: int) -> Game:
    """A game `plies` random moves in (fewer if it ends first)."""
    game = Game.new(Rules(preset), seed=seed)
    rng = random.Random(seed)
    while game.ply < plies and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


def hidden_shuffled(game: Game, seat: str, rng: random.Random) -> Game:
    """The same game with everything `seat` cannot see changed: the opponent's hand and deck
    dealt again from the same cards, and both decks in a new order."""
    other = game.copy()
    opponent = 1 if seat == "A" else 0
    pool = other.hands[opponent] + other.decks[opponent]
    rng.shuffle(pool)
    size = len(other.hands[opponent])
    other.hands[opponent], other.decks[opponent] = pool[:size], pool[size:]
    for deck in other.decks:
        rng.shuffle(deck)
    return other


@pytest.mark.parametrize("preset", PRESETS)
def test_unseen_cards_are_exactly_the_opponents_hand_and_deck(preset: str) -> None:
    for seed in range(12):
        game = played(preset, seed, 10 + 7 * seed)
        for seat, opponent in (("A", 1), ("B", 0)):
            expected = sorted(game.hands[opponent] + game.decks[opponent])
            assert unseen_codes(game.view(seat)) == expected


@pytest.mark.parametrize("preset", PRESETS)
def test_a_sampled_game_looks_the_same_from_the_seat(preset: str) -> None:
    rng = random.Random(5)
    for seed in range(8):
        game = played(preset, seed, 12 + 5 * seed)
        if game.is_over:
            continue
        seat = game.mover
        view = game.view(seat)
        sampler = Sampler(view)
        for _ in range(3):
            sample = sampler.sample(rng)
            assert sample.view(seat) == view
            assert sample.legal_moves() == game.legal_moves()


@pytest.mark.parametrize(
    "player",
    [
        RandomPlayer(),
        GreedyPlayer(),
        SMALL_SEARCH,
        SMALL_INFERRING,
        SMALL_GREEDY_ROLLOUTS,
        SMALL_VALUING_HELD,
    ],
    ids=str,
)
def test_the_ai_decides_from_its_seats_view_only(player: object) -> None:
    """Changing the opponent's hidden cards and the order of both decks does not change
    the decision made with the same random seed."""
    rng = random.Random(11)
    checked = 0
    for seed in range(10):
        game = played("new-vegas", seed, 8 + 4 * seed)
        if game.is_over:
            continue
        seat = game.mover
        changed = hidden_shuffled(game, seat, rng)
        assert changed.hand(game.mover) == game.hand(seat)
        assert changed.to_json() != game.to_json()
        first = player.choose(game.view(seat), random.Random(seed))  # type: ignore[attr-defined]
        again = player.choose(changed.view(seat), random.Random(seed))  # type: ignore[attr-defined]
        assert first == again
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("preset", PRESETS)
def test_every_player_only_makes_legal_moves_to_the_end(preset: str) -> None:
    players = [RandomPlayer(), GreedyPlayer(), SMALL_SEARCH, SMALL_VALUING_HELD]
    for seed in range(4):
        game = Game.new(Rules(preset), seed=seed)
        rng = random.Random(seed)
        seats = {"A": players[seed % 4], "B": players[(seed + 1) % 4]}
        while not game.is_over:
            view = game.view(game.mover)
            move = seats[game.mover].choose(view, rng)
            assert move in view.legal_moves
            game.play(move)  # validated again
        assert game.winner in ("A", "B", "draw")


def test_a_player_refuses_to_move_out_of_turn() -> None:
    game = Game.new(Rules("new-vegas"), seed=3)
    waiting = "B" if game.mover == "A" else "A"
    with pytest.raises(CaravanError):
        GreedyPlayer().choose(game.view(waiting), random.Random(1))
    with pytest.raises(CaravanError):
        Sampler(game.view(None))


# Position 1 is A's (24 against 2), position 2 is B's (23 against 5), position 3 is open
# (18 against 18). B's caravan 3 descends from ten to eight.
THREATENED = dict(
    a=("Th 9h 5h", "2c 3c", "Td 8d"),
    b=("2s", "Ts 9s 4s", "Tc 8c"),
    hand_a="Jh 4h 7d",
    deck_a="6d 6c 6h",
    hand_b="As 3s 5c Qd Kc",
    deck_b="7s 7c",
)


def test_greedy_takes_a_win() -> None:
    # 5d on A3 (18 -> 23) sells all three positions, two of them A's.
    game = table(**{**THREATENED, "hand_a": "5d Jh 7s"})  # type: ignore[arg-type]
    for seed in range(5):
        move = GreedyPlayer().choose(game.view("A"), random.Random(seed))
        after = game.copy()
        after.play(move)
        assert after.winner == "A", move


def test_threat_is_the_chance_the_opponent_can_win_at_once() -> None:
    game = table(**THREATENED)  # type: ignore[arg-type]
    sampler = Sampler(game.view("A"))
    thrown = game.copy()
    thrown.play("discard:7d")  # leaves B to sell position 3 with any 3-7 or a King on 8c
    assert threat(thrown, sampler) > 0.9
    jacked = game.copy()
    jacked.play("Jh@B3.2")  # B3 back to 10: no one card takes it to 21
    assert threat(jacked, sampler) == 0.0
    assert evaluate(jacked, 0) < WIN


def test_greedy_does_not_hand_over_the_game() -> None:
    game = table(**THREATENED)  # type: ignore[arg-type]
    for seed in range(5):
        move = GreedyPlayer().choose(game.view("A"), random.Random(seed))
        after = game.copy()
        after.play(move)
        assert threat(after, Sampler(game.view("A"))) < 0.5, move


def test_levels_map_to_players() -> None:
    assert LEVELS == ("easy", "normal", "hard")
    assert isinstance(player_for("easy"), GreedyPlayer)
    normal, hard = player_for("normal"), player_for("hard")
    assert isinstance(normal, IsmctsPlayer) and isinstance(hard, IsmctsPlayer)
    assert hard.iterations > normal.iterations
    assert hard.seconds is not None and hard.seconds <= 1.0
    assert hard.greedy_rollouts and not normal.greedy_rollouts
    assert hard.value_held and not normal.value_held
    with pytest.raises(CaravanError, match="no difficulty"):
        player_for("impossible")


class _Draws(random.Random):
    """A generator whose every `random()` is `value`."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


def test_a_greedy_rollout_plays_the_evaluations_best_move_or_a_random_one() -> None:
    """Each move of a greedy rollout is the first of the moves the evaluation scores best
    for the mover; a draw under GREEDY_ROLLOUT_RANDOM plays the move that draw picks."""
    checked = 0
    for seed in range(12):
        game = played("new-vegas", seed, 10 + 3 * seed)
        if game.is_over:
            continue
        legal, mover = game.legal_moves(), game.turn
        values = []
        for move in legal:
            after = game.copy()
            after.push(move)
            values.append(evaluate(after, mover))
        best = legal[values.index(max(values))]
        greedy = game.copy()
        _greedy_rollout(greedy, _Draws(0.9), 1)
        assert greedy.to_json() == _after(game, best).to_json()
        draw = 0.2
        assert draw < GREEDY_ROLLOUT_RANDOM
        chance = game.copy()
        _greedy_rollout(chance, _Draws(draw), 1)
        assert chance.to_json() == _after(game, legal[int(draw * len(legal))]).to_json()
        checked += 1
    assert checked >= 8


def test_the_reward_with_held_cards_counts_each_sides_picture_cards() -> None:
    """`reward(..., held=True)`: the evaluation plus the seat's held picture cards by
    HELD_PICTURES less the opponent's, squashed as before; a won or lost game stays 1 or 0."""
    assert HELD_PICTURES == {11: 0.4, 12: 0.0, 13: 0.4, 14: 0.6}
    assert held_pictures([Card.parse(c).code for c in ("Jh", "Qs", "Kd", "X", "7c", "X")]) == (
        pytest.approx(0.4 + 0.0 + 0.4 + 0.6 + 0.6)
    )
    for seed in range(6):
        game = played("new-vegas", seed, 12)
        if game.is_over:
            continue
        for seat in (0, 1):
            mine, theirs = game.hands[seat], game.hands[1 - seat]
            plain = evaluate(game, seat)
            expected = 1.0 / (
                1.0 + math.exp(-(plain + held_pictures(mine) - held_pictures(theirs)) / 1.5)
            )
            assert reward(game, seat, held=True) == pytest.approx(expected)
            assert reward(game, seat) == pytest.approx(1.0 / (1.0 + math.exp(-plain / 1.5)))
        before = [reward(game, seat, held=True) for seat in (0, 1)]
        game.hands[0] = [Card.parse("X").code, *game.hands[0]]  # a joker more for A
        assert reward(game, 0, held=True) > before[0] and reward(game, 1, held=True) < before[1]
    over = played("new-vegas", 1, 2000)
    assert over.is_over and over.winner in ("A", "B")
    winner = 0 if over.winner == "A" else 1
    assert reward(over, winner, held=True) == 1.0 and reward(over, 1 - winner, held=True) == 0.0


def _after(game: Game, move: Move) -> Game:
    after = game.copy()
    after.push(move)
    return after


def test_the_search_stops_once_its_choice_is_settled() -> None:
    """With an iteration budget, stopping as soon as no move can catch up with the most
    visited one picks the same move as searching to the end, in fewer iterations on some
    positions."""
    saved = 0
    for seed in range(12):
        game = played("new-vegas", seed, 12 + seed)
        if game.is_over:
            continue
        sampler = Sampler(game.view(game.mover))
        full = grow(sampler, random.Random(seed), iterations=400, stop_when_settled=False)
        early = grow(sampler, random.Random(seed), iterations=400)
        assert most_visited(early) == most_visited(full)
        first, second = sorted(child.visits for child in early.children.values())[-1:-3:-1]
        assert early.visits == 400 or first - second > 400 - early.visits
        saved += full.visits - early.visits
    assert saved > 0


def test_the_last_move_rules_out_hands_that_would_have_won() -> None:
    """B could have won at once with a King on B3's Ten (or the Six of spades) and threw a
    card away instead, then drew: weighed by that move, a hand A deals B holds at most one
    such card, the one drawn after the move; dealt blind, far more of them hold one."""
    game = table(
        ("Th 9h", "Tc 9c", "5s"),
        ("Td 9d 3d", "Tc 8c 4c", "5s Ts"),
        hand_a="2h 3h 4h 7c 8c",
        deck_a="2d 3d",
        hand_b="2c 3h 4d 7h 8s",
        deck_b="9h",
        turn="B",
    )
    game.play("discard:2c")
    view = game.view("A")
    assert view.last is not None and view.last.drew
    winners = {code for code in unseen_codes(view) if code >> 2 == 13 or code == (6 << 2 | 3)}

    def holding_winners(sampler: Sampler, least: int) -> float:
        rng = random.Random(3)
        hands = [sampler.sample(rng).hands[1] for _ in range(400)]
        return sum(1 for hand in hands if len([c for c in hand if c in winners]) >= least) / 400

    blind = Sampler(view)
    weighed = Sampler(view)
    assert weigh_by_last_move(view, weighed, random.Random(2))
    assert holding_winners(weighed, 2) == 0 < holding_winners(blind, 2)
    assert holding_winners(weighed, 1) < holding_winners(blind, 1) / 3
    for _ in range(50):  # and every hand weighed is still one A cannot rule out
        sample = weighed.sample(random.Random(_))
        assert sample.view("A") == view


def test_no_last_move_no_weighing() -> None:
    game = played("new-vegas", 4, 20)
    pushed = game.copy()
    pushed.push(pushed.legal_moves()[0])  # push keeps no last move: the view has none
    assert pushed.view(pushed.mover).last is None
    sampler = Sampler(pushed.view(pushed.mover))
    assert not weigh_by_last_move(pushed.view(pushed.mover), sampler, random.Random(1))
    assert sampler.hands == []
