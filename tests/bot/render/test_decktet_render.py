"""Decktet Caravan's pictures: our own card faces (complete, reproducible), the table and
the hand drawn from views only, and the rules help's example plays."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import bot.games.decktet.words as words
from bot.games.words import result
from bot.help import topic_image, topic_text
from bot.inert import NAME_LENGTH, plain
from bot.render import style
from bot.render.decktet_art import DECKTET_DIR, SUIT_COLOURS, draw_all, file_name
from bot.render.decktet_table import (
    HEADER,
    PLAYER,
    SIDE,
    draw_hand,
    draw_table,
    hand_lines,
    render_table,
)
from bot.render.gallery import decktet_images
from bot.render.style import BAR, INK, SEAT_COLOURS, Colour
from engine.decktet import DECK, DecktetEvent, DecktetGame, DecktetRules, DecktetView
from engine.decktet.ai import GreedyPlayer
from engine.decktet.plays import parse_play
from tests.bot.render.test_render import SNAPSHOTS, close_to, drawn_as_committed

NAMES = {"A": "Alice", "B": "Bob"}
# Display names as long as Discord allows (bot.inert keeps them to 32 characters): one of
# the widest letters, one as a real name would run.
LONGEST = {"A": "W" * NAME_LENGTH, "B": "Sir Reginald Montgomery-Fitzwill"}
INLINE = 550  # Discord's inline width of an image in a message


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
        assert image.width == 960 and 400 <= image.height <= 960
    game = played(9, 0)
    longest = ["2SY+3SK+4MS+5ML+6LK+7ML+8MS", "3MV+4VL+5SV+6SY+7VY+8VL+9VY"]
    longest += ["AM", "CrS", "AY+CrL", "AV+CrV"]  # six plays, two of the longest caravans
    image = draw_table(in_season(game.view(None), *longest), NAMES)
    assert image.width == 960 and image.height <= 960


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


def in_season(view: DecktetView, *plays: str) -> DecktetView:
    """`view` with this season's plays made `plays`, A leading (cards are not checked
    against the hands: only the table is drawn)."""
    season = tuple(("AB"[i % 2], parse_play(play)) for i, play in enumerate(plays))
    return replace(view, season=season, turn="AB"[len(plays) % 2])


def at_inline_width(image: Image.Image) -> Image.Image:
    """`image` as Discord shows it in a message: scaled down to 550 pixels wide."""
    height = round(image.height * INLINE / image.width)
    return image.convert("RGB").resize((INLINE, height), Image.Resampling.LANCZOS)


def near(pixel: Any, colour: tuple[int, ...], tolerance: int) -> bool:
    return all(abs(int(p) - c) <= tolerance for p, c in zip(pixel, colour[:3]))


def blobs(image: Image.Image, colour: tuple[int, ...], left: int) -> list[tuple[int, int]]:
    """The (width, height) of each connected patch of pixels near `colour` right of `left`
    (patches of fewer than 4 pixels are anti-aliasing, left out)."""
    pixels = image.load()
    assert pixels is not None
    width, height = image.size
    seen: set[tuple[int, int]] = set()
    found = []
    for start in ((x, y) for y in range(height) for x in range(left, width)):
        if start in seen or not near(pixels[start], colour, 40):
            continue
        patch, todo = [], [start]
        seen.add(start)
        while todo:
            x, y = todo.pop()
            patch.append((x, y))
            for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                inside = left <= step[0] < width and 0 <= step[1] < height
                if inside and step not in seen and near(pixels[step], colour, 40):
                    seen.add(step)
                    todo.append(step)
        if len(patch) >= 4:
            xs, ys = [x for x, _ in patch], [y for _, y in patch]
            found.append((max(xs) - min(xs) + 1, max(ys) - min(ys) + 1))
    return found


PARCHMENT = (244, 236, 216)  # a card face's ground


def test_a_play_reads_at_discords_inline_width() -> None:
    """Scaled to Discord's 550 pixels, a card of a play is at least 50 pixels wide and each
    suit sign in the corner of an overlapped card at least 9 (the 2MK, 3MV and 4MS each
    show a Moons crescent in their corner; the 4MS a large one in its middle too)."""
    view = in_season(played(4, 0).view(None), "2MK+3MV+4MS", "3SK+4YK+5YK")
    image = at_inline_width(draw_table(view, NAMES))
    season = round(SIDE * INLINE / 960) + 2  # right of the indicators
    pixels = image.load()
    assert pixels is not None
    widest = 0
    for y in range(image.height):
        run = 0
        for x in range(season, image.width):
            run = run + 1 if near(pixels[x, y], PARCHMENT, 12) else 0
            widest = max(widest, run)
    assert widest >= 50, f"a card is {widest} pixels wide at 550"
    moons = blobs(image, SUIT_COLOURS["M"], season)
    assert len(moons) >= 4, moons
    assert min(max(size) for size in moons) >= 9, f"Moons signs at 550: {sorted(moons)}"


def flat_share(image: Image.Image, tile: int = 20) -> float:
    """The share of `image`'s 20-pixel squares that are one flat colour: empty space."""
    flat = total = 0
    for y in range(0, image.height - tile + 1, tile):
        for x in range(0, image.width - tile + 1, tile):
            extrema = image.crop((x, y, x + tile, y + tile)).getextrema()
            total += 1
            flat += all(high - low <= 6 for low, high in extrema)
    return flat / total


