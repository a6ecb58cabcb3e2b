"""The one way the tests run sprawl, and the one environment scrub.

In-process (`invoke`, Click's CliRunner: fast, for most CLI tests) or as a real
process (`run`, `popen`: `python -m sprawl_cli`, or the installed `sprawl`
script when the test is about the installed program). Every run gets the
caller's environment less the SPRAWL_ settings and the shell-completion
handshake (`clean_environ`), so a variable set in the developer's shell never
changes a test, and a seed of the test's own (`test_seed`), so the dice a test
does not script are still the same in every run.

`need_tool` finds a program a test needs (bash, tmux, chromium, the installed
script): without it the test skips and says why, except under CI=true, where a
missing tool is a broken test machine and the test fails instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from sprawl_cli.cli.main import cli
from sprawl_cli.context import Env
from sprawl_cli.testing import test_seed

BIN = Path(sys.executable).parent  # the virtualenv's bin, where `pip install -e .` puts `sprawl`
SCRUBBED = ("SPRAWL_", "_SPRAWL")  # sprawl's settings, and Click's completion handshake


def in_ci() -> bool:
    return os.environ.get("CI") == "true"


def missing(message: str) -> None:
    """Skip with `message`, or fail under CI=true: CI must run every test, never hide one."""
    if in_ci():
        pytest.fail(f"{message}; CI=true requires it")
    pytest.skip(message)


def clean_environ(*drop: str, **extra: str) -> dict[str, str]:
    """The environment without any SPRAWL_ (or _SPRAWL) variable, nor those starting with `drop`;
    `extra` variables added. Unless `extra` gives one, SPRAWL_SEED is the test's own
    (`test_seed`): the suite's random dice are the same in every run."""
    prefixes = SCRUBBED + drop
    environ = {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}
    environ["SPRAWL_SEED"] = test_seed()
    environ.update(extra)
    return environ


def invoke(args: Sequence[str], *, input: str | None = None, terminal: bool = False,
           env: dict[str, str] | None = None, environ: dict[str, str] | None = None) -> Result:
    """`sprawl ARGS` in this process. `env` adds variables to the clean environment;
    `environ` replaces it whole."""
    whole = environ if environ is not None else clean_environ(**(env or {}))
    return CliRunner().invoke(cli, list(args), input=input, obj=Env(interactive=terminal, environ=whole),
                              catch_exceptions=False)


def need_tool(name: str, how: str = "") -> str:
    """The path of program `name`; skips (fails under CI=true) when it is not installed."""
    found = shutil.which(name)
    if found is None:
        missing(f"{name} is not installed" + (f" ({how})" if how else ""))
        raise AssertionError("unreachable")  # pytest.skip and pytest.fail raise
    return found


def installed_sprawl() -> str:
    """The installed `sprawl` script beside this Python; skips (fails under CI=true) without it."""
    found = BIN / "sprawl"
    if not found.exists():
        missing(f"no installed `sprawl` next to {sys.executable} (run `pip install -e .`)")
    return str(found)


def program(installed: bool = False) -> list[str]:
    """The argv that starts sprawl: the module by this Python, or the installed script."""
    return [installed_sprawl()] if installed else [sys.executable, "-m", "sprawl_cli"]


def run(args: Sequence[str], cwd: Path, *, installed: bool = False, env: dict[str, str] | None = None,
        timeout: float = 60, input: str | None = None) -> subprocess.CompletedProcess[str]:
    """`sprawl ARGS` as a real process in `cwd` (no terminal; stdin empty unless `input`).
    `env` is the whole environment (default: `clean_environ()`)."""
    return subprocess.run([*program(installed), *args], cwd=cwd, env=clean_environ() if env is None else env,
                          capture_output=True, text=True, timeout=timeout, input=input,
                          stdin=subprocess.DEVNULL if input is None else None)


_HOLD = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
sys.stdin.read()
os.close(fd)
"""


def hold_lock(lock: Path) -> subprocess.Popen[str]:
    """Another process holding a game's lock file until its stdin is closed
    (`holder.stdin.close()`); returns once it holds the lock. There is no timed hold:
    a test lets go when it has seen what it waits for, so no verdict rests on a clock."""
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(lock)],
                              stdout=subprocess.PIPE, stdin=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    return holder


NOBODY = 65534  # the uid and gid of `nobody` on Debian and most Linux systems
DAC = "-dac_override,-dac_read_search"  # root's power to read and write any file whatever its mode


def _runs(argv: list[str], env: dict[str, str]) -> bool:
    probe = "import sprawl_cli.cli.main, yaml, typer, rich"
    try:
        return subprocess.run([*argv, "-c", probe], env=env, cwd="/", capture_output=True, timeout=60).returncode == 0
    except OSError:
        return False


def unprivileged(folder: Path) -> tuple[list[str], dict[str, str], str]:
    """How to run sprawl as a real process that file modes apply to: (argv up to and
    including `-m sprawl_cli`, environment, who it runs as).

    Not root: ourselves. Root: the user `nobody` (setpriv), with an interpreter nobody
    may run (this one, else the system's Python of the same version over this one's
    packages), and `folder` handed to nobody; where nobody can run no Python (the
    project under /root), root itself without the capabilities that bypass file modes.
    Neither possible: a skip, or a failure under CI=true.
    """
    env = clean_environ()
    if os.geteuid() != 0:
        return [sys.executable, "-m", "sprawl_cli"], env, f"uid {os.geteuid()}"
    setpriv = need_tool("setpriv", "util-linux; it runs a command as another user")
    nobody = [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--"]
    packages = [p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir()]
    env_nobody = dict(env, PYTHONPATH=os.pathsep.join([str(Path(__file__).resolve().parent.parent), *packages]))
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for python in dict.fromkeys([sys.executable, f"/usr/bin/{version}", shutil.which(version) or ""]):
        if python and _runs([*nobody, python], env_nobody):
            for path in [folder, *folder.rglob("*")]:
                os.chown(path, NOBODY, NOBODY)
            return [*nobody, python, "-m", "sprawl_cli"], env_nobody, f"nobody (uid {NOBODY}) with {python}"
    capless = [setpriv, f"--bounding-set={DAC}", f"--inh-caps={DAC}", "--"]
    if _runs([*capless, sys.executable], env):
        return [*capless, sys.executable, "-m", "sprawl_cli"], env, "root without CAP_DAC_OVERRIDE/CAP_DAC_READ_SEARCH"
    missing("cannot run sprawl as a user that file modes apply to (as nobody, or as root without DAC capabilities)")
    raise AssertionError("unreachable")


def popen(args: Sequence[str], cwd: Path, *, env: dict[str, str] | None = None, **options: Any) -> subprocess.Popen[Any]:
    """`sprawl ARGS` started as a real process (`python -m sprawl_cli`); output discarded unless
    `options` say otherwise."""
    options.setdefault("stdout", subprocess.DEVNULL)
    options.setdefault("stderr", subprocess.DEVNULL)
    options.setdefault("stdin", subprocess.DEVNULL)
    return subprocess.Popen([*program(), *args], cwd=cwd, env=clean_environ() if env is None else env, **options)
