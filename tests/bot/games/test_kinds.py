"""Every registered game kind (`bot.kinds`) keeps the `GameKind` contract, checked over
random games: its rules survive the database's text form, a game replays from its seed and
moves, every control its hand panel offers is a legal move of the view, a choice that plays
at once plays a legal move, its words and pictures come out for every state, and its
computer players choose legal moves. A third game registered there is checked the same."""

from __future__ import annotations

import random

import pytest

from bot.faces import FACES, face_of
from bot.games.base import PASS, GameChoice, GameFace, GameKind, Pick
from bot.kinds import DEFAULT, GAMES, KINDS, kind_of, named
from bot.records import rules_from_text, rules_to_text
from bot.server import ServerSettings
from bot.thinking import decide

NAMES = {"A": "Alice", "B": "Bob"}
PNG = b"\x89PNG"


def default_rules(kind: GameKind) -> object:
    return kind.rules_for(GameChoice(game=kind.key), ServerSettings(), None)


@pytest.mark.parametrize("key", sorted(KINDS))
def test_each_kind_is_found_by_its_key_and_by_every_value_of_its_engine(key: str) -> None:
    kind = KINDS[key]
    assert named(key) is kind and GAMES[key] == kind.title
    rules = default_rules(kind)
    game = kind.new(rules, 7)
    view = game.view(game.mover)
    event = kind.play(game.copy(), str(view.legal_moves[0]))
    for value in (rules, game, view, event):
        assert kind_of(value) is kind and face_of(value) is FACES[key]
    assert named(None) is DEFAULT


@pytest.mark.parametrize("key", sorted(KINDS))
def test_rules_survive_their_stored_text(key: str) -> None:
    kind = KINDS[key]
    rules = default_rules(kind)
    again = rules_from_text(rules_to_text(rules))
    assert again == rules and kind_of(again) is kind


def _controls_are_legal(looks: GameFace, view: object, chosen: int | None) -> None:
    turn = looks.hand_turn(view, chosen, 0, NAMES)
    legal = {str(m) for m in view.legal_moves}  # type: ignore[attr-defined]
    assert turn.lines and turn.controls
    for control in turn.controls:
        if control == PASS:
            assert "pass" in legal
            continue
        assert isinstance(control, Pick)
        if control.what == "move":
            offered = [o.value for o in control.options if not o.value.startswith("page:")]
            assert set(offered) <= legal, (control, legal)


@pytest.mark.parametrize("key", sorted(KINDS))
def test_random_games_keep_the_contract(key: str) -> None:
    kind, looks = KINDS[key], FACES[key]
    rules = default_rules(kind)
    for seed in range(3):
        rng = random.Random(seed)
        game = kind.new(rules, seed)
        played: list[str] = []
        for _ in range(60):
            if game.is_over:
                break
            view = game.view(game.mover)
            assert looks.summary(view, NAMES)
            _controls_are_legal(looks, view, None)
            for chosen in range(len(view.hand)):
                card = chosen if kind.key == "new-vegas" else 1 << chosen
                _controls_are_legal(looks, view, card)
                picked = looks.picked(view, card)
                assert picked.fresh
                assert picked.play is None or picked.play in {str(m) for m in view.legal_moves}
            stale = looks.picked(view, 1 << 20)
            assert not stale.fresh
            move = str(rng.choice(view.legal_moves))
            event = kind.play(game, move)
            played.append(move)
            assert looks.describe(game.view(None), event.public(), NAMES, False)
        replayed = kind.replay(rules, seed, played)
        assert replayed.view("A") == game.view("A")
        spectator = game.view(None)
        assert looks.table_png(spectator, NAMES, None, "", None).startswith(PNG)
        assert looks.hand_png(game.view("A"), None).startswith(PNG)
        if spectator.phase == "over":
            assert looks.ending(spectator, NAMES)


@pytest.mark.parametrize("key", sorted(KINDS))
def test_the_computer_players_of_each_kind_choose_legal_moves(key: str) -> None:
    kind = KINDS[key]
    game = kind.new(default_rules(kind), 11)
    for ply in range(6):
        view = game.view(game.mover)
        move = decide(kind.players, "easy", view, f"test/{ply}")
        assert move in {str(m) for m in view.legal_moves}
        kind.play(game, move)


@pytest.mark.parametrize("key", sorted(KINDS))
def test_each_kind_explains_its_rules(key: str) -> None:
    kind, looks = KINDS[key], FACES[key]
    rules = default_rules(kind)
    text = str(looks.rules_text(rules))  # said in English (each reader's language in Discord)
    assert str(kind.title) in text or str(looks.preset_text(rules)) in text
    assert kind.rules_words(rules) and kind.rules_label(rules)
    engine, command = kind.command(rules, 5)
    assert command.startswith(engine) and "--seed 5" in command
