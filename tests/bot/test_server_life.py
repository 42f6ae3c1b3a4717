"""A server's Caravan life, end to end in SimCord: turn deadlines (reminder, claim, closing),
rematches, the leaderboard, stats, your games and hands from anywhere, the rules help, saved
decks, game records, and the server's settings."""

from __future__ import annotations

import asyncio
import random
import re
import shlex
import subprocess
import sys
from typing import Any

import discord
import pytest
from discord import app_commands
from simcord import SetupError

from bot.simulate import (
    Table,
    check_final,
    mover_of,
    opened,
    panel_of,
    play_out,
    play_turn,
    restart,
    start,
    start_many,
)
from engine.cards import format_cards, standard_deck

FIVE_MINUTES = 300
FULL = format_cards(standard_deck(2))


def other_of(t: Table, member: Any) -> Any:
    return t.bob if member is t.alice or member.id == t.alice.id else t.alice


async def start_timed(t: Table, seconds: int = FIVE_MINUTES) -> Any:
    challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob, turn=seconds)
    assert "5 minutes a turn" in challenge.response.content
    await t.bob.click(challenge.response, label="Accept")
    return t.channel.threads[-1]


async def resign(t: Table, thread: Any, who: Any) -> Any:
    asked = await who.click(thread.history()[-1], label="Resign")
    await who.click(asked.response, label="Yes, resign")
    return thread.history()[-1]


async def test_reminder_at_half_time_then_the_waiting_player_claims(database_url: str) -> None:
    async with opened(database_url) as t:
        thread = await start_timed(t)
        first = thread.history()[-1]
        assert "Due <t:" in first.content
        mover = mover_of(t, first)
        waiting = other_of(t, mover)
        await t.env.advance_time(FIVE_MINUTES / 2 + 61)
        reminder = thread.history()[-1]
        assert reminder.content.startswith(f"<@{mover.id}>, a reminder")
        await t.env.advance_time(60)
        assert thread.history()[-1].id == reminder.id, "one reminder per turn"
        await t.env.advance_time(FIVE_MINUTES / 2)
        notice = thread.history()[-1]
        assert f"<@{waiting.id}>" in notice.content and "ran out" in notice.content
        assert notice.content.count("<@") == 1, "one mention: the player who may claim"
        refused = await mover.click(notice, label="Claim the win")
        assert (
            refused.response.ephemeral and "Your time to move ran out" in refused.response.content
        )
        refused = await t.carol.click(notice, label="Claim the win")
        assert refused.response.ephemeral and "not playing" in refused.response.content
        await waiting.click(notice, label="Claim the win")
        check_final(thread.history()[-1], "wins: the other player ran out of time.")
        assert "won" in thread.name
        used = next(m for m in thread.history() if m.id == notice.id)
        assert not used.components and "claimed the win" in used.content


async def test_an_unclaimed_game_closes_with_no_result_even_across_a_restart(
    database_url: str,
) -> None:
    async with opened(database_url) as t:
        thread = await start_timed(t)
        await t.env.advance_time(FIVE_MINUTES + 61)
        count = len(thread.history())
        await restart(t)
        await t.env.advance_time(120)
        assert len(thread.history()) == count, "the restart repeats no notice"
        await t.env.advance_time(FIVE_MINUTES)
        final = thread.history()[-1]
        check_final(final, "No result: the turn ran out and nobody claimed the win.")
        assert not final.components, "no rematch for a game nobody finished"
        assert "no result" in thread.name
        board = await t.alice.slash(t.channel, "caravan leaderboard")
        assert "No rated games yet" in (board.response.embeds[0].description or "")


async def test_a_finished_games_messages_lose_their_buttons(database_url: str) -> None:
    async with opened(database_url) as t:
        thread = await start_timed(t)
        await t.env.advance_time(FIVE_MINUTES + 61)
        notice = thread.history()[-1]
        assert "ran out" in notice.content and notice.components
        await t.env.advance_time(FIVE_MINUTES)
        check_final(thread.history()[-1], "No result")
        shown = t.env.backend.get_message(thread.id, notice.id)
        assert not shown.components, "no Claim on a game closed with no result"
        # a question asked before the end loses its buttons when the game ends
        second = await start_timed(t)
        first = second.history()[-1]
        mover = mover_of(t, first)
        other = other_of(t, mover)
        asked = (await other.click(first, label="Resign")).response
        assert asked.ephemeral and asked.components
        await resign(t, second, mover)
        after = t.env.backend.get_message(asked.channel_id, asked.id)
        assert not after.components and "This game is over." in after.content
        assert not t.env.errors


