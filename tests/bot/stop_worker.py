"""A bot process for test_stop: the real bot in a SimCord world on a database, served the
way `caravan-bot run` serves it (`bot.stopping.serve`), stopped by a real signal.

    python -m tests.bot.stop_worker DATABASE_URL [inside]

It starts GAMES games between pairs of members and prints `READY {"game id": version}`;
then the players move in every game in turn (the hand, a card, a place), pressing as fast
as the bot answers (SimCord takes one press at a time), until a SIGTERM stops the bot.
Each press prints a line:

    ACK game        a move the bot acknowledged ("Played.")
    REFUSED game    answered "the bot is restarting; please try again in a moment"
    ANSWERED game   any other answer (a panel, a card's places)
    UNANSWERED game no answer at all (what a clean stop must never leave)

and `STOPPED {"errors": [...]}` once the bot is closed (SimCord's errors, if any). When
the stop begins it prints `IN_FLIGHT n`, the interactions then under way. With `inside`,
the process sends itself the SIGTERM from inside a move, just before the move is committed
(printing `SIGNALLED` first): the signal then lands while that interaction is under way.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys
from typing import Any

from bot.simulate import (
    Table,
    custom_id,
    mover_of,
    open_hand,
    opened,
    options,
    panel_of,
    playing,
    start_many,
)
from bot.stopping import serve

GAMES = 4
SIGNAL_AT = 12  # the move, counted from the first, in whose commit the signal is sent
RESTARTING = "The bot is restarting"


def say(*words: Any) -> None:
    print(*words, flush=True)


def heard(result: Any, game: int) -> str:
    """How the bot answered one press (printed), as one word."""
    if not result.acknowledged:
        kind = "UNANSWERED"
    else:
        content = panel_of(result).content
        kind = "REFUSED" if RESTARTING in content else "ACK" if "Played." in content else "ANSWERED"
    say(kind, game)
    return kind


async def move_in(t: Table, game: int, thread: Any, players: Any, rng: random.Random) -> None:
    """The player to move in `game` opens their hand, chooses a card and a place, each
    press as the bot answers the last (a refusal ends the try)."""
    bot = t.env.bot
    last = thread.history()[-1]
    assert playing(last), "the games are long enough"
    mover = mover_of(t, last, players)
    result = await open_hand(mover, last)
    if heard(result, game) != "ANSWERED" or bot.is_closed():
        return
    panel = panel_of(result)
    which = custom_id(panel, "caravan:card:")
    result = await mover.select(
        panel, [rng.choice(options(panel, "caravan:card:"))], custom_id=which
    )
    if heard(result, game) != "ANSWERED" or bot.is_closed():
        return
    chosen = panel_of(result)
    places = [m for m in options(chosen, "caravan:move:") if not m.startswith("page:")]
    if places:
        where = custom_id(chosen, "caravan:move:")
        heard(await mover.select(chosen, [rng.choice(places)], custom_id=where), game)


def signal_inside_a_move(t: Table) -> None:
    """Make the SIGNAL_AT-th move send this process SIGTERM just before it is committed."""
    service = t.env.bot.service
    play = service.play
    calls = 0

    async def play_and_signal(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == SIGNAL_AT:
            say("SIGNALLED")
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.sleep(0.05)  # the handler runs and the stop begins meanwhile
        return await play(*args, **kwargs)

    service.play = play_and_signal  # type: ignore[method-assign]


def report_in_flight(t: Table) -> None:
    """Print how many interactions are under way when the stop begins to wait for them."""
    guard = t.env.bot.guard
    idle = guard.idle

    async def reported() -> None:
        say("IN_FLIGHT", guard.in_flight)
        await idle()

    guard.idle = reported  # type: ignore[method-assign]


async def main(url: str, inside: bool) -> None:
    async with opened(url) as t:
        games = await start_many(t, GAMES)
        report_in_flight(t)
        if inside:
            signal_inside_a_move(t)
        service = t.env.bot.service
        found = {}
        for thread, players in games:
            info = await service.ledger.game_in_thread(thread.id)
            found[info.id] = (thread, players, info.version)
        say("READY " + json.dumps({game: version for game, (_, _, version) in found.items()}))

        async def burst() -> None:
            rng = random.Random(7)
            while True:
                for game, (thread, players, _) in found.items():
                    if t.env.bot.is_closed():
                        return
                    await move_in(t, game, thread, players, rng)

        await serve(t.env.bot, burst())
        say("STOPPED " + json.dumps({"errors": [repr(e) for e in t.env.errors]}))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2:] == ["inside"]))
