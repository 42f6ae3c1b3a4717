"""The engine's reasons a member reads, in the member's language: each of a custom deck's
R1 refusals (engine/rules.py `validate_deck`) becomes a catalogue sentence with the
engine's facts (`bot.errors.engine_reason`), whatever deck it names; a sentence the bot
does not know stays the engine's, less its rule clauses."""

from __future__ import annotations

import pytest

from bot.errors import engine_reason
from bot.i18n import Text, catalogue
from engine.cards import parse_cards
from engine.errors import IllegalMoveError, RulesError
from engine.rules import PRESETS, validate_deck

NUMBERS = (
    "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td"
)
BROKEN = {
    "too few": ("Ah 2h 3h", "new-vegas"),
    "one card": ("Ah", "new-vegas"),
    "jokers": (NUMBERS + " X" * 9, "new-vegas"),
    "copies": (NUMBERS + " Kh" * 5, "new-vegas"),
    "tens": (NUMBERS, "simple"),
    "numbers": ("Kh " * 20 + "Qh " * 10 + "Ah", "new-vegas"),
}


def refusal(cards: str, variant: str, seat: str | None, name: str | None) -> RulesError:
    with pytest.raises(RulesError) as refused:
        validate_deck(parse_cards(cards), PRESETS[variant], seat=seat, name=name)
    return refused.value


@pytest.mark.parametrize("case", sorted(BROKEN))
@pytest.mark.parametrize(
    ("seat", "name", "who"),
    [
        (None, None, "The deck"),
        ("B", None, "Player B's deck"),
        (None, "My ace", "The deck \u201cMy ace\u201d"),
    ],
)
def test_each_deck_reason_is_said_in_the_readers_language(
    case: str, seat: str | None, name: str | None, who: str
) -> None:
    cards, variant = BROKEN[case]
    error = refusal(cards, variant, seat, name)
    said = engine_reason(error)
    assert isinstance(said, Text), str(error)
    english = str(said)
    assert "(R1" not in english and english.startswith(who)
    if case != "one card":  # the engine says "1 cards"; the bot's singular says "1 card"
        engine = str(error).replace(" (R1, R2)", "").replace(" (R1)", "")
        assert english == engine.replace("'My ace'", "\u201cMy ace\u201d")
    german = catalogue("de").say(said)
    assert german != english
    if "\u201cMy ace\u201d" in who:
        assert "\u201cMy ace\u201d" in german  # the member's name for the deck, kept


def test_a_sentence_the_bot_does_not_know_stays_the_engines_without_clauses() -> None:
    error = IllegalMoveError("A Jack needs a number card to go on (R5).")
    assert engine_reason(error) == "A Jack needs a number card to go on."
