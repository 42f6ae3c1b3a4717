"""The engine's errors: one root, with unreadable text kept apart from moves the rules forbid.

Every message is a full sentence a player can read as it is. A refusal that can reach a
player (a move or a card they chose or wrote, a custom deck, a rules option) also says
itself as data: a stable `code` and its facts (`error.facts`, each fact a plain value: a
number, a text, a `Card`, a Decktet card or play), so that a program can say it in its
own words and language. `REFUSALS` lists every code with the names of its facts. Errors
only a host or a developer meets (a position's JSON, the command line, a computer player's
setup) have no code.
"""

from __future__ import annotations

from typing import Any, Final

# Each refusal's code, and the names of the facts it carries.
REFUSALS: Final[dict[str, tuple[str, ...]]] = {
    # A move, either game (engine.validate, DecktetGame.validate).
    "game_over": (),
    "not_held": ("card",),
    # A New Vegas move (engine.validate): R3-R7, G9. `caravan` is one of the mover's own
    # (1-3); `target` a caravan's name in the notation (B2).
    "opening_no_discard": (),
    "opening_numbers_only": (),
    "opening_caravan_started": ("caravan",),
    "disband_empty": ("caravan",),
    "restart_needs_card": ("preset", "caravan"),
    "restart_not_allowed": ("caravan",),
    "numbers_on_own": (),
    "same_rank": ("caravan", "last"),
    "no_direction": ("caravan", "suit", "last"),
    "against_direction": ("caravan", "direction", "card", "last", "suit"),
    "pictures_on_own": ("preset",),
    "picture_on_empty": ("target",),
    "queen_not_last": ("target", "count"),
    "no_such_place": ("target", "count"),
    "card_full": ("target", "card", "limit"),
    "card_full_jack": ("target", "card", "limit"),
    # A New Vegas move or card as text (Move.parse, Card.parse): `text` as written.
    "not_a_move": ("text",),
    "no_caravan_named": ("text",),
    "places_from_one": ("text",),
    "number_card_placed": ("text",),
    "missing_card": ("text",),
    "caravan_numbers": ("text",),
    "not_a_card": ("text",),
    # The rules' options and a custom deck (engine.rules, R1). A deck is a seat's ("A",
    # "B") or one with a name, or neither.
    "no_such_preset": ("preset", "presets"),
    "jokers_option": ("jokers",),
    "deck_too_small": ("seat", "name", "count"),
    "deck_jokers": ("seat", "name", "count", "limit"),
    "deck_copies": ("seat", "name", "count", "card"),
    "deck_tens": ("seat", "name", "card", "preset"),
    "deck_numbers": ("seat", "name", "count"),
    # A Decktet play (engine.decktet.plays, DecktetGame.validate): D4-D6.
    "card_played_twice": (),
    "must_lead": (),
    "lead_with_caravan": (),
    "does_not_beat": ("play", "last"),
    "wild_rank": ("rank",),
    "not_wild": ("card", "rank"),
    "caravan_needs_number": (),
    "caravan_not_run": ("low", "high"),
    "caravan_suits": ("lower", "upper"),
    "not_a_bandit": (),
    # A Decktet play or card as text (parse_play, parse_card): `text` as written.
    "empty_play": (),
    "card_named_twice": ("card", "text"),
    "wild_rank_not_number": ("text",),
    "wild_rank_missing": ("card",),
    "not_a_decktet_card": ("text",),
    "no_such_decktet_card": ("text",),
    # Decktet rules (DecktetRules, D10).
    "hands_option": ("hands", "most"),
}


class CaravanError(Exception):
    """Root of every error the engine raises on purpose. `str(error)` is its sentence;
    `code` (one of `REFUSALS`, or None for an error no player meets) and `facts` say the
    same as data."""

    def __init__(self, message: str, code: str | None = None, **facts: object) -> None:
        super().__init__(message)
        assert code is None or sorted(facts) == sorted(REFUSALS[code]), (code, sorted(facts))
        self.code = code
        self.facts = facts

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled with its code and facts (into the bot's worker processes and back), which
        # the default, the message alone, would lose once mypyc compiles this class.
        return _remade, (type(self), str(self), self.code, self.facts)


def _remade(
    cls: type[CaravanError], message: str, code: str | None, facts: dict[str, object]
) -> CaravanError:
    return cls(message, code, **facts)


class NotationError(CaravanError, ValueError):
    """Text that cannot be read: an unknown card, a malformed move, caravan or position."""


class PositionError(NotationError):
    """A readable position that cannot arise under its rules (a ten in `simple`, a card
    held twice)."""


class RulesError(CaravanError, ValueError):
    """Rules that cannot be played: an unknown preset, a bad jokers option, an invalid
    custom deck (R1)."""


class IllegalMoveError(CaravanError, ValueError):
    """A readable move that the rules do not allow in this position."""