def test_the_table_has_little_empty_space_at_discords_inline_width() -> None:
    """Over a real game's first 30 tables, as Discord shows them, under a third of the
    image is empty (squares of 20 pixels in one flat colour)."""
    game = DecktetGame.new(seed=9)
    rng = random.Random(9)
    shares = []
    for _ in range(30):
        event = game.play(GreedyPlayer().choose(game.view(game.mover), rng))
        image = draw_table(game.view(None), NAMES, event, words.describe(event, NAMES))
        shares.append(flat_share(at_inline_width(image)))
    assert sum(shares) / len(shares) < 1 / 3, [round(share, 2) for share in shares]


Drawn = list[tuple[float, str, int, bool]]  # each text drawn: x, words, size, bold


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Every text the table draws, in order."""
    drawn: Drawn = []
    original = style.text

    def spy(
        canvas: Image.Image,
        xy: tuple[float, float],
        said: str,
        size: int,
        colour: Colour,
        anchor: str = "lm",
        bold: bool = True,
    ) -> float:
        drawn.append((xy[0], said, size, bold))
        return original(canvas, xy, said, size, colour, anchor, bold)

    monkeypatch.setattr(style, "text", spy)
    yield drawn


def assert_drawn_whole(drawn: Drawn, text: str) -> None:
    """`text` is drawn in full, line after line, each line inside the canvas, at a size
    that reads at Discord's inline width (10 pixels and more)."""
    for start in range(len(drawn)):
        lines: Drawn = []
        joined = ""
        for line in drawn[start:]:
            if not text.startswith(f"{joined} {line[1]}".strip()):
                break
            lines.append(line)
            joined = f"{joined} {line[1]}".strip()
        if joined == text:
            for x, said, size, bold in lines:
                assert x + style.length(said, size, bold) <= 960, said
                assert size * INLINE / 960 >= 10, (said, size)
            return
    raise AssertionError(f"not drawn whole: {text!r}")


def test_the_longest_caption_is_drawn_whole(drawn_text: Drawn) -> None:
    """The longest play there is (eight cards with the longest names, three of them
    Crowns), led by a player with a 32-character name who goes out with it: its words are
    drawn in full, never cut with an ellipsis."""
    assert all(plain(name) == name for name in LONGEST.values())
    play = parse_play("CrY=2+3LY+4YK+CrK=5+6LK+7ML+8MS+CrM=9")
    view = replace(in_season(played(1, 0).view(None), str(play)), went_out="A", hand_sizes=(0, 9))
    event = DecktetEvent(9, "A", play, True, True, None, None, None)
    note = words.describe(event, LONGEST)
    assert len(note) > 400
    draw_table(view, LONGEST, event, note)
    assert_drawn_whole(drawn_text, note)


