"""The card art: complete, the expected size and mode, and what the committed script draws."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.render.cardart import CARDS_DIR, FONTS, HEIGHT, WIDTH, card_image, draw_all, file_name
from engine.cards import CARDS
from tests.bot.render.test_render import drawn_as_committed


def test_every_card_and_the_back_exist_with_size_and_transparency() -> None:
    names = [file_name(card) for card in CARDS.values()] + ["back.png"]
    assert len(names) == 54
    for name in names:
        with Image.open(CARDS_DIR / name) as image:
            assert image.size == (WIDTH, HEIGHT) and image.mode == "RGBA", name
            assert image.getpixel((0, 0))[3] == 0  # rounded corners are transparent
            assert image.getpixel((WIDTH // 2, HEIGHT // 2))[3] == 255


def test_the_font_and_its_licence_are_bundled() -> None:
    assert (FONTS / "DejaVuSans-Bold.ttf").is_file() and (FONTS / "DejaVuSans.ttf").is_file()
    assert "Bitstream" in (FONTS / "LICENSE-DejaVu.txt").read_text()


def test_committed_art_is_what_the_script_draws(tmp_path: Path) -> None:
    draw_all(tmp_path)
    drawn_as_committed(tmp_path, CARDS_DIR)


def test_red_and_black_suits_differ() -> None:
    hearts = card_image(next(c for c in CARDS.values() if str(c) == "Ah"))
    spades = card_image(next(c for c in CARDS.values() if str(c) == "As"))
    red = hearts.getpixel((WIDTH // 2, HEIGHT // 2))
    black = spades.getpixel((WIDTH // 2, HEIGHT // 2))
    assert red[0] > 150 > red[2] and max(black[:3]) < 60
