"""The bot's log lines (`bot.logs`): JSON lines with where they happened, text as before,
secrets masked; and, over whole SimCord games of both kinds and against the bot, logged at
DEBUG: no line at INFO or above names a card or a seed, and no line at all the token."""

from __future__ import annotations

import io
import json
import logging
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot import logs
from bot.settings import SettingsError, load_settings
from bot.simulate import Table, opened, play_decktet_turn, play_turn, start
from engine.cards import RANK_NAMES, SUIT_NAMES, standard_deck
from engine.decktet.cards import DECK
from tests.bot.test_discord import assert_no_hand_in_public

TOKEN = "simcord.fake.token"  # the token SimCord's bot logs in with
SECRET = "MTIzNDU2Nzg5.abcdef.the-real-bots-token"

# Every card's notation in either game ("X", the Joker, is left out: a lone X is no card's
# sign in a sentence), and every card named in words ("King of spades", "the Huntress").
CARD_SIGNS = {str(card) for card in standard_deck(2)} - {"X"} | {str(card) for card in DECK}
CARD_WORDS = [f"{rank} of {suit}" for rank in RANK_NAMES.values() for suit in SUIT_NAMES.values()]
CARD_WORDS += [f" of {suit}" for suit in SUIT_NAMES.values()]
CARD_WORDS += [card.name for card in DECK]


def hidden_in(line: str, seeds: set[str]) -> list[str]:
    """What `line` gives away that a public message never may: a card (by its notation or
    its name), or a game's seed. The text counterpart of `assert_no_hand_in_public`, which
    checks that public messages carry no hand image or card select."""
    found = [word for word in re.findall(r"[A-Za-z0-9]+", line) if word in CARD_SIGNS]
    found += [words for words in CARD_WORDS if words in line]
    found += [seed for seed in seeds if seed in line]
    return found


class Lines(logging.Handler):
    """Every record, as the standard formatter writes it with its traceback: what reached
    logging, before any masking."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[tuple[int, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append((record.levelno, logging.Formatter().format(record)))


@pytest.fixture
def root_logging() -> Iterator[None]:
    """The root logger and discord.py's, as they were, after the test."""
    root, discord_log = logging.getLogger(), logging.getLogger("discord")
    handlers, levels = list(root.handlers), (root.level, discord_log.level)
    yield
    for handler in root.handlers:
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(levels[0])
    discord_log.setLevel(levels[1])


def json_lines(buffer: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in buffer.getvalue().splitlines()]


def test_a_json_line_says_where_it_happened(root_logging: None) -> None:
    buffer = io.StringIO()
    logs.configure("INFO", "json", stream=buffer)
    log = logging.getLogger("caravan.test")
    server = logs.bind(guild=7, shard=1)
    press = logs.bind(game=12, interaction=99)
    log.info("play by %s: %s", 5, "ok")
    try:
        raise ValueError("a broken thing")
    except ValueError:
        log.exception("it failed")
    logs.unbind(press)
    logs.unbind(server)
    log.warning("outside")
    log.debug("not at INFO")
    first, failed, outside = json_lines(buffer)
    assert first == {
        "time": first["time"],
        "level": "INFO",
        "logger": "caravan.test",
        "message": "play by 5: ok",
        "shard": 1,
        "guild": 7,
        "game": 12,
        "interaction": 99,
    }
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", first["time"])
    assert failed["level"] == "ERROR" and failed["message"] == "it failed"
    assert failed["exc"].startswith("Traceback") and "ValueError: a broken thing" in failed["exc"]
    assert outside == {k: outside[k] for k in ("time", "level", "logger", "message")}


def test_text_lines_stay_as_they_were(root_logging: None) -> None:
    buffer = io.StringIO()
    logs.configure("INFO", "text", stream=buffer)
    game = logs.bind(game=3)
    logging.getLogger("caravan.bot").info("game %s started in guild %s", 3, 9)
    logs.unbind(game)
    line = buffer.getvalue().strip()
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO    caravan\.bot: game 3 started in guild 9",
        line,
    ), line


def test_a_task_started_for_a_game_says_its_game_only() -> None:
    press = logs.bind(interaction=1, game=2, guild=3)
    context = logs.context_for(game=4, guild=3)
    assert context.run(logs.where) == {"game": 4, "guild": 3}
    assert logs.where() == {"interaction": 1, "game": 2, "guild": 3}
    logs.unbind(press)
    assert logs.where() == {}
    with pytest.raises(ValueError, match="log fields are"):
        logs.bind(player=5)


