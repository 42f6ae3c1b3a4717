"""The bot's languages: gettext catalogues (`bot/locales/<language>/caravan.po`, read with
Babel once, at the first use), the choice of a language from a Discord locale, and the
translator that gives Discord the slash commands in each member's language.

English is the source: a message's English text is its key (`msgid`), so an English
sentence needs no catalogue and a missing translation falls back to it. Placeholders are
Python's `{name}`; plurals follow each language's CLDR rules, as gettext's `Plural-Forms`
(Polish and Russian have three forms). A message may carry a context (`msgctxt`) where the
same English means two things: `command` for a command's or group's name, `option` for an
option's name (both are identifiers to Discord: lowercase, no spaces).

Adding a language is one folder (`bot/locales/<code>/caravan.po` and its `glossary.md`) and
one line in `LANGUAGES`; `python -m bot.i18n` writes the template (`caravan.pot`) and brings
every catalogue up to it.
"""

from __future__ import annotations

import functools
import gettext
import re
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from engine import PRESETS

FOLDER = Path(__file__).parent / "locales"
TEMPLATE = FOLDER / "caravan.pot"
SOURCE = "en"
LANGUAGES: dict[str, str] = {  # each language's code (Discord's locale, or its first part)
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "pt-BR": "Português do Brasil",
    "pl": "Polski",
    "ru": "Русский",
    "it": "Italiano",
}
NAME_CONTEXTS = {
    Where.command_name: "command",
    Where.group_name: "command",
    Where.parameter_name: "option",
}
UNTRANSLATED = frozenset(PRESETS)  # the rule presets' names are the notation's (NOTATION.md)
# What Discord accepts as a command's or option's name in any locale (lowercase where the
# script has case): https://discord.com/developers/docs/interactions/application-commands
NAME = re.compile(r"^[-_\w]{1,32}$")


def language_of(locale: str | discord.Locale | None) -> str:
    """The language to speak to `locale` (Discord's `pt-BR`, `es-419`, `de`...): its own
    catalogue, else its language's (`es-419` and `es-ES` are both `es`), else English."""
    if locale is None:
        return SOURCE
    code = str(locale.value if isinstance(locale, discord.Locale) else locale)
    if code in LANGUAGES:
        return code
    first = code.split("-")[0].split("_")[0].lower()
    if first in LANGUAGES:
        return first
    return next((known for known in LANGUAGES if known.split("-")[0] == first), SOURCE)


@dataclass(frozen=True)
class Catalogue:
    """One language's messages: (context, English) to its text, or to its plural forms."""

    language: str
    messages: dict[tuple[str | None, str], str | tuple[str, ...]]
    plural_index: Callable[[int], int]

    def text(self, message: str, context: str | None = None, /, **values: Any) -> str:
        """`message` in this language (English when it has none), its `{placeholders}`
        filled from `values`."""
        found = self.messages.get((context, message))
        words = found if isinstance(found, str) and found else message
        return words.format(**values) if values else words

    def plural(
        self, one: str, other: str, count: int, context: str | None = None, /, **values: Any
    ) -> str:
        """The form of (`one`, `other`) for `count` by this language's rules, filled from
        `values` and `count`."""
        found = self.messages.get((context, one))
        if isinstance(found, tuple) and all(found):
            words = found[min(self.plural_index(count), len(found) - 1)]
        else:
            words = one if count == 1 else other
        return words.format(count=count, **values)


def _read(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def _catalogue(language: str) -> Catalogue:
    if language == SOURCE:
        return Catalogue(SOURCE, {}, lambda n: int(n != 1))
    read = _read(FOLDER / language / "caravan.po")
    messages: dict[tuple[str | None, str], str | tuple[str, ...]] = {}
    for message in read:
        if not message.id or message.fuzzy:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        translated = message.string
        if isinstance(translated, str):
            messages[(message.context, key)] = translated
        elif translated is not None:
            messages[(message.context, key)] = tuple(translated)
    return Catalogue(language, messages, gettext.c2py(read.plural_expr))


@functools.cache
def catalogue(language: str) -> Catalogue:
    """A language's catalogue (English's is empty: its messages are their own text),
    read once."""
    return _catalogue(language if language in LANGUAGES else SOURCE)


def words_for(locale: str | discord.Locale | None) -> Catalogue:
    return catalogue(language_of(locale))


def placeholders(text: str) -> set[str]:
    """The `{names}` a message fills."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


class CommandTranslator(app_commands.Translator):
    """Gives Discord each command's names, descriptions and choices in every language with
    a catalogue, so each member's command picker shows their own (what is not translated
    shows in English, as Discord does with a missing localisation)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = language_of(locale)
        if language == SOURCE:
            return None
        found = catalogue(language).messages.get(
            (NAME_CONTEXTS.get(context.location), string.message)
        )
        return found if isinstance(found, str) and found else None


def command_strings(
    commands: list[app_commands.Command[Any, ..., Any] | app_commands.Group],
) -> Iterator[tuple[str | None, str, str]]:
    """Every string the command tree shows a member: (context, English, where), in order."""
    for command in commands:
        where = command.qualified_name
        yield NAME_CONTEXTS[Where.command_name], command.name, where
        yield None, command.description, where
        if isinstance(command, app_commands.Group):
            yield from command_strings(command.commands)
            continue
        for parameter in command.parameters:
            place = f"{where} {parameter.name}"
            yield NAME_CONTEXTS[Where.parameter_name], parameter.name, place
            yield None, parameter.description, place
            for choice in parameter.choices:
                if choice.name not in UNTRANSLATED:
                    yield None, choice.name, place


def template(commands: list[Any]) -> Catalog:
    """The catalogue of every message in English (`caravan.pot`)."""
    made = Catalog(project="caravan-discord", fuzzy=False)
    for context, text, where in command_strings(commands):
        if not (context is None and text == "…"):
            made.add(text, context=context, auto_comments=[where] if context else [])
    return made


def refresh(commands: list[Any]) -> list[str]:
    """Write the template and bring every language's catalogue up to it (new messages
    untranslated, gone ones dropped, translations kept). Returns the files written."""
    made = template(commands)
    written = [_write(made, TEMPLATE)]
    for language in LANGUAGES:
        if language == SOURCE:
            continue
        path = FOLDER / language / "caravan.po"
        current = _read(path) if path.exists() else Catalog(locale=language.replace("-", "_"))
        current.update(made, no_fuzzy_matching=True)
        current.obsolete.clear()
        written.append(_write(current, path))
    return written


def _write(catalog: Catalog, path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=False)
    return str(path)


def tree_commands() -> list[Any]:
    """The command tree's groups, built without a bot (their cogs are only called)."""
    from bot.commands import AdminCommands, CaravanCommands

    return [CaravanCommands(None), AdminCommands(None)]  # type: ignore[arg-type]


def main() -> None:
    for path in refresh(tree_commands()):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
