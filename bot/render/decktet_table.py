"""Decktet Caravan's table, the image everyone sees, drawn from a `DecktetView` (so
nothing a seat may not see can be drawn; the hand is `bot.render.decktet_hand`).

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

from bot.games.decktet.words import SUIT_TEXT, hand_lines, play_text
from bot.i18n import ENGLISH, Catalogue, Said, _, n_
from bot.render import style
from bot.render.decktet_bars import MARGIN, PLAYER, WIDTH, draw_player, player_name
from bot.render.decktet_cards import card_art, paste
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
from engine.decktet import DCard, DecktetEvent, DecktetView, Play
from engine.decktet.cards import SUIT_NAMES

HEADER = 48
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
TEXT = 24  # the footer's words: 14 pixels at 550 (18 read as 6-pixel letters)
RESULT = 28  # the result's line
STATUS = 240  # the header's room kept for whose move it is, however long the title
# The most a bar's words may take, in any language (English takes less): beyond this a
# language's words are shortened, so the player's name keeps some room.


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


def indicator_words(card: DCard, words: Catalogue = ENGLISH) -> str:
    """What an indicator scores: "+1 per Moons card", in the reader's language."""
    sign = "+1" if card.is_crown else "\u22121"
    suit = card.suits[0]
    return words.say(
        _("{sign} per {suit} card", sign=sign, suit=SUIT_TEXT.get(suit, SUIT_NAMES[suit]))
    )


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


Line = tuple[str, int, Colour, bool]  # words, size, colour, bold


def caption(
    view: DecktetView,
    names: Mapping[str, str],
    event: DecktetEvent | None,
    note: Said,
    final: Said | None,
    words: Catalogue = ENGLISH,
) -> list[Line]:
    """The footer's lines, each within the canvas: the result in the winner's colour (the
    ink for a draw or no result), then the hand's score when a hand has just ended, else
    `note`; all in `words`' language. Long texts take more lines; nothing is cut."""
    room = WIDTH - 2 * MARGIN
    lines: list[Line] = []
    result = words.say(final) if final is not None else ""
    note = words.say(note)
    if result:
        colour = SEAT_COLOURS.get(view.winner or "", INK)
        lines += [(line, RESULT, colour, True) for line in _wrapped(result, RESULT, room, True)]
    if event is not None and event.hand_end is not None:
        for said in hand_lines(event.hand_end, names):
            text = words.say(said)
            lines += [(line, TEXT, INK, True) for line in _wrapped(text, TEXT, room, True)]
    elif note and note != result:
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
    note: Said = "",
    final: Said | None = None,
    words: Catalogue = ENGLISH,
) -> Image.Image:
    """The table (see the module's docstring), its words in `words`' language: `note` (the
    last play in words) and `final` (the result) are said in it too."""
    plays = list(view.season)
    ended = event.season_end if event is not None and not plays else None
    shown = min(len(plays), ROWS) if ended is None else 1
    season_h = HEADING + ROW + (max(shown, 1) - 1) * OLDER if shown or ended else HEADING
    indicators_h = HEADING + IND_H + 14 + 2 * _line_height(17)
    body = HEADER + 2 * PLAYER
    lines = caption(view, names, event, note, final, words)
    footer = 24 + sum(_line_height(size) for _, size, _, _ in lines)
    height = body + 10 + max(season_h, indicators_h) + 10 + footer
    image = Image.new("RGB", (WIDTH, height), FELT)
    _header(image, view, names, words)
    for i, seat in enumerate("AB"):
        draw_player(image, view, names, seat, HEADER + i * PLAYER, words)
    _indicators(image, view, body + 10, words)
    _season(image, view, names, event, body + 10, height - footer - 10, words)
    _footer(image, lines, height - footer)
    return image


