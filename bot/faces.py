"""How each game looks and reads, registered once beside its rules (`bot.kinds`): each is a
`bot.games.base.GameFace` from its kind's package (`face.py`). The rules and the records
never import this: the layers that draw and talk to Discord do."""

from __future__ import annotations

from typing import Any

from bot.games.base import GameFace
from bot.games.decktet.face import FACE as DECKTET_FACE
from bot.games.new_vegas.face import FACE as NEW_VEGAS_FACE
from bot.kinds import kind_of

_ALL: tuple[GameFace, ...] = (NEW_VEGAS_FACE, DECKTET_FACE)
FACES: dict[str, GameFace] = {face.key: face for face in _ALL}


def face(key: str) -> GameFace:
    """The face of the kind stored as `key`."""
    return FACES[key]


def face_of(value: Any) -> GameFace:
    """The face of the kind whose engine made `value`: rules, a view, an event, a game."""
    return FACES[kind_of(value).key]