async def test_the_ai_claims_when_its_opponent_lets_the_time_run_out(database_url: str) -> None:
    async with opened(database_url, ai_workers=0, ai_pause_seconds=0.5) as t:
        await t.alice.slash(t.channel, "caravan play-ai", difficulty="easy", turn=FIVE_MINUTES)
        thread = t.channel.threads[-1]
        for _ in range(20):  # the AI's first move, when it starts
            if f"<@{t.alice.id}>, your move" in thread.history()[-1].content:
                break
            await t.env.advance_time(1)
        await t.env.advance_time(FIVE_MINUTES + 61)
        check_final(thread.history()[-1], "wins: the other player ran out of time.")
        assert any("a reminder" in m.content for m in thread.history())


async def test_rematch_offers_the_same_rules_to_the_same_players(database_url: str) -> None:
    async with opened(database_url) as t:
        challenge = await t.alice.slash(
            t.channel, "caravan challenge", opponent=t.bob, rules="simple", jokers=1
        )
        await t.bob.click(challenge.response, label="Accept")
        thread = t.channel.threads[-1]
        final = await resign(t, thread, t.bob)
        assert "Game over" in final.content
        refused = await t.carol.click(final, label="Rematch")
        assert refused.response.ephemeral and "Only the players" in refused.response.content
        offered = await t.bob.click(final, label="Rematch")
        assert offered.response.ephemeral and "Rematch offered" in offered.response.content
        rematch = t.channel.history()[-1]
        assert rematch.content.startswith("Rematch!") and f"<@{t.alice.id}>" in rematch.content
        assert "`simple`, 1 joker" in rematch.content
        refused = panel_of(await t.carol.click(rematch, label="Accept"))
        assert refused.ephemeral and "for <@" in refused.content
        await t.alice.click(rematch, label="Accept")
        assert len(t.channel.threads) == 2 and "Bob vs Alice" in t.channel.threads[-1].name


async def test_a_rematch_pressed_by_the_player_it_was_offered_to_accepts_it(
    database_url: str,
) -> None:
    async with opened(database_url) as t:
        thread = await start(t)
        final = await resign(t, thread, t.bob)
        await t.bob.click(final, label="Rematch")
        offer = t.channel.history()[-1]
        again = (await t.bob.click(final, label="Rematch")).response
        assert again.ephemeral and "already waiting for an answer" in again.content
        accepted = (await t.alice.click(final, label="Rematch")).response
        assert accepted.ephemeral and "You accepted the rematch" in accepted.content
        assert len(t.channel.threads) == 2, "the game begins"
        shown = t.env.backend.get_message(t.channel.id, offer.id)
        assert not shown.components and "Accepted: the game is on." in shown.content
        later = (await t.alice.click(final, label="Rematch")).response
        assert "is being played now" in later.content and len(t.channel.threads) == 2
        assert not t.env.errors


async def test_rematch_against_the_ai_starts_at_once(database_url: str) -> None:
    async with opened(database_url, ai_workers=0, ai_pause_seconds=0.5) as t:
        await t.alice.slash(t.channel, "caravan play-ai", difficulty="easy")
        thread = t.channel.threads[-1]
        for _ in range(20):
            if f"<@{t.alice.id}>, your move" in thread.history()[-1].content:
                break
            await t.env.advance_time(1)
        final = await resign(t, thread, t.alice)
        started = await t.alice.click(final, label="Rematch")
        assert started.response.ephemeral and "New game" in started.response.content
        assert len(t.channel.threads) == 2
        rematch = t.channel.threads[-1]
        again = (await t.alice.click(final, label="Rematch")).response
        assert again.ephemeral and "already played" not in again.content, "it is still on"
        assert f"is being played now: game #2, in <#{rematch.id}>" in again.content
        assert len(t.channel.threads) == 2, "pressed twice: one new game"
        assert any("difficulty **easy**" in m.content for m in t.channel.history()[-3:])
        await resign(t, rematch, t.alice)
        over = (await t.alice.click(final, label="Rematch")).response
        assert f"was already played: game #2, in <#{rematch.id}>" in over.content
        assert len(t.channel.threads) == 2


