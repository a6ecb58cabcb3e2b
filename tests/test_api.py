"""The one public module for systems (issue 37, item 1): `sprawl_cli.api` gives every name a system
needs, each from its home in the kernel, imported only when first used; the built-in systems and
the example outside system import the kernel through it alone."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from sprawl_cli import api
from tests.factory import ROOT

API = ROOT / "sprawl_cli" / "api.py"
SYSTEMS = ROOT / "sprawl_cli" / "systems"


def tree() -> ast.Module:
    return ast.parse(API.read_text(encoding="utf-8"))


def test_all_is_every_name_the_api_gives():
    assert api.__all__ == ["API_VERSION", "REQUIRED_HOOKS", *api._HOMES]
    assert len(set(api.__all__)) == len(api.__all__)
    assert sorted(dir(api)) == sorted(api.__all__)


def test_the_names_mypy_sees_are_the_names_it_gives():
    """The TYPE_CHECKING block imports each name from the same home `_HOMES` gives at run time."""
    block = next(n for n in tree().body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING")
    seen = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names:
            assert alias.asname is not None  # `X as X`: mypy's explicit re-export
            home = (f"{node.module}.{alias.name}", "") if alias.name == alias.asname and \
                (f"{node.module}.{alias.name}", "") == api._HOMES.get(alias.asname) else (node.module, alias.name)
            seen[alias.asname] = home
    assert seen == api._HOMES


@pytest.mark.parametrize("name", sorted(api._HOMES))
def test_each_name_resolves_to_its_home(name):
    module, attribute = api._HOMES[name]
    home = sys.modules.get(module) or __import__(module, fromlist=["_"])
    assert getattr(api, name) is (getattr(home, attribute) if attribute else home)


def test_a_name_it_does_not_give_is_an_attribute_error():
    with pytest.raises(AttributeError, match="has no attribute 'nothing_here'"):
        api.nothing_here  # noqa: B018
    with pytest.raises(ImportError):
        exec("from sprawl_cli.api import nothing_here", {})


def test_importing_the_api_imports_nothing_heavy():
    """`from sprawl_cli.api import BadInput` pays for errors.py alone: no YAML, Rich, Typer, model."""
    probe = ("import sys\nfrom sprawl_cli.api import BadInput, API_VERSION\n"
             "print(' '.join(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    modules = set(done.stdout.split())
    heavy = {"yaml", "rich", "typer", "click", "dataclasses", "sprawl_cli.model", "sprawl_cli.systems.base",
             "sprawl_cli.store", "sprawl_cli.dice"}
    assert {m.split(".")[0] if m.split(".")[0] != "sprawl_cli" else m for m in modules} & heavy == set()
    assert "sprawl_cli.errors" in modules


def kernel_imports(package: Path, own: str) -> list[str]:
    """Every import of the kernel in `package` that is not of `sprawl_cli.api`, as file:line: module."""
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            for module in modules:
                if (module == "sprawl_cli" or module.startswith("sprawl_cli.")) and module != "sprawl_cli.api" \
                        and module != own and not module.startswith(own + "."):
                    found.append(f"{path.relative_to(package.parent)}:{node.lineno}: {module}")
    return found


def test_the_check_sees_a_kernel_import(tmp_path):
    system = tmp_path / "toy"
    system.mkdir()
    (system / "rules.py").write_text("import sprawl_cli.model\nfrom sprawl_cli.api import Dice\n"
                                     "from toy.model import Thing\n\n\ndef f():\n"
                                     "    from sprawl_cli.dice import Dice\n", encoding="utf-8")
    assert kernel_imports(system, "toy") == ["toy/rules.py:1: sprawl_cli.model", "toy/rules.py:7: sprawl_cli.dice"]


def test_the_example_system_imports_the_api_alone():
    assert kernel_imports(ROOT / "examples" / "duel" / "sprawl_duel", "sprawl_duel") == []


def test_the_switch_tool_rewrites_imports_to_the_api(tmp_path):
    """tools/use_api.py: every kernel import of a package through the api, the names kept as the
    file used them, one statement per run of imports; a second run changes nothing."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import use_api
    finally:
        sys.path.remove(str(ROOT / "tools"))
    source = ('"""A rule."""\n\nfrom typing import TYPE_CHECKING\n\n'
              "from sprawl_cli.errors import BadInput\nfrom sprawl_cli.model import Squad as Squad\n"
              "from sprawl_cli.systems.sprawl.model import Character\nfrom sprawl_cli.table import Table, refuse\n\n"
              "if TYPE_CHECKING:\n    from sprawl_cli.dice import Dice\n    from sprawl_cli.model import Game as KernelGame\n\n\n"
              "def f() -> None:\n    from sprawl_cli import yamlio\n    from sprawl_cli.systems import key  # a comment\n\n"
              "    print(yamlio, key)\n")
    path = SYSTEMS / "sprawl" / "rules_probe.py"  # where a built-in system's file would be (never written)
    table = use_api.homes()
    once = use_api.rewrite(source, path, table)
    assert once == ('"""A rule."""\n\nfrom typing import TYPE_CHECKING\n\n'
                    "from sprawl_cli.api import BadInput, Squad as Squad, Table, refuse\n"
                    "from sprawl_cli.systems.sprawl.model import Character\n\n"
                    "if TYPE_CHECKING:\n    from sprawl_cli.api import Dice, Game as KernelGame\n\n\n"
                    "def f() -> None:\n    from sprawl_cli.api import system_key as key, yamlio\n    # a comment\n\n"
                    "    print(yamlio, key)\n")
    assert use_api.rewrite(once, path, table) == once
    with pytest.raises(SystemExit, match="rules_probe.py:1: sprawl_cli.api gives no `secret` of sprawl_cli.store"):
        use_api.rewrite("from sprawl_cli.store import secret\n", path, table)


def test_the_guide_shows_the_example_as_it_is():
    """docs/ARCHITECTURE.md's step-by-step guide holds each file of examples/duel/ whole."""
    import re

    guide = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    shown = dict(re.findall(r"<!-- file: (\S+) -->\n```\w+\n(.*?)```\n", guide, flags=re.S))
    example = ROOT / "examples" / "duel"
    files = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
             for p in sorted([example / "pyproject.toml", *example.rglob("*.py"), *example.rglob("*.yaml")])}
    assert shown == files


@pytest.mark.parametrize("package", sorted(p.name for p in SYSTEMS.iterdir() if (p / "__init__.py").is_file()))
def test_a_built_in_system_imports_the_kernel_through_the_api_alone(package):
    """What the built-in systems use is what an outside author gets. A kernel import found here
    is switched by `python tools/use_api.py` (a name the api lacks: add it to its _HOMES)."""
    assert kernel_imports(SYSTEMS / package, f"sprawl_cli.systems.{package}") == []


def test_the_toy_system_imports_the_api_alone():
    assert kernel_imports(ROOT / "tests" / "coinflip", "tests.coinflip") == []
