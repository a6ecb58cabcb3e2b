"""The registry of rule systems: a save's `system:` names the package that plays it.

A system's package `__init__` holds only what routes a command line (its
`COMMANDS`, and `LOOKUPS`, `GROUPS` and `TABLE_OPTIONS` where they differ from the default):
plain data, read by `menu()` without importing the system. Its `system.py`
defines `SYSTEM` (a `systems.base.System`), imported by `get()` when a game of
that system is loaded; its rules load only when one of its commands runs.

Systems are found through the entry-point group `sprawl.systems` (name = the system's
package), where the five built-in ones are declared too (pyproject.toml). The built-in ones
are also in `REGISTRY`, read first: importing importlib.metadata and reading every installed
package's entry points costs nearly half a whole `roll` (docs/ARCHITECTURE.md, "A system from
outside"), so a line that names a built-in system (or none) never does it. A name that is not in `REGISTRY` is looked up among the entry points,
once per process.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from sprawl_cli.errors import BadInput

if TYPE_CHECKING:
    from sprawl_cli.systems.base import System

DEFAULT = "sprawl"
ENTRY_POINTS = "sprawl.systems"
# system name (as in a save, a roster and --system) -> package under sprawl_cli.systems (or the
# full dotted path of a system's package from elsewhere). The built-in systems, as declared under
# [project.entry-points."sprawl.systems"] (tests/test_entry_points.py keeps the two the same).
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


_OUTSIDE: dict[str, tuple[str, str]] | None = None  # entry points: name -> (package, distribution)


def outside() -> dict[str, tuple[str, str]]:
    """The systems installed from other packages: each entry point of `sprawl.systems` whose
    name is not a built-in system's, name -> (the full dotted path of its package, the
    distribution that declares it). Read once per process; unreadable metadata is no system."""
    global _OUTSIDE
    if _OUTSIDE is None:
        import re
        from importlib.metadata import entry_points

        system_name = re.compile(r"[a-z0-9][a-z0-9-]*")  # compiled here: `roll` pays for no pattern

        found: dict[str, tuple[str, str]] = {}
        try:
            points = list(entry_points(group=ENTRY_POINTS))
        except Exception:  # a damaged dist-info of some other package must not stop a game
            points = []
        for point in points:
            name = key(point.name)
            if name in REGISTRY or name in found or not system_name.fullmatch(name):
                # A built-in name is the built-in system's, the first of two alike wins, and a
                # name a save's `system:` could not hold (letters, digits and `-`) is no system.
                continue
            dist = getattr(point.dist, "name", None) or "an installed package"
            module, _, attr = (part.strip() for part in point.value.partition(":"))
            found[name] = (module, dist)
            if attr:  # `module:attr`: the System object is `attr` of `module` (its package is below)
                _TARGETS[name] = (module, attr)
        _OUTSIDE = found
    return _OUTSIDE


_TARGETS: dict[str, tuple[str, str]] = {}  # name -> (module, attribute) of an entry point `module:attr`


def _package_of(module: str) -> str:
    """The package a `module:attr` entry point's system lives in: the module itself when it is a
    package, else the package holding it (`sprawl_duel.system:SYSTEM` -> `sprawl_duel`)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(module)
    except Exception:  # noqa: BLE001 (its parent package fails at import: `_import` says so in one line)
        spec = None
    if spec is None or spec.submodule_search_locations is not None or "." not in module:
        return module
    return module.rpartition(".")[0]


def _package(name: str) -> str | None:
    """The full dotted path of the package of system `name`, or None when none is installed.
    A built-in name never reads the entry points."""
    package = REGISTRY.get(key(name))
    if package is not None:
        return module_path(package)
    found = outside().get(key(name))
    if found is None:
        return None
    return _package_of(found[0]) if key(name) in _TARGETS else found[0]


def known(name: str) -> bool:
    """Whether `name` is a system this sprawl has, built in or installed from elsewhere."""
    return _package(name) is not None


def names() -> list[str]:
    """Every system this sprawl knows: the built-in ones in the registry's order, then those
    installed from other packages."""
    return [*REGISTRY, *(n for n in outside() if n not in REGISTRY)]


def installed() -> list[str]:
    """The systems whose package is present (and, for one from elsewhere, loads)."""
    found = []
    for name in names():
        try:
            menu(name)
        except BadInput:
            continue
        found.append(name)
    return found


def named_in(data: object) -> object:
    """What a roster's, save's or campaign's data gives as its `system:` (the default system
    when it names none, or is not a mapping); not yet checked: `key` and `get` do that."""
    return data.get("system", DEFAULT) if isinstance(data, dict) else DEFAULT


def key(name: str) -> str:
    """A system's name as rosters, saves and `--system` may spell it (`Gunplay`,
    `street_fight`), in the registry's spelling (`gunplay`, `street-fight`)."""
    return name.strip().lower().replace("_", "-")


def _import(name: str, module: str) -> Any:
    """The module `module` of the package of system `name` ("" for the package itself).

    Raises:
        BadInput: no such system, or its package is not installed.
    """
    package = _package(name)
    if package is None:
        raise BadInput(f"no game system '{name}'; the systems are: {', '.join(names())} "
                       f"(a system from another package is found once that package is installed)")
    if key(name) in REGISTRY and "." not in REGISTRY[key(name)]:
        try:
            return importlib.import_module(f"{package}{module}")
        except ImportError:
            raise BadInput(f"the game system '{key(name)}' is not part of this sprawl yet; "
                           f"use one of: {', '.join(n for n in REGISTRY if n in _present())}") from None
    # A system from elsewhere is code sprawl does not ship: whatever stops it loading is one line.
    try:
        return importlib.import_module(f"{package}{module}")
    except Exception as problem:  # noqa: BLE001 (ImportError, SyntaxError, an error at its import)
        raise BadInput(f"{_origin(name)} cannot be loaded: {_why(problem)}; reinstall or "
                       f"uninstall that package") from None


