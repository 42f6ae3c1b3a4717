"""engine/ is pure: it imports nothing that does I/O (shared/STYLE.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import engine

FORBIDDEN = {"discord", "PIL", "sqlite3", "aiosqlite", "asyncio", "socket"}
ENGINE = Path(engine.__file__).parent


def test_engine_source_imports_no_io_package() -> None:
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"


def test_importing_the_engine_loads_no_io_package() -> None:
    code = (
        "import sys, engine, engine.__main__; "
        f"print(sorted(m for m in {sorted(FORBIDDEN)!r} if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
