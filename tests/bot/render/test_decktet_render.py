"""Decktet Caravan's pictures: our own card faces (complete, reproducible), the table and
the hand drawn from views only, and the rules help's example plays."""

from __future__ import annotations

import io
import itertools
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
from bot.i18n import ENGLISH, Catalogue
from bot.inert import NAME_LENGTH, plain
from bot.render import style
from bot.render.decktet_art import DECKTET_DIR, SUIT_COLOURS, draw_all, file_name
from bot.render.decktet_hand import draw_hand, render_hand
from bot.render.decktet_table import (
    HEADER,
    PLAYER,
    SIDE,
    draw_table,
    render_table,
)
from bot.render.gallery import decktet_images
from bot.render.style import BAR, INK, SEAT_COLOURS, Colour
from engine.decktet import DECK, DecktetEvent, DecktetGame, DecktetRules, DecktetView
from engine.decktet.ai import GreedyPlayer
from engine.decktet.plays import parse_play
from tests import decktet_positions as positions
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
    # Regenerate after a deliberate change: python -m bot.games.gallery tests/bot/snapshots
    images = decktet_images()
    assert [name for name, _ in images] == [
        "decktet-midseason",
        "decktet-hand",
        "decktet-hand-over",
    ]
    for name, image in images:
        assert close_to(image, SNAPSHOTS / f"{name}.png"), name


def played(seed: int, plies: int) -> DecktetGame:
    return positions.played(seed, plies, GreedyPlayer())


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
    note = str(words.describe(event, LONGEST))
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
    for line in words.hand_lines(event.hand_end, LONGEST):
        assert_drawn_whole(drawn_text, str(line))


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


# A stand-in language whose every word on the table and the hand is longer than the
# English (as German's are): each sentence must go through the catalogue, and the layout
# must measure these words (not the English) to keep them inside the image.
LONGER: dict[str, str | tuple[str, ...]] = {
    "DECKTET CARAVAN \u00b7 hand {number} of {hands}": (
        "DECKTET-KARAWANE \u00b7 ÜBERSCHRIFT \u00b7 Hand {number} von {hands}"
    ),
    "game over": "DAS SPIEL IST VOLLSTÄNDIG ZU ENDE",
    "{player} to play": "{player} IST AM ZUG",
    "score": "Punktestand",
    "{count} collected": ("{count} gesammelt", "{count} gesammelt"),
    "{count} in hand": ("{count} auf der Hand", "{count} auf der Hand"),
    "led this hand": "eröffnete die Hand",
    "WINNER": "GEWINNER",
    "Player {seat}": "Spielerin {seat}",
    "INDICATORS": "ANZEIGERKARTEN DER RUNDE",
    "{sign} per {suit} card": "{sign} FÜR JEDE EINZELNE {suit}-KARTE",
    "Moons": "MONDE",
    "Suns": "SONNEN",
    "Waves": "WELLEN",
    "Leaves": "BLÄTTER",
    "Wyrms": "LINDWÜRMER",
    "Knots": "KNOTEN",
    "THIS SEASON": "DIESE JAHRESZEIT MIT ALLEN IHREN ZÜGEN",
    "THIS SEASON: nothing played yet": "DIESE JAHRESZEIT: BISHER WURDE NOCH GAR NICHTS GESPIELT",
    "LAST SEASON: {player} collected these": "LETZTE JAHRESZEIT: {player} HAT DIESE GESAMMELT",
    "HAND {number} OVER: {player} collected its last season": (
        "RUNDE {number} VORBEI: {player} HAT IHRE LETZTE JAHRESZEIT GESAMMELT"
    ),
    "{player} went out: one last reply": "{player} HAT KEINE KARTEN MEHR: EINE LETZTE ANTWORT",
    "{heading} \u00b7 {count} earlier play not shown": (
        "{heading} \u00b7 {count} FRÜHERER ZUG NICHT GEZEIGT",
        "{heading} \u00b7 {count} FRÜHERE ZÜGE NICHT GEZEIGT",
    ),
    "pass": "PASSEN",
    "a caravan of one ({top})": "EINE KARAWANE AUS EINER EINZIGEN KARTE ({top})",
    "a caravan of {length}, {low} to {top}": (
        "EINE KARAWANE AUS {length} KARTEN, VON {low} BIS EINSCHLIESSLICH {top}"
    ),
    "a Crown bandit": "EIN RÄUBER MIT EINER KRONE",
    "an Ace bandit": "EIN RÄUBER MIT EINEM ASS",
    "Hand {number}: {scores}": "ERGEBNIS DER RUNDE {number}: {scores}",
    "Your hand: the game is over": "DEINE HAND: DAS SPIEL IST VOLLSTÄNDIG ZU ENDE",
    "Your hand: waiting for your opponent": "DEINE HAND: WARTEN AUF DIE GEGNERIN ODER DEN GEGNER",
    "Your hand: lead a caravan": "DEINE HAND: ERÖFFNE DIE JAHRESZEIT MIT EINER KARAWANE",
    "Your hand: beat {last}, or pass": "DEINE HAND: SCHLAGE {last} ODER PASSE EINFACH",
    "{count} card": ("{count} KARTE IN DER HAND", "{count} KARTEN IN DER HAND"),
    "No cards in hand": "KEINE EINZIGE KARTE MEHR AUF DER HAND VORHANDEN",
}
STAND_IN = Catalogue(
    "xx", {(None, english): said for english, said in LONGER.items()}, lambda n: int(n != 1)
)


