"""The game service on a real database: challenges, moves, refusals, endings, ratings."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.errors import (
    ChallengeRefused,
    GameOver,
    IllegalMove,
    NotFound,
    NotYourGame,
    NotYourTurn,
    StaleView,
    TooEarly,
)
from bot.records import GameInfo, Tally
from bot.server import ServerSettings
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store, open_store
from engine import Game, Rules
from tests.bot.conftest import Clock, count

GUILD, CHANNEL = 10, 20
ALICE, BOB, CAROL, BOT = 1, 2, 3, 99


async def new_game(service: GameService, rules: Rules | None = None) -> GameInfo:
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB, rules)
    return await service.openings.accept(challenge.id, BOB)


async def play_out(
    service: GameService, info: GameInfo, rng: random.Random, limit: int = 2000
) -> GameInfo:
    for _ in range(limit):
        if not info.active:
            break
        user = info.user_at(info.turn or "A")
        _, view = await service.view(info.id, user)
        outcome = await service.play(info.id, user, rng.choice(view.legal_moves), info.version)
        info = outcome.game
    return info


async def test_challenge_accept_starts_a_game(service: GameService) -> None:
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB, Rules("foxon"))
    assert challenge.status == "open" and challenge.rules == Rules("foxon")
    with pytest.raises(ChallengeRefused, match="for <@2>"):
        await service.openings.accept(challenge.id, CAROL)
    with pytest.raises(ChallengeRefused, match="your own"):
        await service.openings.accept(challenge.id, ALICE)
    info = await service.openings.accept(challenge.id, BOB)
    assert info.players == (ALICE, BOB) and info.active and info.version == 0
    assert info.turn in ("A", "B") and info.rules == Rules("foxon")
    assert (await service.openings.challenge(challenge.id)).status == "accepted"
    with pytest.raises(ChallengeRefused, match="accepted already"):
        await service.openings.accept(challenge.id, BOB)
    assert not hasattr(info, "seed")


async def test_open_challenge_anyone_may_accept(service: GameService) -> None:
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, None)
    info = await service.openings.accept(challenge.id, CAROL)
    assert info.players == (ALICE, CAROL)


async def test_self_challenge_decline_cancel_and_limits(service: GameService) -> None:
    with pytest.raises(ChallengeRefused, match="yourself"):
        await service.openings.create_challenge(GUILD, CHANNEL, ALICE, ALICE)
    first = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB)
    with pytest.raises(ChallengeRefused, match="Only the challenged"):
        await service.openings.decline(first.id, CAROL)
    assert (await service.openings.decline(first.id, BOB)).status == "declined"
    second = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB)
    with pytest.raises(ChallengeRefused, match="made this challenge"):
        await service.openings.cancel(second.id, BOB)
    assert (await service.openings.cancel(second.id, ALICE)).status == "cancelled"
    for _ in range(3):
        await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB)
    with pytest.raises(ChallengeRefused, match="3 open challenges"):
        await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB)


async def test_challenges_expire(service: GameService, clock: Clock) -> None:
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB)
    clock.advance(service.settings.challenge_expiry_seconds + 1)
    assert [c.id for c in await service.openings.expire_challenges()] == [challenge.id]
    assert await service.openings.expire_challenges() == []
    with pytest.raises(ChallengeRefused, match="expired"):
        await service.openings.accept(challenge.id, BOB)


async def test_expired_challenge_refused_even_before_the_sweep(
    service: GameService, clock: Clock
) -> None:
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB)
    clock.advance(service.settings.challenge_expiry_seconds + 1)
    with pytest.raises(ChallengeRefused, match="expired"):
        await service.openings.accept(challenge.id, BOB)


async def test_play_refusals_leave_the_game_as_it_was(service: GameService) -> None:
    info = await new_game(service)
    mover = info.user_at(info.turn or "A")
    waiting = BOB if mover == ALICE else ALICE
    _, view = await service.view(info.id, mover)
    move = view.legal_moves[0]
    with pytest.raises(NotYourGame):
        await service.play(info.id, CAROL, move, 0)
    with pytest.raises(NotYourTurn):
        await service.play(info.id, waiting, move, 0)
    with pytest.raises(StaleView):
        await service.play(info.id, mover, move, 5)
    with pytest.raises(IllegalMove) as refused:
        await service.play(info.id, mover, "discard:" + str(view.hand[0]), 0)
    assert str(refused.value).endswith("card: no discarding or disbanding."), "no (R3)"
    with pytest.raises(IllegalMove, match="not a move"):
        await service.play(info.id, mover, "nonsense", 0)
    with pytest.raises(NotFound):
        await service.play(12345, mover, move, 0)
    assert (await service.game(info.id)).version == 0
    assert await count(service.store, "moves") == 0
    outcome = await service.play(info.id, mover, move, 0)
    assert outcome.game.version == 1 and outcome.event is not None and outcome.event.drew is None
    assert outcome.view.seat == info.turn and outcome.spectator.hand == ()


async def test_same_move_twice_at_once_applies_once(service: GameService) -> None:
    info = await new_game(service)
    mover = info.user_at(info.turn or "A")
    _, view = await service.view(info.id, mover)
    results = await asyncio.gather(
        *(service.play(info.id, mover, view.legal_moves[0], 0) for _ in range(2)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert sum(isinstance(r, StaleView) for r in results) == 1
    assert (await service.game(info.id)).version == 1


async def test_different_moves_at_once_apply_at_most_one(service: GameService) -> None:
    info = await new_game(service)
    mover = info.user_at(info.turn or "A")
    _, view = await service.view(info.id, mover)
    results = await asyncio.gather(
        *(service.play(info.id, mover, m, 0) for m in view.legal_moves[:5]),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1, results
    assert all(isinstance(r, StaleView) for r in results if isinstance(r, Exception)), results
    assert await count(service.store, "moves") == 1


async def test_many_games_at_once_stay_consistent(service: GameService) -> None:
    infos = []
    for i in range(8):
        challenge = await service.openings.create_challenge(GUILD, CHANNEL, 100 + i, 200 + i)
        infos.append(await service.openings.accept(challenge.id, 200 + i))
    finished = await asyncio.gather(
        *(play_out(service, info, random.Random(info.id), limit=60) for info in infos)
    )
    for info in finished:
        moves = await service.store.query(
            "SELECT move FROM moves WHERE game_id = ? ORDER BY ply", (info.id,)
        )
        [record] = await service.store.query("SELECT seed FROM games WHERE id = ?", (info.id,))
        replayed = Game.replay(info.rules, record["seed"], [m["move"] for m in moves])
        assert replayed.mover == info.turn or not info.active


async def test_a_whole_game_is_played_and_rated_once(service: GameService) -> None:
    info = await play_out(service, await new_game(service), random.Random(1))
    assert info.status == "finished" and info.winner in ("A", "B", "draw")
    rows = await service.store.query("SELECT * FROM ratings ORDER BY user_id")
    assert [row["games"] for row in rows] == [1, 1]
    history = await service.store.query("SELECT * FROM rating_history")
    assert len(history) == 2
    with pytest.raises(GameOver):
        await service.resign(info.id, ALICE)
    record = await service.record(info.id)
    replayed = Game.replay(info.rules, record.seed, list(record.moves))
    assert replayed.winner == info.winner and replayed.is_over


async def test_moves_survive_a_restart(database_url: str, clock: Clock) -> None:
    store = await open_store(database_url)
    service = GameService(store, Settings(), clock=clock)
    info = await play_out(service, await new_game(service), random.Random(2), limit=15)
    _, before = await service.view(info.id, ALICE)
    await store.close()
    store = await open_store(database_url)
    again = GameService(store, Settings(), clock=clock)
    info_again, after = await again.view(info.id, ALICE)
    assert info_again == info and after == before
    await play_out(again, info_again, random.Random(3), limit=5)
    await store.close()


async def test_resign(service: GameService) -> None:
    info = await new_game(service)
    outcome = await service.resign(info.id, BOB)
    assert outcome.game.winner == "A" and outcome.game.end_reason == "resigned"
    assert {c.user_id: c.after > c.before for c in outcome.ratings} == {ALICE: True, BOB: False}
    assert all(c.provisional for c in outcome.ratings)
    with pytest.raises(NotYourGame):
        await service.resign(info.id, CAROL)


async def test_timeout_claim(service: GameService, clock: Clock) -> None:
    info = await new_game(service)
    mover = info.user_at(info.turn or "A")
    waiting = BOB if mover == ALICE else ALICE
    with pytest.raises(TooEarly, match="not run out"):
        await service.claim_timeout(info.id, waiting)
    clock.advance(info.turn_seconds + 1)
    assert [g.id for g in await service.ledger.due_games()] == [info.id]
    with pytest.raises(NotYourTurn):
        await service.claim_timeout(info.id, mover)
    outcome = await service.claim_timeout(info.id, waiting)
    assert outcome.game.winner == ("A" if waiting == ALICE else "B")
    assert outcome.game.end_reason == "timeout" and await service.ledger.due_games() == []


async def test_ai_games_count_in_stats_not_in_ranking(service: GameService) -> None:
    info = await service.openings.start_ai_game(GUILD, CHANNEL, ALICE, BOT, "normal")
    assert info.ai_seat == "B" and not info.rated
    await service.resign(info.id, ALICE)
    assert (await service.ledger.leaderboard(GUILD)).total == 0
    stats = await service.ledger.stats(GUILD, ALICE)
    assert (stats.games, stats.against_ai, stats.standing) == (1, Tally(0, 1, 0), None)
    assert stats.rated == Tally() and stats.rated.win_rate is None


async def test_stats_keep_rated_games_and_games_against_the_ai_apart(
    service: GameService,
) -> None:
    """The streak is the ranking's (rated games only); so is the tally beside it: a rated
    loss then two losses to the AI are L1 with 0-1-0, and 0-2-0 against the AI."""
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB)
    game = await service.openings.accept(challenge.id, BOB)
    await service.resign(game.id, ALICE)
    for _ in range(2):
        info = await service.openings.start_ai_game(GUILD, CHANNEL, ALICE, BOT, "normal")
        await service.resign(info.id, ALICE)
    stats = await service.ledger.stats(GUILD, ALICE)
    assert stats.standing is not None and stats.standing.streak == -1
    assert (stats.rated, stats.against_ai, stats.games) == (Tally(0, 1, 0), Tally(0, 2, 0), 3)
    [entry] = [e for e in (await service.ledger.leaderboard(GUILD)).entries if e.user_id == ALICE]
    assert (entry.wins, entry.losses, entry.draws, entry.streak) == (0, 1, 0, -1)


async def test_leaderboard_and_stats(service: GameService) -> None:
    for loser in (BOB, BOB, CAROL):
        challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, loser)
        game = await service.openings.accept(challenge.id, loser)
        await service.resign(game.id, loser)
    board = await service.ledger.leaderboard(GUILD, page=1, per_page=2)
    assert board.total == 3 and board.pages == 2 and board.entries[0].user_id == ALICE
    assert board.entries[0].wins == 3 and board.entries[0].streak == 3
    assert board.entries[0].provisional
    last = await service.ledger.leaderboard(GUILD, page=9, per_page=2)
    assert last.page == 2 and len(last.entries) == 1
    standing = await service.ledger.standing(GUILD, last.entries[0].user_id)
    assert standing is not None and standing.rank == 3
    stats = await service.ledger.stats(GUILD, BOB)
    assert (stats.games, stats.rated, stats.against_ai) == (2, Tally(0, 2, 0), Tally())
    assert stats.rated.win_rate == 0 and len(stats.history) == 2
    assert stats.favourite_rules == "new-vegas"
    assert stats.standing is not None and stats.standing.streak == -2


async def test_active_games_and_abandon(service: GameService) -> None:
    info = await new_game(service)
    assert [g.id for g in await service.ledger.active_games(ALICE)] == [info.id]
    abandoned = await service.abandon(info.id)
    assert abandoned.status == "abandoned" and await service.ledger.active_games(ALICE) == []
    assert (await service.ledger.leaderboard(GUILD)).total == 0


async def test_record_is_secret_until_the_end(service: GameService) -> None:
    info = await new_game(service)
    with pytest.raises(GameOver, match="once it is over"):
        await service.record(info.id)


async def test_views_hide_the_other_hand(service: GameService) -> None:
    info = await new_game(service)
    _, alice = await service.view(info.id, ALICE)
    _, carol = await service.view(info.id, CAROL)
    assert alice.seat == "A" and len(alice.hand) == 8
    assert carol.seat is None and carol.hand == ()


async def test_server_settings_merge_persist_and_are_typed(
    service: GameService, store: Store, clock: Clock
) -> None:
    assert await service.ledger.server(GUILD) == ServerSettings()
    await service.ledger.change_server(GUILD, preset="foxon", turn_seconds=300, channels=[5, 6])
    saved = await service.ledger.change_server(GUILD, turn_seconds=None, threads=False)
    assert saved == ServerSettings(preset="foxon", threads=False, channels=(5, 6))
    assert await service.ledger.server(GUILD) == saved
    assert await store.servers.server_settings(GUILD) == saved, "kept, not only cached"
    assert await service.ledger.server(GUILD + 1) == ServerSettings()
    with pytest.raises(TypeError):
        await service.ledger.change_server(GUILD, default_rules="foxon")  # no such setting
    # another process's change shows here within a minute (the service's cache)
    await store.servers.change_server_settings(GUILD, {"language": "de"})
    assert (await service.ledger.server(GUILD)).language is None
    clock.advance(61)
    assert (await service.ledger.server(GUILD)).language == "de"


async def test_stale_cached_record_is_still_refused_by_the_commit(service: GameService) -> None:
    """A move built on an old version loses even when it got past the early checks."""
    info = await new_game(service)
    mover = info.user_at(info.turn or "A")
    _, view = await service.view(info.id, mover)
    await service.play(info.id, mover, view.legal_moves[0], 0)
    with pytest.raises(StaleView):
        await service.play(info.id, mover, view.legal_moves[1], 0)
    await service.resign(info.id, mover)
    with pytest.raises(GameOver):
        await service.play(info.id, mover, view.legal_moves[1], 1)


async def test_where_things_are_shown_is_remembered(service: GameService) -> None:
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB)
    await service.openings.set_challenge_message(challenge.id, 555)
    assert (await service.openings.challenge(challenge.id)).message_id == 555
    info = await service.openings.accept(challenge.id, BOB)
    await service.set_game_messages(info.id, thread_id=77, message_id=88)
    shown = await service.game(info.id)
    assert (shown.thread_id, shown.message_id, shown.version) == (77, 88, info.version)


async def test_the_service_decides_a_new_games_options(service: GameService) -> None:
    """`game_options`: the player's choice, else the server's defaults, else the bot's;
    only in the server's game channels (or their threads); each game's own options."""
    from bot.errors import BadDeck, BadOption, WrongPlace
    from bot.games.base import GameChoice
    from engine.decktet import DecktetRules

    rules, turn = await service.openings.game_options(GUILD, CHANNEL, None, ALICE, GameChoice())
    assert rules == Rules() and turn == service.settings.default_turn_seconds
    await service.ledger.set_defaults(GUILD, "foxon", None, 3600)
    rules, turn = await service.openings.game_options(GUILD, CHANNEL, None, ALICE, GameChoice())
    assert rules == Rules("foxon") and turn == 3600
    rules, _ = await service.openings.game_options(
        GUILD, CHANNEL, None, ALICE, GameChoice("simple", 0)
    )
    assert rules == Rules("simple", jokers=0)
    choice = GameChoice(game="decktet", hands=3)
    rules, _ = await service.openings.game_options(GUILD, CHANNEL, None, ALICE, choice)
    assert rules == DecktetRules(3)
    await service.ledger.set_game_channels(GUILD, "add", CHANNEL)
    with pytest.raises(WrongPlace, match=f"<#{CHANNEL}>"):
        await service.openings.game_options(GUILD, CHANNEL + 1, None, ALICE, GameChoice())
    await service.openings.game_options(
        GUILD, CHANNEL + 1, CHANNEL, ALICE, GameChoice()
    )  # a thread
    refused = [
        GameChoice(game="chess"),
        GameChoice(game="decktet", preset="foxon"),
        GameChoice(game="decktet", deck="mine"),
        GameChoice(hands=3),
    ]
    for choice in refused:
        with pytest.raises(BadOption):
            await service.openings.game_options(GUILD, CHANNEL, None, ALICE, choice)
    with pytest.raises(NotFound):
        await service.openings.game_options(GUILD, CHANNEL, None, ALICE, GameChoice(deck="mine"))
    await service.ledger.save_deck(
        ALICE, "mine", " ".join(f"{r}{s}" for s in "cdhs" for r in "A23456789T")
    )
    rules, _ = await service.openings.game_options(
        GUILD, CHANNEL, None, ALICE, GameChoice(deck="mine")
    )
    assert isinstance(rules, Rules) and rules.decks is not None and len(rules.decks[0]) == 40
    with pytest.raises(BadDeck, match="simple"):  # no tens in simple rules
        await service.openings.game_options(
            GUILD, CHANNEL, None, ALICE, GameChoice("simple", deck="mine")
        )


async def test_only_a_game_of_this_server_has_its_record_shown(service: GameService) -> None:
    info = await new_game(service)
    await service.resign(info.id, ALICE)
    assert (await service.record(info.id, GUILD)).game.id == info.id
    with pytest.raises(NotFound, match="in this server"):
        await service.record(info.id, GUILD + 1)


async def test_the_next_deadline_is_when_a_turn_next_calls_for_something(
    service: GameService, clock: Clock
) -> None:
    assert await service.next_deadline() is None, "no game waits on one"
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB, None, 300)
    info = await service.openings.accept(challenge.id, BOB)
    start = clock()
    assert await service.next_deadline() == start + 150, "the reminder at half time"
    clock.advance(151)
    await service.sweep()
    assert await service.next_deadline() == start + 300, "the turn runs out"
    clock.advance(150)
    await service.sweep()
    assert await service.next_deadline() == start + 600, "closed, nobody claiming"
    clock.advance(300)
    found = await service.sweep()
    assert [g.id for g in found.closed] == [info.id]
    assert await service.next_deadline() is None
