"""Decktet Caravan's images: the table everyone sees and the hand only its owner sees,
drawn from a `DecktetView` (so nothing a seat may not see can be drawn).

The table, top to bottom: a header (the game, the hand's number, whose move it is); one bar
per player (name, the WINNER mark at the end, who led the hand while it is on, hand size,
cards collected, running score); the hand's two indicators with what they score, beside
this season's plays stacked oldest first (the newest framed, each wild tagged with the rank
it stands for); a footer with the result in the winner's colour, then the last play in
words or the hand's score breakdown, wrapped onto as many lines as it takes (never cut).
The winner's name, colour and mark agree, as on the New Vegas table.

Laid out for the 550 pixels Discord shows inline: the canvas is 960 wide (as the New Vegas
table), so everything here is 0.57 times as large there. A card in a play is 100 pixels wide
(57 at 550) and each overlapped card shows its corner index (rank and suit signs, about 10
pixels at 550). The season is as tall as the plays it shows (older plays tucked under the
next, their top 100 pixels showing), so the image grows with the season instead of keeping
room for five plays; the footer grows with its words.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from bot.render import style
from bot.render.decktet_art import DECKTET_DIR, file_name
from bot.render.style import (
    AMBER,
    BAND,
    BAR,
    FELT,
    INK,
    MUTED,
    OVER,
    SEAT_COLOURS,
    SELL,
    Colour,
)
from engine.decktet import DCard, DecktetEvent, DecktetView, HandResult, Play
from engine.decktet.cards import SUIT_NAMES

WIDTH = 960
MARGIN = 16
HEADER = 48
PLAYER = 62
SIDE = 250  # the indicators' column
MINI_W, MINI_H = 100, 140  # cards in the season's plays: 57 pixels wide at 550
OVERLAP = 42  # what shows of an overlapped card: its corner index, and a wild's rank tag
ROW = MINI_H + 16
TUCKED = 100  # how much of an older play's cards shows: the corner index and more
FADE = 14  # the rows over which a tucked card fades out
OLDER = TUCKED + 12
ROWS = 5  # plays shown; earlier ones are counted
IND_W, IND_H = 100, 140
HEADING = 34  # a column's heading, above its cards
TEXT = 18  # the footer's words: 10 pixels at 550
RESULT = 24  # the result's line


@cache
def card_art(card: DCard | None, width: int, tone: str = "plain") -> Image.Image:
    """A card (its back for None) at `width`, RGBA, loaded and scaled once; "dim" darkens."""
    name = "back.png" if card is None else file_name(card)
    with Image.open(DECKTET_DIR / name) as art:
        image = art.convert("RGBA")
    image = image.resize((width, round(width * 1.4)), Image.Resampling.LANCZOS)
    if tone == "dim":
        alpha = image.getchannel("A")
        image = Image.merge(
            "RGBA", [*image.convert("RGB").point(lambda v: v * 45 // 100).split(), alpha]
        )
    return image


@cache
def tucked(card: DCard, shown: int) -> Image.Image:
    """A card of a play: all of it, or (an older play, tucked under the next) its top
    `shown` pixels, fading out over the last few."""
    art = card_art(card, MINI_W)
    if shown >= MINI_H:
        return art
    art = art.crop((0, 0, MINI_W, shown))
    fade = Image.new("L", art.size, 255)
    draw = ImageDraw.Draw(fade)
    for row in range(FADE):
        draw.line((0, shown - FADE + row, MINI_W, shown - FADE + row), fill=255 - 255 * row // FADE)
    art.putalpha(ImageChops.multiply(art.getchannel("A"), fade))
    return art


def paste(
    canvas: Image.Image, card: DCard | None, x: int, y: int, width: int, tone: str = "plain"
) -> None:
    art = card_art(card, width, tone)
    canvas.paste(art, (x, y), art)


def indicator_words(card: DCard) -> str:
    sign = "+1" if card.is_crown else "\u22121"
    return f"{sign} per {SUIT_NAMES[card.suits[0]]} card"


def draw_play(
    canvas: Image.Image, play: Play, x: int, y: int, step: int = OVERLAP, shown: int = MINI_H
) -> int:
    """`play`'s cards overlapping from (x, y), each wild in a caravan tagged with its
    rank; only the top `shown` pixels of each card (an older play, tucked under the next);
    returns the x after the last card."""
    draw = ImageDraw.Draw(canvas)
    for i, card in enumerate(play.cards):
        left = x + i * step
        art = tucked(card, shown)
        canvas.paste(art, (left, y), art)
        if card.is_wild and play.ranks:
            tag = (left + 3, y + shown - 34, left + step - 5, y + shown - 5)
            draw.rounded_rectangle(tag, 6, fill=AMBER)
            centre = ((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2)
            style.text(canvas, centre, str(play.ranks[i]), 21, BAR, "mm")
    return x + (len(play.cards) - 1) * step + MINI_W


def hand_lines(result: HandResult, names: Mapping[str, str]) -> list[str]:
    """A hand's score in two short lines."""
    parts = []
    for i, seat in enumerate("AB"):
        bits = [f"collected {result.collected[i]} ({result.collected_points[i]:+d})"]
        if result.out == seat:
            bits.append(f"went out ({result.out_points[i]:+d})")
        parts.append(f"{names[seat]}: {', '.join(bits)} = {result.points[i]:+d}")
    totals = f"Totals: {names['A']} {result.totals[0]}, {names['B']} {result.totals[1]}"
    return [f"Hand {result.number}: " + "; ".join(parts), totals]


