"""The live page as a turn tracker (issue 35), in real headless Chromium: for every system, on
a phone (390 px) and on a 1080p screen across the table, the one acting now is named above
the fold in large type, and the page follows the turn live as commands run from another
process: `next`, a Joker, a hold and an interrupt (Savage Worlds), an activation and its
end (Gunplay), a phase change (SPRAWL, Street-Fight), the turn passing (Scratch:Grid).

Waits poll the page's DOM under a generous hang guard; nothing here measures time. Without
Chromium these skip, except under CI=true (tests/harness.py). Run with
SPRAWL_DOCS_SCREENSHOT=1 to refresh docs/table-view-phone.png and docs/table-view-wide.png
from the Savage Worlds game.
"""

from __future__ import annotations

import os
import signal

import pytest

from tests import harness
from tests.cdp import Browser, reaped, start_server, stop
from tests.factory import ROOT, new_args

pytest.importorskip("starlette")
pytest.importorskip("websockets")

SW = ["--system", "savage-worlds", "--squad", str(ROOT / "rosters/savage-worlds/expedition.yaml"),
      "--squad", str(ROOT / "rosters/savage-worlds/cult.yaml")]
PHONE, WIDE = (390, 844), (1920, 1080)

# system -> (`new`'s arguments, the one now at the start, then (command, who or what the page then shows now,
# a text the order of play or header then holds) for each step)
SCRIPTS: dict[str, tuple[list[str], str, list[tuple[list[str], str, str]]]] = {
    "savage-worlds": (SW, "deals the cards", [
        (["deal", "--dice", "KS,10H,RJ,2C,5D"], "Priestess", "red Joker"),  # a Joker first in the countdown
        (["next"], "Ada", "K♠"),
        (["next"], "Jonah", "10♥"),
        (["hold", "Jonah"], "Jonah", "on hold"),
        (["next"], "hounds", "5♦"),
        (["interrupt", "Jonah", "Hound", "--bennies", "0", "--dice", "5,2,3"], "Jonah", "acting out of turn"),
    ]),
    "gunplay": (new_args("gunplay"), "Wardens", [
        (["move", "Ruth"], "Ruth", "1 action left"),  # an activation begins
        (["done", "Ruth"], "Crows", "done: Ruth"),  # and ends: the other side picks
    ]),
    "sprawl": (new_args("sprawl"), "People's Liberation Front", [
        (["next"], "People's Liberation Front", "Ranged Combat phase"),
    ]),
    "street-fight": (new_args("street-fight"), "Dock Rats", [
        (["next"], "Wardens", "Movement phase"),  # every side moves, then the first to act shoots
        (["next"], "Dock Rats", "Shooting phase"),
    ]),
    "scratch-grid": (new_args("scratch-grid"), "Raiders", [
        (["next"], "Wardens", "its turn"),
    ]),
}

NOW_TEXT = "document.querySelector('#now') ? document.querySelector('#now').innerText : ''"
# The line naming the one acting now is on screen without scrolling, in larger type than the body's.
ABOVE_FOLD = ("(function () { var n = document.querySelector('#now'); if (!n) return false;"
              " var r = n.getBoundingClientRect(); var big = parseFloat(getComputedStyle(n).fontSize);"
              " var body = parseFloat(getComputedStyle(document.body).fontSize);"
              " return r.top >= 0 && r.bottom <= window.innerHeight && big >= 1.5 * body"
              " && document.documentElement.scrollWidth <= window.innerWidth; })()")


def js(text: str) -> str:
    return repr(text)


@pytest.mark.parametrize("system", list(SCRIPTS))
def test_the_page_leads_with_the_turn_and_follows_it_live(tmp_path, system):
    args, first, steps = SCRIPTS[system]
    new = harness.run(["--game", "game.yaml", "--seed", "3", "new", *args], tmp_path)
    assert new.returncode == 0, new.stderr
    browser = Browser(tmp_path)
    server, url, _out, _said = start_server(tmp_path)
    try:
        with reaped(server):
            screens = [browser.open(url, *PHONE), browser.open(url, *WIDE)]
            for screen in screens:
                browser.wait_for(screen, f"{NOW_TEXT}.includes({js(first)})")
                assert browser.eval(screen, ABOVE_FOLD) is True
                assert browser.eval(screen, "!document.body.innerText.includes('refereed')") is True
            for command, now, shown in steps:
                done = harness.run(["--game", "game.yaml", *command], tmp_path)
                assert done.returncode == 0, (command, done.stderr)
                for screen in screens:
                    browser.wait_for(screen, f"{NOW_TEXT}.includes({js(now)}) && "
                                             f"document.querySelector('#game').innerText.includes({js(shown)})")
                    assert browser.eval(screen, ABOVE_FOLD) is True
            if system == "savage-worlds" and os.environ.get("SPRAWL_DOCS_SCREENSHOT") == "1":
                (ROOT / "docs" / "table-view-phone.png").write_bytes(browser.screenshot(screens[0], whole=False))
                (ROOT / "docs" / "table-view-wide.png").write_bytes(browser.screenshot(screens[1], whole=False))
            assert stop(server, signal.SIGINT) == 0
    finally:
        browser.close()
    assert "Traceback" not in (tmp_path / "serve.err").read_text()