def doubled(said: str | tuple[str, ...]) -> str | tuple[str, ...]:
    if isinstance(said, tuple):
        return tuple(f"{form} {form}" for form in said)
    return f"{said} {said}"


# Far longer still: every word twice over, to show nothing runs past the edge.
TWICE = Catalogue(
    "xy",
    {(None, english): doubled(said) for english, said in LONGER.items()},
    lambda n: int(n != 1),
)


Said = list[tuple[str, float, float, float]]  # each text drawn: words, left, right, y


@pytest.fixture
def said_at(monkeypatch: pytest.MonkeyPatch) -> Iterator[Said]:
    """Every text drawn, with its left and right ends (as its anchor places them) and its
    height, in order."""
    drawn: Said = []
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
        width = style.length(said, size, bold)
        right = xy[0] + {"l": width, "m": width / 2, "r": 0.0}[anchor[0]]
        drawn.append((said, right - width, right, xy[1]))
        return original(canvas, xy, said, size, colour, anchor, bold)

    monkeypatch.setattr(style, "text", spy)
    yield drawn


def inside(image: Image.Image, columns: int = 6) -> bool:
    """Nothing drawn in the rightmost `columns` of pixels: each pixel there is the felt, a
    bar's or a band's colour (the background it is drawn on)."""
    backgrounds = {style.FELT, style.BAR, style.BAND}
    rgb = image.convert("RGB")
    return all(
        rgb.getpixel((x, y)) in backgrounds
        for x in range(image.width - columns, image.width)
        for y in range(image.height)
    )


def within(drawn: Said, width: int) -> None:
    """No text drawn runs past `width`, and none overlaps another on a player's bar."""
    for text, _left, right, _y in drawn:
        assert right <= width + 0.5, (text, right)
    for bar in (HEADER + PLAYER / 2, HEADER + PLAYER * 3 / 2):
        row = sorted((left, right, text) for text, left, right, y in drawn if abs(y - bar) <= 1)
        for (_l, right, text), (left, _r, following) in itertools.pairwise(row):
            assert right + 10 <= left, (text, following)


def test_the_table_is_drawn_in_the_readers_language(said_at: Said) -> None:
    """With a stand-in language whose words are all longer, the table is another image;
    every word drawn is that language's, and none runs past the right edge."""
    view = in_season(played(9, 0).view(None), "AM", "CrS", "2SY+3SK", "AY+CrL", "4MS", "5ML")
    view = replace(view, leader="A")
    english = draw_table(view, NAMES)
    said_at.clear()
    image = draw_table(view, NAMES, words=STAND_IN)
    assert image.tobytes() != english.tobytes()
    said = " | ".join(text for text, *_where in said_at)
    for english_word in ("score", "collected", "in hand", "led this hand", "INDICATORS", "per"):
        assert english_word not in said, english_word
    for word in ("Punktestand", "0 gesammelt", "15 auf der Hand", "eröffnete die Hand"):
        assert f"| {word} |" in said, word
    assert "ANZEIGERKARTEN" in said and "FÜR JEDE" in said and "Alice IST AM ZUG" in said
    assert "1 FRÜHERER ZUG" in said  # six plays, five shown: a plural
    assert "EINE KARAWANE AUS EINER EINZIGEN KARTE" in said  # the plays beside their cards
    within(said_at, 960)
    assert inside(image)


