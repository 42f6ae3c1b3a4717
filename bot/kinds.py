"""The games the bot plays, each registered once: a `bot.games.base.GameKind` from its own
package (`bot/games/<kind>/kind.py` for the two here; a package anywhere for another).
`register` adds one; its face (`bot.faces.register`) says how it looks. The slash commands
offer the kinds registered when their tree is built (`bot.commands`)."""

from __future__ import annotations

from typing import Any

from bot.games.base import GameKind
from bot.games.decktet.kind import KIND as DECKTET_KIND
from bot.games.new_vegas.kind import KIND as NEW_VEGAS_KIND
from bot.i18n import Text

KINDS: dict[str, GameKind] = {}  # by key, in the order registered (the commands' order)
GAMES: dict[str, Text] = {}  # each kind's title, by key
_BY_TYPE: dict[type, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    """Add `kind` to the games the bot plays, before the bot builds its command tree.
    Raises ValueError if its key, or a class of its engine, is another kind's already."""
    if kind.key in KINDS:
        raise ValueError(f"a game kind {kind.key!r} is registered already")
    taken = [t.__name__ for t in kind.types if t in _BY_TYPE]
    if taken:
        raise ValueError(f"{kind.key!r}: {', '.join(taken)} of another game kind's engine")
    KINDS[kind.key] = kind
    GAMES[kind.key] = kind.title
    _BY_TYPE.update(dict.fromkeys(kind.types, kind))
    return kind


def unregister(key: str) -> None:
    """Take the kind `key` away again (a test's own kind, once the test is done)."""
    kind = KINDS.pop(key)
    del GAMES[key]
    for engine_type in kind.types:
        del _BY_TYPE[engine_type]


def named(key: str | None) -> GameKind:
    """The kind stored as `key` (None: the default game)."""
    return DEFAULT if key is None else KINDS[key]


def kind_of(value: Any) -> GameKind:
    """The kind whose engine made `value`: rules, a view, a move event or a game."""
    return _BY_TYPE[type(value)]


DEFAULT: GameKind = register(NEW_VEGAS_KIND)  # the game of a challenge that names none
register(DECKTET_KIND)
NEW_VEGAS = NEW_VEGAS_KIND.key  # the game a leaderboard or stats show unless told
