"""The options of a game of Decktet Caravan: how many hands it lasts (D10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import RulesError

GAME = "decktet"
DEFAULT_HANDS = 5
MAX_HANDS = 15


@dataclass(frozen=True)
class DecktetRules:
    """The options of a Decktet game: how many hands it lasts (D10)."""

    hands: int = DEFAULT_HANDS

    def __post_init__(self) -> None:
        if not 1 <= self.hands <= MAX_HANDS:
            raise RulesError(
                f"A game lasts 1 to {MAX_HANDS} hands, not {self.hands}.",
                "hands_option",
                hands=self.hands,
                most=MAX_HANDS,
            )

    def to_json(self) -> dict[str, Any]:
        return {"game": GAME, "hands": self.hands}

    @staticmethod
    def parse(value: object) -> DecktetRules:
        if isinstance(value, DecktetRules):
            return value
        if isinstance(value, str) and value == GAME:
            return DecktetRules()
        if not isinstance(value, dict) or value.get("game") != GAME:
            raise RulesError('Decktet rules are {"game": "decktet", "hands": N}.')
        unknown = set(value) - {"game", "hands"}
        if unknown:
            raise RulesError(f"Unknown Decktet rules option: {sorted(unknown)[0]!r}.")
        hands = value.get("hands", DEFAULT_HANDS)
        if not isinstance(hands, int) or isinstance(hands, bool):
            raise RulesError(f"hands is a whole number, not {hands!r}.")
        return DecktetRules(hands)