def finished(winner: str, hands: int = 1) -> tuple[DecktetView, DecktetEvent]:
    """A real game played to its end, its result made `winner`'s ("draw" for a draw)."""
    game = DecktetGame.new(DecktetRules(hands), seed=2)
    rng = random.Random(2)
    event = None
    while not game.is_over:
        event = game.play(rng.choice(game.legal_moves()))
    assert event is not None and event.hand_end is not None
    return replace(game.view(None), winner=winner), replace(event, winner=winner)


def test_the_final_caption_is_drawn_whole(drawn_text: Drawn) -> None:
    """A game of 15 hands between players with 32-character names: the result and the
    last hand's score are drawn in full."""
    view, event = finished("B", hands=15)
    final = str(result("B", "score", LONGEST))
    draw_table(view, LONGEST, event, words.describe(event, LONGEST), final)
    assert_drawn_whole(drawn_text, final)
    assert event.hand_end is not None
    for line in hand_lines(event.hand_end, LONGEST):
        assert_drawn_whole(drawn_text, line)


def colour_count(image: Image.Image, box: tuple[int, int, int, int], colour: Colour) -> int:
    """How many pixels in `box` are within 30 of `colour` in every channel."""
    region = image.convert("RGB").crop(box)
    difference = ImageChops.difference(region, Image.new("RGB", region.size, colour))
    close = [band.point(lambda v: 255 if v <= 30 else 0) for band in difference.split()]
    both = ImageChops.multiply(ImageChops.multiply(close[0], close[1]), close[2])
    return both.histogram()[255]


def footer_top(image: Image.Image) -> int:
    """Where the footer (the bar colour, from the left edge down to the bottom) starts."""
    y = image.height - 1
    while y > 0 and near(image.getpixel((0, y - 1)), BAR, 2):
        y -= 1
    return y


@pytest.mark.parametrize("winner", ["A", "B"])
def test_the_winner_is_marked_in_their_colour(winner: str) -> None:
    """As on the New Vegas table: the winner's bar carries a WINNER mark in the winner's
    colour (thousands of pixels of it more than the same table drawn as a draw), the
    loser's bar none; the result line under the table is in the winner's colour, with not
    a pixel of the loser's."""
    loser = "B" if winner == "A" else "A"
    view, event = finished(winner)
    image = draw_table(view, NAMES, event, "", str(result(winner, "score", NAMES)))
    unmarked = draw_table(replace(view, winner="draw"), NAMES, event)
    bars = {
        seat: (0, HEADER + i * PLAYER, 960, HEADER + (i + 1) * PLAYER)
        for i, seat in enumerate("AB")
    }
    colour = SEAT_COLOURS[winner]
    mark = colour_count(image, bars[winner], colour) - colour_count(unmarked, bars[winner], colour)
    assert mark > 1500, f"the WINNER mark: {mark} more pixels of the winner's colour"
    other = SEAT_COLOURS[loser]
    assert colour_count(image, bars[loser], other) == colour_count(unmarked, bars[loser], other)
    footer = (0, footer_top(image), 960, image.height)
    assert colour_count(image, footer, colour) > 300
    assert colour_count(image, footer, other) == 0


def test_a_draw_marks_nobody() -> None:
    """A draw: no WINNER mark in either bar, the result line in the plain ink."""
    view, event = finished("draw")
    image = draw_table(view, NAMES, event, "", str(result("draw", "score", NAMES)))
    for i, seat in enumerate("AB"):
        won = draw_table(replace(view, winner=seat), NAMES, event)
        bar, colour = (0, HEADER + i * PLAYER, 960, HEADER + (i + 1) * PLAYER), SEAT_COLOURS[seat]
        assert colour_count(won, bar, colour) - colour_count(image, bar, colour) > 1500
    footer = (0, footer_top(image), 960, image.height)
    assert colour_count(image, footer, INK) > 300
    assert not any(colour_count(image, footer, SEAT_COLOURS[seat]) for seat in "AB")