@pytest.mark.parametrize("over", [False, True])
def test_far_longer_words_stay_inside_the_table(said_at: Said, over: bool) -> None:
    """Words twice as long as the stand-in's are shortened or wrapped, never past the edge;
    the names keep some room."""
    if over:
        view, event = finished("A")
        image = draw_table(view, LONGEST, event, "", "Alice wins", TWICE)
    else:
        view = in_season(played(9, 0).view(None), "AM", "CrS", "2SY+3SK", "AY+CrL", "4MS", "5ML")
        image = draw_table(replace(view, leader="A"), LONGEST, words=TWICE)
    within(said_at, 960)
    assert inside(image)
    names = [text for text, *_where in said_at if text.startswith(("WWW", "Sir"))]
    assert len(names) >= 2 and all(len(name) > 3 for name in names), names


def test_the_end_of_a_hand_and_the_winner_in_the_readers_language(said_at: Said) -> None:
    """The hand's score under the table, the WINNER mark and the game's end, all in the
    reader's language, and nothing past the right edge."""
    view, event = finished("A")
    image = draw_table(view, NAMES, event, "", "Alice wins", STAND_IN)
    said = " | ".join(text for text, *_where in said_at)
    assert "ERGEBNIS DER RUNDE 1" in said and "| GEWINNER |" in said and "DAS SPIEL" in said
    assert "| WINNER |" not in said and "game over" not in said
    within(said_at, 960)
    assert inside(image)
    assert draw_table(view, NAMES, event, "", "Alice wins").tobytes() != image.tobytes()


def test_a_name_the_font_cannot_draw_is_the_players_in_the_readers_language(
    said_at: Said,
) -> None:
    draw_table(played(9, 0).view(None), {"A": "\u6f22\u5b57", "B": "Bob"}, words=STAND_IN)
    assert any(text.startswith("Spieler") for text, *_where in said_at)
    said_at.clear()
    draw_table(played(9, 0).view(None), {"A": "\u6f22\u5b57", "B": "Bob"})
    assert any(text == "Player A" for text, *_where in said_at)


def test_the_hand_is_drawn_in_the_readers_language(said_at: Said) -> None:
    """The hand's title, its count and the empty hand's words are the reader's, and fit."""
    view = played(1, 0).view("A")
    english = render_hand(view, frozenset({0}))
    assert render_hand(view, frozenset({0}), ENGLISH) == english
    said_at.clear()
    image = draw_hand(view, frozenset({0}), STAND_IN)
    said = [text for text, *_where in said_at]
    assert any(text.startswith("DEINE HAND") for text in said), said
    assert "15 KARTEN IN DER HAND" in said
    assert not any("Your hand" in text or "cards" in text for text in said)
    assert style.encode(image) != english
    within(said_at, image.width)
    assert inside(image)
    said_at.clear()
    empty = draw_hand(replace(view, hand=()), words=STAND_IN)
    said = [text for text, *_where in said_at]
    assert "0 KARTEN IN DER HAND" in said and any(t.startswith("KEINE EINZIGE") for t in said)
    within(said_at, empty.width)
    assert inside(empty)


def test_a_hand_of_one_card_says_card(said_at: Said) -> None:
    """The hand's count is a plural: "1 card", "2 cards"."""
    view = played(1, 0).view("A")
    draw_hand(replace(view, hand=view.hand[:1]))
    draw_hand(replace(view, hand=view.hand[:2]))
    said = [text for text, *_where in said_at]
    assert "1 card" in said and "2 cards" in said
