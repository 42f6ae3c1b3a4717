"""A review's chart (`draw_chart`): each player's chance of winning after every move, as
each saw it when they moved, with the turning points marked and numbered. Drawn to be read
at Discord's inline width (550 px: the image is 1100 wide, so letters 24 px tall read as
12). Player A's chance is the area above the middle, player B's the green below: one line,
since their chances add up to 100%. Each move's chance is its mover's own estimate (thin
line); the thick line and the area are the mean of each two moves in a row."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, Catalogue, _
from bot.render.style import AMBER, BAR, FELT, GREEN, INK, MUTED, encode, fit, text

WIDTH, HEIGHT = 1100, 560
LEFT, RIGHT, TOP, BOTTOM = 96, 32, 76, 92  # the plot's margins
LINE = 4
MARK = 15  # a turning point's circle, radius
LABEL = 24  # letters (12 px at 550)
TITLE = 28


def draw_chart(
    chances_a: Sequence[float],
    turning: Sequence[int],
    names: Mapping[str, str],
    words: Catalogue = ENGLISH,
) -> Image.Image:
    """The chart of a game of `len(chances_a)` moves: `chances_a[k]`, player A's chance of
    winning (0..1) after move k+1; `turning`, the turning points' moves (0-based plies), in
    the order they are numbered."""
    image = Image.new("RGB", (WIDTH, HEIGHT), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, TOP - 20), fill=BAR)
    half = (WIDTH - 48) // 2
    text(image, (24, (TOP - 20) / 2), fit(names["A"], TITLE, half - 24), TITLE, AMBER)
    text(image, (WIDTH - 24, (TOP - 20) / 2), fit(names["B"], TITLE, half - 24), TITLE, GREEN, "rm")
    left, right, top, bottom = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    middle = (top + bottom) / 2
    for share, label in ((1.0, "100%"), (0.75, "75%"), (0.5, "50%"), (0.25, "75%"), (0.0, "100%")):
        y = bottom - share * (bottom - top)
        colour = AMBER if share > 0.5 else GREEN if share < 0.5 else MUTED
        draw.line((left, y, right, y), fill=(60, 68, 64), width=2 if share != 0.5 else 3)
        text(image, (left - 12, y), label, LABEL, colour, "rm", bold=False)
    count = len(chances_a)
    points: list[tuple[float, float]] = [(left, middle)]  # as dealt: even
    for index, chance in enumerate(chances_a):
        x = left + (index + 1) * (right - left) / max(count, 1)
        points.append((x, bottom - max(0.0, min(1.0, chance)) * (bottom - top)))
    # Each move's chance is its mover's estimate, a little in the mover's favour, so the
    # raw line saws up and down; the mean of each two moves in a row (one of each side's)
    # cancels that: the area and the thick line, with the raw line thin behind it.
    trend = [points[0]] + [
        (x, (y + points[index][1]) / 2) for index, (x, y) in enumerate(points[1:])
    ]
    above = [(x, min(y, middle)) for x, y in trend]
    below = [(x, max(y, middle)) for x, y in trend]
    draw.polygon([(left, middle), *above, (trend[-1][0], middle)], fill=(88, 72, 36))
    draw.polygon([(left, middle), *below, (trend[-1][0], middle)], fill=(40, 84, 58))
    draw.line(points, fill=(120, 120, 112), width=2)
    draw.line(trend, fill=INK, width=LINE, joint="curve")
    for number, ply in enumerate(turning, start=1):
        if not 0 <= ply < count:
            continue
        x, y = trend[ply + 1]
        draw.ellipse((x - MARK, y - MARK, x + MARK, y + MARK), fill=BAR, outline=INK, width=3)
        text(image, (x, y + 1), str(number), LABEL - 4, INK, "mm")
    for move in _ticks(count):
        x = left + move * (right - left) / max(count, 1)
        draw.line((x, bottom, x, bottom + 8), fill=MUTED, width=2)
        text(image, (x, bottom + 24), str(move), LABEL, MUTED, "mm", bold=False)
    text(image, ((left + right) / 2, HEIGHT - 28), words.say(_("move")), LABEL, MUTED, "mm")
    return image


def chart_png(
    chances_a: Sequence[float],
    turning: Sequence[int],
    names: Mapping[str, str],
    words: Catalogue = ENGLISH,
) -> bytes:
    return encode(draw_chart(chances_a, turning, names, words))


def _ticks(count: int) -> list[int]:
    """Move numbers along the bottom: every 10, 20, 50... whichever gives at most ~10."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if count / step <= 10:
            return list(range(0, count + 1, step))
    return [0, count]
