"""A second bot process racing the first for an event's rounds: on the same database, it
moves the event on (`Tournaments.advance`, as a process does when the last game of a round
ends there) as fast as it can, until the event is over or it is told to stop. Run by
`test_events_discord.py`:

    python -m tests.bot.event_rival DATABASE_URL TOURNAMENT_ID

It prints `RIVAL {"wrote": N}` at the end: how many steps it wrote itself (a round paired,
the end): the first process posts those rounds' games when its minute's sweep finds them.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time

from bot.service import GameService
from bot.settings import Settings
from bot.store import open_store
from bot.tournaments import Tournaments


async def race(url: str, tournament_id: int, seconds: float = 300.0) -> int:
    store = await open_store(url)
    settings = Settings()
    service = GameService(store, settings, time.time)
    events = Tournaments(store, service, settings, time.time)
    wrote = 0
    stop = time.monotonic() + seconds
    try:
        while time.monotonic() < stop:
            moved = await events.advance(tournament_id)
            wrote += bool(moved.new_round or moved.finished)
            if moved.event.tournament.status in ("finished", "cancelled"):
                break
            await asyncio.sleep(0.01)
    finally:
        await store.close()
    return wrote


def main() -> None:
    wrote = asyncio.run(race(sys.argv[1], int(sys.argv[2])))
    print("RIVAL " + json.dumps({"wrote": wrote}), flush=True)


if __name__ == "__main__":
    main()