Line = tuple[str, int, Colour, bool]  # words, size, colour, bold


def caption(
    view: DecktetView,
    names: Mapping[str, str],
    event: DecktetEvent | None,
    note: str,
    final: str | None,
) -> list[Line]:
    """The footer's lines, each within the canvas: the result in the winner's colour (the
    ink for a draw or no result), then the hand's score when a hand has just ended, else
    `note`. Long texts take more lines; nothing is cut."""
    room = WIDTH - 2 * MARGIN
    lines: list[Line] = []
    if final:
        colour = SEAT_COLOURS.get(view.winner or "", INK)
        lines += [(line, RESULT, colour, True) for line in _wrapped(final, RESULT, room, True)]
    if event is not None and event.hand_end is not None:
        for text in hand_lines(event.hand_end, names):
            lines += [(line, TEXT, INK, True) for line in _wrapped(text, TEXT, room, True)]
    elif note and note != final:
        lines += [(line, TEXT, INK, False) for line in _wrapped(note, TEXT, room, False)]
    return lines


def _wrapped(text: str, size: int, width: int, bold: bool) -> list[str]:
    """`text` broken at spaces into lines of `width` pixels, as many as it takes (only a
    single word wider than the canvas, which no caption has, would be shortened)."""
    return style.wrap(text, size, width, len(text), bold)


def _line_height(size: int) -> int:
    return round(size * 1.4)


def draw_table(
    view: DecktetView,
    names: Mapping[str, str],
    event: DecktetEvent | None = None,
    note: str = "",
    final: str | None = None,
) -> Image.Image:
    plays = list(view.season)
    ended = event.season_end if event is not None and not plays else None
    shown = min(len(plays), ROWS) if ended is None else 1
    season_h = HEADING + ROW + (max(shown, 1) - 1) * OLDER if shown or ended else HEADING
    indicators_h = HEADING + IND_H + 14 + 2 * _line_height(17)
    body = HEADER + 2 * PLAYER
    lines = caption(view, names, event, note, final)
    footer = 24 + sum(_line_height(size) for _, size, _, _ in lines)
    height = body + 10 + max(season_h, indicators_h) + 10 + footer
    image = Image.new("RGB", (WIDTH, height), FELT)
    _header(image, view, names)
    for i, seat in enumerate("AB"):
        _player(image, view, names, seat, HEADER + i * PLAYER)
    _indicators(image, view, body + 10)
    _season(image, view, names, event, body + 10, height - footer - 10)
    _footer(image, lines, height - footer)
    return image


def _header(image: Image.Image, view: DecktetView, names: Mapping[str, str]) -> None:
    ImageDraw.Draw(image).rectangle((0, 0, WIDTH, HEADER), fill=BAR)
    title = f"DECKTET CARAVAN \u00b7 hand {view.hand_number} of {view.rules.hands}"
    end = style.text(image, (MARGIN, HEADER / 2), title, 21, INK)
    status = "game over" if view.phase == "over" else f"{names[view.turn]} to play"
    room = int(WIDTH - MARGIN - end - 40)
    style.text(image, (WIDTH - MARGIN, HEADER / 2), style.fit(status, 19, room), 19, MUTED, "rm")


