"""SPRAWL's battle report: the records, the aftermath on R26's table and the
round-by-round Health, casualties and hits its campaign books keep, as Markdown
or as one self-contained HTML page drawn with the kernel's report pieces."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from sprawl_cli.render.report_html import Line, bar_chart, legend, line_chart, page_head, palette
from sprawl_cli.report import md, outcome_line, reason_sentence, title
from sprawl_cli.systems.sprawl.campaign import AftermathResult, Campaign, PlayedCharacter, PlayedGame

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


def squad_health(game: PlayedGame, squad: str) -> list[int]:
    names = [c.name for c in game.characters if c.squad == squad]
    columns = [game.series.health[n] for n in names if n in game.series.health]
    return [sum(col) for col in zip(*columns, strict=False)] if columns else []


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
        columns = {s: (game.standing(s), squad_health(game, s), per_round_hits(game.series.hits.get(s, [])))
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
    return html_report(book, game) if fmt == "html" else markdown(book, game)


# --- HTML ---------------------------------------------------------------------------


def charts(game: PlayedGame) -> str:
    rounds = game.series.rounds
    if len(rounds) < 2:
        return "<p>No round-by-round record was kept for this game.</p>"
    labels = ["start" if r == 0 else str(r) for r in rounds]
    colours = palette(game.squads)
    casualties = [Line(s, colours[s], game.series.casualties.get(s, [])) for s in game.squads]
    health = [Line(s, colours[s], squad_health(game, s)) for s in game.squads]
    hits = [Line(s, colours[s], per_round_hits(game.series.hits.get(s, []))) for s in game.squads]
    figures = [
        ("casualties", line_chart("Casualties (Out of Action or fled)", labels, casualties),
         "Characters each side has lost by the end of each round."),
        ("health", line_chart("Health left", labels, health),
         "The Health of each side's characters added up, at the end of each round."),
        ("hits", bar_chart("Hits in each round", labels, hits), "Net hits each side scored in each round."),
    ]
    out = [f"<p>{legend(game.squads)}</p>", '<div class="charts">']
    for key, svg, caption in figures:
        out.append(f'<figure id="chart-{key}">{svg}<figcaption>{escape(caption)}</figcaption></figure>')
    out.append("</div>")
    return "\n".join(out)


def html_report(book: Campaign, game: PlayedGame) -> str:
    """The whole page."""
    heading = title(game)
    parts = [
        *page_head(heading),
        f'<p class="outcome"><strong>{escape(outcome_line(game))}</strong> {escape(reason_sentence(game.reason))}</p>',
    ]
    if game.date:
        parts.append(f"<p>Played {escape(game.date)}.</p>")
    parts.append("<h2>Over the rounds</h2>")
    parts.append(charts(game))
    for totals in side_totals(game):
        parts.append(f"<h2>{escape(totals.name)}</h2>")
        parts.append(f"<p>{totals.fielded} fielded, {totals.casualties} lost, {totals.hits} hits, "
                     f"{totals.damage_dealt} damage dealt.</p>")
        head = "".join(f"<th>{escape(label)}</th>" for _, label in RECORD_COLUMNS)
        parts.append(f"<table><thead><tr><th>Character</th>{head}<th>At the end</th></tr></thead><tbody>")
        for c in game.characters:
            if c.squad == totals.name:
                cells = "".join(f'<td class="n">{getattr(c.record, key)}</td>' for key, _ in RECORD_COLUMNS)
                parts.append(f"<tr><td>{escape(c.name)}</td>{cells}<td>{escape(end_state(c))}</td></tr>")
        parts.append("</tbody></table>")
    parts.append("<h2>Aftermath</h2>")
    parts.append(f"<p>Rolled on {escape(table_words(game))}.</p>")
    if game.aftermath:
        parts.append("<ul>")
        for r in game.aftermath:
            css = ' class="dead"' if r.result == "dead" else ""
            parts.append(f"<li{css}>{escape(aftermath_line(r))}</li>")
        parts.append("</ul>")
    else:
        parts.append("<p>Nobody went Out of Action, so nobody rolled.</p>")
    parts.append("<footer>Report by sprawl, the SPRAWL referee assistant.</footer>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
