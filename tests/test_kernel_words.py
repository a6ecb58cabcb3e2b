"""The kernel names no system (issue 25): outside `sprawl_cli/systems/<package>/`, only the
registry (`sprawl_cli/systems/__init__.py`) may say a system's name or one of its rules' words.
A word found elsewhere means a system's rule or option has leaked into the shared code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "sprawl_cli"
PACKAGES = ("sprawl", "gunplay", "street_fight", "savage_worlds", "scratch_grid")

# Each system's name as written, and words only its rules use (SPRAWL's own name is the program's).
WORDS = {
    "sprawl": [r"Out of Action", r"Rule of Tens", r"no[_-]tens", r"\bnearby\b", r"\bR(?:[1-9]|1\d|2[0-6])\b"],
    "gunplay": [r"gunplay", r"\bwounds?\b carried"],
    "street_fight": [r"street[ _-]fight", r"\boverwatch fire\b"],
    "savage_worlds": [r"savage[ _-]worlds", r"\bbenn(?:y|ies)\b", r"\bShaken\b", r"\bWild Die\b"],
    "scratch_grid": [r"scratch[ _:-]grid", r"\bacrobatics\b"],
}


def kernel_files() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py")
                  if not any(p.is_relative_to(ROOT / "systems" / name) for name in PACKAGES)
                  and p != ROOT / "systems" / "__init__.py")


def test_the_scan_sees_the_kernel_and_none_of_the_packages() -> None:
    files = {p.relative_to(ROOT).as_posix() for p in kernel_files()}
    assert {"cli/main.py", "context.py", "campaign.py", "systems/base.py", "store.py"} <= files
    assert not any(f.startswith(tuple(f"systems/{name}/" for name in PACKAGES)) for f in files)


@pytest.mark.parametrize("system", sorted(WORDS))
def test_the_kernel_says_no_word_of_a_system(system: str) -> None:
    pattern = re.compile("|".join(WORDS[system]), re.IGNORECASE)
    found = [f"{p.relative_to(ROOT)}:{number}: {line.strip()}"
             for p in kernel_files()
             for number, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert found == []


def test_the_check_finds_a_word_where_one_is() -> None:
    """The patterns are not dead: each finds its words in its own package."""
    for system, words in WORDS.items():
        pattern = re.compile("|".join(words), re.IGNORECASE)
        own = (ROOT / "systems" / system).rglob("*.py")
        assert any(pattern.search(p.read_text(encoding="utf-8")) for p in own), system
