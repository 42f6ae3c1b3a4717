"""Draws the card art in `assets/cards/` from shapes and the bundled DejaVu font, so the art
is reproducible and its licence clean: `python -m bot.render.cardart [OUTDIR]`.

Flat colours only (a texture makes every PNG several times larger and slower to encode):
an off-white face with a large corner index readable at small sizes, red hearts and
diamonds against near-black clubs and spades, pips laid out as on a real deck, bold framed
picture cards, an amber joker, and a dark desert-casino back with Pip-Boy amber lines.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from engine.cards import CARDS, JOKER, Card

ASSETS = Path(__file__).resolve().parents[2] / "assets"
FONTS = ASSETS / "fonts"
CARDS_DIR = ASSETS / "cards"

WIDTH, HEIGHT = 150, 210  # 5:7, drawn at twice the size the table shows them
RADIUS = 12
FACE = (250, 247, 240, 255)
EDGE = (60, 52, 40, 255)
RED = (198, 40, 40, 255)
BLACK = (28, 28, 30, 255)
AMBER = (255, 176, 0, 255)
DUSK = (40, 30, 28, 255)
SAND = (196, 140, 80, 255)
SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
RANK_LABELS = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}

# Pip centres as fractions of the pip area (x, y), the classic layouts.
_L, _C, _R = 0.0, 0.5, 1.0
PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(_C, 0.5)],
    2: [(_C, 0.0), (_C, 1.0)],
    3: [(_C, 0.0), (_C, 0.5), (_C, 1.0)],
    4: [(_L, 0.0), (_R, 0.0), (_L, 1.0), (_R, 1.0)],
    5: [(_L, 0.0), (_R, 0.0), (_C, 0.5), (_L, 1.0), (_R, 1.0)],
    6: [(_L, 0.0), (_R, 0.0), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    7: [(_L, 0.0), (_R, 0.0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1.0), (_R, 1.0)],
    8: [(_L, 0.0), (_R, 0.0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1.0), (_R, 1.0)],
    9: [
        (_L, 0.0),
        (_R, 0.0),
        (_L, 1 / 3),
        (_R, 1 / 3),
        (_C, 0.5),
        (_L, 2 / 3),
        (_R, 2 / 3),
        (_L, 1.0),
        (_R, 1.0),
    ],
    10: [
        (_L, 0.0),
        (_R, 0.0),
        (_C, 1 / 6),
        (_L, 1 / 3),
        (_R, 1 / 3),
        (_L, 2 / 3),
        (_R, 2 / 3),
        (_C, 5 / 6),
        (_L, 1.0),
        (_R, 1.0),
    ],
}


@cache
def font(size: int, bold: bool = True) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def file_name(card: Card) -> str:
    """`7h.png`, `Td.png`, `X.png`: the card's notation."""
    return f"{card}.png"


def _blank(fill: tuple[int, int, int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (WIDTH, HEIGHT), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, WIDTH - 1, HEIGHT - 1), RADIUS, fill=fill, outline=EDGE, width=2)
    return image, draw


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    colour: tuple[int, int, int, int],
    bold: bool = True,
) -> None:
    draw.text(xy, text, font=font(size, bold), fill=colour, anchor="mm")


