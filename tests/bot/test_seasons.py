"""Seasons: the pure ranking of a season's games, the service on both stores (one season at
a time, refusals, only the season's rated games counted), and in SimCord the admin's start
and end, the leaderboard and stats by season, the final top ten with its image, and the
role for the top players (or the sentence saying why it could not be given)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.cogs.admin import role_problem
from bot.errors import BadOption, NotAllowed
from bot.ratings import Skill, rate, season_ranking
from bot.seasons import SeasonRefused, Seasons
from bot.service import GameService
from bot.simulate import opened, start
from bot.store import Store
from tests.bot.conftest import Clock

GUILD = 10


def test_a_season_ranks_its_games_alone_as_the_ranking_does() -> None:
    results = [(1, 2, "A"), (1, 3, "A"), (2, 3, "draw"), (3, 1, "B")]
    rows = season_ranking(results)
    assert [r.user_id for r in rows] == [1, 2, 3]
    one = rows[0]
    assert (one.games, one.wins, one.losses, one.draws, one.streak) == (3, 3, 0, 0, 3)
    a, _ = rate(Skill(), Skill(), "A")
    assert season_ranking([(1, 2, "A")])[0].skill == a and rows[0].provisional
    many = [(1, 2, "B")] * 6
    assert season_ranking(many)[0].user_id == 2 and not season_ranking(many)[0].provisional


async def finish(service: GameService, a: int, b: int, loser: int) -> None:
    challenge = await service.openings.create_challenge(GUILD, 20, a, b)
    info = await service.openings.accept(challenge.id, b)
    await service.resign(info.id, loser)


async def test_one_season_at_a_time_and_only_its_games(
    service: GameService, store: Store, clock: Clock
) -> None:
    seasons = Seasons(store, clock)
    with pytest.raises(NotAllowed):
        await seasons.start(GUILD, 1, False, "Spring")
    with pytest.raises(BadOption, match="name"):
        await seasons.start(GUILD, 1, True, "\u200b")
    with pytest.raises(BadOption, match="top 1 to 100"):
        await seasons.start(GUILD, 1, True, "Spring", role_id=5, role_top=0)
    with pytest.raises(SeasonRefused, match="No season"):
        await seasons.end(GUILD, True)
    await finish(service, 1, 2, loser=1)  # before the season: all-time only
    clock.advance(10)
    spring = await seasons.start(GUILD, 1, True, "Spring")
    with pytest.raises(SeasonRefused, match="Spring is running"):
        await seasons.start(GUILD, 1, True, "Summer")
    clock.advance(10)
    await finish(service, 1, 2, loser=2)
    await finish(service, 3, 2, loser=2)
    board = await seasons.leaderboard(GUILD, "new-vegas", spring)
    assert board.season == "Spring" and board.total == 3
    assert [e.user_id for e in board.entries][:2] in ([1, 3], [3, 1])
    two = await seasons.standing(GUILD, "new-vegas", spring, 2)
    assert two is not None and (two.wins, two.losses) == (0, 2), "the game before it not counted"
    clock.advance(10)
    ended = await seasons.end(GUILD, True)
    clock.advance(10)
    await finish(service, 2, 1, loser=1)  # after the end: not the season's
    assert (await seasons.standing(GUILD, "new-vegas", ended, 2)).wins == 0  # type: ignore[union-attr]
    assert await seasons.chosen(GUILD, None) is None, "none runs: all-time by default"
    assert (await seasons.chosen(GUILD, "spring")) == ended
    with pytest.raises(BadOption, match="already had"):
        await seasons.start(GUILD, 1, True, "Spring")


async def manager(t: Any, manage_roles: bool = False) -> Any:
    permissions = discord.Permissions(manage_guild=True)
    role = t.guild.create_role("Managers", permissions=permissions)
    return t.guild.add_member(t.env.create_user("Boss"), roles=[role])


async def resign_game(t: Any, loser: Any) -> None:
    thread = await start(t)
    asked = await loser.click(thread.history()[-1], label="Resign")
    await loser.click(asked.response, label="Yes, resign")


async def test_a_season_in_discord_from_start_to_its_top_ten(tmp_path: Path) -> None:
    async with opened(tmp_path) as t:
        boss = await manager(t)
        champions = t.guild.create_role("Season champions")
        await resign_game(t, t.bob)  # before the season
        await t.env.advance_time(5)
        with pytest.raises(Exception, match="default-member-permissions"):
            await t.alice.slash(t.channel, "caravan-admin season start", name="Spring")
        started = await boss.slash(
            t.channel, "caravan-admin season start", name="Spring", role=champions, top=1
        )
        assert "Season Spring" in started.response.content
        assert "top 1 get the role" in started.response.content
        await t.env.advance_time(5)
        await resign_game(t, t.alice)
        board = (await t.carol.slash(t.channel, "caravan leaderboard")).response.embeds[0]
        assert "season Spring" in (board.title or "")
        assert "0-1-0" in (board.description or "") and "1-1-0" not in (board.description or "")
        all_time = (
            await t.carol.slash(t.channel, "caravan leaderboard", season="all-time")
        ).response.embeds[0]
        assert "season" not in (all_time.title or "") and "1-1-0" in (all_time.description or "")
        stats = await t.alice.slash(t.channel, "caravan stats", season="Spring")
        shown = stats.followups[-1].embeds[0] if stats.followups else stats.response.embeds[0]
        assert "season Spring" in (shown.title or "")
        choices = await t.alice.autocomplete(t.channel, "caravan leaderboard", "season", "")
        assert [c["name"] for c in choices][:2] == [
            "all-time",
            "Spring (running)",
        ]
        ended = await boss.slash(t.channel, "caravan-admin season end")
        said = ended.followups[-1] if ended.followups else ended.response
        assert "Season Spring" in said.content and "is over" in said.content
        assert "Bob finishes first" in said.content
        assert any(a.filename == "season-new-vegas.png" for a in said.attachments)
        assert "1 player got the role" in said.content
        assert "rating? = provisional" in said.content, "the picture's ? is said"
        bob = t.env.bot.get_guild(t.guild.id).get_member(t.bob.id) or await t.env.bot.get_guild(
            t.guild.id
        ).fetch_member(t.bob.id)
        assert champions.id in [r.id for r in bob.roles]
        again = await boss.slash(t.channel, "caravan-admin season end")
        refused = again.followups[-1] if again.followups else again.response
        assert refused.ephemeral and "No season" in refused.content
        assert not t.env.errors


def test_a_role_the_bot_cannot_give_is_said_plainly() -> None:
    role = SimpleNamespace(id=5, __ge__=lambda self, other: False)
    me = SimpleNamespace(guild_permissions=discord.Permissions(manage_roles=False), top_role=0)
    guild = SimpleNamespace(me=me, get_role=lambda role_id: role)
    said = role_problem(guild, 5)  # type: ignore[arg-type]
    assert said is not None and "Manage Roles" in said
    gone = SimpleNamespace(me=me, get_role=lambda role_id: None)
    assert "gone" in (role_problem(gone, 5) or "")  # type: ignore[arg-type]
