"""Every refusal a player can meet says itself as data too: a code of `REFUSALS` and the
facts that code names (engine/errors.py), beside the same English sentence as before. One
case for each code (tests/engine/refusals.py), each raised the way a player would meet it."""

from __future__ import annotations

import pickle
from collections.abc import Callable

import pytest

from engine import Card, Game, Rules, parse_cards
from engine.errors import REFUSALS, IllegalMoveError, NotationError, RulesError
from tests.engine.refusals import CASES, EXTRA_CASES, refusal


def test_every_code_has_a_case() -> None:
    assert sorted(CASES) == sorted(REFUSALS)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_refusal_carries_its_code_and_facts(code: str) -> None:
    error = refusal(CASES[code])
    assert error.code == code, str(error)
    assert sorted(error.facts) == sorted(REFUSALS[code])
    assert str(error).endswith("."), "a sentence, as before"


@pytest.mark.parametrize("case", EXTRA_CASES)
def test_decktet_shares_the_codes_of_a_move(case: Callable[[], object]) -> None:
    error = refusal(case)
    assert error.code in ("game_over", "not_held") and isinstance(error, IllegalMoveError)


def test_the_facts_are_the_sentences_facts() -> None:
    error = refusal(CASES["against_direction"])
    assert str(error) == (
        "Caravan 1 is ascending: 3s cannot follow 7c (R5); only clubs may go against it."
    )
    assert error.facts == {
        "caravan": 1,
        "direction": "ascending",
        "card": Card.parse("3s"),
        "last": Card.parse("7c"),
        "suit": "c",
    }
    small = refusal(CASES["deck_too_small"])
    assert isinstance(small, RulesError)
    assert str(small) == "The deck 'mine' has 3 cards; a custom deck needs at least 30 (R1)."
    assert small.facts == {"seat": None, "name": "mine", "count": 3}
    seated = refusal(lambda: Rules(decks=(tuple(parse_cards("Ah")), tuple(parse_cards("Ah")))))
    assert str(seated).startswith("Player A's deck has 1 cards")
    assert seated.facts == {"seat": "A", "name": None, "count": 1}


def test_an_error_no_player_meets_has_no_code() -> None:
    error = refusal(lambda: Game.from_position("{"))
    assert isinstance(error, NotationError) and error.code is None and error.facts == {}


def test_a_refusal_pickles_with_its_code_and_facts() -> None:
    error = refusal(CASES["no_such_place"])
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)
    assert (again.code, again.facts) == (error.code, error.facts)
