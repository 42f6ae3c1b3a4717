"""Stand-ins the words tests share: a language that marks every message it says, and an
interaction that records its answers (for calling a cog's handlers without Discord)."""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any

from bot.i18n import ENGLISH, Catalogue


class Marking(Catalogue):
    """A language that says every message as its English in «»: what went through it
    shows so."""

    def text(self, message: str, context: str | None = None, /, **values: Any) -> str:
        return "«" + ENGLISH.text(message, context, **values) + "»"

    def plural(
        self, one: str, other: str, count: int, context: str | None = None, /, **values: Any
    ) -> str:
        return "«" + ENGLISH.plural(one, other, count, context, **values) + "»"


MARKING = Marking("xx", {}, lambda n: int(n != 1))


class Recorder:
    """An interaction's answers, as sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    async def send_message(self, text: str, **options: Any) -> None:
        self.sent.append((text, options))

    async def send(self, text: str, **options: Any) -> None:
        self.sent.append((text, options))

    async def defer(self, **options: Any) -> None:
        return None


async def guarded(interaction: Any, name: str, work: Coroutine[Any, Any, None]) -> None:
    """The guard's stand-in: the work, run."""
    await work
