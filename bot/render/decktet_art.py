"""Our own faces for the 36 Decktet cards and their back, drawn from shapes and the
bundled DejaVu font (never the Decktet's art, which is licensed apart):
`python -m bot.render.decktet_art [OUTDIR]` writes `assets/cards/decktet/`.

Each suit has a symbol drawn here: Moons a crescent, Suns a rayed disc, Waves three waves,
Leaves a leaf, Wyrms a serpent, Knots two linked rings, each in its own colour. A face is
parchment with the rank (A, 2-9, Cr) and the card's suit symbols in the top-left corner,
where they show when cards overlap; large symbols in the middle; the card's name below.
Aces carry a ring, Crowns a crown. Drawn at twice the size and scaled down, for smooth
edges in flat colours.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw

from bot.render.cardart import CARDS_DIR, HEIGHT, RADIUS, WIDTH, art_main, font, save_images
from engine.decktet.cards import DECK, DCard

DECKTET_DIR = CARDS_DIR / "decktet"
SCALE = 2
W, H = WIDTH * SCALE, HEIGHT * SCALE
Rgba = tuple[int, int, int, int]

PARCHMENT: Rgba = (244, 236, 216, 255)
EDGE: Rgba = (74, 58, 40, 255)
INK: Rgba = (44, 36, 30, 255)
NIGHT: Rgba = (30, 28, 44, 255)
AMBER: Rgba = (255, 176, 0, 255)
SUIT_COLOURS: dict[str, Rgba] = {
    "M": (70, 92, 170, 255),  # Moons: night blue
    "S": (214, 140, 10, 255),  # Suns: gold
    "V": (20, 128, 160, 255),  # Waves: sea teal
    "L": (52, 132, 56, 255),  # Leaves: green
    "Y": (168, 40, 52, 255),  # Wyrms: crimson
    "K": (124, 72, 140, 255),  # Knots: violet
}
RANK_LABELS = {1: "A", 10: "Cr"}
# The corner index (at twice the size): what shows of a card overlapped by the next one in a
# play, so it is drawn large enough to read on the table at Discord's inline width.
CORNER_RANK = (46, 50)
CORNER_SUIT = 64
CORNER_SUIT_Y, CORNER_SUIT_STEP = 128, 70


def file_name(card: DCard) -> str:
    return f"{card}.png"


def symbol(
    draw: ImageDraw.ImageDraw,
    suit: str,
    centre: tuple[float, float],
    size: float,
    colour: Rgba | None = None,
    ground: Rgba = PARCHMENT,
    weight: float = 1.0,
) -> None:
    """The symbol of `suit` filling a square of `size` around `centre`; `ground` is the
    colour under it (the crescent and the leaf's vein are cut out in it); `weight` thickens
    its strokes (for small symbols that must still read)."""
    ink = colour or SUIT_COLOURS[suit]
    x, y = centre
    r = size / 2
    line = max(2, round(size * weight / 9))
    if suit == "M":
        draw.ellipse((x - r, y - r, x + r, y + r), fill=ink)
        cut = r * 0.82
        dx = r * 0.42
        draw.ellipse(
            (x - cut + dx, y - cut - dx * 0.5, x + cut + dx, y + cut - dx * 0.5), fill=ground
        )
    elif suit == "S":
        core = r * 0.5
        for i in range(8):
            a = i * math.pi / 4
            side = a + math.pi / 2
            base = (x + core * 0.8 * math.cos(a), y + core * 0.8 * math.sin(a))
            w = r * 0.2
            draw.polygon(
                [
                    (base[0] + w * math.cos(side), base[1] + w * math.sin(side)),
                    (x + r * math.cos(a), y + r * math.sin(a)),
                    (base[0] - w * math.cos(side), base[1] - w * math.sin(side)),
                ],
                fill=ink,
            )
        draw.ellipse((x - core, y - core, x + core, y + core), fill=ink)
    elif suit == "V":
        for row in (-0.55, 0.0, 0.55):
            points = [
                (
                    x - r + t * 2 * r / 24,
                    y + row * r + math.sin(t / 24 * 2 * math.pi * 1.5) * r * 0.2,
                )
                for t in range(25)
            ]
            draw.line(points, fill=ink, width=line, joint="curve")
    elif suit == "L":
        points = []
        for t in range(41):  # a pointed oval, tipped 45 degrees
            u = t / 40 * 2 * math.pi
            px, py = math.cos(u) * r * 0.95, math.sin(u) * r * 0.5 * abs(math.sin(u)) ** 0.35
            points.append((x + (px - py) * math.sqrt(0.5), y - (px + py) * math.sqrt(0.5)))
        draw.polygon(points, fill=ink)
        draw.line(
            (
                x - r * 0.75 * math.sqrt(0.5),
                y + r * 0.75 * math.sqrt(0.5),
                x + r * 0.6 * math.sqrt(0.5),
                y - r * 0.6 * math.sqrt(0.5),
            ),
            fill=ground,
            width=max(1, line // 2),
        )
    elif suit == "Y":
        points = [
            (x - r * 0.9 + t * 1.6 * r / 30, y + math.sin(t / 30 * 2 * math.pi) * r * 0.45)
            for t in range(31)
        ]
        draw.line(points, fill=ink, width=line + 4, joint="curve")
        hx, hy = points[-1]
        head = r * 0.22
        draw.ellipse((hx - head, hy - head * 0.8, hx + head * 1.4, hy + head * 0.8), fill=ink)
        tx, ty = points[0]
        draw.polygon(
            [(tx, ty - line), (tx - r * 0.15, ty + r * 0.1), (tx + line, ty + line)], fill=ink
        )
    else:  # "K": two linked rings
        ring = r * 0.55
        for dx in (-r * 0.4, r * 0.4):
            draw.ellipse(
                (x + dx - ring, y - ring, x + dx + ring, y + ring), outline=ink, width=line
            )


def _crown(draw: ImageDraw.ImageDraw, centre: tuple[float, float], width: float, ink: Rgba) -> None:
    x, y = centre
    w, h = width / 2, width * 0.38
    draw.polygon(
        [
            (x - w, y + h / 2),
            (x - w, y - h / 2),
            (x - w / 2, y),
            (x, y - h * 0.75),
            (x + w / 2, y),
            (x + w, y - h / 2),
            (x + w, y + h / 2),
        ],
        fill=ink,
    )
    for px in (x - w, x, x + w):
        top = y - h / 2 if px != x else y - h * 0.75
        draw.ellipse((px - 6, top - 6, px + 6, top + 6), fill=ink)


def face(card: DCard) -> Image.Image:
    """The face of `card` at the art's size (150 x 210), RGBA with rounded corners."""
    image = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, W - 1, H - 1), RADIUS * SCALE, fill=PARCHMENT, outline=EDGE, width=4
    )
    main = SUIT_COLOURS[card.suits[0]]
    label = RANK_LABELS.get(card.rank, str(card.rank))
    draw.text(CORNER_RANK, label, font=font(80 if len(label) == 1 else 60), fill=INK, anchor="mm")
    for i, suit in enumerate(card.suits):  # the corner index: suits under the rank
        corner = (CORNER_RANK[0], CORNER_SUIT_Y + i * CORNER_SUIT_STEP)
        symbol(draw, suit, corner, CORNER_SUIT, weight=1.6)
    if card.is_wild:
        centre = (W / 2 + 14, H / 2 + 6)
        if card.is_crown:
            _crown(draw, (centre[0], centre[1] - 100), 120, AMBER)
        else:
            draw.ellipse(
                (centre[0] - 86, centre[1] - 86, centre[0] + 86, centre[1] + 86),
                outline=main,
                width=6,
            )
        symbol(draw, card.suits[0], centre, 120)
    else:
        first, second = card.suits[0], card.suits[1]
        symbol(draw, first, (W / 2 + 34, H / 2 - 58), 104)
        symbol(draw, second, (W / 2 + 34, H / 2 + 62), 104)
    name = card.name.removeprefix("the ")
    size = 26
    while font(size).getlength(name) > W - 40 and size > 14:
        size -= 2
    draw.line((24, H - 66, W - 24, H - 66), fill=EDGE, width=2)
    draw.text((W / 2, H - 36), name, font=font(size), fill=INK, anchor="mm")
    return image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)


