"""`sprawl report`: the battle report of the game in the save, finished or not, for any system.

The report is the campaign's own (`report.py`, `render/report_html.py`): the game is put
into a book entry as `aftermath` would (`campaign.game_entry`), without rolling anything and
without a campaign file, and drawn by the campaign report's views. Its aftermath section (a
game outside a campaign has none) gives way to what the journal tells: who fell and how, with
the dice that decided it, every change with its dice, and the house rulings in play (the
system's `house_rulings`, and those it labels in its `status`). It opens with the story of
the game, a few sentences a round (`story.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from sprawl_cli.report import code, md, outcome_line, title
from sprawl_cli.story import story

if TYPE_CHECKING:
    from sprawl_cli.books import BookGame
    from sprawl_cli.model import Game
    from sprawl_cli.systems.base import System


class Fall:
    """A character who left the game, and the change that did it."""

    def __init__(self, name: str, squad: str, entry: dict[str, Any] | None) -> None:
        self.name = name
        self.squad = squad
        self.entry = entry


def gone_after(entry: dict[str, Any]) -> set[str] | None:
    """Who was out of the game after this journal entry: its `gone` list, else its snapshot."""
    if isinstance(entry.get("gone"), list):
        return {str(n) for n in entry["gone"]}
    after = entry.get("after")
    if isinstance(after, dict):
        from sprawl_cli.errors import SprawlError
        from sprawl_cli.save.data import game_from_data

        try:
            return {c.name for c in game_from_data(after, {}, "journal").characters if c.gone}
        except SprawlError:
            return None
    return None


def falls(game: Game[Any], entries: list[dict[str, Any]]) -> list[Fall]:
    """Who fell, in the order they fell, each with the change that put them out (when the journal keeps it)."""
    found: list[Fall] = []
    seen: set[str] = set()
    squad_of = {c.name: c.squad for c in game.characters}
    out_now = {c.name for c in game.characters if c.gone}
    for e in entries:
        gone = gone_after(e)
        if gone is None:
            continue
        for name in [n for n in squad_of if n in gone - seen]:
            if name in out_now:
                found.append(Fall(name, squad_of.get(name, ""), e))
        seen |= gone
    for c in game.characters:
        if c.gone and c.name not in seen:
            found.append(Fall(c.name, c.squad, None))
    return found


def said(entry: dict[str, Any]) -> str:
    """The change's summary lines as one sentence."""
    parts = [str(s).strip().rstrip(".;:").strip() for s in entry.get("summary") or []]
    text = "; ".join(p for p in parts if p)
    return text + "." if text else ""


def command_words(entry: dict[str, Any]) -> str:
    from sprawl_cli.render.table_page import command_words as words

    return words(entry)


def roll_text(roll: dict[str, Any]) -> str:
    faces = " ".join(str(f) for f in roll.get("faces") or [])
    return f"{roll.get('label')} [{faces}]"


def house_rulings(system: System, game: Game[Any]) -> list[str]:
    """The house rulings the system labels in its status (`house`, `contract.StatusJson`), if any."""
    from sprawl_cli.contract import status_lists

    return status_lists(system.status_json(game, None)).get("house", [])


def still_playing(game: Game[Any], word: str = "round") -> str:
    return f"Still being played: {word} {game.round}, {game.current_squad.name} to play."


# --- the sections that stand where a campaign's aftermath would --------------------


def journal_markdown(game: Game[Any], entries: list[dict[str, Any]], house: list[str], word: str = "round") -> str:
    lines = ["## How they fell", ""]
    fell = falls(game, entries)
    if not fell:
        lines.append("Nobody has fallen." if not game.over else "Nobody fell.")
    for f in fell:
        if f.entry is None:
            lines.append(f"- **{md(f.name)}** ({md(f.squad)}): out of the game; the journal no longer says how.")
            continue
        dice = ", ".join(roll_text(r) for r in f.entry.get("rolls") or [])
        lines.append(f"- **{md(f.name)}** ({md(f.squad)}), {word} {f.entry.get('round')}, "
                     f"{code(command_words(f.entry))}: {md(said(f.entry))}")
        lines.append(f"  The dice that decided it: {md(dice)}." if dice else "  No dice: the referee's word.")
    lines.append("")
    if house:
        lines += ["## House rulings", ""]
        lines += [f"- *House:* {md(h)}" for h in house]
        lines.append("")
    lines += ["## Change by change", ""]
    if not entries:
        lines.append("Nothing has happened yet.")
    for e in entries:
        dice = ", ".join(roll_text(r) for r in e.get("rolls") or [])
        forced = " (forced)" if e.get("forced") else ""
        lines.append(f"{e.get('step')}. {word.capitalize()} {e.get('round')}, {code(command_words(e))}{forced}: {md(said(e))}"
                     + (f" Dice: {md(dice)}." if dice else ""))
    lines.append("")
    return "\n".join(lines) + "\n"


