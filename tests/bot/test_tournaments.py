"""The events service (`bot.tournaments`) on both backends: who may do what, sign-up and its
refusals, whole events played through the game service, withdrawals, the sweep that moves
on an event a crash left behind, and races between two processes (two services, each its
own store, on one database) in which each start, round and entry lands exactly once."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import AsyncIterator

import pytest

from bot.errors import BadOption, NotAllowed, ServiceError
from bot.games.base import GameChoice
from bot.service import GameService
from bot.settings import Settings
from bot.store import Store, open_store
from bot.tournament import default_rounds
from bot.tournaments import EventRefused, Moved, Tournaments
from tests.bot.conftest import Clock

GUILD, CHANNEL = 10, 20
ORGANISER = 1
SETTINGS = Settings(max_open_challenges=3, max_active_games=1, max_open_events=3)


@pytest.fixture
def events(store: Store, clock: Clock) -> Tournaments:
    return Tournaments(store, GameService(store, SETTINGS, clock), SETTINGS, clock)


async def open_event(
    events: Tournaments,
    format: str = "swiss",
    players: int = 5,
    choice: GameChoice | None = None,
    **options: object,
) -> int:
    """An event of `players` entrants (100, 101, ...), open; "Friday Swiss" whatever its
    format."""
    event = await events.signups.create(
        GUILD,
        CHANNEL,
        None,
        ORGANISER,
        True,
        "Friday Swiss",
        format,
        choice or GameChoice(),
        **options,
    )
    for user in range(100, 100 + players):
        await events.signups.join(event.id, user)
    return event.id


async def finish(events: Tournaments, moved: Moved, rng: random.Random) -> list[Moved]:
    """Play every game the change made (and those that follow) to the end, each lost by a
    random player's resignation; every change the event went through."""
    changes = [moved]
    playing = list(moved.games)
    while playing:
        game = playing.pop(rng.randrange(len(playing)))
        loser = rng.choice(game.players)
        outcome = await events.games.resign(game.id, loser)
        after = await events.after_game(outcome.game)
        assert after is not None
        changes.append(after)
        playing += after.games
    return changes


async def test_only_organisers_create_and_bad_options_are_refused(events: Tournaments) -> None:
    def create(allowed: bool = True, name: str = "Cup", **options: object) -> object:
        return events.signups.create(
            GUILD, CHANNEL, None, 5, allowed, name, "swiss", GameChoice(), **options
        )

    with pytest.raises(NotAllowed, match="Manage Server"):
        await create(allowed=False)
    with pytest.raises(BadOption, match="name"):
        await create(name="  \u200b ")
    for rounds in (0, 10_000):
        with pytest.raises(BadOption, match="1 to 20 rounds"):
            await create(rounds=rounds)
    with pytest.raises(BadOption, match="Only a Swiss"):
        await events.signups.create(
            GUILD, CHANNEL, None, 5, True, "Cup", "knockout", GameChoice(), rounds=3
        )
    with pytest.raises(BadOption, match="takes no deck of yours"):
        await events.signups.create(
            GUILD, CHANNEL, None, 5, True, "Cup", "swiss", GameChoice(deck="mine")
        )
    with pytest.raises(BadOption, match=r"standard.*own"):
        await create(decks="mine")
    with pytest.raises(BadOption, match="Decktet Caravan is played with its own deck"):
        await events.signups.create(
            GUILD, CHANNEL, None, 5, True, "Cup", "swiss", GameChoice(game="decktet"), decks="own"
        )
    event = await create(name="**Big** <@&1> @everyone " + "x" * 100)
    assert event.tournament.name.startswith("**Big**") and len(event.tournament.name) == 60
    for _ in range(2):
        await create()
    with pytest.raises(EventRefused, match="3 tournaments open or running"):
        await create()


SMALL = " ".join(f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "hd") + " Ac 2c 3c 4c"


