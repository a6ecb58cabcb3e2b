"""What a command imports, read from `sys.modules` of a fresh process: no timing, so never flaky.

The start-up goals (bench/startup.py) rest on two structural promises: a command line
imports only its game's system (ARCHITECTURE.md, "A system package"), and a lookup such
as `roll --json` pays for no save file, YAML, Rich or game model it does not use.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sprawl_cli import systems
from tests import harness
from tests.factory import PLF, ROOT, SUIT

# Runs one command line in this fresh process, then lists every module it imported on stderr.
PROBE = """
import sys
from sprawl_cli.cli.main import cli
code = cli.execute(sys.argv[1:])
sys.stderr.write("\\nMODULES " + " ".join(sorted(sys.modules)) + "\\n")
sys.exit(code)
"""

# Nothing a lookup that prints JSON needs: the save file and its model, YAML, Rich, the session.
HEAVY = ("yaml", "rich", "prompt_toolkit", "sprawl_cli.store", "sprawl_cli.save", "sprawl_cli.model", "sprawl_cli.systems.base",
         "sprawl_cli.render")


def imported(args: list[str], cwd: Path) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=cwd, env=harness.clean_environ(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(done.stderr.rsplit("MODULES ", 1)[1].split())


def systems_in(modules: set[str]) -> set[str]:
    """The registry names of the systems whose package (or any module of it) was imported."""
    return {name for name, package in systems.REGISTRY.items()
            if any(m == f"sprawl_cli.systems.{package}" or m.startswith(f"sprawl_cli.systems.{package}.")
                   for m in modules)}


@pytest.mark.parametrize("args", [
    ["roll", "4", "--dice", "4,5,7,10", "--json"],
    ["table", "incapacitation", "7", "--json"],
    ["odds", "100", "--json"],
])
def test_a_sprawl_lookup_imports_no_other_system_and_nothing_heavy(tmp_path, args):
    modules = imported(args, tmp_path)
    assert systems_in(modules) == {"sprawl"}
    assert "sprawl_cli.systems.sprawl.system" not in modules  # its commands, not the System
    assert sorted(m for m in modules if m.split(".")[0] in HEAVY or m.startswith(HEAVY)) == []


@pytest.mark.parametrize("args", [["roll", "4", "--dice", "4,5,7,10", "--json"], ["odds", "100", "--json"],
                                  ["table", "incapacitation", "7", "--json"]])
def test_a_lookup_creates_no_dataclass(tmp_path, args):
    # Defining a dataclass compiles its methods at import: the dice records and SPRAWL's tables
    # are tuple records and the command's context plain classes, so these never import the module.
    assert "dataclasses" not in imported(args, tmp_path)


def test_a_lookup_of_another_system_imports_no_third_one(tmp_path):
    modules = imported(["roll", "--system", "gunplay", "--column", "hard", "--json", "--dice", "7"], tmp_path)
    assert systems_in(modules) <= {"gunplay", "sprawl"}
    # With no game, SPRAWL is the default game's system: its list of commands is read, nothing more.
    assert sorted(m for m in modules if m.startswith("sprawl_cli.systems.sprawl")) == ["sprawl_cli.systems.sprawl"]


@pytest.mark.parametrize("system, squads", [
    ("sprawl", [PLF, SUIT]),
    ("gunplay", [str(ROOT / "rosters/gunplay/crows.yaml"), str(ROOT / "rosters/gunplay/wardens.yaml")]),
])
def test_status_of_a_game_imports_its_system_alone(tmp_path, system, squads):
    new = harness.run(["new", "--system", system, *(w for s in squads for w in ("--squad", s))], tmp_path)
    assert new.returncode == 0, new.stderr
    assert systems_in(imported(["status"], tmp_path)) == {system}
    assert systems_in(imported(["status", "--json"], tmp_path)) == {system}


def test_status_of_a_sprawl_game_imports_no_rule_it_does_not_draw(tmp_path):
    # What status needs is the save, the model and the view: the gate's table (read by commands
    # that change the game), the roster reader, the dice and the views of other commands are
    # left for the commands that use them (bench/instructions.py counts what each costs).
    new = harness.run(["new", "--squad", PLF, "--squad", SUIT], tmp_path)
    assert new.returncode == 0, new.stderr
    modules = imported(["status"], tmp_path)
    for unused in ("sprawl_cli.gate", "sprawl_cli.systems.sprawl.doors", "sprawl_cli.systems.sprawl.roster",
                   "sprawl_cli.dice", "sprawl_cli.systems.sprawl.views.game", "unicodedata",
                   # The save is read from its cache, kept in `marshal`'s format, not JSON.
                   "yaml", "json",
                   # It is read by save/reader.py alone: nothing that writes a save is loaded.
                   "sprawl_cli.store", "sprawl_cli.save.journal", "sprawl_cli.save.undo",
                   "sprawl_cli.save.lock", "sprawl_cli.save.wal", "sprawl_cli.save.walrecord"):
        assert unused not in modules
    # The leader's star is measured without loading Rich's Unicode width table (render/grid.py).
    assert not [m for m in modules if m.startswith("rich._unicode_data.unicode")]
    assert {"sprawl_cli.systems.sprawl.status", "sprawl_cli.render.grid"} <= modules  # it did draw the table