def _origin(name: str) -> str:
    """`the game system 'X' (from package P)`, for the messages about a system from elsewhere."""
    found = outside().get(key(name)) if key(name) not in REGISTRY else None
    return f"the game system '{key(name)}'" + (f" (from the package {found[1]})" if found else "")


def _why(problem: BaseException) -> str:
    text = " ".join(str(problem).split())
    return f"{type(problem).__name__}: {text}" if text else type(problem).__name__


def menu(name: str) -> Menu:
    """The commands of the system called `name`, read without importing the system itself.

    Raises:
        BadInput: no such system.
    """
    if key(name) not in _MENUS:
        package = _import(name, "")
        fault = menu_fault(package)
        if fault:
            raise BadInput(f"{_origin(name)} cannot be loaded: its package {package.__name__} {fault}")
        _MENUS[key(name)] = Menu(key(name), package.__name__, package.COMMANDS,
                                  getattr(package, "LOOKUPS", DEFAULT_LOOKUPS), getattr(package, "GROUPS", frozenset()),
                                  getattr(package, "TABLE_OPTIONS", None))
    return _MENUS[key(name)]


def menu_fault(package: Any) -> str:
    """What is wrong with a system package's routing data (its `__init__`), or "": the interface
    version it was written for, and its commands, declared once, in `COMMANDS`."""
    from sprawl_cli.api import API_VERSION

    commands = getattr(package, "COMMANDS", None)
    if not isinstance(commands, dict):
        return "has no COMMANDS"
    version = getattr(package, "API_VERSION", None)
    if version is None:
        return (f"declares no API_VERSION (the version of sprawl's system interface it was written for; "
                f"this sprawl's is {API_VERSION})")
    if version != API_VERSION:
        return (f"was written for version {version!r} of sprawl's system interface, and this sprawl's is "
                f"{API_VERSION}: install a version of it written for {API_VERSION}")
    if not commands:
        return "has no commands in COMMANDS"
    for command, entry in commands.items():
        if not (isinstance(command, str) and command and isinstance(entry, tuple) and len(entry) == 2
                and all(isinstance(part, str) for part in entry)):
            return f"has a command {command!r} in COMMANDS that is not (module, one-line help)"
    return ""


def get(name: str) -> System:
    """The system called `name` (case-insensitive; `street_fight` works too).

    Raises:
        BadInput: no such system.
    """
    if key(name) not in _LOADED:
        chosen = menu(name)
        target = _TARGETS.get(key(name)) if key(name) not in REGISTRY else None
        module, attr = target or (f"{chosen.package}.system", "SYSTEM")
        system: Any = _import(name, module[len(chosen.package):])  # the package, or a module under it
        for part in attr.split("."):
            system = getattr(system, part, None)
        Interface = _interface()
        if isinstance(system, type) and issubclass(system, Interface):
            system = system()  # `module:TheSystem`, the class: one instance of it
        if not isinstance(system, Interface):
            what = "has no" if system is None else "has something other than a System as its"
            raise BadInput(f"{_origin(name)} cannot be loaded: its module {module} {what} {attr}")
        fault = system_fault(system, chosen)
        if fault:
            raise BadInput(f"{_origin(name)} cannot be loaded: {type(system).__name__} {fault}")
        system.commands, system.lookups, system.groups = chosen.commands, chosen.lookups, chosen.groups
        _LOADED[key(name)] = system
    return _LOADED[key(name)]


def _interface() -> type[System]:
    """`systems.base.System`, which any system's module has imported by the time it is loaded
    (read from sys.modules: this registry imports no module that imports it back)."""
    import sys

    found: type[System] = getattr(sys.modules.get("sprawl_cli.systems.base"), "System", type(None))  # type: ignore[arg-type]
    return found


def system_fault(system: System, chosen: Menu) -> str:
    """What is wrong with a system object as loaded, or "": a hook it must have and has not, its
    commands declared a second time and differently, a command without a door (outside ones:
    the built-in tables are walked by tests/test_gate_walk.py)."""
    from sprawl_cli.api import REQUIRED_HOOKS

    Interface = _interface()
    missing = [hook for hook in REQUIRED_HOOKS if getattr(type(system), hook) is getattr(Interface, hook)]
    if missing:
        return f"lacks the hook{'s' if len(missing) > 1 else ''} {', '.join(missing)} (see sprawl_cli.api.System)"
    for attribute, declared in (("commands", chosen.commands), ("lookups", chosen.lookups), ("groups", chosen.groups)):
        own = type(system).__dict__.get(attribute)
        if own is not None and own != declared:
            return (f"declares {attribute} that differ from its package's {attribute.upper()}; "
                    f"declare them once, in the package's __init__")
    if chosen.name not in REGISTRY:
        from sprawl_cli.gate import check_table

        problems = check_table(system.doors, system.checks, chosen.commands, chosen.lookups, "its table")
        if problems:
            return f"has a broken gate ({problems[0]})"
    return ""


def _present() -> set[str]:
    import importlib.util

    return {n for n, p in REGISTRY.items() if importlib.util.find_spec(module_path(p)) is not None}


def module_path(package: str) -> str:
    """The importable path of a registered package: a built-in one by its name under
    `sprawl_cli.systems`, a system from elsewhere by its full dotted path."""
    return package if "." in package else f"sprawl_cli.systems.{package}"
