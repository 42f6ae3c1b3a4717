"""No new English sentence reaches Discord outside the catalogues, and none of the engine's.

Every string literal in `bot/` that reads as words (a space and a letter) and is not marked
for the catalogue (`_("...")`, `n_(...)`), not a docstring, not a log line and not an
assertion is counted per file, the way `tests/bot/store` scans for SQL outside the store.
The counts may only fall: `untranslated.json` holds each file's count of sentences still
in English, and a file with more fails (mark the new sentence with `_`), a file with fewer
fails too until its count there is lowered (so the record stays exact). Files a member
never reads are left out (`HOST_ONLY`): the database, the command line, settings and the
host's logs; the slash commands are the translator's (`tests/bot/test_i18n.py`).

The engine's refusals reach members through `bot.errors.engine_reason`: each code the
engine defines (`engine.errors.REFUSALS`), met the way a player meets it
(`tests/engine/refusals.py`), must become a catalogue sentence translated in every language;
the count of those that do not is zero.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

from bot.errors import engine_reason
from bot.i18n import LANGUAGES, SOURCE, Joined, Said, Text, catalogue
from tests.engine.refusals import CASES, EXTRA_CASES, refusal

ROOT = Path(__file__).resolve().parents[2]
BASELINE = Path(__file__).with_name("untranslated.json")
HOST_ONLY = (
    "bot/store/",
    "bot/cli.py",
    "bot/settings.py",
    "bot/simulate.py",
    "bot/local.py",
    "bot/moving.py",
    "bot/logs.py",  # the host's log lines
    "bot/metrics.py",  # the metrics' names and help, for the host's Prometheus
    "bot/exporter.py",  # the metrics' HTTP server (/metrics, /healthz, /readyz)
    "bot/thinking.py",
    "bot/i18n.py",
    "bot/translator.py",
    "bot/commands.py",  # its strings are the command tree's: tests/bot/test_i18n.py
    "bot/options.py",  # the commands' choices: the same
    "bot/__main__.py",
    # the pure tournament rules: their ValueErrors are a caller's mistakes (the service
    # refuses members first, in their language), never shown to a member
    "bot/tournament/",
)
MARKS = {"_", "n_"}
QUIET = {"debug", "info", "warning", "error", "exception", "critical", "getLogger"}
QUIET |= {"cast", "ArgumentParser", "add_argument", "print"}  # types; developers' scripts
QUIET |= {"compile", "owed"}  # patterns matched, never shown; work named for the log


def _wordy(text: str) -> bool:
    return " " in text.strip() and any(c.isalpha() for c in text)


def untranslated(source: str) -> int:
    """How many sentence-like literals in `source` are left in English."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            skip.add(id(body[0].value))
        called = None
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if called in MARKS or called in QUIET or isinstance(node, ast.Assert):
            skip.update(id(inner) for inner in ast.walk(node))
        if isinstance(node, ast.JoinedStr):  # its parts are counted once, as the whole
            skip.update(id(value) for value in node.values)
    count = 0
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _wordy(node.value):
            count += 1
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            count += _wordy(text)
    return count


def counts() -> dict[str, int]:
    found = {}
    for path in sorted((ROOT / "bot").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith(HOST_ONLY):
            continue
        found[name] = untranslated(path.read_text())
    return {name: n for name, n in found.items() if n}


def test_no_new_english_sentence_reaches_discord() -> None:
    recorded = json.loads(BASELINE.read_text())
    now = counts()
    grown = {f: (recorded.get(f, 0), n) for f, n in now.items() if n > recorded.get(f, 0)}
    assert not grown, f"new English sentences (recorded, now); mark them with _(): {grown}"
    fallen = {f: (n, now.get(f, 0)) for f, n in recorded.items() if now.get(f, 0) < n}
    assert not fallen, f"fewer than recorded (recorded, now); lower untranslated.json: {fallen}"


def translated(said: Said, language: str) -> bool:
    """Whether `said` is a catalogue sentence with words in `language` (every form of a
    plural), and so is each sentence inside it."""
    if not isinstance(said, Text):
        return False
    if isinstance(said, Joined):
        return all(translated(part, language) for part in said.parts if isinstance(part, Text))
    inner = [value for value in said.values.values() if isinstance(value, Text)]
    found = catalogue(language).messages.get((said.context, said.message))
    words = all(found) if isinstance(found, tuple) else bool(found)
    return words and all(translated(value, language) for value in inner)


def untranslated_refusals() -> list[str]:
    """The engine's refusals, by code, that some language would show in English."""
    errors = [refusal(CASES[code]) for code in sorted(CASES)]
    errors += [refusal(case) for case in EXTRA_CASES]
    languages = [language for language in LANGUAGES if language != SOURCE]
    return [
        f"{error.code}: {error}"
        for error in errors
        if not all(translated(engine_reason(error), language) for language in languages)
    ]


def test_no_engine_refusal_reaches_a_member_in_english() -> None:
    assert untranslated_refusals() == []


def test_the_scan_counts_sentences_and_skips_the_marked_ones() -> None:
    source = '''
"""A docstring."""
import logging
log = logging.getLogger("x y")
def f(name):
    """Its docstring, with words."""
    log.info("a log line %s", name)
    assert name, "an assertion's words"
    said = _("A sentence {name}.", name=name)
    many = n_("{count} card", "{count} cards", 2)
    return f"{name} played a card", "Hello there", "custom_id:1", said, many
'''
    assert untranslated(source) == 2


if __name__ == "__main__":  # write the record anew: python -m tests.bot.test_untranslated
    BASELINE.write_text(json.dumps(counts(), indent=1, sort_keys=True) + "\n")
