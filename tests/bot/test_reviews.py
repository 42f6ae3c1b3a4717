"""Asking for a finished game's review, its queue and its limits (`bot.reviews`,
`bot.store.reviews`), on both stores."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.errors import GameNotOver, NotFound
from bot.records import GameInfo
from bot.reviews import STALE_SECONDS, ReviewRefused
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store
from tests.bot.conftest import Clock
from tests.bot.test_service import ALICE, BOB, CAROL, GUILD, new_game, play_out

PER_HOUR, QUEUE = 2, 3


@pytest.fixture
def service(store: Store, clock: Clock) -> GameService:
    limits = Settings(max_active_games=50, reviews_per_hour=PER_HOUR, review_queue=QUEUE)
    return GameService(store, limits, clock=clock)


async def finished(service: GameService, seed: int = 1) -> GameInfo:
    info = await play_out(service, await new_game(service), random.Random(seed))
    assert not info.active
    return info


async def test_a_review_is_asked_once_and_kept(service: GameService) -> None:
    info = await finished(service)
    _, moves = await service.store.games.seed_and_moves(info.id)
    shown, review, new = await service.reviews.ask(info.id, ALICE, GUILD)
    assert new and shown.id == info.id and review.status == "queued"
    assert review.total == len(moves) and review.judged == () and review.requested_by == ALICE
    _, again, new = await service.reviews.ask(info.id, BOB, GUILD)
    assert not new and again == review  # the same review, not asked twice


async def test_refusals_say_why(service: GameService) -> None:
    playing = await new_game(service)
    with pytest.raises(GameNotOver, match="not over yet"):
        await service.reviews.ask(playing.id, ALICE, GUILD)
    over = await finished(service)
    with pytest.raises(NotFound, match="no such game in this server"):
        await service.reviews.ask(over.id, ALICE, GUILD + 1)
    assert await service.store.reviews.review(over.id) is None


async def test_a_member_asks_for_so_many_an_hour(service: GameService, clock: Clock) -> None:
    games = [await finished(service, seed) for seed in range(3)]
    for info in games[:PER_HOUR]:
        await service.reviews.ask(info.id, CAROL, GUILD)
    with pytest.raises(ReviewRefused, match="2 reviews in the last hour"):
        await service.reviews.ask(games[2].id, CAROL, GUILD)
    await service.reviews.ask(games[2].id, ALICE, GUILD)  # another member may
    clock.advance(3601)
    _, _, new = await service.reviews.ask(games[0].id, CAROL, GUILD)
    assert not new  # asked already: shown, not counted


async def test_so_many_wait_at_once(service: GameService) -> None:
    games = [await finished(service, seed) for seed in range(QUEUE + 1)]
    for index, info in enumerate(games[:QUEUE]):
        await service.reviews.ask(info.id, 1000 + index, GUILD)
    with pytest.raises(ReviewRefused, match="3 reviews are waiting"):
        await service.reviews.ask(games[QUEUE].id, 2000, GUILD)


async def test_a_review_is_claimed_by_one_process_and_taken_over_when_it_stops(
    store: Store, clock: Clock
) -> None:
    one = GameService(store, Settings(max_active_games=50), clock=clock)
    other = GameService(store, Settings(max_active_games=50), clock=clock)
    info = await finished(one)
    await one.reviews.ask(info.id, ALICE, GUILD)
    taken = await one.reviews.claim()
    assert taken is not None and taken.status == "running" and taken.runner == one.reviews.runner
    assert await other.reviews.claim() is None  # it is one's while one moves it on
    judged = [{"ply": 0}]
    saved = await one.reviews.save(taken, judged)
    assert saved is not None and saved.judged == ({"ply": 0},)
    clock.advance(STALE_SECONDS + 1)  # one stopped (a crash, a restart)
    again = await other.reviews.claim()
    assert again is not None and again.runner == other.reviews.runner
    assert again.judged == ({"ply": 0},)  # goes on where it stopped
    assert await one.reviews.save(taken, [*judged, {"ply": 1}]) is None  # one lost it
    done = await other.reviews.save(again, [{"ply": ply} for ply in range(again.total)])
    assert done is not None and done.done and done.finished_at == clock()
    assert await other.reviews.claim() is None


async def test_two_processes_claiming_at_once_take_a_review_once(
    store: Store, clock: Clock
) -> None:
    processes = [GameService(store, Settings(max_active_games=50), clock=clock) for _ in range(2)]
    info = await finished(processes[0])
    asked = await asyncio.gather(
        *(p.reviews.ask(info.id, user, GUILD) for p, user in zip(processes, (ALICE, BOB)))
    )
    assert sorted(new for _, _, new in asked) == [False, True]  # asked once
    for _ in range(10):
        claims = await asyncio.gather(*(p.reviews.claim() for p in processes))
        taken = [c for c in claims if c is not None]
        assert len(taken) <= 1
        if taken:
            break
    assert len(taken) == 1
