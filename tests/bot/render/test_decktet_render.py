"""Decktet Caravan's pictures: our own card faces (complete, reproducible), the table and
the hand drawn from views only, and the rules help's example plays."""

from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image

from bot.help import topic_image, topic_text
from bot.render.decktet_art import DECKTET_DIR, draw_all, file_name
from bot.render.decktet_table import draw_hand, draw_table, render_table
from bot.render.gallery import decktet_images
from engine.decktet import DECK, DecktetGame
from engine.decktet.ai import GreedyPlayer
from tests.bot.render.test_render import SNAPSHOTS, close_to, drawn_as_committed

NAMES = {"A": "Alice", "B": "Bob"}


def test_every_face_and_the_back_exist_with_size_and_transparency() -> None:
    names = [file_name(card) for card in DECK] + ["back.png"]
    assert len(set(names)) == 37
    for name in names:
        with Image.open(DECKTET_DIR / name) as image:
            assert image.size == (150, 210) and image.mode == "RGBA", name
            assert image.getpixel((0, 0))[3] == 0
            assert image.getpixel((75, 105))[3] == 255


def test_committed_faces_are_what_the_script_draws(tmp_path: Path) -> None:
    draw_all(tmp_path)
    drawn_as_committed(tmp_path, DECKTET_DIR)


def test_every_face_differs() -> None:
    digests = set()
    for card in DECK:
        with Image.open(DECKTET_DIR / file_name(card)) as image:
            digests.add(image.tobytes())
    assert len(digests) == 36


def test_snapshots() -> None:
    # Regenerate after a deliberate change: python -m bot.render.gallery tests/bot/snapshots
    images = decktet_images()
    assert [name for name, _ in images] == [
        "decktet-midseason",
        "decktet-hand",
        "decktet-hand-over",
    ]
    for name, image in images:
        assert close_to(image, SNAPSHOTS / f"{name}.png"), name


def played(seed: int, plies: int) -> DecktetGame:
    game = DecktetGame.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(GreedyPlayer().choose(game.view(game.mover), rng))
    return game


def test_the_public_table_does_not_depend_on_hidden_cards() -> None:
    game = played(4, 3)
    other = game.copy()
    pool = other.hands[0] + other.hands[1] + other.aside
    random.Random(2).shuffle(pool)
    sizes = (len(game.hands[0]), len(game.hands[1]))
    other.hands = [sorted(pool[: sizes[0]]), sorted(pool[sizes[0] : sum(sizes)])]
    other.aside = pool[sum(sizes) :]
    assert render_table(game.view(None), NAMES) == render_table(other.view(None), NAMES)


def test_table_sizes_and_a_long_season() -> None:
    for plies in (0, 5, 40, 400):
        image = draw_table(played(9, plies).view("A"), NAMES)
        assert image.width == 960 and 700 <= image.height <= 900


def test_the_hand_shows_every_card_numbered() -> None:
    view = played(1, 0).view("A")
    image = draw_hand(view, frozenset({0, 1}))
    assert image.width < 900 and image.height > 2 * 117  # two rows of cards
    assert len(view.hand) == 15


def test_rules_help_has_its_credit_and_picture() -> None:
    text = topic_text("decktet")
    assert "P.D. Magnus" in text and "CC BY-NC-SA 3.0" in text and len(text) < 1900
    with Image.open(io.BytesIO(topic_image("decktet"))) as picture:
        assert picture.width > 400 and picture.height > 300
