"""The slash commands in every language (`CommandTranslator`, which Discord asks for each
command's names, descriptions and choices in each locale), and the English template of
every message (`caravan.pot`: the command tree's strings and the sentences the code marks
with `_`/`n_`), with every language's catalogue brought up to it:

    python -m bot.translator
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.commands import AdminCommands, CaravanCommands
from bot.i18n import FOLDER, LANGUAGES, SOURCE, TEMPLATE, catalogue, language_of, read_catalog
from engine import PRESETS

NAME_CONTEXTS = {
    Where.command_name: "command",
    Where.group_name: "command",
    Where.parameter_name: "option",
}
# the rule presets' names are the notation's (NOTATION.md); each language's its own name
UNTRANSLATED = frozenset(PRESETS) | frozenset(LANGUAGES.values())
# What Discord accepts as a command's or option's name in any locale (lowercase where the
# script has case): https://discord.com/developers/docs/interactions/application-commands
NAME = re.compile(r"^[-_\w]{1,32}$")


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


KEYWORDS = {"_": None, "n_": (1, 2)}  # the marks `source_strings` looks for


def source_strings() -> Iterator[tuple[str | tuple[str, ...], str]]:
    """Every sentence marked in the bot's code (`_("...")`, `n_("...", "...", n)`): its
    English (a pair for a plural) and where it is (`bot/poster.py:120`)."""
    root = Path(__file__).parent
    for name, line, message, _comments, _context in extract_from_dir(
        root, method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        yield message, f"bot/{name}:{line}"


def template(commands: list[Any]) -> Catalog:
    """The catalogue of every message in English (`caravan.pot`): the command tree's, then
    the code's."""
    made = Catalog(project="caravan-discord", fuzzy=False)
    for context, text, where in command_strings(commands):
        made.add(text, context=context, auto_comments=[where] if context else [])
    for message, where in source_strings():
        known = made.get(message if isinstance(message, str) else message[0])
        if known is not None:
            known.locations.append((where.split(":")[0], int(where.split(":")[1])))
            continue
        made.add(message, locations=[(where.split(":")[0], int(where.split(":")[1]))])
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
        current = (
            read_catalog(path) if path.exists() else Catalog(locale=language.replace("-", "_"))
        )
        current.update(made, no_fuzzy_matching=True)
        current.obsolete.clear()
        _cldr_plurals(current)
        written.append(_write(current, path))
    return written


def _cldr_plurals(current: Catalog) -> None:
    """The catalogue's plural forms as Babel's CLDR data has them for its language (the
    header, and each plural message's forms): a form CLDR added (French's "many", for
    millions) starts as the catalogue's last form ("other"), the closest it had."""
    current._num_plurals = None  # derived again from the locale, not the header read
    current._plural_expr = None
    wanted = current.num_plurals
    for message in current:
        forms = message.string
        if not message.id or not isinstance(forms, tuple | list) or len(forms) == wanted:
            continue
        kept = list(forms[: wanted - 1]) if len(forms) > wanted else list(forms[:-1])
        other = forms[-1]
        message.string = tuple(kept + [other] * (wanted - len(kept)))


def _write(catalog: Catalog, path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(
            file, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False
        )
    return str(path)


def tree_commands() -> list[Any]:
    """The command tree's groups, built without a bot (their cogs are only called)."""
    return [CaravanCommands(None), AdminCommands(None)]  # type: ignore[arg-type]


def main() -> None:
    for path in refresh(tree_commands()):
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
