"""The real bot, end to end, in SimCord's in-memory Discord: members press only the
components the bot offers, chosen at random from a seed."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot.app import create_bot
from bot.settings import Settings
from engine import PRESETS


@dataclass
class Table:
    env: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any
    path: Path

    def member(self, user_id: int) -> Any:
        return next(m for m in (self.alice, self.bob) if m.id == user_id)


def settings(path: Path) -> Settings:
    return Settings(database_path=path, discord_token="")


@asynccontextmanager
async def opened(tmp_path: Path) -> AsyncIterator[Table]:
    """A guild with Alice, Bob and Carol and a #caravan channel, the real bot running.
    (A context manager rather than a fixture: SimCord's context must open and close in
    the same task.)"""
    path = tmp_path / "caravan.db"
    async with simcord.run(create_bot(settings(path)), strict_sync=False) as env:
        guild = env.create_guild("Mojave")
        channel = guild.create_text_channel("caravan")
        alice = guild.add_member(env.create_user("Alice"))
        bob = guild.add_member(env.create_user("Bob"))
        carol = guild.add_member(env.create_user("Carol"))
        yield Table(env, channel, alice, bob, carol, path)
        assert not env.errors


def options(message: Any, prefix: str) -> list[str]:
    """The values of the select on `message` whose custom_id starts with `prefix`."""
    for row in message.components:
        for component in row["components"]:
            if component.get("custom_id", "").startswith(prefix):
                return [option["value"] for option in component["options"]]
    return []


def custom_id(message: Any, prefix: str) -> str:
    for row in message.components:
        for component in row["components"]:
            if component.get("custom_id", "").startswith(prefix):
                return str(component["custom_id"])
    raise AssertionError(f"no component {prefix} on {message.content!r}")


def panel_of(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


async def start(t: Table, rules: str = "new-vegas") -> Any:
    challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob, rules=rules)
    await t.bob.click(challenge.response, label="Accept")
    assert t.channel.threads, "the game gets a thread"
    return t.channel.threads[-1]


def mover_of(t: Table, message: Any) -> Any:
    return next(m for m in (t.alice, t.bob) if f"<@{m.id}>, your move" in message.content)


async def play_turn(t: Table, thread: Any, rng: random.Random) -> bool:
    """The player to move opens their hand, picks a card (or a disband) and a place, all
    from what the bot offers. False once the game is over."""
    last = thread.history()[-1]
    if "Game over" in last.content:
        return False
    mover = mover_of(t, last)
    panel = panel_of(await mover.click(last, label="Your hand"))
    assert panel.ephemeral and panel.attachments
    while True:
        cards = options(panel, "caravan:card:")
        disbands = options(panel, "caravan:move:")
        if disbands and rng.random() < 0.05:
            result = await mover.select(
                panel, [rng.choice(disbands)], custom_id=custom_id(panel, "caravan:move:")
            )
            break
        result = await mover.select(
            panel, [rng.choice(cards)], custom_id=custom_id(panel, "caravan:card:")
        )
        panel = panel_of(result)
        moves = [m for m in options(panel, "caravan:move:") if not m.startswith("page:")]
        if moves:
            result = await mover.select(
                panel, [rng.choice(moves)], custom_id=custom_id(panel, "caravan:move:")
            )
            break
    assert "Played." in panel_of(result).content
    return True


async def play_out(t: Table, thread: Any, seed: int, limit: int = 2000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if not await play_turn(t, thread, rng):
            return
    raise AssertionError("the game did not end")


def assert_no_hand_in_public(t: Table, thread: Any) -> None:
    """Public messages carry the table only: no hand image, no select of cards."""
    for channel in (t.channel, thread):
        for message in channel.history(viewer=t.carol):
            assert all(a.filename != "hand.png" for a in message.attachments)
            assert not any(
                c.custom_id and c.custom_id.startswith(("caravan:card", "caravan:move"))
                for row in message.components
                for c in getattr(row, "children", [])
            )


@pytest.mark.parametrize("rules", sorted(PRESETS))
async def test_two_members_play_a_whole_game(tmp_path: Path, rules: str) -> None:
    async with opened(tmp_path) as table:
        thread = await start(table, rules)
        await play_out(table, thread, seed=len(rules))
        final = thread.history()[-1]
        assert "Game over" in final.content and final.attachments
        assert "vs" in thread.name and ("won" in thread.name or "draw" in thread.name)
        assert all(not m.components for m in thread.history()[:-1]), "old turns lose their buttons"
        assert_no_hand_in_public(table, thread)


async def test_a_third_member_cannot_act(tmp_path: Path) -> None:
    async with opened(tmp_path) as table:
        thread = await start(table)
        last = thread.history()[-1]
        refused = await table.carol.click(last, label="Your hand")
        assert refused.response.ephemeral and "not playing" in refused.response.content
        refused = await table.carol.click(last, label="Resign")
        assert refused.response.ephemeral and "not playing" in refused.response.content
        assert len(thread.history()) == 1


async def test_restart_mid_game_keeps_every_button(tmp_path: Path) -> None:
    async with opened(tmp_path) as table:
        thread = await start(table)
        rng = random.Random(3)
        for _ in range(6):
            await play_turn(table, thread, rng)
        before = len(thread.history())
        await table.env.restart_bot(create_bot(settings(table.path)))
        await play_out(table, thread, seed=4)
        assert len(thread.history()) > before


async def choose_first_card(mover: Any, panel: Any) -> Any:
    card = options(panel, "caravan:card:")[0]
    return panel_of(await mover.select(panel, [card], custom_id=custom_id(panel, "caravan:card:")))


async def test_double_press_applies_once(tmp_path: Path) -> None:
    """The same move pressed twice (SimCord runs one interaction at a time, so the second
    press comes from a second panel drawn at the same version; the service's concurrency
    tests cover truly simultaneous presses)."""
    async with opened(tmp_path) as table:
        thread = await start(table)
        last = thread.history()[-1]
        mover = mover_of(table, last)
        first = await choose_first_card(mover, panel_of(await mover.click(last, label="Your hand")))
        second = await choose_first_card(
            mover, panel_of(await mover.click(last, label="Your hand"))
        )
        move = options(first, "caravan:move:")[0]
        where = custom_id(first, "caravan:move:")
        assert custom_id(second, "caravan:move:") == where
        played = panel_of(await mover.select(first, [move], custom_id=where))
        again = panel_of(await mover.select(second, [move], custom_id=where))
        assert "Played." in played.content
        assert "out of date" in again.content and again.ephemeral
        assert len(thread.history()) == 2, "one move, one new turn message"


async def test_stale_panel_is_refused_with_the_current_hand(tmp_path: Path) -> None:
    async with opened(tmp_path) as table:
        thread = await start(table)
        last = thread.history()[-1]
        mover = mover_of(table, last)
        old = panel_of(await mover.click(last, label="Your hand"))
        await play_turn(table, thread, random.Random(1))
        count = len(thread.history())
        card = options(old, "caravan:card:")[0]
        again = panel_of(await mover.select(old, [card], custom_id=custom_id(old, "caravan:card:")))
        assert "moved on" in again.content and again.ephemeral
        assert again.attachments and not options(again, "caravan:card:"), "not their turn now"
        assert len(thread.history()) == count


async def test_challenge_answers(tmp_path: Path) -> None:
    async with opened(tmp_path) as table:
        t = table
        challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        wrong = await t.carol.click(challenge.response, label="Accept")
        refusal = panel_of(wrong)
        assert refusal.ephemeral and "for <@" in refusal.content
        declined = await t.bob.click(challenge.response, label="Decline")
        assert "Declined" in t.channel.history()[-1].content
        assert declined.acknowledged
        challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        await t.alice.click(challenge.response, label="Cancel")
        assert "Cancelled" in t.channel.history()[-1].content
        self_challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.alice)
        assert self_challenge.response.ephemeral and "yourself" in self_challenge.response.content
        assert not t.channel.threads


async def test_open_challenge_anyone_may_accept(tmp_path: Path) -> None:
    async with opened(tmp_path) as table:
        t = table
        challenge = await t.alice.slash(t.channel, "caravan challenge")
        await t.carol.click(challenge.response, label="Accept")
        thread = t.channel.threads[-1]
        assert "Alice vs Carol" in thread.name
