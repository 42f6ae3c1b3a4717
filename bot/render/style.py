"""What the table and hand images share: colours, fonts, the card images at table size, text
that fits, and the encoder.

The encoder comes from measurements (benchmarks/render_speed.py, figures in
benchmarks/README.md). Pillow's PNG encoder always runs the adaptive per-row filter search,
which costs more than the compression itself on these flat images (a 960x860 table: ~20 ms
at level 0). `encode` writes the PNG itself with filter type None and zlib level 1: about
half the time of Pillow's fastest setting for a file the same size (~80 KB), because flat
colour compresses well without filtering. zlib releases the GIL, so renders in a thread do
not hold up the event loop.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Mapping
from functools import cache

from PIL import Image, ImageDraw

from bot.i18n import ENGLISH, Catalogue, _
from bot.render.cardart import CARDS_DIR, HEIGHT, WIDTH, file_name, font
from engine.cards import Card

Colour = tuple[int, int, int]

FELT: Colour = (33, 38, 36)  # the table: a dark, warm grey-green that sits on Discord's dark
BAND: Colour = (41, 48, 45)  # a player's half of the table
BAR: Colour = (24, 27, 26)  # name bars and the footer
INK: Colour = (232, 226, 212)
MUTED: Colour = (150, 150, 140)
AMBER: Colour = (255, 182, 40)  # Pip-Boy amber: player A, highlights
GREEN: Colour = (110, 222, 150)  # Pip-Boy green: player B
SELL: Colour = (120, 210, 110)
OVER: Colour = (235, 90, 80)
SEAT_COLOURS: dict[str, Colour] = {"A": AMBER, "B": GREEN}
SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
SUIT_COLOURS: dict[str, Colour] = {
    "c": (220, 220, 220),
    "s": (220, 220, 220),
    "d": (240, 110, 100),
    "h": (240, 110, 100),
}

CARD_W, CARD_H = WIDTH * 2 // 3, HEIGHT * 2 // 3  # 100 x 140 on the table
ZLIB_LEVEL = 1


@cache
def card_art(card: Card | None, width: int = CARD_W, tone: str = "plain") -> Image.Image:
    """The card's art at `width` (its back for None), as RGBA, loaded and scaled once.
    `tone` "faded" is grey and see-through (a removed card), "dim" is darkened (a card with
    no legal play)."""
    name = "back.png" if card is None else file_name(card)
    with Image.open(CARDS_DIR / name) as art:
        image = art.convert("RGBA")
    if width != WIDTH:
        image = image.resize((width, round(width * HEIGHT / WIDTH)), Image.Resampling.LANCZOS)
    alpha = image.getchannel("A")
    if tone == "faded":
        image = Image.merge(
            "RGBA", [image.convert("L")] * 3 + [alpha.point(lambda a: a * 45 // 100)]
        )
    elif tone == "dim":
        image = Image.merge(
            "RGBA", [*image.convert("RGB").point(lambda v: v * 45 // 100).split(), alpha]
        )
    return image


CORNER = 9  # rows at the top and bottom of a card that hold its rounded corners


@cache
def _card_parts(card: Card | None, width: int, tone: str) -> tuple[Image.Image, ...]:
    """The card cut into its corner strips (RGBA, pasted through their alpha) and its opaque
    body (RGB, copied): pasting through a mask costs several times a plain copy."""
    art = card_art(card, width, tone)
    w, h = art.size
    top, bottom = art.crop((0, 0, w, CORNER)), art.crop((0, h - CORNER, w, h))
    return top, art.crop((0, CORNER, w, h - CORNER)).convert("RGB"), bottom


def paste_card(
    canvas: Image.Image,
    card: Card | None,
    x: int,
    y: int,
    width: int = CARD_W,
    tone: str = "plain",
) -> None:
    """Draw `card` with its top-left corner at (x, y)."""
    if tone == "faded":  # see-through all over
        art = card_art(card, width, tone)
        canvas.paste(art, (x, y), art)
        return
    top, body, bottom = _card_parts(card, width, tone)
    canvas.paste(top, (x, y), top)
    canvas.paste(body, (x, y + CORNER))
    canvas.paste(bottom, (x, y + CORNER + body.height), bottom)


RANK_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
SUIT_WORDS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def card_words(card: Card) -> str:
    """How a card is written in Discord's text: "7 of diamonds", "King of spades",
    "Joker". Words, not suit signs: Discord draws ♠ and ♣ dark on its dark theme, where
    they all but vanish (and a screen reader says "black spade suit")."""
    if card.suit is None:
        return "Joker"
    return f"{RANK_WORDS.get(card.rank, str(card.rank))} of {SUIT_WORDS[card.suit]}"


def card_label(card: Card) -> str:
    """How a card is written in the images, where the bot picks the colours: 7♦, 10♣, K♠,
    Joker."""
    if card.suit is None:
        return "Joker"
    rank = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}.get(card.rank, str(card.rank))
    return rank + SUIT_SYMBOLS[card.suit]


@cache
def _missing_glyph(size: int, bold: bool) -> bytes:
    return bytes(font(size, bold).getmask("\U0010fffd"))


@cache
def has_glyph(char: str, size: int = 24, bold: bool = True) -> bool:
    """Whether the bundled font draws `char` (rather than its empty box)."""
    if not char.isprintable():
        return False
    if char.isspace():
        return True
    return bytes(font(size, bold).getmask(char)) != _missing_glyph(size, bold)


def drawable(text: str, size: int = 24, bold: bool = True) -> str:
    """`text` without the characters the font cannot draw (emoji, CJK), spaces tidied."""
    kept = "".join(c for c in text if has_glyph(c, size, bold))
    return " ".join(kept.split())


def pictured(names: Mapping[str, str], words: Catalogue = ENGLISH) -> dict[str, str]:
    """Each seat's name as the table image can draw it; a name with nothing the font
    draws (emoji only, say) becomes "Player A" or "Player B" (in `words`' language), in the
    image's words too."""
    return {
        seat: drawable(name) or words.say(_("Player {seat}", seat=seat))
        for seat, name in names.items()
    }


def fit(text: str, size: int, width: int, bold: bool = True) -> str:
    """`text` shortened with an ellipsis to fit `width` pixels."""
    face = font(size, bold)
    if length(text, size, bold) <= width:
        return text
    while text and face.getlength(text + "\u2026") > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def wrap(text: str, size: int, width: int, lines: int, bold: bool = True) -> list[str]:
    """`text` broken at spaces into at most `lines` lines of `width` pixels, the last one
    shortened with an ellipsis if the text does not fit."""
    face = font(size, bold)
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and face.getlength(line + " " + words[0]) <= width:
            line += " " + words.pop(0)
        out.append(line)
    if words:
        out[-1] = fit(out[-1] + " " + " ".join(words), size, width, bold)
    return [fit(line, size, width, bold) for line in out]


@cache
def _lettering(words: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """`words` rasterised once as a mask, with its offset from the anchor point."""
    face = font(size, bold)
    left, top, right, bottom = (int(v) for v in face.getbbox(words, anchor=anchor))
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), words, font=face, fill=255, anchor=anchor)
    return mask, left, top


@cache
def length(words: str, size: int, bold: bool = True) -> float:
    return font(size, bold).getlength(words)


def text(
    canvas: Image.Image,
    xy: tuple[float, float],
    words: str,
    size: int,
    colour: Colour,
    anchor: str = "lm",
    bold: bool = True,
) -> float:
    """Draw `words` (rasterised once per text, size and anchor, then pasted); returns the x
    just after them, for left-anchored text."""
    mask, left, top = _lettering(words, size, bold, anchor)
    canvas.paste(colour, (round(xy[0]) + left, round(xy[1]) + top), mask)
    return xy[0] + length(words, size, bold)


def encode(image: Image.Image) -> bytes:
    """`image` (RGB) as a PNG: 8-bit truecolour, each row with filter type None."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    raw = memoryview(image.tobytes())
    stride = width * 3
    packer = zlib.compressobj(ZLIB_LEVEL)
    parts = []
    for row in range(height):
        parts.append(packer.compress(b"\0"))
        parts.append(packer.compress(raw[row * stride : (row + 1) * stride]))
    parts.append(packer.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", b"".join(parts)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
