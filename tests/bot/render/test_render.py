"""The table and hand images: snapshots of the gallery, the worst-case layout, privacy, the
encoder, and what the hand marks as playable."""

from __future__ import annotations

import dataclasses
import io
import subprocess
import sys
from itertools import combinations, pairwise
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.games.gallery import write
from bot.render import style
from bot.render.gallery import NAMES, Scene, hands, play_until, scenes, worst_case_view
from bot.render.hand import draw_hand, playable, render_hand
from bot.render.table import STEP, WIDTH, draw_table, render_table
from engine import Card, Game, Rules

SNAPSHOTS = Path(__file__).parents[1] / "snapshots"
SCENES = {scene.name: scene for scene in scenes()}


def drawn_as_committed(drawn: Path, committed: Path) -> None:
    """Every image drawn into `drawn` is, within a small tolerance, the committed one of
    its name in `committed` (art is drawn by a script, never edited by hand)."""
    for path in sorted(drawn.iterdir()):
        with Image.open(path) as fresh, Image.open(committed / path.name) as stored:
            difference = ImageChops.difference(fresh.convert("RGBA"), stored.convert("RGBA"))
            assert max(ImageStat.Stat(difference).mean) < 2.0, path.name


def close_to(image: Image.Image, path: Path) -> bool:
    """Within a small tolerance of the stored image (font hinting may move a pixel)."""
    with Image.open(path) as stored:
        if stored.size != image.size:
            return False
        difference = ImageChops.difference(image.convert("RGB"), stored.convert("RGB"))
        return max(ImageStat.Stat(difference).mean) < 1.0


@pytest.mark.parametrize("name", sorted(SCENES))
def test_table_snapshots(name: str) -> None:
    # Regenerate after a deliberate change: python -m bot.games.gallery tests/bot/snapshots
    assert close_to(SCENES[name].table(), SNAPSHOTS / f"{name}.png"), name


def test_hand_snapshots() -> None:
    for name, image in hands():
        assert close_to(image, SNAPSHOTS / f"{name}.png"), name


def test_snapshots_catch_a_changed_table() -> None:
    scene = SCENES["midgame"]
    other = Scene("midgame", SCENES["opening"].view, NAMES, None)
    assert not close_to(other.table(), SNAPSHOTS / f"{scene.name}.png")