async def test_entrants_bring_their_own_decks_to_an_event_of_own_decks(
    events: Tournaments,
) -> None:
    standard = await open_event(events, players=3)
    with pytest.raises(EventRefused, match="Everyone plays the standard deck"):
        await events.signups.bring_deck(standard, 100, "red")
    tid = await open_event(events, players=4, decks="own")
    await events.games.ledger.save_deck(100, "Red", SMALL)
    await events.games.ledger.save_deck(101, "Tens", SMALL.replace("Ac 2c", "Tc Ts"))
    with pytest.raises(ServiceError, match="no deck called"):
        await events.signups.bring_deck(tid, 100, "blue")
    with pytest.raises(EventRefused, match="not in this"):
        await events.signups.bring_deck(tid, 999, "Red")
    assert (await events.signups.bring_deck(tid, 100, "Red")).entrant(100).deck_name == "Red"
    await events.signups.bring_deck(tid, 101, "Tens")
    await events.games.ledger.save_deck(100, "Red", SMALL + " 5c")  # kept as it was when brought
    await events.signups.bring_deck(tid, 101, None)  # the standard deck again
    moved = await events.start(tid, ORGANISER, manages_server=False)
    board_of = {b.game_id: b for b in moved.event.boards}
    seen = 0
    for game in moved.games:
        assert game.user_at(game.turn or "A") == board_of[game.id].first, "G1 still honoured"
        for seat, user in zip("AB", game.players, strict=True):
            cards = game.rules.deck(0 if seat == "A" else 1)
            if user == 100:
                seen += 1
                assert " ".join(str(c) for c in cards) == SMALL, "the deck as brought"
            else:
                assert len(cards) == 54, "the standard deck"
    assert seen == 1
    shown = await events.event(tid)
    assert [e.deck_name for e in shown.entrants if e.deck_name] == ["Red"]


async def test_a_deck_the_events_rules_refuse_is_refused(events: Tournaments) -> None:
    tid = await open_event(events, players=3, decks="own", choice=GameChoice(preset="simple"))
    await events.games.ledger.save_deck(100, "Tens", SMALL.replace("Ac 2c", "Tc Ts"))
    with pytest.raises(ServiceError, match="cannot be used with this tournament's `simple`"):
        await events.signups.bring_deck(tid, 100, "Tens")
    assert (await events.event(tid)).entrant(100).deck is None


async def test_may_organise_with_manage_server_or_the_named_role(
    events: Tournaments, store: Store
) -> None:
    assert await events.signups.may_organise(GUILD, True, [])
    assert not await events.signups.may_organise(GUILD, False, [77])
    await events.games.ledger.change_server(GUILD, organiser_role=77)
    assert await events.signups.may_organise(GUILD, False, [5, 77])


async def test_sign_up_refusals_change_nothing(events: Tournaments) -> None:
    tid = await open_event(events, players=3, max_entrants=4)
    with pytest.raises(EventRefused, match="already in"):
        await events.signups.join(tid, 100)
    with pytest.raises(EventRefused, match="not in this"):
        await events.signups.leave(tid, 999)
    await events.signups.join(tid, 103)
    with pytest.raises(EventRefused, match="full"):
        await events.signups.join(tid, 104)
    with pytest.raises(NotAllowed, match="Only the organiser"):
        await events.start(tid, 100, manages_server=False)
    before = await events.event(tid)
    await events.signups.leave(tid, 103)
    assert len((await events.event(tid)).entrants) == 3 < len(before.entrants)
    moved = await events.start(tid, ORGANISER, manages_server=False)
    assert moved.started and moved.event.tournament.round == 1
    with pytest.raises(EventRefused, match="has started"):
        await events.signups.join(tid, 105)
    with pytest.raises(EventRefused, match="has started"):
        await events.start(tid, ORGANISER, manages_server=False)


async def test_too_few_to_start(events: Tournaments, clock: Clock) -> None:
    tid = await open_event(events, players=2)
    with pytest.raises(EventRefused, match="needs 3 entrants; it has 2"):
        await events.start(tid, ORGANISER, manages_server=False)
    timed = await open_event(events, players=2, start_in_minutes=5)
    clock.advance(6 * 60)
    moved = await events.sweep()
    cancelled = [m for m in moved if m.event.id == timed]
    assert cancelled and cancelled[0].cancelled
    assert "Too few entrants" in (cancelled[0].event.tournament.reason or "")


