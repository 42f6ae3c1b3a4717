"""The service's side of a server's daily life: the deadline sweep and saved decks."""

from __future__ import annotations

import random

import pytest

from bot.errors import BadDeck, NotFound
from bot.ledger import MAX_DECKS
from bot.service import GameService
from bot.settings import Settings
from bot.store import open_store
from engine import Rules
from engine.cards import format_cards, standard_deck
from tests.bot.conftest import Clock
from tests.bot.test_service import ALICE, BOB, BOT, CAROL, CHANNEL, GUILD, new_game, play_out

TURN = 24 * 60 * 60  # Settings().default_turn_seconds


async def test_half_time_reminder_once_per_turn(service: GameService, clock: Clock) -> None:
    info = await new_game(service)
    clock.advance(TURN / 2 - 1)
    assert (await service.sweep()).reminders == []
    clock.advance(2)
    first = await service.sweep()
    assert [g.id for g in first.reminders] == [info.id]
    assert (await service.sweep()).reminders == [], "a reminder is posted once per turn"
    moved = await play_out(service, info, random.Random(1), limit=1)  # the next turn
    clock.advance(TURN / 2 + 1)
    assert [g.turn for g in (await service.sweep()).reminders] == [moved.turn]


async def test_time_up_notice_once_then_unclaimed_game_closes(
    service: GameService, clock: Clock
) -> None:
    info = await new_game(service)
    clock.advance(TURN)
    found = await service.sweep()
    assert [g.id for g in found.overdue] == [info.id] and found.reminders == []
    assert (await service.sweep()).overdue == []
    clock.advance(TURN - 1)
    assert (await service.sweep()).closed == []
    clock.advance(1)
    closed = (await service.sweep()).closed
    assert [(g.id, g.status, g.end_reason, g.winner) for g in closed] == [
        (info.id, "abandoned", "unclaimed", None)
    ]
    assert (await service.game(info.id)).status == "abandoned"
    assert (await service.ledger.leaderboard(GUILD)).total == 0, "no rating change"
    assert await service.sweep() == (await service.sweep()), "nothing fires twice"


async def test_a_claim_before_the_grace_ends_is_a_timeout_win(
    service: GameService, clock: Clock
) -> None:
    info = await new_game(service)
    clock.advance(TURN + 10)
    await service.sweep()
    waiting = info.user_at("B" if info.turn == "A" else "A")
    outcome = await service.claim_timeout(info.id, waiting)
    assert outcome.game.end_reason == "timeout"
    clock.advance(TURN)
    assert (await service.sweep()).closed == []


async def test_the_ai_claims_when_its_opponent_runs_out(service: GameService, clock: Clock) -> None:
    info = await service.openings.start_ai_game(
        GUILD, CHANNEL, ALICE, BOT, "easy", turn_seconds=300
    )
    if info.turn == "B":  # let the AI's first move be made, so that Alice is to move
        info = await play_out(service, info, random.Random(1), limit=1)
    clock.advance(150)
    assert [g.id for g in (await service.sweep()).reminders] == [info.id]
    clock.advance(150)
    found = await service.sweep()
    assert found.overdue == [] and found.closed == []
    [claimed] = found.claimed
    assert (claimed.game.winner, claimed.game.end_reason) == ("B", "timeout")


async def test_the_ai_is_never_reminded(service: GameService, clock: Clock) -> None:
    info = await service.openings.start_ai_game(
        GUILD, CHANNEL, ALICE, BOT, "easy", turn_seconds=300
    )
    if info.turn == "A":
        info = await play_out(service, info, random.Random(1), limit=1)
    assert info.turn == "B"
    clock.advance(200)
    found = await service.sweep()
    assert found.reminders == [] and found.overdue == [] and found.claimed == []


async def test_marks_survive_a_restart(database_url: str, clock: Clock) -> None:
    db = await open_store(database_url)
    service = GameService(db, Settings(), clock=clock)
    await new_game(service)
    clock.advance(TURN / 2 + 1)
    assert len((await service.sweep()).reminders) == 1
    await db.close()
    db = await open_store(database_url)
    again = GameService(db, Settings(), clock=clock)
    assert (await again.sweep()).reminders == [], "a restart does not repeat the reminder"
    clock.advance(TURN / 2)
    assert len((await again.sweep()).overdue) == 1, "nor forget the deadline"
    await db.close()


