"""The `sprawl` entry point: the lazy command group, the options every command
accepts, and the one boundary that turns errors into exit codes.

Each command group lives in its own module with its own Typer app. The root
group imports a module only when one of its commands runs, so `sprawl roll`
never pays for YAML, Rich or the rules of shooting (see bench/startup.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

import click

from sprawl_cli import __version__
from sprawl_cli.context import Context, Env, Options
from sprawl_cli.errors import ExitCode, SprawlError

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

# The kernel's commands, shared by every system: name -> (module, short help for `sprawl --help`).
# A system's own commands (`System.commands`) come from its package and win over these.
COMMANDS: dict[str, tuple[str, str]] = {
    "rules": ("sprawl_cli.cli.lookupcmds", "The built-in quick reference, searchable by word."),
    "new": ("sprawl_cli.cli.gamecmds", "Start a game from roster files (--system for other games), or from the campaign."),
    "status": ("sprawl_cli.cli.gamecmds", "Show the game: whose turn, each character's state, what is due."),
    "next": ("sprawl_cli.cli.gamecmds", "Move on to the next phase, turn or round."),
    "set": ("sprawl_cli.cli.gamecmds", "Referee: put a status on or off a character."),
    "log": ("sprawl_cli.cli.gamecmds", "What happened so far, with the dice."),
    "undo": ("sprawl_cli.cli.gamecmds", "Take back the last change (or N of them)."),
    "redo": ("sprawl_cli.cli.gamecmds", "Put back the change just undone."),
    "repair": ("sprawl_cli.cli.gamecmds", "Rebuild a damaged save file from its journal."),
    "end": ("sprawl_cli.cli.gamecmds", "End the game, with or without a winner."),
    "concede": ("sprawl_cli.cli.gamecmds", "A side gives up the game."),
    "objective": ("sprawl_cli.cli.objectivecmds", "A scenario's objectives: take, drop, hold, reach, destroy."),
    "aftermath": ("sprawl_cli.cli.campaigncmds", "After the game: what became of the fallen."),
    "campaign": ("sprawl_cli.cli.campaigncmds", "Campaign books: new, show, history, report."),
    "report": ("sprawl_cli.cli.screencmds", "The battle report of the game in the save, finished or not."),
    "serve": ("sprawl_cli.cli.screencmds", "A live page of the game for other screens at the table."),
    "play": ("sprawl_cli.cli.playcmds", "An interactive session on the current game."),
    "completion": ("sprawl_cli.cli.playcmds", "Print the Tab-completion script for bash, zsh or fish."),
}

GROUPS = {"campaign", "objective"}  # these kernel names are whole sub-groups, not single commands
# Commands that work without reading a save (or make one): a save's place holding no file does not stop them.
_NO_SAVE = {"new", "rules", "completion", "campaign", "roll", "odds", "table", "gear", "roster", "serve"}


def _argv_value(argv: list[str], option: str) -> str | None:
    """The value of `--option V` or `--option=V` in a command line, read before click parses it."""
    for i, word in enumerate(argv):
        if word == option and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith(option + "="):
            return word.split("=", 1)[1]
    return None


def _systems_for(sprawl: Context | None) -> tuple[str, str]:
    """(the system a lookup uses, the system of the game in --game) for this command line.

    A lookup (`roll`, `odds`, `table`) follows --system, else SPRAWL_SYSTEM, else the game's
    system; every other command follows the game in the save file (SPRAWL when there is none).
    `new --system` names the system of the game it starts, `campaign new --system` that of the
    campaign it starts.
    """
    from sprawl_cli.context import peek_system

    argv, env, path = _line_and_save(sprawl)
    game_system = peek_system(path) or "sprawl"
    chosen = _argv_value(argv, "--system") or (sprawl.options.system if sprawl is not None else None)
    lookup_system = chosen or env.get("SPRAWL_SYSTEM") or game_system
    if argv and (argv[0] == "new" or argv[:2] == ["campaign", "new"]):
        game_system = chosen or "sprawl"
    return lookup_system, game_system


def _line_and_save(sprawl: Context | None) -> tuple[list[str], Mapping[str, str], Path]:
    """(the words of this command line, its environment, the save file it names)."""
    import os
    from pathlib import Path

    from sprawl_cli.context import DEFAULT_GAME

    argv = sprawl.argv if sprawl is not None else []
    env = sprawl.env.vars if sprawl is not None else os.environ
    if not argv and env.get("_SPRAWL_COMPLETE") and env.get("COMP_WORDS"):
        # A shell asking for completions: the line being typed is in COMP_WORDS, not argv.
        from click.shell_completion import split_arg_string

        argv = split_arg_string(env["COMP_WORDS"])[1:]
    preset = sprawl.options.game if sprawl is not None else None
    return argv, env, Path(_argv_value(argv, "--game") or preset or env.get("SPRAWL_GAME") or DEFAULT_GAME)


def commands_of(system: str) -> dict[str, tuple[str, str]]:
    """Every command a game of `system` offers (the kernel's and its own), name -> (module, help)."""
    from sprawl_cli import systems

    chosen = systems.menu(system)
    return {**COMMANDS, **{cmd: (f"{chosen.package}.{module}", text) for cmd, (module, text) in chosen.commands.items()}}


def lookup_system(sprawl: Context) -> str:
    """The system a lookup (`roll`, `odds`, `table`, `rules`) of this command line uses."""
    return sprawl.options.system or _systems_for(sprawl)[0]


def system_commands(sprawl: Context | None) -> tuple[str, dict[str, tuple[str, str]]]:
    """The system whose commands this command line sees, and those commands (full module paths)."""
    from sprawl_cli import systems

    lookup_name, game_name = _systems_for(sprawl)
    found: dict[str, tuple[str, str]] = {}
    for which in (game_name, lookup_name):
        try:
            system = systems.menu(which)
        except SprawlError:
            continue
        for cmd, (module, text) in system.commands.items():
            if which == lookup_name and which != game_name and cmd not in system.lookups:
                continue
            found[cmd] = (f"{system.package}.{module}", text)
    return game_name, found


_COMMON: list[click.Option] = []


def common_options() -> list[click.Option]:
    """The options SPEC section 2 says every command accepts after its name: built once and
    shared by the root group and every command (a click option keeps no state of a parse)."""
    if not _COMMON:
        _COMMON.extend(_build_common_options())
    return _COMMON


def system_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """`--system <Tab>`: every system, built in or installed from another package."""
    from click.shell_completion import CompletionItem

    from sprawl_cli import systems

    return [CompletionItem(n) for n in systems.names() if n.startswith(incomplete.lower())]


def _build_common_options() -> list[click.Option]:

    def keep(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        sprawl = ctx.find_object(Context)
        given = value not in (None, False) and param.name
        if isinstance(value, str) and "\x00" in value and not ctx.resilient_parsing:
            raise click.BadParameter("holds a NUL character, which no path or name may", ctx, param)
        if given and f"sprawl.{param.name}" in ctx.meta and not ctx.resilient_parsing \
                and ctx.get_parameter_source(param.name) is click.core.ParameterSource.COMMANDLINE:
            # before the command's name and after it: one answer per question (as `_once`)
            raise click.UsageError(f"{_spelt(param)} was given twice; give it once (one answer per question)", ctx)
        if sprawl is not None and given:
            setattr(sprawl.options, param.name, value)
        if given:
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
        click.Option(["--system"], metavar="NAME", expose_value=False, callback=keep, shell_complete=system_names,
                     help="The game system of a lookup or a new game (env SPRAWL_SYSTEM; default: the game's, else sprawl)."),
        flag("yes", "Confirm every table fact this action needs (no enemy too close, in range...)."),
        flag("force", "Referee overrule: do it although the rules forbid it (logged)."),
        flag("debug", "Show a Python traceback on internal errors."),
    ]


_TABLE_OPTIONS: dict[str, list[click.Option]] = {}
_FOR_SYSTEM: dict[tuple[click.Command, str], click.Command] = {}


def table_options(system: str) -> list[click.Option]:
    """The table-answer options of `system`'s games (`Menu.table_options`), built once."""
    if system not in _TABLE_OPTIONS:
        from sprawl_cli import systems

        def keep(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
            sprawl = ctx.find_object(Context)
            if sprawl is not None and value is not None and param.name:
                sprawl.options.answers[param.name] = value
            return value

        try:
            given = systems.menu(system).table_options
        except SprawlError:
            given = {}
        _TABLE_OPTIONS[system] = [
            click.Option([f"--{name.replace('_', '-')}"], metavar=metavar, expose_value=False, callback=keep,
                         help=text)
            for name, (metavar, text) in given.items()]
    return _TABLE_OPTIONS[system]


def with_table_options(command: click.Command, system: str, own: bool = False) -> click.Command:
    """`command` as a game of `system` runs it: with that system's table options, for it and
    every subcommand. A kernel command serves every system, so it gets a copy (made once);
    a system's `own` command is given them in place."""
    extra = table_options(system)
    if not extra:
        return command
    if (command, system) not in _FOR_SYSTEM:
        import copy

        made = command if own else copy.copy(command)
        known = {p.name for p in command.params}
        made.params = [*command.params, *(o for o in extra if o.name not in known)]
        for param in made.params:
            if getattr(param, "_custom_shell_complete", None) is None:
                param._custom_shell_complete = _complete
        if isinstance(made, click.Group):
            made.commands = {name: with_table_options(sub, system, own) for name, sub in made.commands.items()}
        _FOR_SYSTEM[command, system] = made
    return _FOR_SYSTEM[command, system]


def _once(command: click.Command) -> None:
    """One answer per question: an option given twice on one command line (`--cover light
    --cover heavy`) is a usage error, never the last one silently. Options made to repeat
    (`multiple`, `count`: `--squad`, `--mod`) may; the check wraps the command's parser, so it
    holds for every command of every system, and for the root group's options too."""
    def parser_once(ctx: click.Context) -> Any:
        # The command being parsed is ctx.command: a copy of this one (with_table_options) too.
        parser = type(ctx.command).make_parser(ctx.command, ctx)
        parse = parser.parse_args

        def parse_once(args: list[str]) -> Any:
            opts, rest, order = parse(args=args)
            seen: set[str] = set()
            for param in order:
                if not isinstance(param, click.Option) or param.multiple or param.count or not param.name:
                    continue
                if param.name in seen and not ctx.resilient_parsing:
                    raise click.UsageError(f"{_spelt(param)} was given twice; give it once (one answer per question)",
                                           ctx)
                seen.add(param.name)
            return opts, rest, order

        parser.parse_args = parse_once  # type: ignore[method-assign]
        return parser

    command.make_parser = parser_once  # type: ignore[method-assign]


def _spelt(param: click.Parameter) -> str:
    """An option as a refusal names it: its long spelling."""
    spellings = [*param.opts, *getattr(param, "secondary_opts", [])]
    return next((o for o in spellings if o.startswith("--")), spellings[0] if spellings else str(param.name))


def _with_common(command: click.Command) -> click.Command:
    if getattr(command, "_sprawl_common", False):
        return command
    command._sprawl_common = True  # type: ignore[attr-defined]
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            _with_common(sub)
    known = {p.name for p in command.params}
    command.params.extend(o for o in common_options() if o.name not in known)
    from sprawl_cli.numbers import for_param

    for param in command.params:
        if getattr(param, "_custom_shell_complete", None) is None:
            param._custom_shell_complete = _complete
        number = for_param(param)  # every number finite and in its bound, one parser for all (numbers.py)
        if number is not None:
            param.type = number
    _once(command)
    return command


def _complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Tab on any parameter (see `sprawl_cli.complete.complete_param`), loaded only when Tab is pressed."""
    from sprawl_cli.complete import complete_param

    return complete_param(ctx, param, incomplete)


_LOADED: dict[str, click.Group] = {}
_BUILT: dict[tuple[str, str], click.Command | None] = {}


def load_module_group(module: str) -> click.Group:
    """The click group of one command module, by its full dotted path (imported on first use)."""
    if module not in _LOADED:
        import importlib

        import typer.main

        mod = importlib.import_module(module)
        _LOADED[module] = typer.main.get_group(mod.app)
    return _LOADED[module]


def load_command(module: str, name: str) -> click.Command | None:
    """The one command `name` of a command module (None if it has no such command).

    Only that command is built: Typer turns every parameter of a function into a click
    parameter, and a command line should not pay for its neighbours (`roll` for `odds`).
    """
    if module in _LOADED:
        return _LOADED[module].commands.get(name)
    if (module, name) not in _BUILT:
        import importlib

        import typer.main

        app = importlib.import_module(module).app
        found = [info for info in app.registered_commands if info.callback is not None
                 and (info.name or typer.main.get_command_name(info.callback.__name__)) == name]
        if found:
            _BUILT[module, name] = typer.main.get_command_from_info(
                found[0], pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=app.rich_markup_mode)
        else:  # not a plain command of this app: what its whole group says
            _BUILT[module, name] = load_module_group(module).commands.get(name)
    return _BUILT[module, name]


class SprawlGroup(click.Group):
    """The root group: the kernel's commands and the game system's, loaded lazily, and the
    single error boundary."""

    def _table(self, ctx: click.Context | None) -> tuple[str, dict[str, tuple[str, str]], set[str]]:
        """(system name, command -> (module, help), names that are groups) for this command line
        (worked out once per line: click asks for it to resolve the command, then to load it)."""
        if ctx is not None and "sprawl.table" in ctx.meta:
            found: tuple[str, dict[str, tuple[str, str]], set[str]] = ctx.meta["sprawl.table"]
            return found
        sprawl = ctx.find_object(Context) if ctx is not None else None
        name, own = system_commands(sprawl)
        from sprawl_cli import systems

        groups = set(GROUPS)
        try:
            groups.update(systems.menu(name).groups)
        except SprawlError:
            pass
        table = name, {**COMMANDS, **own}, groups
        if ctx is not None:
            ctx.meta["sprawl.table"] = table
        return table

    def list_commands(self, ctx: click.Context | None) -> list[str]:  # `sprawl play` asks with no context
        return list(self._table(ctx)[1])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        _, table, groups = self._table(ctx)
        entry = table.get(cmd_name)
        if entry is None:
            return None
        command = load_module_group(entry[0]) if cmd_name in groups else load_command(entry[0], cmd_name)
        if command is None:
            return None
        system = self._table(ctx)[0]
        if cmd_name == "new":
            from sprawl_cli.cli.choices import with_new_flags

            command = with_new_flags(command, system)
        elif cmd_name == "campaign":
            from sprawl_cli.cli.choices import with_campaign_options

            command = with_campaign_options(command, system)
        if cmd_name in groups:
            command.name = cmd_name
        return with_table_options(_with_common(command), system, own=not entry[0].startswith("sprawl_cli.cli."))

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and name not in _NO_SAVE and not ctx.resilient_parsing:
            # A FIFO, a folder or a device where the save belongs: say so before the command is
            # looked up among the default system's (its own system cannot be read from it).
            from sprawl_cli.filekind import plain_file

            plain_file(_line_and_save(ctx.find_object(Context))[2], "save file")
        system, table, _ = self._table(ctx)
        if name and not name.startswith("-") and name not in table:
            import difflib

            from sprawl_cli import systems

            lookup_name, game_name = _systems_for(ctx.find_object(Context))
            systems.menu(game_name)  # the save's system, not installed or not loading, says so
            if systems.known(lookup_name):  # an unknown --system is a usage error, below
                systems.menu(lookup_name)
            elsewhere = [s for s in systems.installed() if name in systems.menu(s).commands]
            close = difflib.get_close_matches(name, list(table), n=1, cutoff=0.6)
            from sprawl_cli.cli.choices import has_game

            # --system picks the system of a lookup only: suggest it for a lookup alone.
            lookup = [s for s in elsewhere if name in systems.menu(s).lookups]
            as_lookup = f"give --system {lookup[0]} for a lookup, or " if lookup else ""
            if elsewhere and not has_game(ctx.find_object(Context)):
                hint = (f"; it is a command of {', '.join(elsewhere)}, and there is no game here "
                        f"(start one with `sprawl new --system {elsewhere[0]} ...`, {as_lookup}"
                        "give --game for another save)")
            elif elsewhere:
                hint = (f"; it is a command of {', '.join(elsewhere)}, and this game is {system} "
                        f"({as_lookup}give --game for another save)")
            else:
                hint = f"; did you mean '{close[0]}'?" if close else "; `sprawl --help` lists the commands"
            raise click.UsageError(f"no command '{name}'{hint}", ctx)
        sprawl = ctx.find_object(Context)
        if name and not name.startswith("-") and sprawl is not None and (
                sprawl.options.system or sprawl.env.vars.get("SPRAWL_SYSTEM")
                or any(word.startswith("--system") for word in sprawl.argv)):
            from sprawl_cli.cli.choices import check_system_choice

            check_system_choice(ctx, name)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from sprawl_cli import systems

        sprawl = ctx.find_object(Context)
        _lookup_name, game_name = _systems_for(sprawl)
        from sprawl_cli.cli.choices import has_game

        # --help is eager: a --game on the line has not reached the options yet; has_game reads it.
        one_game = sprawl is not None and has_game(sprawl)
        shown = [game_name] if one_game else systems.installed()
        own = set(systems.menu(game_name).commands) if one_game else set()
        with formatter.section("Commands for every game"):
            formatter.write_dl([(name, text) for name, (_, text) in COMMANDS.items() if name not in own])
        for which in shown:
            try:
                system = systems.get(which)
            except SprawlError:
                continue  # a system from another package that does not load: `--system NAME` says why
            # Without a game, a command every game has is listed once, above, even where a
            # system gives it options of its own (its --help in such a game shows them).
            rows = [(name, text) for name, (_, text) in system.commands.items() if one_game or name not in COMMANDS]
            if rows:  # click cannot lay out an empty list
                with formatter.section(f"{system.title} (--system {system.name})"):
                    formatter.write_dl(rows)

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
        if "--help" in argv or "-h" in argv:
            from sprawl_cli.render import fold_help_tables

            fold_help_tables()
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
        message = " ".join(_fit(word) for word in message.split())
        if sprawl.env.mid_line:  # a question was left unanswered on the line: the message starts below it
            sprawl.env.err.write("\n")
            sprawl.env.mid_line = False
        if wants_json:
            import json

            sprawl.env.out.write(json.dumps({"error": message}) + "\n")
            sprawl.env.out.flush()
        sprawl.env.err.write(f"error: {message}\n")
        sprawl.env.err.flush()
        return code

    def internal(problem: Exception) -> int:
        if debug:
            raise problem
        return report(
            f"internal error ({type(problem).__name__}: {problem}); nothing was changed. "
            "Run again with --debug for the traceback and report it",
            ExitCode.REFUSED,
        )

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
            return report(*_negative(problem, usage))
        return report(*usage(problem))
    except click.UsageError as problem:
        return report(*usage(problem))
    except SprawlError as problem:
        if debug:
            import traceback

            traceback.print_exc(file=sprawl.env.err)
        return report(problem.message, problem.exit_code)
    except (click.Abort, KeyboardInterrupt, EOFError) as stop:
        if isinstance(stop, KeyboardInterrupt):
            sprawl.env.mid_line = True  # the terminal echoed ^C where the cursor was
        return report("interrupted; nothing was changed", ExitCode.REFUSED)
    except BrokenPipeError:
        return ExitCode.REFUSED
    except ValueError as problem:
        if "null byte" not in str(problem):  # a NUL in a path reaches the file system only as this
            return internal(problem)
        return report("a path or a name given holds a NUL character, which no file name may; nothing was changed",
                      ExitCode.REFUSED)
    except OSError as problem:  # the file system said no (a name too long, a full disk): where, and why
        from sprawl_cli.numbers import quoted

        where = f"'{quoted(problem.filename)}': " if problem.filename else ""
        return report(f"{where}{problem.strerror or problem}; nothing was changed", ExitCode.REFUSED)
    except click.ClickException as problem:
        return report(problem.format_message(), problem.exit_code or ExitCode.REFUSED)
    except Exception as problem:  # the last line of defence: never a traceback for users
        return internal(problem)


def _fit(word: str) -> str:
    """A word of an error line as it is shown: control and bidirectional characters escaped (an
    error line never steers the terminal), and a word past any path or name cut, saying how long
    it was, so a pasted page is not echoed whole (issue 34)."""
    if not word.isprintable():
        word = "".join(c if c.isprintable() else repr(c)[1:-1] for c in word)
    return word if len(word) <= 200 else f"{word[:60]}...({len(word)} characters)"


def usage(problem: click.UsageError) -> tuple[str, int]:
    """A usage error's line, pointing at the command's --help."""
    text = problem.format_message()
    hint = f" (see `{problem.ctx.command_path} --help`)" if problem.ctx is not None and "--help" not in text else ""
    return text + hint, ExitCode.USAGE


def _negative(problem: click.NoSuchOption, usage: Callable[[click.UsageError], tuple[str, int]]) -> tuple[str, int]:
    """`undo -1`: click reads a negative number as an option. Say what the command's number
    argument says of any other number out of its range (`undo 0`), in the same words."""
    from sprawl_cli.numbers import Number

    number = problem.option_name
    command = problem.ctx.command if problem.ctx is not None else None
    numeric = [p for p in (command.params if command is not None else [])
               if isinstance(p, click.Argument)
               and isinstance(p.type, (Number, click.types.IntParamType, click.types.FloatParamType))]
    for param in numeric[:1]:
        try:
            param.type.convert(number, param, problem.ctx)
        except click.BadParameter as bad:
            return usage(click.BadParameter(bad.message, problem.ctx, param))
        return usage(click.UsageError(f"{number} looks like an option to the shell's reader; put `--` before "
                                      f"it ({problem.ctx.command_path if problem.ctx else 'sprawl'} -- {number})",
                                      problem.ctx))
    return usage(click.UsageError(f"{number} is a negative number, and this command takes no number there",
                                  problem.ctx))


def _version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"sprawl {__version__}")
        ctx.exit(0)


def build() -> SprawlGroup:
    group = SprawlGroup(
        name="sprawl",
        help=(
            "A referee at your elbow for skirmish wargames, one rule system per game (the systems "
            "installed are listed below): rolls or reads the dice, applies every rule, keeps the game in "
            "a YAML save file and the campaign's books."
        ),
        context_settings={"help_option_names": ["-h", "--help"]},
        no_args_is_help=True,
    )
    group.params.append(click.Option(["--version"], is_flag=True, expose_value=False, is_eager=True,
                                     callback=_version, help="Show the version and exit."))
    group.params.extend(common_options())
    _once(group)
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
