"""The AI's worker pool (bot.thinking): a worker process that dies does not leave every
later decision failing; the next one gets a new pool."""

from __future__ import annotations

from concurrent.futures import BrokenExecutor

import pytest

from bot.thinking import AiWorker
from engine import Game, Rules


async def test_a_pool_whose_worker_died_is_replaced() -> None:
    game = Game.new(Rules("new-vegas"), 5)
    view = game.view(game.mover)
    worker = AiWorker(1)
    try:
        with pytest.raises(BrokenExecutor):
            await worker.decide("tests.bot.dying_players", "easy", view, "seed")
        move = await worker.decide("engine.ai", "easy", view, "seed")
        assert game.is_legal(move)
    finally:
        worker.close()
