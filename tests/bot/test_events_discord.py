"""Tournaments end to end through SimCord: created by a member with Manage Server, joined
with the sign-up message's buttons, started, every game opened in its own thread and
played through the buttons (the hand panel; a resignation ends most games quickly), rounds
paired as the last game of each ends, the standings posted, the podium at the end.

A Swiss of 7 for 3 rounds with a withdrawal, a timeout claim and a restart mid-round; a
round robin of 5; a knockout of 8 with a drawn game replayed with the seats swapped (a New
Vegas game only draws at its 1,000-move limit, so that one game's draw is written through
the store, as the game service writes any ending); and bad input refused privately."""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import SetupError

from bot.simulate import Table, mover_of, opened, panel_of, play_turn, restart
from bot.store.rows import Ending

TURNS = 4  # moves played through the hand panel before a player resigns


async def organiser(t: Table) -> Any:
    managers = t.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return t.guild.add_member(t.env.create_user("Boss"), roles=[managers])


async def create(t: Table, members: list[Any], format: str, **options: Any) -> tuple[Any, int]:
    boss = await organiser(t)
    made = await boss.slash(
        t.channel, "caravan tournament create", name="Friday Cup", format=format, **options
    )
    signup = made.response
    assert "Friday Cup" in signup.content and "Starts when the organiser presses Start" in (
        signup.content
    )
    for member in members:
        await member.click(signup, label="Join")
    assert f"Entrants ({len(members)} of" in t.channel.history()[0].content
    await boss.click(signup, label="Start")
    event = (await t.env.bot.events.tournaments.listed(t.guild.id))[0]
    return boss, event.id


def event_threads(t: Table) -> list[Any]:
    """The event's games' threads, oldest first."""
    return [th for th in t.channel.threads if "Friday Cup" in th.name]


def playing(t: Table) -> list[Any]:
    return [th for th in event_threads(t) if "Game over" not in th.history()[-1].content]


async def play_game(t: Table, thread: Any, rng: random.Random, players: list[Any]) -> None:
    """A few moves through the hand panel, then the player to move resigns."""
    for _ in range(TURNS):
        if not await play_turn(t, thread, rng, players):
            return
    last = thread.history()[-1]
    if "Game over" in last.content:
        return
    loser = mover_of(t, last, players)
    asked = await loser.click(last, label="Resign")
    await loser.click(asked.response, label="Yes, resign")


async def status(t: Table, tournament_id: int) -> str:
    return (await t.env.bot.events.tournaments.event(tournament_id)).tournament.status


async def play_event(
    t: Table, tournament_id: int, members: list[Any], rng: random.Random, limit: int = 200
) -> None:
    for _ in range(limit):
        if await status(t, tournament_id) == "finished":
            return
        threads = playing(t)
        if not threads:  # another process paired the round: the minute's sweep posts it
            await t.env.advance_time(61)
            continue
        await play_game(t, threads[0], rng, members)
    raise AssertionError("the event did not finish")


def members_named(t: Table, count: int) -> list[Any]:
    return [t.guild.add_member(t.env.create_user(f"Entrant {i}")) for i in range(count)]


