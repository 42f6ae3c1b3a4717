"""Words every game shares: how a game ended, and who won. Sentences are `Text` (said in
the reader's language where they are sent, `bot.i18n`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import Text, _

LEVEL_TEXT = {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}  # the AI's levels
END_WORDS = {
    "sold": _("sold two of three positions"),  # "all three" too when the positions are known
    "out-of-cards": _("the other player ran out of cards"),
    "empty-deck": _("a deck ran out"),
    "move-limit": _("the move limit was reached"),
    "resigned": _("a player resigned"),  # said with who resigned when the winner is known
    "timeout": _("the other player ran out of time"),
    "abandoned": _("a server admin ended the game"),
    "unclaimed": _("the turn ran out and nobody claimed the win"),
    "score": _("the higher total after the last hand"),
}


def result(
    winner: str | None,
    reason: str | None,
    names: Mapping[str, str],
    positions: Sequence[str | None] = (),
) -> Text:
    """ "Alice wins: sold all three positions.", "Alice wins: Bob resigned." or "A draw:
    the move limit was reached.". `names`: each seat's name, in the form the place it is
    written needs (escaped for message text, plain for alt text and images).
    `positions`: who holds each position at the end, when known (how many were sold)."""
    why: Text | str | None = END_WORDS.get(reason or "", reason or None)
    if reason == "sold" and winner in positions:
        held = sum(p == winner for p in positions)
        why = _("sold all three positions") if held == 3 else _("sold two of three positions")
    if reason == "resigned" and winner in ("A", "B"):
        why = _("{player} resigned", player=names["B" if winner == "A" else "A"])
    if winner in ("A", "B"):
        name = names[winner]
        return (
            _("{player} wins: {why}.", player=name, why=why)
            if why
            else _("{player} wins.", player=name)
        )
    if winner is None:
        return _("No result: {why}.", why=why) if why else _("No result.")
    return _("A draw: {why}.", why=why) if why else _("A draw.")
