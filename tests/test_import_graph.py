"""The import graph of ``game/``, read from the source with ``ast`` (nothing is imported): no
cycle between files, and no board imports the AI or builds an engine state (a board draws an
observation; the rules and the AI answer its questions from their side)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("flatfront", "battleline", "flink", "frontline", "tsuno")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, ast.Module]:
    """Every module under ``game/`` by dotted name, parsed."""
    return {
        module_name(path): ast.parse(path.read_text(encoding="utf-8"), str(path))
        for path in sorted((ROOT / "game").rglob("*.py"))
    }


def imports(tree: ast.Module, deferred: bool = True) -> Iterator[ast.Import | ast.ImportFrom]:
    """The module's import statements; ``deferred``: those run later too, inside functions or
    for type checkers (a helper module naming the board's class in its hints depends on it all
    the same), else those run as the module loads."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if not deferred and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if not deferred and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imported(name: str, node: ast.Import | ast.ImportFrom) -> list[tuple[str, str]]:
    """What ``node`` in module ``name`` imports, as (module, the name bound) pairs: ``from x
    import y`` is module ``x.y`` where that is a module, else ``x``."""
    if isinstance(node, ast.Import):
        return [(alias.name, alias.asname or alias.name.split(".")[0]) for alias in node.names]
    base = node.module or ""
    if node.level:
        package = name.split(".") if name in packages() else name.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, *([base] if base else [])])
    found = []
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        found.append((sub if sub in modules() else base, alias.asname or alias.name))
    return found


@cache
def packages() -> set[str]:
    return {module_name(p.parent / "__init__.py") for p in (ROOT / "game").rglob("__init__.py")}


@cache
def graph(deferred: bool = True) -> dict[str, set[str]]:
    """Each module's imports among the modules of ``game/`` (``deferred``: see
    ``imports``)."""
    return {
        name: {
            target
            for node in imports(tree, deferred)
            for target, _ in imported(name, node)
            if target in modules() and target != name
        }
        for name, tree in modules().items()
    }


@cache
def cycles(deferred: bool = True) -> list[list[str]]:
    """One path round each cycle of the graph (a depth-first search's back edges)."""
    found, state, path, edges = [], dict[str, int](), list[str](), graph(deferred)

    def visit(name: str) -> None:
        state[name] = 1
        path.append(name)
        for target in sorted(edges[name]):
            if state.get(target) == 1:
                found.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target)
        path.pop()
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name)
    return found


def game_of(name: str) -> str | None:
    """The game whose board module ``name`` is (``game.boards.tsuno.art``, or on main still
    ``game.boards.frontline_art``)."""
    parts = name.split(".")
    if parts[:2] != ["game", "boards"] or len(parts) < 3:
        return None
    return next((g for g in GAMES if parts[2] == g or parts[2].startswith(g + "_")), None)


def board_offences(game: str) -> list[str]:
    """Where the boards of ``game`` import the AI or build an engine state."""
    offences = []
    for name, tree in modules().items():
        if game_of(name) != game:
            continue
        from_engines: set[str] = set()
        for node in imports(tree):
            for target, bound in imported(name, node):
                if target == "ai" or target.startswith("ai."):
                    offences.append(f"{name} imports {target}")
                if target.startswith("game.engines"):
                    from_engines.add(bound)
        for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
            func = call.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            built = called.endswith("State") and (
                called in from_engines
                or (
                    isinstance(func, ast.Attribute)
                    and ast.unparse(func.value).split(".")[0] in from_engines
                )
            )
            if built or called == "new_state":
                offences.append(f"{name}:{call.lineno} calls {ast.unparse(func)}(...)")
    return offences


def said(found: list[list[str]]) -> str:
    return "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_the_checker_sees_submodules_type_checking_blocks_and_imports_in_functions() -> None:
    assert "game.engines.frontline.shape" in graph()["game.engines.frontline.combat"]  # typing
    assert (
        "game.engines.frontline.shape" not in graph(deferred=False)["game.engines.frontline.combat"]
    )
    assert "game.boards.decision" in graph()["game.boards.base"]
    assert "game.ui.draw" in graph()["game.boards.base"]  # from game.ui import draw: a module
    assert "game.engines" in graph()["game.boards"]  # in a function (board_ids)
    assert "game.engines" not in graph(deferred=False)["game.boards"]
    assert all(c[0] == c[-1] and len(c) > 2 for c in cycles())


def test_no_import_cycle_when_modules_load() -> None:
    assert not cycles(deferred=False), said(cycles(deferred=False))


@pytest.mark.parametrize("game", GAMES)
def test_no_import_cycle_through_a_board(game: str) -> None:
    """A cycle through any file of a game's board is that board's (imports in functions too)."""
    mine = [c for c in cycles() if game in map(game_of, c)]
    assert not mine, said(mine)


def test_no_import_cycle_elsewhere() -> None:
    """Outside the boards, imports inside functions count too: a cycle all the same."""
    rest = [c for c in cycles() if not any(map(game_of, c))]
    assert not rest, said(rest)


@pytest.mark.parametrize("game", GAMES)
def test_no_board_imports_the_ai_or_builds_an_engine_state(game: str) -> None:
    assert board_offences(game) == []
