"""The commands every system shares: `new`, `status`, `next`, `set`, `concede`, `end`,
`log`, `undo`, `redo`. Each hands the rules to the game's system (`ctx.system_of`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from sprawl_cli.cli.main import current
from sprawl_cli.numbers import CHANGES, ROUNDS

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.ending import Ending
    from sprawl_cli.model import Game

    from sprawl_cli.store import GameStore
    from sprawl_cli.systems.base import Outcome, Roster

app = typer.Typer(add_completion=False)


def read_rosters(paths: list[Path], system: str) -> list[Roster]:
    """Each roster file, checked to be of `system` and read by that system.

    Raises:
        SaveFileError: a file is broken, or is a roster of another system (naming the file).
    """
    from sprawl_cli import systems, yamlio
    from sprawl_cli.schema import Where

    rosters = []
    for path in paths:
        data, lines = yamlio.load(path, "roster file")
        where = Where(str(path), lines)
        named = systems.named_in(data)
        if (not isinstance(data, dict) or "system" not in data) and system != systems.DEFAULT:
            # No `system:` reads as the default system's roster: a file that is no roster at all
            # (another kind of file given as --squad) lands here too, so say what a roster has.
            where.fail(("system",), f"this file names no system, so it reads as a {systems.DEFAULT} roster, and this "
                                    f"game is {system!r}: give rosters of one system (or `--system {systems.DEFAULT}`); "
                                    f"a roster of {system!r} starts `system: {system}`")
        if not isinstance(named, str) or systems.key(named) != system:
            where.fail(("system",), f"this roster is for {named!r}, and this game is {system!r}; "
                                    f"give rosters of one system (or `--system {named}`)")
        rosters.append(systems.get(system).read_roster(data, where, path))
    return rosters


def campaign_system(path: Path) -> str:
    """The system a campaign file is for (read whole and checked: a broken file is refused here).

    Raises:
        SaveFileError: missing, broken, or of a system this sprawl does not know.
    """
    from sprawl_cli.campaign_file import load_campaign, recover

    recover(path)
    return str(load_campaign(path).system)


def _guard(store: GameStore, force: bool) -> None:
    """Refuse to replace a game in progress, or a campaign game not yet in its campaign.

    Raises:
        RuleRefusal: not forceable by the rules' --force, only by `new --force` itself.
    """
    from sprawl_cli.errors import RuleRefusal

    if force or not store.exists():
        return
    try:
        old = store.load()
        in_progress = not old.over
    except Exception:  # an unreadable old save is still something to protect
        in_progress = True
    if not in_progress and old.campaign and not old.aftermath_done:
        # The aftermath is what puts a game and its records into the campaign.
        raise RuleRefusal(
            f"{store.path} holds a finished campaign game that is not in the campaign yet; "
            "run `sprawl aftermath` first, or add --force to replace it without one"
        )
    if in_progress:
        raise RuleRefusal(
            f"{store.path} holds a game in progress; `sprawl end` it first, use --game for another "
            "file, or add --force to replace it (the old one is kept as a .prev backup)"
        )


@app.command()
def new(
    squad: Annotated[Optional[list[Path]], typer.Option("--squad", "-s", help="A roster file; give one per side (the first moves first).")] = None,
    rounds: Annotated[Optional[int], typer.Option("--rounds", min=1, max=ROUNDS, help="End the game after this many rounds.")] = None,
    physical: Annotated[bool, typer.Option("--physical", help="Players roll real dice: every roll is asked for.")] = False,
    setting: Annotated[Optional[list[str]], typer.Option("--setting", metavar="KEY=VALUE", help="A setting of the game's system; repeat for more.")] = None,
    scenario: Annotated[Optional[Path], typer.Option("--scenario", help="A scenario file: objectives, points and the end they decide (house).")] = None,
) -> None:
    """Start a game from roster files (`--system NAME` for a system other than SPRAWL), or from the campaign.

    Example: sprawl new --squad ours.yaml --squad theirs.yaml --rounds 6
    """
    from sprawl_cli import systems
    from sprawl_cli.errors import BadInput
    from sprawl_cli.systems.base import NewGame

    ctx = current()
    from_campaign = not squad and bool(ctx.options.campaign or ctx.env.vars.get("SPRAWL_CAMPAIGN"))
    chosen = ctx.options.system or (campaign_system(ctx.campaign_path()) if from_campaign else systems.DEFAULT)
    system = systems.get(chosen)
    from sprawl_cli.cli.choices import new_given

    flags, options = new_given()
    how = NewGame(rounds=rounds, physical=physical, flags=flags, options=options)
    for item in setting or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise BadInput(f"--setting wants KEY=VALUE, not '{item}'")
        how.settings[key.strip()] = value.strip()
    own = {name.replace("_", "-") for name in [*system.new_flags, *system.new_options]}
    for given in [*how.flags, *how.options]:  # given for one system (the default), the campaign is of another
        if given.replace("_", "-") not in own:
            raise BadInput(f"--{given.replace('_', '-')} is not an option of {system.title} games")
    store: GameStore = ctx.store()
    _guard(store, ctx.options.force)  # before any die is rolled or asked for
    told = None
    if scenario is not None:
        from sprawl_cli.scenario.file import read_scenario

        told = read_scenario(scenario)  # checked before any die is rolled
        if rounds is not None and told[0].rounds is not None:
            import click

            raise click.UsageError(f"--rounds and the scenario's own round limit ({told[0].rounds}) disagree; "
                                   "leave out --rounds")
    ctx.physical_game = physical
    ctx.face_hint = system.face_hint
    dice = ctx.dice()
    table = ctx.table()
    outcome: Outcome | None
    if squad:
        from sprawl_cli.systems.base import check_sides

        rosters = read_rosters(squad, system.name)
        check_sides(rosters)
        game, outcome = system.new_game(rosters, how, dice, table)
    elif from_campaign:
        from sprawl_cli.campaign import game_from_book

        game, outcome = game_from_book(system, ctx.campaign_path(), how, dice, table)
    else:
        raise BadInput("give a roster file per side with --squad FILE --squad FILE (or --campaign FILE)")
    if physical:
        game.settings.dice = "physical"
    if told is not None:
        from sprawl_cli.scenario.file import start

        start(*told, game, system)
    data = dict(outcome.data if outcome else {}, **system.status_json(game, None))
    lines = outcome.lines if outcome else []

    def view(console: Console) -> None:
        from sprawl_cli.render import print_lines

        console.print(f"New {system.title} game saved to {store.path}.")
        print_lines(console, lines)
        system.status_view(console, game, None)
        scenario_view(console, game)

    # Issue 37: drawn before the save is written, so a status view that fails leaves no game
    # behind (and "nothing was changed" is true); printed once the game is saved.
    shown = ctx.drawn(data, view)
    with store.locked(ctx.note, create=True):
        _guard(store, ctx.options.force)
        store.start(game)
    ctx.say(shown)


@app.command()
def status(
    name: Annotated[Optional[str], typer.Argument(help="Show only this character.")] = None,
) -> None:
    """Show the game: whose turn and phase, each character's state, and what is due now.

    Example: sprawl status NAME
    """
    ctx = current()
    game = ctx.load_game()
    system = ctx.system_of(game)
    only = game.character(name) if name else None
    data: dict[str, Any] = dict(system.status_json(game, only))
    undone = ctx.reader().last_undone(game)
    data["undone"] = ({"step": undone.get("step"), "number": undone.get("number", undone.get("step")),
                       "command": undone.get("command") or undone.get("kind")} if undone else None)

    def view(console: Console) -> None:
        system.status_view(console, game, only)
        scenario_view(console, game)
        if undone:
            console.print(f"[dim]#{undone.get('number', undone.get('step'))} "
                          f"({undone.get('command') or undone.get('kind')}) was undone; "
                          "`sprawl redo` puts it back.[/]")

    ctx.emit(data, view)


def scenario_view(console: Console, game: Game[Any]) -> None:
    """The scenario's objectives and points under the status, when the game is played to one."""
    if game.scenario is not None:
        from sprawl_cli.render import print_lines
        from sprawl_cli.scenario.words import status_lines

        print_lines(console, status_lines(game))


