"""The rules help (`/caravan rules`) in the asking member's language: every topic's title
and paragraph, the preset's sentence, the picture's title, captions and alt text, and the
refusal of an unknown topic go through the catalogue (a stand-in catalogue that puts every
message it says in « » shows that no English is left outside one); card notation does not.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from PIL import Image

import bot.help
from bot.cogs.help import Help
from bot.errors import NotFound
from bot.help import (
    DECKTET_EXAMPLES,
    PRESET_TEXTS,
    TOPICS,
    decktet_paragraphs,
    topic_image,
    topic_said,
    topic_text,
)
from bot.i18n import ENGLISH, LANGUAGES, Catalogue, Text, catalogue


class Everything(dict[tuple[str | None, str], str | tuple[str, ...]]):
    """A catalogue's messages with every English message in it: its own words in « »."""

    def get(self, key: Any, default: Any = None) -> str:
        return f"\u00ab{key[1]}\u00bb"


STANDIN = Catalogue("xx", Everything(), lambda n: int(n != 1))


def outside(said: str) -> str:
    """What of `said` no message of the stand-in gave: markdown and separators only, when
    everything went through it."""
    return re.sub("\u00ab[^\u00bb]*\u00bb", "", said)


def english_left(said: str) -> bool:
    return any(char.isalpha() for char in outside(said))


@pytest.mark.parametrize("name", list(TOPICS))
def test_every_topics_words_go_through_the_catalogue(name: str) -> None:
    said = topic_text(name, STANDIN)
    if name == "decktet":  # its rules summary is a file a language, not messages (below)
        said = said.removesuffix(topic_text("decktet").split("\n", 1)[1])
    assert not english_left(said), outside(said)
    assert f"\u00ab{TOPICS[name].title}\u00bb" in said
    assert topic_text(name) == ENGLISH.say(topic_said(name)) == str(topic_said(name))
    topic = TOPICS[name]
    assert isinstance(topic.heading, Text) and isinstance(topic.text, Text)
    assert all(isinstance(caption, Text) for caption, _cards in topic.examples)


def test_a_paragraph_is_one_message_and_the_english_reads_as_before() -> None:
    king = topic_text("king")
    assert king.startswith("**King**\nA King goes on any number card on the table, yours or ")
    assert "\n" not in king.split("\n", 1)[1]  # the paragraph: one message, whole
    overview = topic_text("overview", STANDIN)
    assert overview.count("\u00ab") == 2  # title, and the paragraph with its own lines
    assert "\n**Opening:**" in overview


def test_decktets_rules_are_said_in_each_language_from_its_own_file() -> None:
    paragraphs = decktet_paragraphs()
    assert len(paragraphs) >= 5 and all(paragraphs)
    text = topic_text("decktet")
    assert text.startswith("**Decktet Caravan** (the other Caravan: P.D. Magnus's game")
    assert "\n*Decktet and Caravan by P.D. Magnus (CC BY-NC-SA 3.0).*" in text
    for language in LANGUAGES:  # a translation each, paragraph for paragraph, credited
        own = decktet_paragraphs(language)
        assert len(own) == len(paragraphs) and all(own), language
        assert "P.D. Magnus" in own[0] and "CC BY-NC-SA 3.0" in own[0], language
        said = topic_text("decktet", catalogue(language))
        assert said.endswith("\n".join(own)), language
        if language != "en":
            assert not set(own) & set(paragraphs), language


def test_each_presets_difference_is_a_sentence() -> None:
    for said in PRESET_TEXTS.values():
        assert isinstance(said, Text)
        assert not english_left(STANDIN.say(said))


@dataclass
class Drawn:
    titles: list[str] = field(default_factory=list)
    captions: list[str] = field(default_factory=list)
    cards: list[Any] = field(default_factory=list)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """What the help's pictures are asked to draw (nothing drawn: a 1-pixel image)."""
    seen = Drawn()

    def draw(rows: Any, title: str) -> Image.Image:
        seen.titles.append(title)
        seen.captions.extend(caption for caption, _cards in rows)
        seen.cards.extend(cards for _caption, cards in rows)
        return Image.new("RGB", (1, 1))

    monkeypatch.setattr(bot.help, "draw_examples", draw)
    monkeypatch.setattr(bot.help, "draw_decktet_examples", draw)
    bot.help._picture.cache_clear()
    yield seen
    bot.help._picture.cache_clear()