def back() -> Image.Image:
    """The back: night blue, an amber frame, the six suit symbols in a ring."""
    image = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, W - 1, H - 1), RADIUS * SCALE, fill=NIGHT, outline=EDGE, width=4)
    draw.rounded_rectangle((20, 20, W - 21, H - 21), 16, outline=AMBER, width=5)
    cx, cy = W / 2, H / 2
    for i, suit in enumerate("MSVLYK"):
        a = -math.pi / 2 + i * math.pi / 3
        symbol(draw, suit, (cx + 88 * math.cos(a), cy + 88 * math.sin(a)), 54, AMBER, NIGHT)
    draw.ellipse((cx - 34, cy - 34, cx + 34, cy + 34), outline=AMBER, width=5)
    return image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)


@cache
def card_image(card: DCard | None) -> Image.Image:
    """A card's face (its back for None), drawn once per process."""
    return back() if card is None else face(card)


def draw_all(folder: Path) -> list[Path]:
    """Write the 36 faces and `back.png` to `folder`."""
    faces = [(file_name(card), lambda card=card: face(card)) for card in DECK]
    return save_images(folder, [*faces, ("back.png", back)])


def main() -> None:
    art_main("Draw the Decktet card faces.", DECKTET_DIR, draw_all)


if __name__ == "__main__":
    main()
