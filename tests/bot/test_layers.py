"""The bot's modules form layers, and calls go down only: a button press goes from the
component (`bot.views.items`) to its cog (`bot.cogs`), which asks the service and posts
through the poster, which draws with the game's kind; nothing imports a module of a layer
above its own (not even for type checking, not even inside a function). Read from every
module's source, so a new import that reaches back up fails here."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Top to bottom. A module belongs to the first layer with a prefix it starts with.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "the running bot",
        ("bot.app", "bot.cli", "bot.local", "bot.simulate", "bot.__main__", "bot.stopping"),
    ),
    ("the metrics and health server", ("bot.exporter",)),
    ("slash commands", ("bot.commands", "bot.translator", "bot.options")),
    ("feature cogs", ("bot.cogs",)),
    (
        "posting and the computer's turns",
        ("bot.aftermath", "bot.reviewing", "bot.poster", "bot.ai"),
    ),
    (
        "Discord's messages and components",
        ("bot.views", "bot.guard", "bot.names", "bot.pace", "bot.thinking"),
    ),
    ("the events service", ("bot.tournaments", "bot.signups")),
    (
        "the game service",
        (
            "bot.service",
            "bot.openings",
            "bot.ledger",
            "bot.held",
            "bot.reviews",
            "bot.moving",
            "bot.seasons",
            "bot.retry",
        ),
    ),
    ("the database and settings", ("bot.store", "bot.settings")),
    ("the metrics' declarations", ("bot.metrics",)),
    ("records", ("bot.records",)),
    ("game kinds", ("bot.kinds", "bot.faces", "bot.games")),
    (
        "words and pictures",
        (
            "bot.render",
            "bot.help",
            "bot.choices",
            "bot.inert",
            "bot.errors",
            "bot.event_words",
        ),
    ),
    ("a server's settings", ("bot.server",)),
    ("tournament rules", ("bot.tournament",)),
    # sentences as data (`Text`): a format's words are its own, like its rules
    ("sentences", ("bot.i18n",)),
    ("ratings", ("bot.ratings",)),
    ("log lines", ("bot.logs",)),
    ("the engine", ("engine",)),
]

WORDS = [name for name, _ in LAYERS].index("words and pictures")


def layer_of(module: str) -> int | None:
    if module == "bot":  # the package itself (its docstring)
        return 0
    if module.startswith("bot.games.") and "words" in module.split("."):
        # a game's words (`bot.games.words`, `bot.games.<kind>.words`): the pictures say them
        return WORDS
    for depth, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return depth
    return None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_every_bot_module_has_a_layer() -> None:
    unplaced = [
        module_name(p)
        for p in sorted((ROOT / "bot").rglob("*.py"))
        if layer_of(module_name(p)) is None
    ]
    assert unplaced == [], "give each new module a layer in LAYERS"


def test_no_module_imports_one_of_a_layer_above_its_own() -> None:
    upward = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        name = module_name(path)
        own = layer_of(name)
        assert own is not None
        for imported in imports_of(path):
            depth = layer_of(imported)
            if depth is not None and depth < own:
                upward.append(f"{name} ({LAYERS[own][0]}) imports {imported} ({LAYERS[depth][0]})")
    assert upward == []


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    """The checker itself: a service module importing a cog is found."""
    module = tmp_path / "service.py"
    module.write_text("from bot.cogs.games import Games\n", encoding="utf-8")
    (imported,) = [i for i in imports_of(module) if i == "bot.cogs.games"]
    service_layer = layer_of("bot.service")
    cog_layer = layer_of(imported)
    assert service_layer is not None and cog_layer is not None and cog_layer < service_layer


def test_the_service_and_the_store_import_nothing_that_draws_or_talks_to_discord() -> None:
    """Records are data: importing the game service, the events service or the store (and
    the records they hand back) brings in no Pillow, no discord.py and no renderer, views
    or game faces (`bot.faces`: how a game looks is not its rules)."""
    code = (
        "import sys, bot.store, bot.service, bot.tournaments, bot.records\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PIL', 'discord')\n"
        "    or m.startswith(('bot.render', 'bot.views', 'bot.faces', 'bot.poster'))\n"
        "    or m.endswith('.face'))\n"
        "print(','.join(bad))"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert found.stdout.strip() == "", found.stdout


def test_the_poster_only_posts() -> None:
    """A tournament moves on because a game ended, not because a table was drawn: the
    poster never asks the events service to move an event on (`bot.aftermath` does, before
    the poster posts)."""
    tree = ast.parse((ROOT / "bot" / "poster.py").read_text(encoding="utf-8"))
    called = {
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }
    assert not called & {"after_game", "advance", "sweep"}, called & {"after_game", "advance"}


def test_psycopg_is_loaded_only_for_a_postgresql_url(tmp_path: Path) -> None:
    """The embedded default needs no PostgreSQL driver: the running bot's modules, its
    command line and an SQLite store opened and used leave psycopg unloaded; a PostgreSQL
    dialect loads it."""
    script = f"""
import asyncio, sys
import bot.app, bot.cli, bot.local
from bot.store import open_store

async def main():
    store = await open_store({"sqlite:///" + str(tmp_path / "bot.db")!r})
    await store.games.game(1)
    await store.close()

asyncio.run(main())
assert "psycopg" not in sys.modules, "psycopg loaded for SQLite"
import bot.store.postgres
assert "psycopg" in sys.modules
"""
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
