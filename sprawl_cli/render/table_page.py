"""The table's live page (`sprawl serve`): the game in the save drawn as HTML for any system.

Nothing here knows a system: the page is drawn from what every system already gives
(`System.status` JSON, the journal's entries and `System.report_figure`), with each
side's characters, their statuses as the system names them, and the system's own
counters (Health, wounds, actions left, a card) under its own words. A save that cannot
be read becomes a banner on the page, never a stack trace, and the page names no file:
keys that hold a path are left out and a save file's path in a message is replaced.

The module imports no web library: `sprawl_cli.web` serves what it draws.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sprawl_cli.model import Game
    from sprawl_cli.systems.base import System

LAST_ENTRIES = 6
# Top-level keys of `status` the header already says, or that are bookkeeping for scripts.
SAID = {"system", "round", "rounds", "turn", "side", "phase", "over", "winner", "reason", "characters",
        "squads", "settings", "step", "undone", "map", "grid"}
# Character keys the card's head already shows, and those that are sheets rather than state.
CARD = {"name", "squad", "statuses"}
HIDDEN_WORDS = ("file", "path", "campaign", "roster", "save")
LISTS = {"todo": "Due now", "house": "House rulings"}  # lists of sentences a system's status may give


def words(key: str) -> str:
    """A key as words: "actions_left" -> "actions left"."""
    return key.replace("_", " ").strip()


def hidden(key: str) -> bool:
    """A key that may name a file on this machine: the page never shows it."""
    return any(w in key.lower() for w in HIDDEN_WORDS)


def scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def value_text(value: Any) -> str | None:
    """A JSON value in words, or None when it says nothing worth a line (empty, false, null,
    or a sheet of nested data)."""
    if value is None or value is False or value == [] or value == {} or value == "":
        return None
    if value is True:
        return "yes"
    if isinstance(value, float):
        return f"{value:g}"
    if scalar(value):
        return str(value)
    if isinstance(value, list) and all(scalar(v) for v in value):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict) and all(scalar(v) for v in value.values()):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return None


def facts(data: dict[str, Any], skip: set[str]) -> list[tuple[str, str]]:
    """(label, text) for each key of `data` worth showing; X beside max_X shows as "X 3/4". A map
    (a character's attributes, traits or career record) is its sheet, not its state: left out."""
    out: list[tuple[str, str]] = []
    for key, value in data.items():
        if key in skip or hidden(key) or key.startswith("max_") or isinstance(value, dict):
            continue
        top = data.get(f"max_{key}")
        if isinstance(value, int) and isinstance(top, int) and not isinstance(value, bool):
            out.append((words(key), f"{value}/{top}"))
            continue
        if value == 0 and not isinstance(value, bool):
            out.append((words(key), "0"))
            continue
        text = value_text(value)
        if text is not None:
            out.append((words(key), text))
    return out


def scrub(text: str, save: Path) -> str:
    """A message with the save file's path (and any other absolute path) taken out."""
    for shown in {str(save.resolve()), str(save.absolute()), str(save)}:
        text = text.replace(shown, "the save file")
    return re.sub(r"(?<![\w.])/(?:[\w.\-]+/)+[\w.\-]+", "a file", text)


PATH_OPTIONS = ("--game", "--campaign", "--squad", "-s", "--map", "--out", "-o", "--output")


def command_words(entry: dict[str, Any]) -> str:
    """What the entry's command line did, without the files it named (`--game PATH` and the like)."""
    kept: list[str] = []
    skip = False
    for word in str(entry.get("command") or entry.get("kind") or "").split():
        if skip:
            skip = False
            continue
        if word in PATH_OPTIONS:
            skip = True
            continue
        if word.startswith(tuple(o + "=" for o in PATH_OPTIONS)) or "/" in word or "\\" in word \
                or word.endswith((".yaml", ".yml", ".json")):
            continue
        kept.append(word)
    return " ".join(kept) or str(entry.get("kind") or "")


def faces_text(faces: list[Any]) -> str:
    return "[" + " ".join(str(f) for f in faces) + "]"


def header(data: dict[str, Any], system: System) -> str:
    parts = [f"Round {data.get('round')}" + (f" of {data['rounds']}" if data.get("rounds") else "")]
    if data.get("turn") is not None:
        parts.append(f"turn {data['turn']}")
    if data.get("side"):
        parts.append(f"{escape(str(data['side']))} to play")
    if data.get("phase"):
        parts.append(f"phase: {escape(words(str(data['phase'])))}")
    out = [f'<p class="system">{escape(system.title)}</p>', f'<p class="turn" id="turn">{" · ".join(parts)}</p>']
    if data.get("over"):
        won = f"{escape(str(data['winner']))} won" if data.get("winner") else "No winner"
        out.append(f'<p class="over" id="over"><strong>Game over.</strong> {won}. '
                   f"{escape(str(data.get('reason') or ''))}</p>")
    return "\n".join(out)


def top_facts(data: dict[str, Any]) -> str:
    rows = []
    for key, value in data.items():
        if key in SAID or key in LISTS or hidden(key):
            continue
        text = value_text(value)
        if text is not None:
            rows.append(f'<p class="fact"><span class="k">{escape(words(key))}</span> {escape(text)}</p>')
    return f'<section class="facts">{"".join(rows)}</section>' if rows else ""


def listed(data: dict[str, Any], key: str) -> str:
    """The status's list of sentences under `key` (what is due now, the house rulings), or ""."""
    value = data.get(key)
    if not (isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
        return ""
    items = "".join(f"<li>{escape(v)}</li>" for v in value)
    return f'<section class="list {escape(key)}" id="{escape(key)}"><h3>{LISTS[key]}</h3><ul>{items}</ul></section>'


def card(c: dict[str, Any], gone: bool) -> str:
    statuses = [str(s) for s in c.get("statuses") or []]
    chips = "".join(f'<span class="status">{escape(words(s))}</span>' for s in statuses)
    rows = "".join(f'<span class="kv"><span class="k">{escape(k)}</span> {escape(v)}</span>'
                   for k, v in facts(c, CARD))
    css = "card gone" if gone else "card"
    return (f'<li class="{css}" data-name="{escape(str(c.get("name")))}"><div class="who">'
            f'<strong>{escape(str(c.get("name")))}</strong>{chips}</div><div class="kvs">{rows}</div></li>')


def sides(data: dict[str, Any], game: Game[Any]) -> str:
    squads = {str(s.get("name")): s for s in data.get("squads") or [] if isinstance(s, dict)}
    order = [s.name for s in game.squads]
    out = []
    for squad in order:
        people = [c for c in data.get("characters") or [] if c.get("squad") == squad]
        extra = facts(squads.get(squad, {}), {"name", "members", "leader"})
        now = " now" if data.get("side") == squad and not data.get("over") else ""
        said = "".join(f'<span class="kv"><span class="k">{escape(k)}</span> {escape(v)}</span>' for k, v in extra)
        cards = "".join(card(c, bool(getattr(game.character(str(c.get("name"))), "gone", False))) for c in people)
        out.append(f'<section class="side{now}"><h2>{escape(squad)}</h2><div class="kvs">{said}</div>'
                   f'<ul class="cards">{cards}</ul></section>')
    return "\n".join(out)


def journal(entries: list[dict[str, Any]]) -> str:
    if not entries:
        return '<section class="log"><h2>Last results</h2><p>Nothing has happened yet.</p></section>'
    items = []
    for e in reversed(entries):
        head = (f'<div class="head"><span class="step">#{escape(str(e.get("step")))}</span> '
                f'round {escape(str(e.get("round")))} · <strong>{escape(command_words(e))}</strong>'
                + (' <span class="forced">forced</span>' if e.get("forced") else "") + "</div>")
        lines = "".join(f"<li>{escape(str(line).strip())}</li>" for line in e.get("summary") or [])
        rolls = "".join(f'<li class="roll">{escape(str(r.get("label")))} '
                        f'<span class="faces">{escape(faces_text(list(r.get("faces") or [])))}</span></li>'
                        for r in e.get("rolls") or [] if isinstance(r, dict))
        items.append(f'<li class="entry">{head}<ul>{lines}{rolls}</ul></li>')
    return f'<section class="log"><h2>Last results</h2><ol class="entries">{"".join(items)}</ol></section>'


def banner(message: str, headline: str = "The save file cannot be read.") -> str:
    return (f'<div class="banner" id="banner" role="alert"><strong>{escape(headline)}</strong> '
            f"{escape(message)} The page shows the game again as soon as the save reads well.</div>")


def game_view(save: Path) -> str:
    """The page's live part for the game in `save`: header, sides, map (a grid game), last
    results; or a banner saying why the save cannot be read."""
    from sprawl_cli import systems
    from sprawl_cli.errors import SprawlError
    from sprawl_cli.store import GameStore

    store = GameStore(save)
    try:
        game = store.load()
        system = systems.get(game.system)
        data = system.status_json(game, None)
        entries = store.entries(last=LAST_ENTRIES, upto=game.step)
        figure = system.report_figure(game) or ""
        parts = [header(data, system), listed(data, "todo"), top_facts(data)]
        if figure:  # the report's drawing of the game's end, titled for now
            figure = re.sub(r"<title>.*?</title>", "<title>The field now</title>", figure, count=1, flags=re.S)
            parts.append(f'<figure class="map" id="map">{figure}</figure>')
        parts += [sides(data, game), journal([scrubbed(e, save) for e in entries]), listed(data, "house")]
    except SprawlError as problem:
        return banner(scrub(problem.message, save))
    except Exception as problem:  # a bug of ours: still a banner on the page, never a stack trace
        return banner(f"sprawl could not draw it ({type(problem).__name__}); `sprawl status` in a terminal "
                      "says more.", "The page cannot show this game.")
    return "\n".join(p for p in parts if p)


def scrubbed(entry: dict[str, Any], save: Path) -> dict[str, Any]:
    """A journal entry whose summary names no file."""
    return dict(entry, summary=[scrub(str(line), save) for line in entry.get("summary") or []])


CSS = """
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0 auto; max-width: 64em;
       padding: .5em .75em 2em; color: #1b1b1b; background: #fbfaf7; line-height: 1.35; overflow-wrap: anywhere; }
h1 { font-size: 1.1em; margin: .2em 0; color: #555; font-weight: normal; }
h2 { font-size: 1.15em; margin: .2em 0 .4em; }
h3 { font-size: 1em; margin: .2em 0; }
.system { margin: 0; color: #666; font-size: .9em; }
.turn { font-size: 1.3em; font-weight: bold; margin: .1em 0 .4em; }
.over { background: #e8f3e8; border: 1px solid #7a7; padding: .4em .6em; }
.banner { background: #fdecea; border: 2px solid #b03a2e; padding: .6em .8em; margin: .5em 0; }
.facts { display: flex; flex-wrap: wrap; gap: .2em 1em; font-size: .95em; }
.facts p { margin: .1em 0; }
.list ul { margin: .1em 0; padding-left: 1.2em; }
.house li { color: #6c3483; }
.k { color: #666; font-size: .85em; }
.sides { display: flex; flex-wrap: wrap; gap: 1em; }
.side { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .5em .6em; margin: .6em 0; }
.side.now { border: 2px solid #1f618d; }
.cards { list-style: none; padding: 0; margin: 0; display: grid;
         grid-template-columns: repeat(auto-fill, minmax(min(100%, 15em), 1fr)); gap: .4em; }
.card { border: 1px solid #e3e0d8; border-radius: 4px; padding: .3em .45em; min-width: 0; }
.card.gone { opacity: .55; text-decoration-color: #b03a2e; }
.card.gone strong { text-decoration: line-through; }
.who { display: flex; flex-wrap: wrap; gap: .25em; align-items: baseline; }
.status { background: #b03a2e; color: #fff; border-radius: 3px; padding: 0 .35em; font-size: .85em; }
.kvs { display: flex; flex-wrap: wrap; gap: 0 .8em; font-size: .9em; }
.map svg { display: block; width: 100%; height: auto; max-width: 40em; }
.map { margin: .5em 0; }
.log ol { list-style: none; padding: 0; margin: 0; }
.entry { border-top: 1px solid #ddd; padding: .3em 0; }
.entry ul { margin: .1em 0; padding-left: 1.1em; font-size: .92em; }
.roll { color: #555; }
.faces { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; }
.forced { color: #b03a2e; font-weight: bold; }
.step { color: #888; }
#live { position: fixed; top: .3em; right: .4em; font-size: .75em; color: #888; }
#live.lost { color: #b03a2e; }
"""

# The page keeps itself current: the server sends the live part again whenever the save
# changes (server-sent events); EventSource reconnects by itself when the line drops. It is
# served as its own file (`/page.js`), so the page's Content-Security-Policy runs no inline script.
SCRIPT = """
(function () {
  var live = document.getElementById('live');
  var stream = new EventSource('events' + window.location.search);
  stream.addEventListener('view', function (e) {
    document.getElementById('game').innerHTML = e.data;
    document.body.dataset.views = String(Number(document.body.dataset.views || 0) + 1);
    live.textContent = 'live'; live.className = '';
  });
  stream.onerror = function () { live.textContent = 'reconnecting...'; live.className = 'lost'; };
})();
"""


def page(fragment: str) -> str:
    """The whole page: inline CSS, and its script from this server (`page.js`); nothing from anywhere else."""
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>sprawl: the game at the table</title>",
        f"<style>{CSS}</style></head><body>",
        '<span id="live">live</span>',
        f'<main id="game">{fragment}</main>',
        '<script src="page.js"></script>',
        "</body></html>",
    ]) + "\n"