@app.command(name="next")
def next_phase() -> None:
    """Move on to the next phase, turn or round, with the system's bookkeeping and reminders.

    Refused while something the rules require first is still due; --force overrules.

    Example: sprawl next
    """
    from sprawl_cli.cli.flow import act

    ctx = current()
    act("next", lambda game, dice, table: ctx.system_of(game).advance(game, dice, table),
        lambda outcome, _game: outcome.lines)


@app.command(name="set")
def set_(
    name: Annotated[str, typer.Argument(help="The character.")],
    status: Annotated[str, typer.Argument(help="A status of the game's system (see `sprawl status`).")],
    value: Annotated[str, typer.Argument(help="on or off", metavar="on|off")],
) -> None:
    """Referee: put a status on or off a character (logged, undoable).

    Example: sprawl set NAME STATUS off
    """
    from sprawl_cli.cli.flow import act
    from sprawl_cli.errors import UsageProblem

    ctx = current()
    if value.lower() not in ("on", "off"):
        raise UsageProblem(f"the last word should be on or off, not '{value}'")
    act("set", lambda game, _dice, table: ctx.system_of(game).set_status(
        game, game.character(name), status, value.lower() == "on", table),
        lambda outcome, _game: outcome.lines)


@app.command()
def concede(side: Annotated[str, typer.Argument(help="A squad's name (a unique beginning will do).")]) -> None:
    """SIDE gives up: the game ends, and with two sides the other one wins.

    Example: sprawl concede "SIDE NAME"
    """
    from sprawl_cli.cli.flow import act

    ctx = current()
    act("concede", lambda game, _dice, _table: ctx.system_of(game).concede(game, game.squad(side)), said_at_the_end)


