"""What the game service holds in memory of the games it touched: `Held`, each game's latest
record this process wrote or read, and the states of the most recent games (so a move does
not replay its game). Every change to a game bumps its version and commits check it, so a
record held here is never trusted past its version."""

from __future__ import annotations

from collections import OrderedDict

from bot.errors import NotFound
from bot.i18n import _
from bot.records import AnyGame, GameInfo, replay_game
from bot.store import Store

CACHE_SIZE = 512  # game states kept, most recently used first


class Held:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._states: OrderedDict[int, tuple[int, AnyGame]] = OrderedDict()
        # The latest record of each game this process wrote or read. With a shared store
        # (other processes write too) it is trusted only for a change built on its very
        # version (`at`).
        self._infos: dict[int, GameInfo] = {}

    async def game(self, game_id: int) -> GameInfo:
        """A game's public record. With SQLite this process is the only writer, so the
        record it last wrote or read is current; with a shared store it is read again."""
        held = None if self.store.shared else self._infos.get(game_id)
        if held is not None:
            return held
        return await self.fresh(game_id)

    async def at(self, game_id: int, version: int) -> GameInfo:
        """The game's record for a change built on `version`: the one held, if it is at
        that version (the commit checks it is still current), else read again, so a game
        another process moved is never refused on an old record."""
        held = self._infos.get(game_id)
        if held is not None and held.version == version:
            return held
        return await self.game(game_id)

    async def fresh(self, game_id: int) -> GameInfo:
        """The game's record as the database has it now."""
        info = await self.store.games.game(game_id)
        if info is None:
            raise NotFound(_("There is no such game."))
        return self.note(info)

    def note(self, info: GameInfo) -> GameInfo:
        """Hold `info` (unless a newer record of its game is held); `info`."""
        held = self._infos.get(info.id)
        if held is None or held.version <= info.version:
            self._infos[info.id] = info
        if len(self._infos) > CACHE_SIZE * 4:
            self._infos.clear()
        return info

    def forget(self, game_id: int) -> None:
        """Read the game's record again next time (a change that did not bump its version)."""
        self._infos.pop(game_id, None)

    async def state(self, info: GameInfo) -> AnyGame:
        """The game's state at `info.version`: held, or rebuilt from rules + seed + moves.
        Never modify the returned game: copy it."""
        cached = self._states.get(info.id)
        if cached is not None and cached[0] == info.version:
            self._states.move_to_end(info.id)
            return cached[1]
        seed, moves = await self.store.games.seed_and_moves(info.id)
        game = _rebuild(info, seed, moves)
        self.remember(info.id, info.version, game)
        return game

    def remember(self, game_id: int, version: int, game: AnyGame) -> None:
        """Hold `game` as the state at `version` (unless a newer one is held)."""
        held = self._states.get(game_id)
        if held is not None and held[0] > version:
            return
        self._states[game_id] = (version, game)
        self._states.move_to_end(game_id)
        while len(self._states) > CACHE_SIZE:
            self._states.popitem(last=False)


def _rebuild(info: GameInfo, seed: int, moves: list[str]) -> AnyGame:
    """The state `info` describes, replayed from rules + seed + moves. An active game's
    version is its number of moves: moves committed after `info` was read are left out."""
    return replay_game(info.rules, seed, moves[: info.version] if info.active else moves)
