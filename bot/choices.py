"""What a player may choose for a new game (rules, jokers, turn time, deck) and how those
choices are written back to them."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Rules

TURN_TIMES = {  # the turn deadlines offered at a challenge, in seconds
    "5 minutes": 5 * 60,
    "1 hour": 60 * 60,
    "24 hours": 24 * 60 * 60,
    "3 days": 3 * 24 * 60 * 60,
}


@dataclass(frozen=True)
class GameChoice:
    """A player's options for a new game; None: the server's default, else the bot's."""

    preset: str | None = None
    jokers: int | None = None
    turn_seconds: int | None = None
    deck: str | None = None


def turn_words(seconds: int) -> str:
    """300 -> "5 minutes", 86400 -> "24 hours", 259200 -> "3 days"."""
    for words, value in TURN_TIMES.items():
        if value == seconds:
            return words
    if seconds % 86400 == 0:
        return f"{seconds // 86400} days"
    if seconds % 3600 == 0:
        return f"{seconds // 3600} hours"
    if seconds % 60 == 0:
        return f"{seconds // 60} minutes"
    return f"{seconds} seconds"


def rules_words(rules: Rules) -> str:
    words = f"`{rules.preset}`, {rules.jokers} joker{'s' * (rules.jokers != 1)}"
    return words + (", custom deck" if rules.decks is not None else "")


def make_rules(preset: str, jokers: int | None) -> Rules:
    return Rules(preset) if jokers is None else Rules(preset, jokers=jokers)