def _header(
    image: Image.Image, view: DecktetView, names: Mapping[str, str], words: Catalogue = ENGLISH
) -> None:
    ImageDraw.Draw(image).rectangle((0, 0, WIDTH, HEADER), fill=BAR)
    title = words.say(
        _(
            "DECKTET CARAVAN \u00b7 hand {number} of {hands}",
            number=view.hand_number,
            hands=view.rules.hands,
        )
    )
    title = style.fit(title, 21, WIDTH - 2 * MARGIN - 40 - STATUS)
    end = style.text(image, (MARGIN, HEADER / 2), title, 21, INK)
    if view.phase == "over":
        status = words.say(_("game over"))
    else:
        status = words.say(_("{player} to play", player=names[view.turn]))
    room = int(WIDTH - MARGIN - end - 40)
    style.text(image, (WIDTH - MARGIN, HEADER / 2), style.fit(status, 19, room), 19, MUTED, "rm")


def _indicators(
    image: Image.Image, view: DecktetView, top: int, words: Catalogue = ENGLISH
) -> None:
    heading = style.fit(words.say(_("INDICATORS")), 17, SIDE - MARGIN - 10)
    style.text(image, (MARGIN, top + HEADING / 2), heading, 17, MUTED)
    for j, card in enumerate(view.indicators):
        x = MARGIN + j * (IND_W + 18)
        paste(image, card, x, top + HEADING, IND_W)
        tint = SELL if card.is_crown else OVER
        lines = style.wrap(indicator_words(card, words), 17, IND_W + 16, 2, bold=False)
        for k, line in enumerate(lines):
            y = top + HEADING + IND_H + 14 + k * _line_height(17)
            style.text(image, (x, y), line, 17, tint, bold=False)


def _season(
    image: Image.Image,
    view: DecktetView,
    names: Mapping[str, str],
    event: DecktetEvent | None,
    top: int,
    bottom: int,
    words: Catalogue = ENGLISH,
) -> None:
    """This season's plays, oldest first, the newest framed in its player's colour; or,
    just after a season ended, the cards its collector took."""
    draw = ImageDraw.Draw(image)
    left = SIDE + 20
    right = WIDTH - MARGIN
    draw.line((SIDE, top, SIDE, bottom), fill=BAND, width=2)
    plays = list(view.season)
    ended = event.season_end if event is not None and not plays else None
    heading: Said = _("THIS SEASON") if plays else _("THIS SEASON: nothing played yet")
    tint = MUTED
    if ended is not None:  # the season just ended: show what was collected
        heading = _("LAST SEASON: {player} collected these", player=names[ended.collector])
        if event is not None and event.hand_end is not None and view.phase != "over":
            heading = _(
                "HAND {number} OVER: {player} collected its last season",
                number=event.hand_end.number,
                player=names[ended.collector],
            )
        count = len(ended.cards)
        step = min(OVERLAP, (right - left - MINI_W) // max(1, count - 1))
        for i, card in enumerate(ended.cards):
            paste(image, card, left + i * step, top + HEADING, MINI_W)
    if view.went_out:
        heading = _("{player} went out: one last reply", player=names[view.went_out])
        tint = SEAT_COLOURS[view.went_out]
    hidden = max(0, len(plays) - ROWS)
    if hidden:
        heading = n_(
            "{heading} \u00b7 {count} earlier play not shown",
            "{heading} \u00b7 {count} earlier plays not shown",
            hidden,
            heading=heading,
        )
    said = style.fit(words.say(heading), 17, right - left)
    style.text(image, (left, top + HEADING / 2), said, 17, tint)
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
        name = style.fit(player_name(names[seat], seat, words), 19, room)
        lines = _play_lines(words.say(play_text(play)), 21, room)
        first = y + height / 2 - len(lines) * 13
        style.text(image, (end + 18, first), name, 19, colour)
        for k, line in enumerate(lines):
            style.text(image, (end + 18, first + 28 + k * 27), line, 21, INK if newest else MUTED)


def _play_lines(said: str, size: int, width: int) -> list[str]:
    """A play's words beside its cards: one line if they fit, else broken after the comma
    first ("a caravan of 8," / "2 to 9"), at most three lines."""
    if style.length(said, size) <= width:
        return [said]
    head, comma, tail = said.partition(", ")
    parts = [head + comma.strip(), tail] if comma else [said]
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
    note: Said = "",
    final: Said | None = None,
    words: Catalogue = ENGLISH,
) -> bytes:
    """The table as a PNG, its words in `words`' language (see `draw_table`)."""
    return style.encode(draw_table(view, names, event, note, final, words))
