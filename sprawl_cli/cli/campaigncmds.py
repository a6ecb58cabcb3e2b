"""The campaign's books: `sprawl aftermath` and `sprawl campaign new|show|history|report` (issue 7).

This module's app holds both: `aftermath` is registered on its own in the
root group and hidden inside `campaign`, whose other commands are the group.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from sprawl_cli.cli.main import current
from sprawl_cli.numbers import GAMES

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.books import Book
    from sprawl_cli.context import Context
    from sprawl_cli.systems.base import System

app = typer.Typer(add_completion=False, help="Campaign books: new, show, history, report.",
                  no_args_is_help=True)


def campaign_path(ctx: Context) -> Path:
    """--campaign, else SPRAWL_CAMPAIGN, else the campaign the current game remembers, else the default."""
    if ctx.options.campaign or ctx.env.vars.get("SPRAWL_CAMPAIGN"):
        return ctx.campaign_path()
    remembered = None
    store = ctx.reader()
    if store.exists():
        try:
            remembered = store.load().campaign
        except Exception:  # an unreadable save file is no reason to refuse reading the campaign
            remembered = None
    return ctx.campaign_path(remembered)


def read_campaign(ctx: Context) -> tuple[Path, Book, System]:
    """The campaign file, its books and its system."""
    from sprawl_cli import systems
    from sprawl_cli.campaign_file import load_campaign, recover

    path = campaign_path(ctx)
    recover(path, ctx.note)
    book = load_campaign(path)
    return path, book, systems.get(book.system)


@app.command(hidden=True)
def aftermath() -> None:
    """After the game: the game and every record go into the campaign, and the system rolls
    what its rules roll after a game (what became of the fallen), in one step that
    `sprawl undo` takes back; a system without an aftermath rolls nothing.

    Example: sprawl aftermath --dice ask
    """
    import time

    from sprawl_cli.campaign import Played, after_game
    from sprawl_cli.campaign_file import campaign_locked, campaign_text, load_campaign
    from sprawl_cli.errors import BadInput, RuleRefusal
    from sprawl_cli.render import plain, print_lines

    from sprawl_cli.cli.flow import change_game

    ctx = current()
    with change_game(ctx, "aftermath", allow_over=True) as change:
        game = change.game
        system = ctx.system_of(game)
        if not game.over:
            raise RuleRefusal("the game is not over yet: the aftermath comes after it; play on, "
                              "or `sprawl end` it")
        if game.aftermath_done:
            raise RuleRefusal("this game's aftermath is already in the campaign; `sprawl campaign show` has "
                              "it, and `sprawl undo` takes it back")
        path = ctx.campaign_path(game.campaign).resolve()
        change.hold(campaign_locked(path, ctx.note))
        book = load_campaign(path)
        if book.system != system.name:
            raise BadInput(f"{path} is a campaign of {book.system}, and this game is {system.name}; "
                           "point --campaign at the campaign the game was started from")
        entries = ctx.store().entries(upto=game.step)
        played = Played(str(path), str(ctx.game_path.resolve()), game.step + 1, time.strftime("%Y-%m-%d"))
        data, lines = after_game(system, game, book, entries, ctx.dice(physical=game.settings.dice == "physical"),
                                 played)
        game.aftermath_done = True
        change.files[str(path)] = campaign_text(book)
        change.summary = [plain(line) for line in lines]
        change.outcome = data
    ctx.emit(dict(data, campaign=str(path)), lambda console: print_lines(console, lines))


@app.command()
def new(
    squad: Annotated[Optional[list[Path]], typer.Option("--squad", "-s", help="A roster file; give two or more.")] = None,
) -> None:
    """Start a campaign from roster files of any system (`--system NAME`, or the rosters'
    own `system:`); a system may take options of its own here. Refuses to replace a
    campaign file without --force.

    Example: sprawl campaign new --squad ours.yaml --squad theirs.yaml
    """
    from sprawl_cli import systems
    from sprawl_cli.campaign import book_from_rosters, book_json
    from sprawl_cli.campaign_file import campaign_locked, campaign_text
    from sprawl_cli.cli.choices import campaign_options_given
    from sprawl_cli.cli.gamecmds import read_rosters
    from sprawl_cli.errors import BadInput, RuleRefusal
    from sprawl_cli.render.report_views import book_view
    from sprawl_cli.save.atomic import atomic_write
    from sprawl_cli.systems.base import check_sides

    ctx = current()
    if not squad:
        check_sides([], "a campaign")
    assert squad
    system = systems.get(ctx.options.system or roster_system(squad[0]))
    options = campaign_options_given()
    for option in options:  # given for the line's system (the default), the rosters are of another
        if option not in system.campaign_options:
            raise BadInput(f"--{option.replace('_', '-')} is not an option of {system.title} campaigns")
    rosters = read_rosters(squad, system.name)
    check_sides(rosters, "a campaign")
    book = book_from_rosters(system, rosters, options)
    path = ctx.campaign_path()
    with campaign_locked(path, ctx.note, create=True):
        if path.exists():
            if not ctx.options.force:
                raise RuleRefusal(f"{path} already holds a campaign; use --campaign for another file, or add "
                                  "--force to replace it (the old one is kept as a .prev backup)")
            atomic_write(path.with_name(path.name + ".prev"), path.read_text(encoding="utf-8"))
        atomic_write(path, campaign_text(book))
    data = dict(book_json(system, book, str(path)), campaign=str(path))

    def view(console: Console) -> None:
        console.print(f"New {system.title} campaign saved to {path}. Start its first game with "
                      f"`sprawl new --campaign {path}`.")
        book_view(console, system, book)

    ctx.emit(data, view)


def roster_system(path: Path) -> str:
    """The system a roster file names (`system:`), the default system when it names none.

    Raises:
        SaveFileError: the file is broken.
        BadInput: it names a system this sprawl does not know.
    """
    from sprawl_cli import systems, yamlio

    data, _ = yamlio.load(path, "roster file")
    named = systems.named_in(data)
    name = systems.key(str(named))
    systems.get(name)  # an unknown name is refused here, with the list
    return name


@app.command()
def show() -> None:
    """The squads as they stand between games: alive or dead, their sheets, records and
    what the system notes of them.

    Example: sprawl campaign show --json
    """
    from sprawl_cli.campaign import book_json
    from sprawl_cli.render.report_views import book_view

    ctx = current()
    path, book, system = read_campaign(ctx)
    ctx.emit(dict(book_json(system, book, str(path)), campaign=str(path)), lambda console: book_view(console, system, book))


@app.command()
def history() -> None:
    """Every game of the campaign: who played, who won, and what the aftermath did.

    Example: sprawl campaign history
    """
    from sprawl_cli.campaign import book_history
    from sprawl_cli.render import print_lines
    from sprawl_cli.render.report_views import book_history_lines

    ctx = current()
    path, book, system = read_campaign(ctx)
    lines = book_history_lines(book)
    ctx.emit({"campaign": str(path), "games": book_history(system, book)}, lambda console: print_lines(console, lines))


@app.command()
def report(
    number: Annotated[Optional[int], typer.Argument(min=1, max=GAMES, help="The game's number (default: the last).")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="md (Markdown for a forum post) or html (one page with charts).",
                                     metavar="md|html")] = "md",
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the report here instead of printing it.")] = None,
) -> None:
    """The battle report of one game: squads, winner, rounds, each character's part, the aftermath.

    Example: sprawl campaign report 2 --format html --out game2.html
    """
    from sprawl_cli.errors import UsageProblem
    from sprawl_cli.render.report_html import render_book
    from sprawl_cli.report import FORMATS

    fmt = fmt.strip().lower()
    if fmt not in FORMATS:
        raise UsageProblem(f"--format should be md or html, not '{fmt}'")
    ctx = current()
    path, book, _system = read_campaign(ctx)
    game = book.game(number)
    data: dict[str, object] = {"campaign": str(path), "number": game.number, "format": fmt}
    deliver_report(ctx, data, render_book(book, game, fmt), out, "out", f"Battle report of game {game.number}")


def deliver_report(ctx: Context, data: dict[str, object], text: str, out: Path | None, key: str, what: str) -> None:
    """A report written to `out` (its path under `key` in the JSON), else printed as it is
    (or inside the JSON object with --json)."""
    from sprawl_cli.errors import BadInput
    from sprawl_cli.save.atomic import atomic_write

    if out is not None:
        if out.is_dir() or out.resolve().name == "":
            raise BadInput(f"{out} is a folder; give --output a file name in it (e.g. {out / 'report.md'})")
        keep = {ctx.game_path.resolve(), ctx.campaign_path().resolve()}
        if out.resolve() in keep:  # not even with --force: an evening's game is not a report's to replace
            raise BadInput(f"{out} is the game's own save or campaign file; give --output another file")
        atomic_write(out, text)
        data[key] = str(out)
        ctx.emit(data, lambda console: console.print(f"{what} written to {out}."))
        return
    if ctx.options.json:
        ctx.emit(dict(data, report=text))
        return
    ctx.env.out.write(text)
    ctx.env.out.flush()
