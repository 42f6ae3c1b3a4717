"""The real bot, end to end, in SimCord's in-memory Discord: members press only the
components the bot offers, chosen at random from a seed."""

from __future__ import annotations

import logging
import random
import re
from typing import Any

import discord
import pytest

from bot.settings import Settings
from bot.simulate import (
    Table,
    check_final,
    custom_id,
    mover_of,
    opened,
    options,
    panel_of,
    play_out,
    play_turn,
    restart,
    start,
)
from bot.views.live import LIFETIME
from engine import PRESETS


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
async def test_two_members_play_a_whole_game(database_url: str, rules: str) -> None:
    async with opened(database_url) as table:
        thread = await start(table, rules)
        await play_out(table, thread, seed=len(rules))
        final = thread.history()[-1]
        assert "Game over" in final.content and final.attachments
        assert "vs" in thread.name and ("won" in thread.name or "draw" in thread.name)
        assert all(not m.components for m in thread.history()[:-1]), "old turns lose their buttons"
        assert_no_hand_in_public(table, thread)


async def test_a_third_member_cannot_act(database_url: str) -> None:
    async with opened(database_url) as table:
        thread = await start(table)
        last = thread.history()[-1]
        refused = await table.carol.click(last, label="Your hand")
        assert refused.response.ephemeral and "not playing" in refused.response.content
        refused = await table.carol.click(last, label="Resign")
        assert refused.response.ephemeral and "not playing" in refused.response.content
        assert len(thread.history()) == 1


async def test_restart_mid_game_keeps_every_button(database_url: str) -> None:
    async with opened(database_url) as table:
        thread = await start(table)
        rng = random.Random(3)
        for _ in range(6):
            await play_turn(table, thread, rng)
        before = len(thread.history())
        await restart(table)
        await play_out(table, thread, seed=4)
        assert len(thread.history()) > before


async def choose_first_card(mover: Any, panel: Any) -> Any:
    """Choose the first card (in hand order) that has a place to go; the chosen panel."""
    for card in options(panel, "caravan:card:"):
        select = custom_id(panel, "caravan:card:")
        panel = panel_of(await mover.select(panel, [card], custom_id=select))
        if options(panel, "caravan:move:"):
            return panel
    raise AssertionError("no card in the hand can be played")


async def outlive_panels(table: Table) -> None:
    """Let the panels opened so far pass the 15 minutes the bot may change them in: they
    keep their controls as they were (turns here are 24 hours)."""
    await table.env.advance_time(LIFETIME + 61)


async def test_double_press_applies_once(database_url: str) -> None:
    """The same move pressed twice (SimCord runs one interaction at a time, so the second
    press comes from a second panel drawn at the same version, the first one too old for
    the bot to retire; the service's concurrency tests cover truly simultaneous presses)."""
    async with opened(database_url) as table:
        thread = await start(table)
        last = thread.history()[-1]
        mover = mover_of(table, last)
        first = await choose_first_card(mover, panel_of(await mover.click(last, label="Your hand")))
        await outlive_panels(table)
        second = await choose_first_card(
            mover, panel_of(await mover.click(last, label="Your hand"))
        )
        move = options(first, "caravan:move:")[0]
        where = custom_id(first, "caravan:move:")
        assert custom_id(second, "caravan:move:") == where
        played = panel_of(await mover.select(second, [move], custom_id=where))
        assert "Played." in played.content
        again = panel_of(await mover.select(first, [move], custom_id=where))
        assert "out of date" in again.content and again.ephemeral
        shown = [m.id for m in thread.history(viewer=mover)]
        assert played.id not in shown, "the panel last pressed is the live one; the other went"
        assert len(thread.history()) == 2, "one move, one new turn message"


async def test_stale_panel_is_refused_with_the_current_hand(database_url: str) -> None:
    async with opened(database_url) as table:
        thread = await start(table)
        last = thread.history()[-1]
        mover = mover_of(table, last)
        old = panel_of(await mover.click(last, label="Your hand"))
        await outlive_panels(table)
        await play_turn(table, thread, random.Random(1))
        count = len(thread.history())
        card = options(old, "caravan:card:")[0]
        again = panel_of(await mover.select(old, [card], custom_id=custom_id(old, "caravan:card:")))
        assert "moved on" in again.content and again.ephemeral
        assert again.attachments and not options(again, "caravan:card:"), "not their turn now"
        assert len(thread.history()) == count


async def test_challenge_answers(database_url: str) -> None:
    async with opened(database_url) as table:
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


