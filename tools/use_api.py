"""Make the built-in systems import the kernel through `sprawl_cli.api` alone (issue 37, item 1).

    python tools/use_api.py            # rewrite every system package under sprawl_cli/systems/
    python tools/use_api.py --check    # say what would change, change nothing (exit 1 if anything would)
    python tools/use_api.py DIR...     # rewrite these packages instead (tests/coinflip, examples/duel/sprawl_duel)

Every `from sprawl_cli.X import name` in a system's package (at any depth: inside functions and
`if TYPE_CHECKING:` too) that names a kernel module becomes `from sprawl_cli.api import name`,
the name as `sprawl_cli.api` calls it (`from sprawl_cli.systems import key` -> `system_key as
key`); the imports of one block from the api are then merged into one statement, where the first
of them stood. A system's imports of its own package are left alone. A kernel name the api does
not give stops the tool with the file, line and name (add it to `sprawl_cli/api.py`'s `_HOMES`
and its TYPE_CHECKING block, then run again). Running it twice changes nothing the second time.
tests/test_api.py fails while a system imports the kernel any other way.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
API = "sprawl_cli.api"
WIDTH = 120


def homes() -> dict[tuple[str, str], str]:
    """(module, attribute) -> the api's name for it, read from sprawl_cli/api.py's `_HOMES`."""
    tree = ast.parse((ROOT / "sprawl_cli" / "api.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "_HOMES":
            table = ast.literal_eval(node.value) if node.value is not None else {}
            return {(module, attr): name for name, (module, attr) in table.items()}
    raise SystemExit("sprawl_cli/api.py has no _HOMES table")


def own_package(path: Path) -> str:
    """The dotted package a file of a system belongs to (its top package under systems/, or the
    folder given), whose imports of itself are its own business."""
    parts = path.resolve().relative_to(ROOT).with_suffix("").parts
    if parts[:2] == ("sprawl_cli", "systems"):
        return ".".join(parts[:3])
    return parts[-2] if len(parts) > 1 else parts[0]


def is_kernel(module: str, own: str) -> bool:
    return (module == "sprawl_cli" or module.startswith("sprawl_cli.")) and module != API \
        and module != own and not module.startswith(own + ".")


def statement(names: list[str], indent: str) -> str:
    """`from sprawl_cli.api import ...` of `names`, wrapped in parentheses past the width."""
    one = f"from {API} import {', '.join(names)}"
    if len(indent) + len(one) <= WIDTH:
        return one
    lines, line = [], ""
    for name in names:
        piece = f"{name}, "
        if line and len(indent) + 4 + len(line) + len(piece.rstrip()) > WIDTH:
            lines.append(line.rstrip())
            line = ""
        line += piece
    lines.append(line.rstrip().rstrip(","))
    body = "".join(f"\n{indent}    {text}" for text in lines)
    return f"from {API} import ({body},\n{indent})".replace(",,", ",")


def spelled(api_name: str, local: str | None, kept: str) -> str:
    """An imported name as the api spells it, bound to the name the file used (`X as X`, a
    re-export, is kept as it was written)."""
    if local is None:
        local = kept
    elif local == api_name:
        return f"{api_name} as {local}"
    return api_name if api_name == local else f"{api_name} as {local}"


def rewrite(text: str, path: Path, table: dict[tuple[str, str], str]) -> str:
    """The file with its kernel imports taken from the api (first pass), then merged (second)."""
    own = own_package(path)
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[ast.ImportFrom, str]] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and is_kernel(node.module, own)):
            continue
        names = []
        for alias in node.names:
            key = (f"{node.module}.{alias.name}", "") if (f"{node.module}.{alias.name}", "") in table \
                else (node.module, alias.name)
            if key not in table:
                raise SystemExit(f"{path.relative_to(ROOT)}:{node.lineno}: sprawl_cli.api gives no "
                                 f"`{alias.name}` of {node.module}; add it to the api's _HOMES and run again")
            names.append(spelled(table[key], alias.asname, alias.name))
        indent = lines[node.lineno - 1][:node.col_offset]
        edits.append((node, statement(names, indent)))
    text = splice(lines, edits)
    return merge(text)


def splice(lines: list[str], edits: list[tuple[ast.stmt, str]]) -> str:
    """`lines` with each node's text replaced (bottom up, so the positions above stay good); a
    statement replaced by nothing takes its line with it (all but a comment it had)."""
    for node, new in sorted(edits, key=lambda edit: (edit[0].lineno, edit[0].col_offset), reverse=True):
        assert node.end_lineno is not None and node.end_col_offset is not None
        first, last = node.lineno - 1, node.end_lineno - 1
        head = lines[first][:node.col_offset]
        tail = lines[last][node.end_col_offset:]
        if new or head.strip():
            lines[first:last + 1] = [head + new + tail]
        else:  # a statement merged into another: its line goes, a comment on it stays on a line of its own
            lines[first:last + 1] = [f"{head}{tail.strip()}\n"] if tail.strip() else []
    return "".join(lines)


def order(name: str) -> tuple[int, str]:
    """isort's order of the names of one import: CONSTANTS, then Classes, then functions."""
    word = name.split(" ")[0]
    return (0 if word.isupper() and len(word) > 1 else 1 if word[:1].isupper() else 2, name)


def merge(text: str) -> str:
    """The imports from the api in one run of import statements made one, where the first stood."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[ast.stmt, str]] = []
    for parent in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            body = getattr(parent, field, None)
            if not isinstance(body, list):
                continue
            run: list[ast.ImportFrom] = []
            for node in [*body, None]:
                if isinstance(node, ast.ImportFrom) and node.module == API and node.level == 0:
                    run.append(node)
                elif isinstance(node, (ast.Import, ast.ImportFrom)):
                    continue
                else:
                    if len(run) > 1:
                        names = sorted({spelled(a.name, a.asname, a.name) for n in run for a in n.names}, key=order)
                        indent = lines[run[0].lineno - 1][:run[0].col_offset]
                        edits.append((run[0], statement(names, indent)))
                        edits += [(n, "") for n in run[1:]]
                    run = []
    return splice(lines, edits) if edits else text


def packages(given: list[str]) -> list[Path]:
    if given:
        return [Path(p).resolve() for p in given]
    return sorted(p for p in (ROOT / "sprawl_cli" / "systems").iterdir() if (p / "__init__.py").is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("packages", nargs="*", help="system packages (default: every one under sprawl_cli/systems)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when something would change")
    args = parser.parse_args(argv)
    table = homes()
    changed: dict[Path, str] = {}
    for package in packages(args.packages):  # every file first: a name the api lacks changes nothing
        for path in sorted(package.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            new = rewrite(text, path, table)
            if new != text:
                changed[path] = new
    for path, new in changed.items():
        if not args.check:
            path.write_text(new, encoding="utf-8")
        print(f"{'would change' if args.check else 'changed'} {path.relative_to(ROOT)}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
