"""The campaign's books: `sprawl aftermath` and `sprawl campaign new|show|history|report` (issue 7).

This module's app holds both: `aftermath` is registered on its own in the
root group and hidden inside `campaign`, whose other commands are the group.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from sprawl_cli.cli.main import current

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.campaign import AftermathTable, Campaign
    from sprawl_cli.context import Context

app = typer.Typer(add_completion=False, help="Campaign books: new, show, history, report.",
                  no_args_is_help=True)


def campaign_path(ctx: Context) -> Path:
    """--campaign, else SPRAWL_CAMPAIGN, else the campaign the current game remembers, else the default."""
    if ctx.options.campaign or ctx.env.vars.get("SPRAWL_CAMPAIGN"):
        return ctx.campaign_path()
    remembered = None
    store = ctx.store()
    if store.exists():
        try:
            remembered = store.load().campaign
        except Exception:  # an unreadable save file is no reason to refuse reading the campaign
            remembered = None
    return ctx.campaign_path(remembered)


def read_campaign(ctx: Context) -> tuple[Path, Campaign]:
    from sprawl_cli.campaign import load_campaign, recover

    path = campaign_path(ctx)
    recover(path, ctx.note)
    return path, load_campaign(path)


@app.command(hidden=True)
def aftermath() -> None:
    """After the game: R26 for each character that went Out of Action (d10 on the house table
    unless the campaign has its own; on a lasting injury a d8 picks the attribute), then the
    game and every record go into the campaign, in one step that `sprawl undo` takes back.

    Example: sprawl aftermath --dice 1,2,5,9
    """
    import time

    from sprawl_cli.campaign import (
        campaign_locked, campaign_text, load_campaign, record_game, resolve_aftermath, series_from,
    )
    from sprawl_cli.errors import RuleRefusal
    from sprawl_cli.render import plain, print_lines
    from sprawl_cli.render.report_views import aftermath_lines

    ctx = current()
    with ctx.change("aftermath", allow_over=True) as change:
        game = change.game
        if not game.over:
            raise RuleRefusal("the game is not over yet: the aftermath comes after it (R26); play on, "
                              "or `sprawl end` it", forceable=False)
        if game.aftermath_done:
            raise RuleRefusal("this game's aftermath is already in the campaign; `sprawl campaign show` has "
                              "it, and `sprawl undo` takes it back", forceable=False)
        path = ctx.campaign_path(game.campaign).resolve()
        change.hold(campaign_locked(path, ctx.note))
        book = load_campaign(path)
        series = series_from(game, ctx.store().entries(upto=game.step))
        result = resolve_aftermath(game, book, ctx.dice(physical=game.settings.dice == "physical"))
        record_game(book, game, result, series, save=str(ctx.game_path.resolve()), step=game.step + 1,
                    date=time.strftime("%Y-%m-%d"))
        game.aftermath_done = True
        change.files[str(path)] = campaign_text(book)
        lines = aftermath_lines(result, str(path))
        change.summary = [plain(line) for line in lines]
        change.outcome = result.to_json()
    ctx.emit(dict(result.to_json(), campaign=str(path)), lambda console: print_lines(console, lines))


@app.command()
def new(
    squad: Annotated[Optional[list[Path]], typer.Option("--squad", "-s", help="A roster file; give two or more.")] = None,
    table: Annotated[Optional[Path], typer.Option(
        "--table", help="The campaign's own aftermath table (YAML or JSON, shaped like `sprawl table aftermath --json`).")] = None,
) -> None:
    """Start a campaign from roster files. Refuses to replace a campaign file without --force.

    Example: sprawl campaign new --squad rosters/plf.yaml --squad rosters/suit.yaml
    """
    from sprawl_cli.campaign import (
        CampaignSettings, campaign_from_rosters, campaign_json, campaign_locked, campaign_text,
    )
    from sprawl_cli.errors import BadInput, RuleRefusal
    from sprawl_cli.systems.sprawl.roster import load_roster
    from sprawl_cli.store import atomic_write

    ctx = current()
    if not squad or len(squad) < 2:
        raise BadInput("a campaign needs two squads: give --squad FILE --squad FILE")
    book = campaign_from_rosters([load_roster(p) for p in squad])
    if table is not None:
        book.settings = CampaignSettings(aftermath_table=load_table(table))
    path = ctx.campaign_path()
    with campaign_locked(path, ctx.note, create=True):
        if path.exists():
            if not ctx.options.force:
                raise RuleRefusal(f"{path} already holds a campaign; use --campaign for another file, or add "
                                  "--force to replace it (the old one is kept as a .prev backup)", forceable=False)
            atomic_write(path.with_name(path.name + ".prev"), path.read_text(encoding="utf-8"))
        atomic_write(path, campaign_text(book))
    data = dict(campaign_json(book), campaign=str(path))

    def view(console: Console) -> None:
        from sprawl_cli.render.report_views import campaign_view

        console.print(f"New campaign saved to {path}. Start its first game with `sprawl new --campaign {path}`.")
        campaign_view(console, book)

    ctx.emit(data, view)


def load_table(path: Path) -> AftermathTable:
    """A user's aftermath table file, checked (rows covering 1-10; dead, injured or recovered).

    Raises:
        SaveFileError: naming the file, line and key.
    """
    from sprawl_cli import yamlio
    from sprawl_cli.campaign import AftermathTable, check_aftermath_table
    from sprawl_cli.schema import Where, from_data

    data, lines = yamlio.load(path, "aftermath table")
    where = Where(str(path), lines)
    own = from_data(AftermathTable, data, where)
    check_aftermath_table(own, where, ())
    return own


@app.command()
def show() -> None:
    """The squads as they stand between games: alive or dead, attributes, injuries, records.

    Example: sprawl campaign show --json
    """
    from sprawl_cli.campaign import campaign_json

    ctx = current()
    path, book = read_campaign(ctx)

    def view(console: Console) -> None:
        from sprawl_cli.render.report_views import campaign_view

        campaign_view(console, book)

    ctx.emit(dict(campaign_json(book), campaign=str(path)), view)


@app.command()
def history() -> None:
    """Every game of the campaign: who played, who won, and what the aftermath did.

    Example: sprawl campaign history
    """
    from sprawl_cli.render import print_lines
    from sprawl_cli.render.report_views import history_lines
    from sprawl_cli.schema import to_data

    ctx = current()
    path, book = read_campaign(ctx)
    games = [
        {"number": g.number, "date": g.date, "squads": g.squads, "winner": g.winner, "rounds": g.rounds,
         "reason": g.reason, "table": g.table, "aftermath": [r.to_json() for r in g.aftermath],
         "out_of_action": [c.name for c in g.characters if c.out_of_action],
         "records": {c.name: to_data(c.record) for c in g.characters}}
        for g in book.games
    ]
    ctx.emit({"campaign": str(path), "games": games}, lambda console: print_lines(console, history_lines(book)))


@app.command()
def report(
    number: Annotated[Optional[int], typer.Argument(min=1, help="The game's number (default: the last).")] = None,
    fmt: Annotated[str, typer.Option("--format", "-f", help="md (Markdown for a forum post) or html (one page with charts).",
                                     metavar="md|html")] = "md",
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the report here instead of printing it.")] = None,
) -> None:
    """The battle report of one game: squads, winner, rounds, each character's part, the aftermath.

    Example: sprawl campaign report 2 --format html --out game2.html
    """
    from sprawl_cli.errors import UsageProblem
    from sprawl_cli.report import FORMATS, render
    from sprawl_cli.store import atomic_write

    fmt = fmt.strip().lower()
    if fmt not in FORMATS:
        raise UsageProblem(f"--format should be md or html, not '{fmt}'")
    ctx = current()
    path, book = read_campaign(ctx)
    game = book.game(number)
    text = render(book, game, fmt)
    data: dict[str, object] = {"campaign": str(path), "number": game.number, "format": fmt}
    if out is not None:
        atomic_write(out, text)
        data["out"] = str(out)
        ctx.emit(data, lambda console: console.print(f"Battle report of game {game.number} written to {out}."))
        return
    if ctx.options.json:
        ctx.emit(dict(data, report=text))
        return
    ctx.env.out.write(text)
    ctx.env.out.flush()
