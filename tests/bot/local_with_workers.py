"""`caravan-bot local` as a host runs it, with its AI worker processes started at once (the
preview starts them at the first game against the computer): for the SIGTERM test in
`test_cli.py`. Usage: python -m tests.bot.local_with_workers."""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import bot.local
from bot.cli import main

made = bot.local.create_bot


def create_bot(settings: Any) -> Any:
    caravan = made(settings)
    populate = bot.local.populate

    def populated(env: Any) -> Any:
        world = populate(env)
        pool = caravan.ai.worker._pool()
        for _ in range(caravan.settings.ai_workers):  # one task each: every worker spawned
            asyncio.get_running_loop().run_in_executor(pool, sum, (1, 2))
        return world

    bot.local.populate = populated
    return caravan


bot.local.create_bot = create_bot
if __name__ == "__main__":
    sys.exit(main(["local", "--port", "0"]))
