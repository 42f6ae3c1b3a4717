"""Hostile members, end to end in SimCord: names and option values drawn from a hostile
alphabet played through challenges, games, decks, the leaderboard and stats; every button
pressed twice; members going faster than a person plays."""

from __future__ import annotations

import asyncio
import random
import re
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import discord
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.i18n import Text, _, catalogue, language_of
from bot.pace import SLOW_DOWN, Pace
from bot.simulate import Table, opened, panel_of, play_turn, playing
from tests.bot.conftest import Clock
from tests.bot.test_inert import HOSTILE

VICTIM = "<@{carol}> <@!{carol}> <@&{role}> @everyone @here"


def names_with(carol: int, role: int) -> st.SearchStrategy[str]:
    """Display names from the hostile alphabet, with the victim's mentions among them."""
    mentions = [m.format(carol=carol, role=role) for m in VICTIM.split()]
    piece = st.one_of(st.sampled_from(HOSTILE + mentions), st.text(min_size=1, max_size=4))
    return st.lists(piece, min_size=1, max_size=6).map("".join)


def messages(t: Table) -> list[Any]:
    backend = t.env.backend
    return [m for channel in backend.messages.values() for m in channel.values()]


def assert_nobody_else_pinged(t: Table, players: set[int], victim: int, role: int) -> None:
    """Each message pings at most one member, a player of the game; the victim whose
    mention is in the names, the role and @everyone never; and no text the bot wrote holds
    their mention unescaped (embeds included)."""
    for message in messages(t):
        assert set(message.ping_user_ids) <= players and len(message.ping_user_ids) <= 1
        assert not message.ping_role_ids and not message.mention_everyone
        assert victim not in message.mention_user_ids and role not in message.mention_role_ids
        texts = [message.content] + [str(embed) for embed in message.embeds]
        for text in texts:
            assert f"<@{victim}>" not in text and f"<@!{victim}>" not in text
            assert f"<@&{role}>" not in text
            assert not re.search(r"(?<!\\)@(everyone|here)", text)


def assert_labels_plain(t: Table) -> None:
    """Thread titles and select labels: no control or format characters, within limits."""
    backend = t.env.backend
    for channel in backend.channels.values():
        if channel.name:
            assert len(channel.name) <= 100
            assert not any(unicodedata.category(c)[0] == "C" for c in channel.name)
    for message in messages(t):
        for row in message.components:
            for component in row.get("components", []):
                for option in component.get("options", []):
                    assert len(option["label"]) <= 100
                    assert not any(unicodedata.category(c)[0] == "C" for c in option["label"])


async def answered(result: Any) -> Any:
    """The interaction was answered in time (a response, or a deferral with a follow-up)."""
    assert result.response is not None or result.followups, result
    return panel_of(result)


def ending_tails(language: str) -> tuple[str, ...]:
    """How a finished game's thread title ends in `language` (after the winner's name):
    the bot's words, which names are cut to leave whole."""
    words = catalogue(language)
    return tuple(
        words.say(Text(pattern, {})).rsplit("}", 1)[-1]
        for pattern in ("{game}: {player} won", "{game}: a draw")
    )


async def scenario(names: tuple[str, str], seed: int, locale: str | None = None) -> None:
    words = catalogue(language_of(locale))
    with tempfile.TemporaryDirectory() as folder:
        async with opened(Path(folder), locale=locale) as t:
            role = t.guild.create_role("Mods", mentionable=True)
            mallory = t.guild.add_member(t.env.create_user("mallory"), nick=names[0])
            bob = t.guild.add_member(t.env.create_user("bobby"), nick=names[1])
            challenge = await mallory.slash(t.channel, "caravan challenge", opponent=bob)
            await answered(challenge)
            assert challenge.response.content.count("<@") == 2
            message = t.env.backend.messages[t.channel.id][challenge.response.id]
            assert message.ping_user_ids == [bob.id]
            accept = words.say(_("Accept"))
            await answered(await bob.click(challenge.response, label=accept))
            thread = t.channel.threads[-1]
            rng = random.Random(seed)
            players = (mallory, bob)
            for _turn in range(8):
                if not await play_turn(t, thread, rng, players):
                    break
            last = thread.history()[-1]
            if playing(last):
                resign = words.say(_("Resign"))
                asked = await answered(await mallory.click(last, label=resign))
                await answered(await mallory.click(asked, label="Yes, resign"))  # private: en-US
            final = thread.history()[-1]
            assert not playing(final)
            assert words.say(_("**Game over.** {result}", result="")).strip() in final.content
            tails = ending_tails(words.language)
            assert thread.name.endswith(tails), "names cut, never the bot's words"
            rematch = words.say(_("Rematch"))
            await answered(await bob.click(final, label=rematch))
            again = await answered(await bob.click(final, label=rematch))
            assert again.ephemeral and "already waiting" in again.content
            taken = await answered(await mallory.click(final, label=rematch))  # accepts it
            assert taken.ephemeral and "You accepted the rematch" in taken.content
            for command, options in (
                ("caravan leaderboard", {}),
                ("caravan stats", {"user": mallory}),
                ("caravan games", {}),
            ):
                await answered(await mallory.slash(t.channel, command, **options))
            info = await t.env.bot.service.ledger.game_in_thread(thread.id)
            await answered(await mallory.slash(t.channel, "caravan replay", game=info.id))
            deck_name = names[0][:32]
            saved = await answered(
                await mallory.slash(t.channel, "caravan deck save", name=deck_name, cards=FULL)
            )
            assert saved.ephemeral
            for command in ("caravan deck list", "caravan deck show", "caravan deck delete"):
                options = {} if command.endswith("list") else {"name": deck_name}
                shown = await answered(await mallory.slash(t.channel, command, **options))
                assert shown.ephemeral
            assert_nobody_else_pinged(t, {mallory.id, bob.id}, t.carol.id, role.id)
            assert_labels_plain(t)


