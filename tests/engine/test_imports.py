"""The engine's modules import one another in one direction only: no import cycle, not
through an import inside a function, not under `TYPE_CHECKING`; and none imports the bot.
Read from every module's source with `ast`, so a cycle fails here before anything runs it."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def module_name(path: Path, root: Path = ENGINE) -> str:
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_by(path: Path, name: str, modules: set[str]) -> set[str]:
    """The modules of `modules` that the module `name` at `path` imports, anywhere in its
    source. `from package import name` counts as an import of the submodule when there is
    one, else of the package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in modules else base)
    return {module for module in found if module in modules and module != name}


def import_graph(root: Path = ENGINE) -> dict[str, set[str]]:
    """Each module under `root` and the modules under `root` it imports."""
    paths = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    modules = set(paths)
    return {name: imported_by(path, name, modules) for name, path in paths.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each group of modules that import one another (the strongly
    connected components of more than one module, and a module that imports itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1 or module in graph[module]:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_engine_has_no_import_cycle() -> None:
    graph = import_graph()
    assert "engine.game" in graph and "engine.decktet.search" in graph
    found = cycles(graph)
    assert found == [], f"modules that import one another: {found}"


def test_the_engine_imports_nothing_of_the_bot() -> None:
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            found += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "bot"]
    assert found == []


def test_the_check_sees_a_cycle_through_a_function_and_type_checking(tmp_path: Path) -> None:
    """The checker itself: an import inside a function, and one under TYPE_CHECKING, each
    close a cycle."""
    root = tmp_path / "engine"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "sub" / "__init__.py").write_text("")
    (root / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine.high import High\n"
    )
    (root / "high.py").write_text("from engine import low\n")
    (root / "sub" / "a.py").write_text("def f():\n    from .b import g\n")
    (root / "sub" / "b.py").write_text("from engine.sub.a import f\n")
    (root / "fine.py").write_text("import engine.low\n")
    graph = import_graph(root)
    assert graph["engine.high"] == {"engine.low"}
    assert cycles(graph) == [["engine.high", "engine.low"], ["engine.sub.a", "engine.sub.b"]]
