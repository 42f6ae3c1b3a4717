"""The bot's languages: gettext catalogues (`bot/locales/<language>/caravan.po`, read with
Babel once, at the first use), the choice of a language from a Discord locale, and the
sentences (`Text`, made by `_` and `n_`) said in the language of whoever reads them. No
Discord here (`bot.translator` gives Discord the commands in each language, and writes
the template).

English is the source: a message's English text is its key (`msgid`), so an English
sentence needs no catalogue and a missing translation falls back to it. Placeholders are
Python's `{name}`; plurals follow each language's CLDR rules, as gettext's `Plural-Forms`
(Polish and Russian have three forms). A message may carry a context (`msgctxt`) where the
same English means two things: `command` for a command's or group's name, `option` for an
option's name (both are identifiers to Discord: lowercase, no spaces).

Adding a language is one folder (`bot/locales/<code>/caravan.po` and its `glossary.md`) and
one line in `LANGUAGES`; `python -m bot.translator` writes the template (`caravan.pot`) and
brings every catalogue up to it.
"""

from __future__ import annotations

import functools
import gettext
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

FOLDER = Path(__file__).parent / "locales"
TEMPLATE = FOLDER / "caravan.pot"
SOURCE = "en"
AUTO = "auto"  # a server's language setting: its own (Discord's preferred locale)
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


def language_of(locale: Any) -> str:
    """The language to speak to `locale` (Discord's `pt-BR`, `es-419`, `de`..., as text or
    a `discord.Locale`): its own catalogue, else its language's (`es-419` and `es-ES` are
    both `es`), else English."""
    if locale is None:
        return SOURCE
    code = str(getattr(locale, "value", locale))
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

    def say(self, said: Said) -> str:
        """`said` in this language: a `Text` translated (and its values that are `Text`
        too), anything else as it is (a member's words, or what is made already)."""
        if not isinstance(said, Text):
            return said
        if isinstance(said, Joined):
            return said.separator.join(self.say(part) for part in said.parts)
        if isinstance(said, ByLanguage):
            return said.texts.get(self.language) or said.message
        if isinstance(said, Fitting):
            ways = [self.say(way) for way in said.ways]
            return next((way for way in ways if len(way) <= said.limit), ways[-1][: said.limit])
        values = {
            key: self.say(value) if isinstance(value, Text) else value
            for key, value in said.values.items()
        }
        if said.other is not None and said.count is not None:
            return self.plural(said.message, said.other, said.count, said.context, **values)
        return self.text(said.message, said.context, **values)

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


class Text:
    """A sentence to be said in a language chosen later: its English (the catalogue's key),
    the values of its `{placeholders}` (a value that is itself a `Text` is said in the same
    language), and, for a plural, its other form and the count that chooses. `str()` gives
    the English; `Catalogue.say` the language's. Made by `_` and `n_`, which mark it for
    the template."""

    __slots__ = ("context", "count", "message", "other", "values")

    def __init__(
        self,
        message: str,
        values: dict[str, Any],
        other: str | None = None,
        count: int | None = None,
        context: str | None = None,
    ) -> None:
        self.message = message
        self.values = values
        self.other = other
        self.count = count
        self.context = context

    def __str__(self) -> str:
        return catalogue(SOURCE).say(self)

    def __repr__(self) -> str:
        return f"Text({self.message!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (
            self.message,
            self.values,
            self.other,
            self.count,
            self.context,
        ) == (other.message, other.values, other.other, other.count, other.context)

    def __hash__(self) -> int:
        return hash((self.message, self.other, self.count, self.context))


def _(message: str, /, **values: Any) -> Text:
    """A sentence in English, said in each reader's language where it is sent."""
    return Text(message, values)


def n_(one: str, other: str, count: int, /, **values: Any) -> Text:
    """A sentence with a count (`{count}`), in the form each language's rules give it."""
    return Text(one, values, other, count)


class Joined(Text):
    """Sentences said one after another (`separator` between them), each in the same
    language: a line made of several."""

    __slots__ = ("parts", "separator")

    def __init__(self, parts: Sequence[Text | str], separator: str = " ") -> None:
        super().__init__("", {})
        self.parts = tuple(p for p in parts if p)
        self.separator = separator

    def __repr__(self) -> str:
        return f"Joined({self.parts!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and (self.parts, self.separator) == (
            other.parts,
            other.separator,
        )

    def __hash__(self) -> int:
        return hash(self.parts)


class Fitting(Text):
    """The first of several ways to say a thing that fits in `limit` characters in the
    reader's language (the last, cut to the limit, if none does): a select option's words
    with and without a detail."""

    __slots__ = ("limit", "ways")

    def __init__(self, ways: Sequence[Said], limit: int) -> None:
        super().__init__("", {})
        self.ways = tuple(ways)
        self.limit = limit

    def __repr__(self) -> str:
        return f"Fitting({self.ways!r}, {self.limit})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fitting) and (self.ways, self.limit) == (other.ways, other.limit)

    def __hash__(self) -> int:
        return hash(self.ways)


class ByLanguage(Text):
    """A text written whole in each language (not made of catalogue messages): the
    reader's language's, else English's. For a text kept in files of its own, such as a
    rules summary shared under another licence than the catalogues."""

    __slots__ = ("texts",)

    def __init__(self, texts: Mapping[str, str]) -> None:
        super().__init__(texts.get(SOURCE, ""), {})
        self.texts = dict(texts)

    def __repr__(self) -> str:
        return f"ByLanguage({sorted(self.texts)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ByLanguage) and self.texts == other.texts

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.texts.items())))


def listed(items: Sequence[Text | str]) -> Text | str:
    """ "A", "A and B", "A, B and C" in the reader's language."""
    if len(items) <= 1:
        return items[0] if items else ""
    return _("{items} and {last}", items=Joined(items[:-1], ", "), last=items[-1])


Said = str | Text  # what reaches a member: a sentence to translate, or text made already


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def _catalogue(language: str) -> Catalogue:
    if language == SOURCE:
        return ENGLISH
    read = read_catalog(FOLDER / language / "caravan.po")
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


ENGLISH = Catalogue(SOURCE, {}, lambda n: int(n != 1))  # the source: every message its own


def words_for(locale: Any) -> Catalogue:
    """The catalogue to speak to a Discord locale in (`interaction.locale`)."""
    return catalogue(language_of(locale))


def server_language(setting: str | None, preferred_locale: Any) -> str:
    """A server's language: as `/caravan-admin set language:` set it, else (unset, or
    `auto`) the server's preferred locale's, else English."""
    if setting and setting != AUTO and setting in LANGUAGES:
        return setting
    return language_of(preferred_locale)


def placeholders(text: str) -> set[str]:
    """The `{names}` a message fills."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
