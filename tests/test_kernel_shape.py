"""The kernel's shape (issue 37, item 11): small rooms, and no import circles.

A kernel module is one of `sprawl_cli/*.py`, `sprawl_cli/cli/`, `sprawl_cli/render/`, `sprawl_cli/save/`
and the systems' interface (`sprawl_cli/systems/__init__.py`, `systems/base.py`); a system's own
package is not. Each is read as text and as a syntax tree: nothing is imported, so nothing here
depends on what a test before it loaded.

The import graph counts every import the module can run: at the top, and inside a function
(where an import is put to keep start-up lazy, and where a circle hides: it works until someone
moves the import to the top). Only `if TYPE_CHECKING:` blocks are left out, since they never run.
Importing `a.b.c` runs `a/__init__` and `a/b/__init__` first, so those count as imported too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "sprawl_cli"
MOST_LINES = 400
# The systems' interface is the kernel's; each system's own package is not.
INTERFACE = ("systems/__init__.py", "systems/base.py")


def kernel_files() -> dict[str, Path]:
    """Module name -> file, for every kernel module."""
    found: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith("systems/") and relative not in INTERFACE:
            continue
        parts = ["sprawl_cli", *relative[:-3].split("/")]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def is_package(module: str, files: dict[str, Path]) -> bool:
    return module in files and files[module].name == "__init__.py"


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
            or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run, at any depth, leaving out `if TYPE_CHECKING:` blocks."""
    found: list[ast.Import | ast.ImportFrom] = []

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                found.append(child)
            walk(child)

    walk(tree)
    return found


def with_parents(module: str) -> list[str]:
    """`a.b.c` and the packages importing it runs first: `a`, `a.b`."""
    parts = module.split(".")
    return [".".join(parts[:n]) for n in range(1, len(parts) + 1)]


def imported_by(module: str, files: dict[str, Path]) -> set[str]:
    """The kernel modules `module` imports (anywhere in its code)."""
    tree = ast.parse(files[module].read_text(encoding="utf-8"))
    here = module if is_package(module, files) else module.rpartition(".")[0]
    targets: set[str] = set()
    for node in _imports(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            if node.level:
                base = here.split(".")
                base = base[:len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            names = [origin] + [f"{origin}.{alias.name}" for alias in node.names]
        for name in names:
            for step in with_parents(name):
                if step in files:
                    targets.add(step)
    targets.discard(module)
    targets.discard("sprawl_cli")  # the package's own __init__ imports nothing of the kernel
    return targets


def graph() -> dict[str, set[str]]:
    files = kernel_files()
    return {module: imported_by(module, files) for module in files}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle for each strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in sorted(edges.get(node, ())):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return groups


def test_the_interface_and_every_room_of_the_kernel_are_found():
    files = kernel_files()
    for module in ("sprawl_cli.store", "sprawl_cli.cli.main", "sprawl_cli.render", "sprawl_cli.systems",
                   "sprawl_cli.systems.base", "sprawl_cli.campaign"):
        assert module in files
    assert not any(m.startswith("sprawl_cli.systems.sprawl") for m in files)


@pytest.mark.parametrize("module", sorted(kernel_files()))
def test_no_kernel_module_is_over_400_lines(module):
    lines = len(kernel_files()[module].read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{module} has {lines} lines; split it by job"


def test_the_kernel_imports_no_module_that_imports_it_back():
    found = cycles(graph())
    assert found == [], "import circles: " + "; ".join(" <-> ".join(group) for group in found)


def test_the_graph_sees_imports_inside_functions_and_leaves_out_type_checking(tmp_path):
    """The reader itself: a circle hidden in a function is one; a TYPE_CHECKING import is not."""
    (tmp_path / "one.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.three\n"
                                     "def f():\n    from pkg import two\n")
    (tmp_path / "two.py").write_text("def g():\n    from . import one\n")
    (tmp_path / "three.py").write_text("import pkg.one\n")
    files = {"pkg.one": tmp_path / "one.py", "pkg.two": tmp_path / "two.py", "pkg.three": tmp_path / "three.py"}
    edges = {module: imported_by(module, files) for module in files}
    assert edges == {"pkg.one": {"pkg.two"}, "pkg.two": {"pkg.one"}, "pkg.three": {"pkg.one"}}
    assert cycles(edges) == [["pkg.one", "pkg.two"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
