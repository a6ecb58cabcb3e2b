"""The registry of rule systems: a save's `system:` names the package that plays it.

A system's package `__init__` holds only what routes a command line (its
`COMMANDS`, and `LOOKUPS`, `GROUPS` and `TABLE_OPTIONS` where they differ from the default):
plain data, read by `menu()` without importing the system. Its `system.py`
defines `SYSTEM` (a `systems.base.System`), imported by `get()` when a game of
that system is loaded; its rules load only when one of its commands runs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import BadInput

if TYPE_CHECKING:
    from sprawl_cli.systems.base import System

DEFAULT = "sprawl"
# system name (as in a save, a roster and --system) -> package under sprawl_cli.systems (or the
# full dotted path of a system's package installed from elsewhere)
REGISTRY: dict[str, str] = {
    "sprawl": "sprawl",
    "gunplay": "gunplay",
    "street-fight": "street_fight",
    "savage-worlds": "savage_worlds",
    "scratch-grid": "scratch_grid",
}

# The commands that work without a game, unless a package says otherwise.
DEFAULT_LOOKUPS = frozenset({"roll", "odds", "table"})

_LOADED: dict[str, System] = {}
_MENUS: dict[str, Menu] = {}


class Menu:
    """What the command line needs of a system to route a line to its commands."""

    __slots__ = ("name", "package", "commands", "lookups", "groups", "table_options")

    def __init__(self, name: str, package: str, commands: dict[str, tuple[str, str]],
                 lookups: frozenset[str], groups: frozenset[str],
                 table_options: dict[str, tuple[str, str]] | None = None) -> None:
        self.name = name
        self.package = package  # the full dotted path of the system's package
        self.commands = commands  # command -> (module under the package, one-line help)
        self.lookups = lookups  # the commands that work without a game (`--system NAME roll`)
        self.groups = groups  # the names in `commands` that are whole click groups
        # Options every command of this system's games accepts, answering a table question that
        # any of them may ask (option name -> (metavar, help)); the answer reaches `Table` under
        # the option's name. Other systems' games refuse them as unknown options.
        self.table_options = table_options or {}


def names() -> list[str]:
    """Every system this sprawl knows, in the registry's order."""
    return list(REGISTRY)


def installed() -> list[str]:
    """The systems whose package is present."""
    found = []
    for name in REGISTRY:
        try:
            menu(name)
        except BadInput:
            continue
        found.append(name)
    return found


def key(name: str) -> str:
    """A system's name as rosters, saves and `--system` may spell it (`Gunplay`,
    `street_fight`), in the registry's spelling (`gunplay`, `street-fight`)."""
    return name.strip().lower().replace("_", "-")


def _import(name: str, module: str) -> Any:
    """The module `module` of the package of system `name` ("" for the package itself).

    Raises:
        BadInput: no such system, or its package is not installed.
    """
    package = REGISTRY.get(key(name))
    if package is None:
        raise BadInput(f"no game system '{name}'; the systems are: {', '.join(REGISTRY)}")
    try:
        return importlib.import_module(f"{module_path(package)}{module}")
    except ImportError:
        raise BadInput(f"the game system '{key(name)}' is not part of this sprawl yet; "
                       f"use one of: {', '.join(n for n in REGISTRY if n in _present())}") from None


def menu(name: str) -> Menu:
    """The commands of the system called `name`, read without importing the system itself.

    Raises:
        BadInput: no such system.
    """
    if key(name) not in _MENUS:
        package = _import(name, "")
        _MENUS[key(name)] = Menu(key(name), package.__name__, package.COMMANDS,
                                  getattr(package, "LOOKUPS", DEFAULT_LOOKUPS), getattr(package, "GROUPS", frozenset()),
                                  getattr(package, "TABLE_OPTIONS", None))
    return _MENUS[key(name)]


def get(name: str) -> System:
    """The system called `name` (case-insensitive; `street_fight` works too).

    Raises:
        BadInput: no such system.
    """
    if key(name) not in _LOADED:
        system: System = _import(name, ".system").SYSTEM
        _LOADED[key(name)] = system
    return _LOADED[key(name)]


def _present() -> set[str]:
    import importlib.util

    return {n for n, p in REGISTRY.items() if importlib.util.find_spec(module_path(p)) is not None}


def module_path(package: str) -> str:
    """The importable path of a registered package: a built-in one by its name under
    `sprawl_cli.systems`, a system from elsewhere by its full dotted path."""
    return package if "." in package else f"sprawl_cli.systems.{package}"
