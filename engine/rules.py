"""Rules as data: the four presets of RULES.md and the options a game may change.

A preset is a `Variant` (how the clauses differ, RULES.md's table); a game's `Rules` is a
preset plus the jokers option and, optionally, a custom deck for each player (R1).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.caravan import MAX_ATTACHED
from engine.cards import JOKER, TEN, Card, format_cards, parse_cards, standard_deck
from engine.errors import NotationError, RulesError


class EmptyDeck(Enum):
    """What happens when a player must draw from an empty deck (R4, R14)."""

    NOTHING = "nothing"  # new-vegas: draw nothing
    LOSE = "lose"  # caravanthegame: the player loses at once
    DRAW = "draw"  # simple: the game ends with no winner
    RESHUFFLE = "reshuffle"  # foxon: the discard pile becomes the new deck


@dataclass(frozen=True)
class Variant:
    """How one preset plays, clause by clause (RULES.md, "How the other presets differ")."""

    name: str
    default_jokers: int = 2
    tens: bool = True  # R1: simple has no tens
    deal_first_three: bool = False  # R2: caravanthegame's way of dealing
    disband_restarts: bool = False  # R4 (c): foxon restarts a disbanded caravan
    max_attached: int | None = MAX_ATTACHED  # R7: None is no limit
    pictures_anywhere: bool = True  # R7: foxon puts picture cards on own caravans only
    king_adds: bool = False  # R9: foxon adds the base value instead of doubling
    queen_sets_suit: bool = True  # R10: foxon's Queen reverses only
    joker_by_rank_only: bool = False  # R11: foxon removes the target too, no Ace rule
    empty_deck: EmptyDeck = EmptyDeck.NOTHING  # R14
    move_limit: int = 1000  # R15


PRESETS: dict[str, Variant] = {
    "new-vegas": Variant("new-vegas"),
    "caravanthegame": Variant("caravanthegame", deal_first_three=True, empty_deck=EmptyDeck.LOSE),
    "foxon": Variant(
        "foxon",
        default_jokers=1,
        disband_restarts=True,
        max_attached=None,
        pictures_anywhere=False,
        king_adds=True,
        queen_sets_suit=False,
        joker_by_rank_only=True,
        empty_deck=EmptyDeck.RESHUFFLE,
    ),
    "simple": Variant("simple", tens=False, max_attached=None, empty_deck=EmptyDeck.DRAW),
}

DEFAULT_PRESET = "new-vegas"
MIN_CUSTOM_DECK = 30
MAX_COPIES = 4  # R1: at most 4 source decks
MAX_JOKERS_PER_SOURCE = 2
_STANDARD_CODES: dict[tuple[int, bool], tuple[int, ...]] = {}  # by jokers and tens


@dataclass(frozen=True)
class Rules:
    """A preset, the jokers option (0-2 per standard deck) and optional custom decks (R1).

    `decks`, when given, is each player's own deck (A's, then B's); the jokers option then
    plays no part, since a custom deck lists its own jokers.
    """

    preset: str = DEFAULT_PRESET
    jokers: int | None = None
    decks: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            names = ", ".join(PRESETS)
            raise RulesError(
                f"There is no preset called {self.preset!r}; choose one of {names}.",
                "no_such_preset",
                preset=self.preset,
                presets=tuple(PRESETS),
            )
        if self.jokers is None:
            object.__setattr__(self, "jokers", PRESETS[self.preset].default_jokers)
        if self.jokers not in (0, 1, 2) or isinstance(self.jokers, bool):
            raise RulesError(
                f"The jokers option is 0, 1 or 2 per deck, not {self.jokers!r}.",
                "jokers_option",
                jokers=self.jokers,
            )
        if self.decks is not None:
            if len(self.decks) != 2:
                raise RulesError("Custom decks come as a pair: player A's, then player B's.")
            for seat, deck in zip("AB", self.decks, strict=True):
                validate_deck(list(deck), self.variant, seat=seat)

    @property
    def variant(self) -> Variant:
        return PRESETS[self.preset]

    @property
    def joker_count(self) -> int:
        """The jokers option as an int (it is always set after construction)."""
        assert self.jokers is not None
        return self.jokers

    def deck(self, seat: int) -> list[Card]:
        """The deck player `seat` (0 for A, 1 for B) plays with, in a fixed order."""
        if self.decks is not None:
            return list(self.decks[seat])
        return standard_deck(self.joker_count, tens=self.variant.tens)

    def deck_codes(self, seat: int) -> list[int]:
        """`deck(seat)` as card codes (a new list each time), for the deal."""
        if self.decks is not None:
            return [card.code for card in self.decks[seat]]
        key = (self.joker_count, self.variant.tens)
        codes = _STANDARD_CODES.get(key)
        if codes is None:
            codes = _STANDARD_CODES[key] = tuple(
                card.code for card in standard_deck(key[0], tens=key[1])
            )
        return list(codes)

    @staticmethod
    def parse(value: Any) -> Rules:
        """Read the notation's `rules`: a preset name, or an object
        `{"preset": ..., "jokers": ..., "decks": {"A": "...", "B": "..."}}`."""
        if isinstance(value, str):
            return Rules(value.strip().lower())
        if not isinstance(value, dict):
            raise NotationError("`rules` is a preset name or an object with a `preset` field.")
        preset = value.get("preset", DEFAULT_PRESET)
        if not isinstance(preset, str):
            raise NotationError("`rules.preset` must be a preset name.")
        jokers = value.get("jokers")
        if jokers is not None and (not isinstance(jokers, int) or isinstance(jokers, bool)):
            raise RulesError(
                f"The jokers option is 0, 1 or 2 per deck, not {jokers!r}.",
                "jokers_option",
                jokers=jokers,
            )
        decks = value.get("decks")
        parsed_decks = None
        if decks is not None:
            if not isinstance(decks, dict) or not all(
                isinstance(decks.get(seat), str) for seat in "AB"
            ):
                raise NotationError('`rules.decks` is {"A": "cards...", "B": "cards..."}.')
            parsed_decks = (
                tuple(parse_cards(decks["A"])),
                tuple(parse_cards(decks["B"])),
            )
        return Rules(preset.strip().lower(), jokers, parsed_decks)

    def to_json(self) -> str | dict[str, Any]:
        """The notation's form: the bare preset name when no option differs from it."""
        if self.decks is None and self.jokers == self.variant.default_jokers:
            return self.preset
        out: dict[str, Any] = {"preset": self.preset, "jokers": self.jokers}
        if self.decks is not None:
            out["decks"] = {
                "A": format_cards(self.decks[0]),
                "B": format_cards(self.decks[1]),
            }
        return out