@pytest.mark.parametrize(("format", "players"), [("swiss", 7), ("round-robin", 5), ("knockout", 8)])
async def test_a_whole_event_played_through_the_games(
    events: Tournaments, format: str, players: int
) -> None:
    rng = random.Random(players)
    tid = await open_event(events, format, players)
    # a player's game limit (1 here) does not stop their event's games
    await events.games.openings.start_ai_game(GUILD, CHANNEL, 100, 9999, "easy")
    moved = await events.start(tid, ORGANISER, manages_server=False)
    first_round = moved.games
    board_of = {b.game_id: b for b in moved.event.boards}
    for game in first_round:
        board = board_of[game.id]
        assert game.user_at(game.turn or "A") == board.first, "the pairing's first moves first"
        assert game.tournament_id == tid and game.event == "Friday Swiss, round 1"
    changes = await finish(events, moved, rng)
    event = await events.event(tid)
    assert event.tournament.status == "finished" and changes[-1].finished
    if format == "swiss":
        assert event.tournament.round == default_rounds(players)
    if format == "round-robin":
        met = {frozenset((b.first, b.second)) for b in event.boards if b.second is not None}
        assert met == {frozenset(p) for p in itertools.combinations(event.seeded, 2)}
    rows = event.standings()
    assert rows[0].rank == 1 and {r.player for r in rows} == set(event.seeded)
    assert sum(1 for c in changes if c.finished) == 1, "it ends once"


async def test_a_withdrawn_player_forfeits_and_is_never_paired_again(
    events: Tournaments,
) -> None:
    rng = random.Random(3)
    tid = await open_event(events, "swiss", 6)
    moved = await events.start(tid, ORGANISER, manages_server=False)
    leaver = moved.games[0].players[0]
    event, ended = await events.withdraw(tid, leaver, leaver, False, "withdrew")
    assert [g.winner for g in ended] == [moved.games[0].seat_of(moved.games[0].players[1])]
    with pytest.raises(EventRefused, match="not in this"):
        await events.withdraw(tid, leaver, leaver, False, "withdrew")
    with pytest.raises(NotAllowed, match="Only the organiser"):
        await events.withdraw(tid, 101, 102, False, "removed")
    after = await events.after_game(ended[0])
    assert after is not None
    await finish(events, Moved(after.event, tuple(g for g in moved.games[1:]) + after.games), rng)
    event = await events.event(tid)
    assert event.tournament.status == "finished"
    later = [b for b in event.boards if b.round > 1]
    assert later and all(leaver not in (b.first, b.second) for b in later)


async def test_the_sweep_moves_on_an_event_a_crash_left_behind(events: Tournaments) -> None:
    tid = await open_event(events, "swiss", 4)
    moved = await events.start(tid, ORGANISER, manages_server=False)
    for game in moved.games:  # the games end, and nobody tells the event (a crash)
        await events.games.resign(game.id, game.players[0])
    assert (await events.event(tid)).tournament.round == 1
    swept = await events.sweep()
    assert [m.event.tournament.round for m in swept if m.event.id == tid] == [2]
    assert not [m for m in await events.sweep() if m.games], "round 2 is written once"


# ----- two processes ----------------------------------------------------------------------


@pytest.fixture
async def two(database_url: str, clock: Clock) -> AsyncIterator[tuple[Tournaments, Tournaments]]:
    """Two services on one database, each with its own store, as two processes have."""
    stores = [await open_store(database_url, pool_size=12) for _ in range(2)]
    many = SETTINGS.model_copy(update={"max_open_events": 50})
    yield tuple(  # type: ignore[misc]
        Tournaments(s, GameService(s, many, clock), many, clock) for s in stores
    )
    for store in stores:
        await store.close()


async def test_a_start_pressed_in_two_processes_makes_one_round(
    two: tuple[Tournaments, Tournaments],
) -> None:
    a, b = two
    tid = await open_event(a, "swiss", 7)
    results = await asyncio.gather(
        *(s.start(tid, ORGANISER, False) for s in (a, b, a, b)), return_exceptions=True
    )
    landed = [r for r in results if isinstance(r, Moved) and r.started]
    assert len(landed) == 1, results
    for result in results:
        if isinstance(result, Exception):
            assert isinstance(result, ServiceError), result
    event = await a.event(tid)
    assert len([g for g in event.boards if g.round == 1]) == 4  # 3 games and a bye


