"""The table image: both players' caravans facing each other, drawn from a `PlayerView`.

The renderer only ever sees a view (a player's or a spectator's), so it cannot draw a card
that seat may not see. Layout, top to bottom: the top player's name bar, their three
caravans, a strip saying who leads each position (and the result when the game is over),
the bottom player's caravans and name bar, and a footer with the last move in words and the
cards it removed, faded. The bottom player is the viewer, or A for a spectator.

Number cards overlap down their column in play order with their index showing; picture
cards sit to the right of the card they are attached to, in play order. The canvas is a fixed
960 pixels wide (legible at the 550 pixels Discord shows inline) and as tall as the longest
caravan needs; past 12 cards a column tightens its spacing instead of growing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.games.new_vegas.words import no_lead
from bot.i18n import ENGLISH, Catalogue, _
from bot.render import style
from bot.render.style import (
    AMBER,
    BAND,
    BAR,
    CARD_H,
    CARD_W,
    FELT,
    INK,
    MUTED,
    OVER,
    SEAT_COLOURS,
    SELL,
    SUIT_COLOURS,
    SUIT_SYMBOLS,
    Colour,
    paste_card,
)
from engine import Card, MoveEvent, PlayerView
from engine.caravan import CaravanView

WIDTH = 960
MARGIN = 16
COLUMN = (WIDTH - 2 * MARGIN) // 3  # one position's width
PAD = 22  # from a column's left edge to its cards
NAME_BAR = 52
HEADER = 40  # a caravan's value line
STEP = 44  # rows of number cards: enough to show the rank and suit in the corner
MAX_ROWS = 12  # past this, rows tighten instead of the image growing
MIN_ROWS = 3
ATTACH_X = 42  # the first picture card's offset from its number card
ATTACH_STEP = 30
ATTACH_ROOM = COLUMN - PAD - 12 - ATTACH_X - CARD_W  # for the 2nd and later picture cards
STRIP = 50
RESULT = 44
FOOTER = 80  # two lines of the footer's words
FOOTER_TEXT = 24  # 14 pixels at 550 (17 read as 6-pixel letters)
COUNTS_TEXT = 22  # "Hand 5 · Deck 37 · Discard 9": 13 pixels at 550
MINI_W = 60  # removed cards, in a row under the footer's words (34 px wide at 550 px)
MINI_GAP = 6
REMOVED_ROW = round(MINI_W * 1.4) + 14
MAX_REMOVED = 12  # a Joker removes at most 12 cards with their picture cards; more never fit


@dataclass
class Drawn:
    """Where things went, for the layout tests: (kind, seat, caravan) -> boxes."""

    boxes: list[tuple[str, str, int, tuple[int, int, int, int]]] = field(default_factory=list)

    def add(self, kind: str, seat: str, number: int, box: tuple[int, int, int, int]) -> None:
        self.boxes.append((kind, seat, number, box))


def rows_height(rows: int) -> int:
    return CARD_H + STEP * (max(rows, MIN_ROWS) - 1) if rows <= MAX_ROWS else _tallest()


def _tallest() -> int:
    return CARD_H + STEP * (MAX_ROWS - 1)


def _step(rows: int) -> float:
    return STEP if rows <= MAX_ROWS else (_tallest() - CARD_H) / (rows - 1)


def draw_table(
    view: PlayerView,
    names: Mapping[str, str],
    last: MoveEvent | None = None,
    note: str | None = None,
    result: str | None = None,
    words: Catalogue = ENGLISH,
) -> tuple[Image.Image, Drawn]:
    """The table as `view` sees it. `names` maps "A"/"B" to display names, `last` is the
    public event of the move that led here (its card is outlined), `note` the line for the
    footer, `result` the line for a finished game (both said already), `words` the
    language of the words the picture draws."""
    bottom = view.seat or "A"
    top = "B" if bottom == "A" else "A"
    shown = {seat: _name(names.get(seat, ""), seat) for seat in "AB"}
    band = {
        seat: HEADER + rows_height(max(len(view.caravan(seat, n).cards) for n in (1, 2, 3))) + 12
        for seat in "AB"
    }
    over = view.phase == "over"
    if over and result and not note:  # an ending with no move (resigned, claimed, closed)
        note = result
    strip = STRIP + (RESULT if over and result else 0)
    removed = _removed(last)
    height = 2 * NAME_BAR + band[top] + strip + band[bottom] + FOOTER
    height += REMOVED_ROW if removed else 0
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    drawn = Drawn()
    highlight = _highlight(last)

    y = 0
    _name_bar(image, view, top, shown[top], y, words)
    y += NAME_BAR
    _band(image, draw, view, top, y, band[top], highlight, drawn, words)
    y += band[top]
    _strip(image, view, shown, y, strip, result if over else None, words)
    y += strip
    _band(image, draw, view, bottom, y, band[bottom], highlight, drawn, words)
    y += band[bottom]
    _name_bar(image, view, bottom, shown[bottom], y, words)
    y += NAME_BAR
    _footer(image, draw, removed, note, y, drawn, words)
    return image, drawn


def render_table(
    view: PlayerView,
    names: Mapping[str, str],
    last: MoveEvent | None = None,
    note: str | None = None,
    result: str | None = None,
    words: Catalogue = ENGLISH,
) -> bytes:
    """The table as a PNG (see `draw_table`)."""
    return style.encode(draw_table(view, names, last, note, result, words)[0])


def _name(name: str, seat: str) -> str:
    return style.drawable(name) or f"Player {seat}"


def _highlight(last: MoveEvent | None) -> tuple[str, int, int, int] | None:
    """(owner, caravan, row, attachment or -1) of the card the last move put on the table."""
    if last is None or last.placed is None or last.target is None:
        return None
    owner, number, index = last.target
    if last.placed.is_number:
        return (owner, number, index - 1, -1)
    if any((r.owner, r.caravan, r.index) == last.target for r in last.removed):
        return None  # a Jack went with the card it took: the footer shows them
    return (owner, number, index - 1, -2)  # the newest picture card on that row


def _name_bar(
    image: Image.Image, view: PlayerView, seat: str, name: str, y: int, words: Catalogue
) -> None:
    draw = ImageDraw.Draw(image)
    colour = SEAT_COLOURS[seat]
    index = 0 if seat == "A" else 1
    draw.rectangle((0, y, WIDTH, y + NAME_BAR - 1), fill=BAR)
    to_move = view.phase != "over" and view.turn == seat
    winner = view.phase == "over" and view.winner == seat
    if to_move or winner:
        draw.rectangle((0, y, 7, y + NAME_BAR - 1), fill=colour)
    counts = words.say(
        _(
            "Hand {hand}  \u00b7  Deck {deck}  \u00b7  Discard {discard}",
            hand=view.hand_sizes[index],
            deck=view.deck_sizes[index],
            discard=len(view.discards[index]),
        )
    )
    counts_x = WIDTH - MARGIN - style.length(counts, COUNTS_TEXT, False)
    style.text(image, (counts_x, y + NAME_BAR / 2), counts, COUNTS_TEXT, MUTED, bold=False)
    chip = words.say(_("TO MOVE")) if to_move else words.say(_("WINNER")) if winner else ""
    chip_w = style.length(chip, 15) + 20 if chip else 0
    room = int(counts_x - MARGIN - 40 - chip_w - 24)
    x = style.text(image, (MARGIN + 8, y + NAME_BAR / 2), style.fit(name, 26, room), 26, colour)
    if chip:
        left = x + 16
        draw.rounded_rectangle((left, y + 14, left + chip_w, y + 38), 6, fill=colour)
        style.text(image, (left + chip_w / 2, y + 26), chip, 15, BAR, anchor="mm")


def _band(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: PlayerView,
    seat: str,
    y: int,
    height: int,
    highlight: tuple[str, int, int, int] | None,
    drawn: Drawn,
    words: Catalogue,
) -> None:
    draw.rectangle((0, y, WIDTH, y + height - 1), fill=BAND)
    for number in (1, 2, 3):
        caravan = view.caravan(seat, number)
        left = MARGIN + (number - 1) * COLUMN
        leads = view.positions[number - 1] == seat
        if leads:
            draw.rounded_rectangle(
                (left + 6, y + 4, left + COLUMN - 6, y + height - 6),
                10,
                outline=SEAT_COLOURS[seat],
                width=2,
            )
        _header(image, caravan, left + PAD, y + HEADER // 2 + 4, words)
        mark = None
        if highlight and highlight[0] == seat and highlight[1] == number:
            mark = highlight[2:]
        _cards(image, draw, caravan, left + PAD, y + HEADER, mark, drawn, words)


def _header(image: Image.Image, caravan: CaravanView, x: int, y: float, words: Catalogue) -> None:
    if not caravan.cards:
        style.text(image, (x, y), "\u2014", 26, MUTED)
        return
    x0 = x
    value = caravan.value
    colour = SELL if caravan.for_sale else OVER if value > 26 else INK
    x = round(style.text(image, (x, y), str(value), 30, colour)) + 12
    if caravan.direction:
        arrow = "\u25b2" if caravan.direction == "ascending" else "\u25bc"
        x = round(style.text(image, (x, y), arrow, 20, MUTED)) + 8
    if caravan.suit:
        x = round(
            style.text(image, (x, y), SUIT_SYMBOLS[caravan.suit], 26, SUIT_COLOURS[caravan.suit])
        )
        x += 12
    label = _("FOR SALE") if caravan.for_sale else _("OVER 26") if value > 26 else ""
    label = style.fit(words.say(label), 15, COLUMN - 2 * PAD - (x - x0)) if label else ""
    if label:
        style.text(image, (x, y + 1), label, 15, colour)


def _cards(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    caravan: CaravanView,
    x: int,
    y: int,
    mark: tuple[int, int] | None,
    drawn: Drawn,
    words: Catalogue,
) -> None:
    seat, number = caravan.owner, caravan.number
    if not caravan.cards:
        box = (x, y, x + CARD_W, y + CARD_H)
        draw.rounded_rectangle(box, 8, outline=MUTED, width=2)
        empty = style.fit(words.say(_("empty")), 16, CARD_W - 8, bold=False)
        style.text(image, (x + CARD_W / 2, y + CARD_H / 2), empty, 16, MUTED, "mm", bold=False)
        drawn.add("slot", seat, number, box)
        return
    step = _step(len(caravan.cards))
    for row, placed in enumerate(caravan.cards):
        top = y + round(row * step)
        paste_card(image, placed.card, x, top)
        box = (x, top, x + CARD_W, top + CARD_H)
        drawn.add("card", seat, number, box)
        if mark == (row, -1):
            _outline(draw, box)
        count = len(placed.attached)
        astep = ATTACH_STEP if count <= 3 else min(ATTACH_STEP, ATTACH_ROOM / (count - 1))
        for k, picture in enumerate(placed.attached):
            left = x + ATTACH_X + round(k * astep)
            paste_card(image, picture, left, top)
            box = (left, top, left + CARD_W, top + CARD_H)
            drawn.add("picture", seat, number, box)
            if mark == (row, -2) and k == count - 1:
                _outline(draw, box)


def _outline(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    left, top, right, bottom = box
    draw.rounded_rectangle((left - 3, top - 3, right + 2, bottom + 2), 11, outline=AMBER, width=4)


def _strip(
    image: Image.Image,
    view: PlayerView,
    shown: Mapping[str, str],
    y: int,
    height: int,
    result: str | None,
    words: Catalogue,
) -> None:
    draw = ImageDraw.Draw(image)
    if result:
        line = style.fit(style.drawable(result), 26, WIDTH - 2 * MARGIN)
        banner = SEAT_COLOURS.get(view.winner or "", INK)
        style.text(image, (WIDTH / 2, y + RESULT / 2 + 6), line, 26, banner, "mm")
        y += RESULT
    middle = y + STRIP / 2
    for number in (1, 2, 3):
        centre = MARGIN + (number - 1) * COLUMN + COLUMN / 2
        leader = view.positions[number - 1]
        colour: Colour = SEAT_COLOURS[leader] if leader else MUTED
        pair = view.caravan("A", number), view.caravan("B", number)
        lead = _("{player} leads", player=shown[leader]) if leader else no_lead(*pair)
        said = style.fit(words.say(lead), 18, COLUMN - 70)
        draw.ellipse((centre - 110, middle - 15, centre - 80, middle + 15), outline=colour, width=2)
        style.text(image, (centre - 95, middle), str(number), 17, colour, "mm")
        style.text(image, (centre - 70, middle), said, 18, colour, bold=leader is not None)


def _removed(last: MoveEvent | None) -> list[Card]:
    """The cards the last move took off the table, picture cards with their number card."""
    if last is None:
        return []
    cards = [r.card for r in last.removed] + [c for r in last.removed for c in r.attached]
    return cards[:MAX_REMOVED]


def _footer(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    removed: list[Card],
    note: str | None,
    y: int,
    drawn: Drawn,
    words: Catalogue,
) -> None:
    """The last move in words, and under them the cards it removed, at a size that reads
    at Discord's inline width."""
    draw.rectangle((0, y, WIDTH, y + FOOTER + (REMOVED_ROW if removed else 0)), fill=BAR)
    draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=BAND, width=2)
    size = FOOTER_TEXT
    said = style.drawable(note or "", size, False) or words.say(_("The game begins."))
    lines = style.wrap(said, size, WIDTH - 2 * MARGIN, 2, bold=False)
    step = round(size * 1.3)
    top = y + FOOTER / 2 - (len(lines) - 1) * step / 2
    for i, line in enumerate(lines):
        style.text(image, (MARGIN, top + i * step), line, size, INK, bold=False)
    if removed:
        row = y + FOOTER
        gone = words.say(_("Removed:"))
        x = int(style.text(image, (MARGIN, row + REMOVED_ROW / 2 - 4), gone, 17, MUTED)) + 14
        for card in removed:
            paste_card(image, card, x, row, MINI_W)
            drawn.add("removed", "", 0, (x, row, x + MINI_W, row + round(MINI_W * 1.4)))
            x += MINI_W + MINI_GAP
