"""How far a player scrolls between the newest table and their hand panel, move by move,
in the local preview in a real browser (issue 32: a panel edited where it was first posted
drifted ~1,000 px up a move).

Alice and Bob play a game in `caravan-bot local` through headless Chromium (Playwright;
Debian's chromium) at 1920x1080, each keeping the hand panel open after opening it once.
Before each move the page is viewed as the player to move, and the script prints the gap
from the bottom of the newest table to the top of their panel (negative: the panel is
above the table) and whether both are on one 1080 px screen.

    pip install -e '.[docs]'
    python docs/panel_distance.py [--moves 40] [--chromium /usr/bin/chromium]

Prints one line a move, then `max_gap: N px` and `within_one_screen: K of M moves`.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from playwright.async_api import Page, async_playwright
from shoot import FLAGS, command, mover, press, settle, start_preview, view_as

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


async def choose_first(page: Page, placeholder: str, *uses: str) -> bool:
    """Pick the first option of the last select whose placeholder starts with
    `placeholder` whose description starts with one of `uses` (any, without); False if
    there is no such select or option (the list is closed again)."""
    selects = page.locator("[role=combobox]").filter(has_text=placeholder)
    if not await selects.count():
        return False
    await selects.last.click()
    await settle(page)
    options = page.locator(".select-option:visible")
    for index in range(await options.count()):
        lines = [line.strip() for line in (await options.nth(index).inner_text()).splitlines()]
        about = lines[-1] if len(lines) > 1 else ""
        if not lines[0].lower().startswith(("page", "more", "back")) and (
            not uses or about.startswith(uses)
        ):
            await options.nth(index).click()
            await settle(page)
            return True
    await page.keyboard.press("Escape")
    await settle(page)
    return False


async def play(page: Page) -> None:
    """A move from the open panel: a card that goes on the table and its place, else a
    discard."""
    if await choose_first(page, "Choose a card", "can go on the table", "one place"):
        await choose_first(page, "Where does")
        return
    if await choose_first(page, "Or discard"):
        return
    await choose_first(page, "Choose a card", "can only be discarded")
    await choose_first(page, "Where does")


async def run(url: str, moves: int, chromium: str) -> list[dict[str, int] | None]:
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
            measured = await page.evaluate(MEASURE)
            found.append(measured)
            if measured is None:
                print(f"move {number} ({player}): no panel or table found")
            else:
                fits = measured["span"] <= SCREEN["height"]
                print(
                    f"move {number} ({player}): gap {measured['gap']} px, table top to panel "
                    f"bottom {measured['span']} px, {'one screen' if fits else 'MORE than one'}"
                )
            await play(page)
        await browser.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_preview(Path(folder))
        try:
            found = asyncio.run(run(url, args.moves, args.chromium))
        finally:
            process.terminate()
            process.wait()
    seen = [m for m in found if m is not None]
    if not seen:
        sys.exit("nothing measured")
    print(f"max_gap: {max(abs(m['gap']) for m in seen)} px")
    fits = sum(1 for m in seen if m["span"] <= SCREEN["height"] and m["gap"] >= 0)
    print(f"within_one_screen: {fits} of {len(found)} moves")


if __name__ == "__main__":
    main()
