"""Builders for rule tests: characters, games and dice that say exactly what they roll.

The one test factory of every system: `game_of` builds a game of any system's Game type
from teams of its characters, `new_args` (with the `sprawl` fixture's `new(system=...)`)
starts one from the sample rosters, and `dice`, `table` and `leftover` serve them all.
Each system's tests add only what is their own on top, in tests/<pkg>/ (gunplay/build.py,
street_fight/build.py, savage_worlds/helpers.py, scratch_grid/kit.py); SPRAWL's is below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sprawl_cli.dice import RecordingDice, ScriptedDice
from sprawl_cli.model import Piece
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


# Table answers that settle what a system's `next` may ask at random (a Savage Worlds deal
# that gives a Wild Card with Extras a Joker asks whether they share it, W4).
NEXT_ANSWERS: dict[str, tuple[str, ...]] = {"savage-worlds": ("--joker", "holder")}


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


SIDE_NAMES = ("Red", "Blue", "Green", "Gold", "Grey")
G = TypeVar("G")


def sides(teams: Sequence[Sequence[Piece]], names: Sequence[str] = SIDE_NAMES,
          leaders: bool = True) -> tuple[list[Squad], list[Any]]:
    """Each team a squad, named from `names` in turn (its first member its leader when
    `leaders`, else no leader), every character's `squad` set to it: the squads and everyone."""
    squads: list[Squad] = []
    everyone: list[Any] = []
    for squad_name, team in zip(names, teams, strict=False):
        for c in team:
            c.squad = squad_name
        squads.append(Squad(squad_name, team[0].name if leaders and team else "", [c.name for c in team]))
        everyone += team
    return squads, everyone


def game_of(game_type: type[G], teams: Sequence[Sequence[Piece]], names: Sequence[str] = SIDE_NAMES,
            leaders: bool = True, **fields: Any) -> G:
    """A game of any system (its Game type) between `teams` (see `sides`), with `fields` set."""
    squads, everyone = sides(teams, names, leaders)
    g = game_type(squads=squads, characters=everyone)  # type: ignore[call-arg]
    for key, value in fields.items():
        setattr(g, key, value)
    return g


def game(red: list[Character], blue: list[Character], **settings: Any) -> Game:
    """A SPRAWL game between squads Red and Blue, Red to move, turn bookkeeping started."""
    g = game_of(Game, [red, blue], **settings)
    start_turn(g, dice())
    return g


def dice(*faces: int | str) -> RecordingDice:
    """Exactly these faces (or cards); asking for more fails the test with DiceShortage."""
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