@pytest.mark.parametrize("form", logs.FORMATS)
def test_the_token_is_masked_wherever_it_would_appear(root_logging: None, form: str) -> None:
    buffer = io.StringIO()
    logs.configure("DEBUG", form, secrets=[SECRET, "pg-password"], stream=buffer)
    log = logging.getLogger("caravan.test")
    log.info("token %s", SECRET)
    log.info(f"in the text itself: {SECRET}, postgresql://bot:pg-password@db/caravan")
    try:
        raise RuntimeError(f"an error quoting {SECRET}")
    except RuntimeError:
        log.exception("failed with %r", {"token": SECRET})
    # the three shapes discord.py's DEBUG lines give an interaction's token
    log.debug(
        "POST https://discord.com/api/v10/interactions/1456074443980800022/"
        "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTA6c2VjcmV0/callback with {}"
    )
    log.debug(
        "PATCH https://discord.com/api/v10/webhooks/1234567890/"
        "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTA6c2VjcmV1/messages/@original"
    )
    log.debug(
        "For Shard ID 0: WebSocket Event: %s",
        {
            "t": "INTERACTION_CREATE",
            "d": {"token": "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTA6c2VjcmV2"},
        },
    )
    written = buffer.getvalue()
    assert SECRET not in written and "pg-password" not in written
    assert "aW50ZXJhY3Rpb246" not in written, "an interaction's token in a URL or payload"
    assert written.count(logs.MASK) >= 8
    assert "an error quoting ***" in written and "webhooks/1234567890/***" in written
    assert "interactions/1456074443980800022/***/callback" in written


def test_the_log_format_setting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # no developer's .env
    monkeypatch.setenv("CARAVAN_LOG_FORMAT", "JSON")
    assert load_settings().log_format == "json"
    monkeypatch.setenv("CARAVAN_LOG_FORMAT", "xml")
    with pytest.raises(SettingsError, match=r"CARAVAN_LOG_FORMAT is not valid .*text or json"):
        load_settings()


async def play_against_the_bot(t: Table, turns: int) -> Any:
    """Dana plays `turns` moves against the bot, which answers each (Carol looks on)."""
    dana = t.guild.add_member(t.env.create_user("Dana"))
    await dana.slash(t.channel, "caravan play-ai", difficulty="easy")
    thread = t.channel.threads[-1]
    rng = random.Random(4)
    for _ in range(turns):
        if f"<@{dana.id}>, your move" not in thread.history()[-1].content:
            await t.env.advance_time(2)  # the bot moved first, after its pause
        await play_turn(t, thread, rng, players=(dana,))
    return thread


async def test_a_days_play_logs_no_card_seed_or_token(tmp_path: Path, root_logging: None) -> None:
    buffer = io.StringIO()
    raw = Lines()  # before the bot's handler, whose filter masks the records it is given
    logging.getLogger().addHandler(raw)
    logs.configure("DEBUG", "json", secrets=[TOKEN], stream=buffer)
    async with opened(tmp_path, ai_workers=0, ai_pause_seconds=1.0) as t:
        new_vegas = await start(t)
        rng = random.Random(1)
        for _ in range(8):
            await play_turn(t, new_vegas, rng)
        refused = await t.carol.click(new_vegas.history()[-1], label="Resign")
        assert "not playing" in refused.response.content
        asked = await t.alice.slash(t.channel, "caravan challenge", opponent=t.bob, game="decktet")
        await t.bob.click(asked.response, label="Accept")
        decktet = t.channel.threads[-1]
        for _ in range(6):
            await play_decktet_turn(t, decktet, rng)
        against_bot = await play_against_the_bot(t, 3)
        for thread in (new_vegas, decktet, against_bot):
            assert_no_hand_in_public(t, thread)
        games = await t.env.bot.store.query("SELECT id, seed FROM games")
        seeds = {str(row["seed"]) for row in games}
        assert len(games) == 3
    logging.getLogger().removeHandler(raw)

    lines = json_lines(buffer)
    assert len(lines) == len(raw.lines) > 50
    shown = [line for line in lines if logging.getLevelName(line["level"]) >= logging.INFO]
    for line in shown:
        said = line["message"] + line.get("exc", "")
        assert not hidden_in(said, seeds), (hidden_in(said, seeds), line)
    assert TOKEN not in buffer.getvalue()
    assert not [line for _, line in raw.lines if TOKEN in line], "nothing logs the token"

    # each interaction's lines say where; the computer's moves say their game, not the press
    plays = [line for line in shown if re.match(r"hand by \d+: ok", line["message"])]
    assert plays and all({"interaction", "guild", "shard", "game"} <= set(p) for p in plays)
    assert {p["game"] for p in plays} == {row["id"] for row in games}
    bot_moves = [line for line in shown if line["message"].startswith("ai move in game")]
    assert bot_moves, [line["message"] for line in shown]
    for line in bot_moves:
        assert "interaction" not in line and f"ai move in game {line['game']}:" in line["message"]