@app.command()
def end(
    winner: Annotated[Optional[str], typer.Option("--winner", help="The winning squad (leave out for no winner).")] = None,
) -> None:
    """The referee declares the result. After a game ended by the round limit with no
    winner, `end --winner SIDE` names one.

    Example: sprawl end --winner "SIDE NAME"
    """
    from sprawl_cli.cli.flow import act
    from sprawl_cli.ending import declare_end

    act("end", lambda game, _dice, _table: declare_end(game, game.squad(winner) if winner else None),
        said_at_the_end, allow_over=True)


def said_at_the_end(out: Ending, game: Game[Any]) -> list[str]:
    """`concede` and `end` as the referee says them, then what the game's system adds
    once the game is over (its `end_lines`, such as the wounds each character carries)."""
    from sprawl_cli.ending import ending_lines

    return ending_lines(out) + (current().system_of(game).end_lines(game) if out.over else [])


@app.command()
def log(
    last: Annotated[Optional[int], typer.Option("--last", "-n", min=1, max=CHANGES, help="Only the last N changes.")] = None,
    undone: Annotated[bool, typer.Option("--undone/--no-undone", help="Show the changes undone since (dimmed, marked undone).")] = True,
) -> None:
    """What happened so far in this game, with every die rolled; changes taken back by `undo`
    stay in it, dimmed and marked (JSON `undone: true`).

    Example: sprawl log --last 5
    """
    ctx = current()
    store = ctx.reader()
    game = store.load()
    # The undo snapshots ("before", "after", companion "files") are bookkeeping, not history.
    entries = [{k: v for k, v in e.items() if k not in ("before", "after", "files")}
               for e in store.history(game.step, last)]
    if not undone:
        entries = [e for e in entries if not e["undone"]]

    def view(console: Console) -> None:
        from sprawl_cli.render import log_view

        system = ctx.system_of(game)
        log_view(console, entries, system.logged_faces, system.round_word)

    ctx.emit({"entries": entries}, view)


@app.command()
def undo(
    count: Annotated[int, typer.Argument(min=1, max=CHANGES, help="How many changes to take back.")] = 1,
) -> None:
    """Take back the last change (or the last COUNT), dice and all. `sprawl redo` puts it back.

    Example: sprawl undo 2
    """
    from sprawl_cli.cli.flow import hand_edit

    ctx = current()
    store = ctx.store()
    with store.locked(ctx.note):
        game = store.load()
        store.discard_orphans(game)
        hand_edit(ctx, store, game)()  # a hand edit is the first thing undo takes back
        game, undone = store.undo(game, count)
    data = {"undone": [{"step": e["step"], "number": e.get("number", e["step"]), "command": e.get("command"),
                        "summary": e.get("summary", []),
                        "hand_edit": e.get("kind") == "edit"} for e in undone],
            "step": game.step}

    def view(console: Console) -> None:
        for e in undone:
            what = ("the hand edit of the save file" if e.get("kind") == "edit"
                    else f"[bold]{e.get('command') or e.get('kind')}[/]")
            console.print(f"Undid #{e.get('number', e['step'])}: {what}")

    ctx.emit(data, view)


@app.command()
def repair() -> None:
    """Rebuild a damaged or missing save file from its journal (the newest state it keeps);
    the damaged file is kept beside it as `<save>.damaged`. A save that reads fine is left alone
    (`--force` rebuilds it anyway, dropping a hand edit).

    Example: sprawl repair
    """
    from sprawl_cli.errors import RuleRefusal, SaveFileError

    ctx = current()
    store = ctx.store()
    with store.locked(ctx.note, create=True):
        if store.exists() and not ctx.options.force:
            try:
                store.load()
            except SaveFileError:
                pass
            else:
                raise RuleRefusal(f"{store.path} reads fine, so there is nothing to repair (a hand edit is "
                                  "taken back with `sprawl undo`; `sprawl repair --force` rebuilds it anyway)")
        game, step, kept = store.repair()
        number = (store.read_entry(step) or {}).get("number", step)
    data = {"step": step, "number": number, "kept": str(kept) if kept else None, "save": str(store.path)}

    def view(console: Console) -> None:
        stood = f"as it stood after change #{number}" if step else "as `new` made it, before any change"
        console.print(f"Rebuilt {store.path} from the journal (the game {stood}).")
        if kept:
            console.print(f"The damaged file is kept as {kept}.")

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
    number = entry.get("number", entry["step"])
    data = {"redone": {"step": entry["step"], "number": number, "command": entry.get("command"),
                       "summary": entry.get("summary", [])},
            "step": game.step}
    ctx.emit(data, lambda console: console.print(f"Redid #{number}: [bold]{entry.get('command')}[/]"))