FULL = " ".join(f"{r}{s}" for s in "cdhs" for r in "A23456789TJQK")


@given(st.data())
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # a whole world per example: no shrinking
)
def test_hostile_names_ping_nobody_and_break_nothing(data: st.DataObject) -> None:
    # SimCord's ids are deterministic: Carol is the third user and the role the first made.
    carol, role = _ids()
    names = (data.draw(names_with(carol, role)), data.draw(names_with(carol, role)))
    asyncio.run(scenario(names, data.draw(st.integers(0, 1000))))


@given(st.data())
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
def test_hostile_names_stay_inert_in_a_german_server(data: st.DataObject) -> None:
    """The same, in a server whose language is German: the translated sentences put the
    names in other places, and they must stay as inert there."""
    carol, role = _ids()
    names = (data.draw(names_with(carol, role)), data.draw(names_with(carol, role)))
    asyncio.run(scenario(names, data.draw(st.integers(0, 1000)), "de"))


_IDS: list[tuple[int, int]] = []


def _ids() -> tuple[int, int]:
    """Carol's id and the role's in every fresh world (SimCord's ids are deterministic)."""
    if not _IDS:

        async def probe() -> None:
            with tempfile.TemporaryDirectory() as folder:
                async with opened(Path(folder)) as t:
                    role = t.guild.create_role("Mods", mentionable=True)
                    _IDS.append((t.carol.id, role.id))

        asyncio.run(probe())
    return _IDS[0]


async def press_twice(member: Any, message: Any, label: str) -> Any:
    """Press a button twice, the second press sent before the first one's answer changed
    the message (as a fast double click reaches Discord): both carry the message as it was.
    SimCord runs one interaction at a time and offers only the buttons still on a message,
    so the second is sent through its dispatcher with the message as the first press saw
    it. Returns the answer to the second press."""
    from simcord import actors
    from simcord.backend import serializers

    backend = member._env.backend
    stored = actors._visible_message(member, message)
    seen = dict(serializers.message_payload(backend, stored))
    pressed = next(
        c["custom_id"]
        for row in message.components
        for c in row["components"]
        if c.get("label") == label
    )
    await member.click(message, custom_id=pressed)
    place = backend.get_channel(stored.channel_id)
    channel = actors.ChannelHandle(member._env, member.guild, place)
    second = await actors._dispatch_actor_interaction(
        member,
        discord.InteractionType.component.value,
        channel,
        {"custom_id": pressed, "component_type": 2},
        extra={"message": seen},
        source_message_id=stored.id,
    )
    return panel_of(second)


async def test_every_button_pressed_twice_changes_nothing_the_second_time(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path) as t:
        for action in ("Decline", "Cancel"):
            challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
            who = t.bob if action == "Decline" else t.alice
            again = await press_twice(who, challenge.response, action)
            assert again.ephemeral and "already" in again.content
        challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        again = await press_twice(t.bob, challenge.response, "Accept")
        assert again.ephemeral and "already" in again.content
        assert len(t.channel.threads) == 1, "one game"
        thread = t.channel.threads[-1]
        asked = panel_of(await t.alice.click(thread.history()[-1], label="Resign"))
        again = await press_twice(t.alice, asked, "Yes, resign")
        assert again.ephemeral and "over" in again.content
        assert "Game over" in thread.history()[-1].content
        assert sum("Game over" in m.content for m in thread.history()) == 1
        final = thread.history()[-1]
        await t.alice.click(final, label="Rematch")
        before = len(t.channel.history())
        again = panel_of(await t.alice.click(final, label="Rematch"))
        assert again.ephemeral and "already waiting" in again.content
        assert len(t.channel.history()) == before, "one rematch challenge"


async def test_presses_faster_than_a_person_get_a_private_slow_down(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        clock = Clock()
        t.env.bot.pace = Pace(5, 10, clock)  # the defaults, on a clock the test holds still
        challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        await t.bob.click(challenge.response, label="Accept")
        turn = t.channel.threads[-1].history()[-1]
        clock.advance(1.0)  # the challenge was a press too
        answers = [panel_of(await t.alice.click(turn, label="Rules")) for _ in range(5)]
        assert all(a.ephemeral and str(SLOW_DOWN) not in a.content for a in answers)
        slowed = panel_of(await t.alice.click(turn, label="Rules"))
        assert slowed.ephemeral and slowed.content == str(SLOW_DOWN)
        other = panel_of(await t.bob.click(turn, label="Rules"))
        assert str(SLOW_DOWN) not in other.content, "only the fast member is slowed"
        clock.advance(1.0)
        assert str(SLOW_DOWN) not in panel_of(await t.alice.click(turn, label="Rules")).content


async def test_challenges_faster_than_a_person_get_a_private_slow_down(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        clock = Clock()
        t.env.bot.pace = Pace(1000, 10, clock)
        for _ in range(10):
            made = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
            assert not made.response.ephemeral
            await t.alice.click(made.response, label="Cancel")
            clock.advance(1.0)
        posted = len(t.channel.history())
        slowed = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        assert slowed.response.ephemeral and slowed.response.content == str(SLOW_DOWN)
        assert len(t.channel.history()) == posted, "nothing else happens"
        clock.advance(60.0)
        made = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        assert not made.response.ephemeral
