"""The turn times a challenge offers, and a turn time in words. (A new game's options are
decided by the service: `GameService.game_options`.)"""

from __future__ import annotations

TURN_TIMES = {  # the turn deadlines offered at a challenge, in seconds
    "5 minutes": 5 * 60,
    "1 hour": 60 * 60,
    "24 hours": 24 * 60 * 60,
    "3 days": 3 * 24 * 60 * 60,
}


def turn_words(seconds: int) -> str:
    """300 -> "5 minutes", 86400 -> "24 hours", 259200 -> "3 days"."""
    for words, value in TURN_TIMES.items():
        if value == seconds:
            return words
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        if seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' * (count != 1)}"
    raise AssertionError("unreachable")
