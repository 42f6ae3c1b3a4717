"""How playing feels, through SimCord, asserting on what the player is shown.

A player's hand panel follows the game (`bot.views.live`): kept open, it comes back under the
newest table when the player's turn comes, so every move is two choices (a card, a place)
and the panel is never more than a table away; a newer panel takes the older one away; an
ending shows on it; one older than Discord's 15 minutes is left alone. A card with one place
plays with one choice."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.games.new_vegas.hand import only_use
from bot.simulate import (
    Table,
    custom_id,
    hand_in,
    landed,
    mover_of,
    opened,
    options,
    panel_of,
    play_decktet_turn,
    play_turn,
    start,
)
from bot.views.live import LIFETIME


async def legal_card_and_place(t: Table, thread: Any, member: Any) -> tuple[str, str]:
    """A card of `member`'s that has a place on the table, and that place (from the
    engine's legal moves for their seat)."""
    game = await t.env.bot.service.ledger.game_in_thread(thread.id)
    _, view = await t.env.bot.service.view(game.id, member.id)
    move = next(m for m in view.legal_moves if m.action == "play")
    return str(view.hand.index(move.card)), str(move)


async def two_choices(t: Table, thread: Any, member: Any, panel: Any) -> Any:
    """Play a move from `panel` as it stands: a card, then a place (or the one choice,
    when the card has one place). Returns the panel after the move."""
    card, place = await legal_card_and_place(t, thread, member)
    last = thread.history()[-1]
    result = await member.select(panel, [card], custom_id=custom_id(panel, "caravan:card:"))
    chosen = panel_of(result)
    if landed(thread, last, result):
        return chosen
    where = custom_id(chosen, "caravan:move:")
    places = options(chosen, "caravan:move:")
    pick = place if place in places else next(p for p in places if not p.startswith("page:"))
    return panel_of(await member.select(chosen, [pick], custom_id=where))


def hands_of(thread: Any, member: Any) -> list[Any]:
    """The hand panels `member` sees in `thread`."""
    return [
        m
        for m in thread.history(viewer=member)
        if m.flags.ephemeral and any(a.filename == "hand.png" for a in m.attachments)
    ]


async def test_a_panel_kept_open_plays_every_move_with_two_choices_under_the_table(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path) as t:
        thread = await start(t)
        turn = thread.history()[-1]
        for member in (t.alice, t.bob):
            await member.click(turn, label="Your hand")
        seen: set[int] = set()
        for move in range(12):
            last = thread.history()[-1]
            if "Game over" in last.content:
                break
            mover = mover_of(t, last)
            panel = hand_in(t, thread, mover)
            assert panel is not None and "Your move: choose a card." in panel.content
            # the panel is the newest thing the player sees, under the table; the one it
            # replaced is gone; each turn's is a new message, so its card select is fresh
            # (an edited one keeps last turn's choice in the preview, and choosing the
            # same card again sends nothing)
            assert thread.history(viewer=mover)[-1].id == panel.id and panel.id > last.id
            assert len(hands_of(thread, mover)) == 1
            assert panel.id not in seen
            seen.add(panel.id)
            if move >= 2:  # the other player's move, in words, above the controls
                other = "Bob" if mover.id == t.alice.id else "Alice"
                assert panel.content.splitlines()[0].startswith(other), panel.content
            after = await two_choices(t, thread, mover, panel)
            assert "Played." in after.content and after.id == panel.id, "played in place"
            assert "your turn comes here, under the newest table" in after.content


