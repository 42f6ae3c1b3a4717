"""How long a table and a hand take to draw and encode: `python benchmarks/render_speed.py`.

Prints `name: value unit` lines: the mid-game table (the gallery's "midgame" scene; also in
German, and the move's sentence said in English and German, to show what a language costs), the
worst case (13 number cards carrying 3 picture cards in every caravan), the hand, and, to
back the encoder choice, the mid-game table through our encoder and Pillow's at several
levels. Card art is loaded and
scaled once per process, as in the bot, so the first render is left out.
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.new_vegas.words import describe
from bot.i18n import ENGLISH, Catalogue, catalogue
from bot.render import style
from bot.render.gallery import Scene, scenes
from bot.render.hand import render_hand
from bot.render.table import render_table
from engine import Game, Rules

RUNS = 60


def timings(work: Callable[[], object], runs: int = RUNS) -> list[float]:
    work()  # warm the card cache
    spent = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        spent.append((time.perf_counter() - start) * 1000)
    return spent


def table_png(scene: Scene, words: Catalogue = ENGLISH) -> bytes:
    note = words.say(describe(scene.last, scene.names)) if scene.last else None
    return render_table(scene.view, scene.names, scene.last, note, None, words)


def main() -> None:
    found = {scene.name: scene for scene in scenes()}
    mid, worst = found["midgame"], found["worst-case"]
    spent = timings(lambda: table_png(mid))
    print(f"table_ms_median: {statistics.median(spent):.1f} ms")
    print(f"table_ms_p95: {statistics.quantiles(spent, n=20)[-1]:.1f} ms")
    print(f"table_bytes: {len(table_png(mid))} bytes")
    german = catalogue("de")
    spent = timings(lambda: table_png(mid, german))
    print(f"table_de_ms_median: {statistics.median(spent):.1f} ms")
    assert mid.last is not None
    last = mid.last
    for language, words in (("en", ENGLISH), ("de", german)):
        spent = timings(lambda words=words: words.say(describe(last, mid.names)), 2000)
        print(f"move_words_{language}_us_median: {1000 * statistics.median(spent):.1f} us")
    spent = timings(lambda: table_png(worst), RUNS // 2)
    print(f"worst_table_ms_median: {statistics.median(spent):.1f} ms")
    print(f"worst_table_bytes: {len(table_png(worst))} bytes")
    seat_view = Game.new(Rules("new-vegas"), seed=7).view("A")
    spent = timings(lambda: render_hand(seat_view))
    print(f"hand_ms_median: {statistics.median(spent):.1f} ms")
    image = mid.table()
    spent = timings(lambda: style.encode(image), 20)
    print(f"encode_ours_ms_median: {statistics.median(spent):.1f} ms")
    print(f"encode_ours_bytes: {len(style.encode(image))} bytes")
    for level in (0, 1, 6, 9):
        out = io.BytesIO()
        spent = timings(lambda lv=level: image.save(io.BytesIO(), "PNG", compress_level=lv), 20)
        image.save(out, "PNG", compress_level=level)
        print(f"encode_level{level}_ms_median: {statistics.median(spent):.1f} ms")
        print(f"encode_level{level}_bytes: {out.tell()} bytes")
    spent = timings(mid.table)
    print(f"compose_ms_median: {statistics.median(spent):.1f} ms")
    print(f"table_pixels: {image.width}x{image.height} px")


if __name__ == "__main__":
    main()
