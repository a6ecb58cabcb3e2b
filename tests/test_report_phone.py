"""The HTML battle report on a phone (issue 35): at 390 px a side's table reflows into a card
per character, each figure under its column's name, and no word of a table is broken across
lines, and the charts' words are drawn at a readable size; the story opens the report. Real headless Chromium (tests/cdp.py); without it these
skip, except under CI=true."""

from __future__ import annotations

import os

import pytest

from tests.cdp import Browser
from tests.factory import ROOT

pytest.importorskip("websockets")

# Every word of every table cell (and the label each cell shows) on one line: a Range over a
# word broken mid-word has two boxes.
BROKEN_WORDS = """(function () {
  var broken = [];
  document.querySelectorAll('table.sheet th, table.sheet td').forEach(function (cell) {
    if (!cell.offsetParent && cell.closest('thead')) return;  // the header row is hidden on a phone
    var walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      var node = walker.currentNode, re = /\\S+/g, m;
      while ((m = re.exec(node.data))) {
        var r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
        var lines = new Set(Array.from(r.getClientRects()).map(function (b) { return Math.round(b.top); }));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
  });
  return broken;
})()"""
SMALLEST_CHART_WORD = ("Math.min.apply(null, Array.from(document.querySelectorAll('.charts svg text')).map("
                       "function (t) { return t.getBoundingClientRect().height; }))")
LABELS = ("Array.from(document.querySelector('table.sheet tbody tr').children).map(function (td) {"
          " return getComputedStyle(td, '::before').content; })")


def test_the_report_reflows_on_a_phone_with_no_word_broken(sprawl, tmp_path):
    sprawl.new("--seed", "3", system="savage-worlds")
    assert sprawl("deal", "--dice", "KS,10H,RJ,2C,5D").exit_code == 0
    assert sprawl("set", "Hound", "incapacitated", "on").exit_code == 0
    assert sprawl("report", "-f", "html", "-o", "report.html").exit_code == 0
    browser = Browser(tmp_path)
    try:
        phone = browser.open((tmp_path / "report.html").as_uri())
        browser.wait_for(phone, "document.readyState === 'complete' && !!document.querySelector('#story')")
        assert browser.eval(phone, "document.documentElement.scrollWidth <= window.innerWidth") is True
        assert browser.eval(phone, "getComputedStyle(document.querySelector('table.sheet tr')).display") == "block"
        assert browser.eval(phone, BROKEN_WORDS) == []
        assert browser.eval(phone, LABELS)[1:] == ['"Wounds"', '"Incapacitated"', '"Dead"', '"At the end"']
        assert browser.eval(phone, SMALLEST_CHART_WORD) >= 10  # px: the charts' words stay readable
        wide = browser.open((tmp_path / "report.html").as_uri(), 1280, 900)
        browser.wait_for(wide, "document.readyState === 'complete'")
        assert browser.eval(wide, "getComputedStyle(document.querySelector('table.sheet tr')).display") == "table-row"
        assert browser.eval(wide, BROKEN_WORDS) == []
        if os.environ.get("SPRAWL_DOCS_SCREENSHOT") == "1":
            (ROOT / "docs" / "report-phone.png").write_bytes(browser.screenshot(phone, whole=False))
    finally:
        browser.close()
