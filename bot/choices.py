"""The turn times a challenge offers, and a turn time in words. (A new game's options are
decided by the service: `GameService.game_options`.)"""

from __future__ import annotations

from bot.i18n import Text, n_

TURN_TIMES = {  # the turn deadlines offered at a challenge, in seconds
    "5 minutes": 5 * 60,
    "1 hour": 60 * 60,
    "24 hours": 24 * 60 * 60,
    "3 days": 3 * 24 * 60 * 60,
}


def turn_words(seconds: int) -> Text:
    """300 -> "5 minutes", 86400 -> "24 hours", 259200 -> "3 days" (in the reader's
    language where it is said)."""
    if seconds % 86400 == 0 and seconds != 86400:  # a day is said "24 hours", as offered
        return n_("{count} day", "{count} days", seconds // 86400)
    if seconds % 3600 == 0:
        return n_("{count} hour", "{count} hours", seconds // 3600)
    if seconds % 60 == 0:
        return n_("{count} minute", "{count} minutes", seconds // 60)
    return n_("{count} second", "{count} seconds", seconds)
