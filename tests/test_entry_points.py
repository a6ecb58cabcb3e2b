"""A system from another package (issue 25, item 10): systems are found through the entry-point
group `sprawl.systems`, the five built-in ones included; a built-in name never reads the entry
points (importlib.metadata costs more than a whole `roll`); a toy system package, built from
tests/coinflip/ as a wheel and installed with pip, is played by the installed program; a broken one is one
clear line, never a traceback."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from sprawl_cli import systems
from tests import harness
from tests.factory import PLF, ROOT, SUIT
from tests.test_startup_imports import PROBE

GROUP = "sprawl.systems"
BUILT_IN = {name: systems.module_path(package) for name, package in systems.REGISTRY.items()}


def imported(args: list[str], cwd: Path, ok: bool = True) -> set[str]:
    """Every module a fresh process running `sprawl ARGS` imported (tests/test_startup_imports.py's probe)."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], cwd=cwd, env=harness.clean_environ(),
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode == 0) == ok, done.stderr
    return set(done.stderr.rsplit("MODULES ", 1)[1].split())


def test_the_built_in_systems_are_declared_in_the_group_as_in_the_registry():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"][GROUP]
    assert declared == BUILT_IN
    assert sorted(BUILT_IN) == ["gunplay", "savage-worlds", "scratch-grid", "sprawl", "street-fight"]


def test_the_installed_metadata_declares_them_too():
    """What `pip install` wrote: a stale install (before the entry points) is reinstalled, not skipped."""
    from importlib.metadata import entry_points

    found = {p.name: p.value for p in entry_points(group=GROUP) if p.dist is not None and p.dist.name == "sprawl-cli"}
    assert found == BUILT_IN, "reinstall sprawl (pip install -e .) to refresh its entry points"


@pytest.mark.parametrize("args", [
    ["roll", "4", "--dice", "4,5,7,10", "--json"],
    ["--system", "gunplay", "roll", "--column", "hard", "--json", "--dice", "7"],
    ["new", "--system", "gunplay", "--squad", str(ROOT / "rosters/gunplay/crows.yaml"),
     "--squad", str(ROOT / "rosters/gunplay/wardens.yaml")],
])
def test_a_built_in_name_never_reads_the_entry_points(tmp_path, args):
    assert "importlib.metadata" not in imported(args, tmp_path)


def test_status_of_a_built_in_game_never_reads_them(tmp_path):
    assert harness.run(["new", "--squad", PLF, "--squad", SUIT], tmp_path).returncode == 0
    assert "importlib.metadata" not in imported(["status"], tmp_path)
    assert "importlib.metadata" in imported(["--system", "nosuch", "status"], tmp_path.parent, ok=False)


# --- the entry points as the kernel reads them (a fake group: no install) -------------------


def point(name: str, value: str, dist: str = "sprawl-extra") -> Any:
    return SimpleNamespace(name=name, value=value, dist=SimpleNamespace(name=dist))