async def test_a_seven_player_swiss_with_a_withdrawal_a_claim_and_a_restart(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path) as t:
        members = members_named(t, 7)
        rng = random.Random(7)
        _, tid = await create(t, members, "swiss", rounds=3, turn=300)
        first_round = playing(t)
        assert len(first_round) == 3, "7 players: 3 games and a bye"
        assert "round 1 of 3 begins" in "\n".join(m.content for m in t.channel.history())
        # a restart in the middle of round 1
        await play_game(t, first_round[0], rng, members)
        await restart(t)
        await play_game(t, first_round[1], rng, members)
        # the last game of round 1 runs out of time: the waiting player claims
        last_game = first_round[2]
        await t.env.advance_time(301)
        await t.env.advance_time(60)
        notice = last_game.history()[-1]
        assert "ran out" in notice.content, notice.content
        claimer = next(m for m in members if f"<@{m.id}>" in notice.content)
        await claimer.click(notice, label="Claim the win")
        assert "Game over" in last_game.history()[-1].content
        # round 2 is paired at once, with the standings
        assert len(playing(t)) == 3
        posted = "\n".join(m.content for m in t.channel.history())
        assert "round 2 of 3 begins" in posted
        assert any(
            a.filename == "standings.png" for m in t.channel.history() for a in m.attachments
        )
        # a player withdraws: their game is resigned, and they are never paired again
        leaver = next(
            m
            for m in members
            if any(f"<@{m.id}>" in th.history()[0].content for th in playing(t)[:1])
        )
        answer = await leaver.slash(t.channel, "caravan tournament withdraw", tournament=tid)
        said = panel_of(answer)
        assert said.ephemeral and "You withdrew" in said.content, said.content
        signup = t.channel.history()[0].content
        assert f"{leaver.name} (withdrew)" in signup, signup
        await play_event(t, tid, members, rng)
        event = await t.env.bot.events.tournaments.event(tid)
        later = [b for b in event.boards if b.round == 3]
        assert later and all(leaver.id not in (b.first, b.second) for b in later)
        podium = t.channel.history()[-1]
        assert "is over" in podium.content and "First:" in podium.content
        assert "Finished. Winner:" in t.channel.history()[0].content
        assert not t.env.errors