async def test_the_last_results_seen_by_two_processes_pair_the_round_once(
    two: tuple[Tournaments, Tournaments],
) -> None:
    a, b = two
    for trial in range(4):
        tid = await open_event(a, "swiss", 8)
        moved = await a.start(tid, ORGANISER, False)
        for game in moved.games:
            await a.games.resign(game.id, game.players[trial % 2])
        changes = await asyncio.gather(*(s.advance(tid) for s in (a, b, a, b, a, b)))
        assert sum(1 for c in changes if c.new_round) == 1
        event = await b.event(tid)
        assert event.tournament.round == 2
        assert len(event.boards_of(2)) == 4, "round 2 paired once"
        games = await a.store.query(
            "SELECT COUNT(*) AS n FROM games WHERE tournament_id = ?", (tid,)
        )
        assert games[0]["n"] == 8


async def test_joins_at_once_fill_the_event_exactly(
    two: tuple[Tournaments, Tournaments],
) -> None:
    a, b = two
    event = await a.signups.create(
        GUILD, CHANNEL, None, ORGANISER, True, "Cup", "knockout", GameChoice(), max_entrants=5
    )
    services = itertools.cycle((a, b))
    results = await asyncio.gather(
        *(next(services).signups.join(event.id, user) for user in range(200, 212)),
        return_exceptions=True,
    )
    assert sum(1 for r in results if not isinstance(r, Exception)) == 5
    assert len((await a.event(event.id)).entrants) == 5


# ----- games that end with no result (issue 52) -------------------------------------------


async def _to_move(events: Tournaments, game_id: int, seat: str) -> None:
    """Play legal moves until `seat` is the one to move."""
    info = await events.games.game(game_id)
    while info.turn != seat:
        mover = info.user_at(info.turn or "")
        _, view = await events.games.view(game_id, mover)
        info = (await events.games.play(game_id, mover, view.legal_moves[0], info.version)).game


@pytest.mark.parametrize("seat", ["A", "B"])
@pytest.mark.parametrize(("format", "players"), [("swiss", 4), ("round-robin", 4), ("knockout", 4)])
async def test_an_unclaimed_timeout_is_lost_by_the_player_whose_time_ran_out(
    events: Tournaments, clock: Clock, format: str, players: int, seat: str
) -> None:
    tid = await open_event(events, format, players, choice=GameChoice(turn_seconds=300))
    moved = await events.start(tid, ORGANISER, manages_server=False)
    late = {}
    for game in moved.games:
        await _to_move(events, game.id, seat)
        late[game.id] = (await events.games.game(game.id)).user_at(seat)
    clock.advance(301)
    closed, *_ = await events.store.games.mark_deadlines(clock())
    assert not closed, "the claim is offered first"
    clock.advance(300)
    found = await events.games.sweep()
    assert sorted(g.id for g in found.closed) == sorted(late)
    for ended in found.closed:
        assert ended.status == "abandoned" and ended.turn == seat, "who was to move is kept"
        after = await events.after_game(ended)
    assert after is not None
    for board in after.event.boards_of(1):
        lost = board.first == late[board.game_id]
        assert board.forfeit and board.points == (0.0 if lost else 1.0)
    winners = {p for g in moved.games for p in g.players} - set(late.values())
    if format == "knockout":  # the forfeits decide who goes on
        assert {p for b in after.event.boards_of(2) for p in (b.first, b.second)} == winners
    else:
        rows = {r.player: r.points for r in after.event.standings()}
        assert rows == {p: float(p in winners) for p in rows}


async def test_an_admin_ended_event_game_is_lost_by_the_player_to_move(
    events: Tournaments,
) -> None:
    tid = await open_event(events, "swiss", 4)
    moved = await events.start(tid, ORGANISER, manages_server=False)
    for game, seat in zip(moved.games, "BA", strict=True):
        await _to_move(events, game.id, seat)
        late = (await events.games.game(game.id)).user_at(seat)
        ended = await events.games.abandon(game.id, GUILD)
        assert ended.turn == seat
        after = await events.after_game(ended)
        assert after is not None
        board = next(b for b in after.event.boards if b.game_id == game.id)
        assert board.forfeit and board.points == (0.0 if board.first == late else 1.0)


# ----- an arena (issue 48) ----------------------------------------------------------------


