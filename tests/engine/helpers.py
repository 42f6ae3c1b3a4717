"""Building positions for rule tests in a line or two."""

from __future__ import annotations

from typing import Any

from engine import Game


def table(
    a: tuple[str, str, str] = ("", "", ""),
    b: tuple[str, str, str] = ("", "", ""),
    *,
    hand_a: str = "",
    hand_b: str = "",
    deck_a: str = "",
    deck_b: str = "",
    discard_a: str = "",
    discard_b: str = "",
    turn: str = "A",
    phase: str = "main",
    rules: Any = "new-vegas",
    ply: int | None = None,
    seed: int | None = None,
) -> Game:
    """A position from its parts, read through the notation (so it is validated too)."""
    data: dict[str, Any] = {
        "rules": rules,
        "phase": phase,
        "turn": turn,
        "A": {"hand": hand_a, "deck": deck_a, "discard": discard_a, "caravans": list(a)},
        "B": {"hand": hand_b, "deck": deck_b, "discard": discard_b, "caravans": list(b)},
    }
    if ply is not None:
        data["ply"] = ply
    if seed is not None:
        data["seed"] = seed
    return Game.from_position(data)


def legal(game: Game) -> set[str]:
    return {str(move) for move in game.legal_moves()}


def caravans(game: Game) -> list[str]:
    """The six caravans in notation, A1..B3."""
    return [game.caravan(seat, n).notation for seat in "AB" for n in (1, 2, 3)]