def _player(
    image: Image.Image, view: DecktetView, names: Mapping[str, str], seat: str, top: int
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
    score_x, collected_x, hand_x, name_end = _columns()
    style.text(image, (WIDTH - MARGIN, middle), str(view.running[index]), 30, colour, "rm")
    style.text(image, (score_x, middle + 1), "score", 17, MUTED, "rm", bold=False)
    collected = f"{len(view.collected[index])} collected"
    style.text(image, (collected_x, middle), collected, 19, INK, "rm")
    paste(image, None, hand_x, top + 10, 30)
    style.text(image, (hand_x + 40, middle), f"{view.hand_sizes[index]} in hand", 19, INK)
    led = "led this hand" if view.leader == seat and not over else ""
    led_w = style.length(led, 17, False) + 20 if led else 0
    winner = over and view.winner == seat
    chip_w = style.length("WINNER", 17) + 22
    room = int(name_end - 36 - led_w - (chip_w + 16 if winner else 0))
    name = style.fit(style.drawable(names[seat]) or f"Player {seat}", 24, room)
    x = style.text(image, (36, middle), name, 24, colour)
    if winner:
        left = x + 16
        draw.rounded_rectangle((left, middle - 15, left + chip_w, middle + 15), 7, fill=colour)
        style.text(image, (left + chip_w / 2, middle), "WINNER", 17, BAR, "mm")
        x = left + chip_w
    if led:
        style.text(image, (x + 20, middle + 1), led, 17, MUTED, bold=False)


@cache
def _columns() -> tuple[float, float, int, int]:
    """The bars' columns, from the right edge, each as wide as its widest text: where the
    "score" label and the cards collected end, where the hand's icon starts, where the
    name's room ends."""
    score = WIDTH - MARGIN - style.length("\u2212188", 30) - 10
    collected = score - style.length("score", 17, False) - 28
    hand = round(collected - style.length("36 collected", 19) - 28 - style.length("15 in hand", 19))
    hand -= 40  # the hand's icon, left of its size
    return score, collected, hand, hand - 24


def _indicators(image: Image.Image, view: DecktetView, top: int) -> None:
    style.text(image, (MARGIN, top + HEADING / 2), "INDICATORS", 17, MUTED)
    for j, card in enumerate(view.indicators):
        x = MARGIN + j * (IND_W + 18)
        paste(image, card, x, top + HEADING, IND_W)
        tint = SELL if card.is_crown else OVER
        words = style.wrap(indicator_words(card), 17, IND_W + 16, 2, bold=False)
        for k, line in enumerate(words):
            y = top + HEADING + IND_H + 14 + k * _line_height(17)
            style.text(image, (x, y), line, 17, tint, bold=False)


def _season(
    image: Image.Image,
    view: DecktetView,
    names: Mapping[str, str],
    event: DecktetEvent | None,
    top: int,
    bottom: int,
) -> None:
    """This season's plays, oldest first, the newest framed in its player's colour; or,
    just after a season ended, the cards its collector took."""
    draw = ImageDraw.Draw(image)
    left = SIDE + 20
    right = WIDTH - MARGIN
    draw.line((SIDE, top, SIDE, bottom), fill=BAND, width=2)
    plays = list(view.season)
    ended = event.season_end if event is not None and not plays else None
    heading, tint = "THIS SEASON" if plays else "THIS SEASON: nothing played yet", MUTED
    if ended is not None:  # the season just ended: show what was collected
        heading = f"LAST SEASON: {names[ended.collector]} collected these"
        if event is not None and event.hand_end is not None and view.phase != "over":
            heading = f"HAND {event.hand_end.number} OVER: {names[ended.collector]} collected"
            heading += " its last season"
        count = len(ended.cards)
        step = min(OVERLAP, (right - left - MINI_W) // max(1, count - 1))
        for i, card in enumerate(ended.cards):
            paste(image, card, left + i * step, top + HEADING, MINI_W)
    if view.went_out:
        heading = f"{names[view.went_out]} went out: one last reply"
        tint = SEAT_COLOURS[view.went_out]
    hidden = max(0, len(plays) - ROWS)
    if hidden:
        heading += f" \u00b7 {hidden} earlier play{'s' * (hidden != 1)} not shown"
    style.text(image, (left, top + HEADING / 2), style.fit(heading, 17, right - left), 17, tint)
    for r, (seat, play) in enumerate(plays[hidden:]):
        y = top + HEADING + r * OLDER
        newest = r == len(plays) - hidden - 1
        colour = SEAT_COLOURS[seat]
        if newest:
            frame = (left - 8, y - 6, right, y + MINI_H + 6)
            draw.rounded_rectangle(frame, 8, outline=colour, width=3)
        height = MINI_H if newest else TUCKED
        end = draw_play(image, play, left, y, shown=height)
        room = right - end - 30
        name = style.fit(style.drawable(names[seat]) or f"Player {seat}", 19, room)
        said = _play_lines(play.words(), 21, room)
        first = y + height / 2 - len(said) * 13
        style.text(image, (end + 18, first), name, 19, colour)
        for k, line in enumerate(said):
            style.text(image, (end + 18, first + 28 + k * 27), line, 21, INK if newest else MUTED)


def _play_lines(words: str, size: int, width: int) -> list[str]:
    """A play's words beside its cards: one line if they fit, else broken after the comma
    first ("a caravan of 8," / "2 to 9"), at most three lines."""
    if style.length(words, size) <= width:
        return [words]
    head, comma, tail = words.partition(", ")
    parts = [head + comma.strip(), tail] if comma else [words]
    return [line for part in parts for line in style.wrap(part, size, width, 2)][:3]


def _footer(image: Image.Image, lines: list[Line], top: int) -> None:
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, top, WIDTH, image.height), fill=BAR)
    y = top + 12
    for words, size, colour, bold in lines:
        height = _line_height(size)
        style.text(image, (MARGIN, y + height / 2), words, size, colour, bold=bold)
        y += height


