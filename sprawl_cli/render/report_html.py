"""The battle report as one self-contained HTML page: inline CSS, charts drawn as
inline SVG, no scripts, fonts or links to anything outside the page. Every piece
of user text (squad and character names, the reason the game ended) is escaped."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from sprawl_cli.report import book_markdown, outcome_line, reason_sentence, title

if TYPE_CHECKING:
    from sprawl_cli.books import Book, BookGame

PALETTE = ("#b03a2e", "#1f618d", "#1e8449", "#9a7d0a", "#6c3483", "#117864")
WIDTH, HEIGHT = 420, 240  # narrow enough that a phone draws its words at a readable size
LEFT, RIGHT, TOP, BOTTOM = 44, 16, 34, 36

CSS = """
body { font-family: Georgia, 'Times New Roman', serif; margin: 2em auto; max-width: 60em; padding: 0 1em;
       color: #1b1b1b; background: #fbfaf7; }
h1 { font-size: 1.7em; margin-bottom: .2em; }
h2 { border-bottom: 2px solid #ccc; padding-bottom: .2em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: .6em 0; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: .25em .6em; overflow-wrap: break-word; hyphens: none; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #eeebe3; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; background: #fff; border: 1px solid #ddd; padding: .4em; flex: 1 1 20em; min-width: 0;
         max-width: 36em; box-sizing: border-box; }
figure svg { display: block; width: 100%; height: auto; }
figure.map { max-width: 100%; }
figcaption { font-size: .9em; color: #444; overflow-wrap: anywhere; }
@media (max-width: 40em) {
  body { margin: .6em auto; padding: 0 .5em; }
  h1 { font-size: 1.35em; }
  /* On a phone a side's table reflows: a card per character, each figure under its heading. */
  table.sheet, table.sheet tbody, table.sheet tr, table.sheet td { display: block; box-sizing: border-box; }
  table.sheet thead { display: none; }  /* each cell says its column (data-label) */
  table.sheet tr { border: 1px solid #ccc; margin: .5em 0; background: #fff; }
  table.sheet td { border: none; border-top: 1px solid #eee; display: flex; justify-content: space-between;
                   gap: 1em; padding: .2em .5em; text-align: right; }
  table.sheet td:first-child { border-top: none; font-weight: bold; text-align: left; }
  table.sheet td::before { content: attr(data-label); font-weight: normal; color: #555; text-align: left; }
}
.swatch { display: inline-block; width: .9em; height: .9em; vertical-align: middle; margin-right: .3em; }
.dead { color: #b03a2e; font-weight: bold; }
footer { margin-top: 2em; font-size: .85em; color: #666; }
"""


@dataclass
class Line:
    label: str
    colour: str
    values: list[int]


def _scale(values: list[list[int]]) -> int:
    return max([1] + [v for series in values for v in series])


def _frame(caption: str, x_labels: list[str], top: int) -> list[str]:
    """The chart's axes, grid and labels."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    parts = [f'<text x="{LEFT}" y="20" font-size="14" font-weight="bold">{escape(caption)}</text>']
    ticks = sorted({0, top, top // 2}) if top > 1 else [0, 1]
    for t in ticks:
        y = TOP + plot_h - plot_h * t / top
        parts.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{LEFT + plot_w}" y2="{y:.1f}" stroke="#e3e3e3"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end">{t}</text>')
    parts.append(f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + plot_h}" stroke="#555"/>')
    parts.append(f'<line x1="{LEFT}" y1="{TOP + plot_h}" x2="{LEFT + plot_w}" y2="{TOP + plot_h}" stroke="#555"/>')
    for i, label in enumerate(x_labels):
        x = _x(i, len(x_labels))
        parts.append(f'<text x="{x:.1f}" y="{TOP + plot_h + 16}" font-size="11" text-anchor="middle">'
                     f'{escape(label)}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 4}" font-size="11" text-anchor="middle">'
                 'round</text>')
    return parts


def _x(i: int, count: int) -> float:
    plot_w = WIDTH - LEFT - RIGHT
    return LEFT + (plot_w * (i + 0.5) / count)


def _y(value: float, top: int) -> float:
    plot_h = HEIGHT - TOP - BOTTOM
    return TOP + plot_h - plot_h * value / top


def _svg(caption: str, body: list[str]) -> str:
    return (f'<svg width="100%" preserveAspectRatio="xMidYMid meet" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(caption)}">'
            f'<title>{escape(caption)}</title><rect class="bg" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" '
            'fill="#ffffff"/>' + "".join(body) + "</svg>")


def line_chart(caption: str, x_labels: list[str], lines: list[Line]) -> str:
    """A line per series, one point per round, with a dot at each point."""
    top = _scale([line.values for line in lines])
    body = _frame(caption, x_labels, top)
    for line in lines:
        points = [(_x(i, len(x_labels)), _y(v, top)) for i, v in enumerate(line.values)]
        if not points:
            continue
        d = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points)
        body.append(f'<path class="series" data-series="{escape(line.label)}" d="{d}" fill="none" '
                    f'stroke="{line.colour}" stroke-width="3"/>')
        body.extend(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{line.colour}"/>' for x, y in points)
    return _svg(caption, body)


def palette(squads: list[str]) -> dict[str, str]:
    """Each squad's colour, the same in every chart and legend of a page."""
    return {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(squads)}


def page_head(heading: str) -> list[str]:
    """The opening of a report page, to its <body> and title (inline CSS; fits a phone)."""
    return [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(heading)}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>{escape(heading)}</h1>",
    ]


def legend(names: list[str]) -> str:
    return " ".join(f'<span><span class="swatch" style="background:{PALETTE[i % len(PALETTE)]}"></span>'
                    f'{escape(n)}</span>' for i, n in enumerate(names))


# --- the kernel's books ------------------------------------------------------------------


NOTES = {"casualties": "Characters each side had lost by the end of each round.",
         "standing": "Characters each side still had standing at the end of each round."}


def book_charts(game: BookGame) -> str:
    """A line chart per series the game kept (casualties first), one line per squad."""
    from sprawl_cli.report import round_label, words

    if not game.rounds_axis:
        return "<p>No round-by-round record was kept for this game.</p>"
    labels = [round_label(r) for r in game.rounds_axis]
    colours = palette(game.squads)
    measures = sorted(game.series, key=lambda m: (m != "casualties", m))
    out = [f"<p>{legend(game.squads)}</p>", '<div class="charts">']
    for measure in measures:
        caption = words(measure)
        lines = [Line(s, colours[s], game.series[measure].get(s, [])) for s in game.squads]
        note = NOTES.get(measure, f"{caption} of each side (its characters' added up), at the end of each round.")
        out.append(f'<figure id="chart-{escape(measure)}">{line_chart(caption, labels, lines)}'
                   f"<figcaption>{escape(note)}</figcaption></figure>")
    out.append("</div>")
    return "\n".join(out)


def book_html(book: Book, game: BookGame) -> str:
    """The whole page for a game kept in the kernel's books."""
    from sprawl_cli import systems
    from sprawl_cli.report import book_aftermath, part_end, record_keys, words

    heading = title(game)
    keys = record_keys(game)
    played = f"A {systems.get(book.system).title} game" + (f", played {game.date}." if game.date else ".")
    parts = [
        *page_head(heading),
        f'<p class="outcome"><strong>{escape(outcome_line(game))}</strong> {escape(reason_sentence(game.reason))}</p>',
        f"<p>{escape(played)}</p>",
        "<h2>Over the rounds</h2>",
        book_charts(game),
    ]
    if game.figure:
        parts.append("<h2>The field at the end</h2>")
        parts.append(f'<figure class="map" id="map">{game.figure}<figcaption>Where everyone stood when the game '
                     "ended.</figcaption></figure>")
    for squad in game.squads:
        people = [c for c in game.characters if c.squad == squad]
        lost = sum(1 for c in people if c.gone or c.state == "dead")
        parts.append(f"<h2>{escape(squad)}</h2>")
        parts.append(f"<p>{len(people)} fielded, {lost} lost.</p>")
        head = "".join(f"<th>{escape(words(k))}</th>" for k in keys)
        parts.append(f'<table class="sheet"><thead><tr><th>Character</th>{head}<th>At the end</th></tr></thead><tbody>')
        for c in people:  # each cell names its column, for the phone's reflowed table
            cells = "".join(f'<td class="n" data-label="{escape(words(k))}">{c.record.get(k, 0)}</td>' for k in keys)
            css = ' class="dead"' if c.state == "dead" else ""
            parts.append(f'<tr><td{css}>{escape(c.name)}</td>{cells}'
                         f'<td data-label="At the end">{escape(part_end(c))}</td></tr>')
        parts.append("</tbody></table>")
    if game.scenario:
        from sprawl_cli.scenario.words import book_lines

        said = book_lines(game.scenario)
        parts.append(f"<h2>Scenario</h2><p>{escape(game.scenario.get('brief', ''))}</p><p>{escape(said[0])}</p>")
        parts.append("<ul>" + "".join(f"<li>{escape(line)}</li>" for line in said[1:]) + "</ul>")
    parts.append("<h2>Aftermath</h2>")
    parts.append("<ul>" + "".join(f"<li>{escape(line)}</li>" for line in book_aftermath(game)) + "</ul>")
    if game.house:
        parts.append("<h2>House rulings</h2>")
        parts.append("<ul>" + "".join(f"<li>{escape(line)}</li>" for line in game.house) + "</ul>")
    parts.append("<footer>Report by sprawl, the referee assistant.</footer>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def render_book(book: Book, game: BookGame, fmt: str) -> str:
    """A kernel-books report in `fmt` (`report.FORMATS`: md or html)."""
    return book_html(book, game) if fmt == "html" else book_markdown(book, game)
