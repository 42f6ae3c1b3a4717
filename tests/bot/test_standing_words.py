"""The leaderboard, stats, rating chart, games in progress, replays and seasons' refusals
are said in the reader's language: every sentence goes through the catalogue. A stand-in
catalogue that shouts (each message's words upper-cased, its values as they are) shows it:
what reaches the member has no lower-case word left but the members' names, links, code
and timestamps. In SimCord the commands answer in the catalogue of the member's locale
(`words_for`, stood in for: SimCord cannot set a member's locale)."""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.cogs import standing as standing_cog
from bot.errors import BadOption, NotAllowed, NotFound, ServiceError
from bot.i18n import ENGLISH, Catalogue, Text
from bot.records import (
    GameInfo,
    GameRecord,
    Leaderboard,
    Standing,
    Stats,
    Tally,
    as_recorded,
    rules_from_text,
)
from bot.render import figures, style
from bot.seasons import SeasonRefused, Seasons
from bot.simulate import opened, panel_of, start
from bot.store import open_store
from bot.store.url import sqlite_url
from bot.views import standing
from tests.bot.conftest import Clock

NAMES = ("Alice", "Bob", "Carol")


def _shout(message: str) -> str:
    """`message` with its words upper-cased and its `{placeholders}` kept."""
    parts = []
    for literal, field, spec, conversion in string.Formatter().parse(message):
        parts.append(literal.upper().replace("{", "{{").replace("}", "}}"))
        if field is not None:
            parts.append(
                "{"
                + field
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
    return "".join(parts)


class Shouting(Catalogue):
    """A language whose every message is its English upper-cased."""

    def text(self, message: str, context: str | None = None, /, **values: Any) -> str:
        return _shout(message).format(**values) if values else message.upper()

    def plural(
        self, one: str, other: str, count: int, context: str | None = None, /, **values: Any
    ) -> str:
        return _shout(one if count == 1 else other).format(count=count, **values)


SHOUT = Shouting("xx", {}, lambda n: int(n != 1))


def quiet_words(text: str) -> list[str]:
    """The lower-case words of `text` outside members' names, code, links, mentions and
    timestamps: none when every sentence was said by `SHOUT`."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`]*`", "", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"<[^>]*>", "", text)
    for name in NAMES:
        text = text.replace(name, "")
    return re.findall(r"[a-z]+", text)


def embed_texts(embed: discord.Embed) -> list[str]:
    texts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for field in embed.fields:
        texts += [field.name or "", field.value or ""]
    return texts


def info(game_id: int, **changed: Any) -> GameInfo:
    values: dict[str, Any] = {
        "id": game_id,
        "guild_id": 1,
        "channel_id": 2,
        "thread_id": 3,
        "message_id": 4,
        "players": (10, 20),
        "ai_seat": None,
        "ai_level": None,
        "rules": rules_from_text('"new-vegas"'),
        "status": "finished",
        "turn": None,
        "winner": "A",
        "end_reason": "resigned",
        "turn_seconds": 3600,
        "deadline": None,
        "version": 1,
        "created_at": 0.0,
        "updated_at": 0.0,
    }
    return GameInfo(**(values | changed))


def ranked(rank: int, user_id: int, streak: int = 2, provisional: bool = True) -> Standing:
    return Standing(rank, user_id, 1530, provisional, 2, 2, 0, 0, streak)


PLAYERS = {10: "Alice", 20: "Bob"}


def test_the_leaderboard_is_said_in_the_readers_words() -> None:
    board = Leaderboard(1, 1, 2, (ranked(1, 10), ranked(2, 20, -1, False)), 12, season="Spring")
    caller = ranked(14, 30, -2)
    english = standing.leaderboard_embed(board, PLAYERS, "The Hall", caller)
    assert english.title == "Caravan leaderboard: The Hall, season Spring"
    lines = (english.description or "").splitlines()
    assert lines[1] == "\N{SECOND PLACE MEDAL} Bob: **1530** · 2-0-0 · streak L1"
    assert lines[-1] == "`14.` You: **1530**? · 2-0-0 · streak L2  \N{LEFTWARDS ARROW} you"
    assert (english.footer.text or "").startswith("Page 1 of 2 · 12 ranked players · ")
    assert (english.footer.text or "").endswith("listed after the others) · wins-losses-draws")
    shouted = standing.leaderboard_embed(board, PLAYERS, "The Hall", caller, SHOUT)
    assert shouted.title == "CARAVAN LEADERBOARD: The Hall, SEASON Spring"
    said = [t.replace("The Hall", "").replace("Spring", "") for t in embed_texts(shouted)]
    assert [quiet_words(text) for text in said] == [[]] * len(said)
    assert "STREAK L1" in (shouted.description or "")
    assert (shouted.footer.text or "").endswith("WINS-LOSSES-DRAWS")
    empty = Leaderboard(1, 1, 1, (), 0)
    nobody = standing.leaderboard_embed(empty, {}, "\u200b", None, SHOUT)
    assert nobody.title == "CARAVAN LEADERBOARD: THIS SERVER"
    assert (nobody.description or "").startswith("NO RATED GAMES YET.")


def test_stats_and_their_recent_games_are_said_in_the_readers_words() -> None:
    recent = (
        info(7),
        info(8, winner="B", ai_seat="B", ai_level="easy"),
        info(9, winner="draw", players=(20, 10)),
    )
    stats = Stats(
        user_id=10,
        games=5,
        against_ai=Tally(0, 1, 0),
        standing=ranked(1, 10),
        history=((1.0, 1515), (2.0, 1530)),
        recent=recent,
        favourite_rules="new-vegas",
        season="Spring",
        events="2 ENTERED, 1 WON",
    )
    english = standing.stats_embed(stats, "Alice", PLAYERS)
    fields = {f.name: f.value for f in english.fields}
    assert fields["Rating"] == "1530 (provisional)" and fields["Streak"] == "W2"
    assert fields["Against the bot"] == "1 game, W-L-D 0-1-0"
    assert (fields["Recent games"] or "").splitlines() == [
        "[#7](https://discord.com/channels/1/3) Won against Bob · `new-vegas`",
        "[#8](https://discord.com/channels/1/3) Lost to the bot (easy) · `new-vegas`",
        "[#9](https://discord.com/channels/1/3) Drew with Bob · `new-vegas`",
    ]
    assert (english.footer.text or "").endswith(
        "under Against the bot. Season Spring: only its games, every player starting fresh."
    )
    shouted = standing.stats_embed(stats, "Alice", PLAYERS, SHOUT)
    said = [text.replace("Spring", "") for text in embed_texts(shouted)]
    assert [quiet_words(text) for text in said] == [[]] * len(said)
    fields = {f.name: f.value for f in shouted.fields}
    assert {"RATED GAMES", "W-L-D", "WIN RATE", "RANK", "STREAK", "RECENT GAMES"} <= set(fields)
    assert fields["RATING"] == "1530 (PROVISIONAL)" and fields["STREAK"] == "W2"
    assert fields["AGAINST THE BOT"] == "1 GAME, W-L-D 0-1-0"
    assert "LOST TO THE BOT (EASY)" in (fields["RECENT GAMES"] or "")
    unrated = Stats(10, 0, Tally(), None, (), (), None)
    none = standing.stats_embed(unrated, "Alice", {}, SHOUT)
    fields = {f.name: f.value for f in none.fields}
    assert fields["RATING"] == "UNRATED (NO GAMES AGAINST MEMBERS YET)"
    assert fields["AGAINST THE BOT"] == "NONE"
    assert none.description == "NO FINISHED GAMES YET IN THIS SERVER."


def test_the_rating_chart_draws_its_words_in_the_readers_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[str] = []
    text = style.text

    def noted(image: Any, xy: Any, words: str, *args: Any, **kwargs: Any) -> None:
        drawn.append(words)
        text(image, xy, words, *args, **kwargs)

    monkeypatch.setattr(style, "text", noted)
    figures.draw_rating_chart([1515, 1530, 1545], "Alice: rating")
    assert "start" in drawn and "after 3 rated games: 1545" in drawn
    drawn.clear()
    figures.draw_rating_chart([1515], "ALICE: RATING", words=SHOUT)
    assert "START" in drawn and "AFTER 1 RATED GAME: 1515" in drawn
    assert "ALICE: RATING" in drawn
    stats = Stats(10, 1, Tally(), ranked(1, 10), ((1.0, 1515),), (), None)
    chart = standing.rating_chart(stats, "Alice", SHOUT)
    assert chart is not None and chart.filename == "rating.png"
    assert chart.description == "Alice'S RATING OVER TIME"
    assert "Alice: RATING" in drawn
    english = standing.rating_chart(stats, "Alice")
    assert english is not None and english.description == "Alice's rating over time"


def test_games_in_progress_are_said_in_the_readers_words() -> None:
    due = info(5, status="active", turn="B", winner=None, end_reason=None, deadline=1000.0)
    assert standing.active_line(due, 10, PLAYERS) == (
        "[#5](https://discord.com/channels/1/3) against Bob · `new-vegas` · "
        "Bob's move, due <t:1000:R>"
    )
    mine = info(6, status="active", turn="A", winner=None, end_reason=None, deadline=1000.0)
    assert standing.active_line(mine, 10, PLAYERS).endswith("· **your move**, due <t:1000:R>")
    bot = info(7, status="active", turn="B", winner=None, ai_seat="B", ai_level="hard")
    assert standing.active_line(bot, 10, PLAYERS).endswith(
        "against the bot (hard) · `new-vegas` · the bot's move"
    )
    for game in (due, mine, bot):
        assert quiet_words(standing.active_line(game, 10, PLAYERS, SHOUT)) == []
    assert "THE BOT (HARD)" in standing.active_line(bot, 10, PLAYERS, SHOUT)


def test_a_replay_is_said_in_the_readers_words() -> None:
    finished = info(12)
    kind = finished.kind
    view = as_recorded(kind.new(finished.rules, 5).view(None), finished)
    record = GameRecord(finished, 5, ("p1",))
    names = {"A": "Alice", "B": "Bob"}
    text, script = standing.record_text(record, names, view)
    assert text.startswith(
        "**Caravan game #12: Alice (A) vs Bob (B). Alice wins: Bob resigned.**\n"
        "rules `new-vegas` · seed `5` · 1 move. Replay it with the engine's command line:\n"
    )
    assert script.startswith("# Caravan game #12: Alice (A) vs Bob (B). Alice wins: Bob resigned.")
    text, script = standing.record_text(record, names, view, SHOUT)
    assert text.startswith("**CARAVAN GAME #12: Alice (A) VS Bob (B). Alice WINS: Bob RESIGNED.**")
    assert quiet_words(text) == [] and quiet_words(script.splitlines()[0]) == []
    long = GameRecord(finished, 5, ("p1",) * 800)
    text, _script = standing.record_text(long, names, view, SHOUT)
    assert text.endswith(
        "800 MOVES. REPLAY IT WITH THE ENGINE'S COMMAND LINE: (SEE THE ATTACHED FILE)"
    )


async def test_seasons_refuse_in_sentences_of_the_catalogue(tmp_path: Path) -> None:
    store = await open_store(sqlite_url(tmp_path / "caravan.db"))
    try:
        seasons = Seasons(store, Clock())
        refused: list[ServiceError] = []
        for attempt, kind in (
            (seasons.start(1, 1, False, "Spring"), NotAllowed),
            (seasons.start(1, 1, True, "\u200b"), BadOption),
            (seasons.start(1, 1, True, "Spring", role_top=3), BadOption),
            (seasons.start(1, 1, True, "Spring", role_id=5, role_top=0), BadOption),
            (seasons.end(1, False), NotAllowed),
            (seasons.end(1, True), SeasonRefused),
            (seasons.chosen(1, "Winter"), NotFound),
        ):
            with pytest.raises(kind) as raised:
                await attempt
            refused.append(raised.value)
        await seasons.start(1, 1, True, "Spring")
        for attempt in (seasons.start(1, 1, True, "spring"), seasons.start(1, 1, True, "Fall")):
            with pytest.raises(ServiceError) as raised:
                await attempt
            refused.append(raised.value)
    finally:
        await store.close()
    assert all(isinstance(error.said, Text) for error in refused)
    said = [SHOUT.say(error.said) for error in refused]
    assert "THE ROLE GOES TO THE TOP 1 TO 100 PLAYERS." in said
    assert "THE SEASON Spring IS RUNNING; END IT FIRST (/CARAVAN-ADMIN SEASON END)." in said
    assert "THIS SERVER ALREADY HAD A SEASON CALLED spring." in said
    assert str(refused[-1]) == ENGLISH.say(refused[-1].said)


async def test_the_commands_answer_in_the_members_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Leaderboard, stats (and its chart), games in progress, replay and the seasons'
    choices, through the cog, in the catalogue of the member's locale."""
    locales: list[Any] = []

    def words_for(locale: Any) -> Catalogue:
        locales.append(locale)
        return SHOUT

    monkeypatch.setattr(standing_cog, "words_for", words_for)
    async with opened(tmp_path) as t:
        thread = await start(t)
        game_id = int(thread.history()[-1].components[0].children[0].custom_id.split(":")[-1])
        asked = await t.alice.click(thread.history()[-1], label="Resign")
        await t.alice.click(asked.response, label="Yes, resign")
        await start(t)  # one in progress
        board = (await t.carol.slash(t.channel, "caravan leaderboard")).response.embeds[0]
        said = [text.replace(t.guild.name, "") for text in embed_texts(board)]
        assert [quiet_words(text) for text in said] == [[]] * len(said), said
        stats = panel_of(await t.carol.slash(t.channel, "caravan stats", user=t.alice))
        said = embed_texts(stats.embeds[0])
        assert [quiet_words(text) for text in said] == [[]] * len(said), said
        chart = next(a for a in stats.attachments if a.filename == "rating.png")
        assert chart.description == "Alice'S RATING OVER TIME"
        games = (await t.alice.slash(t.channel, "caravan games")).response.content
        assert games.startswith("**YOUR GAMES IN PROGRESS**") and quiet_words(games) == []
        none = (await t.carol.slash(t.channel, "caravan games")).response.content
        assert none.startswith("YOU HAVE NO GAMES IN PROGRESS HERE.")
        posted = panel_of(await t.carol.slash(t.channel, "caravan replay", game=game_id))
        assert quiet_words(posted.content) == [], posted.content
        table = next(a for a in posted.attachments if a.filename == "table.png")
        assert table.description == "THE FINAL TABLE: Bob WINS: Alice RESIGNED."
        choices = await t.alice.autocomplete(t.channel, "caravan leaderboard", "season", "")
        assert (choices[0]["name"], choices[0]["value"]) == ("ALL-TIME", "all-time")
    assert locales and all(str(locale) == "en-US" for locale in locales)