@pytest.mark.parametrize("name", list(TOPICS))
def test_every_pictures_title_and_captions_go_through_the_catalogue(
    drawn: Drawn, name: str
) -> None:
    topic_image(name, STANDIN)
    assert len(drawn.titles) == 1 and not english_left(drawn.titles[0])
    examples = DECKTET_EXAMPLES if name == "decktet" else TOPICS[name].examples
    assert drawn.captions == [STANDIN.say(caption) for caption, _cards in examples]
    assert all(not english_left(caption) for caption in drawn.captions)
    assert len(drawn.cards) == len(examples)  # the notation, parsed as it is


def test_a_picture_is_drawn_once_per_language(drawn: Drawn) -> None:
    topic_image("king", STANDIN)
    topic_image("king", STANDIN)
    topic_image("king")
    assert drawn.titles == ["\u00abKing\u00bb", "King"]


class Asked:
    """`/caravan rules` asked by a member whose Discord speaks `locale`, outside a game."""

    def __init__(self, locale: str, channel_id: int | None = None) -> None:
        self.locale = discord.Locale(locale)
        self.channel_id = channel_id
        self.response = self
        self.sent: list[tuple[str, discord.File]] = []

    async def send_message(self, text: str, *, file: discord.File, ephemeral: bool) -> None:
        assert ephemeral
        self.sent.append((text, file))


async def just_run(interaction: Any, name: str, work: Any) -> None:
    await work  # the guard, less its pace and its answers to refusals


@dataclass
class InThread:
    """The game service, with a game in every thread whose kind says `preset`."""

    preset: Text

    async def game_in_thread(self, channel_id: int) -> Any:
        return type("Game", (), {"game": "stand-in", "rules": None})()


async def test_the_answer_is_in_the_members_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.cogs.help.words_for", lambda locale: STANDIN)
    preset = PRESET_TEXTS["foxon"]  # a kind's preset_text, once it says a Text
    looks = type("Face", (), {"preset_text": lambda _self, rules: preset})()
    monkeypatch.setattr("bot.cogs.help.face", lambda key: looks)
    help_ = Help(SimpleNamespace(ledger=InThread(preset)), just_run)  # type: ignore[arg-type]
    asked = Asked("de", channel_id=7)
    await help_.rules_help(asked, "queen")  # type: ignore[arg-type]
    [(text, file)] = asked.sent
    assert not english_left(text), outside(text)
    assert text.endswith("\n\n" + STANDIN.say(preset))
    assert file.filename == "rules-queen.png" and file.description == "\u00abQueen\u00bb"
    with Image.open(io.BytesIO(file.fp.read())) as picture:
        assert picture.width > 300


async def test_a_german_member_gets_the_german_titles() -> None:
    german = catalogue("de")
    help_ = Help(None, just_run)  # type: ignore[arg-type]
    asked = Asked("de")
    await help_.rules_help(asked, "king")  # type: ignore[arg-type]
    [(text, file)] = asked.sent
    heading = german.say(TOPICS["king"].heading)
    assert heading != "King" and text.startswith(f"**{heading}**\n")
    assert file.description == heading


async def test_an_unknown_topic_is_refused_in_the_members_language() -> None:
    help_ = Help(None, just_run)  # type: ignore[arg-type]
    with pytest.raises(NotFound) as refused:
        await help_.rules_help(Asked("fr"), "nope")  # type: ignore[arg-type]
    assert str(refused.value.said) == (
        "There is no rules topic 'nope'; try overview, numbers, direction, king, queen, "
        "jack, joker, selling, winning, decktet."
    )
    assert not english_left(STANDIN.say(refused.value.said))
