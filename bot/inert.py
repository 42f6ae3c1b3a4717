"""What members type, made inert: display names, deck names and option values, before the
bot writes them anywhere.

Two forms of one text:
- `plain(text)`: for places that show text as it is (images, alt text, thread titles, select
  labels, autocomplete choices, replay files, logs): no control or format characters (so no
  right-to-left overrides, zero-width joiners or line breaks), at most two combining marks
  on a letter, one space between words, cut to a length with an ellipsis, never empty.
- `md(text)`: the plain form for message content and embeds, where Discord reads markdown:
  every character that could start formatting, a link or a mention is escaped with a
  backslash, so it shows as typed and pings nobody.

`quote(text)` puts member text inside one of the bot's sentences, cut short, so an answer
quoting a 6,000-character option still fits (the bot's own words are never cut).
The bot also sends every message with no mentions allowed except the ones it means
(`bot.app`), so even a mention that slipped through would not ping.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import TypeVar

NAME_LENGTH = 32  # Discord's own limit for display names and nicknames
QUOTE_LENGTH = 40
ELLIPSIS = "\u2026"
MAX_MARKS = 2  # combining marks kept on one letter ("Zalgo" text stacks dozens)
# Everything Discord's markdown, autolinks, mentions, emoji and timestamps start with.
_ACTIVE = re.compile(r"([\\*_~`|>#\-+\[\]<:@])")
_NUMBERED = re.compile(r"^(\d+)\.")  # "1. " would start a numbered list
_SPACES = re.compile(r"\s+")

K = TypeVar("K")


def plain(text: str, limit: int | None = NAME_LENGTH, fallback: str = "Player") -> str:
    """`text` safe to show as it is: see the module's docstring. `fallback` when nothing
    printable is left; `limit` None: not cut."""
    kept: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", str(text)):
        category = unicodedata.category(char)
        if category[0] == "Z" or char in "\t\n\r\v\f":
            kept.append(" ")
            marks = 0
        elif category[0] == "C":  # control, format (bidi, zero-width), surrogate, private
            continue
        elif category in ("Mn", "Me"):
            if marks < MAX_MARKS and kept and kept[-1] != " ":
                kept.append(char)
                marks += 1
        else:
            kept.append(char)
            marks = 0
    words = _SPACES.sub(" ", "".join(kept)).strip()
    if not words:
        return fallback
    return words if limit is None else cut(words, limit)


def cut(text: str, limit: int) -> str:
    """`text` at most `limit` characters, an ellipsis marking a cut."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)].rstrip() + ELLIPSIS


def md(text: str) -> str:
    """Already plain text, escaped for Discord's markdown: it shows as typed, formats
    nothing, links nowhere and mentions nobody."""
    return _NUMBERED.sub(r"\1\\.", _ACTIVE.sub(r"\\\1", text))


def title(text: str, limit: int = 100) -> str:
    """Plain text for a thread's title, which shows no markdown but is quoted by Discord's
    "started a thread" notice: its at signs become full-width (＠), so no mention syntax
    survives, and it is cut to Discord's 100 characters."""
    return cut(plain(text, limit=None, fallback="Caravan").replace("@", "\uff20"), limit)


def md_names(names: Mapping[K, str]) -> dict[K, str]:
    """Each plain name of `names` in its markdown-safe form, for message text."""
    return {key: md(name) for key, name in names.items()}


def quote(text: str, limit: int = QUOTE_LENGTH) -> str:
    """Member text for one of the bot's sentences in message content: plain, cut to
    `limit`, escaped, in quotation marks."""
    return f"\u201c{md(plain(text, limit, fallback=''))}\u201d"
