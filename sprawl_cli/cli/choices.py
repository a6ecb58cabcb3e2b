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
    """A `System` attribute naming options (`new_flags`, `campaign_options`); none for an unknown system."""
    from sprawl_cli import systems

    try:
        found: dict[str, Any] = getattr(systems.get(system), name)
    except SprawlError:
        found = {}
    return found


def with_new_flags(command: click.Command, system: str) -> click.Command:
    """`new` with the flags the system of the game it starts adds (`System.new_flags`), so a
    game's `new --help` lists them and another game's `new` refuses them as unknown options.
    Each flag given lands in the click context's meta, `sprawl.flags` (see `new_flags_given`)."""
    if system not in _NEW:
        keep = _kept_in("sprawl.flags")
        _NEW[system] = _added(command, [click.Option([f"--{flag}"], is_flag=True, default=False, expose_value=False,
                                                     callback=keep, help=text)
                                        for flag, text in _of_system(system, "new_flags").items()])
    return _NEW[system]


def new_flags_given() -> dict[str, bool]:
    """The system's `new` flags given on this command line (parameter name -> True)."""
    found: dict[str, bool] = click.get_current_context().meta.get("sprawl.flags", {})
    return found


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
