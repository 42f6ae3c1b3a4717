"""Screenshots of the local preview for the README and the docs site, as a player sees them:
the bot runs in `caravan-bot local` (SimCord, no token), and headless Chromium plays it
through the page (Playwright; Debian's chromium).

    pip install -e '.[docs]'   # Playwright; the browser is the system's /usr/bin/chromium
    python docs/shoot.py [--out docs] [--chromium /usr/bin/chromium]

Writes preview-challenge.png, preview-game-start.png, preview-hand.png,
preview-rules-help.png, and move-1.png ... move-4.png (all four in move.gif): one whole move
as a player who keeps the hand panel open makes it (the panel has followed the game and
shows the turn; a card; a place; the table after), preview-midgame.png (turn 20, the
player's kept panel under the newest table); then, in SimCord worlds of its own
(`bot.simulate.opened`, whose clock it moves), preview-timers.png (a turn running out, the
claim), preview-standing.png (the leaderboard and stats after four games) and
preview-decktet.png; and from two events played to the end, tournament-standings.png,
tournament-bracket.png and preview-tournament.png.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, async_playwright

SIZE = {"width": 1200, "height": 900}
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def start_preview(folder: Path) -> tuple[subprocess.Popen[str], str]:
    """`caravan-bot local` in `folder` (its database there); the page's URL."""
    bot = Path(sys.executable).with_name("caravan-bot")
    process = subprocess.Popen(
        [str(bot), "local"],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    for line in process.stdout:
        found = re.search(r"Open (http://\S+)", line)
        if found:
            return process, found.group(1)
    raise SystemExit("the local preview did not start")


async def settle(page: Page) -> None:
    await page.wait_for_timeout(900)


async def view_as(page: Page, name: str) -> None:
    await page.select_option("#viewer-picker", label=name)
    await settle(page)


async def command(page: Page, text: str, *picks: str) -> None:
    """Type a slash command, choose it, fill its first options with the suggestions that
    read `picks` (a member, a topic), send it."""
    await page.fill("#channel-composer-input", text)
    await settle(page)
    await page.click("#command-entry-0")
    await settle(page)
    for pick in picks:
        await page.keyboard.press("Enter")
        await settle(page)
        await page.locator(".command-suggestion").filter(has_text=pick).first.click()
        await settle(page)
    await page.click("#send-message")
    await settle(page)


async def press(page: Page, label: str) -> None:
    await page.get_by_role("button", name=label).last.click()
    await settle(page)


async def choose(page: Page, placeholder: str, *uses: str) -> None:
    """Open the last select whose placeholder starts with `placeholder` and pick its first
    option whose description starts with one of `uses` (any, without), never a page."""
    await page.locator("[role=combobox]").filter(has_text=placeholder).last.click()
    await settle(page)
    options = page.locator(".select-option:visible")
    for index in range(await options.count()):
        lines = [line.strip() for line in (await options.nth(index).inner_text()).splitlines()]
        about = lines[-1] if len(lines) > 1 else ""
        if not lines[0].lower().startswith("page") and (not uses or about.startswith(uses)):
            await options.nth(index).click()
            await settle(page)
            return
    raise SystemExit(f"no option for {uses} in {placeholder!r}")


async def move(page: Page) -> None:
    """A card that can go on the table, then its place (unless it had one place, and
    played at once)."""
    await choose(page, "Choose a card", "can go on the table", "one place")
    if await page.locator("[role=combobox]").filter(has_text="Where does").count():
        await choose(page, "Where does")


# every image on the page drawn (a table is ~560 px tall; its alt text, while it loads,
# a few lines)
LOADED = """() => [...document.querySelectorAll('#channel-message-list img')]
  .every((i) => i.complete && i.naturalWidth > 0)"""


# the page has finished the last action ("Completing action…", "Updating preview…")
IDLE = """() => !(document.querySelector('#action-status')?.textContent || '').endsWith('\u2026')"""


async def idle(page: Page) -> None:
    await settle(page)
    await page.wait_for_function(IDLE, timeout=30000)


async def choose_first(page: Page, placeholder: str, *uses: str) -> bool:
    """Pick the first option of the last select whose placeholder starts with
    `placeholder` whose description starts with one of `uses` (any, without); False if
    there is no such select or option. The page redraws as messages arrive, so an open
    list may close or an option go from under the pointer: then it tries again."""
    for _ in range(6):
        try:
            return await _choose_once(page, placeholder, uses)
        except (PlaywrightError, LookupError):
            await page.keyboard.press("Escape")
            await settle(page)
    raise SystemExit(f"could not use the select {placeholder!r}")


async def _choose_once(page: Page, placeholder: str, uses: tuple[str, ...]) -> bool:
    selects = page.locator("[role=combobox]").filter(has_text=placeholder)
    if not await selects.count():
        return False
    await selects.last.click(timeout=5000)
    await idle(page)
    options = page.locator(".select-option:visible")
    if not await options.count():
        raise LookupError("the list did not open")
    for index in range(await options.count()):
        lines = [line.strip() for line in (await options.nth(index).inner_text()).splitlines()]
        about = lines[-1] if len(lines) > 1 else ""
        if not lines[0].lower().startswith(("page", "more", "back")) and (
            not uses or about.startswith(uses)
        ):
            await options.nth(index).click(timeout=5000)
            await idle(page)
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


LAST_TURN = """() => {
  const all = [...document.querySelectorAll('#channel-message-list article.channel-message')];
  const turn = all.filter((a) => !a.querySelector('.message-ephemeral-note')
    && /your move|Game over/.test(a.innerText)).pop();
  return turn ? [turn.dataset.messageId, turn.innerText] : ['', ''];
}"""


async def last_turn(page: Page) -> str:
    """The newest turn message's id (it changes with every move; the page keeps only a
    window of the newest messages, so counting them does not)."""
    found: list[str] = await page.evaluate(LAST_TURN)
    return found[0]


async def mover(page: Page) -> str:
    """Who the newest turn message asks to move."""
    found: list[str] = await page.evaluate(LAST_TURN)
    return re.findall(r"@(\w+), your move", found[1])[-1]


async def bottom(page: Page) -> None:
    """Scroll to the newest message (the panel under the table)."""
    await idle(page)
    await page.locator("#channel-message-list article").last.scroll_into_view_if_needed()
    await idle(page)
    await page.wait_for_function(LOADED, timeout=15000)


async def play_on(page: Page, moves: int) -> None:
    """Both players play `moves` moves from their kept panels; the page then views the
    player to move, tall enough for the newest table and the panel under it."""
    for _ in range(moves):
        before = await last_turn(page)
        await view_as(page, await mover(page))
        for _ in range(3):  # a press the page lost is pressed again
            await play(page)
            await idle(page)
            if await last_turn(page) != before:
                break
    await idle(page)
    await page.wait_for_function(LOADED, timeout=15000)
    await view_as(page, await mover(page))
    await page.set_viewport_size({"width": SIZE["width"], "height": 1350})  # table and panel
    await bottom(page)


async def shoot(page: Page, out: Path, name: str) -> None:
    await page.screenshot(path=str(out / name))
    print(f"wrote {out / name}")


def animate(out: Path, names: list[str], target: str, width: int = 800) -> None:
    """The screenshots `names` as one looping animated image, 2.5 s a frame."""
    frames = []
    for name in names:
        with Image.open(out / name) as shot:
            height = round(shot.height * width / shot.width)
            frames.append(shot.convert("RGB").resize((width, height), Image.Resampling.LANCZOS))
    frames[0].save(
        out / target, save_all=True, append_images=frames[1:], duration=2500, loop=0, optimize=True
    )
    print(f"wrote {out / target}")


async def page_of(playwright: Any, chromium: str) -> tuple[Any, Page]:
    browser = await playwright.chromium.launch(executable_path=chromium, args=FLAGS)
    return browser, await browser.new_page(viewport=SIZE)  # type: ignore[arg-type]


async def run(out: Path, chromium: str, url: str) -> None:
    async with async_playwright() as playwright:
        browser, page = await page_of(playwright, chromium)
        await page.goto(url)
        await settle(page)
        await command(page, "/caravan challenge", "Bob")
        await shoot(page, out, "preview-challenge.png")
        await view_as(page, "Bob")
        await press(page, "Accept")
        await shoot(page, out, "preview-game-start.png")
        first = await mover(page)
        await view_as(page, first)
        await press(page, "Your hand")
        await shoot(page, out, "preview-hand.png")
        await move(page)
        other = "Bob" if first == "Alice" else "Alice"
        await view_as(page, other)
        await press(page, "Your hand")
        await move(page)
        # the first player kept their panel open: it came back under the newest table with
        # their turn, and the move is two choices, a card and a place
        await view_as(page, first)
        await bottom(page)
        await shoot(page, out, "move-1.png")
        await choose(page, "Choose a card", "can go on the table")
        await bottom(page)
        await shoot(page, out, "move-2.png")
        await choose(page, "Where does")
        await shoot(page, out, "move-3.png")
        await page.locator("nav.message-navigation button").last.click()  # the new table
        await settle(page)
        await shoot(page, out, "move-4.png")
        await play_on(page, 16)  # to turn 20
        await shoot(page, out, "preview-midgame.png")
        await page.set_viewport_size(SIZE)  # type: ignore[arg-type]
        await command(page, "/caravan rules", "queen")
        await shoot(page, out, "preview-rules-help.png")
        await browser.close()
    animate(out, [f"move-{i}.png" for i in range(1, 5)], "move.gif")


async def worlds(out: Path, chromium: str) -> None:
    """The pictures that need SimCord's clock or many games: a turn running out (the
    reminder at half time, the claim), the leaderboard and stats after a few games, and a
    Decktet game. Each in its own in-process world (`bot.simulate.opened`), its channel
    shown by SimCord's preview."""
    from bot.simulate import opened, panel_of

    async with async_playwright() as playwright:
        browser, page = await page_of(playwright, chromium)
        with tempfile.TemporaryDirectory() as folder:
            async with opened(Path(folder)) as t:
                asked = await t.alice.slash(
                    t.channel, "caravan challenge", opponent=t.bob, turn=300
                )
                await t.bob.click(asked.response, label="Accept")
                thread = t.channel.threads[-1]
                first = thread.history()[-1]
                waiting = t.bob if f"<@{t.alice.id}>, your move" in first.content else t.alice
                await t.env.advance_time(150 + 61)
                await t.env.advance_time(150)
                await waiting.click(thread.history()[-1], label="Claim the win")
                async with t.env.preview(thread, viewers=[waiting], layout="channel") as pv:
                    await page.goto(pv.url)
                    await settle(page)
                    await shoot(page, out, "preview-timers.png")
        with tempfile.TemporaryDirectory() as folder:
            async with opened(Path(folder)) as t:
                for loser in (t.bob, t.carol, t.bob, t.alice):
                    winner = t.alice if loser is not t.alice else t.bob
                    asked = await winner.slash(t.channel, "caravan challenge", opponent=loser)
                    await loser.click(asked.response, label="Accept")
                    turn = t.channel.threads[-1].history()[-1]
                    sure = await loser.click(turn, label="Resign")
                    await loser.click(sure.response, label="Yes, resign")
                await t.carol.slash(t.channel, "caravan leaderboard")
                await t.alice.slash(t.channel, "caravan stats")
                async with t.env.preview(
                    t.channel, viewers=[t.alice, t.carol], layout="channel"
                ) as pv:
                    await page.goto(pv.url)
                    await settle(page)
                    await shoot(page, out, "preview-standing.png")
        with tempfile.TemporaryDirectory() as folder:
            async with opened(Path(folder)) as t:
                asked = await t.alice.slash(
                    t.channel, "caravan challenge", opponent=t.bob, game="decktet"
                )
                await t.bob.click(asked.response, label="Accept")
                thread = t.channel.threads[-1]
                turn = thread.history()[-1]
                mover = t.alice if f"<@{t.alice.id}>" in turn.content else t.bob
                panel_of(await mover.click(turn, label="Your hand"))
                async with t.env.preview(thread, viewers=[mover], layout="channel") as pv:
                    await page.goto(pv.url)
                    await settle(page)
                    await shoot(page, out, "preview-decktet.png")
        await browser.close()


async def events(out: Path, chromium: str) -> None:
    """A Swiss of six and a knockout of eight played to the end in SimCord worlds (games
    resigned after the opening), and the pictures the bot posted: the standings after the
    last round (tournament-standings.png), the bracket (tournament-bracket.png), and the
    channel of the Swiss as its members see it (preview-tournament.png)."""
    import discord

    from bot.simulate import mover_of, opened

    async def play(t: Any, label: str, members: list[Any]) -> None:
        service = t.env.bot.events.tournaments
        (event,) = await service.listed(t.guild.id)
        for _ in range(200):
            if (await service.event(event.id)).tournament.status == "finished":
                return
            threads = [
                th
                for th in t.channel.threads
                if label in th.name and "Game over" not in th.history()[-1].content
            ]
            last = threads[0].history()[-1]
            loser = mover_of(t, last, members)
            asked = await loser.click(last, label="Resign")
            await loser.click(asked.response, label="Yes, resign")

    async def picture(t: Any, name: str, target: str) -> None:
        for message in reversed(t.channel.history()):
            for attachment in message.attachments:
                if attachment.filename == name:
                    (out / target).write_bytes(await attachment.read())
                    print(f"wrote {out / target}")
                    return
        raise SystemExit(f"no {name} was posted")

    names = ["Amata", "Benny", "Cass", "Dean", "Ezekiel", "Fantastic", "Gloria", "Hadrian"]
    for format, count, label in (("swiss", 6, "Friday Swiss"), ("knockout", 8, "Mojave Cup")):
        with tempfile.TemporaryDirectory() as folder:
            async with opened(Path(folder)) as t:
                managers = t.guild.create_role(
                    "Managers", permissions=discord.Permissions(manage_guild=True)
                )
                boss = t.guild.add_member(t.env.create_user("Boss"), roles=[managers])
                made = await boss.slash(
                    t.channel, "caravan tournament create", name=label, format=format
                )
                members = [t.guild.add_member(t.env.create_user(n)) for n in names[:count]]
                for member in members:
                    await member.click(made.response, label="Join")
                await boss.click(made.response, label="Start")
                await play(t, label, members)
                if format == "swiss":
                    await picture(t, "standings.png", "tournament-standings.png")
                    async with (
                        playwright_page(chromium) as page,
                        t.env.preview(t.channel, viewers=[members[0]], layout="channel") as pv,
                    ):
                        await page.goto(pv.url)
                        await settle(page)
                        await shoot(page, out, "preview-tournament.png")
                else:
                    await picture(t, "bracket.png", "tournament-bracket.png")


@asynccontextmanager
async def playwright_page(chromium: str) -> AsyncIterator[Page]:
    async with async_playwright() as playwright:
        browser, page = await page_of(playwright, chromium)
        try:
            yield page
        finally:
            await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument(
        "--only", choices=["preview", "worlds", "events"], help="take one part's pictures"
    )
    args = parser.parse_args()
    if args.only in (None, "preview"):
        with tempfile.TemporaryDirectory() as folder:
            process, url = start_preview(Path(folder))
            try:
                asyncio.run(run(args.out.resolve(), args.chromium, url))
            finally:
                process.terminate()
                process.wait()
    if args.only in (None, "worlds"):
        asyncio.run(worlds(args.out.resolve(), args.chromium))
    if args.only in (None, "events"):
        asyncio.run(events(args.out.resolve(), args.chromium))


if __name__ == "__main__":
    main()
