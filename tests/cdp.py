"""Headless Chromium driven over the Chrome DevTools Protocol, for tests of live pages.

The browser is started with the same flags as tests/test_report_browser.py and a debugging
port chosen by the browser; the test waits for the line that names its address (no sleep).
`wait_for` polls the page's DOM until a JavaScript expression is true: the hang guard is a
generous limit that only stops a broken test, never a measure of speed.
"""

from __future__ import annotations

import base64
import contextlib
import json
import queue
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from tests import harness

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--force-device-scale-factor=1"]
HANG_GUARD = 60.0  # seconds: far beyond any wait a working page needs


def start_server(tmp_path: Path) -> tuple[subprocess.Popen[str], str, queue.Queue[str | None], list[str]]:
    """`sprawl serve --host 0.0.0.0 --port 0`, and the address it printed (reached by loopback)."""
    errors = (tmp_path / "serve.err").open("w")
    server = harness.popen(["--game", "game.yaml", "serve", "--host", "0.0.0.0", "--port", "0"], tmp_path,
                           stdout=subprocess.PIPE, stderr=errors, text=True)
    assert server.stdout is not None
    said: list[str] = []
    out = lines_of(server.stdout)
    url = wait_line(out, r"(http://\S+)", said).group(1)
    wait_line(out, "[█▀▄]{8}", said)  # the address as a QR code for the phones' cameras
    port, token = re.search(r":(\d+)/\?token=([\w-]+)", url).groups()  # type: ignore[union-attr]
    return server, f"http://127.0.0.1:{port}/?token={token}", out, said


def stop(server: subprocess.Popen[str], sig: int) -> int:
    """Stop a server process with `sig` (Ctrl-C's SIGINT or SIGTERM): its exit code."""
    server.send_signal(sig)
    return server.wait(timeout=HANG_GUARD)


@contextlib.contextmanager
def reaped(server: subprocess.Popen[str]) -> Iterator[subprocess.Popen[str]]:
    """`server`, killed on the way out if it still runs, so a failed test leaves no process behind."""
    try:
        yield server
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def lines_of(stream: IO[str]) -> queue.Queue[str | None]:
    """Every line a child process writes, delivered as it comes (None at its end)."""
    found: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        for line in stream:
            found.put(line)
        found.put(None)

    threading.Thread(target=pump, daemon=True).start()
    return found


def wait_line(found: queue.Queue[str | None], pattern: str, seen: list[str]) -> re.Match[str]:
    """The first line matching `pattern` (every line read is kept in `seen`).

    Raises:
        AssertionError: the stream ended, or nothing matched within the hang guard.
    """
    while True:
        try:
            line = found.get(timeout=HANG_GUARD)
        except queue.Empty:
            raise AssertionError(f"no line matching {pattern!r} after {HANG_GUARD}s: {''.join(seen)}") from None
        if line is None:
            raise AssertionError(f"the stream ended before a line matching {pattern!r}: {''.join(seen)}")
        seen.append(line)
        match = re.search(pattern, line)
        if match:
            return match


class Browser:
    """One headless Chromium; `open` gives a page (a CDP session) of a given width."""

    def __init__(self, tmp_path: Path) -> None:
        from websockets.sync.client import connect

        exe = harness.need_tool("chromium", "Debian package `chromium`")
        profile = tmp_path / "chromium-profile"
        profile.mkdir(exist_ok=True)
        self.proc = subprocess.Popen([exe, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
                                      "about:blank"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True)
        assert self.proc.stderr is not None
        self.said: list[str] = []
        address = wait_line(lines_of(self.proc.stderr), r"DevTools listening on (ws://\S+)", self.said).group(1)
        self.stack = contextlib.ExitStack()
        self.ws = self.stack.enter_context(connect(address, max_size=None, open_timeout=HANG_GUARD))
        self.next_id = 0

    def call(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        self.next_id += 1
        ask: dict[str, Any] = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            ask["sessionId"] = session
        self.ws.send(json.dumps(ask))
        while True:
            answer = json.loads(self.ws.recv(timeout=HANG_GUARD))
            if answer.get("id") == self.next_id:
                assert "error" not in answer, answer
                result: dict[str, Any] = answer.get("result", {})
                return result

    def open(self, url: str, width: int = 390, height: int = 844) -> str:
        """A new page of `width` CSS pixels (a phone's, by default) showing `url`: its session."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session: str = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                         "mobile": True}, session)
        self.call("Page.enable", {}, session)
        self.call("Page.navigate", {"url": url}, session)
        return session

    def eval(self, session: str, expression: str) -> Any:
        found = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
        return found.get("result", {}).get("value")

    def wait_for(self, session: str, expression: str) -> Any:
        """The value of `expression` once it is truthy, polled in the page.

        Raises:
            AssertionError: still not true when the hang guard runs out.
        """
        limit = time.monotonic() + HANG_GUARD
        value = None
        while time.monotonic() < limit:
            value = self.eval(session, expression)
            if value:
                return value
            time.sleep(0.05)
        body = self.eval(session, "document.body ? document.body.innerText : ''")
        raise AssertionError(f"the page never showed {expression!r}; it shows: {body}")

    def screenshot(self, session: str, whole: bool = True) -> bytes:
        """The page as a PNG: the whole of it, or (`whole=False`) what the screen shows. The page
        is brought to the front first: a page behind another draws no frame to capture."""
        self.call("Page.bringToFront", {}, session)
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": whole}, session)["data"]
        return base64.b64decode(data)

    def close(self) -> None:
        try:
            self.ws.send(json.dumps({"id": 0, "method": "Browser.close"}))
            self.stack.close()
        except Exception:
            pass
        try:
            self.proc.wait(timeout=HANG_GUARD)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
