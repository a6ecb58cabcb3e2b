"""A system is checked when it loads (issue 37, item 2): the interface version it was written for,
the hooks it must have, its commands declared once (in its package's COMMANDS), an entry point's
`module:attr`. A broken system is one line naming its package and what is wrong, and leaves
`sprawl --help` and every other game working. Each broken system here is a real package written
into the test's folder and declared by a fake entry point (no install)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sprawl_cli import systems
from tests.test_entry_points import group, point  # noqa: F401 (the fake entry points)

# A whole, tiny system: two files, the hooks it must have and nothing else.
INIT = 'API_VERSION = 1\nCOMMANDS = {"poke": ("cli", "Poke someone.")}\nLOOKUPS = frozenset()\n'
SYSTEM = '''
from sprawl_cli.api import ACTION, Door, Game, Outcome, Roster, Squad, System


class Tiny(System):
    name = "NAME"
    title = "Tiny"
    doors = {"poke": Door(ACTION, "its poke")}

    def game_type(self): return Game
    def read_roster(self, data, where, source): raise NotImplementedError
    def new_game(self, rosters, how, dice, table): raise NotImplementedError
    def status(self, game, only): return {"characters": []}
    def status_view(self, console, game, only): pass
    def advance(self, game, dice, table): return Outcome()
    def set_status(self, game, character, status, on, table): return Outcome()


SYSTEM = Tiny()
'''

BROKEN = {
    # name: (the package's files, the entry point's value, what the one line says)
    "no-commands": ({"__init__.py": "API_VERSION = 1\nCOMMANDS = {}\n"}, "",
                    "its package PKG has no commands in COMMANDS"),
    "bad-commands": ({"__init__.py": 'API_VERSION = 1\nCOMMANDS = {"poke": "cli"}\n'}, "",
                     "its package PKG has a command 'poke' in COMMANDS that is not (module, one-line help)"),
    "no-version": ({"__init__.py": INIT.replace("API_VERSION = 1\n", "")}, "",
                   "its package PKG declares no API_VERSION"),
    "old-version": ({"__init__.py": INIT.replace("API_VERSION = 1", "API_VERSION = 0")}, "",
                    "its package PKG was written for version 0 of sprawl's system interface, and this sprawl's is 1"),
    "import-error": ({"__init__.py": INIT, "system.py": "import sprawl_nothing_of_the_kind\n"}, "",
                     "ModuleNotFoundError: No module named 'sprawl_nothing_of_the_kind'; reinstall or uninstall"),
    "no-hook": ({"__init__.py": INIT, "system.py": SYSTEM.replace("    def advance(self, game, dice, table): "
                                                                    "return Outcome()\n", "")}, "",
                "Tiny lacks the hook advance (see sprawl_cli.api.System)"),
    "twice": ({"__init__.py": INIT, "system.py": SYSTEM.replace('    title = "Tiny"\n', '    title = "Tiny"\n'
                                                                 '    commands = {"prod": ("cli", "Prod.")}\n')}, "",
              "Tiny declares commands that differ from its package's COMMANDS; declare them once"),
    "no-door": ({"__init__.py": INIT, "system.py": SYSTEM.replace('    doors = {"poke": Door(ACTION, "its poke")}\n',
                                                                  "")}, "",
                "Tiny has a broken gate (its table: `poke` has no door)"),
    "no-attribute": ({"__init__.py": INIT, "system.py": SYSTEM}, ".system:NOTHING",
                     "its module PKG.system has no NOTHING"),
}


def write(root: Path, package: str, files: dict[str, str], name: str) -> None:
    (root / package).mkdir()
    for file, text in files.items():
        (root / package / file).write_text(text.replace("NAME", name), encoding="utf-8")


@pytest.fixture
def broken(group, tmp_path, monkeypatch):  # noqa: F811
    """Every system of BROKEN and a whole one (`tiny`, its System named by `module:attr`), each
    declared by a fake entry point of its own package."""
    root = tmp_path.parent / f"{tmp_path.name}-packages"
    root.mkdir()
    monkeypatch.syspath_prepend(str(root))
    for name, (files, value, _says) in BROKEN.items():
        package = f"sprawl_{name.replace('-', '_')}"
        write(root, package, files, name)
        group.append(point(name, package + value, f"sprawl-{name}"))
    write(root, "sprawl_tiny", {"__init__.py": INIT, "system.py": SYSTEM}, "tiny")
    group.append(point("tiny", "sprawl_tiny.system:SYSTEM", "sprawl-tiny"))
    return group


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_system_is_one_line_naming_its_package(broken, sprawl, name):
    package = f"sprawl_{name.replace('-', '_')}"
    says = BROKEN[name][2].replace("PKG", package)
    refused = sprawl("new", "--system", name, "--squad", "a.yaml", "--squad", "b.yaml")
    assert refused.exit_code == 1
    line = refused.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert line.startswith(f"error: the game system '{name}' (from the package sprawl-{name}) cannot be loaded: ")
    assert says in line
    assert list(sprawl.folder.iterdir()) == []  # nothing written


def test_broken_systems_leave_the_help_and_the_other_games_working(broken, sprawl):
    listing = sprawl("--help")
    assert listing.exit_code == 0, listing.stderr
    assert "Tiny (--system tiny)" in listing.stdout and "SPRAWL (--system sprawl)" in listing.stdout
    for name in BROKEN:
        assert f"--system {name})" not in listing.stdout
    assert "tiny" in systems.installed()
    sprawl.new()
    assert sprawl.json("status")["system"] == "sprawl"
    assert sprawl.json("next")["round"] >= 1


def test_an_entry_point_module_attr_is_honoured(broken):
    chosen = systems.get("tiny")
    assert type(chosen).__module__ == "sprawl_tiny.system"
    assert systems.menu("tiny").package == "sprawl_tiny"  # the package holding the module
    assert chosen.commands == {"poke": ("cli", "Poke someone.")}  # from COMMANDS, declared once
    assert chosen.lookups == frozenset()


def test_a_system_whose_commands_are_all_the_kernels_leaves_the_help_working(group, tmp_path, monkeypatch):  # noqa: F811
    from tests.conftest import Sprawl

    root = tmp_path / "packages"
    root.mkdir()
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.chdir(tmp_path)
    write(root, "sprawl_kernelish", {"__init__.py": INIT.replace('"poke"', '"set"'), "system.py": SYSTEM.replace(
        '{"poke": Door(ACTION, "its poke")}', '{}')}, "kernelish")
    group.append(point("kernelish", "sprawl_kernelish", "sprawl-kernelish"))
    listing = Sprawl(tmp_path)("--help")
    assert listing.exit_code == 0, listing.stderr
    assert "kernelish" not in listing.stdout  # nothing of its own to list without a game


def test_every_built_in_system_passes_the_checks():
    from sprawl_cli.api import API_VERSION

    for name in systems.REGISTRY:
        chosen = systems.get(name)
        assert systems.menu_fault(__import__(systems.menu(name).package, fromlist=["COMMANDS"])) == ""
        assert systems.system_fault(chosen, systems.menu(name)) == ""
        assert chosen.commands and chosen.commands is systems.menu(name).commands
    assert API_VERSION == 1


@pytest.mark.parametrize("module, package", [
    ("sprawl_cli.systems", "sprawl_cli.systems"),  # a package is its own system's package
    ("sprawl_cli.systems.base", "sprawl_cli.systems"),  # a module: the package holding it
    ("sprawl_cli", "sprawl_cli"),
    ("sprawl_nothing_here.system", "sprawl_nothing_here.system"),  # its parent fails: `get` says so in one line
])
def test_the_package_of_a_module_attr_entry_point(module, package):
    assert systems._package_of(module) == package


def test_a_system_is_recognised_only_once_the_interface_is_loaded(monkeypatch):
    import sys

    from sprawl_cli.systems.base import System

    assert systems._interface() is System
    monkeypatch.delitem(sys.modules, "sprawl_cli.systems.base")
    assert systems._interface() is type(None)
    assert not isinstance(object(), systems._interface())


@pytest.mark.parametrize("change, says", [
    (("    def advance(self, game, dice, table): return Outcome()\n"
      "    def status(self, game, only): return {\"characters\": []}\n"), "lacks the hooks status, advance ("),
    ('    title = "Tiny"\n    lookups = frozenset({"roll"})\n', "declares lookups that differ from its package's LOOKUPS"),
    ('    title = "Tiny"\n    groups = frozenset({"poke"})\n', "declares groups that differ from its package's GROUPS"),
    ('    title = "Tiny"\n    lookups = frozenset()\n    groups = frozenset()\n', ""),  # the same: no harm
])
def test_what_a_system_class_may_not_do(group, tmp_path, monkeypatch, change, says):  # noqa: F811
    text = SYSTEM
    for line in change.splitlines(keepends=True):
        text = text.replace(line, "") if line.startswith("    def ") else text
    if not change.startswith("    def "):
        text = text.replace('    title = "Tiny"\n', change)
    monkeypatch.syspath_prepend(str(tmp_path))
    package = f"sprawl_variant_{len(says)}"  # a package of its own each time: Python keeps one imported
    write(tmp_path, package, {"__init__.py": INIT, "system.py": text}, "variant")
    group.append(point("variant", package, "sprawl-variant"))
    if not says:
        assert systems.get("variant").title == "Tiny"
        return
    from sprawl_cli.errors import BadInput

    with pytest.raises(BadInput) as refused:
        systems.get("variant")
    assert f"cannot be loaded: Tiny {says}" in refused.value.message