async def test_a_round_robin_of_five(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        members = members_named(t, 5)
        _, tid = await create(t, members, "round-robin")
        await play_event(t, tid, members, random.Random(5))
        event = await t.env.bot.events.tournaments.event(tid)
        games = [b for b in event.boards if b.second is not None]
        assert len(games) == 10 and len(event_threads(t)) == 10
        assert "round 5 of 5" in "\n".join(m.content for m in t.channel.history())


async def test_a_knockout_of_eight_replays_a_tie_with_the_seats_swapped(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path) as t:
        members = members_named(t, 8)
        rng = random.Random(8)
        _, tid = await create(t, members, "knockout")
        bot = t.env.bot
        first = playing(t)
        assert len(first) == 4
        info = await bot.service.ledger.game_in_thread(first[0].id)
        before = info.user_at(info.turn or "A")
        drawn, _ = await bot.store.games.finish_game(info, Ending("draw", "test", True), 0.0, None)
        await bot.events.aftermath.table(drawn.id)  # as every ending is: the event moves on, posted
        replay = [th for th in playing(t) if th.id not in {x.id for x in first}]
        assert len(replay) == 1, "the drawn match is played again"
        again = await bot.service.ledger.game_in_thread(replay[0].id)
        assert set(again.players) == set(info.players)
        assert again.user_at(again.turn or "A") != before, "the seats swapped"
        await play_event(t, tid, members, rng)
        event = await bot.events.tournaments.event(tid)
        assert event.tournament.status == "finished"
        assert any(a.filename == "bracket.png" for m in t.channel.history() for a in m.attachments)


async def test_a_knockouts_first_round_names_its_byes(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        members = members_named(t, 6)
        _, tid = await create(t, members, "knockout")
        assert len(playing(t)) == 2
        event = await t.env.bot.events.tournaments.event(tid)
        paired = {p for b in event.boards_of(1) for p in (b.first, b.second)}
        waiting = [m for m in members if m.id not in paired]
        heading = next(m.content for m in t.channel.history() if "round 1 of 3 begins" in m.content)
        assert "Byes to round 2: " in heading, heading
        assert len(waiting) == 2 and all(m.name in heading for m in waiting), (
            heading,
            [m.name for m in waiting],
        )
        assert not t.env.errors


async def test_where_the_bot_may_not_make_threads_the_games_are_played_in_the_channel(
    tmp_path: Path,
) -> None:
    async with opened(tmp_path) as t:
        closed = t.guild.create_text_channel(
            "no-threads",
            overwrites={t.guild.me: discord.PermissionOverwrite(create_public_threads=False)},
        )
        boss = await organiser(t)
        made = await boss.slash(closed, "caravan tournament create", name="Open Air")
        for member in (t.alice, t.bob, t.carol):
            await member.click(made.response, label="Join")
        await boss.click(made.response, label="Start")
        calls = [m for m in closed.history() if "Your game is" in m.content]
        assert len(calls) == 1 and "Your game is played below." in calls[0].content, calls
        turn = closed.history()[-1]
        assert "your move" in turn.content and turn.attachments and not closed.threads
        assert not t.env.errors


async def test_entrants_bring_their_saved_decks(tmp_path: Path) -> None:
    cards = " ".join(f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "hd") + " Ac 2c 3c 4c"
    async with opened(tmp_path) as t:
        boss = await organiser(t)
        made = await boss.slash(
            t.channel, "caravan tournament create", name="Deck Cup", decks="own"
        )
        assert "/caravan tournament deck" in made.response.content
        (event,) = await t.env.bot.events.tournaments.listed(t.guild.id)
        await t.alice.slash(t.channel, "caravan deck save", name="**Red**", cards=cards)
        outsider = await t.alice.slash(
            t.channel, "caravan tournament deck", tournament=event.id, deck="**Red**"
        )
        assert outsider.response.ephemeral and "not in this" in outsider.response.content
        for member in (t.alice, t.bob, t.carol, boss):
            await member.click(made.response, label="Join")
        brought = await t.alice.slash(
            t.channel, "caravan tournament deck", tournament=event.id, deck="**Red**"
        )
        answer = brought.response
        assert answer.ephemeral and "You will play your deck" in answer.content
        assert "**Red**" not in answer.content, "the deck's name shown as typed"
        await boss.click(made.response, label="Start")
        shown = await t.bob.slash(t.channel, "caravan tournament show", tournament=event.id)
        assert "(deck " in shown.response.content
        service = t.env.bot.events.tournaments
        games = [
            await service.games.game(b.game_id)
            for b in (await service.event(event.id)).boards
            if b.game_id
        ]
        alice = [g for g in games if t.alice.id in g.players]
        assert len(alice) == 1, "four entrants: no bye"
        for game in alice:
            seat = game.players.index(t.alice.id)
            assert " ".join(str(c) for c in game.rules.deck(seat)) == cards
        assert not t.env.errors


async def test_bad_input_is_refused_privately_and_changes_nothing(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        with pytest.raises(SetupError):  # Discord hides the command's bounds' violations
            await t.alice.slash(t.channel, "caravan tournament create", name="X", rounds=0)
        refused = await t.alice.slash(t.channel, "caravan tournament create", name="Cup")
        assert refused.response.ephemeral and "Manage Server" in refused.response.content
        boss = await organiser(t)
        made = await boss.slash(
            t.channel, "caravan tournament create", name="<@&1> **Cup** @everyone"
        )
        signup = made.response
        stored = t.env.backend.get_message(t.channel.id, signup.id)
        assert not stored.ping_user_ids and not stored.ping_role_ids
        assert not stored.mention_everyone and not stored.mention_role_ids
        assert "\\*\\*Cup\\*\\*" in signup.content, "markdown shown as typed"
        await t.alice.click(signup, label="Join")
        twice = await t.alice.click(signup, label="Join")
        assert twice.response.ephemeral and "already in" in twice.response.content
        early = panel_of(await t.alice.click(signup, label="Start"))
        assert early.ephemeral and "Only the organiser" in early.content
        few = panel_of(await boss.click(signup, label="Start"))
        assert few.ephemeral and "needs 3 entrants" in few.content
        assert "Entrants (1 of 64)" in t.channel.history()[0].content
        assert not t.env.errors


async def test_the_swiss_on_postgresql_with_a_second_process_racing(pg_url: str) -> None:
    """The first process plays the event in SimCord; a second OS process on the same
    database moves it on as fast as it can. Each round is paired once, each game made and
    posted once, whichever process writes the round."""
    async with opened(pg_url) as t:
        members = members_named(t, 7)
        _, tid = await create(t, members, "swiss", rounds=3)
        rival = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.event_rival",
            pg_url,
            str(tid),
            stdout=asyncio.subprocess.PIPE,
            cwd=Path(__file__).resolve().parents[2],
        )
        try:
            await play_event(t, tid, members, random.Random(17))
            out, _ = await asyncio.wait_for(rival.communicate(), 120)
        finally:
            if rival.returncode is None:
                rival.kill()
        line = next(x for x in out.decode().splitlines() if x.startswith("RIVAL "))
        print("rival wrote", json.loads(line[6:])["wrote"], "steps")
        event = await t.env.bot.events.tournaments.event(tid)
        assert event.tournament.status == "finished" and event.tournament.round == 3
        for number in (1, 2, 3):
            boards = event.boards_of(number)
            players = [p for b in boards for p in (b.first, b.second) if p is not None]
            assert len(players) == len(set(players)) == 7, f"round {number} paired once"
        games = [b.game_id for b in event.boards if b.game_id is not None]
        assert len(event_threads(t)) == len(games) == 9, "each game posted once"
        calls = [m for m in t.channel.history() if "Your game is in the thread" in m.content]
        assert len(calls) == 9
        assert not t.env.errors


async def test_an_arena_end_to_end(tmp_path: Path) -> None:
    """An arena of an hour with five members: the free are paired at once as games end, one
    joins late and one pauses through the sign-up message's buttons, the clock runs past
    the window, the games being played finish, and the podium is posted."""
    async with opened(tmp_path) as t:
        members = members_named(t, 5)
        rng = random.Random(21)
        boss = await organiser(t)
        made = await boss.slash(
            t.channel, "caravan tournament create", name="Friday Cup", format="arena", window=60
        )
        signup = made.response
        assert "lasts 1 hour" in signup.content and "join late or pause" in signup.content
        for member in members[:4]:
            await member.click(signup, label="Join")
        await boss.click(signup, label="Start")
        (event,) = await t.env.bot.events.tournaments.listed(t.guild.id)
        posted = "\n".join(m.content for m in t.channel.history())
        assert "**Friday Cup** has begun, open until <t:" in posted and "2 games" in posted
        shown = t.channel.history()[0]
        assert "Open until <t:" in shown.content
        assert {"Join", "Pause or come back", "Standings"} <= {
            c.label for row in shown.components for c in row.children
        }
        # a fifth member joins late: paired as soon as someone is free
        late = members[4]
        await late.click(shown, label="Join")
        assert len(playing(t)) == 2, "nobody free yet: the late one waits"
        await play_game(t, playing(t)[0], rng, members)
        assert len(playing(t)) == 2, "the two freed: one with the late one, one waits"
        # a player pauses with the button, then comes back
        resting = members[0]
        await resting.click(t.channel.history()[0], label="Pause or come back")
        entrant = (await t.env.bot.events.tournaments.event(event.id)).entrant(resting.id)
        assert entrant is not None and entrant.paused
        assert f"{resting.name} (paused)" in t.channel.history()[0].content
        await resting.click(t.channel.history()[0], label="Pause or come back")
        for _ in range(3):
            if playing(t):
                await play_game(t, playing(t)[0], rng, members)
        # the window ends; the games on finish and count; then the podium
        await t.env.advance_time(3601)
        for _ in range(20):
            if not playing(t):
                break
            await play_game(t, playing(t)[0], rng, members)
        await t.env.advance_time(61)
        final = await t.env.bot.events.tournaments.event(event.id)
        assert final.tournament.status == "finished"
        podium = t.channel.history()[-1]
        assert "is over" in podium.content and "First:" in podium.content
        assert any(a.filename == "standings.png" for a in podium.attachments)
        assert not t.env.errors
