"""Decktet Caravan end to end in SimCord: whole games between two members and against the
bot, through the hand panel's card select, wild readings and Pass; refusals; ratings kept
per game; the rules help and its credit."""

from __future__ import annotations

import json
import random
import shlex
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.simulate import (
    Table,
    custom_id,
    hand_in,
    opened,
    options,
    panel_of,
    play_decktet_turn,
)
from tests.bot.test_discord import assert_no_hand_in_public

DECKTET = "decktet"


@pytest.fixture
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The games' deals fixed (the bot draws each game's seed at random), so a test that
    plays random moves and counts what kinds of play came up gets the same games every run."""
    deals = iter(range(1000, 1100))
    monkeypatch.setattr("bot.openings.secrets", SimpleNamespace(randbits=lambda _bits: next(deals)))


async def start_decktet(t: Table, hands: int | None = 1) -> Any:
    """A Decktet game between Alice and Bob (`hands` None: the default, 5)."""
    extra = {"hands": hands} if hands is not None else {}
    challenge = await t.alice.slash(
        t.channel, "caravan challenge", opponent=t.bob, game=DECKTET, **extra
    )
    assert f"to Decktet Caravan ({hands or 5} hand" in challenge.response.content
    await t.bob.click(challenge.response, label="Accept")
    thread = t.channel.threads[-1]
    assert thread.name.startswith("Decktet Caravan: Alice vs Bob")
    return thread


async def play_to_the_end(
    t: Table, thread: Any, seed: int, players: tuple[Any, ...] = (), limit: int = 1500
) -> dict[str, int]:
    rng = random.Random(seed)
    ways: dict[str, int] = {}
    for _ in range(limit):
        way = await play_decktet_turn(t, thread, rng, players)
        if way is None:
            return ways
        ways[way] = ways.get(way, 0) + 1
    raise AssertionError("the game did not end")


async def test_two_members_play_a_whole_game(tmp_path: Path, fixed_deals: None) -> None:
    async with opened(tmp_path) as t:
        thread = await start_decktet(t, hands=None)
        first = thread.history()[-1]
        assert "leads the first season" in first.content and "lead a caravan" in first.content
        ways = await play_to_the_end(t, thread, seed=3)
        assert ways.get("direct") and ways.get("pass"), ways
        final = thread.history()[-1]
        assert "Game over" in final.content and final.attachments
        assert "the higher total after the last hand" in final.content
        assert "won" in thread.name or "draw" in thread.name
        said = "\n".join(m.content for m in thread.history())
        for hand in range(1, 6):
            assert f"Hand {hand}: " in said, "each hand's score is told"
        assert all(not m.components for m in thread.history()[:-1]), "old turns lose buttons"
        assert_no_hand_in_public(t, thread)


async def test_wild_readings_are_offered_when_ambiguous(tmp_path: Path, fixed_deals: None) -> None:
    async with opened(tmp_path) as t:
        used = 0
        for game in range(3):
            thread = await start_decktet(t, hands=1)
            ways = await play_to_the_end(t, thread, seed=10 + game)
            used += ways.get("reading", 0)
            if used:
                break
        assert used, "some random play needed the wilds' reading"


@pytest.mark.parametrize("difficulty", ["normal", "hard"])  # greedy; the search player
async def test_a_whole_game_against_the_bot(tmp_path: Path, difficulty: str) -> None:
    # the bot thinks in a worker process, as in production
    async with opened(tmp_path, ai_workers=1, ai_pause_seconds=0.5) as t:
        started = await t.alice.slash(
            t.channel, "caravan play-ai", difficulty=difficulty, game=DECKTET, hands=2
        )
        assert "plays Decktet Caravan against me" in started.response.content
        thread = t.channel.threads[-1]
        for _ in range(400):
            last = thread.history()[-1]
            if "Game over" in last.content:
                break
            if f"<@{t.alice.id}>, your move" not in last.content:
                await t.env.advance_time(1)  # the bot thinks and pauses
                continue
            await play_decktet_turn(t, thread, random.Random(len(thread.history())), (t.alice,))
        final = thread.history()[-1]
        assert "Game over" in final.content
        bot_turns = [m for m in thread.history() if m.content.startswith("TestBot ")]
        assert all(f"<@{t.env.bot.user.id}>" not in m.content for m in thread.history())
        assert len(bot_turns) >= 3
        assert_no_hand_in_public(t, thread)


async def test_cards_that_make_no_play_are_refused_and_nothing_changes(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        thread = await start_decktet(t)
        turn = thread.history()[-1]
        mover = t.alice if f"<@{t.alice.id}>" in turn.content else t.bob
        panel = panel_of(await mover.click(turn, label="Your hand"))
        service = t.env.bot.service
        info = await service.ledger.game_in_thread(thread.id)
        _, view = await service.view(info.id, mover.id)
        # two numbered cards of the same rank never make a caravan
        ranks: dict[int, list[int]] = {}
        for i, card in enumerate(view.hand):
            if not card.is_wild:
                ranks.setdefault(card.rank, []).append(i)
        pair = next(places for places in ranks.values() if len(places) >= 2)[:2]
        where = custom_id(panel, "caravan:cards:")
        answer = panel_of(await mover.select(panel, [str(i) for i in pair], custom_id=where))
        assert ": no caravan." in answer.content and answer.ephemeral
        assert (await service.game(info.id)).version == info.version
        # the other player cannot play, and a stranger cannot open a hand
        other = t.bob if mover is t.alice else t.alice
        theirs = panel_of(await other.click(turn, label="Your hand"))
        assert "Bob's move" in theirs.content or "Alice's move" in theirs.content
        assert not options(theirs, "caravan:cards:")
        stranger = await t.carol.click(turn, label="Your hand")
        assert "not playing" in stranger.response.content


async def test_options_are_checked_for_the_game(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        mixed = await t.alice.slash(
            t.channel, "caravan challenge", opponent=t.bob, game=DECKTET, rules="simple"
        )
        assert mixed.response.ephemeral and "New Vegas options" in mixed.response.content
        hands = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob, hands=3)
        assert hands.response.ephemeral and "Decktet Caravan option" in hands.response.content


async def test_ratings_and_leaderboards_are_kept_per_game(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        thread = await start_decktet(t, hands=1)
        await play_to_the_end(t, thread, seed=5)
        decktet = await t.alice.slash(t.channel, "caravan leaderboard", game=DECKTET)
        board = decktet.response.embeds[0]
        assert "Decktet Caravan leaderboard" in board.title
        assert "Alice" in board.description and "Bob" in board.description
        vegas = await t.alice.slash(t.channel, "caravan leaderboard")
        assert "Alice" not in (vegas.response.embeds[0].description or "")
        stats = await t.bob.slash(t.channel, "caravan stats", game=DECKTET)
        embed = panel_of(stats).embeds[0]
        assert "Decktet Caravan stats" in embed.title


async def test_rules_help_credits_the_designer(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        helped = await t.alice.slash(t.channel, "caravan rules", topic=DECKTET)
        text = helped.response.content
        assert "Decktet and Caravan by P.D. Magnus" in text and "CC BY-NC-SA 3.0" in text
        assert helped.response.attachments and len(text) <= 2000
        thread = await start_decktet(t)
        rules = await t.bob.click(thread.history()[-1], label="Rules")
        assert "Decktet Caravan" in rules.response.content and "bandit" in rules.response.content


async def test_replay_and_rematch_of_a_finished_game(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        thread = await start_decktet(t, hands=1)
        info = await t.env.bot.service.ledger.game_in_thread(thread.id)
        await play_to_the_end(t, thread, seed=7)
        final = thread.history()[-1]
        rematch = await t.bob.click(final, label="Rematch")
        assert rematch.response.ephemeral and "Rematch offered" in rematch.response.content
        offer = t.channel.history()[-1]
        assert "to Decktet Caravan (1 hand" in offer.content
        posted = panel_of(await t.carol.slash(t.channel, "caravan replay", game=info.id))
        assert "Decktet Caravan game" in posted.content
        viewer = panel_of(await t.carol.click(posted, label="Watch move by move"))
        assert viewer.ephemeral and "as dealt" in viewer.content and viewer.attachments
        moved = panel_of(await t.carol.click(viewer, label="\u25b6"))
        assert f"Game #{info.id}, move 1 of " in moved.content
        last = panel_of(await t.carol.click(moved, label="\u23ed"))
        assert "**Game over.**" in last.content
        script = next(a for a in posted.attachments if a.filename.endswith(".sh"))
        command = (await script.read()).decode().splitlines()[1]
        assert command.startswith("python -m engine.decktet new --hands 1 --seed ")
        python = shlex.quote(sys.executable)
        shown = subprocess.run(
            f"{command.replace('python', python)} | {python} -m engine.decktet show",
            shell=True,
            capture_output=True,
            text=True,
            check=True,
        )
        winner = json.loads(shown.stdout)["winner"]
        assert (
            winner in ("A", "B", "draw")
            and winner == (await t.env.bot.service.game(info.id)).winner
        )


async def test_a_panel_follows_a_play_after_which_its_player_moves_again(
    tmp_path: Path, fixed_deals: None
) -> None:
    """Found in the preview: after a play that ended a hand and gave its player the lead of
    the next, the panel stayed where it was, a screen above the newest table."""
    async with opened(tmp_path) as t:
        thread = await start_decktet(t, hands=None)
        service = t.env.bot.service
        rng = random.Random(11)
        again = 0
        for _ in range(1500):
            before = await service.ledger.game_in_thread(thread.id)
            if not before.active:
                break
            mover = t.alice if before.user_at(before.turn or "A") == t.alice.id else t.bob
            await play_decktet_turn(t, thread, rng, (t.alice, t.bob))
            after = await service.ledger.game_in_thread(thread.id)
            if after.active and after.turn == before.turn:
                again += 1
                newest = thread.history(viewer=mover)[-1]
                kept = hand_in(t, thread, mover)
                assert kept is not None and newest.id == kept.id, "under the newest table"
                assert kept.components, "with the controls: it is their move"
        assert again >= 1, "a play after which its player moves again came up"
        assert not t.env.errors
