"""SPRAWL's words in the campaign's books: the aftermath's rolls on R26's table as
`sprawl aftermath` prints them, and a character's row of `campaign show`. The books,
their views and the battle report are the kernel's (`sprawl_cli/campaign.py`, `report.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sprawl_cli.api import escape, name
from sprawl_cli.systems.sprawl.campaign import HOUSE_LABEL, RESULT_WORDS, injuries

if TYPE_CHECKING:
    from sprawl_cli.api import Member
    from sprawl_cli.systems.sprawl.campaign import Aftermath

RESULT_STYLE = {"dead": "bad", "injured": "warn", "recovered": "good"}


def table_title(label: str) -> str:
    return "the house table (R26)" if label == HOUSE_LABEL else f"the campaign's table '{escape(label)}' (R26)"


def aftermath_lines(result: Aftermath) -> list[str]:
    lines = [f"[bold]Aftermath of game {result.game}[/], rolled on {table_title(result.table)}:"]
    if not result.results:
        lines.append("  Nobody went Out of Action: nobody rolls.")
    for r in result.results:
        style = RESULT_STYLE.get(r.result, "bold")
        line = f"  {name(r.name)}: d10 {r.roll} → [{style}]{RESULT_WORDS.get(r.result, r.result)}[/]"
        if r.attribute:
            line += f", d8 {r.attribute_roll}: {r.attribute} {r.before} → {r.after}"
            if r.before == r.after:
                line += " (never below 1)"
        lines.append(line)
    return lines


def member_columns(member: Member) -> dict[str, str]:
    """`campaign show`'s cells beside the record: the attributes as they stand, the injuries
    that lowered one."""
    from sprawl_cli.systems.sprawl.model import ATTRIBUTES

    # An injury that found the attribute at 1 already changed nothing (R26): the sheet shows none.
    hurt = ", ".join(f"{str(i['attribute']).capitalize()} -1 (game {i['game']})" for i in injuries(member)
                     if i.get("before") != i.get("after"))
    return {"Sh Br Qu Sm\nGu St To He": " ".join(str(member.sheet.get(a, "?")) for a in ATTRIBUTES),
            "injuries": escape(hurt) or "-"}