FULL = format_cards(standard_deck(2))


async def test_decks_save_list_show_delete(service: GameService) -> None:
    saved = await service.ledger.save_deck(ALICE, "  my   classic ", FULL)
    assert saved.name == "my classic" and len(saved.cards) == 54
    hearts = " ".join(["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "8h"] * 4)  # 32 cards
    await service.ledger.save_deck(ALICE, "aces", hearts)
    assert [d.name for d in await service.ledger.decks(ALICE)] == ["aces", "my classic"]
    assert await service.ledger.decks(BOB) == []
    assert (await service.ledger.deck(ALICE, "aces")).cards.count(
        (await service.ledger.deck(ALICE, "aces")).cards[0]
    ) == 4
    replaced = await service.ledger.save_deck(ALICE, "aces", FULL)
    assert len(replaced.cards) == 54 and len(await service.ledger.decks(ALICE)) == 2
    await service.ledger.delete_deck(ALICE, "aces")
    with pytest.raises(NotFound):
        await service.ledger.deck(ALICE, "aces")
    with pytest.raises(NotFound):
        await service.ledger.delete_deck(CAROL, "my classic")


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("Ah 2h 3h", "at least 30"),
        ("Zz " + FULL, "Zz"),
        (" ".join(["7h"] * 30), "7h"),
    ],
)
async def test_an_invalid_deck_is_refused_with_the_reason(
    service: GameService, cards: str, reason: str
) -> None:
    with pytest.raises(BadDeck, match=reason):
        await service.ledger.save_deck(ALICE, "bad", cards)
    assert await service.ledger.decks(ALICE) == []


async def test_deck_names_and_the_limit(service: GameService) -> None:
    with pytest.raises(BadDeck, match="name"):
        await service.ledger.save_deck(ALICE, "   ", FULL)
    with pytest.raises(BadDeck, match="name"):
        await service.ledger.save_deck(ALICE, "x" * 33, FULL)
    for i in range(MAX_DECKS):
        await service.ledger.save_deck(ALICE, f"deck {i}", FULL)
    with pytest.raises(BadDeck, match="delete one"):
        await service.ledger.save_deck(ALICE, "one more", FULL)
    await service.ledger.save_deck(ALICE, "deck 3", FULL)  # replacing one is always allowed


async def test_a_game_with_a_custom_deck_plays(service: GameService) -> None:
    deck = await service.ledger.save_deck(ALICE, "hearts and more", FULL)
    rules = Rules("new-vegas", 2, (deck.cards, tuple(standard_deck(2))))
    info = await new_game(service, rules)
    assert info.rules.decks is not None
    await play_out(service, info, random.Random(5), limit=30)


async def test_abandon_is_limited_to_the_server(service: GameService) -> None:
    info = await new_game(service)
    with pytest.raises(NotFound):
        await service.abandon(info.id, guild_id=GUILD + 1)
    assert (await service.abandon(info.id, guild_id=GUILD)).end_reason == "abandoned"


async def test_leaderboard_lists_established_players_first_each_by_rating(
    service: GameService,
) -> None:
    dave = 4
    for _ in range(5):  # Alice and Bob: 5 rated games each, established
        challenge = await service.openings.create_challenge(GUILD, CHANNEL, ALICE, BOB)
        await service.resign((await service.openings.accept(challenge.id, BOB)).id, BOB)
    challenge = await service.openings.create_challenge(GUILD, CHANNEL, CAROL, dave)
    await service.resign((await service.openings.accept(challenge.id, dave)).id, dave)
    board = await service.ledger.leaderboard(GUILD)
    assert [e.user_id for e in board.entries] == [ALICE, BOB, CAROL, dave]
    assert [e.provisional for e in board.entries] == [False, False, True, True]
    assert board.entries[2].rating > board.entries[1].rating, "Carol's one win rates high"
    for entry in board.entries:
        assert await service.ledger.standing(GUILD, entry.user_id) == entry
