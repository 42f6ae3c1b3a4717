"""Nothing is lost: a real process plays games and is killed with SIGKILL at random
moments; after each restart every acknowledged move is there, nothing half-applied is,
and every game goes on. On SQLite and on PostgreSQL (where the process killed holds a
pool of connections, some inside transactions)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from bot.service import GameService
from bot.settings import Settings
from bot.store import open_store
from engine import Game

ROUNDS = 6


def run_and_kill(url: str, seed: int, rng: random.Random) -> list[tuple[int, int, str]]:
    """Start the worker, let it acknowledge some moves, kill it mid-flight."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.durability_worker", url, str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
    )
    assert process.stdout is not None
    acks = []
    target = rng.randint(5, 120)
    watchdog = threading.Timer(60, process.kill)  # a hung worker fails the test, not CI
    watchdog.start()
    try:
        for line in process.stdout:
            _, game, version, move = line.split()
            acks.append((int(game), int(version), move))
            if len(acks) >= target:
                time.sleep(rng.random() * 0.02)  # land anywhere, even inside a transaction
                break
    finally:
        watchdog.cancel()
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    assert len(acks) >= target, process.stderr.read() if process.stderr else "no output"
    return acks


async def check(url: str, acks: list[tuple[int, int, str]]) -> None:
    db = await open_store(url)
    service = GameService(db, Settings(max_active_games=100))
    for game_id, version, move in acks:
        rows = await db.query(
            "SELECT move FROM moves WHERE game_id = ? AND ply = ?", (game_id, version)
        )
        assert rows and rows[0]["move"] == move, (game_id, version, move)
    for game_row in await db.query("SELECT * FROM games"):
        moves = await db.query(
            "SELECT move, ply FROM moves WHERE game_id = ? ORDER BY ply", (game_row["id"],)
        )
        assert [m["ply"] for m in moves] == list(range(1, len(moves) + 1))
        info = await service.game(game_row["id"])
        replayed = Game.replay(info.rules, game_row["seed"], [m["move"] for m in moves])
        assert info.version == len(moves)  # no move without its game update, nor the reverse
        assert (info.status == "finished") == replayed.is_over
        if info.active:
            assert info.turn == replayed.mover
            user = info.user_at(replayed.mover)
            _, view = await service.view(info.id, user)
            outcome = await service.play(info.id, user, view.legal_moves[0], info.version)
            assert outcome.game.version == info.version + 1
    await db.close()


async def test_killed_at_random_moments_nothing_is_lost(database_url: str) -> None:
    rng = random.Random(7)
    for round_ in range(ROUNDS):
        acks = run_and_kill(database_url, round_, rng)
        await check(database_url, acks)
