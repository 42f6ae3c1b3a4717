"""How each game looks and reads, registered once beside its rules (`bot.kinds`): a
`bot.games.base.GameFace` from its kind's package (`face.py`), which also brings the game's
rules help (`topics`) and its gallery's pictures (`samples`). The rules and the records
never import this: the layers that draw and talk to Discord do."""

from __future__ import annotations

from typing import Any

from bot.games.base import GameFace
from bot.games.decktet.face import FACE as DECKTET_FACE
from bot.games.new_vegas.face import FACE as NEW_VEGAS_FACE
from bot.help import Topic
from bot.kinds import KINDS, kind_of

FACES: dict[str, GameFace] = {}  # by its kind's key, in the order registered


def register(face: GameFace) -> GameFace:
    """Add `face`, the face of a kind registered already (`bot.kinds.register`). Raises
    ValueError if that kind is not registered or has a face, or if one of its rules help
    topics has another game's name."""
    if face.key not in KINDS:
        raise ValueError(f"no game kind {face.key!r} is registered (bot.kinds.register)")
    if face.key in FACES:
        raise ValueError(f"the game kind {face.key!r} has a face already")
    clash = sorted(set(face.topics) & set(topics()))
    if clash:
        raise ValueError(f"{face.key!r}: another game has the rules topics {clash}")
    FACES[face.key] = face
    return face


def unregister(key: str) -> None:
    """Take the face of the kind `key` away again (before the kind: `bot.kinds`)."""
    del FACES[key]


def face(key: str) -> GameFace:
    """The face of the kind stored as `key`."""
    return FACES[key]


def face_of(value: Any) -> GameFace:
    """The face of the kind whose engine made `value`: rules, a view, an event, a game."""
    return FACES[kind_of(value).key]


def topics() -> dict[str, Topic]:
    """Every registered game's rules help topics (`/caravan rules`), by name, game by game."""
    return {name: topic for looks in FACES.values() for name, topic in looks.topics.items()}


register(NEW_VEGAS_FACE)
register(DECKTET_FACE)
