"""The bot in the members' languages, end to end in SimCord: a server whose preferred locale
is German plays a whole game, a resignation and a rematch, and everything public about the
game (the challenge, the turn messages, the table's words and alt text, the buttons, the
thread's title, reminders and claims) is German; `/caravan-admin set language:` overrides
the server's locale. SimCord sends every interaction with the locale `en-US` (it cannot set
a member's), so a member's private answers in their own language are tested at the
boundary: the guard says a refusal in the interaction's locale."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.guard import private
from bot.i18n import _, catalogue, n_
from bot.simulate import hand_in, mover_of, opened, play_turn, playing

# English words of the sentences the game's public messages say; none may reach a German
# server (players' names here are Alice and Bob, and cards in images are signs; "Position"
# is German too)
ENGLISH = (
    "your move",
    "played",
    "Game over",
    " wins",
    "resigned",
    "challenges",
    "a turn",
    "Accept",
    "Your hand",
    "Rules",
    "Resign",
    "Rematch",
    "caravan ",
    "leads",
    "for sale",
    " to move",
    "moves first",
)


def public_texts(t: Any, thread: Any) -> list[str]:
    """Every public message's words in the channel and the game's thread: contents, button
    labels, image descriptions, and the thread's title."""
    texts = [thread.name]
    for message in [*t.channel.history(), *thread.history()]:
        texts.append(message.content)
        texts += [a.description or "" for a in message.attachments]
        texts += labels(message)
    return texts


def labels(message: Any) -> list[str]:
    """The labels of a message's buttons (as an answer's payload, or as discord.py reads a
    channel's message)."""
    found = []
    for row in message.components:
        parts = row["components"] if isinstance(row, dict) else row.children
        for part in parts:
            found.append((part.get("label") if isinstance(part, dict) else part.label) or "")
    return found


def english_in(texts: list[str]) -> list[tuple[str, str]]:
    return [(word, text) for text in texts for word in ENGLISH if word in text]


async def test_a_german_server_plays_a_whole_game_in_german(tmp_path: Path) -> None:
    german = catalogue("de")
    rng = random.Random(5)
    async with opened(tmp_path, locale="de") as t:
        asked = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        accept = german.say(_("Accept"))
        assert accept in labels(asked.response)
        await t.bob.click(asked.response, label=accept)
        thread = t.channel.threads[-1]
        first = thread.history()[-1]
        assert german.say(_("your move")) in first.content
        for _turn in range(12):
            assert await play_turn(t, thread, rng)
        turn = thread.history()[-1]
        assert german.say(_("your move")) in turn.content
        loser = mover_of(t, turn)
        winner = t.bob if loser is t.alice else t.alice
        names = {t.alice.id: "Alice", t.bob.id: "Bob"}
        asked_to_resign = await loser.click(turn, label=german.say(_("Resign")))
        # the question is private: in the member's language (SimCord's members: en-US)
        await loser.click(asked_to_resign.response, label="Yes, resign")
        final = thread.history()[-1]
        assert not playing(final)
        ending = german.say(
            _(
                "{player} wins: {why}.",
                player=names[winner.id],
                why=_("{player} resigned", player=names[loser.id]),
            )
        )
        assert ending in final.content and ending in final.attachments[0].description
        assert german.say(_("**Game over.** {result}", result=ending)) in final.content
        title = german.say(_("{game}: {player} won", game="", player=names[winner.id]))
        assert thread.name.endswith(title.strip(": ")), thread.name
        rematch = german.say(_("Rematch"))
        await winner.click(final, label=rematch)
        offered = t.channel.history()[-1]
        assert german.say(_("Rematch! {challenge}", challenge="")).strip() in offered.content
        leaks = english_in(public_texts(t, thread))
        assert not leaks, leaks
        assert not t.env.errors


async def test_the_servers_setting_overrides_its_locale(tmp_path: Path) -> None:
    async with opened(tmp_path, locale="de") as t:
        managers = t.guild.create_role("M", permissions=discord.Permissions(manage_guild=True))
        olivia = t.guild.add_member(t.env.create_user("Olivia"), roles=[managers])
        saved = await olivia.slash(t.channel, "caravan-admin set", language="fr")
        assert "Français" in saved.response.content
        asked = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        assert catalogue("fr").say(_("Accept")) in labels(asked.response)
        back = await olivia.slash(t.channel, "caravan-admin set", language="auto")
        assert "Deutsch (the server's own)" in back.response.content
        asked = await t.bob.slash(t.channel, "caravan challenge", opponent=t.carol)
        assert catalogue("de").say(_("Accept")) in labels(asked.response)


