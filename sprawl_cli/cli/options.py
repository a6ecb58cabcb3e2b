"""The options every command takes (`--game`, `--json`, `--force`...), a system's table-answer
options on its games' commands, and what the kernel puts on every command it serves: one
parser of bounded numbers, one answer per question, Tab on every parameter.
"""

from __future__ import annotations

from typing import Any

import click

from sprawl_cli.context import Context
from sprawl_cli.errors import SprawlError

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
            # before the command's name and after it: one answer per question (as `once`)
            raise click.UsageError(f"{spelt(param)} was given twice; give it once (one answer per question)", ctx)
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


def once(command: click.Command) -> None:
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
                    raise click.UsageError(f"{spelt(param)} was given twice; give it once (one answer per question)",
                                           ctx)
                seen.add(param.name)
            return opts, rest, order

        parser.parse_args = parse_once  # type: ignore[method-assign]
        return parser

    command.make_parser = parser_once  # type: ignore[method-assign]


def spelt(param: click.Parameter) -> str:
    """An option as a refusal names it: its long spelling."""
    spellings = [*param.opts, *getattr(param, "secondary_opts", [])]
    return next((o for o in spellings if o.startswith("--")), spellings[0] if spellings else str(param.name))


def with_common(command: click.Command) -> click.Command:
    if getattr(command, "_sprawl_common", False):
        return command
    command._sprawl_common = True  # type: ignore[attr-defined]
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            with_common(sub)
    known = {p.name for p in command.params}
    command.params.extend(o for o in common_options() if o.name not in known)
    from sprawl_cli.numbers import for_param

    for param in command.params:
        if getattr(param, "_custom_shell_complete", None) is None:
            param._custom_shell_complete = _complete
        number = for_param(param)  # every number finite and in its bound, one parser for all (numbers.py)
        if number is not None:
            param.type = number
    once(command)
    return command


def _complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Tab on any parameter (see `sprawl_cli.complete.complete_param`), loaded only when Tab is pressed."""
    from sprawl_cli.complete import complete_param

    return complete_param(ctx, param, incomplete)
