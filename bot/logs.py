"""The bot's log lines: plain text (the default) or one JSON object a line
(`CARAVAN_LOG_FORMAT=json`), each saying where it happened when that is known.

    {"time": "2026-11-27T00:04:27.131Z", "level": "INFO", "logger": "caravan.bot",
     "message": "play by 1456074443980800007: ok in 30.4 ms", "shard": 0,
     "guild": 1456074443980800002, "game": 1, "interaction": 1456074443980800022}

Where: `bind(...)` adds the shard, server, game or interaction to every line the current
task logs from then on (and to the tasks it starts); the guard binds each interaction's,
the cogs and the computer player the game's. `context_for(...)` gives a task its own.

Secrets: `configure(..., secrets=...)` masks each secret's value (the bot's token, the
database password) wherever it appears in a line, its arguments or its traceback, at every
level: a backstop, since nothing logs them on purpose. Interaction tokens, which
discord.py's DEBUG lines carry in URLs (an answer's `/interactions/<id>/<token>/callback`,
a follow-up's `/webhooks/<app id>/<token>`) and in gateway payloads (`"token": "..."`),
are masked too. Hand cards and seeds are never
logged at INFO and above (`tests/bot/test_logs.py` plays games and checks every line).
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import sys
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from types import MappingProxyType
from typing import IO, Any

FIELDS = ("shard", "guild", "game", "interaction")
FORMATS = ("text", "json")
TEXT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
MASK = "***"
# an interaction's token in a URL discord.py logs at DEBUG: its answer's
# /interactions/<interaction id>/<token>/callback, its follow-ups' /webhooks/<app id>/<token>
_WEBHOOK_TOKEN = re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9_.\-]{20,}")
# and in a gateway payload discord.py logs at DEBUG (INTERACTION_CREATE's "token": "...")
_PAYLOAD_TOKEN = re.compile(r"""(["']token["']:\s*["'])[^"']{20,}""")

_where: contextvars.ContextVar[Mapping[str, int]] = contextvars.ContextVar(
    "caravan_log_where", default=MappingProxyType({})
)


def bind(**fields: int | None) -> contextvars.Token[Mapping[str, int]]:
    """Say `fields` (shard, guild, game, interaction; None: leave as it is) in every line
    this task logs from now on, and in the tasks it starts. `unbind(token)` takes them back."""
    unknown = set(fields) - set(FIELDS)
    if unknown:
        raise ValueError(f"log fields are {', '.join(FIELDS)}, not {', '.join(sorted(unknown))}")
    known = {name: value for name, value in fields.items() if value is not None}
    return _where.set({**_where.get(), **known})


def unbind(token: contextvars.Token[Mapping[str, int]]) -> None:
    """Back to what the lines said before the `bind` that gave `token`."""
    _where.reset(token)


def context_for(**fields: int | None) -> contextvars.Context:
    """A copy of the current context (for `asyncio.create_task(..., context=)`) whose lines
    say `fields` only: a task started by an interaction but not part of it (the computer's
    move) does not carry the interaction's id."""
    context = contextvars.copy_context()
    known = {name: value for name, value in fields.items() if value is not None}
    context.run(_where.set, known)
    return context


def where() -> Mapping[str, int]:
    """The fields the current task's lines say."""
    return _where.get()


class Where(logging.Filter):
    """Stamps each record with the fields bound where it was logged (`record.where`), and
    masks `secrets` in it: its message (arguments merged in), its traceback and stack."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        # longest first, so a secret containing another is masked whole
        self.secrets = sorted({s for s in secrets if s and len(s) >= 4}, key=len, reverse=True)

    def mask(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, MASK)
        text = _WEBHOOK_TOKEN.sub(r"\1" + MASK, text)
        return _PAYLOAD_TOKEN.sub(r"\1" + MASK, text)

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "where"):
            record.where = dict(_where.get())
        try:
            message = record.getMessage()
        except Exception:  # arguments that do not fit: the handler reports it as usual
            return True
        masked = self.mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.mask(record.exc_text)
        if record.stack_info:
            record.stack_info = self.mask(record.stack_info)
        return True


class JsonLines(logging.Formatter):
    """One JSON object a line: time (ISO 8601, UTC, milliseconds), level, logger, message,
    the bound fields known (shard, guild, game, interaction) and `exc`, a traceback."""

    def format(self, record: logging.LogRecord) -> str:
        moment = datetime.fromtimestamp(record.created, UTC)
        line: dict[str, Any] = {
            "time": moment.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        bound: Mapping[str, int] = getattr(record, "where", None) or _where.get()
        line.update((name, bound[name]) for name in FIELDS if name in bound)
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            line["exc"] = record.exc_text
        if record.stack_info:
            line["stack"] = record.stack_info
        return json.dumps(line, ensure_ascii=False, default=str)


class CaravanHandler(logging.StreamHandler[IO[str]]):
    """The bot's own handler on the root logger (one at a time: `configure` replaces it)."""


def configure(
    level: str = "INFO",
    form: str = "text",
    secrets: Iterable[str] = (),
    stream: IO[str] | None = None,
) -> logging.Handler:
    """Send every log line at `level` and above to `stream` (standard error), as text or
    JSON (`form`), with `secrets` masked; returns the handler. discord.py's own lines are
    kept to warnings unless `level` is DEBUG."""
    if form not in FORMATS:
        raise ValueError(f"the log format is text or json, not {form!r}")
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, CaravanHandler)]:
        root.removeHandler(old)
        old.close()
    handler = CaravanHandler(stream or sys.stderr)
    handler.addFilter(Where(secrets))
    handler.setFormatter(JsonLines() if form == "json" else logging.Formatter(TEXT))
    root.addHandler(handler)
    root.setLevel(level)
    quiet_discord(level)
    return handler


def quiet_discord(level: str) -> None:
    """discord.py's own lines at `level`, but at least warnings unless it is DEBUG (its
    INFO lines are each shard's every connection). Set on its logger: the records it
    hands up to the root's handlers are not held to the root's level."""
    wanted = logging.getLevelName(level)
    floor = wanted if level == "DEBUG" else max(logging.WARNING, wanted)
    logging.getLogger("discord").setLevel(floor)
