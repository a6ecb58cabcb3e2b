"""Tab completion, for the shells' scripts (completions/) and `sprawl play` alike.

click asks these hooks (attached to every command's parameters in `cli/main.py`):
character and squad names from the save file, `set`'s statuses (the game's
system's) and on|off, and option values (fixed ones, or what the game's system
offers through `System.option_values`). The save file is read again only when
it has changed (`SaveWatch`), so a status line asked on every key press stays cheap.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sprawl_cli.context import DEFAULT_GAME, Context

if TYPE_CHECKING:
    import click
    from click.shell_completion import CompletionItem

    from sprawl_cli.model import Game

SIDE_PARAMS = {"side", "winner"}  # these take a squad's name (a unique prefix will do)
# The kernel's options taking a plain string whose values are nonetheless fixed (click.Choice
# options complete themselves; a system's come from `System.option_values`).
OPTION_VALUES = {
    "--format": ("md", "html"),
}


# --- the save file, re-read only when it changes ----------------------------


class SaveWatch:
    """The game in a save file, loaded again only when the file's stat changes.

    Used for the status line (asked for on every key press) and for names to complete.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int, int] | None = None
        self._game: Game[Any] | None = None
        self.problem: str | None = None

    def game(self) -> Game[Any] | None:
        """The current game, or None (then `problem` says why: no file, or a broken one)."""
        try:
            st = os.stat(self.path)
        except OSError:
            self._stamp, self._game = None, None
            self.problem = f"no game at {self.path} yet: type `new --squad FILE --squad FILE`"
            return None
        stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        if stamp != self._stamp:
            from sprawl_cli.errors import SprawlError
            from sprawl_cli.save.reader import SaveReader

            self._stamp = stamp
            try:
                self._game, self.problem = SaveReader(self.path).load(), None
            except SprawlError as problem:
                self._game, self.problem = None, problem.message
        return self._game


_WATCHES: dict[Path, SaveWatch] = {}


def watch(path: Path) -> SaveWatch:
    """One SaveWatch per save path for the whole process."""
    key = Path(os.path.abspath(path))
    if key not in _WATCHES:
        _WATCHES[key] = SaveWatch(key)
    return _WATCHES[key]


def names_in(path: Path) -> list[str]:
    """The character names in the save at `path`, in roster order (none if it cannot be read)."""
    game = watch(path).game()
    return [c.name for c in game.characters] if game is not None else []


def list_params_in(path: Path) -> frozenset[str]:
    """The parameters that take lists of names in the game at `path` (its system's `list_params`)."""
    game = watch(path).game()
    if game is None:
        return frozenset()
    from sprawl_cli import systems
    from sprawl_cli.errors import SprawlError

    try:
        return systems.get(game.system).list_params
    except SprawlError:
        return frozenset()


def squads_in(path: Path) -> list[str]:
    game = watch(path).game()
    return [s.name for s in game.squads] if game is not None else []


def shell_safe_prefix(name: str, others: list[str]) -> str:
    """The longest start of `name` a shell takes without quotes, if it names one squad only;
    else the whole name. `People's Liberation Front` -> `People`, which `Game.squad` accepts."""
    safe = re.match(r"[A-Za-z0-9_.,:@%+=/-]*", name)
    head = safe.group(0) if safe else ""
    unique = head and sum(1 for o in others if o.lower().startswith(head.lower())) == 1
    return head if unique else name


def complete_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Click's completion hook for parameters that take character names.

    The save file is the one this command line would use: its `--game`, else
    the session's or SPRAWL_GAME, else the default. A list option of the game's system
    (`System.list_params`) completes the name after the last comma and offers `none`.
    """
    from click.shell_completion import CompletionItem

    path = _game_path(ctx)
    if param.name in SIDE_PARAMS:
        squads = squads_in(path)
        return [CompletionItem(shell_safe_prefix(n, squads), help=n) for n in squads
                if n.lower().startswith(incomplete.lower())]
    names = names_in(path)
    if param.name in list_params_in(path):
        head, _, last = incomplete.rpartition(",")
        prefix = f"{head}," if head else ""
        taken = {n.strip().lower() for n in head.split(",")} if head else set()
        found = [CompletionItem(prefix + n) for n in names
                 if n.lower().startswith(last.lower()) and n.lower() not in taken]
        if not head and "none".startswith(incomplete.lower()):
            found.append(CompletionItem("none", help="nobody"))
        return found
    return [CompletionItem(n) for n in names if n.lower().startswith(incomplete.lower())]


def _game_path(ctx: click.Context) -> Path:
    """The save file a command line being completed uses: its --game, the session's, SPRAWL_GAME, the default."""
    sprawl = ctx.find_object(Context)
    given = ctx.meta.get("sprawl.game")
    if given:
        return Path(given)
    if sprawl is not None:
        return sprawl.game_path
    return Path(os.environ.get("SPRAWL_GAME") or DEFAULT_GAME)


