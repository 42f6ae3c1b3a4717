"""The tournament pictures (`bot.render.events`): the standings table and the knockout
bracket, with the longest names, the most entrants, byes and withdrawals; their words said
in the language they are given."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from bot.i18n import ENGLISH, Catalogue
from bot.render import events as drawing
from bot.render.events import (
    BOX_H,
    BOX_W,
    GAP,
    HEAD,
    MOST_ROWS,
    ROW,
    WIDTH,
    bracket_png,
    ranking_png,
    round_name,
    standings_png,
)
from bot.render.style import BAND, FELT
from bot.tournament import knockout
from bot.tournament.records import Board, Entrant, Event, Tournament
from tests.bot.standins import MARKING

LONG = "W" * 32  # the widest name a member can have


def event(
    format: str, players: int, boards: list[Board], left: dict[int, int] | None = None
) -> Event:
    tournament = Tournament(
        id=1,
        guild_id=1,
        channel_id=1,
        message_id=None,
        organiser_id=1,
        name=LONG + " Invitational",
        format=format,
        game="new-vegas",
        rules="{}",
        turn_seconds=3600,
        rounds=3,
        max_entrants=256,
        rated=True,
        starts_at=None,
        status="running",
        round=max((b.round for b in boards), default=1),
        reason=None,
        version=1,
        created_at=0.0,
        started_at=0.0,
        finished_at=None,
    )
    left = left or {}
    entrants = tuple(
        Entrant(p, 0.0, p, left.get(p), "withdrew" if p in left else None)
        for p in range(1, players + 1)
    )
    return Event(tournament, entrants, tuple(boards))


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def test_the_last_rounds_are_named() -> None:
    assert [round_name(c, 4) for c in range(3)] == ["Quarter-finals", "Semi-finals", "Final"]
    assert [round_name(c, 16) for c in range(5)] == [
        "Round 1",
        "Round 2",
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]
    assert round_name(0, 1) == "Final"


def test_the_standings_keep_the_longest_names_out_of_the_numbers() -> None:
    players = 64
    boards = [Board(1, b, 2 * b - 1, 2 * b, 10 + b, 1.0, False) for b in range(1, 33)]
    shown = event("swiss", players, boards, left={64: 1})
    names = {p: LONG for p in range(1, players + 1)}
    image = picture(standings_png(shown, shown.standings(), names))
    assert image.width == WIDTH
    assert image.height == HEAD + ROW * (MOST_ROWS + 2) + 12, "40 rows, then 'and 24 more'"
    # between the name column's end and the points column's figures: only the background
    points_right = WIDTH - 20 - 80 * 3
    for row in range(1, MOST_ROWS + 1):
        top = HEAD + ROW * row
        for x in range(points_right - 80, points_right - 40):
            for y in range(top + 4, top + ROW - 4, 3):
                assert image.getpixel((x, y)) in (FELT, BAND), (row, x, y)


def test_the_bracket_has_a_column_a_round_and_draws_byes() -> None:
    players = 6  # a bracket of 8: the top two seeds have byes
    seeds = list(range(1, players + 1))
    boards = [Board(1, 1, 3, 6, 11, 1.0, False), Board(1, 2, 4, 5, 12, 0.0, False)]
    shown = event("knockout", players, boards)
    bracket = knockout(seeds, shown.history)
    assert len(bracket.rounds) == 2, "round 1 decided, round 2 paired"
    image = picture(bracket_png(shown, bracket, {p: LONG for p in seeds}))
    assert image.width == WIDTH, "three columns: the semi-finals and the final to come"
    assert image.height == HEAD + 40 + 4 * (BOX_H + GAP) + 20
    # the final is an empty box to come: outlined, nothing written in it
    final_x = 20 + 2 * (BOX_W + 40)
    slot = BOX_H + GAP
    box_top = HEAD + 30 + (4 * slot - BOX_H) / 2
    inside = image.crop(
        (final_x + 6, int(box_top) + 6, final_x + BOX_W - 6, int(box_top) + BOX_H - 6)
    )
    assert inside.getcolors() == [(inside.width * inside.height, FELT)]
    assert image.getpixel((final_x, int(box_top + BOX_H / 2))) != FELT, "its outline"


# ----- their words, in the language given -----------------------------------------------------


LONGER = Catalogue(  # a stand-in language whose words are longer than the English
    "xx",
    {
        (None, "Swiss · after round {round}"): "Schweizer System · nach der Runde {round}",
        (None, "Player"): "Spielerin oder Spieler",
        (None, "Points"): "Punkte",
        (None, "BH-1"): "Buchholz",
        (None, "{player} (withdrew)"): "{player} (zurückgezogen)",
        (None, "and {count} more"): ("und {count} weitere", "und {count} weitere"),
    },
    lambda n: int(n != 1),
)


NAMES = ("P", "W")  # the drawn texts that are names: the players' (P1...), the event's (WWW...)


def drawn_words(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the pictures draw from now on (names and figures too)."""
    drawn: list[str] = []
    draw = drawing.text

    def recording(image: Image.Image, at: Any, words: str, *args: Any, **kwargs: Any) -> float:
        drawn.append(words)
        return draw(image, at, words, *args, **kwargs)

    monkeypatch.setattr(drawing, "text", recording)
    return drawn


