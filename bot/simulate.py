"""Driving the real bot in SimCord's in-memory Discord the way players do: a server with
three members, and helpers that read the components the bot sent and press only those.
Used by the end-to-end tests and `benchmarks/bot_latency.py`; needs SimCord (the `local`
or `dev` extra)."""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator, Awaitable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

from bot.app import CaravanBot, create_bot
from bot.settings import Settings


@dataclass
class Table:
    env: Any
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any
    database: Path | str  # the SQLite file, or the database's URL


@dataclass
class Timings:
    """Milliseconds from each dispatch to its answer: `moves` for the select that plays a
    move, `panels` for opening the hand and choosing a card."""

    moves: list[float] = field(default_factory=list)
    panels: list[float] = field(default_factory=list)


async def _timed(into: list[float] | None, action: Awaitable[Any]) -> Any:
    started = time.perf_counter()
    result = await action
    if into is not None:
        into.append((time.perf_counter() - started) * 1000)
    return result


# Simulated members press as fast as the event loop lets them, far past a person's pace:
# the per-member limits are off unless a test sets them (`bot.pace`).
UNPACED = {"max_presses_per_second": 1_000_000, "max_challenges_per_minute": 1_000_000}


def settings(database: Path | str, **overrides: Any) -> Settings:
    """The bot's settings for a simulation on `database`: a SQLite file's path, or any
    database URL (`sqlite:///...`, `postgresql://...`)."""
    where = {"database_url": database} if isinstance(database, str) else {"database_path": database}
    return Settings(discord_token="", **where, **(UNPACED | overrides))


@asynccontextmanager
async def opened(
    where: Path | str,
    *,
    guild_shard: int | None = None,
    later: float = 0.0,
    locale: str | None = None,
    **overrides: Any,
) -> AsyncIterator[Table]:
    """A guild with Alice, Bob and Carol and a #caravan channel, the real bot running with
    `overrides` of its settings, on a SQLite file in the directory `where`, or on the
    database whose URL `where` is. (A context manager rather than a fixture: SimCord's
    context must open and close in the same task.)

    For one of several bot processes on one database (each its own SimCord world): the
    guild on shard `guild_shard`, and every id the world gives made `later` seconds on,
    so that worlds given different `later` never give the same id (SimCord's ids are the
    same in every fresh world; on Discord no two are). `locale`: the guild's preferred
    locale (Discord's Community setting; unset, English)."""
    path = where if isinstance(where, str) else where / "caravan.db"
    bot = create_bot(settings(path, **overrides))
    # A bot not told its shards asks Discord how many; SimCord's Discord answers one.
    async with simcord.run(bot, strict_sync=False, shard_count=bot.shard_count or 1) as env:
        if later:
            await env.advance_time(later)
        guild = env.create_guild("Mojave", shard_id=guild_shard, preferred_locale=locale)
        channel = guild.create_text_channel("caravan")
        alice = guild.add_member(env.create_user("Alice"))
        bob = guild.add_member(env.create_user("Bob"))
        carol = guild.add_member(env.create_user("Carol"))
        try:
            yield Table(env, guild, channel, alice, bob, carol, path)
            assert not env.errors
        finally:
            await release(env.bot)


async def release(bot: Any) -> None:
    """Close what a bot SimCord detached still holds (SimCord never calls `close()`): its
    database connections, whose threads would keep the test process from exiting."""
    if isinstance(bot, CaravanBot):
        if bot.ai is not None:
            bot.ai.close()
        if bot.reviewing is not None:
            bot.reviewing.close()
        if bot.store is not None:
            await bot.store.close()
            bot.store = None


async def restart(t: Table, **overrides: Any) -> None:
    """Restart the bot on the same database, as after a crash or a deployment."""
    old = t.env.bot
    await t.env.restart_bot(create_bot(settings(t.database, **overrides)))
    await release(old)


