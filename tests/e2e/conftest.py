"""A real terminal for end-to-end tests: tmux on a private socket, read back with capture-pane.

Without tmux these tests skip and say why, except under CI=true, where a
missing terminal is a broken test machine and the tests fail instead.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests import harness
from tests.factory import PLF, SUIT

BIN = harness.BIN
WAIT = 60.0  # seconds: only a hang guard; every wait ends as soon as the screen shows what it waits for


def need_tmux() -> str:
    tmux = harness.need_tool("tmux", "the real-terminal tests need it: apt-get install tmux")
    harness.installed_sprawl()
    return tmux


class Terminal:
    """One tmux window (120x40) running a command in a folder; the screen is read as text."""

    def __init__(self, tmux: str, folder: Path, env: dict[str, str]) -> None:
        self.tmux = tmux
        self.folder = folder
        self.env = env
        self.socket = f"sprawl-e2e-{uuid.uuid4().hex[:10]}"
        self.target = "e2e"

    def _tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run([self.tmux, "-L", self.socket, *args], env=self.env, cwd=self.folder,
                              capture_output=True, text=True, check=check, timeout=30)

    def start(self, command: str) -> None:
        self._tmux("-f", "/dev/null", "new-session", "-d", "-s", self.target, "-x", "120", "-y", "40",
                   "-c", str(self.folder), command)
        self._tmux("set-option", "-t", self.target, "remain-on-exit", "on")

    def keys(self, *keys: str) -> None:
        """Send tmux key names (Enter, Tab, C-d, Up, ...)."""
        self._tmux("send-keys", "-t", self.target, *keys)

    def type(self, text: str, enter: bool = True) -> None:
        self._tmux("send-keys", "-t", self.target, "-l", text)
        if enter:
            self.keys("Enter")

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.target).stdout

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen().splitlines()]

    def wait_for(self, probe: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        """The screen once it shows `probe` (text, or a test of the screen); fails with the screen."""
        # capture-pane drops trailing spaces, so a text probe is matched without its own.
        check = probe if callable(probe) else (lambda screen: probe.rstrip() in screen)
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if check(screen):
                return screen
            time.sleep(0.05)
        pytest.fail(f"the terminal never showed {probe!r}; it shows:\n{screen}")

    def dead(self) -> tuple[bool, str]:
        done = self._tmux("display-message", "-p", "-t", self.target, "#{pane_dead} #{pane_dead_status}")
        flag, _, status = done.stdout.strip().partition(" ")
        return flag == "1", status

    def wait_exit(self, timeout: float = WAIT) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            is_dead, status = self.dead()
            if is_dead:
                return int(status or 0)
            time.sleep(0.05)
        pytest.fail(f"the program did not exit; the terminal shows:\n{self.screen()}")

    def close(self) -> None:
        self._tmux("kill-server", check=False)


@pytest.fixture
def table(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A folder with a game, and an environment whose PATH finds the installed `sprawl`."""
    env = harness.clean_environ("TMUX")
    env.update(PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}", HOME=str(tmp_path), TERM="xterm-256color",
               NO_COLOR="1", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    return tmp_path, env


def sprawl_run(table: tuple[Path, dict[str, str]], *args: str) -> subprocess.CompletedProcess[str]:
    """`sprawl ARGS` in the table's folder, as another terminal would run it."""
    folder, env = table
    return harness.run(args, folder, installed=True, env=env)


def new_game(table: tuple[Path, dict[str, str]], *extra: str) -> None:
    done = sprawl_run(table, "new", "--squad", PLF, "--squad", SUIT, *extra)
    assert done.returncode == 0, done.stderr


@pytest.fixture
def terminal(table: tuple[Path, dict[str, str]]) -> Iterator[Callable[[str], Terminal]]:
    """Start commands in real terminals: `terminal("sprawl play")`; all are closed afterwards."""
    tmux = need_tmux()
    opened: list[Terminal] = []

    def start(command: str) -> Terminal:
        term = Terminal(tmux, table[0], table[1])
        opened.append(term)
        term.start(command)
        return term

    yield start
    for term in opened:
        term.close()


def quoted(*words: str) -> str:
    return " ".join(shlex.quote(w) for w in words)
