"""Battle reports: what the campaign kept of one game, as Markdown for a forum
post or as one self-contained HTML page (`render/report_html.py`).

Everything here reads a `PlayedGame` (and the campaign for names); nothing
reads the save file or the journal, so a report can be written long after the
game's save file is gone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sprawl_cli.systems.sprawl.campaign import AftermathResult, Campaign, PlayedCharacter, PlayedGame

if TYPE_CHECKING:
    from sprawl_cli.campaign import Book, BookGame, Part

FORMATS = ("md", "html")
RECORD_COLUMNS = (
    ("shots", "Shots"),
    ("hits", "Hits"),
    ("damage_dealt", "Damage dealt"),
    ("damage_taken", "Damage taken"),
    ("put_out_of_action", "Put out of action"),
    ("times_out_of_action", "Out of action"),
)
RESULT_WORDS = {"dead": "dead", "injured": "lasting injury", "recovered": "recovers fully"}


@dataclass
class SideTotals:
    name: str
    fielded: int
    hits: int
    damage_dealt: int
    casualties: int


def title(game: PlayedGame | BookGame) -> str:
    return f"Battle report: game {game.number}, {' vs '.join(game.squads)}"


def outcome_line(game: PlayedGame | BookGame) -> str:
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


def end_state(c: PlayedCharacter) -> str:
    if c.out_of_action:
        return "Out of Action"
    if c.out_of_play:
        return "Out of Play (fled)"
    return f"Health {c.health}/{c.max_health}"


def side_totals(game: PlayedGame) -> list[SideTotals]:
    totals = []
    for squad in game.squads:
        people = [c for c in game.characters if c.squad == squad]
        totals.append(SideTotals(
            squad, len(people), sum(c.record.hits for c in people), sum(c.record.damage_dealt for c in people),
            sum(1 for c in people if c.out_of_action or c.out_of_play),
        ))
    return totals


def aftermath_line(result: AftermathResult) -> str:
    """One aftermath result in words (plain text; callers escape it)."""
    text = f"{result.name}: rolled {result.roll}, {RESULT_WORDS.get(result.result, result.result)}"
    if result.result == "injured" and result.attribute:
        change = (f" ({result.before} to {result.after})" if result.before != result.after
                  else f" (already {result.after}, it stays there)")
        text += f": {result.attribute.capitalize()} -1{change}, d8 {result.attribute_roll}"
    return text


def table_words(game: PlayedGame) -> str:
    from sprawl_cli.systems.sprawl.campaign import HOUSE_LABEL

    if game.table == HOUSE_LABEL:
        return "the house table (R26; the rules give no table of their own)"
    return f"the campaign's own table, {game.table} (R26)"


def per_round_hits(values: list[int]) -> list[int]:
    """Hits made in each round from hits-so-far (index 0, the start, has none)."""
    return [0] + [max(0, b - a) for a, b in zip(values, values[1:], strict=False)]


def standing(game: PlayedGame, squad: str) -> list[int]:
    fielded = sum(1 for c in game.characters if c.squad == squad)
    return [fielded - n for n in game.series.casualties.get(squad, [])]


def squad_health(game: PlayedGame, squad: str) -> list[int]:
    names = [c.name for c in game.characters if c.squad == squad]
    columns = [game.series.health[n] for n in names if n in game.series.health]
    return [sum(col) for col in zip(*columns, strict=False)] if columns else []


# --- Markdown ---------------------------------------------------------------------

_MD_SPECIAL = "\\`*_[]<>|#~"


def md(text: str) -> str:
    """User text made safe for Markdown: its punctuation is shown, never read as formatting."""
    return "".join("\\" + ch if ch in _MD_SPECIAL else ch for ch in str(text))


def markdown(book: Campaign, game: PlayedGame) -> str:
    """The report as Markdown, ready to paste into a forum post."""
    lines = [f"# {md(title(game))}", ""]
    lines.append(f"**{md(outcome_line(game))}** {md(reason_sentence(game.reason))}".rstrip())
    if game.date:
        lines.append(f"Played {md(game.date)}.")
    lines.append("")
    for totals in side_totals(game):
        lines.append(f"## {md(totals.name)}")
        lines.append("")
        lines.append(f"{totals.fielded} fielded, {totals.casualties} lost, {totals.hits} hits, "
                     f"{totals.damage_dealt} damage dealt.")
        lines.append("")
        lines.append("| Character | " + " | ".join(label for _, label in RECORD_COLUMNS) + " | At the end |")
        lines.append("|---|" + "---:|" * len(RECORD_COLUMNS) + "---|")
        for c in game.characters:
            if c.squad == totals.name:
                cells = [str(getattr(c.record, key)) for key, _ in RECORD_COLUMNS]
                lines.append(f"| {md(c.name)} | " + " | ".join(cells) + f" | {md(end_state(c))} |")
        lines.append("")
    lines.append("## Aftermath")
    lines.append("")
    lines.append(f"Rolled on {md(table_words(game))}.")
    lines.append("")
    if game.aftermath:
        lines.extend(f"- {md(aftermath_line(r))}" for r in game.aftermath)
    else:
        lines.append("Nobody went Out of Action, so nobody rolled.")
    lines.append("")
    if len(game.series.rounds) > 1:
        lines.append("## Round by round")
        lines.append("")
        head = ["Round"]
        for squad in game.squads:
            head += [f"{md(squad)} standing", f"{md(squad)} Health", f"{md(squad)} hits"]
        lines.append("| " + " | ".join(head) + " |")
        lines.append("|---|" + "---:|" * (len(head) - 1))
        columns = {s: (standing(game, s), squad_health(game, s), per_round_hits(game.series.hits.get(s, [])))
                   for s in game.squads}
        for i, rnd in enumerate(game.series.rounds):
            row = ["start" if rnd == 0 else str(rnd)]
            for squad in game.squads:
                for values in columns[squad]:
                    row.append(str(values[i]) if i < len(values) else "")
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
    lines.append("*Report by sprawl, the SPRAWL referee assistant.*")
    return "\n".join(lines) + "\n"


def render(book: Campaign, game: PlayedGame, fmt: str) -> str:
    """The report in `fmt` (md or html)."""
    if fmt == "html":
        from sprawl_cli.render.report_html import html_report

        return html_report(book, game)
    return markdown(book, game)


# --- the kernel's books (every system but SPRAWL) ------------------------------------------


def words(key: str) -> str:
    """A record counter's or a series' key as a column heading: "damage_dealt" -> "Damage dealt"."""
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


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
    shown = ", ".join(s.replace("_", " ") for s in c.statuses)
    if c.gone:
        return f"out of the game ({shown})" if shown else "out of the game"
    return shown or "still fighting"


def book_aftermath(game: BookGame) -> list[str]:
    """The aftermath in words: the system's, or that it has none."""
    from sprawl_cli.campaign import NO_AFTERMATH

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
            lines.append(f"| {rnd} | " + " | ".join(cells) + " |")
        lines.append("")
    lines.append("*Report by sprawl, the referee assistant.*")
    return "\n".join(lines) + "\n"


def render_book(book: Book, game: BookGame, fmt: str) -> str:
    """A kernel-books report in `fmt` (md or html)."""
    if fmt == "html":
        from sprawl_cli.render.report_html import book_html

        return book_html(book, game)
    return book_markdown(book, game)