async def test_leaderboard_and_stats_after_rated_games(database_url: str) -> None:
    async with opened(database_url) as t:
        for _ in range(2):
            thread = await start(t)
            await resign(t, thread, t.bob)
        board = (await t.carol.slash(t.channel, "caravan leaderboard")).response
        assert not board.ephemeral
        [embed] = board.embeds
        lines = (embed.description or "").splitlines()
        assert "Alice" in lines[0] and "2-0-0" in lines[0] and "W2" in lines[0]
        assert "Bob" in lines[1] and "0-2-0" in lines[1] and "L2" in lines[1]
        assert "?" in lines[0], "provisional ratings are marked"
        assert "you" not in embed.description, "Carol is not ranked"
        mine = (await t.bob.slash(t.channel, "caravan leaderboard", page=1)).response
        assert "you" in mine.embeds[0].description.splitlines()[1]
        stats = panel_of(await t.carol.slash(t.channel, "caravan stats", user=t.alice))
        [embed] = stats.embeds
        fields = {f.name: f.value for f in embed.fields}
        assert fields["Rated games"] == "2" and fields["W-L-D"] == "2-0-0"
        assert fields["Win rate"] == "100%" and fields["Against the bot"] == "none"
        assert fields["Rank"] == "#1" and "Won against Bob" in fields["Recent games"]
        assert any(a.filename == "rating.png" for a in stats.attachments)
        empty = panel_of(await t.carol.slash(t.channel, "caravan stats"))
        assert "No finished games" in (empty.embeds[0].description or "")
        assert not empty.attachments


async def lose_to_the_bot(t: Table, member: Any) -> None:
    await member.slash(t.channel, "caravan play-ai", difficulty="easy")
    thread = t.channel.threads[-1]
    for _ in range(20):  # the bot's first move, when it starts
        if f"<@{member.id}>, your move" in thread.history()[-1].content:
            break
        await t.env.advance_time(1)
    await resign(t, thread, member)


async def test_stats_count_rated_games_and_games_against_the_bot_apart(
    database_url: str,
) -> None:
    """One rated loss to Alice, then two losses to the bot: the streak (L1, the
    ranking's) sits beside the rated games' W-L-D (0-1-0), not beside all three games."""
    async with opened(database_url, ai_workers=0, ai_pause_seconds=0.5) as t:
        await resign(t, await start(t), t.bob)
        for _ in range(2):
            await lose_to_the_bot(t, t.bob)
        stats = panel_of(await t.bob.slash(t.channel, "caravan stats"))
        [embed] = stats.embeds
        fields = {f.name: f.value for f in embed.fields}
        assert fields["Rated games"] == "1" and fields["W-L-D"] == "0-1-0"
        assert fields["Streak"] == "L1" and fields["Win rate"] == "0%"
        assert fields["Against the bot"] == "2 games, W-L-D 0-2-0"
        assert "Lost to the bot (easy)" in fields["Recent games"]
        assert "Rated games are the games against members" in (embed.footer.text or "")
        board = (await t.bob.slash(t.channel, "caravan leaderboard")).response.embeds[0]
        mine = next(line for line in (board.description or "").splitlines() if "Bob" in line)
        assert "0-1-0" in mine and "streak L1" in mine, "the leaderboard says the same"


async def test_games_and_hand_from_anywhere(database_url: str) -> None:
    async with opened(database_url) as t:
        thread = await start(t)
        game_id = int(thread.history()[-1].components[0].children[0].custom_id.split(":")[-1])
        listed = (await t.alice.slash(t.channel, "caravan games")).response
        assert listed.ephemeral and f"#{game_id}" in listed.content and "Bob" in listed.content
        choices = await t.alice.autocomplete(t.channel, "caravan hand", "game", "")
        assert [c["value"] for c in choices] == [game_id] and "Bob" in choices[0]["name"]
        other = t.guild.create_text_channel("elsewhere")
        hand = panel_of(await t.alice.slash(other, "caravan hand", game=game_id))
        assert hand.ephemeral and hand.attachments[0].filename == "hand.png"
        refused = await t.carol.slash(other, "caravan hand", game=game_id)
        assert refused.followups == [] and "not playing" in refused.response.content
        assert await t.carol.autocomplete(t.channel, "caravan hand", "game", "") == []
        none = (await t.carol.slash(t.channel, "caravan games")).response
        assert "no games in progress" in none.content


