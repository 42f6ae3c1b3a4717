"""A server's own settings (`/caravan-admin`): one frozen record with every setting and its
default in one place (`ServerSettings`). The store keeps it as a JSON object of the settings
a server changed; the game service reads it (and caches it) and hands it to whoever needs a
setting: nothing else reads one by its stored key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

# The turn times a game may have (seconds): offered at a challenge and as a server's default.
TURN_SECONDS = (5 * 60, 60 * 60, 24 * 60 * 60, 3 * 24 * 60 * 60)


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings. None (or no channels) where the server keeps the default:

    - `preset`, `jokers`: the rules of its new games (default: New Vegas, the preset's jokers);
    - `turn_seconds`: their time per move (default: the host's `default_turn_seconds`);
    - `threads`: whether each game gets a thread (default: the host's `game_threads`);
    - `channels`: where games may start (none: anywhere);
    - `organiser_role`: the role whose members may organise tournaments, besides those with
      Manage Server;
    - `language`: the language of its public messages (None: its own, Discord's preferred
      locale).
    """

    preset: str | None = None
    jokers: int | None = None
    turn_seconds: int | None = None
    threads: bool | None = None
    channels: tuple[int, ...] = ()
    organiser_role: int | None = None
    language: str | None = None

    @staticmethod
    def from_stored(stored: Mapping[str, Any]) -> ServerSettings:
        """The settings as the store keeps them (only those a server changed; a key this
        code does not know is left out)."""
        known = {f.name for f in fields(ServerSettings)}
        values = {key: value for key, value in stored.items() if key in known}
        if "channels" in values:
            values["channels"] = tuple(int(c) for c in values["channels"] or ())
        return ServerSettings(**values)

    def stored(self) -> dict[str, Any]:
        """What the store keeps: the settings changed from their defaults."""
        kept: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or value == ():
                continue
            kept[f.name] = list(value) if isinstance(value, tuple) else value
        return kept

    def changed(self, **changes: Any) -> ServerSettings:
        """These settings with `changes` (a value of None, or no channels: the default)."""
        if "channels" in changes:
            changes["channels"] = tuple(changes["channels"] or ())
        return replace(self, **changes)
