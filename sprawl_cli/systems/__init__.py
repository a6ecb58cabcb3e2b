"""The registry of rule systems: a save's `system:` names the package that plays it.

Each package's `__init__` defines `SYSTEM` (a `systems.base.System`) and stays
cheap to import; its rules load only when one of its commands runs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from sprawl_cli.errors import BadInput

if TYPE_CHECKING:
    from sprawl_cli.systems.base import System

DEFAULT = "sprawl"
# system name (as in a save, a roster and --system) -> package under sprawl_cli.systems
REGISTRY: dict[str, str] = {
    "sprawl": "sprawl",
    "gunplay": "gunplay",
    "street-fight": "street_fight",
    "savage-worlds": "savage_worlds",
    "scratch-grid": "scratch_grid",
}

_LOADED: dict[str, System] = {}


def names() -> list[str]:
    """Every system this sprawl knows, in the registry's order."""
    return list(REGISTRY)


def installed() -> list[str]:
    """The systems whose package is present."""
    found = []
    for name in REGISTRY:
        try:
            get(name)
        except BadInput:
            continue
        found.append(name)
    return found


def get(name: str) -> System:
    """The system called `name` (case-insensitive; `street_fight` works too).

    Raises:
        BadInput: no such system.
    """
    key = name.strip().lower().replace("_", "-")
    if key not in _LOADED:
        package = REGISTRY.get(key)
        if package is None:
            raise BadInput(f"no game system '{name}'; the systems are: {', '.join(REGISTRY)}")
        try:
            module = importlib.import_module(f"sprawl_cli.systems.{package}")
            system: System = module.SYSTEM
        except (ImportError, AttributeError):
            raise BadInput(f"the game system '{key}' is not part of this sprawl yet; "
                           f"use one of: {', '.join(n for n in REGISTRY if n in _present())}") from None
        _LOADED[key] = system
    return _LOADED[key]


def _present() -> set[str]:
    import importlib.util

    return {n for n, p in REGISTRY.items() if importlib.util.find_spec(f"sprawl_cli.systems.{p}") is not None}