@pytest.fixture
def group(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The entry points `systems.outside()` reads, as a list the test fills."""
    import importlib.metadata

    points: list[Any] = []
    monkeypatch.setattr(importlib.metadata, "entry_points",
                        lambda group=None: list(points) if group == GROUP else [])
    monkeypatch.setattr(systems, "_OUTSIDE", None)
    yield points
    systems._MENUS.clear()
    systems._LOADED.clear()


def test_a_built_in_name_is_the_built_in_system_whatever_a_package_declares(group):
    group.extend([point("gunplay", "elsewhere.gunplay"), point("Coin_Flip", "tests.coinflip"),
                  point("coin-flip", "later.one"), point("two words", "x.y"), point("bad:name", "x.y")])
    assert systems.outside() == {"coin-flip": ("tests.coinflip", "sprawl-extra")}
    assert systems.names()[:5] == list(BUILT_IN) and systems.names()[5:] == ["coin-flip"]
    assert systems.known("COIN_FLIP") and not systems.known("two words")
    assert systems.menu("coin-flip").package == "tests.coinflip"
    assert systems.get("coin-flip").title == "Coinflip"
    assert systems.menu("gunplay").package == "sprawl_cli.systems.gunplay"


def test_metadata_that_cannot_be_read_is_no_system(monkeypatch):
    import importlib.metadata

    def broken(group: str | None = None) -> list[Any]:
        raise ValueError("a damaged dist-info")

    monkeypatch.setattr(importlib.metadata, "entry_points", broken)
    monkeypatch.setattr(systems, "_OUTSIDE", None)
    assert systems.names() == list(BUILT_IN)


@pytest.mark.parametrize("value, says", [
    ("sprawl_nowhere_to_be_found", "ModuleNotFoundError: No module named 'sprawl_nowhere_to_be_found'"),
    ("tests", "its package tests has no COMMANDS"),
])
def test_a_broken_entry_point_is_one_line(group, value, says):
    from sprawl_cli.errors import BadInput

    group.append(point("broken", value, "sprawl-broken"))
    with pytest.raises(BadInput) as refused:
        systems.menu("broken")
    assert refused.value.message.startswith("the game system 'broken' (from the package sprawl-broken) cannot be loaded")
    assert says in refused.value.message and "\n" not in refused.value.message
    assert "broken" not in systems.installed()


# --- a toy system package, installed with pip and played by the installed program --------------

def build_wheel(where: Path, dist: str, package: str, files: dict[str, str], points: dict[str, str]) -> Path:
    """A wheel of the package `dist` holding `package` (its `files`) and declaring `points` in the
    group: written by hand (a wheel is a zip with its metadata), so that pip installs it offline
    with no build backend at all."""
    import base64
    import hashlib
    import zipfile

    name = dist.replace("-", "_")
    info = f"{name}-1.0.dist-info"
    members = {f"{package}/{file}": text for file, text in files.items()}
    members[f"{info}/METADATA"] = f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n"
    members[f"{info}/WHEEL"] = "Wheel-Version: 1.0\nGenerator: sprawl-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    members[f"{info}/entry_points.txt"] = f"[{GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items())
    record = []
    for path, text in members.items():
        data = text.encode("utf-8")
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    members[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    wheel = where / f"{name}-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in members.items():
            archive.writestr(path, text)
    return wheel


def coinflip_files() -> dict[str, str]:
    """tests/coinflip/ as a package of its own, `sprawl_coinflip`: nothing of sprawl's tests in it."""
    source = Path(__file__).resolve().parent / "coinflip"
    return {p.name: p.read_text(encoding="utf-8").replace("tests.coinflip", "sprawl_coinflip")
            for p in sorted(source.glob("*.py"))}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder pip installed three system packages into (offline: wheels built here): Coinflip,
    one whose entry point names a module that is not there, one that fails at import."""
    harness.installed_sprawl()
    where = tmp_path_factory.mktemp("toy-systems")
    projects = [
        build_wheel(where, "sprawl-coinflip", "sprawl_coinflip", coinflip_files(), {"coinflip": "sprawl_coinflip"}),
        build_wheel(where, "sprawl-broken", "sprawl_broken", {"__init__.py": ""}, {"broken": "sprawl_broken.nowhere"}),
        build_wheel(where, "sprawl-crashing", "sprawl_crashing",
                  {"__init__.py": "raise RuntimeError('this system was never finished')\n"},
                  {"crashing": "sprawl_crashing"}),
    ]
    target = where / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-index", "--no-deps",
                           "--disable-pip-version-check", "--target", str(target),
                           *map(str, projects)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert sorted(p.name.split("-")[0] for p in target.glob("*.dist-info")) == [
        "sprawl_broken", "sprawl_coinflip", "sprawl_crashing"]
    return target


class Installed:
    """The installed `sprawl` in a folder, seeing the packages in `site` as installed ones."""

    def __init__(self, folder: Path, site: Path) -> None:
        self.folder = folder
        self.env = harness.clean_environ("PYTHON", PYTHONPATH=str(site))

    def __call__(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return harness.run(list(args), self.folder, installed=True, env={**self.env, **env})

    def json(self, *args: str) -> Any:
        done = self(*args, "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)


@pytest.fixture
def installed(site: Path, tmp_path: Path) -> Installed:
    return Installed(tmp_path, site)


def rosters(folder: Path) -> list[str]:
    made = []
    for squad, names in (("Heads", ("Ann", "Bo")), ("Tails", ("Cy", "Di"))):
        path = folder / f"{squad}.yaml"
        path.write_text(f"system: coinflip\nsquad: {squad}\ncharacters:\n"
                        + "".join(f"  - {{name: {n}}}\n" for n in names), encoding="utf-8")
        made += ["--squad", str(path)]
    return made


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.e2e
def test_an_installed_system_package_is_played_by_the_installed_program(installed):
    sprawl = installed
    new = sprawl("new", "--system", "coinflip", *rosters(sprawl.folder))
    assert new.returncode == 0, new.stderr
    assert "system: coinflip" in (sprawl.folder / "sprawl-game.yaml").read_text(encoding="utf-8")
    status = sprawl.json("status")
    assert (status["system"], status["side"]) == ("coinflip", "Heads")
    assert [c["health"] for c in status["characters"]] == [3, 3, 3, 3]
    hit = sprawl.json("attack", "Ann", "Cy", "--dice", "1")
    assert (hit["coin"], hit["health"]) == ("heads", 2)
    assert sprawl.json("status")["characters"][2]["health"] == 2
    assert sprawl.json("undo")["step"] == 0
    assert sprawl.json("status")["characters"][2]["health"] == 3
    # The save names the system: every later line finds it among the entry points, SPRAWL_SYSTEM too.
    assert "Coinflip, round 1" in sprawl("status", SPRAWL_SYSTEM="coinflip").stdout
    assert "attack" in sprawl("--help").stdout


@pytest.mark.e2e
def test_an_installed_system_is_listed_and_completed(installed):
    listing = installed("--help")
    assert listing.returncode == 0 and "Coinflip (--system coinflip)" in listing.stdout
    assert "broken" not in listing.stdout and "crashing" not in listing.stdout  # they do not load
    offered = installed(_SPRAWL_COMPLETE="bash_complete", COMP_WORDS="sprawl --system co", COMP_CWORD="2")
    assert offered.stdout.splitlines() == ["plain,coinflip"]
    offered = installed(_SPRAWL_COMPLETE="bash_complete", COMP_WORDS="sprawl --system s", COMP_CWORD="2")
    assert offered.stdout.splitlines() == ["plain,sprawl", "plain,street-fight", "plain,savage-worlds", "plain,scratch-grid"]


@pytest.mark.e2e
@pytest.mark.parametrize("system, says", [
    ("broken", "the game system 'broken' (from the package sprawl-broken) cannot be loaded: ModuleNotFoundError"),
    ("crashing", "the game system 'crashing' (from the package sprawl-crashing) cannot be loaded: "
                 "RuntimeError: this system was never finished"),
])
def test_a_broken_installed_system_is_one_clear_line(installed, system, says):
    sprawl = installed
    refused = sprawl("new", "--system", system, *rosters(sprawl.folder))
    assert refused.returncode == 1 and says in one_line(refused)
    assert sorted(os.listdir(sprawl.folder)) == ["Heads.yaml", "Tails.yaml"]  # no file changed
    (sprawl.folder / "sprawl-game.yaml").write_text(f"schema_version: 1\nsystem: {system}\n", encoding="utf-8")
    for args in (["status"], ["--system", system, "roll", "2"]):
        refused = sprawl(*args)
        assert refused.returncode in (1, 2) and says.split(":")[0] in one_line(refused), args


@pytest.mark.e2e
def test_a_system_no_package_provides_is_refused_naming_every_system(installed):
    refused = installed("new", "--system", "nosuch", *rosters(installed.folder))
    assert refused.returncode == 2
    assert re.search(r"no such game system; the systems are: sprawl, .*scratch-grid, .*coinflip", one_line(refused))
    # A save of a system no package provides (uninstalled since): every command says so, lookups too.
    (installed.folder / "sprawl-game.yaml").write_text("schema_version: 1\nsystem: nosuch\n", encoding="utf-8")
    for args in (["status"], ["roll", "2"], ["attack", "Ann", "Cy"]):
        refused = installed(*args)
        assert refused.returncode == 1 and "no game system 'nosuch'" in one_line(refused), args
