"""Battle reports: what the campaign kept of one game, as Markdown for a forum
post or as one self-contained HTML page (`render/report_html.py`).

The words every report shares (title, outcome, Markdown escaping) and the
report of a game kept in the campaign's books, for every system: what a system
adds (its aftermath in words, its characters' states at the end, the series
its journal keeps) is already in the game's entry. Nothing here
reads the save file or the journal, so a report can be written long after the
game's save file is gone.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sprawl_cli.books import Book, BookGame, Part

FORMATS = ("md", "html")


def title(game: BookGame) -> str:
    return f"Battle report: game {game.number}, {' vs '.join(game.squads)}"


def outcome_line(game: BookGame) -> str:
    won = f"{game.winner} won" if game.winner else "No winner"
    rounds = f"after {game.rounds} round{'s' if game.rounds != 1 else ''}"
    return f"{won} {rounds}."


def reason_sentence(reason: str | None) -> str:
    """Why the game ended, as a sentence of its own: a capital first letter and a full stop."""
    text = (reason or "").strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


# --- Markdown ---------------------------------------------------------------------

_MD_SPECIAL = "\\`*_[]<>|#~&!"


def md(text: str) -> str:
    """User text made safe for Markdown: its punctuation is shown, never read as formatting (an
    entity, a link, raw HTML), and a line break is a space, so no text starts a block of its own."""
    flat = " ".join(str(text).splitlines())
    return "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in flat)


def code(text: str) -> str:
    """Text as a Markdown code span that nothing in it can close: the fence is one backtick
    longer than the longest run of backticks inside (CommonMark, "Code spans"), with a space
    each side when the text starts or ends with one. Inside a code span nothing is HTML."""
    flat = " ".join(str(text).splitlines())
    runs = [len(r) for r in re.findall(r"`+", flat)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") or (flat.startswith(" ") and flat.endswith(" ")) else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


# --- the kernel's books ------------------------------------------------------------------


def words(key: str) -> str:
    """A record counter's or a series' key as a column heading: "damage_dealt" -> "Damage dealt"."""
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def round_label(rnd: int) -> str:
    """A round of the series; round 0 is the game as it started."""
    return str(rnd) if rnd else "start"


def record_keys(game: BookGame) -> list[str]:
    """The counters the system's `record` gave, in the order it gave them."""
    keys: list[str] = []
    for c in game.characters:
        keys.extend(k for k in c.record if k not in keys)
    return keys


def part_end(c: Part) -> str:
    """A character's state at the end of the game, in words."""
    if c.state == "dead":
        return "dead (struck from the campaign)"
    if c.end:
        return c.end
    shown = ", ".join(s.replace("_", " ") for s in c.statuses)
    if c.gone:
        return f"out of the game ({shown})" if shown else "out of the game"
    return shown or "still fighting"


def book_aftermath(game: BookGame) -> list[str]:
    """The aftermath in words: the system's, or that it has none."""
    from sprawl_cli.books import NO_AFTERMATH

    said = list(game.aftermath) or [f"{NO_AFTERMATH[:1].upper()}{NO_AFTERMATH[1:]}: nothing was rolled."]
    return said + [f"{c.name} died and is struck from the campaign." for c in game.characters if c.state == "dead"]


def book_markdown(book: Book, game: BookGame) -> str:
    """A battle report of a game kept in the kernel's books, as Markdown."""
    from sprawl_cli import systems

    keys = record_keys(game)
    lines = [f"# {md(title(game))}", ""]
    lines.append(f"**{md(outcome_line(game))}** {md(reason_sentence(game.reason))}".rstrip())
    lines.append(f"A {md(systems.get(book.system).title)} game" + (f", played {md(game.date)}." if game.date else "."))
    lines.append("")
    if game.scenario:
        from sprawl_cli.scenario.words import book_lines

        said = book_lines(game.scenario)
        brief = [md(game.scenario["brief"]), ""] if game.scenario.get("brief") else []
        lines += ["## Scenario", "", *brief, md(said[0]), ""] + [f"- {md(line)}" for line in said[1:]] + [""]
    for squad in game.squads:
        people = [c for c in game.characters if c.squad == squad]
        lost = sum(1 for c in people if c.gone or c.state == "dead")
        lines += [f"## {md(squad)}", "", f"{len(people)} fielded, {lost} lost.", ""]
        lines.append("| Character | " + " | ".join(words(k) for k in keys) + " | At the end |")
        lines.append("|---|" + "---:|" * len(keys) + "---|")
        for c in people:
            cells = [str(c.record.get(k, 0)) for k in keys]
            lines.append(f"| {md(c.name)} | " + "".join(cell + " | " for cell in cells) + f"{md(part_end(c))} |")
        lines.append("")
    lines += ["## Aftermath", ""]
    lines.extend(f"- {md(line)}" for line in book_aftermath(game))
    lines.append("")
    if game.house:
        lines += ["## House rulings", ""]
        lines.extend(f"- {md(line)}" for line in game.house)
        lines.append("")
    if game.rounds_axis:
        lines += ["## Round by round", ""]
        columns = [(squad, measure) for squad in game.squads for measure in game.series]
        lines.append("| Round | " + " | ".join(f"{md(s)} {md(words(m).lower())}" for s, m in columns) + " |")
        lines.append("|---|" + "---:|" * len(columns))
        for i, rnd in enumerate(game.rounds_axis):
            cells = []
            for squad, measure in columns:
                values = game.series[measure].get(squad, [])
                cells.append(str(values[i]) if i < len(values) else "")
            lines.append(f"| {round_label(rnd)} | " + " | ".join(cells) + " |")
        lines.append("")
    lines.append("*Report by sprawl, the referee assistant.*")
    return "\n".join(lines) + "\n"
