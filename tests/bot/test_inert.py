"""Member text made inert (`bot.inert`), the pace limits (`bot.pace`) and the declared bounds
of every option, without Discord; end to end through SimCord in `test_hostile.py`."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.app import create_bot
from bot.errors import BadDeck, NotFound
from bot.inert import NAME_LENGTH, md, plain, quote
from bot.pace import Pace, Window
from bot.service import GameService
from bot.simulate import settings as bot_settings
from tests.bot.conftest import Clock

# Pieces a hostile member puts in a name or an option: mentions, markdown, links, control,
# format and combining characters, emoji, long runs.
HOSTILE = [
    "<@123456789012345678>",
    "<@!123456789012345678>",
    "<@&123456789012345678>",
    "@everyone",
    "@here",
    "**",
    "__",
    "~~",
    "`",
    "```",
    "||",
    "# ",
    "- ",
    "> ",
    "1. ",
    "[x](https://evil.example)",
    "https://evil.example/a_b",
    "<#123456789012345678>",
    "</caravan challenge:123456789012345678>",
    "<t:0:R>",
    "<:e:123456789012345678>",
    "\u202e",
    "\u2066",
    "\u200b",
    "\u200d",
    "\ufeff",
    "\u0301" * 6,
    "\n",
    "\r\n",
    "\t",
    "\x00",
    "\U0001f642",
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",
    "\\",
    "*",
    "_",
    "|",
    "\uff37" * 40,
    "x" * 300,
]
hostile = st.lists(
    st.one_of(st.sampled_from(HOSTILE), st.text(min_size=1, max_size=4)), min_size=1, max_size=8
).map("".join)

# What Discord reads as a mention, a link or formatting, unescaped (a backslash before it
# makes it text).
UNESCAPED = re.compile(
    r"(?<!\\)(<(?![\\])|@(?:everyone|here)|\*|_|~|`|\||\[|https?:|^#|^-|^>)", re.MULTILINE
)


@given(hostile)
@settings(max_examples=300)
def test_a_plain_name_has_no_control_or_format_characters_and_fits(text: str) -> None:
    name = plain(text)
    assert 1 <= len(name) <= NAME_LENGTH
    assert name == name.strip() and "  " not in name
    assert not any(unicodedata.category(c)[0] == "C" for c in name)
    run = 0
    for char in name:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        assert run <= 2, "at most two combining marks on a letter"


@given(hostile)
@settings(max_examples=300)
def test_an_escaped_name_formats_nothing_and_mentions_nobody(text: str) -> None:
    shown = md(plain(text))
    assert not UNESCAPED.search(shown), shown
    assert not re.search(r"(?<!\\)<@", shown) and "<@" not in shown.replace("\\<\\@", "")


def test_escapes_read_as_typed() -> None:
    assert md("**Bob**") == r"\*\*Bob\*\*"
    assert md("<@123>") == r"\<\@123\>"
    assert md("1. first") == r"1\. first"
    assert md("https://x") == r"https\://x"
    assert md("Alice") == "Alice" and md("Zoë Ärtz") == "Zoë Ärtz"


def test_plain_keeps_ordinary_names_and_cuts_long_ones() -> None:
    assert plain("Alice") == "Alice"
    assert plain("  Jean   Luc ") == "Jean Luc"
    assert plain("\u202e\u200b") == "Player"
    assert plain("\U0001f642\U0001f642") == "\U0001f642\U0001f642"
    long = plain("x" * 100)
    assert len(long) == NAME_LENGTH and long.endswith("\u2026")


@given(st.text(max_size=6000))
@settings(max_examples=100)
def test_a_quote_is_short_whatever_it_quotes(text: str) -> None:
    assert len(quote(text)) <= 2 * 40 + 2


def test_a_window_allows_so_many_in_its_time_then_again() -> None:
    clock = Clock()
    window = Window(5, 1.0, clock)
    assert all(window.allow(1) for _ in range(5))
    assert not window.allow(1), "the sixth in the same second"
    assert window.allow(2), "another member is not held up"
    clock.advance(1.0)
    assert window.allow(1)


def test_a_window_forgets_idle_members() -> None:
    clock = Clock()
    window = Window(5, 1.0, clock)
    for member in range(1000):
        window.allow(member)
    clock.advance(11.0)
    window.allow(1)
    assert len(window) == 1


def test_pace_counts_challenges_apart_from_presses() -> None:
    clock = Clock()
    pace = Pace(5, 10, clock)
    for _ in range(10):
        assert pace.allow(1, "challenge")
        clock.advance(1.0)
    assert not pace.allow(1, "challenge"), "the eleventh challenge within a minute"
    assert pace.allow(1, "hand"), "other presses still go through"
    clock.advance(60.0)
    assert pace.allow(1, "rematch")


def test_every_option_declares_its_bounds(tmp_path: Path) -> None:
    """Every text option has a max_length and every number a min and max (or a fixed list
    of choices), so Discord refuses what is out of them before it reaches the bot."""
    bot = create_bot(bot_settings(tmp_path / "caravan.db"))
    from bot.commands import AdminCommands, CaravanCommands

    checked = 0

    def options_of(payload: dict[str, object]) -> list[dict[str, object]]:
        found: list[dict[str, object]] = []
        for option in payload.get("options", []):  # type: ignore[attr-defined]
            if option["type"] in (1, 2):  # a subcommand or a group
                found += options_of(option)
            else:
                found.append(option)
        return found

    for group in (CaravanCommands(bot), AdminCommands(bot)):
        for option in options_of(group.to_dict(bot.tree)):
            if option.get("choices"):
                continue  # Discord takes only a listed value
            if option["type"] == 3:  # string
                assert option.get("max_length"), option["name"]
                checked += 1
            elif option["type"] == 4:  # integer
                assert "min_value" in option and "max_value" in option, option["name"]
                checked += 1
    assert checked >= 10


async def test_answers_quote_long_option_values_short(service: GameService) -> None:
    """What arrives past the declared bounds still gets a short answer."""
    long = "<@123456789012345678>" + "x" * 6000
    for attempt in (
        service.ledger.deck(1, long),
        service.ledger.delete_deck(1, long),
        service.ledger.save_deck(1, long, "Ah"),
        service.ledger.save_deck(1, "mine", "Ah " + long),
    ):
        with pytest.raises((NotFound, BadDeck)) as refused:
            await attempt
        assert len(str(refused.value)) < 300 and "<@" not in str(refused.value)


async def test_deck_names_are_kept_plain(service: GameService) -> None:
    deck = await service.ledger.save_deck(1, "\u202eMy\u200b  deck\n", FULL)
    assert deck.name == "My deck"
    assert (await service.ledger.deck(1, "My deck")).name == "My deck"


FULL = " ".join(f"{r}{s}" for s in "cdhs" for r in "A23456789TJQK")


async def test_a_second_rematch_is_refused_until_the_first_is_answered(
    service: GameService,
) -> None:
    from bot.errors import ChallengeRefused

    first = await service.openings.create_challenge(1, 2, 10, 20)
    info = await service.openings.accept(first.id, 20)
    await service.resign(info.id, 10)
    offered = await service.openings.create_challenge(1, 2, 10, 20, rematch_of=info.id)
    for asker, other in ((10, 20), (20, 10)):
        with pytest.raises(ChallengeRefused, match="already waiting"):
            await service.openings.create_challenge(1, 2, asker, other, rematch_of=info.id)
    await service.openings.decline(offered.id, 20)
    again = await service.openings.create_challenge(1, 2, 20, 10, rematch_of=info.id)
    rematch = await service.openings.accept(again.id, 10)
    with pytest.raises(ChallengeRefused, match=f"is being played now: game #{rematch.id}"):
        await service.openings.create_challenge(1, 2, 10, 20, rematch_of=info.id)
    await service.resign(rematch.id, 20)
    with pytest.raises(ChallengeRefused, match=f"was already played: game #{rematch.id}"):
        await service.openings.create_challenge(1, 2, 10, 20, rematch_of=info.id)


def test_a_name_the_font_cannot_draw_is_a_seat_in_the_image() -> None:
    from bot.render.style import pictured

    drawn = pictured({"A": "\U0001f642\U0001f642", "B": "Bob \U0001f642"})
    assert drawn == {"A": "Player A", "B": "Bob"}
