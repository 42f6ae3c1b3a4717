"""What an event's games and cancellations keep in words, and how those words are said
again in a reader's language: a game's label ("Friday Swiss, round 2", kept in English and
read back into the event's name and round) and an event's cancel reason (kept in English,
read back into its sentence and values)."""

from __future__ import annotations

import re
import string

from bot.i18n import Said, Text, _
from bot.tournament.records import Event


def event_label(name: str, round: int | str) -> Text:
    """What a game's title says of its event: "Friday Swiss, round 2"."""
    return _("{name}, round {round}", name=name, round=round)


def label(event: Event, round: int) -> str:
    """An event's game's label as the game keeps it: in English, "Friday Swiss, round 2"
    (`label_said` says it again in a reader's language, `split_label` reads it); a timed
    format's (an arena's) has no rounds: its name alone."""
    if event.format.timed:
        return event.tournament.name
    return str(event_label(event.tournament.name, round))


def split_label(kept: str | None) -> tuple[str, int]:
    """The event's name and the round of a game's label (`label`); ("", 0) if none."""
    name, _sep, round_ = (kept or "").rpartition(str(event_label("", "")))
    if not _sep or not round_.isdigit():
        return kept or "", 0
    return name, int(round_)


def label_said(kept: str) -> Said:
    """A game's kept label (`label`), to say in the reader's language."""
    name, round_ = split_label(kept)
    return event_label(name, round_) if round_ else kept


CANCELLED_BY_ORGANISER = _("Cancelled by the organiser.")


def too_few(count: int, fewest: int) -> Text:
    return _(
        "Too few entrants at the start: {count} of the {fewest} needed.",
        count=count,
        fewest=fewest,
    )


CANCEL_REASONS = (CANCELLED_BY_ORGANISER, too_few(0, 0))  # their English is what is kept


def cancel_reason(kept: str) -> Said:
    """A cancelled event's reason as the store keeps it (its English), to say in the
    reader's language; a reason not known here as it is."""
    for known in CANCEL_REASONS:
        found = _reading(known.message).fullmatch(kept)
        if found is not None:
            return Text(known.message, found.groupdict())
    return kept


def _reading(message: str) -> re.Pattern[str]:
    """A pattern reading the values back out of `message` filled in."""
    parts = []
    for literal, name, _spec, _conversion in string.Formatter().parse(message):
        parts.append(re.escape(literal))
        if name:
            parts.append(f"(?P<{name}>.*?)")
    return re.compile("".join(parts), re.DOTALL)