class Answered:
    """An interaction whose answer is recorded: its member's locale is `locale`."""

    def __init__(self, locale: str) -> None:
        self.locale = discord.Locale(locale)
        self.sent: list[str] = []
        self.response = self

    def is_done(self) -> bool:
        return False

    async def send_message(self, text: str, ephemeral: bool = False) -> None:
        assert ephemeral
        self.sent.append(text)


@pytest.mark.parametrize(("locale", "language"), [("fr", "fr"), ("es-419", "es"), ("ja", "en")])
async def test_a_private_answer_is_in_the_members_language(locale: str, language: str) -> None:
    interaction = Answered(locale)
    refusal = _("Resign this game? Your opponent wins.")
    await private(interaction, refusal)  # type: ignore[arg-type]
    assert interaction.sent == [catalogue(language).say(refusal)]


async def test_a_german_servers_tournament_is_announced_in_german(tmp_path: Path) -> None:
    german = catalogue("de")
    async with opened(tmp_path, locale="de") as t:
        managers = t.guild.create_role("M", permissions=discord.Permissions(manage_guild=True))
        boss = t.guild.add_member(t.env.create_user("Boss"), roles=[managers])
        made = await boss.slash(t.channel, "caravan tournament create", name="Pokal")
        signup = made.response
        assert german.say(_("Organised by <@{user}>.", user=boss.id)) in signup.content
        for member in (t.alice, t.bob, t.carol):
            await member.click(signup, label=german.say(_("Join")))
        await boss.click(signup, label=german.say(_("Start")))
        texts = [m.content for m in t.channel.history()]
        heading = german.say(
            n_(
                "**{name}**: round {round} of {rounds} begins, {count} game.",
                "**{name}**: round {round} of {rounds} begins, {count} games.",
                1,
                name="Pokal",
                round=1,
                rounds=2,
            )
        )
        assert any(heading in text for text in texts), texts
        calls = [text for text in texts if "<@" in text and "Pokal" in text]
        assert calls and all("Your game" not in text for text in calls)
        assert not english_in(texts[:1] + calls)
        assert not t.env.errors


# English words of the hand panel's sentences, controls and image description; none may
# reach a member whose Discord speaks French (card notation and names aside)
PANEL_ENGLISH = (
    "Your move",
    "Your hand",
    "Choose a card",
    "Where does",
    "Or discard",
    "Or disband",
    "can go on the table",
    "cannot be played",
    "one place",
    "Discard ",
    "Start caravan",
    "On caravan",
    " of hearts",
    " of spades",
    "Played.",
    "It is ",
)


def panel_texts(panel: Any) -> list[str]:
    """A private panel's words: its text, its image's description, every select's
    placeholder and each option's label and description."""
    texts = [panel.content, *(a.description or "" for a in panel.attachments)]
    for row in panel.components:
        parts = row["components"] if isinstance(row, dict) else row.children
        for part in parts:
            raw = part if isinstance(part, dict) else part.to_dict()
            texts += [raw.get("placeholder") or "", raw.get("label") or ""]
            for option in raw.get("options", []):
                texts += [option.get("label") or "", option.get("description") or ""]
    return texts


async def test_a_french_members_hand_is_french_in_an_english_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SimCord sends every interaction as en-US: Alice's are read as French at discord.py's
    # boundary, where Discord's `locale` field becomes `Interaction.locale`
    made = discord.Interaction._from_data

    def french_for_alice(self: discord.Interaction[Any], data: Any) -> None:
        made(self, data)
        if self.user.name == "Alice":
            self.locale = discord.Locale.french

    monkeypatch.setattr(discord.Interaction, "_from_data", french_for_alice)
    french = catalogue("fr")
    kept: dict[int, Any] = {}
    rng = random.Random(3)
    async with opened(tmp_path) as t:
        asked = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        await t.bob.click(asked.response, label="Accept")  # the server's words: English
        thread = t.channel.threads[-1]
        seen = 0
        for _turn in range(16):
            assert await play_turn(t, thread, rng, kept=kept)
            panel = hand_in(t, thread, t.alice)
            if panel is None:
                continue
            texts = panel_texts(panel)
            leaks = [(word, text) for text in texts for word in PANEL_ENGLISH if word in text]
            assert not leaks, leaks
            seen += 1
        assert seen >= 8
        bobs = panel_texts(hand_in(t, thread, t.bob))
        assert any("Your hand" in text or "Your move" in text for text in bobs), bobs
        assert french.say(_("Your hand")) != "Your hand"
        assert not t.env.errors
