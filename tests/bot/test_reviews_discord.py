"""The computer's review in Discord (SimCord): the Review button on a finished game's table
and `/caravan review`, the progress message, the review posted in the game's thread (its
chart, accuracy, turning points, the select that shows each), asked again, on both
stores."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.reviewing import LOOK_EVERY, TICK
from bot.reviews import STALE_SECONDS
from bot.simulate import Table, opened, panel_of, play_turn, restart, start
from tests.bot.test_decktet_discord import play_to_the_end, start_decktet
from tests.bot.test_server_life import resign

ITERATIONS = 24  # a small budget: the test is about the flow, not the judgement


async def review_posted(t: Table, thread: Any, before: int) -> Any:
    """The review message once it is posted in `thread` (after `before` messages): the
    clock moves on a tick at a time (the runner's loop looks at the moves being judged on
    its ticks) while the worker judges in real time."""
    for _ in range(3000):
        for message in thread.history()[before:]:
            if any(a.filename == "review.png" for a in message.attachments):
                return message
        await t.env.advance_time(TICK)
        await asyncio.sleep(0.005)
    raise AssertionError("no review was posted")


async def finished_game(t: Table, moves: int = 4) -> tuple[Any, int]:
    thread = await start(t)
    game_id = int(thread.history()[-1].components[0].children[0].custom_id.split(":")[-1])
    for _ in range(moves):
        assert await play_turn(t, thread, random.Random(5), players=(t.alice, t.bob))
    await resign(t, thread, t.bob)
    return thread, game_id


async def test_a_finished_game_is_reviewed_in_its_thread(database_url: str) -> None:
    async with opened(database_url, review_workers=0, review_iterations=ITERATIONS) as t:
        thread, game_id = await finished_game(t)
        final = thread.history()[-1]
        labels = [c.label for row in final.components for c in row.children]
        assert "Review" in labels and "Rematch" in labels
        before = len(thread.history())
        asked = await t.carol.click(final, label="Review")
        reply = panel_of(asked)
        assert reply.ephemeral and f"reviewing game #{game_id}" in reply.content
        posted = await review_posted(t, thread, before + 1)
        progress = thread.history()[before]  # edited in place as the moves were judged
        assert progress.content == (
            f"The computer's review of game #{game_id} is ready: {posted.jump_url}"
        )
        assert posted.content.startswith(f"**The computer's review of game #{game_id}**")
        assert "Accuracy: " in posted.content
        assert posted.attachments[0].description.startswith("Each player's chance of winning")
        # asked again, by anyone: where it is, at once, nothing posted again
        again = panel_of(await t.alice.slash(t.channel, "caravan review", game=game_id))
        assert again.ephemeral and "The computer's review of game" in again.content
        assert (
            len(
                [
                    m
                    for m in thread.history()
                    if m.attachments and m.attachments[0].filename == "review.png"
                ]
            )
            == 1
        )


async def test_a_game_in_progress_is_not_reviewed(database_url: str) -> None:
    async with opened(database_url, review_workers=0, review_iterations=ITERATIONS) as t:
        thread = await start(t)
        game_id = int(thread.history()[-1].components[0].children[0].custom_id.split(":")[-1])
        refused = panel_of(await t.carol.slash(t.channel, "caravan review", game=game_id))
        assert refused.ephemeral and "not over yet" in refused.content


async def test_a_decktet_game_is_reviewed_too(database_url: str) -> None:
    async with opened(database_url, review_workers=0, review_iterations=ITERATIONS) as t:
        thread = await start_decktet(t, hands=1)
        await play_to_the_end(t, thread, seed=3)
        final = thread.history()[-1]
        game_id = int(final.components[0].children[0].custom_id.split(":")[-1])
        before = len(thread.history())
        asked = panel_of(await t.alice.click(final, label="Review"))
        assert asked.ephemeral and f"reviewing game #{game_id}" in asked.content
        posted = await review_posted(t, thread, before + 1)
        assert posted.content.startswith(f"**The computer's review of game #{game_id}**")
        if posted.components:  # a turning point's table, privately
            shown = panel_of(await t.bob.select(posted, ["1"]))
            assert shown.ephemeral and "(turning point 1)" in shown.content
            assert [a.filename for a in shown.attachments] == ["turning-point.png"]


async def test_a_review_cut_by_a_restart_goes_on_where_it_stopped(database_url: str) -> None:
    budget = {"review_workers": 0, "review_iterations": ITERATIONS}
    async with opened(database_url, **budget) as t:
        thread, game_id = await finished_game(t, moves=6)
        final = thread.history()[-1]
        before = len(thread.history())
        await t.carol.click(final, label="Review")
        for _ in range(200):  # a few moves judged, not all
            await t.env.advance_time(TICK)
            await asyncio.sleep(0.005)
            kept = await t.env.bot.service.reviews.review(game_id)
            assert kept is not None
            if len(kept.judged) >= 2:
                break
        assert 2 <= len(kept.judged) < kept.total and kept.status == "running"
        await restart(t, **budget)
        # the old process's heartbeat goes stale; the new process takes the review over
        await t.env.advance_time(STALE_SECONDS + LOOK_EVERY + 1)
        posted = await review_posted(t, thread, before + 1)
        done = await t.env.bot.service.reviews.review(game_id)
        assert done is not None and done.done and len(done.judged) == done.total
        assert done.judged[: len(kept.judged)] == kept.judged  # not judged again
        assert thread.history()[before].content.endswith(posted.jump_url)  # never stuck
