"""The table's live page (`sprawl serve`): the game in the save drawn as HTML for any system.

Nothing here knows a system: the page is drawn from what every system gives the kernel.
It opens with the turn (`System.turn_track`: who acts now, in large type, and who comes
next), then the newest result with every die, then the whole order of play, what is due,
the map (`System.report_figure`), each side (`System.side_glance`) with a card per
character (its statuses in words, `System.glance`'s phrases and its place in the order),
the earlier results and the house rulings. No status key is printed as stored: every
word on the page is the system's own. A save that cannot be read becomes a banner on the
page, never a stack trace, and the page names no file: a save file's path in a message
is replaced, and a command's paths are left out.

The module imports no web library: `sprawl_cli.web` serves what it draws.
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sprawl_cli.contract import StatusJson
    from sprawl_cli.model import Game
    from sprawl_cli.systems.base import System
    from sprawl_cli.turntrack import Place, TurnTrack

LAST_ENTRIES = 6


def words(key: str) -> str:
    """A key as words: "actions_left" -> "actions left"."""
    return key.replace("_", " ").strip()


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


def header(system: System, track: TurnTrack) -> str:
    """The system, where the game stands, and the turn in one sentence: the one acting now in
    large type, who comes next below it."""
    now = track.now()
    out = [f'<p class="system">{escape(system.title)} · <span id="turn">{escape(track.heading)}</span></p>']
    if track.over:
        out.append(f'<p class="over" id="over"><strong>{escape(track.over)}</strong></p>')
    elif now:
        out.append('<p class="up" id="now"><span class="k">Now</span> '
                   + " and ".join(f"<strong>{escape(p.who)}</strong>" + (f" <span class=\"mark\">{escape(p.mark)}</span>"
                                                                          if p.mark else "") for p in now) + "</p>")
    coming = track.coming()
    if coming and not track.over:
        said = escape(coming[0].said()) + "".join(f", then {escape(p.said())}" for p in coming[1:3])
        more = f", and {len(coming) - 3} more" if len(coming) > 3 else ""
        out.append(f'<p class="coming" id="next"><span class="k">Next</span> {said}{more}</p>')
    if track.due and not track.over:
        if now:
            out.append(f'<p class="due" id="due">{escape(track.due)}</p>')
        else:  # nobody acts until the table does this (deal the cards, end the turn)
            out.insert(1, f'<p class="up" id="now"><span class="k">Now</span> {escape(track.due)}</p>')
    return f'<header class="track-head">{"".join(out)}</header>'


def order(track: TurnTrack) -> str:
    """The whole order of play, each place with its state, mark and note."""
    if not track.places:
        return ""
    items = "".join(
        f'<li class="place {escape(p.state.replace(" ", "-"))}"><span class="state">{escape(p.state)}</span> '
        f'<strong>{escape(p.who)}</strong>' + (f' <span class="mark">{escape(p.mark)}</span>' if p.mark else "")
        + (f' <span class="note">{escape(p.note)}</span>' if p.note else "") + "</li>"
        for p in track.places)
    return f'<section class="order" id="order"><h2>Order of play</h2><ol>{items}</ol></section>'


def listed(lists: dict[str, list[str]], key: str) -> str:
    """The status's list of sentences under `key` (what is due now, the house rulings), or ""."""
    from sprawl_cli.contract import STATUS_LISTS

    value = lists.get(key)
    if not value:
        return ""
    items = "".join(f"<li>{escape(v)}</li>" for v in value)
    return (f'<section class="list {escape(key)}" id="{escape(key)}"><h3>{STATUS_LISTS[key]}</h3>'
            f"<ul>{items}</ul></section>")


def scenario_part(data: StatusJson) -> str:
    """The scenario a game is played to (a house feature): the points, each objective as it stands."""
    played = data.get("scenario")
    if played is None:
        return ""
    points = ", ".join(f"{side} {n}" for side, n in played["points"].items())
    items = "".join(f"<li>{escape(o['name'])} ({escape(o['kind'])}, {o['points']}): {escape(o['state'])}</li>"
                    for o in played["objectives"])
    rules = "".join(f"<li>{escape(rule)}</li>" for rule in played["special"])
    return (f'<section class="list scenario" id="scenario"><h3>Scenario: {escape(played["name"])} (house)</h3>'
            f"<p>{escape(played['brief'])}</p><p>Points: {escape(points)}</p><ul>{items}{rules}</ul></section>")


def card(c: Any, phrases: list[str], place: Place | None) -> str:
    """A character's card: its name, its statuses in words, its place in the order, and what
    its system says a player needs at a glance."""
    chips = "".join(f'<span class="status">{escape(words(s))}</span>' for s in c.shown_statuses)
    if place is not None:
        chips = f'<span class="place-chip {escape(place.state.replace(" ", "-"))}">{escape(place.state)}</span>' + chips
    rows = "".join(f'<span class="kv">{escape(p)}</span>' for p in phrases)
    css = "card gone" if c.gone else "card"
    return (f'<li class="{css}" data-name="{escape(c.name)}"><div class="who">'
            f'<strong>{escape(c.name)}</strong>{chips}</div><div class="kvs">{rows}</div></li>')


