"""Every race two bot processes can run into, on PostgreSQL with real concurrent connections:
two services, each with its own store and pool (as two processes have), on one database.
Each race is run many times at once; exactly one side lands every time, and nothing is
counted twice or lost."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator

import pytest

from bot.errors import ChallengeRefused, ServiceError, StaleView
from bot.openings import Accepted
from bot.records import GameInfo
from bot.service import GameService
from bot.settings import Settings
from bot.store import open_store
from engine.cards import format_cards, standard_deck
from tests.bot.conftest import Clock, count

GUILD, CHANNEL = 10, 20
TIMES = 12  # each race, at once
_users = itertools.count(1000)


@pytest.fixture
async def two(pg_url: str, clock: Clock) -> AsyncIterator[tuple[GameService, GameService]]:
    """Two services on one PostgreSQL database, as two shard processes have."""
    settings = Settings(max_open_challenges=3, max_active_games=2, default_turn_seconds=600)
    stores = [await open_store(pg_url, pool_size=TIMES + 2) for _ in range(2)]
    yield GameService(stores[0], settings, clock), GameService(stores[1], settings, clock)
    for store in stores:
        await store.close()


def pair() -> tuple[int, int]:
    return next(_users), next(_users)


async def game(service: GameService) -> GameInfo:
    a, b = pair()
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, a, b)
    return await service.openings.accept(challenge.id, b)


def landed(results: list[object]) -> int:
    for result in results:
        if isinstance(result, Exception) and not isinstance(result, ServiceError):
            raise result
    return sum(not isinstance(r, Exception) for r in results)


async def first_move(service: GameService, info: GameInfo) -> tuple[int, str]:
    mover = info.user_at(info.turn or "A")
    _, view = await service.view(info.id, mover)
    return mover, str(view.legal_moves[0])


async def test_two_accepts_start_one_game(two: tuple[GameService, GameService]) -> None:
    one, other = two
    for _ in range(TIMES):
        a, b = pair()
        challenge = await one.openings.create_challenge(GUILD, CHANNEL, a, None)
        results = await asyncio.gather(
            one.openings.accept(challenge.id, b),
            other.openings.accept(challenge.id, b + 10_000),
            return_exceptions=True,
        )
        assert landed(results) == 1, results
        assert all("accepted already" in str(r) for r in results if isinstance(r, ChallengeRefused))
    assert await count(one.store, "games") == TIMES


async def test_a_move_against_a_resign_lands_one(two: tuple[GameService, GameService]) -> None:
    one, other = two
    for _ in range(TIMES):
        info = await game(one)
        mover, move = await first_move(one, info)
        waiting = info.user_at("B" if info.turn == "A" else "A")
        results = await asyncio.gather(
            one.play(info.id, mover, move, 0),
            other.resign(info.id, waiting),
            return_exceptions=True,
        )
        landed(results)
        final = await other.game(info.id)
        played = await count_moves(one, info.id)
        assert final.status == "finished" and final.end_reason == "resigned"
        # the resignation always lands (it is decided again after a move), the move may too
        assert final.version == played + 1, (results, final)


async def test_a_claim_against_a_late_move_lands_one(
    two: tuple[GameService, GameService], clock: Clock
) -> None:
    one, other = two
    for _ in range(TIMES):
        info = await game(one)
        mover, move = await first_move(one, info)
        waiting = info.user_at("B" if info.turn == "A" else "A")
        clock.advance(info.turn_seconds + 1)
        results = await asyncio.gather(
            one.play(info.id, mover, move, 0),
            other.claim_timeout(info.id, waiting),
            return_exceptions=True,
        )
        assert landed(results) == 1, results
        final = await other.game(info.id)
        played = await count_moves(one, info.id)
        if played:  # the move came first: the turn passed, and the claim is refused
            assert final.active and final.version == 1
        else:
            assert final.end_reason == "timeout" and final.winner == info.seat_of(waiting)


async def test_an_abandon_against_a_move_lands_one(two: tuple[GameService, GameService]) -> None:
    one, other = two
    for _ in range(TIMES):
        info = await game(one)
        mover, move = await first_move(one, info)
        results = await asyncio.gather(
            one.play(info.id, mover, move, 0),
            other.abandon(info.id, GUILD),
            return_exceptions=True,
        )
        landed(results)
        final = await other.game(info.id)
        assert final.status == "abandoned"
        assert final.version == await count_moves(one, info.id) + 1


async def test_the_same_move_from_two_processes_lands_once(
    two: tuple[GameService, GameService],
) -> None:
    one, other = two
    for _ in range(TIMES):
        info = await game(one)
        mover, move = await first_move(one, info)
        results = await asyncio.gather(
            one.play(info.id, mover, move, 0),
            other.play(info.id, mover, move, 0),
            return_exceptions=True,
        )
        assert landed(results) == 1 and any(isinstance(r, StaleView) for r in results)
        assert await count_moves(one, info.id) == 1


async def test_limits_hold_across_processes(two: tuple[GameService, GameService]) -> None:
    """max_active_games=2 and max_open_challenges=3, asked of both processes at once."""
    one, other = two
    player = next(_users)
    challenges = [
        await one.openings.create_challenge(GUILD, CHANNEL, next(_users), player)
        for _ in range(TIMES)
    ]
    results = await asyncio.gather(
        *(
            (one if i % 2 else other).openings.accept(challenge.id, player)
            for i, challenge in enumerate(challenges)
        ),
        return_exceptions=True,
    )
    assert landed(results) == 2, results
    assert len(await one.ledger.active_games(player)) == 2
    challenger = next(_users)
    results = await asyncio.gather(
        *(
            (one if i % 2 else other).openings.create_challenge(GUILD, CHANNEL, challenger, None)
            for i in range(TIMES)
        ),
        return_exceptions=True,
    )
    assert landed(results) == 3, results
    keeper = next(_users)
    results = await asyncio.gather(
        *((one if i % 2 else other).ledger.save_deck(keeper, f"deck {i}", FULL) for i in range(30)),
        return_exceptions=True,
    )
    assert landed(results) == 25 and len(await one.ledger.decks(keeper)) == 25


async def test_ratings_of_two_games_ending_at_once_are_both_kept(
    two: tuple[GameService, GameService],
) -> None:
    """One player resigns two rated games at the same moment, one on each process: their
    rating counts both (a lost update would count one)."""
    one, other = two
    for _ in range(TIMES // 2):
        player = next(_users)
        games = []
        for _ in range(2):
            challenge = await one.openings.create_challenge(GUILD, CHANNEL, player, next(_users))
            games.append(await one.openings.accept(challenge.id, challenge.opponent_id or 0))
        results = await asyncio.gather(
            one.resign(games[0].id, player),
            other.resign(games[1].id, player),
            return_exceptions=True,
        )
        assert landed(results) == 2, results
        [row] = await one.store.query(
            "SELECT games, losses, streak FROM ratings WHERE user_id = ?", (player,)
        )
        assert (row["games"], row["losses"], row["streak"]) == (2, 2, -2)
        history = await one.store.query(
            "SELECT mu FROM rating_history WHERE user_id = ? ORDER BY mu DESC", (player,)
        )
        assert len(history) == 2 and history[0]["mu"] > history[1]["mu"]


async def finished(service: GameService) -> tuple[GameInfo, tuple[int, int]]:
    """A game its first player resigned, and its two players."""
    info = await game(service)
    await service.resign(info.id, info.players[0])
    return info, info.players


async def test_one_rematch_from_two_presses_on_two_processes(
    two: tuple[GameService, GameService],
) -> None:
    one, other = two
    for _ in range(TIMES // 2):
        info, (a, b) = await finished(one)
        results = await asyncio.gather(
            one.openings.create_challenge(GUILD, CHANNEL, a, b, rematch_of=info.id),
            other.openings.create_challenge(GUILD, CHANNEL, b, a, rematch_of=info.id),
            return_exceptions=True,
        )
        assert landed(results) == 1, results


async def test_a_game_moved_by_another_process_is_never_served_stale(
    two: tuple[GameService, GameService],
) -> None:
    """Process one holds the game's record; process two plays a move (a hand opened from
    another server); process one shows the new state and takes the next move."""
    one, other = two
    info = await game(one)
    mover, move = await first_move(one, info)
    await one.view(info.id, mover)  # held by process one at version 0
    await other.play(info.id, mover, move, 0)
    now, view = await one.view(info.id, info.players[0])
    assert now.version == 1 and view.ply == 1
    next_mover = now.user_at(now.turn or "A")
    _, view = await one.view(info.id, next_mover)
    outcome = await one.play(info.id, next_mover, view.legal_moves[0], 1)
    assert outcome.game.version == 2


async def count_moves(service: GameService, game_id: int) -> int:
    rows = await service.store.query(
        "SELECT COUNT(*) AS n FROM moves WHERE game_id = ?", (game_id,)
    )
    return int(rows[0]["n"])


FULL = format_cards(standard_deck(2))


async def test_both_players_pressing_rematch_on_two_processes_make_one_game(
    two: tuple[GameService, GameService],
) -> None:
    one, other = two
    for _ in range(TIMES // 2):
        info, (a, b) = await finished(one)
        results = await asyncio.gather(
            one.openings.rematch(info.id, a),
            other.openings.rematch(info.id, b),
            return_exceptions=True,
        )
        for result in results:
            assert not isinstance(result, Exception) or isinstance(result, ServiceError), result
        games = await one.store.query(
            "SELECT COUNT(*) AS n FROM games WHERE rematch_of = ?", (info.id,)
        )
        offers = await one.store.query(
            "SELECT status FROM challenges WHERE rematch_of = ?", (info.id,)
        )
        assert len(offers) == 1, offers
        taken = [r for r in results if isinstance(r, Accepted)]
        assert games[0]["n"] == len(taken) <= 1
        assert offers[0]["status"] == ("accepted" if taken else "open")
