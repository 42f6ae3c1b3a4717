"""The documentation: the site under docs/ builds with `mkdocs build --strict` (no broken link,
no missing anchor, no page left out of the nav), and every slash command the README and the
pages spell is spelled as the bot registers it."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from discord import app_commands

from bot.translator import tree_commands

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# `/caravan...` and the words after it: `/caravan tournament create name:` reads as
# "caravan tournament create name". A word starting with "caravan" counts (so a misspelt
# group, `/caravan-admn`, is caught); a path such as `deploy/grafana/caravan.json` does not.
SPELLED = re.compile(r"(?<![\w/.-])/(caravan[a-z-]*(?: [a-z-]+)*)")


def _names(group: app_commands.Group) -> Iterator[tuple[str, bool]]:
    """Each qualified name under `group`, itself included, and whether it is a group."""
    yield group.qualified_name, True
    for command in group.commands:
        if isinstance(command, app_commands.Group):
            yield from _names(command)
        else:
            yield command.qualified_name, False


def registered() -> dict[str, bool]:
    """Every command and group the bot registers, by qualified name: whether it is a group."""
    return {name: is_group for group in tree_commands() for name, is_group in _names(group)}


def misspelt(text: str, commands: dict[str, bool]) -> list[str]:
    """The spellings in `text` that name no registered command. The longest prefix that is a
    command or group is what is meant; the words after a command are its options or the
    sentence going on, but a word after a group must be one of its commands."""
    wrong = []
    for match in SPELLED.finditer(text):
        words = match.group(1).split(" ")
        known = [n for n in range(len(words), 0, -1) if " ".join(words[:n]) in commands]
        if not known:
            wrong.append("/" + match.group(1))
            continue
        prefix = " ".join(words[: known[0]])
        if commands[prefix] and known[0] < len(words):
            wrong.append("/" + " ".join(words[: known[0] + 1]))
    return wrong


def test_the_commands_the_docs_spell_are_the_bots() -> None:
    commands = registered()
    assert "caravan tournament create" in commands
    assert "caravan-admin season start" in commands
    wrong = {
        str(page.relative_to(ROOT)): spellings
        for page in PAGES
        if (spellings := misspelt(page.read_text(encoding="utf-8"), commands))
    }
    assert not wrong, f"commands the bot does not register, by file: {wrong}"


def test_a_misspelt_command_is_caught() -> None:
    commands = registered()
    text = (
        "Type `/caravan challenge opponent:`, then `/caravan deck save name:`; "
        "`/caravan-admin` alone, and `/caravan stats` and more words; "
        "the dashboard is `deploy/grafana/caravan.json`; `/clock minutes: 6`."
    )
    assert misspelt(text, commands) == []
    assert misspelt("see `/caravan replays game:`", commands) == ["/caravan replays"]
    assert misspelt("`/caravan tournament creat name:`", commands) == ["/caravan tournament creat"]
    assert misspelt("`/caravan-admn set`", commands) == ["/caravan-admn set"]
    assert misspelt("`/caravan-admin season begin`", commands) == ["/caravan-admin season begin"]


@pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None,
    reason="mkdocs and mkdocs-material are not installed: pip install -e '.[dev]'",
)
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "index.html").is_file()
    assert (tmp_path / "snapshots" / "joker.png").is_file()