async def test_replay_lists_the_members_finished_games_before_anything_is_typed(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot caches no members (no privileged intent), so after a restart each
    opponent's name is asked of Discord. Discord taking a second for each (and ten for
    one) made `/caravan replay game:` answer after its 3 seconds: nothing was listed
    until a keystroke found the names cached. The games are listed at once, newest
    first, a name not known in time as "a member"; by the next keystroke it is known."""
    async with opened(database_url) as t:
        opponents = [t.guild.add_member(t.env.create_user(f"Rival {i}")) for i in range(5)]
        games = []
        for rival in opponents:
            challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=rival)
            await rival.click(challenge.response, label="Accept")
            thread = t.channel.threads[-1]
            games.append(
                int(thread.history()[-1].components[0].children[0].custom_id.split(":")[-1])
            )
            await resign(t, thread, rival)
        await restart(t)
        asked = discord.Guild.fetch_member
        slowest = opponents[0].id

        async def slow(guild: discord.Guild, user_id: int) -> discord.Member:
            await asyncio.sleep(10 if user_id == slowest else 1)  # simulated time
            return await asked(guild, user_id)

        monkeypatch.setattr(discord.Guild, "fetch_member", slow)
        listed = await t.alice.autocomplete(t.channel, "caravan replay", "game", "")
        assert [c["value"] for c in listed] == games[::-1], "every game, newest first"
        labels = [c["name"] for c in listed]
        assert labels[0] == f"#{games[-1]} against Rival 4 (won)"
        assert labels[-1] == f"#{games[0]} against a member (won)", "not known in time"
        await t.env.advance_time(10)
        typed = await t.alice.autocomplete(t.channel, "caravan replay", "game", "Rival 0")
        assert [c["name"] for c in typed] == [f"#{games[0]} against Rival 0 (won)"]


async def test_games_say_when_a_move_is_due_on_either_turn(database_url: str) -> None:
    """The player to move reads "your move, due ...", the one waiting "<name>'s move,
    due ...": the same deadline, as a Discord timestamp."""
    async with opened(database_url) as t:
        challenge = await t.alice.slash(
            t.channel, "caravan challenge", opponent=t.bob, turn=FIVE_MINUTES
        )
        await t.bob.click(challenge.response, label="Accept")
        turn = t.channel.threads[-1].history()[-1]
        due = turn.content.split("Due ")[1].rstrip(".")
        assert due.startswith("<t:") and due.endswith(":R>"), turn.content
        mover = mover_of(t, turn)
        waiting = other_of(t, mover)
        mine = (await mover.slash(t.channel, "caravan games")).response.content
        theirs = (await waiting.slash(t.channel, "caravan games")).response.content
        name = "Alice" if mover is t.alice else "Bob"
        assert f"**your move**, due {due}" in mine, mine
        assert f"{name}'s move, due {due}" in theirs, theirs


async def test_rules_help_topics_and_the_games_preset(database_url: str) -> None:
    async with opened(database_url) as t:
        help_ = (await t.carol.slash(t.channel, "caravan rules")).response
        assert help_.ephemeral and "one minute" in help_.content
        assert help_.attachments[0].filename == "rules-overview.png"
        king = (await t.carol.slash(t.channel, "caravan rules", topic="king")).response
        assert "doubles" in king.content and "This game" not in king.content
        challenge = await t.alice.slash(t.channel, "caravan challenge", rules="foxon")
        await t.bob.click(challenge.response, label="Accept")
        thread = t.channel.threads[-1]
        inside = (await t.carol.slash(thread, "caravan rules", topic="queen")).response
        assert "`foxon`" in inside.content and "Queen only reverses" in inside.content