async def test_a_newer_panel_takes_the_older_one_away(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        thread = await start(t)
        turn = thread.history()[-1]
        mover = mover_of(t, turn)
        first = panel_of(await mover.click(turn, label="Your hand"))
        second = panel_of(await mover.click(turn, label="Your hand"))
        assert first.id not in [m.id for m in thread.history(viewer=mover)], "deleted"
        assert [m.id for m in hands_of(thread, mover)] == [second.id]
        assert "choose a card" in second.content and second.components


async def test_an_ending_shows_on_the_open_panels(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        thread = await start(t)
        turn = thread.history()[-1]
        alice = panel_of(await t.alice.click(turn, label="Your hand"))
        asked = await t.bob.click(turn, label="Resign")
        await t.bob.click(asked.response, label="Yes, resign")
        assert "The game is over." in alice.content and not alice.components


async def test_the_panel_follows_the_computers_moves(tmp_path: Path) -> None:
    async with opened(tmp_path, ai_workers=0, ai_pause_seconds=1.0) as t:
        await t.alice.slash(t.channel, "caravan play-ai", difficulty="easy")
        thread = t.channel.threads[-1]
        for _ in range(20):  # the computer's first move, if it starts
            if f"<@{t.alice.id}>, your move" in thread.history()[-1].content:
                break
            await t.env.advance_time(1)
        panel = panel_of(await t.alice.click(thread.history()[-1], label="Your hand"))
        for _ in range(4):
            await two_choices(t, thread, t.alice, panel)
            after = hand_in(t, thread, t.alice)
            assert after is not None and "Your move: choose a card." in after.content, (
                "the computer answered and Alice's panel shows her turn"
            )
            assert thread.history(viewer=t.alice)[-1].id == after.id, "under its table"
            panel = after


async def test_a_panel_past_fifteen_minutes_is_left_as_it_was(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        thread = await start(t)
        turn = thread.history()[-1]
        mover = mover_of(t, turn)
        waiting = t.bob if mover.id == t.alice.id else t.alice
        panel = panel_of(await waiting.click(turn, label="Your hand"))
        before = panel.content
        await t.env.advance_time(LIFETIME + 61)
        mine = panel_of(await mover.click(turn, label="Your hand"))
        await two_choices(t, thread, mover, mine)
        assert panel.content == before and not panel.components
        assert not t.env.errors


def card_options(panel: Any) -> list[dict[str, Any]]:
    for row in panel.components:
        for component in row["components"]:
            if component.get("custom_id", "").startswith("caravan:card:"):
                return list(component["options"])
    return []


async def test_a_card_with_one_place_plays_with_one_choice(tmp_path: Path) -> None:
    """Its option says so; choosing it plays it; its discard is offered beside the cards."""
    async with opened(tmp_path) as t:
        thread = await start(t)
        service = t.env.bot.service
        rng = random.Random(7)
        for _ in range(300):
            last = thread.history()[-1]
            assert "Game over" not in last.content, "no card with one place came up"
            mover = mover_of(t, last)
            panel = panel_of(await mover.click(last, label="Your hand"))
            info = await service.ledger.game_in_thread(thread.id)
            _, view = await service.view(info.id, mover.id)
            single = [o for o in card_options(panel) if o["description"].startswith("one place")]
            for option in single:
                card = view.hand[int(option["value"])]
                discards = [m for m in view.legal_moves if m.action == "discard" and m.card == card]
                if discards:
                    break
            else:
                await play_turn(t, thread, rng)
                continue
            only = only_use(view, card)
            assert only is not None and only.action != "discard"
            assert str(discards[0]) in options(panel, "caravan:move:")
            select = custom_id(panel, "caravan:card:")
            result = await mover.select(panel, [option["value"]], custom_id=select)
            assert landed(thread, last, result)
            _, moves = await t.env.bot.store.games.seed_and_moves(info.id)
            assert moves[-1] == str(only)
            return
        raise AssertionError("no card with one place came up")


SIGNS = set("\u2660\u2663\u2665\u2666")


def texts_of(message: Any) -> list[str]:
    """What a member reads of a message: its words, its images' alt text, its options."""
    found = [message.content or ""]
    found += [a.description or "" for a in message.attachments]
    for row in message.components:  # raw rows (a panel) or discord.py's (a channel message)
        for component in row["components"] if isinstance(row, dict) else row.children:
            raw = component if isinstance(component, dict) else component.to_dict()
            for option in raw.get("options", []):
                found += [option.get("label", ""), option.get("description", "") or ""]
            found.append(raw.get("placeholder", "") or raw.get("label", "") or "")
    return found


async def test_cards_are_named_in_words_wherever_discord_draws_the_text(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        thread = await start(t)
        rng = random.Random(11)
        read: list[str] = []
        for _ in range(14):
            last = thread.history()[-1]
            mover = mover_of(t, last)
            panel = panel_of(await mover.click(last, label="Your hand"))
            read += texts_of(panel)
            select = custom_id(panel, "caravan:card:")
            chosen = panel_of(
                await mover.select(panel, [options(panel, "caravan:card:")[0]], custom_id=select)
            )
            read += texts_of(chosen)
            await play_turn(t, thread, rng)
        for message in thread.history():
            read += texts_of(message)
        assert any(" of " in text for text in read), "cards were named"
        assert not [text for text in read if SIGNS & set(text)]


@pytest.mark.parametrize(("seconds", "words"), [(15 * 60, "15 minutes"), (60, "1 minute")])
async def test_a_challenge_says_how_long_it_is_open_as_set(
    tmp_path: Path, seconds: int, words: str
) -> None:
    """In words and as a clock time: a relative time is counted by each client from its own
    clock (the local preview's was behind, and said 16 minutes)."""
    async with opened(tmp_path, challenge_expiry_seconds=seconds) as t:
        asked = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        text = asked.response.content
        assert f"Open for {words}, until <t:" in text and ":t>." in text, text
        until = int(text.split("<t:")[1].split(":")[0])
        challenge = await t.env.bot.service.openings.challenge(1)
        assert until == int(challenge.expires_at)


async def test_a_decktet_panel_follows_its_game_too(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        asked = await t.alice.slash(
            t.channel, "caravan challenge", opponent=t.bob, game="decktet", hands=1
        )
        await t.bob.click(asked.response, label="Accept")
        thread = t.channel.threads[-1]
        turn = thread.history()[-1]
        mover = t.alice if f"<@{t.alice.id}>" in turn.content else t.bob
        waiting = t.bob if mover is t.alice else t.alice
        kept = panel_of(await waiting.click(turn, label="Your hand"))
        assert "Choose the cards" not in kept.content
        await play_decktet_turn(t, thread, random.Random(3), (mover,))
        kept = hand_in(t, thread, waiting)
        assert thread.history(viewer=waiting)[-1].id == kept.id, "under the newest table"
        assert "Your move" in kept.content and kept.components, kept.content
        assert kept.content.startswith(mover.name), "the other's play, in words, first"


def move_selects(panel: Any) -> list[dict[str, Any]]:
    return [
        component
        for row in panel.components
        for component in row["components"]
        if component.get("custom_id", "").startswith("caravan:move:")
    ]


async def test_a_chosen_card_keeps_the_way_back_to_disband_and_says_its_totals(
    tmp_path: Path,
) -> None:
    """After a card is chosen, its places say the totals they make ("caravan 2: 14 → 22",
    as the turn message will), and the disbands are still offered beside them: choosing
    one disbands, with no reopening of the hand."""
    async with opened(tmp_path) as t:
        thread = await start(t)
        service = t.env.bot.service
        rng = random.Random(5)
        for _ in range(300):
            last = thread.history()[-1]
            assert "Game over" not in last.content, "no disband came up"
            mover = mover_of(t, last)
            info = await service.ledger.game_in_thread(thread.id)
            _, view = await service.view(info.id, mover.id)
            disbands = [str(m) for m in view.legal_moves if m.action == "disband" and not m.card]
            placed = [
                i
                for i, c in enumerate(view.hand)
                if len({str(m) for m in view.legal_moves if m.card == c and m.action == "play"}) > 1
            ]
            if not disbands or not placed:
                await play_turn(t, thread, rng)
                continue
            panel = panel_of(await mover.click(last, label="Your hand"))
            select = custom_id(panel, "caravan:card:")
            chosen = panel_of(await mover.select(panel, [str(placed[0])], custom_id=select))
            places, beside = move_selects(chosen)
            plays = [o for o in places["options"] if o["label"].startswith(("On ", "Start "))]
            assert plays and all(
                "\u2192" in o["description"] or "stays at" in o["description"] for o in plays
            ), plays
            assert set(disbands) <= {o["value"] for o in beside["options"]}
            result = await mover.select(chosen, [disbands[0]], custom_id=beside["custom_id"])
            assert landed(thread, last, result)
            _, moves = await t.env.bot.store.games.seed_and_moves(info.id)
            assert moves[-1] == disbands[0]
            return
        raise AssertionError("no disband came up")