def validate_deck(
    cards: list[Card], variant: Variant, *, seat: str | None = None, name: str | None = None
) -> None:
    """R1 for a custom deck: player `seat`'s, or the one called `name`, or just a deck;
    raises RulesError with a sentence saying what is wrong."""
    who = f"Player {seat}'s deck" if seat else f"The deck {name!r}" if name else "The deck"
    deck = {"seat": seat, "name": name}  # the facts every R1 refusal names its deck by
    if len(cards) < MIN_CUSTOM_DECK:
        raise RulesError(
            f"{who} has {len(cards)} cards; a custom deck needs at least 30 (R1).",
            "deck_too_small",
            count=len(cards),
            **deck,
        )
    counts = Counter(cards)
    for card, count in sorted(counts.items(), key=lambda item: item[0].code):
        if card.rank == JOKER:
            limit = MAX_JOKERS_PER_SOURCE * MAX_COPIES
            if count > limit:
                raise RulesError(
                    f"{who} has {count} jokers; four source decks hold at most {limit} (R1).",
                    "deck_jokers",
                    count=count,
                    limit=limit,
                    **deck,
                )
        elif count > MAX_COPIES:
            raise RulesError(
                f"{who} has {count} copies of {card}; a custom deck is drawn from at most "
                "4 standard decks, so at most 4 of each card (R1).",
                "deck_copies",
                count=count,
                card=card,
                **deck,
            )
        if card.rank == TEN and not variant.tens:
            raise RulesError(
                f"{who} holds {card}, but {variant.name} rules play without tens.",
                "deck_tens",
                card=card,
                preset=variant.name,
                **deck,
            )
    numbers = sum(count for card, count in counts.items() if card.is_number)
    if numbers < 3:
        raise RulesError(
            f"{who} has {numbers} number cards; it needs at least 3, or the deal could never "
            "succeed (R1, R2).",
            "deck_numbers",
            count=numbers,
            **deck,
        )