async def test_decks_saved_shown_played_and_deleted(database_url: str) -> None:
    async with opened(database_url) as t:
        bad = (
            await t.alice.slash(t.channel, "caravan deck save", name="x", cards="Ah 2h")
        ).response
        assert bad.ephemeral and "at least 30" in bad.content
        saved = await t.alice.slash(t.channel, "caravan deck save", name="classic", cards=FULL)
        assert "Saved your deck **classic** (54 cards)" in saved.response.content
        listed = (await t.alice.slash(t.channel, "caravan deck list")).response
        assert "**classic**: 54 cards" in listed.content
        shown = (await t.alice.slash(t.channel, "caravan deck show", name="classic")).response
        assert shown.ephemeral and shown.attachments[0].filename == "deck.png"
        choices = await t.alice.autocomplete(t.channel, "caravan challenge", "deck", "cla")
        assert [c["value"] for c in choices] == ["classic"]
        for command, option in (("caravan play-ai", "deck"), ("caravan deck show", "name")):
            offered = await t.alice.autocomplete(t.channel, command, option, "")
            assert [c["value"] for c in offered] == ["classic"]
        assert await t.bob.autocomplete(t.channel, "caravan deck delete", "name", "") == []
        refused = await t.alice.slash(
            t.channel, "caravan challenge", opponent=t.bob, rules="simple", deck="classic"
        )
        assert refused.response.ephemeral and "cannot be used with `simple`" in (
            refused.response.content
        )
        missing = await t.bob.slash(t.channel, "caravan challenge", deck="classic")
        assert "no deck called" in missing.response.content
        challenge = await t.alice.slash(
            t.channel, "caravan challenge", opponent=t.bob, deck="classic"
        )
        assert "custom deck" in challenge.response.content
        await t.bob.click(challenge.response, label="Accept")
        await play_out(t, t.channel.threads[-1], seed=3)
        gone = await t.alice.slash(t.channel, "caravan deck delete", name="classic")
        assert "Deleted" in gone.response.content
        again = await t.alice.slash(t.channel, "caravan deck delete", name="classic")
        assert "no deck called" in again.response.content


CLAUSE = re.compile(r"\b[RDG]\d+\b")  # a rule clause of the engine's rules (R1, D4)


async def test_refusals_and_commands_cite_no_rule_clauses(database_url: str) -> None:
    """The engine's reasons reach members without the clauses they cite ("(R1)"), and no
    command or option describes itself with one."""
    async with opened(database_url) as t:
        few = (
            await t.alice.slash(t.channel, "caravan deck save", name="x", cards="Ah 2h")
        ).response
        assert few.content.endswith("has 2 cards; a custom deck needs at least 30."), few.content
        five = FULL + " Ah Ah Ah Ah"
        many = (await t.alice.slash(t.channel, "caravan deck save", name="x", cards=five)).response
        assert many.content.endswith("so at most 4 of each card."), many.content
        assert not CLAUSE.search(few.content) and not CLAUSE.search(many.content)
        texts = []
        for command in t.env.bot.tree.walk_commands():
            texts.append(command.description)
            if isinstance(command, app_commands.Command):
                texts += [p.description for p in command.parameters]
        assert "Your saved custom decks" in texts
        assert [text for text in texts if CLAUSE.search(text)] == []


async def test_replay_posts_a_record_the_engine_replays(database_url: str) -> None:
    async with opened(database_url) as t:
        thread = await start(t, "caravanthegame")
        game_id = int(thread.history()[-1].components[0].children[0].custom_id.split(":")[-1])
        early = await t.alice.slash(t.channel, "caravan replay", game=game_id)
        assert early.response.ephemeral and "once it is over" in early.response.content
        await play_out(t, thread, seed=8)
        choices = await t.alice.autocomplete(t.channel, "caravan replay", "game", "")
        assert [c["value"] for c in choices] == [game_id]
        posted = panel_of(await t.carol.slash(t.channel, "caravan replay", game=game_id))
        names = sorted(a.filename for a in posted.attachments)
        assert names == [f"caravan-game-{game_id}.sh", "table.png"]
        assert "seed `" in posted.content
        script = (await posted.attachments[0].read()).decode()
        if not posted.attachments[0].filename.endswith(".sh"):
            script = (await posted.attachments[1].read()).decode()
        command = script.splitlines()[1].replace("python", shlex.quote(sys.executable))
        shown = subprocess.run(
            f"{command} | {shlex.quote(sys.executable)} -m engine show",
            shell=True,
            capture_output=True,
            text=True,
            check=True,
        )
        assert '"winner": "' in shown.stdout or '"winner":"' in shown.stdout