def journal_html(game: Game[Any], entries: list[dict[str, Any]], house: list[str], word: str = "round") -> str:
    parts = ["<h2>How they fell</h2>"]
    fell = falls(game, entries)
    if not fell:
        parts.append(f"<p>{'Nobody fell.' if game.over else 'Nobody has fallen.'}</p>")
    else:
        parts.append('<ul class="falls">')
        for f in fell:
            if f.entry is None:
                parts.append(f"<li><strong>{escape(f.name)}</strong> ({escape(f.squad)}): out of the game; "
                             "the journal no longer says how.</li>")
                continue
            said = "".join(f"<li>{escape(str(s).strip())}</li>" for s in f.entry.get("summary") or [])
            dice = ", ".join(roll_text(r) for r in f.entry.get("rolls") or [])
            decided = (f"<p>The dice that decided it: <code>{escape(dice)}</code></p>" if dice
                       else "<p>No dice: the referee's word.</p>")
            parts.append(f'<li><strong class="dead">{escape(f.name)}</strong> ({escape(f.squad)}), {escape(word)} '
                         f"{escape(str(f.entry.get('round')))}, <code>{escape(command_words(f.entry))}</code>"
                         f"<ul>{said}</ul>{decided}</li>")
        parts.append("</ul>")
    if house:
        parts.append("<h2>House rulings</h2><ul>" + "".join(f"<li><em>House:</em> {escape(h)}</li>" for h in house)
                     + "</ul>")
    parts.append("<h2>Change by change</h2>")
    if not entries:
        parts.append("<p>Nothing has happened yet.</p>")
    else:
        parts.append('<ol class="changes">')
        for e in entries:
            said = "".join(f"<li>{escape(str(s).strip())}</li>" for s in e.get("summary") or [])
            dice = "".join(f"<li><code>{escape(roll_text(r))}</code></li>" for r in e.get("rolls") or [])
            forced = " <strong>(forced)</strong>" if e.get("forced") else ""
            parts.append(f'<li value="{escape(str(e.get("step")))}">{escape(word.capitalize())} {escape(str(e.get("round")))}, '
                         f"<code>{escape(command_words(e))}</code>{forced}<ul>{said}{dice}</ul></li>")
        parts.append("</ol>")
    return "\n".join(parts) + "\n"


def in_place_of_aftermath(text: str, fmt: str, sections: str) -> str:
    """The campaign report's text with its aftermath section replaced by `sections`."""
    if fmt == "html":
        start = text.find("<h2>Aftermath</h2>")
        ends = [i for i in (text.find("<h2>", start + 1), text.find("<footer>", start)) if i > start]
    else:
        start = text.find("## Aftermath\n")
        ends = [i + 1 for i in (text.find("\n## ", start + 1), text.find("\n*Report by", start)) if i > start]
    if start < 0 or not ends:
        footer = text.find("<footer>" if fmt == "html" else "*Report by")
        return text[:footer] + sections + text[footer:] if footer >= 0 else text + sections
    return text[:start] + sections + text[min(ends):]


def retitle(text: str, fmt: str, entry: BookGame, game: Game[Any], heading: str, word: str = "round") -> str:
    """The campaign's title ("game N") and, for a game not over, its outcome line, made the save's."""
    quote = escape if fmt == "html" else md
    text = text.replace(quote(title(entry)), quote(heading)).replace(" (struck from the campaign)", "")
    if not game.over:
        text = text.replace(quote(outcome_line(entry, word)), quote(still_playing(game, word)))
    return text


def finish(system: System, game: Game[Any], entries: list[dict[str, Any]], fmt: str, text: str,
           entry: BookGame, house: Sequence[str] = ()) -> str:
    """A campaign report of `entry` made the report of the game in the save; `house`: house
    rulings in force beyond those the system's status labels."""
    heading = f"Battle report: {' vs '.join(s.name for s in game.squads)}"
    rulings = list(dict.fromkeys([*house, *house_rulings(system, game)]))
    word = system.round_word
    sections = (journal_html if fmt == "html" else journal_markdown)(game, entries, rulings, word)
    text = retitle(in_place_of_aftermath(text, fmt, sections), fmt, entry, game, heading, word)
    return told(text, fmt, story(system, game, entries))


def told(text: str, fmt: str, paragraphs: list[str]) -> str:
    """The report opening with the story of the game, before its tables and charts (the first
    section after the title and the outcome)."""
    if fmt == "html":
        section = '<h2 id="story">The story</h2>\n' + "".join(f"<p>{escape(p)}</p>\n" for p in paragraphs)
        at = text.find("<h2")
    else:
        section = "## The story\n\n" + "".join(f"{md(p)}\n\n" for p in paragraphs)
        at = text.find("\n## ") + 1
    return text[:at] + section + text[at:] if at > 0 else text + section


def played_date(entries: list[dict[str, Any]]) -> str:
    """The day the game was played: its first journal entry's."""
    return str(entries[0].get("time") or "")[:10] if entries else ""


def book_report(system: System, game: Game[Any], entries: list[dict[str, Any]], fmt: str) -> str:
    """`sprawl report`: the battle report of the game in the save (finished or not) in `fmt`,
    its campaign books' entry made from the save and its journal without rolling anything."""
    from sprawl_cli.books import Book
    from sprawl_cli.campaign import game_entry
    from sprawl_cli.render.report_html import render_book

    entry = game_entry(system, game, entries)
    entry.date = played_date(entries)
    house, entry.house = entry.house, []  # said with the journal's sections, beside those the status labels
    book = Book(squads=[], system=system.name)
    return finish(system, game, entries, fmt, render_book(book, entry, fmt), entry, house)
