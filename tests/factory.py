"""Builders for rule tests: characters, games and dice that say exactly what they roll."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sprawl_cli.dice import RecordingDice, ScriptedDice
from sprawl_cli.systems.sprawl.model import Character, Game, RangeBand, Squad, Weapon
from sprawl_cli.systems.sprawl.turn import start_turn
from sprawl_cli.table import ScriptedTable

ROOT = Path(__file__).resolve().parent.parent
ROSTERS = ROOT / "rosters"
PLF = str(ROSTERS / "sprawl/plf.yaml")  # the two sample squads
SUIT = str(ROSTERS / "sprawl/suit.yaml")

# The one place that knows how to start a game of each system from its sample rosters:
# system -> (first squad, second squad, anything else `new` needs). `new_args` gives the
# command line; the `sprawl` fixture's `new(system=...)` runs it.
SAMPLES: dict[str, tuple[Path, Path, tuple[str, ...]]] = {
    "sprawl": (ROSTERS / "sprawl/plf.yaml", ROSTERS / "sprawl/suit.yaml", ()),
    "gunplay": (ROSTERS / "gunplay/crows.yaml", ROSTERS / "gunplay/wardens.yaml", ()),
    "street-fight": (ROSTERS / "street-fight/dock-rats.yaml", ROSTERS / "street-fight/wardens.yaml", ()),
    "savage-worlds": (ROSTERS / "savage-worlds/cult.yaml", ROSTERS / "savage-worlds/expedition.yaml", ()),
    "scratch-grid": (ROSTERS / "scratch-grid/raiders.yaml", ROSTERS / "scratch-grid/wardens.yaml",
                     ("--map", str(ROSTERS / "scratch-grid/yard.yaml"))),
}


def new_args(system: str, swap: bool = False) -> list[str]:
    """`new`'s arguments for a game of `system` between its two sample squads (the second
    squad first if `swap`)."""
    first, second, extra = SAMPLES[system]
    if swap:
        first, second = second, first
    return ["--system", system, "--squad", str(first), "--squad", str(second), *extra]

PISTOL = Weapon("Pistol", "gun", 1, reliability=2)
SHOTGUN = Weapon("Shotgun", "gun", 2, reliability=1)
KNIFE = Weapon("Knife", "melee", 1)
# Odd weapons a roster may define, for the edges of the shooting rules.
DERRINGER = Weapon("Derringer", "gun", 1, reliability=2, short=RangeBand(6, 0))  # a short band and no long one
THROWING_KNIFE = Weapon("Throwing Knife", "thrown", 1)  # thrown, but no blast
MACHETE = Weapon("Machete", "melee", 2)
GRENADE = Weapon("Grenade", "thrown", 2, blast=2, uses=2)


def character(name: str, squad: str = "Red", **values: Any) -> Character:
    """A character with every attribute 3 unless given (toughness/health set both max and current)."""
    attrs = {a: 3 for a in ("shooting", "brawling", "quickness", "smarts", "guts", "strength")}
    toughness = values.pop("toughness", 3)
    health = values.pop("health", 3)
    weapons = values.pop("weapons", [PISTOL, KNIFE])
    attrs.update({k: v for k, v in values.items() if k in attrs})
    extra = {k: v for k, v in values.items() if k not in attrs}
    return Character(name=name, squad=squad, max_toughness=toughness, max_health=health, toughness=toughness,
                     health=health, weapons=list(weapons), **attrs, **extra)


def game(red: list[Character], blue: list[Character], **settings: Any) -> Game:
    """A game between squads Red and Blue, Red to move, turn bookkeeping started."""
    for c in red:
        c.squad = "Red"
    for c in blue:
        c.squad = "Blue"
    squads = [Squad("Red", red[0].name, [c.name for c in red]), Squad("Blue", blue[0].name, [c.name for c in blue])]
    g = Game(squads=squads, characters=red + blue)
    for key, value in settings.items():
        setattr(g, key, value)
    start_turn(g, dice())
    return g


def dice(*faces: int) -> RecordingDice:
    """Exactly these faces; asking for more fails the test with DiceShortage."""
    return RecordingDice(ScriptedDice(faces))


def table(**kwargs: Any) -> ScriptedTable:
    return ScriptedTable(**kwargs)


def leftover(d: RecordingDice) -> list[int | str]:
    source = d.source
    assert isinstance(source, ScriptedDice)
    return source.leftover


def exact_success_counts(pool: int, tens: bool = True) -> list[int]:
    """How many of the 10**pool outcomes show k successes, for each k (exact integers)."""
    die = (6, 3, 1) if tens else (6, 4, 0)
    counts = [1]
    for _ in range(pool):
        grown = [0] * (len(counts) + 2)
        for k, n in enumerate(counts):
            for extra, ways in enumerate(die):
                grown[k + extra] += n * ways
        counts = grown
    return counts


@dataclass
class Answers(ScriptedTable):
    """A table whose yes/no questions get `replies`, in the order they are asked."""

    replies: list[bool] = field(default_factory=list)

    def confirm(self, question: str) -> bool:
        self.asked.append(question)
        return self.replies.pop(0)

