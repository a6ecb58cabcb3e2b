"""What the reliability suites need to know of each of the five systems: how a game starts,
which changes to make, kill and fault, which statuses writers may toggle on their own
characters, and the words the fuzzer builds lines from.

The games start from tests/factory.py's sample rosters with a fixed seed, so every
command here has one known result; each profile's changes all succeed in turn from
the fresh game (test_systems_profiles.py checks that, so a rule change that makes one
refuse shows up there first, not as a puzzling crash-suite failure).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.factory import ROSTERS

# The order the suites run the systems in; SPRAWL first, as it always was.
NAMES = ("sprawl", "gunplay", "street-fight", "savage-worlds", "scratch-grid")


@dataclass(frozen=True)
class Profile:
    system: str
    # Everyone in the two sample squads, in roster order.
    people: tuple[str, ...]
    # Changes that each write a journal entry and the save, in turn from the fresh game
    # (each with `--seed 11` added): the crash suite kills them.
    changes: tuple[tuple[str, ...], ...]
    # A change of the system's own rules for the fault suite (one per system in the quick tier).
    fault_change: tuple[str, ...]
    # Statuses a writer may put on and off its own character, in any order, with no effect
    # on anyone else: the concurrency and stateful suites toggle them.
    toggles: tuple[str, ...]
    # Arguments `new` needs beyond the squads (tests/factory.py gives those), and its seed.
    new_extra: tuple[str, ...] = ("--seed", "5")
    # Words the fuzzer uses besides the kernel's: statuses, options, values of this system.
    words: tuple[str, ...] = field(default=())
    options: tuple[str, ...] = field(default=())


PROFILES: dict[str, Profile] = {
    "sprawl": Profile(
        "sprawl",
        ("Babs", "Razz", "Wes", "Lang", "Mutt", "Wilson", "Gordo", "Rafter", "Newton", "Wishbone"),
        changes=(("set", "Babs", "pinned", "on"), ("damage", "Gordo", "1", "--nearby", "none"),
                 ("set", "Babs", "pinned", "off"), ("next",), ("set", "Razz", "ran", "on"), ("undo",),
                 ("damage", "Wilson", "1", "--nearby", "none"), ("next",), ("undo", "2"),
                 ("set", "Wes", "overwatch", "on")),
        fault_change=("damage", "Gordo", "1"),
        toggles=("ran", "overwatch"),  # not "safe": kept, but never shown among the statuses
    ),
    "gunplay": Profile(
        "gunplay",
        ("Vic", "Marla", "Dutch", "Sheriff Hale", "Ruth", "Kit"),
        changes=(("move", "Vic"), ("fire", "Vic", "Ruth", "--cover", "open", "--range", "close", "--yes"), ("set", "Marla", "prone", "on"),
                 ("undo",), ("set", "Kit", "wounds", "1"), ("undo", "2")),
        fault_change=("fire", "Vic", "Ruth", "--cover", "open", "--range", "close", "--yes"),
        toggles=("prone",),
        words=("down", "prone", "removed", "wounds", "close", "effective", "extreme", "Rifle", "Knife", "Vic",
               "Sheriff Hale", "Ruth"),
        options=("--range", "--quick", "--cover", "--aim", "--rof"),
    ),
    "street-fight": Profile(
        "street-fight",
        ("Vex", "Mags", "Tully", "Skiv", "Orla", "Brant", "Cole", "Dee"),
        changes=(("move", "Orla", "--inches", "4"), ("set", "Mags", "aiming", "on"), ("next",), ("undo",),
                 ("set", "Dee", "casualty", "on"), ("undo", "2")),
        fault_change=("move", "Orla", "--inches", "4"),
        toggles=("aiming", "sheltering"),
        words=("casualty", "aiming", "overwatch", "in_cover", "sheltering", "falling_back", "half", "none",
               "weapon", "Vex", "Orla", "Brant"),
        options=("--inches", "--into-cover", "--cover", "--frontage", "--targets", "-d"),
    ),
    "savage-worlds": Profile(
        "savage-worlds",
        ("Priestess", "Acolyte 1", "Acolyte 2", "Acolyte 3", "Hound", "Ada", "Jonah", "Pike"),
        changes=(("deal",), ("set", "Pike", "prone", "on"), ("wounds", "Jonah", "1"), ("undo",),
                 ("award", "Expedition"), ("undo", "2")),
        fault_change=("deal",),
        toggles=("prone", "defending"),
        words=("shaken", "prone", "defending", "on_hold", "incapacitated", "d8", "d12+1", "medium", "light",
               "Ada", "Priestess", "Acolyte 1", "Expedition"),
        options=("--range", "--cover", "--wild", "--tn", "--benny", "--surprise"),
    ),
    "scratch-grid": Profile(
        "scratch-grid",
        ("Vex", "Mord", "Sable", "Ada", "Brannock", "Cress"),
        changes=(("move", "Vex", "k4", "--interrupts", "none"), ("set", "Mord", "evading", "on"),
                 ("undo",), ("evade", "Sable"), ("set", "Ada", "injured", "on"), ("undo", "2")),
        fault_change=("move", "Vex", "k4", "--interrupts", "none"),
        toggles=("evading", "injured"),
        words=("injured", "evading", "escaped", "immobilised", "hit", "miss", "close", "ranged", "blast",
               "a1", "k4", "z99", "Vex", "Ada"),
        options=("--kind", "--result", "--interrupts", "--reach"),
    ),
}

# Scratch:Grid's hex map, for the hostile saves of a hex game.
HEX_MAP = ROSTERS / "scratch-grid" / "marsh.yaml"