def options(message: Any, prefix: str) -> list[str]:
    """The values of the select on `message` whose custom_id starts with `prefix`."""
    for row in message.components:
        for component in row["components"]:
            if component.get("custom_id", "").startswith(prefix):
                return [option["value"] for option in component["options"]]
    return []


def custom_ids(message: Any) -> list[str]:
    """The custom_ids of a message's components (as an answer's payload, or as discord.py
    reads a channel's message)."""
    found = []
    for row in message.components:
        parts = row["components"] if isinstance(row, dict) else row.children
        for part in parts:
            found.append(part.get("custom_id") if isinstance(part, dict) else part.custom_id)
    return [str(c) for c in found if c]


def custom_id(message: Any, prefix: str) -> str:
    for found in custom_ids(message):
        if found.startswith(prefix):
            return found
    raise AssertionError(f"no component {prefix} on {message.content!r}")


def playing(message: Any) -> bool:
    """Whether a game's turn message is of a game still being played (it has the hand's
    button), in any language."""
    return any(found.startswith("caravan:hand:") for found in custom_ids(message))


async def open_hand(mover: Any, turn: Any) -> Any:
    """`mover` presses the turn message's hand button (whatever its label's language)."""
    return await mover.click(turn, custom_id=custom_id(turn, "caravan:hand:"))


def check_final(message: Any, words: str) -> None:
    """`message` is a game's final table, drawn from the final state: it says the game is
    over with `words` (for example "Bob wins: Alice resigned."), and so does its image's alt
    text, which (drawn from the same view as the image) names nobody to move."""
    assert "Game over" in message.content and words in message.content, message.content
    assert "moves first" not in message.content and "your move" not in message.content
    table = next(a for a in message.attachments if a.filename == "table.png")
    alt = table.description or ""
    assert words in alt and "to move" not in alt, alt


def landed(thread: Any, last: Any, result: Any) -> bool:
    """Whether the move whose last press gave `result` was played: the thread has a table
    newer than `last`, and the panel refused nothing. (The panel itself may already show
    the next turn: against the computer, it follows the game at once.)"""
    shown = panel_of(result).content
    assert "out of date" not in shown and "moved on" not in shown, shown
    return bool(thread.history()[-1].id != last.id)


def panel_of(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


def hand_in(t: Table, channel: Any, member: Any) -> Any | None:
    """`member`'s newest hand panel in `channel` (a private message with their hand's
    image), as they see it; None if there is none. A panel kept open moves under the
    newest table when the member's turn comes (`bot.views.live`)."""
    for message in reversed(channel.history(viewer=member)):
        if message.flags.ephemeral and any(a.filename == "hand.png" for a in message.attachments):
            stored = t.env.backend.get_message(channel.id, message.id)
            return simcord.ResponseMessage(t.env, stored)
    return None


async def start(t: Table, rules: str = "new-vegas") -> Any:
    challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob, rules=rules)
    await t.bob.click(challenge.response, label="Accept")
    assert t.channel.threads, "the game gets a thread"
    return t.channel.threads[-1]


def mover_of(t: Table, message: Any, players: Sequence[Any] = ()) -> Any:
    """Who the turn message asks to move, among `players` (default: Alice and Bob)."""
    candidates = players or (t.alice, t.bob)
    # the turn message mentions only the player to move, in any language
    return next(m for m in candidates if f"<@{m.id}>" in message.content)


