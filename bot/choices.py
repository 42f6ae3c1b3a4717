"""The turn times a challenge offers, and a turn time in words. (A new game's options are
decided by the service: `GameService.game_options`.)"""

from __future__ import annotations

from bot.i18n import Text, n_
from bot.server import TURN_SECONDS

# The turn deadlines offered at a challenge, named as the command's choices (seconds from
# the server settings' TURN_SECONDS, the one list of them).
TURN_TIMES = dict(zip(("5 minutes", "1 hour", "24 hours", "3 days"), TURN_SECONDS, strict=True))


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
