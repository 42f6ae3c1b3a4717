"""The tournament pictures (`bot.render.events`): the standings table and the knockout
bracket, with the longest names, the most entrants, byes and withdrawals."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.events import (
    BOX_H,
    BOX_W,
    GAP,
    HEAD,
    MOST_ROWS,
    ROW,
    WIDTH,
    bracket_png,
    round_name,
    standings_png,
)
from bot.render.style import BAND, FELT
from bot.tournament import knockout
from bot.tournament.records import Board, Entrant, Event, Tournament

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