async def test_an_arena_pairs_the_free_at_once_takes_late_players_and_pauses_and_ends_on_time(
    events: Tournaments, clock: Clock
) -> None:
    tid = await open_event(events, "arena", 5, window_minutes=60)
    event = await events.event(tid)
    assert event.tournament.window_seconds == 3600 and event.tournament.turn_seconds == 300
    moved = await events.start(tid, ORGANISER, manages_server=False)
    assert moved.started and len(moved.games) == 2, "5 players: 2 games, one waits"
    assert all(g.event == "Friday Swiss" for g in moved.games), "an arena's games: no round"
    assert moved.event.tournament.ends_at == clock() + 3600
    waiting = next(p for p in range(100, 105) if all(p not in g.players for g in moved.games))
    # a late entrant is paired with the one waiting, at once
    await events.signups.join(tid, 200)
    late = await events.advance(tid)
    assert [set(g.players) for g in late.games] == [{waiting, 200}]
    # a player pauses: when their game ends they are not paired again
    first = moved.games[0]
    resting = first.players[0]
    paused = await events.signups.pause(tid, resting)
    assert paused.entrant(resting).paused
    outcome = await events.games.resign(first.id, resting)
    after = await events.after_game(outcome.game)
    assert after is not None and not after.games, "the other waits alone: the pauser rests"
    back = await events.signups.pause(tid, resting)
    assert not back.entrant(resting).paused
    again = await events.advance(tid)
    assert [set(g.players) for g in again.games] == [set(first.players)], "unavoidably again"
    # the window ends: nothing more is paired; the games being played finish and count
    clock.advance(3601)
    with pytest.raises(EventRefused, match="has started"):
        await events.signups.join(tid, 201)
    playing = [
        g
        for g in [await events.games.game(b.game_id) for b in (await events.event(tid)).boards]
        if g.active
    ]
    assert playing
    for game in playing[:-1]:
        change = await events.after_game((await events.games.resign(game.id, game.players[1])).game)
        assert change is not None and not change.games and not change.finished
    last = await events.after_game(
        (await events.games.resign(playing[-1].id, playing[-1].players[1])).game
    )
    assert last is not None and last.finished
    final = await events.event(tid)
    assert final.tournament.status == "finished"
    rows = final.standings()
    assert rows[0].points >= 2 and {r.player for r in rows} == {*range(100, 105), 200}


async def test_an_arena_whose_window_ends_with_no_game_on_is_ended_by_the_sweep(
    events: Tournaments, clock: Clock
) -> None:
    tid = await open_event(events, "arena", 2)
    moved = await events.start(tid, ORGANISER, manages_server=False)
    (game,) = moved.games
    for player in game.players:
        await events.signups.pause(tid, player)
    await events.after_game((await events.games.resign(game.id, game.players[0])).game)
    clock.advance(3601)
    assert (await events.event(tid)).tournament.running
    swept = [m for m in await events.sweep() if m.event.id == tid]
    assert swept and swept[0].finished


async def test_arena_options_are_refused_where_they_do_not_belong(events: Tournaments) -> None:
    with pytest.raises(BadOption, match="1 hour to 3 days"):
        await open_event(events, "arena", 2, window_minutes=10)
    with pytest.raises(BadOption, match="Only an arena"):
        await open_event(events, "swiss", 3, window_minutes=60)
    tid = await open_event(events, "swiss", 3)
    await events.start(tid, ORGANISER, manages_server=False)
    with pytest.raises(EventRefused, match="Only an arena can be paused"):
        await events.signups.pause(tid, 100)


async def test_arena_games_ending_at_once_in_two_processes_pair_each_player_once(
    two: tuple[Tournaments, Tournaments],
) -> None:
    a, b = two
    for trial in range(3):
        tid = await open_event(a, "arena", 8)
        moved = await a.start(tid, ORGANISER, False)
        assert len(moved.games) == 4
        ended = [await a.games.resign(g.id, g.players[trial % 2]) for g in moved.games]
        changes = await asyncio.gather(
            *(s.after_game(o.game) for s, o in zip(itertools.cycle((a, b)), ended, strict=False))
        )
        assert all(c is not None for c in changes)
        event = await b.event(tid)
        playing = [
            p for board in event.boards if board.points is None for p in (board.first, board.second)
        ]
        assert len(playing) == len(set(playing)) == 8, "everyone in exactly one new game"
        assert sum(len(c.games) for c in changes if c is not None) == 4, "each made once"
