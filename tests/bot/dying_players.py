"""A players module whose worker dies on the first decision (for tests/bot/test_thinking.py):
what a worker process killed by the system for its memory looks like to the bot."""

from __future__ import annotations

import os


def player_for(level: str) -> object:
    os._exit(3)
