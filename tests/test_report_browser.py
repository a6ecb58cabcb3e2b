"""The HTML battle report as a person sees it: rendered by headless Chromium, its
text read back from the DOM and its charts checked for drawn pixels.

Without Chromium the test skips and says why, except under CI=true, where it fails
(.ci/run installs the Debian package `chromium`)."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from sprawl_cli.campaign import book_from_rosters, game_from_book, record_book_game
from sprawl_cli.campaign_file import save_campaign
from sprawl_cli.render.report_html import render_book
from sprawl_cli.systems.base import NewGame
from sprawl_cli.systems.sprawl.roster import load_roster
from sprawl_cli.systems.sprawl.system import SYSTEM
from tests import harness
from tests.factory import ROSTERS, dice, table

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--force-device-scale-factor=1"]
HOSTILE = '<b>Gang</b> & "Co" <script>x</script>'


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if found is None:
        harness.missing("headless Chromium is not installed (Debian package `chromium`)")
        raise AssertionError("unreachable")
    return found


def run_browser(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    profile = tmp_path / "profile"
    profile.mkdir(exist_ok=True)
    return subprocess.run([chromium(), *FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=120, check=False)


def report_page(tmp_path: Path) -> Path:
    """A played game with hits, wounds, a casualty and an aftermath, kept in a campaign."""
    book = book_from_rosters(SYSTEM, [load_roster(ROSTERS / "plf.yaml"), load_roster(ROSTERS / "suit.yaml")])
    book.squads[0].name = HOSTILE
    path = tmp_path / "camp.yaml"
    save_campaign(path, book)
    game, _ = game_from_book(SYSTEM, path, NewGame(rounds=3), dice(), table())
    game.over, game.round, game.winner, game.reason = True, 3, "S.U.I.T. #13", "the round limit (3) was reached (R25)"
    razz, wilson, mutt = game.character("Razz"), game.character("Wilson"), game.character("Mutt")
    razz.record.shots, razz.record.hits, razz.record.damage_dealt = 3, 2, 2
    wilson.record.shots, wilson.record.hits, wilson.record.put_out_of_action = 2, 2, 1
    mutt.add("out_of_action")
    mutt.record.times_out_of_action, mutt.health, mutt.damage_taken = 1, 0, 2
    entries = [
        {"round": 1, "health": {"Gordo": 2}, "gone": [], "hits": {"Razz": 2}},
        {"round": 2, "health": {"Mutt": 0}, "gone": ["Mutt"], "hits": {"Razz": 2, "Wilson": 2}},
    ]
    played = record_book_game(SYSTEM, book, game, entries, date="2026-11-21")
    SYSTEM.aftermath(game, book, played, dice(2, 3))
    page = tmp_path / "report.html"
    page.write_text(render_book(book, played, "html"), encoding="utf-8")
    return page


def test_page_is_self_contained_and_escaped(tmp_path):
    text = report_page(tmp_path).read_text()
    assert not re.search(r"(src|href)\s*=", text), "the page links to something"
    assert "<script" not in text and "http" not in text and "@import" not in text and "url(" not in text
    assert "&lt;b&gt;Gang&lt;/b&gt; &amp; &quot;Co&quot; &lt;script&gt;x&lt;/script&gt;" in text


def test_chromium_shows_the_text_and_draws_the_charts(tmp_path):
    page = report_page(tmp_path)
    result = run_browser(tmp_path, "--dump-dom", page.as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    dom = result.stdout
    assert "Battle report: game 1" in dom and "S.U.I.T. #13 won after 3 rounds." in dom
    assert "Mutt: rolled 2, lasting injury: Quickness -1 (5 to 4), d8 3" in dom
    assert "the house table" in dom
    assert "&lt;script&gt;x&lt;/script&gt;" in dom and "<script>x</script>" not in dom  # shown, never run
    svgs = re.findall(r"<svg.*?</svg>", dom, flags=re.S)
    assert len(svgs) == 4  # casualties, then Health, hits (so far) and standing, each side a line from the start
    for chart in svgs:
        paths = re.findall(r'<path class="series"[^>]* d="([^"]+)"', chart)
        assert len(paths) == 2 and all(p.startswith("M") and p.count("L") == 3 for p in paths)
    for line in re.findall(r'<path class="series"[^>]* d="([^"]+)"', svgs[2]):  # both sides hit: each line rises
        ys = [float(point.split(",")[1]) for point in line[1:].split(" L")]
        assert ys[-1] < ys[0]


def test_screenshot_has_the_charts_in_colour(tmp_path):
    page = report_page(tmp_path)
    shot = tmp_path / "shot.png"
    result = run_browser(tmp_path, "--window-size=1000,1300", f"--screenshot={shot}", page.as_uri())
    assert result.returncode == 0 and shot.exists(), result.stderr[-2000:]
    width, height, pixels = read_png(shot)
    red, blue = (0xB0, 0x3A, 0x2E), (0x1F, 0x61, 0x8D)  # the two squads' colours (PALETTE)
    counts = {red: 0, blue: 0}
    for y in range(height):
        for x in range(width):
            colour = pixels[y][x]
            for want in counts:
                if all(abs(a - b) <= 24 for a, b in zip(colour, want, strict=True)):
                    counts[want] += 1
    assert counts[red] > 500 and counts[blue] > 500, counts  # lines and bars of both sides were painted


def read_png(path: Path) -> tuple[int, int, list[list[tuple[int, int, int]]]]:
    """Decode an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes) without Pillow."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour_type in (2, 6) and interlace == 0
    step = 4 if colour_type == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * step
    rows: list[list[tuple[int, int, int]]] = []
    previous = bytearray(stride)
    i = 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            left = line[x - step] if x >= step else 0
            up = previous[x]
            corner = previous[x - step] if x >= step else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                guess = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[x] = (line[x] + guess) & 0xFF
        rows.append([(line[x], line[x + 1], line[x + 2]) for x in range(0, stride, step)])
        previous = line
    return width, height, rows


