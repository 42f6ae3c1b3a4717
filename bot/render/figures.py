"""The small images beside the game: a player's rating over time, the rules help's example
caravans, and a saved deck laid out card by card. Same felt, inks and card art as the table."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, Catalogue, _, n_
from bot.render import style
from bot.render.cardart import HEIGHT, WIDTH
from bot.render.decktet_table import MINI_H, MINI_W, draw_play
from bot.render.decktet_table import OVERLAP as DECKTET_STEP
from bot.render.style import AMBER, BAR, FELT, INK, MUTED, paste_card
from engine.cards import Card
from engine.decktet import Play

CHART_W, CHART_H = 640, 240
CHART_PAD = (56, 36, 20, 34)  # left, top, right, bottom
SMALL_W = 72  # a card in the help's examples and the deck sheet
SMALL_H = round(SMALL_W * HEIGHT / WIDTH)
OVERLAP = 30  # how much of each card in an example caravan shows
DECK_COLUMNS = 13


def draw_rating_chart(points: Sequence[int], title: str, words: Catalogue = ENGLISH) -> Image.Image:
    """`points`: the rating after each rated game, oldest first (1,500 before the first);
    `title` said already, `words` the language of the words the chart draws."""
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
        words.say(_("start")),
        13,
        MUTED,
        "lm",
        bold=False,
    )
    label = words.say(
        n_(
            "after {count} rated game: {rating}",
            "after {count} rated games: {rating}",
            games,
            rating=series[-1],
        )
    )
    style.text(image, (box[2], CHART_H - bottom / 2), label, 13, INK, "rm", bold=False)
    return image


def _scale(value: float, low: float, high: float, y0: float, y1: float) -> float:
    return y0 + (value - low) / (high - low) * (y1 - y0)


CAPTION_W = 300


def draw_examples(rows: Sequence[tuple[str, Sequence[Card]]], title: str) -> Image.Image:
    """Example caravans for the rules help: each row a caption and its cards, overlapped
    left to right the way a caravan is laid down."""
    longest = max((len(cards) for _said, cards in rows), default=1)
    cards_w = max(longest - 1, 0) * OVERLAP + SMALL_W
    image = _example_sheet(title, cards_w, SMALL_H, len(rows))
    for r, (caption, cards) in enumerate(rows):
        y = 34 + r * (SMALL_H + 18)
        for i, card in enumerate(cards):
            paste_card(image, card, 24 + i * OVERLAP, y, SMALL_W)
        _caption(image, caption, 24 + cards_w + 24, y + SMALL_H / 2)
    return image


def draw_decktet_examples(rows: Sequence[tuple[str, Play]], title: str) -> Image.Image:
    """Decktet Caravan's plays for the rules help: each row its cards (wilds tagged with
    their rank) and a caption."""
    longest = max((len(play.cards) for _said, play in rows), default=1)
    cards_w = (longest - 1) * DECKTET_STEP + MINI_W
    image = _example_sheet(title, cards_w, MINI_H, len(rows))
    for r, (caption, play) in enumerate(rows):
        y = 34 + r * (MINI_H + 18)
        draw_play(image, play, 24, y)
        _caption(image, caption, 24 + cards_w + 24, y + MINI_H / 2)
    return image


def _example_sheet(title: str, cards_w: int, card_h: int, rows: int) -> Image.Image:
    """A blank sheet of example rows under a title bar."""
    width = 24 + cards_w + 24 + CAPTION_W
    image = Image.new("RGB", (width, 34 + (card_h + 18) * rows + 8), FELT)
    ImageDraw.Draw(image).rectangle((0, 0, width, 26), fill=BAR)
    style.text(image, (12, 13), style.fit(title, 15, width - 24), 15, INK)
    return image


def _caption(image: Image.Image, caption: str, x: int, middle: float) -> None:
    lines = style.wrap(caption, 15, CAPTION_W - 12, 4, bold=False)
    first = middle - (len(lines) - 1) * 10
    for n, line in enumerate(lines):
        style.text(image, (x, first + n * 20), line, 15, INK, bold=False)


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