async def test_open_challenge_anyone_may_accept(database_url: str) -> None:
    async with opened(database_url) as table:
        t = table
        challenge = await t.alice.slash(t.channel, "caravan challenge")
        await t.carol.click(challenge.response, label="Accept")
        thread = t.channel.threads[-1]
        assert "Alice vs Carol" in thread.name


async def test_an_unanswered_challenge_expires(database_url: str) -> None:
    async with opened(database_url) as t:
        await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        await t.env.advance_time(Settings().challenge_expiry_seconds + 61)
        message = t.channel.history()[-1]
        assert "expired" in message.content and not message.components
        assert not t.channel.threads


async def test_a_challenge_to_a_bot_is_refused(database_url: str) -> None:
    async with opened(database_url) as t:
        robot = t.guild.add_member(t.env.create_user("Robot", bot=True))
        refused = await t.alice.slash(t.channel, "caravan challenge", opponent=robot)
        assert refused.response.ephemeral and "Bots cannot play" in refused.response.content


async def test_without_thread_permission_the_game_runs_in_the_channel(database_url: str) -> None:
    async with opened(database_url) as t:
        me = t.guild.me
        closed = t.guild.create_text_channel(
            "no-threads", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
        )
        challenge = await t.alice.slash(closed, "caravan challenge", opponent=t.bob)
        await t.bob.click(challenge.response, label="Accept")
        assert not closed.threads
        turn = closed.history()[-1]
        assert "your move" in turn.content and turn.attachments
        mover = mover_of(t, turn)
        panel = panel_of(await mover.click(turn, label="Your hand"))
        assert panel.ephemeral and options(panel, "caravan:card:")


async def test_the_waiting_player_may_look_at_their_hand(database_url: str) -> None:
    async with opened(database_url) as t:
        thread = await start(t)
        turn = thread.history()[-1]
        waiting = t.bob if mover_of(t, turn) is t.alice else t.alice
        panel = panel_of(await waiting.click(turn, label="Your hand"))
        assert panel.ephemeral and panel.attachments
        assert "move" in panel.content and not panel.components


async def test_resigning_asks_first_may_be_cancelled_and_ends_the_game(database_url: str) -> None:
    async with opened(database_url) as t:
        thread = await start(t)
        turn = thread.history()[-1]
        asked = await t.alice.click(turn, label="Resign")
        assert asked.response.ephemeral and "Resign this game?" in asked.response.content
        assert len(thread.history()) == 1, "nothing happens before the confirmation"
        kept = await t.alice.click(asked.response, label="Cancel")
        assert kept.response.content == "You play on." and not kept.response.components
        assert len(thread.history()) == 1 and "Game over" not in thread.history()[-1].content
        asked = await t.alice.click(turn, label="Resign")
        await t.alice.click(asked.response, label="Yes, resign")
        check_final(thread.history()[-1], "Bob wins: Alice resigned.")
        assert "Bob won" in thread.name


async def test_an_unexpected_error_answers_privately_and_changes_nothing(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with opened(database_url) as t:
        thread = await start(t)
        turn = thread.history()[-1]
        mover = mover_of(t, turn)
        panel = await choose_first_card(mover, panel_of(await mover.click(turn, label="Your hand")))

        async def broken(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("the database fell over")

        monkeypatch.setattr(t.env.bot.service, "play", broken)
        move = options(panel, "caravan:move:")[0]
        failed = await mover.select(panel, [move], custom_id=custom_id(panel, "caravan:move:"))
        answer = panel_of(failed)
        assert answer.ephemeral and "the game is unchanged" in answer.content
        assert "fell over" not in answer.content
        assert len(thread.history()) == 1


async def test_info_logs_carry_no_cards(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """One line per interaction with its handling time, and nothing about anyone's cards."""
    caplog.set_level(logging.INFO, logger="caravan")
    async with opened(database_url) as t:
        thread = await start(t)
        rng = random.Random(5)
        for _ in range(12):
            await play_turn(t, thread, rng)
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    handled = [line for line in lines if re.fullmatch(r"[\w-]+ by \d+: \w+ in [\d.]+ ms", line)]
    assert len(handled) >= 12 * 2  # hand, card (and a place, unless the card has one)
    for line in lines:
        assert not re.search(r"\b(10|[2-9AJQK])[cdhs♣♦♥♠](?!\w)", line), line
        assert not re.search(r"joker|hand\.png", line, re.I), line
