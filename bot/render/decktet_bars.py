"""Decktet Caravan's player bars, one a seat under the table's header
(`bot.render.decktet_table`): the name in the seat's colour, the WINNER mark at the end, who
led the hand while it is on; then hand size, cards collected and the running score, in
columns as wide as the reader's language needs, so they line up from bar to bar."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, Catalogue, Said, _, n_
from bot.render import style
from bot.render.decktet_cards import paste
from bot.render.style import BAND, BAR, INK, MUTED, SEAT_COLOURS
from engine.decktet import DecktetView

WIDTH = 960  # the table's canvas (as the New Vegas table)
MARGIN = 16
PLAYER = 62  # a bar's height
SCORE_W = 110  # the "score" label
COLLECTED_W = 200  # "36 collected"
IN_HAND_W = 190  # "15 in hand"
CHIP = 130  # the WINNER mark's word
LED = 170  # "led this hand", beside the name
NAME_MIN = 140  # the room a name keeps before the WINNER mark or "led this hand" is shortened


def draw_player(
    image: Image.Image,
    view: DecktetView,
    names: Mapping[str, str],
    seat: str,
    top: int,
    words: Catalogue = ENGLISH,
) -> None:
    """A player's bar: the name in the seat's colour, the WINNER mark in it at the end (as on
    the New Vegas table), who led the hand while it is on; then hand size, cards collected
    and the running score, in columns that line up from bar to bar."""
    draw = ImageDraw.Draw(image)
    index = "AB".index(seat)
    middle = top + PLAYER / 2
    colour = SEAT_COLOURS[seat]
    over = view.phase == "over"
    draw.rectangle((0, top, WIDTH, top + PLAYER - 2), fill=BAND)
    draw.rectangle((0, top, 6, top + PLAYER - 2), fill=colour)
    if not over and view.turn == seat:
        draw.polygon([(14, middle - 11), (27, middle), (14, middle + 11)], fill=colour)
    score = style.fit(words.say(_("score")), 17, SCORE_W, False)
    collected_w = min(COLLECTED_W, _widest(words, _collected, COLLECTED_COUNTS))
    in_hand_w = min(IN_HAND_W, _widest(words, _in_hand, HAND_COUNTS))
    score_x, collected_x, hand_x, name_end = _columns(
        style.length(score, 17, False), collected_w, in_hand_w
    )
    style.text(image, (WIDTH - MARGIN, middle), str(view.running[index]), 30, colour, "rm")
    style.text(image, (score_x, middle + 1), score, 17, MUTED, "rm", bold=False)
    collected = words.say(_collected(len(view.collected[index])))
    collected = style.fit(collected, 19, math.ceil(collected_w))
    style.text(image, (collected_x, middle), collected, 19, INK, "rm")
    paste(image, None, hand_x, top + 10, 30)
    in_hand = style.fit(words.say(_in_hand(view.hand_sizes[index])), 19, math.ceil(in_hand_w))
    style.text(image, (hand_x + 40, middle), in_hand, 19, INK)
    led = words.say(_("led this hand")) if view.leader == seat and not over else ""
    led = style.fit(led, 17, LED, False) if led else ""
    led_w = style.length(led, 17, False) + 20 if led else 0
    winner = over and view.winner == seat
    name = player_name(names[seat], seat, words)
    kept = min(style.length(name, 24), NAME_MIN)  # the name's room before the words shrink
    mark = style.fit(words.say(_("WINNER")), 17, int(max(40, min(CHIP, name_end - 74 - kept))))
    chip_w = style.length(mark, 17) + 22
    total = name_end - 36 - (chip_w + 16 if winner else 0)  # the name's and led's room
    name = style.fit(name, 24, int(min(total, max(total - led_w, kept))))
    if led and style.length(name, 24) + led_w > total:  # a long name and long words
        room = int(total - style.length(name, 24) - 20)
        led = style.fit(led, 17, room, False) if room >= 60 else ""
    x = style.text(image, (36, middle), name, 24, colour)
    if winner:
        left = x + 16
        draw.rounded_rectangle((left, middle - 15, left + chip_w, middle + 15), 7, fill=colour)
        style.text(image, (left + chip_w / 2, middle), mark, 17, BAR, "mm")
        x = left + chip_w
    if led:
        style.text(image, (x + 20, middle + 1), led, 17, MUTED, bold=False)


def player_name(name: str, seat: str, words: Catalogue) -> str:
    """A player's name as the font can draw it; "Player A" for a name it cannot draw at
    all (emoji only, say)."""
    return style.drawable(name) or words.say(_("Player {seat}", seat=seat))


def _collected(count: int) -> Said:
    return n_("{count} collected", "{count} collected", count)


def _in_hand(count: int) -> Said:
    return n_("{count} in hand", "{count} in hand", count)


# Counts whose words are measured for the bars' columns: the largest there can be, and
# two-digit ones that take each plural form (Polish and Russian have three).
COLLECTED_COUNTS = (36, 21, 22, 25, 12)
HAND_COUNTS = (15, 11, 12, 13, 14)


def _widest(words: Catalogue, said: Callable[[int], Said], counts: tuple[int, ...]) -> float:
    """How wide the widest of `said` for `counts` is in `words`' language (all its plural
    forms are measured: they differ in length)."""
    return max(style.length(words.say(said(count)), 19) for count in counts)


@cache
def _columns(score_w: float, collected_w: float, in_hand_w: float) -> tuple[float, float, int, int]:
    """The bars' columns, from the right edge, each as wide as its widest text (the words
    as the reader's language says them): where the "score" label and the cards collected
    end, where the hand's icon starts, where the name's room ends."""
    score = WIDTH - MARGIN - style.length("\u2212188", 30) - 10
    at = score - score_w - 28
    hand = round(at - collected_w - 28 - in_hand_w)
    hand -= 40  # the hand's icon, left of its size
    return score, at, hand, hand - 24
