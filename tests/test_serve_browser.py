"""`sprawl serve` as the table sees it (issue 26): a real `sprawl serve` process, headless
Chromium at a phone's width, and commands run from another process.

For every system: the page shows a change made by a command without a reload (the DOM is
polled until it does, with a generous hang guard: no test here measures time), it has no
sideways scroll at 390 px, a request without the token is refused, and the server stops
cleanly (exit 0, no traceback) on Ctrl-C or SIGTERM with a browser still connected.

Without Chromium these skip, except under CI=true, where they fail (tests/harness.py).
Run with SPRAWL_DOCS_SCREENSHOT=1 to refresh docs/table-view.png from the Scratch:Grid page.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import urllib.error
import urllib.request

import pytest

from tests import harness
from tests.cdp import HANG_GUARD, Browser, lines_of, reaped, start_server, stop, wait_line
from tests.factory import ROOT, new_args

try:  # the test extra installs both; only a hand-made environment lacks them, and CI must not
    import starlette  # noqa: F401
    import websockets  # noqa: F401
except ImportError:
    if harness.in_ci():
        raise
    pytest.skip("the `table` extra or websockets is not installed: pip install -e '.[test]'", allow_module_level=True)

# system -> (its squads and map, a character, a status to put on it, the signal that stops the server)
GAMES = {  # system -> (a character, a status to put on it, the signal that stops the server)
    "sprawl": ("Razz", "pinned", signal.SIGINT),
    "gunplay": ("Vic", "prone", signal.SIGTERM),
    "street-fight": ("Vex", "aiming", signal.SIGINT),
    "savage-worlds": ("Priestess", "shaken", signal.SIGTERM),
    "scratch-grid": ("Vex", "evading", signal.SIGINT),
}
SCREENSHOT = ROOT / "docs" / "table-view.png"


def status_code(url: str, method: str = "GET") -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=HANG_GUARD) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


@pytest.mark.parametrize("system", list(GAMES))
def test_the_page_follows_the_game_on_a_phone(tmp_path, system):
    who, status, stop = GAMES[system]
    new = harness.run(["--game", "game.yaml", "--seed", "7", "new", *new_args(system)], tmp_path)
    assert new.returncode == 0, new.stderr
    browser = Browser(tmp_path)
    server, url, out, said = start_server(tmp_path)
    try:
        page = browser.open(url)
        # The page is up and its event stream has delivered the game at least once.
        browser.wait_for(page, "Number(document.body.dataset.views || 0) >= 1")
        card = f"document.querySelector('.card[data-name=\"{who}\"]')"
        assert browser.eval(page, f"{card}.innerText.includes('{status.replace('_', ' ')}')") is False
        browser.eval(page, "window.notReloaded = true")

        changed = harness.run(["--game", "game.yaml", "set", who, status, "on"], tmp_path)
        assert changed.returncode == 0, changed.stderr
        browser.wait_for(page, f"{card} && {card}.querySelector('.status') && "
                               f"{card}.innerText.includes('{status.replace('_', ' ')}')")
        assert browser.eval(page, "window.notReloaded") is True  # pushed by the server, not reloaded
        assert browser.eval(page, "document.documentElement.scrollWidth <= window.innerWidth") is True
        if system == "sprawl":  # a second screen watches too, and `undo` from a terminal shows on both
            wide = browser.open(url, width=1280, height=800)
            browser.wait_for(wide, f"{card} && {card}.innerText.includes('{status}')")
            undone = harness.run(["--game", "game.yaml", "undo"], tmp_path)
            assert undone.returncode == 0, undone.stderr
            for screen in (page, wide):
                browser.wait_for(screen, f"{card} && !{card}.querySelector('.status')")
        if system == "scratch-grid":
            assert browser.eval(page, "!!document.querySelector('#map svg')") is True
            if os.environ.get("SPRAWL_DOCS_SCREENSHOT") == "1":
                SCREENSHOT.write_bytes(browser.screenshot(page))
        if system == "sprawl":  # a damaged save: a banner, no stack trace, no file path
            (tmp_path / "game.yaml").write_text("schema_version: [\n", encoding="utf-8")
            banner = browser.wait_for(page, "document.querySelector('#banner') && "
                                            "document.querySelector('#banner').innerText")
            assert "cannot be read" in banner and str(tmp_path) not in banner and "Traceback" not in banner

        base = url.split("?")[0]
        assert status_code(base) == 403
        assert status_code(base + "events") == 403
        assert status_code(base + "?token=wrong") == 403
        assert status_code(url, "POST") == 405
        assert status_code(base + "game.yaml?" + url.split("?")[1]) == 404

        server.send_signal(stop)  # a browser is still connected to the event stream
        wait_line(out, "Stopped serving the game", said)
        server.wait(timeout=HANG_GUARD)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        browser.close()
    err = (tmp_path / "serve.err").read_text()
    assert server.returncode == 0, err
    assert "Traceback" not in err


def test_on_this_machine_alone_no_token_is_needed_but_only_its_own_names_are_answered(tmp_path):
    new = harness.run(["--game", "game.yaml", "new", *new_args("gunplay")], tmp_path)
    assert new.returncode == 0, new.stderr
    errors = (tmp_path / "serve.err").open("w")
    server = harness.popen(["--game", "game.yaml", "--json", "serve", "--port", "0"], tmp_path,
                           stdout=subprocess.PIPE, stderr=errors, text=True)
    assert server.stdout is not None
    with reaped(server):
        said: list[str] = []
        out = lines_of(server.stdout)
        first = wait_line(out, r"^\{", said).string
        address = json.loads(first)  # --json: the address as one JSON object, and nothing else on stdout
        assert address["token"] is False and address["url"].startswith("http://127.0.0.1:")
        assert "token=" not in address["url"]
        assert status_code(address["url"]) == 200
        foreign = urllib.request.Request(address["url"], headers={"Host": "evil.example"})
        try:
            urllib.request.urlopen(foreign, timeout=HANG_GUARD)
            raise AssertionError("a request for another host name was answered")
        except urllib.error.HTTPError as refused:
            assert refused.code == 400
        assert stop(server, signal.SIGTERM) == 0
    rest = []
    while (line := out.get(timeout=HANG_GUARD)) is not None:
        rest.append(line)
    assert rest == []  # nothing after the JSON object
    assert "Stopped serving the game." in (tmp_path / "serve.err").read_text()