def sides(game: Game[Any], system: System, track: TurnTrack) -> str:
    out = []
    for squad in game.squads:
        said = "".join(f'<span class="kv">{escape(p)}</span>' for p in system.side_glance(game, squad))
        cards = "".join(card(c, system.glance(game, c), track.state_of(c.name)) for c in game.members(squad))
        now = " now" if game.current_squad.name == squad.name and not game.over else ""
        out.append(f'<section class="side{now}"><h2>{escape(squad.name)}</h2><div class="kvs">{said}</div>'
                   f'<ul class="cards">{cards}</ul></section>')
    return "\n".join(out)


def journal(entries: list[dict[str, Any]], title: str = "Last results", css: str = "log", word: str = "round") -> str:
    """The entries, newest first: the command, what it did and every die."""
    if not entries:
        return f'<section class="{css}"><h2>{title}</h2><p>Nothing has happened yet.</p></section>'
    items = []
    for e in reversed(entries):
        head = (f'<div class="head"><span class="step">#{escape(str(e.get("step")))}</span> '
                f'{escape(word)} {escape(str(e.get("round")))} · <strong>{escape(command_words(e))}</strong>'
                + (' <span class="forced">forced</span>' if e.get("forced") else "") + "</div>")
        lines = "".join(f"<li>{escape(str(line).strip())}</li>" for line in e.get("summary") or [])
        rolls = "".join(f'<li class="roll">{escape(str(r.get("label")))} '
                        f'<span class="faces">{escape(faces_text(list(r.get("faces") or [])))}</span></li>'
                        for r in e.get("rolls") or [] if isinstance(r, dict))
        items.append(f'<li class="entry">{head}<ul>{lines}{rolls}</ul></li>')
    return f'<section class="{css}"><h2>{title}</h2><ol class="entries">{"".join(items)}</ol></section>'


def banner(message: str, headline: str = "The save file cannot be read.") -> str:
    return (f'<div class="banner" id="banner" role="alert"><strong>{escape(headline)}</strong> '
            f"{escape(message)} The page shows the game again as soon as the save reads well.</div>")


def game_view(save: Path) -> str:
    """The page's live part for the game in `save`: the turn, the newest result, the order of
    play, what is due, the map (a grid game), the sides, the earlier results; or a banner
    saying why the save cannot be read."""
    from sprawl_cli import systems
    from sprawl_cli.contract import status_lists
    from sprawl_cli.errors import SprawlError
    from sprawl_cli.save.reader import SaveReader

    store = SaveReader(save)
    try:
        game = store.load()
        system = systems.get(game.system)
        data = system.status_json(game, None)
        entries = store.entries(last=LAST_ENTRIES, upto=game.step)
        figure = system.report_figure(game) or ""
        track = system.turn_track(game)
        shown = [scrubbed(e, save) for e in entries]
        lists = status_lists(data)
        if "todo" in lists:  # the header says the first already
            lists["todo"] = [t for t in lists["todo"] if t != track.due]
        parts = [header(system, track), journal(shown[-1:], "Newest result", "log newest", system.round_word),
                 order(track), listed(lists, "todo"), scenario_part(data)]
        if figure:  # the report's drawing of the game's end, titled for now
            figure = re.sub(r"<title>.*?</title>", "<title>The field now</title>", figure, count=1, flags=re.S)
            parts.append(f'<figure class="map" id="map">{figure}</figure>')
        parts += [sides(game, system, track), journal(shown[:-1], "Earlier results", word=system.round_word) if shown[:-1] else "",
                  listed(lists, "house")]
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
.system { margin: 0; color: #555; font-size: .95em; }
.track-head { margin: 0 0 .5em; }
.up { font-size: 1.9em; line-height: 1.15; margin: .1em 0; }
.up strong { color: #1f618d; }
.coming { font-size: 1.2em; margin: .1em 0; }
.up .k, .coming .k { display: inline-block; min-width: 3em; font-size: .6em; text-transform: uppercase; letter-spacing: .05em; }
.coming .k { font-size: .75em; }
.mark { background: #f4ecd8; border: 1px solid #d8c9a3; border-radius: 4px; padding: 0 .3em; font-weight: normal; }
.due { margin: .2em 0; color: #444; }
.order ol { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: .3em; }
.place { border: 1px solid #ddd; border-radius: 4px; padding: .15em .4em; background: #fff; }
.place.now { border: 2px solid #1f618d; font-size: 1em; }
.place.done, .place.out { opacity: .6; }
.place .note { color: #555; font-size: .85em; }
.state, .place-chip { font-size: .75em; text-transform: uppercase; color: #555; letter-spacing: .03em; }
.place-chip { border: 1px solid #bbb; border-radius: 3px; padding: 0 .3em; }
.place-chip.now { background: #1f618d; color: #fff; border-color: #1f618d; }
.newest .entry { border-top: none; }
@media (min-width: 1200px) { body { font-size: 1.25em; max-width: 80em; } .up { font-size: 2.4em; } }
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