# A page that measures itself once loaded: its width, the document's scroll width, and every
# element whose right edge passes the window's. It reports to the page holding it (postMessage),
# because headless Chromium will not open a window narrower than 500 px but lays out a 390 px
# frame as a phone would.
PROBE = """<script>addEventListener('load', () => {
  const wide = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e.getBoundingClientRect().right > innerWidth + 0.5) wide.push(e.tagName.toLowerCase());
  }
  parent.postMessage(innerWidth + ' ' + document.documentElement.scrollWidth + ' ' + wide.join(','), '*');
});</script>"""
PHONE = """<!doctype html><html><body style="margin:0">
<iframe src="probe.html" style="width:390px;height:844px;border:0"></iframe>
<script>addEventListener('message', e => document.body.setAttribute('data-fit', e.data));</script>
</body></html>"""


def fit_on_a_phone(tmp_path: Path, html: str) -> tuple[int, int, list[str]]:
    """(frame width, page scroll width, elements sticking out) for `html` in a 390 px frame."""
    (tmp_path / "probe.html").write_text(html.replace("</body>", PROBE + "</body>"), encoding="utf-8")
    (tmp_path / "phone.html").write_text(PHONE, encoding="utf-8")
    result = run_browser(tmp_path, "--window-size=1000,900", "--virtual-time-budget=5000", "--dump-dom",
                         (tmp_path / "phone.html").as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    found = re.search(r'data-fit="(\d+) (\d+) ?([^"]*)"', result.stdout)
    assert found, f"the page never measured itself: {result.stdout[-2000:]}"
    return int(found[1]), int(found[2]), [w for w in found[3].split(",") if w]


def test_the_probe_sees_a_page_too_wide_for_a_phone(tmp_path):
    """The measure can fail: a 600 px block in a 390 px frame is seen."""
    assert fit_on_a_phone(tmp_path, "<html><body><div style='width:600px'>x</div></body></html>")[1:] == (
        608, ["div"])


def test_the_report_fits_a_phone_without_scrolling_sideways(tmp_path):
    assert fit_on_a_phone(tmp_path, report_page(tmp_path).read_text(encoding="utf-8")) == (390, 390, [])


def test_a_scratch_grid_report_with_its_map_fits_a_phone(sprawl, tmp_path):
    sprawl.json("campaign", "new", "--squad", str(ROSTERS / "scratch-grid" / "wardens.yaml"),
                "--squad", str(ROSTERS / "scratch-grid" / "raiders.yaml"))
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml", "--map", str(ROSTERS / "scratch-grid" / "yard.yaml"))
    sprawl.json("concede", "Raiders")
    sprawl.json("aftermath")
    sprawl.json("campaign", "report", "1", "--format", "html", "--out", "report.html")
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert '<figure class="map"' in html
    assert fit_on_a_phone(tmp_path, html) == (390, 390, [])
