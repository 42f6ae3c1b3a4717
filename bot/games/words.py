"""Words every game shares: how a game ended, and who won."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

END_WORDS = {
    "sold": "sold two of three positions",  # "all three" too when the positions are known
    "out-of-cards": "the other player ran out of cards",
    "empty-deck": "a deck ran out",
    "move-limit": "the move limit was reached",
    "resigned": "a player resigned",  # said with who resigned when the winner is known
    "timeout": "the other player ran out of time",
    "abandoned": "a server admin ended the game",
    "unclaimed": "the turn ran out and nobody claimed the win",
    "score": "the higher total after the last hand",
}


def result(
    winner: str | None,
    reason: str | None,
    names: Mapping[str, str],
    positions: Sequence[str | None] = (),
) -> str:
    """ "Alice wins: sold all three positions.", "Alice wins: Bob resigned." or "A draw:
    the move limit was reached.". `names`: each seat's name, in the form the place it is
    written needs (escaped for message text, plain for alt text and images).
    `positions`: who holds each position at the end, when known (how many were sold)."""
    why = END_WORDS.get(reason or "", reason or "")
    if reason == "sold" and winner in positions:
        held = sum(p == winner for p in positions)
        why = "sold all three positions" if held == 3 else "sold two of three positions"
    if reason == "resigned" and winner in ("A", "B"):
        why = f"{names['B' if winner == 'A' else 'A']} resigned"
    if winner in ("A", "B"):
        return f"{names[winner]} wins: {why}." if why else f"{names[winner]} wins."
    if winner is None:
        return f"No result: {why}." if why else "No result."
    return f"A draw: {why}." if why else "A draw."
