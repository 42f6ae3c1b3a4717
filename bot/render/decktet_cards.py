"""The Decktet faces as the table and the hand draw them: each card's image (from
`assets/cards/decktet/`, drawn by `bot.render.decktet_art`) loaded and scaled once a width,
dimmed on request, and pasted."""

from __future__ import annotations

from functools import cache

from PIL import Image

from bot.render.decktet_art import DECKTET_DIR, file_name
from engine.decktet import DCard


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