async def test_a_replay_is_watched_move_by_move_in_discord(database_url: str) -> None:
    async with opened(database_url) as t:
        thread = await start(t)
        game_id = int(thread.history()[-1].components[0].children[0].custom_id.split(":")[-1])
        for _ in range(3):
            assert await play_turn(t, thread, random.Random(3), players=(t.alice, t.bob))
        await resign(t, thread, t.bob)
        posted = panel_of(await t.carol.slash(t.channel, "caravan replay", game=game_id))
        viewer = panel_of(await t.carol.click(posted, label="Watch move by move"))
        assert viewer.ephemeral and f"Game #{game_id}, as dealt (3 moves to come)." in (
            viewer.content
        )
        assert [a.filename for a in viewer.attachments] == ["table.png"]
        seen = [viewer.content]
        for _ in range(3):
            viewer = panel_of(await t.carol.click(viewer, label="\u25b6"))
            seen.append(viewer.content)
        assert [line.split("\n")[0] for line in seen[1:]] == [
            f"Game #{game_id}, move {n} of 3." for n in (1, 2, 3)
        ]
        assert "**Game over.**" in seen[-1] and "resigned" in seen[-1]
        with pytest.raises(SetupError):  # the last move: Next is off
            await t.carol.click(viewer, label="\u25b6")
        first = panel_of(await t.carol.click(viewer, label="\u23ee"))
        assert first.content == seen[0]
        last = panel_of(await t.carol.click(first, label="\u23ed"))
        assert last.content == seen[-1]
        back = panel_of(await t.carol.click(last, label="\u25c0"))
        assert back.content == seen[2]
        assert not t.env.errors


async def test_a_replay_says_the_result_in_the_final_tables_words(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """How many positions were sold, as the final table says it: "two of three", never
    the replay's old "two or three"."""
    monkeypatch.setattr("bot.openings.secrets.randbits", lambda bits: 6)  # ends by a sale
    async with opened(database_url) as t:
        thread = await start(t)
        game_id = int(thread.history()[-1].components[0].children[0].custom_id.split(":")[-1])
        await play_out(t, thread, seed=1)
        ending = thread.history()[-1].content.split("**Game over.** ")[-1]
        assert ending == "Bob wins: sold two of three positions.", ending
        posted = panel_of(await t.carol.slash(t.channel, "caravan replay", game=game_id))
        assert ending in posted.content and "two or three" not in posted.content
        files = {a.filename: a for a in posted.attachments}
        assert ending in (files["table.png"].description or "")
        script = (await files[f"caravan-game-{game_id}.sh"].read()).decode()
        assert ending in script.splitlines()[0]


async def test_a_resignation_says_who_resigned_in_every_place(database_url: str) -> None:
    """The turn message, the table's alt text, the replay and its script name the player
    who resigned, each in its inert form (escaped in message text, plain elsewhere)."""
    async with opened(database_url) as t:
        mal = t.guild.add_member(t.env.create_user("mallory"), nick="**Mal** @everyone")
        challenge = await mal.slash(t.channel, "caravan challenge", opponent=t.bob)
        await t.bob.click(challenge.response, label="Accept")
        thread = t.channel.threads[-1]
        game_id = int(thread.history()[-1].components[0].children[0].custom_id.split(":")[-1])
        final = await resign(t, thread, mal)
        escaped = "Bob wins: \\*\\*Mal\\*\\* \\@everyone resigned."
        said = "Bob wins: **Mal** @everyone resigned."
        assert f"**Game over.** {escaped}" in final.content, final.content
        table = next(a for a in final.attachments if a.filename == "table.png")
        assert said in (table.description or "")
        posted = panel_of(await t.carol.slash(t.channel, "caravan replay", game=game_id))
        assert escaped in posted.content and "resignation" not in posted.content
        files = {a.filename: a for a in posted.attachments}
        assert said in (files["table.png"].description or "")
        script = (await files[f"caravan-game-{game_id}.sh"].read()).decode()
        assert said in script.splitlines()[0]


async def test_server_settings_are_for_managers_and_apply(database_url: str) -> None:
    async with opened(database_url) as t:
        with pytest.raises(SetupError, match="default-member-permissions"):
            await t.carol.slash(t.channel, "caravan-admin show")
        managers = t.guild.create_role(
            "Managers", permissions=discord.Permissions(manage_guild=True)
        )
        boss = t.guild.add_member(t.env.create_user("Boss"), roles=[managers])
        shown = (await boss.slash(t.channel, "caravan-admin show")).response
        assert shown.ephemeral and "`new-vegas`, 2 jokers" in shown.content
        saved = await boss.slash(
            t.channel, "caravan-admin set", rules="simple", jokers=1, turn=3600, threads=False
        )
        assert "`simple`, 1 joker" in saved.response.content and "1 hour" in saved.response.content
        challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)
        assert "`simple`, 1 joker, 1 hour a turn" in challenge.response.content
        await t.bob.click(challenge.response, label="Accept")
        assert not t.channel.threads, "threads are off: the game runs in the channel"
        games = t.channel.history()[-1]
        game_id = int(games.components[0].children[0].custom_id.split(":")[-1])
        lobby = t.guild.create_text_channel("lobby")
        await boss.slash(t.channel, "caravan-admin channels", action="add", channel=lobby)
        refused = await t.carol.slash(t.channel, "caravan challenge")
        assert refused.response.ephemeral and f"<#{lobby.id}>" in refused.response.content
        allowed = await t.carol.slash(lobby, "caravan challenge")
        assert not allowed.response.ephemeral
        choices = await boss.autocomplete(t.channel, "caravan-admin end", "game", "")
        assert [c["value"] for c in choices] == [game_id]
        ended = await boss.slash(t.channel, "caravan-admin end", game=game_id)
        assert "with no result" in panel_of(ended).content
        check_final(t.channel.history()[-1], "No result: a server admin ended the game.")
        again = await boss.slash(t.channel, "caravan-admin end", game=game_id)
        assert "over" in panel_of(again).content