def swiss(players: int = 44) -> Event:
    boards = [Board(1, b, 2 * b - 1, 2 * b, 10 + b, 1.0, False) for b in range(1, players // 2)]
    return event("swiss", players, boards, left={players: 1})


def test_the_standings_are_drawn_in_the_language_given(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = swiss()
    names = {p: f"P{p}" for p in range(1, 45)}
    english = standings_png(shown, shown.standings(), names)
    assert standings_png(shown, shown.standings(), names, words=ENGLISH) == english
    longer = picture(standings_png(shown, shown.standings(), names, words=LONGER))
    before = picture(english)
    assert longer.size == before.size
    title = (0, 30, WIDTH, HEAD)  # the subtitle: "Swiss · after round 1"
    headings = (0, HEAD, WIDTH, HEAD + ROW)  # Player, Points, the tie-breaks
    last = (0, HEAD + ROW * (MOST_ROWS + 1), WIDTH, HEAD + ROW * (MOST_ROWS + 2))  # and 4 more
    for box in (title, headings, last):
        assert longer.crop(box).tobytes() != before.crop(box).tobytes(), box
    drawn = drawn_words(monkeypatch)
    standings_png(shown, shown.standings(), names, words=MARKING)
    words = {w for w in drawn if any(c.isalpha() for c in w) and not w.startswith(NAMES)}
    assert words == {
        "«Swiss · after round 1»",
        "«Player»",
        "«Points»",
        "«BH-1»",
        "«SB»",
        "«DE»",
        "«and 4 more»",
    }, words


def test_the_standings_say_their_state_and_withdrawals(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = drawn_words(monkeypatch)
    boards = [Board(1, 1, 1, 2, 11, 1.0, False), Board(1, 2, 3, None, None, 1.0, False)]
    shown = event("round-robin", 3, boards, left={2: 1})
    standings_png(shown, shown.standings(), {1: "Ann"}, words=MARKING)
    assert "«Round robin · after round 1»" in drawn
    assert "««a member» (withdrew)»" in drawn, drawn
    assert "«DE»" in drawn or "«SB»" in drawn  # its tie-breaks' headings
    drawn.clear()
    finished = replace(shown, tournament=replace(shown.tournament, status="finished"))
    standings_png(finished, finished.standings(), {1: "Ann"})
    assert "Round robin · final standings" in drawn


def test_the_bracket_is_drawn_in_the_language_given(monkeypatch: pytest.MonkeyPatch) -> None:
    players = 6
    seeds = list(range(1, players + 1))
    boards = [Board(1, 1, 3, 6, 11, 1.0, False), Board(1, 2, 4, 5, 12, None, False)]
    shown = event("knockout", players, boards)
    bracket = knockout(seeds, shown.history)
    names = {p: f"P{p}" for p in seeds[:-1]}
    english = bracket_png(shown, bracket, names)
    assert bracket_png(shown, bracket, names, words=ENGLISH) == english
    drawn = drawn_words(monkeypatch)
    bracket_png(shown, bracket, names, words=MARKING)
    words = [w for w in drawn if any(c.isalpha() for c in w) and not w.startswith(NAMES)]
    assert "«Knockout · round 1 being played»" in words
    assert {"«Quarter-finals»", "«Semi-finals»", "«Final»"} <= set(words)
    assert {"«a bye»", "«a member»"} <= set(words), words
    assert all(w.startswith("«") for w in words), words
    assert round_name(0, 16, MARKING) == "«Round 1»"


def test_a_ranking_is_drawn_in_the_language_given(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = drawn_words(monkeypatch)
    rows = [(1, "Ann", "1510", "3-1-0"), (2, "", "1490", "1-3-0")]
    ranking_png("", "the final top ten", rows, words=MARKING)
    assert {"«Season»", "«Player»", "«Rating»", "«W-L-D»", "«a member»"} <= set(drawn), drawn


def test_the_standings_posted_as_a_round_begins_say_the_rounds_they_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = drawn_words(monkeypatch)
    boards = [
        Board(1, 1, 1, 2, 11, 1.0, False),
        Board(1, 2, 3, 4, 12, 0.0, False),
        Board(1, 3, 5, None, None, 1.0, False),
        Board(2, 1, 1, 4, 13, None, False),  # round 2 begins: its bye is settled at once
        Board(2, 2, 2, 5, 14, None, False),
        Board(2, 3, 3, None, None, 1.0, False),
    ]
    begun = event("swiss", 5, boards)
    standings_png(begun, begun.standings(), {1: "Ann"})
    assert "Swiss · after round 1" in drawn and "after round 2" not in " ".join(drawn)
    assert {r.player: r.points for r in begun.standings()}[3] == 0, "round 2's bye not counted"
