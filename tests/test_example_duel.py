"""The example outside system (examples/duel/, issue 37 item 5) is built from its own folder and
installed with pip into a virtual environment of its own, then its tests and sprawl's
conformance suite run there: Duel is found through the `sprawl.systems` entry point it declares,
as any system from another package is. Offline: pip builds it with the setuptools already here
(`--no-build-isolation --no-deps --no-index`), and the new environment sees this one's packages
(sprawl among them) through a .pth file, so nothing is downloaded."""

from __future__ import annotations

import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

from tests import harness
from tests.factory import ROOT

EXAMPLE = ROOT / "examples" / "duel"


def venv(where: Path) -> Path:
    """A virtual environment that sees this interpreter's packages; its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(where)],
                   check=True, capture_output=True, timeout=120)
    python = where / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    ours = [*site.getsitepackages(), sysconfig.get_paths()["purelib"]]
    lines = "".join(f"import site; site.addsitedir({p!r})\n" for p in dict.fromkeys(ours) if p != purelib)
    (Path(purelib) / "sprawl_parent.pth").write_text(lines, encoding="utf-8")
    return python


def test_the_example_system_installs_from_its_folder_and_passes_the_conformance_suite(tmp_path):
    source = tmp_path / "duel"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    python = venv(tmp_path / "venv")
    env = harness.clean_environ("PYTHONPATH")
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-build-isolation", "--no-deps",
                           "--no-index", "--disable-pip-version-check", str(source)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    where = subprocess.run([str(python), "-c", "import sprawl_duel, sprawl_cli; print(sprawl_duel.__file__)"],
                           capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert where.returncode == 0 and str(tmp_path / "venv") in where.stdout, where.stderr  # installed, not the folder
    ran = subprocess.run([str(python), "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", str(source / "tests")],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    passed = {line.split("::")[-1] for line in ran.stdout.splitlines() if line.startswith("PASSED ")}
    from sprawl_cli.testing import Conformance

    suite = {name for name in dir(Conformance) if name.startswith("test_")}
    assert suite <= passed and "test_a_game_of_duel_through_the_command_line" in passed, ran.stdout[-3000:]
