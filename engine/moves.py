"""Moves: a small frozen value whose `str()` is its notation (shared/NOTATION.md).

`Move.parse(str(move)) == move` for every move. A move read from text may leave out what
the position supplies (`Kd@B2` means the last card of B2, `7h@A2` names the mover); the
game fills those in before it checks the move, and its legal moves are always canonical.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from engine.cards import Card
from engine.errors import NotationError

SEATS = ("A", "B")  # the players' names in the notation
Action = Literal["play", "discard", "disband"]
MAX_INDEX = 999

_ACTIONS = {"play": 0, "discard": 1, "disband": 2}
_TARGET = re.compile(r"^([ab])?([1-3])(?:\.([0-9]{1,3}))?$")


@dataclass(frozen=True, slots=True)
class Move:
    """One move. `play`: `card` onto caravan `caravan` (1-3) of `player` ("A"/"B"; None for
    the mover's own), attached to number card `index` (1-based; None for the last card, or a
    number card going at the end). `discard`: `card`. `disband`: caravan `caravan`, with
    `card` restarting it in foxon rules (R4)."""

    action: Action
    card: Card | None = None
    caravan: int | None = None
    player: str | None = None
    index: int | None = None
    # Moves are dictionary keys in the AI's search tree, looked up millions of times a
    # decision: the hash is worked out once (the generated one hashed a tuple of fields,
    # the card's included, on every lookup), from ints only, so that a move pickled into
    # another process (the bot's AI workers) keeps a hash that is right there too (a str's
    # hash differs from process to process).
    _hash: int = field(init=False, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        card = -1 if self.card is None else self.card.code
        seat = SEATS.index(self.player) if self.player in SEATS else -1
        action = _ACTIONS.get(self.action, -1)
        caravan = -1 if self.caravan is None else self.caravan
        index = -1 if self.index is None else self.index
        object.__setattr__(self, "_hash", hash((action, card, caravan, seat, index)))

    def __hash__(self) -> int:
        return self._hash

    @staticmethod
    def play(card: Card, caravan: int, player: str | None = None, index: int | None = None) -> Move:
        return Move("play", card, caravan, player, index)

    @staticmethod
    def discard(card: Card) -> Move:
        return Move("discard", card)

    @staticmethod
    def disband(caravan: int, card: Card | None = None) -> Move:
        return Move("disband", card, caravan)

    @staticmethod
    def parse(text: object) -> Move:
        """Read a move in notation; raises NotationError saying what is wrong."""
        if not isinstance(text, str):
            raise NotationError("A move is text, such as 7h@2, Kd@B2.3 or discard:7h.")
        token = text.strip()
        lower = token.lower()
        if lower.startswith("discard:"):
            return Move.discard(Card.parse(_nonempty(token[8:], token)))
        if lower.startswith("disband:"):
            rest = token[8:]
            caravan_text, plus, card_text = rest.partition("+")
            caravan = _caravan_number(caravan_text, token)
            card = Card.parse(_nonempty(card_text, token)) if plus else None
            return Move.disband(caravan, card)
        card_text, at, target = token.partition("@")
        if not at:
            raise NotationError(
                f"{text!r} is not a move: write CARD@CARAVAN (7h@2, Kd@B2.3), "
                "discard:CARD or disband:N.",
                "not_a_move",
                text=text,
            )
        card = Card.parse(_nonempty(card_text, token))
        found = _TARGET.match(target.strip().lower())
        if not found:
            raise NotationError(
                f"{text!r} does not name a caravan: write 2 or A2 for a caravan, "
                "B2.3 for its third card.",
                "no_caravan_named",
                text=text,
            )
        player = found.group(1).upper() if found.group(1) else None
        index = int(found.group(3)) if found.group(3) else None
        if index is not None and not 1 <= index <= MAX_INDEX:
            raise NotationError(
                f"{text!r}: cards in a caravan are counted from 1.", "places_from_one", text=text
            )
        if card.is_number and index is not None:
            raise NotationError(
                f"{text!r}: a number card always goes at the end of a caravan, so it takes "
                "no card index.",
                "number_card_placed",
                text=text,
            )
        return Move.play(card, int(found.group(2)), player, index)

    def __str__(self) -> str:
        if self.action == "discard":
            return f"discard:{self.card}"
        if self.action == "disband":
            return f"disband:{self.caravan}" + (f"+{self.card}" if self.card else "")
        target = f"{self.player or ''}{self.caravan}"
        if self.index is not None:
            target += f".{self.index}"
        return f"{self.card}@{target}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _nonempty(text: str, whole: str) -> str:
    if not text.strip():
        raise NotationError(f"{whole!r} is missing a card.", "missing_card", text=whole)
    return text


def _caravan_number(text: str, whole: str) -> int:
    text = text.strip()
    if text not in ("1", "2", "3"):
        raise NotationError(
            f"{whole!r}: caravans are numbered 1, 2 and 3.", "caravan_numbers", text=whole
        )
    return int(text)
