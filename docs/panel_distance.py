"""How far a player scrolls between the newest table and their hand panel, move by move,
in the local preview in a real browser (issue 32: a panel edited where it was first posted
drifted ~1,000 px up a move).

Alice and Bob play a game in `caravan-bot local` through headless Chromium (Playwright;
Debian's chromium) at 1920x1080, each keeping the hand panel open after opening it once.
Before each move the page is viewed as the player to move, and the script prints the gap
from the bottom of the newest table to the top of their panel (negative: the panel is
above the table), and the height of table and panel together.

    pip install -e '.[docs]'
    python docs/panel_distance.py [--moves 40] [--chromium /usr/bin/chromium]

Prints one line a move, then `max_gap: N px`, `under_the_table_within_one_screen: K of M
moves` and `max_table_and_panel: N px`.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from playwright.async_api import async_playwright
from shoot import (
    FLAGS,
    LOADED,
    command,
    idle,
    last_turn,
    mover,
    play,
    press,
    settle,
    start_preview,
    view_as,
)

SCREEN = {"width": 1920, "height": 1080}

# the newest public table and the viewer's newest hand panel, by their images' alt text
MEASURE = """() => {
  const all = [...document.querySelectorAll('#channel-message-list article.channel-message')];
  const isPanel = (a) => a.querySelector('.message-ephemeral-note')
    && a.querySelector('img[alt="Your hand"]');
  const isTable = (a) => !a.querySelector('.message-ephemeral-note')
    && a.querySelector('img[alt^="Position 1"]');
  const table = all.filter(isTable).pop();
  const panel = all.filter(isPanel).pop();
  if (!table || !panel) return null;
  const t = table.getBoundingClientRect(), p = panel.getBoundingClientRect();
  return {gap: Math.round(p.top - t.bottom), span: Math.round(p.bottom - t.top),
          below: p.top >= t.bottom};
}"""


async def run(
    url: str, moves: int, chromium: str, shots: Path | None
) -> list[dict[str, int] | None]:
    found: list[dict[str, int] | None] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium, args=FLAGS)
        page = await browser.new_page(viewport=SCREEN)  # type: ignore[arg-type]
        await page.goto(url)
        await settle(page)
        await command(page, "/caravan challenge", "Bob")
        await view_as(page, "Bob")
        await press(page, "Accept")
        opened: set[str] = set()
        retried = 0  # moves that took a second try (a press the page lost)
        for number in range(1, moves + 1):
            text = await page.locator("#channel-message-list").inner_text()
            if "Game over" in text.split("your move")[-1]:
                print(f"move {number}: the game is over")
                break
            player = await mover(page)
            await view_as(page, player)
            if player not in opened:  # the first time: open the hand; then keep it
                await press(page, "Your hand")
                opened.add(player)
            else:
                await page.locator("nav.message-navigation button").last.click()
                await settle(page)
            await idle(page)
            await page.wait_for_function(LOADED, timeout=15000)
            measured = await page.evaluate(MEASURE)
            found.append(measured)
            if shots is not None:
                await page.screenshot(path=str(shots / f"move-{number:02}.png"))
            if measured is None:
                print(f"move {number} ({player}): no panel or table found")
            else:
                print(
                    f"move {number} ({player}): panel {measured['gap']} px under the newest "
                    f"table (table and panel together {measured['span']} px tall)"
                )
            before = await last_turn(page)
            for attempt in range(3):  # a press the page lost is pressed again
                await play(page)
                await idle(page)
                if await last_turn(page) != before:
                    retried += attempt
                    break
            else:
                shot = Path(tempfile.gettempdir()) / "panel_distance_failure.png"
                await page.screenshot(path=str(shot))
                raise SystemExit(f"move {number} was not played (the page: {shot})")
        await browser.close()
    print(f"moves_pressed_again: {retried}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--shots", type=Path, help="a folder for a screenshot before each move")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_preview(Path(folder))
        try:
            found = asyncio.run(run(url, args.moves, args.chromium, args.shots))
        finally:
            process.terminate()
            process.wait()
    seen = [m for m in found if m is not None]
    if not seen:
        sys.exit("nothing measured")
    print(f"max_gap: {max(abs(m['gap']) for m in seen)} px")
    near = sum(1 for m in seen if 0 <= m["gap"] < SCREEN["height"])
    print(f"under_the_table_within_one_screen: {near} of {len(found)} moves")
    print(f"max_table_and_panel: {max(m['span'] for m in seen)} px")


if __name__ == "__main__":
    main()
