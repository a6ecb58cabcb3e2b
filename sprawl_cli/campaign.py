"""A campaign, for any system: squads between games and every game played, kept in books.

Here the books are made from rosters, field a game, and take each game in when it ends. The
file itself (`sprawl-campaign.yaml`: `schema_version`, `system` and the books) is
`campaign_file.py`, read and written with the same care as the save file (safe YAML, strict
keys with file:line messages, a lock, atomic replacement, undo through the game's journal);
the system named in it checks its part (`System.campaign_read`) and migrates its part of an
older file (`System.campaign_migrate`). The dataclasses are `books.py`.

The books (`Book`) are the same for every system: each character's sheet as
plain data (`System.campaign_character`), alive or dead, the counters of
`System.record` added up game after game and the system's own notes on it
(`Member.extra`: what its aftermath left on it); each game with its characters' records,
the system's aftermath (if it has one: its table, its rolls as data and in
words) and round-by-round series from the journal (`System.book_facts`: who is
gone, how many each side has standing, and the system's `journal_extras`).
A system adds what its text adds through `System` hooks: its `campaign new`
options (`campaign_options`) become the book's `settings`, and its `aftermath`
changes the book's characters after a game.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.books import NO_AFTERMATH, Book, BookGame, BookSquad, Member, Part
from sprawl_cli.campaign_file import load_campaign, recover
from sprawl_cli.errors import BadInput, SaveFileError
from sprawl_cli.schema import Where

if TYPE_CHECKING:
    from sprawl_cli.dice import Dice
    from sprawl_cli.model import Game, Piece
    from sprawl_cli.systems.base import NewGame, Outcome, Roster, System
    from sprawl_cli.table import Table

# --- building one and playing from it ---------------------------------------------


def book_from_rosters(system: System, rosters: list[Roster], options: dict[str, str] | None = None) -> Book:
    """A new campaign of these squads, each character's sheet as the system keeps it, and the
    system's settings from its `campaign new` options (`System.campaign_options`).

    Raises:
        SaveFileError: a file an option names is broken (the system's `campaign_settings`).
    """
    return Book(system=system.name, settings=system.campaign_settings(options or {}), squads=[
        BookSquad(r.squad.name, r.squad.leader, [Member(c.name, system.campaign_character(c)) for c in r.characters],
                  str(r.squad.roster), dict(r.extra))
        for r in rosters
    ])


def rosters_from_book(system: System, book: Book, where: Where) -> list[Roster]:
    """The campaign's squads as rosters for a new game: the dead stay home.

    Raises:
        BadInput: a squad has nobody left alive.
    """
    from sprawl_cli.model import Squad
    from sprawl_cli.systems.base import Roster

    rosters = []
    for i, squad in enumerate(book.squads):
        characters = living(system, squad, i, where)
        if not characters:
            raise BadInput(f"{squad.name} has nobody left alive in {where.source}; that campaign cannot field it")
        names = [c.name for c in characters]
        rosters.append(Roster(Squad(squad.name, next_leader(system, squad, where, i), names, squad.roster),
                              characters, dict(squad.extra)))
    return rosters


def living(system: System, squad: BookSquad, i: int, where: Where) -> list[Piece]:
    """The living characters of the campaign's `i`th squad, as the system fields them.

    Raises:
        SaveFileError: via `where.fail`, when a hand edit broke a sheet.
    """
    return [system.character_from_sheet(m.name, m.sheet, squad.name, where, ("squads", i, "characters", j, "sheet"))
            for j, m in enumerate(squad.characters) if not m.dead]


def next_leader(system: System, squad: BookSquad, where: Where, i: int) -> str:
    """Who leads `squad` in the campaign's next game: its leader while alive, else the system's
    stand-in among the living (`System.stand_in`); "" when nobody is left alive, or it names no leader."""
    alive = [m.name for m in squad.characters if not m.dead]
    if not alive or not squad.leader or squad.leader in alive:
        return squad.leader if alive else ""
    return system.stand_in(living(system, squad, i, where))


# --- after a game -------------------------------------------------------------------


def book_series(game: Game[Any], entries: list[dict[str, Any]], measures: list[str],
                side_measures: tuple[str, ...] = (), start: dict[str, Any] | None = None,
                ) -> tuple[list[int], dict[str, dict[str, list[int]]]]:
    """Round by round (the state at each round's end, from the journal): each measure of
    `System.book_facts` that maps names to numbers, per squad (a measure in `measures` maps
    characters, added up per squad; one in `side_measures` maps squads, taken as it is), and
    the casualties (`gone`) of each squad. `standing` starts at each squad's size; in a
    journal written before entries kept it, it is the squad's size less its casualties.
    With `start` (`System.book_start`: the measures before the first round) the series
    begin with round 0, the game as it started."""
    squad_of = {c.name: c.squad for c in game.characters}
    squads = [s.name for s in game.squads]
    keyed = {**{m: squad_of for m in measures}, **{m: {s: s for s in squads} for m in side_measures}}
    state: dict[str, dict[str, int]] = {m: {} for m in keyed}
    fielded = {s: sum(1 for c in game.characters if c.squad == s) for s in squads}
    if "standing" in side_measures:
        state["standing"] = dict(fielded)
    gone: set[str] = set()
    by_round: dict[int, list[dict[str, Any]]] = {}
    for e in entries:
        by_round.setdefault(int(e.get("round") or 1), []).append(e)
    axis = [0] * (start is not None) + list(range(1, max(1, game.round) + 1))
    series: dict[str, dict[str, list[int]]] = {m: {s: [] for s in squads} for m in keyed}
    series["casualties"] = {s: [] for s in squads}
    for rnd in axis:
        for e in by_round.get(rnd, []) if rnd else [start or {}]:
            for m, owner in keyed.items():
                values = e.get(m)
                if isinstance(values, dict):
                    state[m].update({n: int(v) for n, v in values.items()
                                     if n in owner and isinstance(v, (int, float)) and not isinstance(v, bool)})
            if isinstance(e.get("gone"), list):
                gone = {n for n in e["gone"] if n in squad_of}
                if "standing" in side_measures and "standing" not in e:
                    state["standing"] = {s: fielded[s] - sum(1 for n in gone if squad_of[n] == s) for s in squads}
        for s in squads:
            for m, owner in keyed.items():
                series[m][s].append(sum(v for n, v in state[m].items() if owner[n] == s))
            series["casualties"][s].append(sum(1 for n in gone if squad_of[n] == s))
    return axis, series


def number_measures(extras: dict[str, Any], squads: Collection[str] = ()) -> tuple[list[str], tuple[str, ...]]:
    """The journal extras that map names to numbers (chartable): those that map characters,
    and those that map exactly the game's `squads` (a side's figure, such as a pool of rerolls)."""
    found = [k for k, v in extras.items() if k != "gone" and isinstance(v, dict) and v
             and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v.values())]
    sides = tuple(k for k in found if set(squads) and set(extras[k]) == set(squads))
    return [k for k in found if k not in sides], sides


def game_entry(system: System, game: Game[Any], entries: list[dict[str, Any]], number: int = 1) -> BookGame:
    """The books' entry of a game (finished or not) made from it and its journal `entries`:
    each character's record for this game and state at its end, the round-by-round series."""
    measures, sides = number_measures(system.book_facts(game), [s.name for s in game.squads])
    axis, series = book_series(game, entries, measures, sides, system.book_start(game))
    played = BookGame(number=number, squads=[s.name for s in game.squads], rounds=game.round, winner=game.winner,
                      reason=game.reason, rounds_axis=axis, series=series, figure=system.report_figure(game) or "",
                      house=list(system.house_rulings(game)))
    if game.scenario is not None:
        from sprawl_cli.scenario.words import book_entry

        played.scenario = book_entry(game)
    for c in game.characters:
        record = {k: int(v) for k, v in system.record(game, c).items()}
        played.characters.append(Part(c.name, c.squad, record, list(c.shown_statuses), bool(c.gone),
                                      system.fate(game, c), system.end_words(game, c)))
    return played


def record_book_game(system: System, book: Book, game: Game[Any], entries: list[dict[str, Any]],
                     *, save: str = "", step: int = 0, date: str = "") -> BookGame:
    """Put a finished game into the campaign: each character's counters added to its career
    (+1 game), the system's verdict on who died, and the game's entry for its battle report.

    Raises:
        BadInput: a character of the game is not in the campaign, or is already dead there.
    """
    parts: list[tuple[Any, Member]] = []
    for c in game.characters:
        member = book.member(c.squad, c.name)
        if member is None:
            raise BadInput(f"{c.name} ({c.squad}) is not in this campaign; was the game started with "
                           "`sprawl new --campaign` on this campaign file?")
        if member.dead:
            raise BadInput(f"{c.name} is already dead in this campaign; this game cannot be recorded in it")
        parts.append((c, member))
    played = game_entry(system, game, entries, len(book.games) + 1)
    played.date, played.save, played.step = date, save, step
    for part, (_, member) in zip(played.characters, parts, strict=True):
        member.games += 1
        for key, value in part.record.items():
            member.record[key] = member.record.get(key, 0) + value
        member.state = part.state
    book.games.append(played)
    return played


@dataclass
class Played:
    """Where a finished game is being recorded from (for `after_game`)."""

    campaign: str  # the campaign file
    save: str = ""  # the game's save file
    step: int = 0  # the journal step of the aftermath
    date: str = ""


def after_game(system: System, game: Game[Any], book: Book, entries: list[dict[str, Any]], dice: Dice,
               played: Played) -> tuple[dict[str, Any], list[str]]:
    """`aftermath`: the game and every record go into `book` (changed in memory), then what the
    system's rules roll after it (`System.aftermath`, which may change the book's characters).
    Returns the command's JSON and its lines (Rich markup).

    Raises:
        BadInput: the game's characters do not belong to this campaign.
    """
    from sprawl_cli.render import escape

    entry = record_book_game(system, book, game, entries, save=played.save, step=played.step, date=played.date)
    rolled = system.aftermath(game, book, entry, dice)
    for part in entry.characters:  # the aftermath may have killed someone
        member = book.member(part.squad, part.name)
        part.state = member.state if member else part.state
    dead = [c.name for c in entry.characters if c.state == "dead"]
    data = {"game": entry.number, "table": entry.table or NO_AFTERMATH, "results": list(entry.results),
            "records": {c.name: c.record for c in entry.characters}, "dead": dead}
    if rolled is None:
        lines = [f"[bold]After game {entry.number}[/]: {NO_AFTERMATH}; nothing is rolled."]
        lines += [f"  {escape(name)} dies in the campaign." for name in dead]
    else:
        lines = list(rolled)
    lines.append(f"Recorded in {escape(played.campaign)} as game {entry.number}, with every character's record; "
                 "`sprawl undo` takes it back.")
    return data, lines


def game_from_book(system: System, path: Path, how: NewGame, dice: Dice, table: Table) -> tuple[Game[Any], Outcome]:
    """`new --campaign`: a game of the campaign's squads as they stand (the dead stay home).

    Raises:
        SaveFileError: the campaign file is missing, broken or of another system.
        BadInput: a squad has nobody left alive.
    """
    recover(path)
    book = load_campaign(path)
    if book.system != system.name:
        raise SaveFileError(f"{path} is a campaign of {book.system}, not {system.title}")
    game, outcome = system.new_game(rosters_from_book(system, book, Where(str(path), {})), how, dice, table)
    game.campaign = str(path.resolve())
    return game, outcome



def book_json(system: System, book: Book, source: str) -> dict[str, Any]:
    """What `sprawl campaign show --json` prints: each character as the system shows it
    (`System.campaign_member`), who leads each squad in the next game (`next_leader`), the
    games, and the aftermath table (`System.aftermath_label`). A broken sheet met on the way
    is reported against `source` (the campaign file's path)."""
    return {
        "system": book.system,
        "squads": [{"name": s.name, "leader": s.leader, "next_leader": next_leader(system, s, Where(source, {}), i),
                    "characters": [system.campaign_member(m) for m in s.characters]}
                   for i, s in enumerate(book.squads)],
        "games": [{"number": g.number, "winner": g.winner, "rounds": g.rounds, "reason": g.reason}
                  for g in book.games],
        "aftermath_table": system.aftermath_label(book),
    }


def book_history(system: System, book: Book) -> list[dict[str, Any]]:
    """What `sprawl campaign history --json` prints: those the game took out (`out_of_action`)
    apart from those who left it of their own accord (`fled`, `System.fled`)."""
    return [
        {"number": g.number, "date": g.date, "squads": g.squads, "winner": g.winner, "rounds": g.rounds,
         "reason": g.reason, "table": g.table or NO_AFTERMATH, "aftermath": list(g.results),
         "out_of_action": [c.name for c in g.characters if c.gone and not system.fled(c)],
         "fled": [c.name for c in g.characters if c.gone and system.fled(c)],
         "standing": {s: values[-1] for s, values in g.series.get("standing", {}).items() if values},
         "records": {c.name: dict(c.record) for c in g.characters},
         **({"scenario": g.scenario} if g.scenario else {})}
        for g in book.games
    ]
