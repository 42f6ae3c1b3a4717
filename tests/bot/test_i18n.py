"""The languages (`bot.i18n`): which catalogue a Discord locale gets, every catalogue
complete against the English template with the same placeholders and its language's CLDR
plural forms, every command name Discord would accept in every language, and the command
payloads Discord receives carrying each language."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from discord import app_commands

from bot.i18n import (
    FOLDER,
    LANGUAGES,
    SOURCE,
    TEMPLATE,
    Catalogue,
    _,
    catalogue,
    language_of,
    placeholders,
)
from bot.translator import NAME, CommandTranslator, command_strings, template, tree_commands

TRANSLATED = [language for language in LANGUAGES if language != SOURCE]
DESCRIPTION = 100  # Discord's most characters for a description or a choice's name


def read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("de", "de"),
        ("pt-BR", "pt-BR"),
        ("pt", "pt-BR"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("en-GB", "en"),
        ("en-US", "en"),
        ("fr", "fr"),
        ("zh-CN", "en"),
        ("tr", "en"),
        (None, "en"),
        (discord.Locale.russian, "ru"),
        (discord.Locale.brazil_portuguese, "pt-BR"),
    ],
)
def test_a_locale_gets_its_catalogue_else_its_languages_else_english(
    locale: Any, language: str
) -> None:
    assert language_of(locale) == language


def test_the_template_holds_every_string_the_commands_show() -> None:
    """A command, option or choice added without `python -m bot.translator` fails here."""
    assert keys(template(tree_commands())) == keys(read(TEMPLATE))


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogue_translates_every_message_with_its_placeholders(language: str) -> None:
    english = read(TEMPLATE)
    own = read(FOLDER / language / "caravan.po")
    assert keys(own) == keys(english), "python -m bot.translator brings it up to the template"
    for message in own:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        source = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"untranslated: {message.id!r}"
        for form in forms:
            assert placeholders(form) == placeholders(source[-1]), (message.id, form)
    assert (FOLDER / language / "glossary.md").stat().st_size > 500


@pytest.mark.parametrize("language", TRANSLATED)
def test_plurals_follow_the_languages_cldr_rules(language: str) -> None:
    own = read(FOLDER / language / "caravan.po")
    expected = get_plural(language.replace("-", "_"))
    assert (own.num_plurals, own.plural_expr) == (expected.num_plurals, expected.plural_expr)
    words = catalogue(language)
    # (French, Spanish, Italian and Portuguese have a form of their own for millions)
    forms = {words.plural_index(n) for n in [*range(200), 10**6, 2 * 10**6]}
    assert forms == set(range(expected.num_plurals)), "every form is reached, no other"


def test_polish_and_russian_have_three_forms() -> None:
    for language in ("pl", "ru"):
        index = catalogue(language).plural_index
        assert [index(n) for n in (1, 2, 5, 22, 25, 112)] == [0, 1, 2, 1, 2, 2]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_name_and_description_fits_discord_in_every_language(language: str) -> None:
    words = catalogue(language)
    siblings: dict[str, dict[str, str]] = defaultdict(dict)  # where -> translated -> English
    for context, english, where in command_strings(tree_commands()):
        shown = words.messages[(context, english)]
        assert isinstance(shown, str)
        if context is None:
            assert 1 <= len(shown) <= DESCRIPTION, (where, shown)
            continue
        assert NAME.match(shown) and shown == shown.lower(), (where, shown)
        parent = where.rsplit(" ", 1)[0] if " " in where else ""
        taken = siblings[f"{context} {parent}"]
        assert taken.setdefault(shown, english) == english, f"{where}: {shown} twice"


def test_a_message_falls_back_to_english_and_fills_its_placeholders() -> None:
    words = Catalogue("de", {(None, "{n} cards"): "{n} Karten"}, lambda n: int(n != 1))
    assert words.text("{n} cards", n=3) == "3 Karten"
    assert words.text("Not translated {x}", x="here") == "Not translated here"
    plural = Catalogue(
        "pl",
        {(None, "{count} card"): ("{count} karta", "{count} karty", "{count} kart")},
        catalogue("pl").plural_index,
    )
    assert [plural.plural("{count} card", "{count} cards", n) for n in (1, 3, 5)] == [
        "1 karta",
        "3 karty",
        "5 kart",
    ]


async def test_discord_receives_the_commands_in_every_language() -> None:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    for group in tree_commands():
        tree.add_command(group)
    translator = CommandTranslator()
    payloads = [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]
    caravan = next(p for p in payloads if p["name"] == "caravan")
    german = catalogue("de")
    assert caravan["name_localizations"]["de"] == german.messages[("command", "caravan")]
    assert (
        caravan["description_localizations"]["es-419"]
        == caravan["description_localizations"]["es-ES"]
    )
    assert "en-US" not in caravan["name_localizations"]
    challenge = next(o for o in caravan["options"] if o["name"] == "challenge")
    opponent = next(o for o in challenge["options"] if o["name"] == "opponent")
    assert (
        opponent["name_localizations"]["pt-BR"]
        == catalogue("pt-BR").messages[("option", "opponent")]
    )
    assert set(challenge["name_localizations"]) >= {
        "de",
        "fr",
        "es-ES",
        "es-419",
        "pt-BR",
        "pl",
        "ru",
        "it",
    }


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_button_label_fits_discord_in_every_language(language: str) -> None:
    from bot.i18n import _
    from bot.views import items

    words = catalogue(language)
    labels = [
        label
        for table in (
            items.ANSWER_STYLES,
            items.GAME_BUTTONS,
            items.RESIGN_STEPS,
            items.GAME_ACTIONS,
            items.EVENT_BUTTONS,
        )
        for label, _style in table.values()
    ]
    labels.append(_("Pass"))
    for label in labels:
        said = words.say(label)
        assert 1 <= len(said) <= 80, (label, said)  # Discord: 80 characters


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_thread_title_fits_discord_in_every_language(language: str) -> None:
    from bot.records import GameInfo
    from bot.views.panels import thread_title

    words = catalogue(language)
    longest = {"A": "W" * 32, "B": "M" * 32}
    from engine import Rules

    fields = {f: None for f in GameInfo.__dataclass_fields__}
    fields.update(players=(1, 2), rules=Rules("new-vegas"), ai_level="hard")
    for event, status, winner in (
        (None, "active", None),
        ("Cup, round 2", "finished", "B"),
        ("E" * 100 + ", round 12", "finished", "A"),
        (None, "abandoned", None),
        (None, "finished", None),
    ):
        info = GameInfo(**{**fields, "event": event, "status": status, "winner": winner})
        for over in (False, True):
            title = thread_title(info, longest, over, winner, words)
            assert 1 <= len(title) <= 100, title  # Discord: a thread's name


def test_the_words_members_found_wrong_read_right() -> None:
    """Found in the local preview (issue 52): German's "keine verkäuflich" (no noun)."""
    german = catalogue("de")
    assert german.say(_("neither for sale")) == "keine der beiden verkäuflich"
