"""Decktet Caravan's images: the table everyone sees and the hand only its owner sees,
drawn from a `DecktetView` (so nothing a seat may not see can be drawn).

The table, top to bottom: a header (the game, the hand's number, the season); one bar per
player (name, who leads, hand size, cards collected, running score); the hand's two
indicators with what they score, beside this season's plays stacked oldest first (the
newest framed, each wild tagged with the rank it stands for); a footer with the last play
in words, the score breakdown when a hand has just ended, or the result. 960 pixels wide,
legible at the 550 Discord shows inline.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from PIL import Image, ImageDraw

from bot.render import style
from bot.render.decktet_art import DECKTET_DIR, file_name
from bot.render.style import AMBER, BAND, BAR, FELT, INK, MUTED, OVER, SEAT_COLOURS, SELL
from engine.decktet import DCard, DecktetEvent, DecktetView, HandResult, Play
from engine.decktet.cards import SUIT_NAMES

WIDTH = 960
MARGIN = 16
HEADER = 44
PLAYER = 58
SIDE = 250  # the indicators' column
MINI_W, MINI_H = 64, 90  # cards in the season's plays
OVERLAP = 40
ROW = MINI_H + 14
ROWS = 5  # plays shown; earlier ones are counted
IND_W, IND_H = 100, 140
FOOTER = 92


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


def paste(
    canvas: Image.Image, card: DCard | None, x: int, y: int, width: int, tone: str = "plain"
) -> None:
    art = card_art(card, width, tone)
    canvas.paste(art, (x, y), art)


def indicator_words(card: DCard) -> str:
    sign = "+1" if card.is_crown else "\u22121"
    return f"{sign} per {SUIT_NAMES[card.suits[0]]} card"


def draw_play(canvas: Image.Image, play: Play, x: int, y: int, step: int = OVERLAP) -> int:
    """`play`'s cards overlapping from (x, y), each wild in a caravan tagged with its
    rank; returns the x after the last card."""
    draw = ImageDraw.Draw(canvas)
    for i, card in enumerate(play.cards):
        left = x + i * step
        paste(canvas, card, left, y, MINI_W)
        if card.is_wild and play.ranks:
            tag = (left + 3, y + MINI_H - 26, left + 31, y + MINI_H - 4)
            draw.rounded_rectangle(tag, 5, fill=AMBER)
            style.text(
                canvas,
                ((tag[0] + tag[2]) / 2, (tag[1] + tag[3]) / 2),
                str(play.ranks[i]),
                15,
                BAR,
                "mm",
            )
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


def draw_table(
    view: DecktetView,
    names: Mapping[str, str],
    event: DecktetEvent | None = None,
    note: str = "",
    final: str | None = None,
) -> Image.Image:
    season_h = ROWS * ROW + 40
    height = HEADER + 2 * PLAYER + max(season_h, IND_H + 110) + FOOTER
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    # header
    draw.rectangle((0, 0, WIDTH, HEADER), fill=BAR)
    title = f"DECKTET CARAVAN \u00b7 hand {view.hand_number} of {view.rules.hands}"
    style.text(image, (MARGIN, HEADER / 2), title, 19, INK)
    status = "game over" if view.phase == "over" else f"{names[view.turn]} to play"
    style.text(image, (WIDTH - MARGIN, HEADER / 2), style.fit(status, 17, 380), 17, MUTED, "rm")
    # players
    running = view.running
    for i, seat in enumerate("AB"):
        top = HEADER + i * PLAYER
        draw.rectangle((0, top, WIDTH, top + PLAYER - 2), fill=BAND)
        colour = SEAT_COLOURS[seat]
        draw.rectangle((0, top, 6, top + PLAYER - 2), fill=colour)
        if view.phase != "over" and view.turn == seat:
            draw.polygon([(14, top + 18), (26, top + 28), (14, top + 38)], fill=colour)
        name = style.fit(style.drawable(names[seat]) or f"Player {seat}", 22, 250)
        style.text(image, (34, top + PLAYER / 2 - 1), name, 22, colour)
        if view.leader == seat:
            style.text(image, (300, top + PLAYER / 2), "led this hand", 13, MUTED, bold=False)
        x = 420
        paste(image, None, x, top + 7, 30)
        style.text(image, (x + 38, top + PLAYER / 2), f"{view.hand_sizes[i]} in hand", 17, INK)
        style.text(
            image, (x + 170, top + PLAYER / 2), f"{len(view.collected[i])} collected", 17, INK
        )
        style.text(
            image, (WIDTH - MARGIN - 60, top + PLAYER / 2), "score", 15, MUTED, "rm", bold=False
        )
        style.text(image, (WIDTH - MARGIN, top + PLAYER / 2), str(running[i]), 28, colour, "rm")
    # indicators
    body = HEADER + 2 * PLAYER + 10
    style.text(image, (MARGIN, body + 14), "INDICATORS", 15, MUTED)
    for j, card in enumerate(view.indicators):
        x = MARGIN + j * (IND_W + 18)
        paste(image, card, x, body + 32, IND_W)
        words = style.wrap(indicator_words(card), 14, IND_W + 14, 2, bold=False)
        for k, line in enumerate(words):
            tint = SELL if card.is_crown else OVER
            style.text(image, (x, body + 32 + IND_H + 14 + k * 18), line, 14, tint, bold=False)
    # the season
    left = SIDE + 20
    draw.line((SIDE, body, SIDE, body + season_h - 10), fill=BAND, width=2)
    plays = list(view.season)
    ended = event.season_end if event is not None and not plays else None
    if ended is not None:  # the season just ended: show what was collected
        heading = f"LAST SEASON: {names[ended.collector]} collected these"
        if event is not None and event.hand_end is not None and view.phase != "over":
            heading = f"HAND {event.hand_end.number} OVER: {names[ended.collector]} collected"
            heading += " its last season"
        step = min(OVERLAP, (WIDTH - MARGIN - left - MINI_W) // max(1, len(ended.cards) - 1))
        for i, card in enumerate(ended.cards):
            paste(image, card, left + i * step, body + 32, MINI_W)
    else:
        heading = "THIS SEASON" if plays else "THIS SEASON: nothing played yet"
    style.text(image, (left, body + 14), heading, 15, MUTED)
    if view.went_out:
        style.text(
            image,
            (WIDTH - MARGIN, body + 14),
            f"{names[view.went_out]} went out: one last reply",
            15,
            AMBER,
            "rm",
        )
    hidden = max(0, len(plays) - ROWS)
    if hidden:
        style.text(
            image,
            (WIDTH - MARGIN, body + 14),
            f"{hidden} earlier play{'s' * (hidden != 1)} not shown",
            14,
            MUTED,
            "rm",
            bold=False,
        )
    for r, (seat, play) in enumerate(plays[hidden:]):
        y = body + 32 + r * ROW
        newest = r == len(plays) - hidden - 1
        colour = SEAT_COLOURS[seat]
        if newest:
            draw.rounded_rectangle(
                (left - 8, y - 5, WIDTH - MARGIN, y + MINI_H + 5), 8, outline=colour, width=2
            )
        draw.ellipse((left, y + MINI_H / 2 - 13, left + 26, y + MINI_H / 2 + 13), fill=colour)
        style.text(image, (left + 13, y + MINI_H / 2), seat, 15, BAR, "mm")
        end = draw_play(image, play, left + 38, y)
        said = style.fit(play.words(), 17, WIDTH - MARGIN - end - 30)
        style.text(image, (end + 18, y + MINI_H / 2), said, 17, INK if newest else MUTED)
    # footer
    foot = height - FOOTER
    draw.rectangle((0, foot, WIDTH, height), fill=BAR)
    lines: list[tuple[str, tuple[int, int, int]]] = []
    if final:
        lines.append((final, AMBER))
    if event is not None and event.hand_end is not None:
        lines += [(line, INK) for line in hand_lines(event.hand_end, names)]
    elif note:
        lines.append((note, INK))
    for k, (line, colour) in enumerate(lines[:3]):
        size = 19 if k == 0 else 16
        style.text(
            image,
            (MARGIN, foot + 20 + k * 26),
            style.fit(line, size, WIDTH - 2 * MARGIN),
            size,
            colour,
        )
    return image


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
