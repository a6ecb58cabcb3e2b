"""The `sprawl` entry point: the lazy root group. The command line it reads is `line.py`, the
options it puts on every command `options.py`, the one boundary that turns errors into exit
codes `boundary.py`.

Each command group lives in its own module with its own Typer app. The root
group imports a module only when one of its commands runs, so `sprawl roll`
never pays for YAML, Rich or the rules of shooting (see bench/startup.py).
"""

from __future__ import annotations

import sys
from typing import Any, NoReturn

import click

from sprawl_cli import __version__
from sprawl_cli.cli.boundary import boundary
from sprawl_cli.cli.line import COMMANDS, GROUPS, NO_SAVE, line_and_save, system_commands, systems_for
from sprawl_cli.cli.options import common_options, once, with_common, with_table_options
from sprawl_cli.context import Context, Env, Options
from sprawl_cli.errors import SprawlError

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
            from sprawl_cli.cli.choices import with_new_options

            command = with_new_options(command, system)
        elif cmd_name == "campaign":
            from sprawl_cli.cli.choices import with_campaign_options

            command = with_campaign_options(command, system)
        if cmd_name in groups:
            command.name = cmd_name
        collect_from_here()
        return with_table_options(with_common(command), system, own=not entry[0].startswith("sprawl_cli.cli."))

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name and name not in NO_SAVE and not ctx.resilient_parsing:
            # A FIFO, a folder or a device where the save belongs: say so before the command is
            # looked up among the default system's (its own system cannot be read from it).
            from sprawl_cli.filekind import plain_file

            plain_file(line_and_save(ctx.find_object(Context))[2], "save file")
        system, table, _ = self._table(ctx)
        if name and not name.startswith("-") and name not in table:
            import difflib

            from sprawl_cli import systems

            lookup_name, game_name = systems_for(ctx.find_object(Context))
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
        _lookup_name, game_name = systems_for(sprawl)
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
    once(group)
    return group


cli = build()


def current() -> Context:
    """The running command's Context."""
    ctx = click.get_current_context()
    found = ctx.find_object(Context)
    assert found is not None, "a sprawl command ran outside the sprawl group"
    return found


def collect_from_here() -> None:
    """The command is loaded: what start-up made lives until exit, so freeze it (no collection
    walks it again) and turn the garbage collector back on, if the entry (`sprawl_cli.__main__`)
    turned it off, for the command's own work."""
    import gc

    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def run() -> NoReturn:
    """Run the command line and exit; the process's last collection then walks nothing."""
    import gc

    try:
        cli.main()
    finally:
        gc.freeze()