def _corner(image: Image.Image, label: str, symbol: str, colour: tuple[int, int, int, int]) -> None:
    """The large index in the top-left corner, and the same turned in the bottom-right."""
    draw = ImageDraw.Draw(image)
    size = 34 if len(label) == 1 else 28
    _text(draw, (22, 22), label, size, colour)
    _text(draw, (22, 52), symbol, 26, colour)
    turned = image.rotate(180)
    box = (WIDTH // 2, HEIGHT // 2, WIDTH, HEIGHT)
    image.paste(turned.crop(box), box)


def number_card(card: Card) -> Image.Image:
    assert card.suit is not None
    colour = RED if card.suit in "dh" else BLACK
    symbol = SUIT_SYMBOLS[card.suit]
    image, draw = _blank(FACE)
    _corner(image, RANK_LABELS.get(card.rank, str(card.rank)), symbol, colour)
    draw = ImageDraw.Draw(image)
    if card.rank == 1:
        _text(draw, (WIDTH / 2, HEIGHT / 2), symbol, 84, colour)
        return image
    left, right, top, bottom = 57, WIDTH - 57, 48, HEIGHT - 48
    for fx, fy in PIPS[card.rank]:
        x, y = left + fx * (right - left), top + fy * (bottom - top)
        pip = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
        _text(ImageDraw.Draw(pip), (20, 20), symbol, 34, colour)
        if fy > 0.5:
            pip = pip.rotate(180)
        image.alpha_composite(pip, (round(x) - 20, round(y) - 20))
    return image


def picture_card(card: Card) -> Image.Image:
    assert card.suit is not None
    colour = RED if card.suit in "dh" else BLACK
    symbol = SUIT_SYMBOLS[card.suit]
    label = RANK_LABELS[card.rank]
    image, draw = _blank(FACE)
    draw.rounded_rectangle((40, 34, WIDTH - 41, HEIGHT - 35), 8, outline=colour, width=4)
    draw.rounded_rectangle((46, 40, WIDTH - 47, HEIGHT - 41), 6, fill=_tint(colour, 0.12))
    _corner(image, label, symbol, colour)
    draw = ImageDraw.Draw(image)
    _text(draw, (WIDTH / 2, HEIGHT / 2 - 12), label, 66, colour)
    _text(draw, (WIDTH / 2, HEIGHT / 2 + 40), symbol, 34, colour)
    return image


def joker() -> Image.Image:
    """A star and its name across the top, where the next card placed below it on the
    table leaves it showing (as a number card's corner shows its rank; a picture card
    placed beside it leaves the star), a big star below, a small one in the far corner."""
    image, draw = _blank(FACE)
    draw.rounded_rectangle((10, 10, WIDTH - 11, HEIGHT - 11), 8, fill=DUSK)
    _text(draw, (26, 32), "\u2605", 24, AMBER)
    _text(draw, (WIDTH / 2 + 14, 33), "JOKER", 26, AMBER)
    _star(draw, (WIDTH / 2, HEIGHT / 2 + 14), 40, 17, AMBER)
    _text(draw, (WIDTH - 26, HEIGHT - 28), "\u2605", 24, AMBER)
    return image


def back() -> Image.Image:
    image, draw = _blank(DUSK)
    inner = (10, 10, WIDTH - 11, HEIGHT - 11)
    draw.rounded_rectangle(inner, 8, outline=AMBER, width=3)
    for offset in range(-HEIGHT, WIDTH, 18):  # a lattice of sand lines, clipped below
        draw.line((offset, 14, offset + HEIGHT, 14 + HEIGHT), fill=(*SAND[:3], 70), width=2)
        draw.line((offset + HEIGHT, 14, offset, 14 + HEIGHT), fill=(*SAND[:3], 70), width=2)
    mask = Image.new("L", (WIDTH, HEIGHT), 0)
    ImageDraw.Draw(mask).rounded_rectangle((14, 14, WIDTH - 15, HEIGHT - 15), 6, fill=255)
    plain, plain_draw = _blank(DUSK)
    plain_draw.rounded_rectangle(inner, 8, outline=AMBER, width=3)
    plain.paste(image, (0, 0), mask)
    draw = ImageDraw.Draw(plain)
    draw.ellipse(
        (WIDTH / 2 - 36, HEIGHT / 2 - 36, WIDTH / 2 + 36, HEIGHT / 2 + 36),
        fill=DUSK,
        outline=AMBER,
        width=3,
    )
    _text(draw, (WIDTH / 2, HEIGHT / 2 - 2), "C", 44, AMBER)
    return plain


def _tint(colour: tuple[int, int, int, int], amount: float) -> tuple[int, int, int, int]:
    """`colour` laid thinly over the card face, as an opaque colour."""
    mixed = (round(f + (c - f) * amount) for f, c in zip(FACE[:3], colour[:3], strict=True))
    return (*mixed, 255)  # type: ignore[return-value]


def _star(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    outer: float,
    inner: float,
    colour: tuple[int, int, int, int],
) -> None:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle)))
    draw.polygon(points, fill=colour)


def card_image(card: Card) -> Image.Image:
    if card.rank == JOKER:
        return joker()
    return number_card(card) if card.is_number else picture_card(card)


def draw_all(folder: Path) -> list[Path]:
    """Write every card (52 and the joker) and `back.png` to `folder`."""
    images = [(file_name(card), lambda card=card: card_image(card)) for card in CARDS.values()]
    return save_images(folder, [*images, ("back.png", back)])


def save_images(folder: Path, images: list[tuple[str, Callable[[], Image.Image]]]) -> list[Path]:
    """Draw each (file name, drawing) into `folder`; returns the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, draw in images:
        draw().save(folder / name, optimize=True)
        written.append(folder / name)
    return written


def art_main(description: str, folder: Path, draw: Callable[[Path], list[Path]]) -> None:
    """The command line of an art script: `[OUTDIR]`, default `folder`."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("outdir", nargs="?", default=str(folder))
    args = parser.parse_args()
    written = draw(Path(args.outdir))
    print(f"wrote {len(written)} images to {args.outdir}")


def main() -> None:
    art_main("Draw the card art.", CARDS_DIR, draw_all)


if __name__ == "__main__":
    main()