async def play_turn(
    t: Table,
    thread: Any,
    rng: random.Random,
    players: Sequence[Any] = (),
    timings: Timings | None = None,
    kept: dict[int, Any] | None = None,
) -> bool:
    """The player to move opens their hand, picks a card (or a disband) and a place, all
    from what the bot offers. False once the game is over. With `kept` (each player's
    panel, by id), a player keeps their panel open between turns, as the bot's panels
    follow the game: their turn comes under the newest table, and they open one only the
    first time."""
    last = thread.history()[-1]
    if not playing(last):
        return False
    mover = mover_of(t, last, players)
    panels = timings.panels if timings else None
    moved = timings.moves if timings else None
    panel = hand_in(t, thread, mover) if kept is not None and mover.id in kept else None
    if panel is None or not options(panel, "caravan:card:"):
        panel = panel_of(await _timed(panels, open_hand(mover, last)))
    if kept is not None:
        kept[mover.id] = panel
    assert panel.ephemeral and panel.attachments
    while True:
        cards = options(panel, "caravan:card:")
        disbands = options(panel, "caravan:move:")
        if disbands and rng.random() < 0.05:
            disband = [rng.choice(disbands)]
            where = custom_id(panel, "caravan:move:")
            result = await _timed(moved, mover.select(panel, disband, custom_id=where))
            break
        which = custom_id(panel, "caravan:card:")
        result = await _timed(panels, mover.select(panel, [rng.choice(cards)], custom_id=which))
        if landed(thread, last, result):  # a card with one place: choosing it played it
            if timings is not None:
                timings.moves.append(timings.panels.pop())
            break
        panel = panel_of(result)
        moves = [m for m in options(panel, "caravan:move:") if not m.startswith("page:")]
        if moves:
            where = custom_id(panel, "caravan:move:")
            result = await _timed(moved, mover.select(panel, [rng.choice(moves)], custom_id=where))
            break
    assert landed(thread, last, result)
    return True


async def play_out(t: Table, thread: Any, seed: int, limit: int = 2000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if not await play_turn(t, thread, rng):
            return
    raise AssertionError("the game did not end")


async def start_many(
    t: Table, games: int, rules: str = "new-vegas", prefix: str = "Player", **options: Any
) -> list[tuple[Any, list[Any]]]:
    """`games` games between fresh pairs of members, all started: (thread, players) each;
    `options` go to `/caravan challenge` (for example `turn=300`)."""
    started = []
    for index in range(games):
        challenger = t.guild.add_member(t.env.create_user(f"{prefix} {index}a"))
        opponent = t.guild.add_member(t.env.create_user(f"{prefix} {index}b"))
        challenge = await challenger.slash(
            t.channel, "caravan challenge", opponent=opponent, rules=rules, **options
        )
        await opponent.click(challenge.response, label="Accept")
        started.append((t.channel.threads[-1], [challenger, opponent]))
    return started


async def play_decktet_turn(
    t: Table, thread: Any, rng: random.Random, players: Sequence[Any] = ()
) -> str | None:
    """Decktet Caravan: the player to move opens their hand and makes a random legal play
    through the panel: the cards in the select, then the reading of the wilds when the
    bot asks, or Pass. Returns how the play went in ("pass", "direct" or "reading"), None
    once the game is over. (The play is drawn from the player's own view, which the
    panel must offer.)"""
    last = thread.history()[-1]
    if not playing(last):
        return None
    mover = mover_of(t, last, players)
    panel = panel_of(await open_hand(mover, last))
    assert panel.ephemeral and panel.attachments
    service = t.env.bot.service
    info = await service.ledger.game_in_thread(thread.id)
    _, view = await service.view(info.id, mover.id)
    play = rng.choice(view.legal_moves)
    if play.is_pass:
        result = await mover.click(panel, label="Pass")
        assert landed(thread, last, result)
        return "pass"
    places = [str(view.hand.index(card)) for card in play.cards]
    assert set(places) <= set(options(panel, "caravan:cards:"))
    result = await mover.select(panel, places, custom_id=custom_id(panel, "caravan:cards:"))
    panel = panel_of(result)
    if landed(thread, last, result):
        return "direct"
    readings = options(panel, "caravan:move:")
    while str(play) not in readings:
        page = next(r for r in readings if r.startswith("page:"))
        where = custom_id(panel, "caravan:move:")
        panel = panel_of(await mover.select(panel, [page], custom_id=where))
        readings = options(panel, "caravan:move:")
    where = custom_id(panel, "caravan:move:")
    result = await mover.select(panel, [str(play)], custom_id=where)
    assert landed(thread, last, result)
    return "reading"
