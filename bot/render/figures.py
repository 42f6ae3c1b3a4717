"""The small images beside the game: a player's rating over time, the rules help's example
caravans, and a saved deck laid out card by card. Same felt, inks and card art as the table."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.render import style
from bot.render.cardart import HEIGHT, WIDTH
from bot.render.style import AMBER, BAR, FELT, INK, MUTED, paste_card
from engine.cards import Card

CHART_W, CHART_H = 640, 240
CHART_PAD = (56, 36, 20, 34)  # left, top, right, bottom
SMALL_W = 72  # a card in the help's examples and the deck sheet
SMALL_H = round(SMALL_W * HEIGHT / WIDTH)
OVERLAP = 30  # how much of each card in an example caravan shows
DECK_COLUMNS = 13


def draw_rating_chart(points: Sequence[int], title: str) -> Image.Image:
    """`points`: the rating after each rated game, oldest first (1,500 before the first)."""
    image = Image.new("RGB", (CHART_W, CHART_H), FELT)
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = CHART_PAD
    draw.rectangle((0, 0, CHART_W, 26), fill=BAR)
    style.text(image, (12, 13), style.fit(title, 15, CHART_W - 24), 15, INK)
    series = [1500, *points]
    low: float = min(series)
    high: float = max(series)
    if high - low < 40:  # keep a flat line in the middle instead of blowing up noise
        middle = (high + low) / 2
        low, high = middle - 20, middle + 20
    box = (left, top, CHART_W - right, CHART_H - bottom)
    for value in (low, (low + high) / 2, high):
        y = _scale(value, low, high, box[3], box[1])
        draw.line((box[0], y, box[2], y), fill=(55, 62, 58), width=1)
        style.text(image, (box[0] - 8, y), str(round(value)), 13, MUTED, "rm", bold=False)
    step = (box[2] - box[0]) / max(len(series) - 1, 1)
    xy = [
        (box[0] + i * step, _scale(value, low, high, box[3], box[1]))
        for i, value in enumerate(series)
    ]
    if len(xy) > 1:
        draw.line(xy, fill=AMBER, width=3, joint="curve")
    for x, y in xy[-1:]:
        draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=AMBER)
    games = len(points)
    style.text(
        image,
        (box[0], CHART_H - bottom / 2),
        "start",
        13,
        MUTED,
        "lm",
        bold=False,
    )
    label = f"after {games} rated game{'s' * (games != 1)}: {series[-1]}"
    style.text(image, (box[2], CHART_H - bottom / 2), label, 13, INK, "rm", bold=False)
    return image


def _scale(value: float, low: float, high: float, y0: float, y1: float) -> float:
    return y0 + (value - low) / (high - low) * (y1 - y0)


def draw_examples(rows: Sequence[tuple[str, Sequence[Card]]], title: str) -> Image.Image:
    """Example caravans for the rules help: each row a caption and its cards, overlapped
    left to right the way a caravan is laid down."""
    caption_w = 300
    longest = max((len(cards) for _, cards in rows), default=1)
    width = 24 + max(longest - 1, 0) * OVERLAP + SMALL_W + 24 + caption_w
    row_h = SMALL_H + 18
    height = 34 + row_h * len(rows) + 8
    image = Image.new("RGB", (width, height), FELT)
    ImageDraw.Draw(image).rectangle((0, 0, width, 26), fill=BAR)
    style.text(image, (12, 13), style.fit(title, 15, width - 24), 15, INK)
    cards_w = max(longest - 1, 0) * OVERLAP + SMALL_W
    for r, (caption, cards) in enumerate(rows):
        y = 34 + r * row_h
        for i, card in enumerate(cards):
            paste_card(image, card, 24 + i * OVERLAP, y, SMALL_W)
        lines = style.wrap(caption, 15, caption_w - 12, 4, bold=False)
        first = y + SMALL_H / 2 - (len(lines) - 1) * 10
        for n, line in enumerate(lines):
            style.text(image, (24 + cards_w + 24, first + n * 20), line, 15, INK, bold=False)
    return image


def draw_deck(cards: Sequence[Card], title: str) -> Image.Image:
    """A saved deck, sorted, in rows of 13."""
    ordered = sorted(cards, key=lambda card: (card.suit is None, card.suit or "", card.rank))
    rows = max(1, -(-len(ordered) // DECK_COLUMNS))
    step = SMALL_W + 6
    width = 24 + DECK_COLUMNS * step - 6 + 24
    height = 34 + rows * (SMALL_H + 6) + 18
    image = Image.new("RGB", (width, height), FELT)
    ImageDraw.Draw(image).rectangle((0, 0, width, 26), fill=BAR)
    style.text(image, (12, 13), style.fit(title, 15, width - 24), 15, INK)
    for i, card in enumerate(ordered):
        row, column = divmod(i, DECK_COLUMNS)
        paste_card(image, card, 24 + column * step, 34 + row * (SMALL_H + 6), SMALL_W)
    return image


def render(image: Image.Image) -> bytes:
    return style.encode(image)
