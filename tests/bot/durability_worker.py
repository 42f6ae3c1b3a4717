"""A process that plays games through the service until it is killed, printing
`ACK game_id ply move` after each move the service accepted (used by test_durability)."""

from __future__ import annotations

import asyncio
import random
import sys

from bot.service import GameService
from bot.settings import Settings
from bot.store import open_store

GAMES = 6


async def main(url: str, seed: int) -> None:
    store = await open_store(url)
    try:
        await play_forever(GameService(store, Settings(max_active_games=100)), random.Random(seed))
    finally:
        await store.close()  # so that an error ends the process and the test sees it


async def play_forever(service: GameService, rng: random.Random) -> None:
    players = [(1000 + 2 * i, 1001 + 2 * i) for i in range(GAMES)]
    while True:
        active = []
        for a, b in players:
            games = await service.ledger.active_games(a)
            if not games:
                challenge = await service.openings.create_challenge(1, 1, a, b)
                games = [await service.openings.accept(challenge.id, b)]
            active.extend(games)
        info = rng.choice(active)
        user = info.user_at(info.turn or "A")
        _, view = await service.view(info.id, user)
        move = rng.choice(view.legal_moves)
        outcome = await service.play(info.id, user, move, info.version)
        print(f"ACK {info.id} {outcome.game.version} {move}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
