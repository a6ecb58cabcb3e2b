"""What a command line rarely needs, kept out of every command's start-up: the check of a
system named on the line, whether the line has a game, and the system's flags of `new`."""

from __future__ import annotations

from typing import Any

import click

from sprawl_cli.cli.line import argv_value, line_and_save
from sprawl_cli.context import Context
from sprawl_cli.errors import SprawlError

# Kernel commands that read --system for themselves rather than follow the save's game.
CHOOSE_SYSTEM = frozenset({"new", "rules", "campaign", "completion"})


def check_system_choice(ctx: click.Context, command: str) -> None:
    """A system named on the line or in SPRAWL_SYSTEM must exist, and `--system` on a command
    that works on the game in the save must name that game's system: never ignored.

    Raises:
        click.UsageError: an unknown system, or a --system that disagrees with the save.
    """
    sprawl = ctx.find_object(Context)
    argv, env, path = line_and_save(sprawl)
    given = argv_value(argv, "--system") or (sprawl.options.system if sprawl is not None else None)
    from sprawl_cli import systems
    from sprawl_cli.context import peek_system

    for source, value in (("--system", given), ("SPRAWL_SYSTEM", env.get("SPRAWL_SYSTEM"))):
        if value and not systems.known(value):
            raise click.UsageError(f"{source} {value}: no such game system; the systems are: "
                                   f"{', '.join(systems.names())}", ctx)
    if not given or command in CHOOSE_SYSTEM or command in systems.menu(given).lookups:
        return
    saved = peek_system(path)
    if saved is not None and systems.key(saved) != systems.key(given):
        raise click.UsageError(f"--system {given} disagrees with the game in {path}, which is {saved}; "
                               "leave --system out (it chooses the system of a lookup or a new game)", ctx)


def has_game(sprawl: Context | None) -> bool:
    """Whether this command line has a game: a save of some system, or --system given."""
    from sprawl_cli.context import peek_system

    argv, _env, path = line_and_save(sprawl)
    return peek_system(path) is not None or argv_value(argv, "--system") is not None


_NEW: dict[str, click.Command] = {}
_CAMPAIGN: dict[str, click.Command] = {}


def _kept_in(key: str) -> Any:
    """A click callback keeping a given value in the context's meta under `key` (parameter name -> value)."""
    def keep(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value not in (None, False) and param.name:
            ctx.meta.setdefault(key, {})[param.name] = value
        return value

    return keep


def _added(command: click.Command, options: list[click.Option]) -> click.Command:
    import copy

    made = copy.copy(command)
    made.params = [*command.params, *options]
    return made


def _of_system(system: str, name: str) -> dict[str, Any]:
    """A `System` attribute naming options (`new_flags`, `new_options`, `campaign_options`); none
    for an unknown system."""
    from sprawl_cli import systems

    try:
        found: dict[str, Any] = getattr(systems.get(system), name)
    except SprawlError:
        found = {}
    return found


def with_new_options(command: click.Command, system: str) -> click.Command:
    """`new` with the flags and the options the system of the game it starts adds
    (`System.new_flags`, `System.new_options`), so a game's `new --help` lists them and another
    game's `new` refuses them as unknown options. Each flag given lands in the click context's
    meta under `sprawl.flags`, each option's value (checked as the system declares) under
    `sprawl.new_options` (see `new_given`)."""
    if system not in _NEW:
        flags = [click.Option([f"--{flag}"], is_flag=True, default=False, expose_value=False,
                              callback=_kept_in("sprawl.flags"), help=text)
                 for flag, text in _of_system(system, "new_flags").items()]
        options = [click.Option([f"--{name.replace('_', '-')}"], metavar=option.metavar, type=option.click_type(),
                                expose_value=False, callback=_kept_in("sprawl.new_options"), help=option.help)
                   for name, option in _of_system(system, "new_options").items()]
        _NEW[system] = _added(command, [*flags, *options])
    return _NEW[system]


def new_given() -> tuple[dict[str, bool], dict[str, Any]]:
    """The system's `new` flags (parameter name -> True) and options (parameter name -> value)
    given on this command line."""
    meta = click.get_current_context().meta
    return dict(meta.get("sprawl.flags", {})), dict(meta.get("sprawl.new_options", {}))


def with_campaign_options(group: click.Command, system: str) -> click.Command:
    """`campaign` whose `new` takes the options the system's campaigns take (`System.campaign_options`),
    so that system's `campaign new --help` lists them and another's refuses them as unknown options.
    Each option given lands in the click context's meta, `sprawl.campaign_options` (see `campaign_options_given`)."""
    if system not in _CAMPAIGN:
        options = _of_system(system, "campaign_options")
        if not options or not isinstance(group, click.Group) or "new" not in group.commands:
            _CAMPAIGN[system] = group
            return group
        keep = _kept_in("sprawl.campaign_options")
        new = _added(group.commands["new"], [click.Option([f"--{name.replace('_', '-')}"], metavar=metavar,
                                                          expose_value=False, callback=keep, help=text)
                                             for name, (metavar, text) in options.items()])
        made = _added(group, [])
        assert isinstance(made, click.Group)
        made.commands = {**group.commands, "new": new}
        _CAMPAIGN[system] = made
    return _CAMPAIGN[system]


def campaign_options_given() -> dict[str, str]:
    """The system's `campaign new` options given on this command line (parameter name -> value)."""
    found: dict[str, str] = click.get_current_context().meta.get("sprawl.campaign_options", {})
    return found
