"""A game in a save file: `new`, `status`, `next`, `set`, `damage`, `log`, `undo`, `redo` (issue 3)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from sprawl_cli.cli.main import current

if TYPE_CHECKING:
    from rich.console import Console

app = typer.Typer(add_completion=False)


@app.command()
def new(
    squad: Annotated[Optional[list[Path]], typer.Option("--squad", "-s", help="A roster file; give two (the first moves first).")] = None,
    rounds: Annotated[Optional[int], typer.Option("--rounds", min=1, help="End the game after this many rounds (R25).")] = None,
    no_tens: Annotated[bool, typer.Option("--no-tens", help="Play without the Rule of Tens (R2).")] = False,
    physical: Annotated[bool, typer.Option("--physical", help="Players roll real dice: every roll is asked for.")] = False,
) -> None:
    """Start a game from roster files (or from the campaign with --campaign).

    Example: sprawl new --squad rosters/plf.yaml --squad rosters/suit.yaml --rounds 6
    """
    from sprawl_cli.errors import BadInput, RuleRefusal
    from sprawl_cli.render.game import status_view
    from sprawl_cli.roster import load_roster
    from sprawl_cli.store import GameStore
    from sprawl_cli.systems.sprawl.status import game_json
    from sprawl_cli.systems.sprawl.turn import new_game, start_turn

    ctx = current()
    if squad:
        game = new_game([load_roster(p) for p in squad], rounds, not no_tens)
    elif ctx.options.campaign or ctx.env.vars.get("SPRAWL_CAMPAIGN"):
        from sprawl_cli.campaign import game_from_campaign

        path = ctx.campaign_path()
        game = game_from_campaign(path, rounds, not no_tens)
    else:
        raise BadInput("give two roster files with --squad FILE --squad FILE (or --campaign FILE)")
    if physical:
        game.settings.dice = "physical"
    store: GameStore = ctx.store()
    with store.locked(ctx.note, create=True):
        if store.exists() and not ctx.options.force:
            try:
                old = store.load()
                in_progress = not old.over
            except Exception:  # an unreadable old save is still something to protect
                in_progress = True
            if not in_progress and old.campaign and not old.aftermath_done:
                # The aftermath is what puts a game and its records into the campaign (R26).
                raise RuleRefusal(
                    f"{store.path} holds a finished campaign game that is not in the campaign yet; "
                    "run `sprawl aftermath` first, or add --force to replace it without one",
                    forceable=False,
                )
            if in_progress:
                raise RuleRefusal(
                    f"{store.path} holds a game in progress; `sprawl end` it first, use --game for another "
                    "file, or add --force to replace it (the old one is kept as a .prev backup)",
                    forceable=False,
                )
        start_turn(game, ctx.dice(physical=game.settings.dice == "physical"))
        store.start(game)
    data = game_json(game)

    def view(console: Console) -> None:
        console.print(f"New game saved to {store.path}.")
        status_view(console, game, None, data["todo"])

    ctx.emit(data, view)


@app.command()
def status(
    name: Annotated[Optional[str], typer.Argument(help="Show only this character.")] = None,
) -> None:
    """Show the game: round, side and phase, each squad's Health and statuses, and what this phase asks for.

    Example: sprawl status Babs
    """
    from sprawl_cli.systems.sprawl.status import game_json

    ctx = current()
    game = ctx.load_game()
    only = game.character(name) if name else None
    data = game_json(game, only)

    def view(console: Console) -> None:
        from sprawl_cli.render.game import status_view

        status_view(console, game, only.name if only else None, data["todo"])

    ctx.emit(data, view)


@app.command(name="next")
def next_phase() -> None:
    """Move on to the next phase, turn or round, with R23's bookkeeping and reminders.

    A Recovery Phase is not left until every pinned or Down character of the side
    has tried to recover (R8, R11); --force overrules.

    Example: sprawl next
    """
    from sprawl_cli.render import plain, print_lines
    from sprawl_cli.render.game import advance_lines
    from sprawl_cli.systems.sprawl.turn import advance

    ctx = current()
    with ctx.change("next") as change:
        step = advance(change.game, ctx.dice(physical=change.game.settings.dice == "physical"), ctx.table())
        lines = advance_lines(step)
        change.summary = [plain(line) for line in lines]
        change.outcome = step.to_json()
    ctx.emit(step.to_json(), lambda console: print_lines(console, lines))


@app.command(name="set")
def set_(
    name: Annotated[str, typer.Argument(help="The character.")],
    status: Annotated[str, typer.Argument(help="pinned, down, panicked, overwatch, hidden, out_of_action, ...")],
    value: Annotated[str, typer.Argument(help="on or off", metavar="on|off")],
    weapon: Annotated[Optional[str], typer.Option("--weapon", "-w", help="The gun for jammed / out_of_ammo.")] = None,
    count: Annotated[Optional[int], typer.Option("--count", min=1, help="Required with `hidden on`: the hiding roll's successes a spotter must match (R19).")] = None,
) -> None:
    """Referee: put a status on or off a character (logged, undoable).

    Example: sprawl set Razz pinned off
    """
    from sprawl_cli.errors import UsageProblem
    from sprawl_cli.render import plain
    from sprawl_cli.render.game import badge
    from sprawl_cli.systems.sprawl.referee import set_status

    ctx = current()
    if value.lower() not in ("on", "off"):
        raise UsageProblem(f"the last word should be on or off, not '{value}'")
    with ctx.change("set") as change:
        c = change.game.character(name)
        result = set_status(change.game, c, status, value.lower() == "on", weapon, count)
        line = f"{c.name}: {result.status} {'on' if result.on else 'off'} → " + (
            " ".join(badge(s) for s in result.statuses) or "no statuses")
        change.summary = [plain(line)]
        change.outcome = result.to_json()
    ctx.emit(result.to_json(), lambda console: console.print(line))


@app.command()
def damage(
    name: Annotated[str, typer.Argument(help="The character.")],
    points: Annotated[int, typer.Argument(min=0, help="Health to take off.")],
    near_ledge: Annotated[bool, typer.Option("--near-ledge", help="It lies within 1\" of a ledge: pinned at "
                                                                  "0 Health, it tests its footing (R7).")] = False,
) -> None:
    """Referee: take POINTS straight off Health (no Toughness roll, no pin); 0 Health still brings R8.

    Example: sprawl damage Newton 2
    """
    from sprawl_cli.render import plain, print_lines
    from sprawl_cli.render.game import panic_lines, victim_lines
    from sprawl_cli.systems.sprawl.referee import referee_damage

    ctx = current()
    with ctx.change("damage") as change:
        game = change.game
        c = game.character(name)
        result = referee_damage(game, c, points, ctx.dice(physical=game.settings.dice == "physical"), ctx.table(),
                                ledge=near_ledge)
        tens = game.settings.rule_of_tens
        lines = [f"Referee: {points} damage to {c.name}."] + victim_lines(result.victim, tens) + panic_lines(result.panic, tens)
        if game.over:
            lines.append(f"[bold]The game is over:[/] {game.reason}")
        change.summary = [plain(line) for line in lines]
        change.outcome = result.to_json()
    ctx.emit(result.to_json(), lambda console: print_lines(console, lines))


@app.command()
def log(
    last: Annotated[Optional[int], typer.Option("--last", "-n", min=1, help="Only the last N changes.")] = None,
) -> None:
    """What happened so far in this game, with every die rolled.

    Example: sprawl log --last 5
    """
    ctx = current()
    store = ctx.store()
    game = store.load()
    # The undo snapshots ("before", companion "files") are bookkeeping, not history.
    entries = [{k: v for k, v in e.items() if k not in ("before", "files")} for e in store.entries(last, upto=game.step)]

    def view(console: Console) -> None:
        from sprawl_cli.render.game import log_view

        log_view(console, entries)

    ctx.emit({"entries": entries}, view)


@app.command()
def undo(
    count: Annotated[int, typer.Argument(min=1, help="How many changes to take back.")] = 1,
) -> None:
    """Take back the last change (or the last COUNT), dice and all. `sprawl redo` puts it back.

    Example: sprawl undo 2
    """
    ctx = current()
    store = ctx.store()
    with store.locked(ctx.note):
        game = store.load()
        store.discard_orphans(game)
        game, undone = store.undo(game, count)
    data = {"undone": [{"step": e["step"], "command": e.get("command"), "summary": e.get("summary", [])} for e in undone],
            "step": game.step}

    def view(console: Console) -> None:
        for e in undone:
            console.print(f"Undid #{e['step']}: [bold]{e.get('command') or e.get('kind')}[/]")

    ctx.emit(data, view)


@app.command()
def redo() -> None:
    """Put back the change most recently undone.

    Example: sprawl redo
    """
    ctx = current()
    store = ctx.store()
    with store.locked(ctx.note):
        game = store.load()
        game, entry = store.redo(game)
    data = {"redone": {"step": entry["step"], "command": entry.get("command"), "summary": entry.get("summary", [])},
            "step": game.step}
    ctx.emit(data, lambda console: console.print(f"Redid #{entry['step']}: [bold]{entry.get('command')}[/]"))
