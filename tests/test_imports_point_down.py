"""Imports point down and never close a circle, so a reader can take each layer on its own.

bot/ is four layers, top to bottom: process, edge, table, store (bot/__init__.py says what each
holds). A module may import its own layer and those below it, never one above; games/ imports
no part of the bot. Every import counts: at the top of a module, inside a function, and under
`if TYPE_CHECKING:` (a type-only import is still a circle a reader has to untangle).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("store", "table", "edge", "process")  # bottom first
PACKAGES = ("bot", "games")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The project's modules that `name` imports (`from a import b` is `a.b` when that is a
    module, else `a`); a package's `__init__` counts when it is named."""
    found: set[str] = set()
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names]
            targets = [t if t in known else base for t in targets]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def layer(name: str) -> int | None:
    """The layer's height (store 0 ... process 3); the entry point counts as the process, the
    package's own docstring as nothing."""
    parts = name.split(".")
    if parts[0] != "bot" or len(parts) == 1:
        return None
    if parts[1] == "__main__":
        return LAYERS.index("process")
    if parts[1] == "locale":
        return None
    return LAYERS.index(parts[1])


def test_no_module_of_bot_or_games_imports_itself_in_a_circle():
    assert circles(graph()) == []


def test_bot_imports_only_point_down_its_layers():
    upward = [
        f"{name} ({LAYERS[layer(name)]}) imports {target} ({LAYERS[layer(target)]})"
        for name, targets in graph().items()
        for target in sorted(targets)
        if layer(name) is not None and layer(target) is not None and layer(target) > layer(name)
    ]
    assert upward == []


def test_every_module_of_bot_lives_in_a_layer():
    strays = [name for name in modules() if name.startswith("bot.")
              and name != "bot.__main__" and name.split(".")[1] not in LAYERS]
    assert strays == []


def test_games_import_no_part_of_the_bot():
    reaching = [f"{name} imports {target}" for name, targets in graph().items()
                if name.startswith("games") for target in targets if target.startswith("bot")]
    assert reaching == []


@pytest.mark.parametrize(
    ("edges", "expected"),
    [
        ({"a": {"b"}, "b": {"a"}, "c": {"a"}}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, [["a", "b", "c"]]),
    ],
)
def test_the_circle_finder_finds_circles(edges, expected):
    assert circles(edges) == expected


def test_a_type_only_import_counts(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.x import Y\n"
    )
    assert imports_of("bot.m", path, {"bot.x", "bot.m"}) == {"bot.x"}