def test_worst_case_fits_without_overlaps() -> None:
    image, drawn = draw_table(worst_case_view(), {"A": "A" * 300, "B": "\U0001f600" * 40})
    assert drawn.boxes
    for _, _, _, (left, top, right, bottom) in drawn.boxes:
        assert left >= 0 and right <= image.width and top >= 0 and bottom <= image.height
    columns: dict[tuple[str, int], list[tuple[int, int, int, int]]] = {}
    for _, seat, number, box in drawn.boxes:
        columns.setdefault((seat, number), []).append(box)
    spans = {
        key: (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
        for key, boxes in columns.items()
    }
    assert len(spans) == 6
    for (key, one), (other_key, two) in combinations(spans.items(), 2):
        apart_x = one[2] <= two[0] or two[2] <= one[0]
        apart_y = one[3] <= two[1] or two[3] <= one[1]
        assert apart_x or apart_y, (key, other_key)
    assert image.width == WIDTH


def test_a_thirteen_card_caravan_keeps_every_row_visible() -> None:
    _, drawn = draw_table(worst_case_view(), NAMES)
    tops = sorted(
        box[1]
        for kind, seat, number, box in drawn.boxes
        if kind == "card" and (seat, number) == ("A", 1)
    )
    assert len(tops) == 13
    assert min(b - a for a, b in pairwise(tops)) >= 28  # the rank stays readable


def test_the_public_table_does_not_depend_on_hidden_cards() -> None:
    game, _ = play_until(7, lambda g, e: g.ply >= 20)
    position = game.to_position()
    hand, deck = position["B"]["hand"].split(), position["B"]["deck"].split()
    hand[0], deck[-1] = deck[-1], hand[0]  # another card in B's hand, same counts
    position["B"]["hand"], position["B"]["deck"] = " ".join(hand), " ".join(deck)
    other = Game.from_position(position)
    assert other.hand("B") != game.hand("B")
    assert render_table(game.view(None), NAMES) == render_table(other.view(None), NAMES)
    assert render_table(game.view("A"), NAMES) == render_table(other.view("A"), NAMES)


def test_names_the_font_cannot_draw_fall_back() -> None:
    assert style.drawable("Bob \U0001f920 \u6771\u4eac") == "Bob"
    assert (
        style.drawable("\u0414\u043c\u0438\u0442\u0440\u0438\u0439")
        == "\u0414\u043c\u0438\u0442\u0440\u0438\u0439"
    )
    assert style.has_glyph("\u2663") and not style.has_glyph("\U0001f920")
    game = Game.new(Rules("new-vegas"), seed=1)
    named = draw_table(game.view(None), {"A": "\U0001f920", "B": "Bob"})[0]
    fallback = draw_table(game.view(None), {"A": "Player A", "B": "Bob"})[0]
    assert ImageChops.difference(named, fallback).getbbox() is None


def test_encoder_writes_a_png_pillow_reads_back_exactly() -> None:
    image = SCENES["joker"].table()
    data = style.encode(image)
    with Image.open(io.BytesIO(data)) as decoded:
        assert decoded.format == "PNG" and decoded.size == image.size
        assert ImageChops.difference(decoded.convert("RGB"), image).getbbox() is None


def test_mid_game_png_is_small() -> None:
    scene = SCENES["midgame"]
    assert len(render_table(scene.view, scene.names, scene.last)) < 250_000


def test_hand_marks_cards_that_can_go_on_the_table() -> None:
    game, _ = play_until(7, lambda g, e: g.ply >= 26 and g.mover == "A")
    view = game.view("A")
    live = playable(view)
    assert live and all(
        any(m.card == card and m.action != "discard" for m in view.legal_moves) for card in live
    )
    image = draw_hand(view)
    for i, card in enumerate(view.hand):
        centre = (16 + i * (style.CARD_W + 12) + style.CARD_W // 2, 40 + 6)
        brightness = sum(image.getpixel(centre)[:3])  # type: ignore[index]
        assert (brightness > 500) == (card in live), (card, brightness)


def test_hand_of_the_player_waiting_is_not_dimmed() -> None:
    game = Game.new(Rules("new-vegas"), seed=4)
    waiting = game.view("B" if game.mover == "A" else "A")
    assert not waiting.legal_moves and len(waiting.hand) == 8
    image = draw_hand(waiting)
    assert sum(image.getpixel((16 + style.CARD_W // 2, 46))[:3]) > 500  # type: ignore[index]
    assert render_hand(waiting)[:8] == b"\x89PNG\r\n\x1a\n"


def test_gallery_writes_every_scene(tmp_path: Path) -> None:
    written = write(tmp_path)
    hands = {"hand-opening", "hand-midgame"}
    decktet = {"decktet-midseason", "decktet-hand", "decktet-hand-over"}
    assert {p.stem for p in written} == set(SCENES) | hands | decktet
    assert all(p.stat().st_size > 1000 for p in written)


def test_card_label() -> None:
    assert [style.card_label(Card.parse(c)) for c in ("Td", "As", "X", "Kh")] == [
        "10\u2666",
        "A\u2660",
        "Joker",
        "K\u2665",
    ]


INLINE = 550  # Discord's inline width of an image in a message


def test_removed_cards_read_at_discords_inline_size() -> None:
    scene = SCENES["joker"]
    assert scene.last is not None and scene.last.removed
    image, drawn = draw_table(scene.view, scene.names, scene.last, "note")
    boxes = [box for kind, _, _, box in drawn.boxes if kind == "removed"]
    assert len(boxes) == len(scene.last.removed) + sum(len(r.attached) for r in scene.last.removed)
    scale = INLINE / image.width
    for left, top, right, bottom in boxes:
        assert (right - left) * scale >= 30 and (bottom - top) * scale >= 45
        assert bottom <= image.height


def test_a_covered_joker_still_shows_its_name() -> None:
    """On the table a card placed over a picture card leaves its top `STEP` pixels showing
    (as a number card's corner): the Joker's name is drawn there, in its amber."""
    art = style.card_art(Card.parse("X")).convert("RGB")
    shown = art.crop((0, 0, art.width, STEP))
    amber = sum(1 for r, g, b in shown.getdata() if r > 200 and 120 < g < 210 and b < 80)
    assert amber > 150, amber


def test_an_ending_with_no_move_says_the_result_in_the_footer() -> None:
    """A resigned or claimed game's final table has no last move: its footer says the
    result, never the opening's "The game begins."."""
    view = SCENES["opening"].view
    ended = dataclasses.replace(view, phase="over", winner="B", end_reason="resigned")
    with_note = draw_table(ended, NAMES, None, "", "Bob wins: resignation.")[0]
    plain_footer = draw_table(ended, NAMES, None, "The game begins.", "Bob wins: resignation.")[0]
    assert ImageChops.difference(with_note, plain_footer).getbbox() is not None


def test_nothing_under_bot_render_nor_the_game_kinds_imports_discord() -> None:
    """The images, and the game kinds with their words and hand controls (`bot.games`,
    registered in `bot.kinds`), are made without Discord: a fresh interpreter importing all
    of them has no `discord` module loaded."""
    code = (
        "import importlib, pkgutil, sys, bot.render, bot.games\n"
        "for package in (bot.render, bot.games):\n"
        "    for found in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "        importlib.import_module(found.name)\n"
        "import bot.kinds\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'discord'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def _ink_height(image: Image.Image, box: tuple[int, int, int, int], ink: tuple[int, ...]) -> int:
    """The height in pixels, at Discord's inline width (550), of the text drawn in `ink`
    inside `box` of a 960-pixel image: its tallest line, ascenders to descenders."""
    part = image.convert("RGB").crop(box)
    rows = [
        y
        for y in range(part.height)
        if any(
            sum(abs(a - b) for a, b in zip(part.getpixel((x, y)), ink, strict=False)) < 60
            for x in range(part.width)
        )
    ]
    runs, start = [], rows[0] if rows else 0
    for before, after in pairwise(rows):
        if after != before + 1:
            runs.append(before - start + 1)
            start = after
    if rows:
        runs.append(rows[-1] - start + 1)
    return round(max(runs, default=0) * 550 / WIDTH)


def test_the_footer_and_the_counts_read_at_discords_inline_width() -> None:
    """Seen at 550 pixels: the narration and "Hand · Deck · Discard" were ~6-pixel letters."""
    image = SCENES["midgame"].table()
    height = image.height
    footer = _ink_height(image, (0, height - 80, WIDTH, height), style.INK)
    counts = _ink_height(image, (WIDTH // 2, height - 80 - 52, WIDTH, height - 80), style.MUTED)
    assert footer >= 12 and counts >= 10, (footer, counts)