async def test_limits_on_open_challenges_and_games_answer_privately(database_url: str) -> None:
    async with opened(database_url, max_open_challenges=1, max_active_games=1) as t:
        await t.alice.slash(t.channel, "caravan challenge")
        second = (await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob)).response
        assert second.ephemeral and "1 open challenge, the most" in second.content
        first = t.channel.history()[-1]
        await t.bob.click(first, label="Accept")  # Alice and Bob now play their one game
        third = await t.carol.slash(t.channel, "caravan challenge", opponent=t.alice)
        refused = panel_of(await t.alice.click(third.response, label="Accept"))
        assert refused.ephemeral and "the most at once" in refused.content
        ai = (await t.bob.slash(t.channel, "caravan play-ai")).response
        assert ai.ephemeral and "the most at once" in ai.content
        assert len(t.channel.threads) == 1


async def test_the_rules_button_says_how_this_games_preset_differs(database_url: str) -> None:
    async with opened(database_url) as t:
        thread = await start(t, "simple")
        shown = (await t.carol.click(thread.history()[-1], label="Rules")).response
        assert shown.ephemeral and "`simple`" in shown.content and "no tens" in shown.content


async def test_the_callers_rank_is_shown_below_a_page_without_them(database_url: str) -> None:
    async with opened(database_url) as t:
        for thread, (_, loser) in await start_many(t, 6):  # 12 ranked players, and Alice and Carol
            await resign(t, thread, loser)
        for _ in range(2):  # Carol: two losses, last of all
            challenge = await t.alice.slash(t.channel, "caravan challenge", opponent=t.carol)
            await t.carol.click(challenge.response, label="Accept")
            await resign(t, t.channel.threads[-1], t.carol)
        board = (await t.carol.slash(t.channel, "caravan leaderboard")).response.embeds[0]
        lines = (board.description or "").splitlines()
        assert len(lines) == 12 and lines[10] == "", "ten on the page, a gap, then Carol"
        assert lines[11].startswith("`14.` Carol") and lines[11].endswith("you")
        assert "Page 1 of 2" in (board.footer.text or "")
        second = (await t.carol.slash(t.channel, "caravan leaderboard", page=2)).response
        assert (second.embeds[0].description or "").count("you") == 1
