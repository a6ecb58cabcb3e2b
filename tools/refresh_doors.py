"""Write each system's table of doors (what each command is, costs, and when the referee
refuses it) into its page under docs/, between the markers this tool puts there.

Run after changing a system's `doors.py`: `python tools/refresh_doors.py`, then read the diff.
tests/test_gate_docs.py fails until every page shows its system's table as the code has it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sprawl_cli.gate import doors_markdown  # noqa: E402
from sprawl_cli.systems import get  # noqa: E402

PAGES = {"sprawl": "sprawl.md", "gunplay": "gunplay.md", "street-fight": "street-fight.md",
         "savage-worlds": "savage-worlds.md", "scratch-grid": "scratch-grid.md"}
BEGIN = "<!-- the table of doors: made by tools/refresh_doors.py from the system's doors.py -->"
END = "<!-- end of the table of doors -->"
HEADING = "## What each command costs, and when it is refused"
INTRO = ("Every command that changes the game passes one gate before its rule runs: the turn "
         "referee's checks listed here, in order. A refusal says why and changes nothing; `--force` "
         "overrules it as referee (the log keeps the overrule), except where a character has left "
         "the game. What a turn allows beyond this (the same action twice, a weapon's rate of fire, "
         "inches of movement) is counted by the rule itself as it runs.")


def section(system: str) -> str:
    s = get(system)
    return f"{BEGIN}\n{HEADING}\n\n{INTRO}\n\n{doors_markdown(s.doors, s.checks)}{END}\n"


def refreshed(system: str, text: str) -> str:
    """The page `text` with its table of doors as the code has it (added before the rulings
    the first time)."""
    block = section(system)
    if BEGIN in text:
        start, end = text.index(BEGIN), text.index(END) + len(END) + 1
        return text[:start] + block + text[end:]
    at = min(i for i in (text.find("\n## Rulings"), text.find("\n## The rulings"), len(text)) if i >= 0)
    return text[:at].rstrip("\n") + "\n\n" + block + text[at:]


def main() -> int:
    for system, page in PAGES.items():
        path = ROOT / "docs" / page
        path.write_text(refreshed(system, path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