def render_table(
    view: DecktetView,
    names: Mapping[str, str],
    event: DecktetEvent | None = None,
    note: str = "",
    final: str | None = None,
) -> bytes:
    return style.encode(draw_table(view, names, event, note, final))


HAND_W = 84
HAND_GAP = 10
PER_ROW = 8
BADGE = 26


def draw_hand(view: DecktetView, chosen: frozenset[int] = frozenset()) -> Image.Image:
    """The seat's own hand in rows of 8, numbered as the select numbers them; chosen cards
    raised and framed; cards that are in no legal play now dimmed."""
    hand = view.hand
    rows = max(1, -(-len(hand) // PER_ROW))
    width = 2 * MARGIN + PER_ROW * HAND_W + (PER_ROW - 1) * HAND_GAP
    card_h = round(HAND_W * 1.4)
    top = 44
    row_h = card_h + BADGE + 24
    height = top + rows * row_h + 6
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, top - 8), fill=BAR)
    usable = {c for play in view.legal_moves for c in play.cards}
    last = view.last_play
    if view.phase == "over":
        title = "Your hand: the game is over"
    elif not view.my_turn:
        title = "Your hand: waiting for your opponent"
    elif last is None:
        title = "Your hand: lead a caravan"
    else:
        title = f"Your hand: beat {last.words()}, or pass"
    style.text(
        image, (MARGIN, (top - 8) / 2), style.fit(title, 17, width - 2 * MARGIN - 120), 17, INK
    )
    style.text(
        image, (width - MARGIN, (top - 8) / 2), f"{len(hand)} cards", 16, MUTED, "rm", bold=False
    )
    if not hand:
        style.text(image, (width / 2, top + card_h / 2), "No cards in hand", 20, MUTED, "mm")
    for i, card in enumerate(hand):
        row, col = divmod(i, PER_ROW)
        x = MARGIN + col * (HAND_W + HAND_GAP)
        y = top + row * row_h + (0 if i in chosen else 6)
        dim = view.my_turn and card not in usable
        paste(image, card, x, y, HAND_W, "dim" if dim else "plain")
        if i in chosen:
            draw.rounded_rectangle(
                (x - 3, y - 3, x + HAND_W + 2, y + card_h + 2), 10, outline=AMBER, width=3
            )
        centre = (x + HAND_W / 2, top + row * row_h + card_h + 8 + BADGE / 2)
        box = (
            centre[0] - BADGE / 2,
            centre[1] - BADGE / 2,
            centre[0] + BADGE / 2,
            centre[1] + BADGE / 2,
        )
        if i in chosen:
            draw.ellipse(box, fill=AMBER)
            style.text(image, centre, str(i + 1), 15, BAR, "mm")
        else:
            colour = MUTED if dim else AMBER
            draw.ellipse(box, outline=colour, width=2)
            style.text(image, centre, str(i + 1), 15, colour, "mm")
    return image


def render_hand(view: DecktetView, chosen: frozenset[int] = frozenset()) -> bytes:
    return style.encode(draw_hand(view, chosen))
