"""Each of the engine's refusals reaches a member as a catalogue sentence made from the
error's code and facts (`bot.errors.engine_reason`), in the member's language; one without
a code the bot can say stays the engine's English, less its rule clauses."""

from __future__ import annotations

import re

import pytest

from bot.errors import REASONS, engine_reason
from bot.i18n import LANGUAGES, SOURCE, Text, catalogue
from engine import Card
from engine.errors import REFUSALS, CaravanError, IllegalMoveError
from tests.engine.refusals import CASES, EXTRA_CASES, refusal

OTHERS = [language for language in LANGUAGES if language != SOURCE]
CLAUSE = re.compile(r"\([RDG]\d+")


def test_the_bot_says_every_code_the_engine_defines() -> None:
    assert sorted(REASONS) == sorted(REFUSALS)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_refusal_is_said_in_every_language_with_its_facts(code: str) -> None:
    error = refusal(CASES[code])
    said = engine_reason(error)
    assert isinstance(said, Text), str(error)
    english = str(said)
    assert not CLAUSE.search(english) and "{" not in english, english
    for language in OTHERS:
        words = catalogue(language).say(said)
        assert words != english and "{" not in words, (language, words)
        for fact in _shown_facts(error):
            assert fact in words, (language, fact, words)


def _shown_facts(error: CaravanError) -> list[str]:
    """The facts every language shows as they are: numbers, and New Vegas cards."""
    return [str(v) for v in error.facts.values() if isinstance(v, int | Card)]


@pytest.mark.parametrize("case", EXTRA_CASES)
def test_decktets_moves_share_the_sentences(case: object) -> None:
    said = engine_reason(refusal(case))  # type: ignore[arg-type]
    assert isinstance(said, Text) and catalogue("it").say(said) != str(said)


def test_sentences_in_other_languages_read_right() -> None:
    german = catalogue("de")
    assert german.say(engine_reason(refusal(CASES["not_held"]))) == (
        "Du hast 6h nicht auf der Hand."
    )
    small = engine_reason(refusal(CASES["deck_too_small"]))
    assert str(small) == "The deck \u201cmine\u201d has 3 cards; a custom deck needs at least 30."
    assert catalogue("ru").say(small) == (
        "Колода “mine” содержит 3 карты; в своей колоде должно быть не меньше 30."
    )
    against = engine_reason(refusal(CASES["against_direction"]))
    assert str(against) == (
        "Caravan 1 is ascending: 3s cannot follow 7c; only clubs may go against it."
    )
    assert catalogue("fr").say(against) == (
        "La caravane 1 est croissante : 3s ne peut pas suivre 7c ; seule une carte de tr\u00e8fle "
        "peut aller \u00e0 contre-sens."
    )
    beaten = engine_reason(refusal(CASES["does_not_beat"]))
    spanish = catalogue("es").say(beaten)
    assert spanish.startswith("Tu jugada, una caravana de una carta (") and "no supera a" in spanish


def test_member_text_in_a_refusal_is_quoted_and_inert() -> None:
    from engine.moves import Move

    with pytest.raises(CaravanError) as refused:
        Move.parse("**bold** <#123> " + "x" * 200)
    said = str(engine_reason(refused.value))
    assert said.startswith("\u201c\\*\\*bold\\*\\* \\<\\#123\\>") and len(said) < 200
    assert "is not a move" in said


def test_an_error_without_a_code_stays_the_engines_english_less_its_clauses() -> None:
    assert engine_reason(IllegalMoveError("A Jack needs a number card (R5).")) == (
        "A Jack needs a number card."
    )
    assert engine_reason(ValueError("Not the engine's.")) == "Not the engine's."


def test_an_unknown_code_or_facts_fall_back_to_the_english() -> None:
    class Newer(Exception):
        code = "a_code_from_a_newer_engine"

    assert engine_reason(Newer("Something new (R9).")) == "Something new."
    strange = IllegalMoveError("You do not hold 7h.")
    strange.code, strange.facts = "not_held", {"cards": "7h"}  # facts the bot cannot say
    assert engine_reason(strange) == "You do not hold 7h."
