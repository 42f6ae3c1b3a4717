"""The games the bot plays, registered once: each is a `bot.games.base.GameKind` from its
own package under `bot.games`. A third game is its package and one line in `KINDS`."""

from __future__ import annotations

from typing import Any

from bot.games.base import GameKind
from bot.games.decktet.kind import KIND as DECKTET_KIND
from bot.games.new_vegas.kind import KIND as NEW_VEGAS_KIND

_ALL: tuple[GameKind, ...] = (NEW_VEGAS_KIND, DECKTET_KIND)
KINDS: dict[str, GameKind] = {kind.key: kind for kind in _ALL}
DEFAULT: GameKind = NEW_VEGAS_KIND  # the game of a challenge that names none
NEW_VEGAS = NEW_VEGAS_KIND.key  # the game a leaderboard or stats show unless told
GAMES = {key: kind.title for key, kind in KINDS.items()}  # for people, by key
_BY_TYPE: dict[type, GameKind] = {t: kind for kind in KINDS.values() for t in kind.types}


def named(key: str | None) -> GameKind:
    """The kind stored as `key` (None: the default game)."""
    return DEFAULT if key is None else KINDS[key]


def kind_of(value: Any) -> GameKind:
    """The kind whose engine made `value`: rules, a view, a move event or a game."""
    return _BY_TYPE[type(value)]
