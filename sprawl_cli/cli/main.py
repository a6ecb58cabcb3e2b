"""The `sprawl` entry point: the lazy command group, the options every command
accepts, and the one boundary that turns errors into exit codes.

Each command group lives in its own module with its own Typer app. The root
group imports a module only when one of its commands runs, so `sprawl roll`
never pays for YAML, Rich or the rules of shooting (see bench/startup.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from sprawl_cli import __version__
from sprawl_cli.context import Context, Env, Options
from sprawl_cli.errors import ExitCode, SprawlError

# name -> (module under sprawl_cli.cli, short help shown by `sprawl --help`)
COMMANDS: dict[str, tuple[str, str]] = {
    "roll": ("dicecmds", "Roll a pool of d10 and count successes (R1-R4)."),
    "odds": ("dicecmds", "Exact odds of a Test, or of a shot (`odds shoot A T`)."),
    "table": ("dicecmds", "Look up a table: incapacitation, misfire, scatter, throw, aftermath."),
    "rules": ("dicecmds", "The built-in quick reference, searchable by word."),
    "new": ("gamecmds", "Start a game from two roster files, or from the campaign."),
    "status": ("gamecmds", "Show the game: squads, Health, statuses, phase."),
    "next": ("gamecmds", "Move on to the next phase, turn or round (R23)."),
    "set": ("gamecmds", "Referee: put a status on or off a character."),
    "damage": ("gamecmds", "Referee: take Health off a character (no Toughness roll)."),
    "log": ("gamecmds", "What happened so far, with the dice."),
    "undo": ("gamecmds", "Take back the last change (or N of them)."),
    "redo": ("gamecmds", "Put back the change just undone."),
    "roster": ("rostercmds", "Make, check and edit roster files."),
    "gear": ("rostercmds", "List the weapons a roster may name."),
    "move": ("movecmds", "Move or run a character (R18)."),
    "charge": ("movecmds", "Charge an enemy into close combat (R12, R18)."),
    "hide": ("movecmds", "Try to hide a character (R19)."),
    "spot": ("movecmds", "Try to spot a hidden enemy (R19)."),
    "overwatch": ("movecmds", "Put a character on overwatch (R20)."),
    "jump": ("movecmds", "Jump across a gap (R21)."),
    "fall": ("movecmds", "A character falls some inches (R22)."),
    "safe": ("movecmds", "A panicked character reached safety (R10)."),
    "edge": ("movecmds", "A panicked character reached the table edge (R10)."),
    "shoot": ("rangedcmds", "Shoot, throw a grenade or fire a rocket (R13-R17)."),
    "los": ("rangedcmds", "Roll for line of sight when in doubt (R13)."),
    "brawl": ("closecmds", "Close combat between two engaged characters (R12)."),
    "break": ("closecmds", "Break away from close combat (R12)."),
    "recover": ("closecmds", "The Recovery Phase: pins, Down, panic, jams (R8, R10, R11, R14)."),
    "rout": ("closecmds", "Make a routing check for a side (R24)."),
    "concede": ("closecmds", "A side gives up the game (R25)."),
    "end": ("closecmds", "End the game, with or without a winner (R25)."),
    "aftermath": ("campaigncmds", "After the game: what became of the fallen (R26)."),
    "campaign": ("campaigncmds", "Campaign books: new, show, history, report."),
    "play": ("playcmds", "An interactive session on the current game."),
    "completion": ("playcmds", "Print the Tab-completion script for bash, zsh or fish."),
}

GROUPS = {"roster", "campaign"}  # these names are whole sub-groups, not single commands


def common_options() -> list[click.Option]:
    """The options SPEC section 2 says every command accepts after its name."""

    def keep(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        sprawl = ctx.find_object(Context)
        if sprawl is not None and value not in (None, False) and param.name:
            setattr(sprawl.options, param.name, value)
        if value not in (None, False) and param.name:
            ctx.meta[f"sprawl.{param.name}"] = value  # shell completion has no Context: it reads --game here
        return value

    def flag(name: str, help_text: str) -> click.Option:
        return click.Option([f"--{name}"], is_flag=True, default=False, expose_value=False, callback=keep, help=help_text)

    return [
        click.Option(["--game"], metavar="PATH", expose_value=False, callback=keep,
                     help="The save file (env SPRAWL_GAME; default ./sprawl-game.yaml)."),
        click.Option(["--seed"], type=int, metavar="N", expose_value=False, callback=keep,
                     help="Seed the dice for reproducible rolls (env SPRAWL_SEED)."),
        click.Option(["--dice"], metavar="FACES", expose_value=False, callback=keep,
                     help="Use these faces (e.g. 4,5,7,0) instead of rolling, or `ask` to type physical dice."),
        flag("json", "Print one JSON object on stdout and nothing else."),
        click.Option(["--campaign"], metavar="PATH", expose_value=False, callback=keep,
                     help="The campaign file (env SPRAWL_CAMPAIGN; default ./sprawl-campaign.yaml)."),
        click.Option(["--nearby"], metavar="NAMES|none", expose_value=False, callback=keep,
                     help="Friends within 3\" of anyone put Out of Action (R9)."),
        flag("yes", "Confirm every table fact this action needs (no enemy too close, in range...)."),
        flag("force", "Referee overrule: do it although the rules forbid it (logged)."),
        flag("debug", "Show a Python traceback on internal errors."),
    ]


def _with_common(command: click.Command) -> click.Command:
    if getattr(command, "_sprawl_common", False):
        return command
    command._sprawl_common = True  # type: ignore[attr-defined]
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _with_common(sub)
    known = {p.name for p in command.params}
    command.params.extend(o for o in common_options() if o.name not in known)
    for param in command.params:
        if param.name in NAME_PARAMS and getattr(param, "_custom_shell_complete", None) is None:
            param._custom_shell_complete = _complete_names
    return command


# Parameters whose values are character names (or lists of them) or squads: Tab offers
# the names in the save file, in shells (completions/) and in `sprawl play`.
NAME_PARAMS = {"name", "attacker", "target", "defender", "spotter", "hider", "looker", "nearby", "blast",
               "near_ledge", "side", "winner"}


def _complete_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    from sprawl_cli.play import complete_names

    return complete_names(ctx, param, incomplete)


_LOADED: dict[str, click.Group] = {}


def load_module_group(module: str) -> click.Group:
    """The click group of one command module (imported on first use)."""
    if module not in _LOADED:
        import importlib

        import typer.main

        mod = importlib.import_module(f"sprawl_cli.cli.{module}")
        _LOADED[module] = typer.main.get_group(mod.app)
    return _LOADED[module]


class SprawlGroup(click.Group):
    """The root group: lazy subcommands and the single error boundary."""

    def list_commands(self, ctx: click.Context | None) -> list[str]:  # `sprawl play` asks with no context
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        group = load_module_group(entry[0])
        command = group if cmd_name in GROUPS else group.get_command(ctx, cmd_name)
        if command is None:
            return None
        if cmd_name in GROUPS:
            command.name = cmd_name
        return _with_common(command)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in COMMANDS:
            import difflib

            close = difflib.get_close_matches(name, list(COMMANDS), n=1, cutoff=0.6)
            hint = f"; did you mean '{close[0]}'?" if close else "; `sprawl --help` lists the commands"
            raise click.UsageError(f"no command '{name}'{hint}", ctx)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, text) for name, (_, text) in COMMANDS.items()])

    def main(self, args: Any = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> NoReturn:
        argv = list(sys.argv[1:] if args is None else args)
        env = extra.pop("obj", None)
        sys.exit(self.execute(argv, env if isinstance(env, Env) else None, prog_name=prog_name,
                              complete_var=complete_var, **extra))

    def execute(self, argv: list[str], env: Env | None = None, preset: Options | None = None,
                prog_name: str | None = None, complete_var: str | None = None, **extra: Any) -> int:
        """Run one command line (the words after `sprawl`) through the boundary; return its exit code.

        `preset` holds options already chosen (a `sprawl play` session's --json),
        as if given on the line. Never raises for a user error and never exits.
        """
        sprawl = Context(preset or Options(), env or Env(), argv)
        return boundary(
            lambda: super(SprawlGroup, self).main(
                args=argv, prog_name=prog_name or "sprawl", complete_var=complete_var,
                standalone_mode=False, obj=sprawl, **extra,
            ),
            sprawl,
            argv,
        )


def boundary(call: Callable[[], Any], sprawl: Context, argv: list[str]) -> int:
    """Run a command; map every error to one line and an exit code (the only such place)."""
    wants_json = "--json" in argv or sprawl.options.json
    debug = "--debug" in argv or bool(sprawl.env.vars.get("SPRAWL_DEBUG"))

    def report(message: str, code: int) -> int:
        message = " ".join(message.split())
        if wants_json:
            import json

            sprawl.env.out.write(json.dumps({"error": message}) + "\n")
            sprawl.env.out.flush()
        sprawl.env.err.write(f"error: {message}\n")
        sprawl.env.err.flush()
        return code

    try:
        result = call()
        code = result if isinstance(result, int) else 0
        if code == 0:
            sprawl.finish()
        return code
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.exceptions.NoArgsIsHelpError as problem:  # `sprawl` or a group alone: the help, then one line
        if problem.ctx is not None:
            sprawl.env.out.write(problem.ctx.get_help() + "\n")
        path = problem.ctx.command_path if problem.ctx is not None else "sprawl"
        return report(f"give a command (listed above); `{path} COMMAND --help` tells more", ExitCode.USAGE)
    except click.NoSuchOption as problem:
        if problem.option_name.lstrip("-").replace(".", "", 1).isdigit():
            return report(f"{problem.option_name} is a negative number, and this command takes none here; "
                          "give 0 or more", ExitCode.USAGE)
        hint = f" (see `{problem.ctx.command_path} --help`)" if problem.ctx is not None else ""
        return report(problem.format_message() + hint, ExitCode.USAGE)
    except click.UsageError as problem:
        hint = f" (see `{problem.ctx.command_path} --help`)" if problem.ctx is not None and "--help" not in problem.format_message() else ""
        return report(problem.format_message() + hint, ExitCode.USAGE)
    except SprawlError as problem:
        if debug:
            import traceback

            traceback.print_exc(file=sprawl.env.err)
        return report(problem.message, problem.exit_code)
    except (click.Abort, KeyboardInterrupt, EOFError):
        return report("interrupted; nothing was changed", ExitCode.REFUSED)
    except BrokenPipeError:
        return ExitCode.REFUSED
    except click.ClickException as problem:
        return report(problem.format_message(), problem.exit_code or ExitCode.REFUSED)
    except Exception as problem:  # the last line of defence: never a traceback for users
        if debug:
            raise
        return report(
            f"internal error ({type(problem).__name__}: {problem}); nothing was changed. "
            "Run again with --debug for the traceback and report it",
            ExitCode.REFUSED,
        )


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"sprawl {__version__}")
        ctx.exit(0)


def build() -> SprawlGroup:
    group = SprawlGroup(
        name="sprawl",
        help=(
            "A referee at your elbow for SPRAWL skirmish games: rolls or reads the dice, "
            "applies every rule, keeps the game in a YAML save file and the campaign's books."
        ),
        context_settings={"help_option_names": ["-h", "--help"]},
        no_args_is_help=True,
    )
    group.params.append(click.Option(["--version"], is_flag=True, expose_value=False, is_eager=True,
                                     callback=_version, help="Show the version and exit."))
    group.params.extend(common_options())
    return group


cli = build()


def current() -> Context:
    """The running command's Context."""
    ctx = click.get_current_context()
    found = ctx.find_object(Context)
    assert found is not None, "a sprawl command ran outside the sprawl group"
    return found


def run() -> NoReturn:
    """Console-script entry point."""
    cli.main()
