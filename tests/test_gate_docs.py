"""Each system's page shows its table of doors as the code has it (tools/refresh_doors.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("refresh_doors", ROOT / "tools" / "refresh_doors.py")
assert _spec and _spec.loader
refresh_doors = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(refresh_doors)


@pytest.mark.parametrize(("system", "page"), sorted(refresh_doors.PAGES.items()))
def test_each_page_shows_its_systems_table_of_doors(system: str, page: str) -> None:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    assert refresh_doors.BEGIN in text, f"docs/{page} has no table of doors: run `python tools/refresh_doors.py`"
    assert refresh_doors.refreshed(system, text) == text, \
        f"docs/{page}'s table of doors is stale: run `python tools/refresh_doors.py`"


def test_the_table_names_every_check_in_words() -> None:
    table = refresh_doors.section("savage-worlds")
    assert "| `shoot` | action |" in table and "before the first deal" in table
    assert "| `recover --benny` | reaction | a benny, at any moment | the character is incapacitated |" in table