def _typed_arguments(ctx: click.Context) -> list[str]:
    """The command's arguments typed so far, in order (options left out)."""
    import click

    found: list[str] = []
    for param in ctx.command.params:
        value = ctx.params.get(param.name or "") if isinstance(param, click.Argument) else None
        if isinstance(value, (list, tuple)):
            found.extend(str(v) for v in value)
        elif value is not None:
            found.append(str(value))
    # When the option being completed still lacks its value, click stops parsing there and
    # leaves the arguments unassigned, in ctx.args.
    return found or [a for a in ctx.args if not a.startswith("-")]


def complete_set_word(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """`set NAME <Tab>`: the statuses of the game's system; then `on` or `off`."""
    from click.shell_completion import CompletionItem

    if param.name == "value":
        return [CompletionItem(v) for v in ("on", "off") if v.startswith(incomplete.lower())]
    game = watch(_game_path(ctx)).game()
    if game is None:
        return []
    from sprawl_cli import systems
    from sprawl_cli.errors import SprawlError

    try:
        statuses = systems.get(game.system).statuses
    except SprawlError:
        return []
    return [CompletionItem(s) for s in statuses if s.startswith(incomplete.lower())]


def complete_option_value(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """An option's values when click knows none: the fixed ones of OPTION_VALUES, else what the
    game's system offers (`System.option_values`: a character's weapons for `--weapon`), else
    click's own (a file for a PATH)."""
    from click.shell_completion import CompletionItem

    long_name = max(getattr(param, "opts", [""]), key=len)
    wanted = incomplete.lower()
    if long_name in OPTION_VALUES:
        return [CompletionItem(v) for v in OPTION_VALUES[long_name] if v.startswith(wanted)]
    game = watch(_game_path(ctx)).game()
    offered: list[str] | None = None
    if game is not None:
        from sprawl_cli import systems
        from sprawl_cli.errors import SprawlError

        try:
            offered = systems.get(game.system).option_values(game, ctx.command.name or "", long_name,
                                                               _typed_arguments(ctx))
        except SprawlError:
            offered = []
    if offered is None:
        return param.type.shell_complete(ctx, param, incomplete)
    return [CompletionItem(v) for v in offered if v.lower().startswith(wanted)]


# Parameters whose values are character names (or lists of them) or squads: Tab offers
# the names in the save file, in shells (completions/) and in `sprawl play`.
KERNEL_NAME_PARAMS = {"name", "side", "winner"}


def name_params() -> set[str]:
    """Every parameter name, of the kernel and of any system, whose values are character or squad names."""
    from sprawl_cli import systems

    found = set(KERNEL_NAME_PARAMS)
    for which in systems.installed():
        found.update(systems.get(which).name_params)
    return found


# The `objective` commands' arguments that name a scenario's objectives or places (kinds offered).
OBJECTIVE_PARAMS = {"item": ("take",), "thing": ("destroy",), "place": ("hold", "reach")}


def complete_objective(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Tab on an `objective` command's item, thing or place: the scenario's names of that kind."""
    from click.shell_completion import CompletionItem

    game = watch(_game_path(ctx)).game()
    played = game.scenario if game is not None else None
    if played is None or param.name is None:
        return []
    kinds = OBJECTIVE_PARAMS[param.name]
    names = [o.place if param.name == "place" else o.name for o in played.objectives if o.kind in kinds]
    return [CompletionItem(n) for n in dict.fromkeys(names) if n.lower().startswith(incomplete.lower())]


def complete_param(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    """Tab on any parameter of any command: character names, a status of `set`, an option's
    values, else click's own. Knowing the name parameters of every system means importing
    every system, which only Tab pays for."""
    import click

    if param.name in name_params():
        return complete_names(ctx, param, incomplete)
    if ctx.command.name == "set" and param.name in ("status", "value"):
        return complete_set_word(ctx, param, incomplete)
    if param.name in OBJECTIVE_PARAMS:
        return complete_objective(ctx, param, incomplete)
    if isinstance(param, click.Option) and not param.is_flag and not isinstance(param.type, click.Choice):
        return complete_option_value(ctx, param, incomplete)
    return param.type.shell_complete(ctx, param, incomplete)


# --- shell completion scripts ----------------------------------------------------


def completion_script(shell: str, cli: click.Command) -> str:
    """Click's completion script of the root group `cli` for `shell` (bash, zsh, fish), as kept
    in completions/."""
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    if cls is None:
        from sprawl_cli.errors import UsageProblem

        raise UsageProblem(f"no completion for '{shell}'; choose bash, zsh or fish")
    text = cls(cli, {}, "sprawl", "_SPRAWL_COMPLETE").source()
    return text if text.endswith("\n") else text + "\n"
