"""Firing (G4): the cover column, the shifts, the RoF dice and the hits they make.

Dice order: the weapon's RoF dice, then one Toughness die per hit, in order.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, Table, refuse
from sprawl_cli.systems.gunplay.ladder import roll_test
from sprawl_cli.systems.gunplay.model import Character, Game, Weapon
from sprawl_cli.systems.gunplay.toughness import Victim, take_hit
from sprawl_cli.systems.gunplay.turn import begin_action, check_game_end, spend_action

COVER = {"open": "easy", "some": "moderate", "lots": "hard"}  # G4: none, 33%+, 67%+
BANDS = ("close", "effective", "extreme")
BAND_SHIFT = {"close": 0, "effective": -1, "extreme": -2}  # G4
MOVING = ("cautious", "quick")
QUICK_SHIFT = -1  # G3/G4: a quick move and a fire as one action
AIM_SHIFT = 1  # G4


@dataclass
class Shot:
    """How a fire was declared (the command line's options)."""

    cover: str | None = None  # --cover; None: asked (`ask_cover`)
    band: str | None = None  # --range; with no --distance either, asked (`ask_band`)
    distance: float | None = None  # --distance, inches
    moving: str | None = None  # --moving cautious|quick: moved and fired as one action
    weapon: str | None = None
    shifts: list[int] = field(default_factory=list)
    mods: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class FireOutcome:
    name: str
    target: str
    weapon: str
    cover: str
    band: str
    distance: float | None
    moving: str | None
    aimed: bool
    aim: Aim | None
    shift: int
    column: str
    target_number: int | None
    rolls: list[int]
    modifier: int
    hits: int
    victims: list[Victim]
    actions_left: int
    activation_over: bool
    over: bool
    winner: str | None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "action": "fire", "target": self.target, "weapon": self.weapon,
                "cover": self.cover, "range": self.band, "distance": self.distance, "moving": self.moving,
                "aimed": self.aimed, "aim": self.aim.to_json() if self.aim else None, "shift": self.shift,
                "column": self.column,
                "target_number": self.target_number, "rolls": list(self.rolls), "modifier": self.modifier,
                "hits": self.hits, "victims": [v.to_json() for v in self.victims],
                "actions_left": self.actions_left, "activation_over": self.activation_over,
                "over": self.over, "winner": self.winner}


def find_weapon(c: Character, name: str | None, ranged: bool) -> Weapon | None:
    """The weapon `name` of `c` (any case), or None when `name` is None.

    Raises:
        BadInput: `c` does not carry it, or it is the wrong kind.
    """
    if name is None:
        return None
    for weapon in c.weapons:
        if weapon.name.lower() == name.strip().lower():
            if weapon.ranged != ranged:
                kind = "a gun" if weapon.ranged else "a melee weapon"
                use = "fire" if weapon.ranged else "strike"
                raise BadInput(f"{c.name}'s {weapon.name} is {kind}; use `{use}` with it")
            return weapon
    carried = ", ".join(w.name for w in c.weapons) or "nothing"
    raise BadInput(f"{c.name} carries no '{name}' (it carries: {carried})")


def pick_gun(c: Character, name: str | None) -> Weapon:
    """`--weapon`, else the character's first gun.

    Raises:
        BadInput: no gun, or not a gun it carries.
    """
    chosen = find_weapon(c, name, ranged=True)
    if chosen is not None:
        return chosen
    guns = c.guns()
    if not guns:
        raise BadInput(f"{c.name} has no gun to fire; strike or charge in melee instead")
    return guns[0]


def range_band(weapon: Weapon, shot: Shot, table: Table) -> str | None:
    """G4: `--range`, or the band `--distance` falls in; beyond extreme is refused. None: neither
    was given (the band is asked once the shot is sure to go ahead, `ask_band`).

    Raises:
        BadInput: both given, an unknown band, a negative distance.
        RuleRefusal: the target is out of range (forced: extreme).
    """
    if shot.band is not None and shot.distance is not None:
        raise BadInput("give --range or --distance, not both")
    if shot.distance is None:
        if shot.band is None:
            return None
        band = shot.band.strip().lower()
        if band not in BANDS:
            inches = band.replace(".", "", 1).isdigit()  # a distance typed where the band goes
            raise BadInput(f"'{shot.band}' is not a range band; use close, effective or extreme"
                           + (f" (or --distance {band} for inches)" if inches else ""))
        return band
    if not math.isfinite(shot.distance) or shot.distance < 0:
        raise BadInput(f"a distance of {shot.distance:g}\" makes no sense; give 0 or more inches")
    for band, limit in zip(BANDS, weapon.ranges, strict=False):
        if shot.distance <= limit:
            return band
    refuse(table, f"{shot.distance:g}\" is beyond the {weapon.name}'s extreme range of {weapon.ranges[-1]}\" (G4)")
    return "extreme"


@dataclass(frozen=True)
class Aim:
    """Whether the firer's aim counts for this fire, and why."""

    at: str
    counted: bool
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "counted": self.counted, "why": self.why}


def aim_counted(c: Character, target: Character, moving: str | None) -> Aim | None:
    """G4: +1 when the previous action was aim at this target; G3: not with a cautious
    move-and-fire; G9 (house): nor with a quick one. None: it was not aiming."""
    at = c.aiming_at
    if at is None:
        return None
    if at != target.name:
        return Aim(at, False, f"the aim was at {at}, not {target.name} (G4)")
    if moving == "cautious":
        return Aim(at, False, "a cautious move-and-fire cannot be combined with the aim (G3)")
    if moving == "quick":
        return Aim(at, False, "a quick move-and-fire spoils the aim as a cautious one does (G9, house)")
    return Aim(at, True, f"the previous action was aim at {at} (G4)")


def ask_band(c: Character, target: Character, weapon: Weapon, table: Table) -> str:
    """G4: the range band, when neither `--range` nor `--distance` gave it: only the table knows.

    Raises:
        NeedsAnswer: no terminal to ask.
    """
    shown = ", ".join(f"{band} up to {limit}\"" for band, limit in zip(BANDS, weapon.ranges, strict=False))
    return table.choose("range", f"Which range band is {target.name} in for {c.name}'s {weapon.name} ({shown}; "
                                 "effective -1, extreme -2, G4; --distance IN picks it)?", list(BANDS))


def ask_cover(c: Character, target: Character, table: Table) -> str:
    """G4: the target's cover, when `--cover` did not give it: only the table knows.

    Raises:
        NeedsAnswer: no terminal to ask.
    """
    return table.choose("cover", f"How much cover has {target.name} from {c.name}: open (easy), some (33%+, "
                                 "moderate) or lots (67%+, hard) (G4)?", list(COVER))


def see_target(c: Character, target: Character, table: Table) -> None:
    """The text: a shot needs line of sight. Only the table knows it, so it is asked.

    Raises:
        NeedsAnswer: no terminal and no --yes.
        RuleRefusal: the answer is no (forced: the shot goes ahead).
    """
    if not table.confirm(f"Can {c.name} see {target.name} (line of sight)?"):
        refuse(table, f"{c.name} cannot see {target.name}: no line of sight, no shot (G4)")


def fire(game: Game, c: Character, target: Character, shot: Shot, dice: Dice, table: Table) -> FireOutcome:
    """G4: fire at `target` (RoF d12s; each success a hit, each hit a wound and a Toughness test).

    Raises:
        BadInput: an unknown cover, band or weapon; a removed target.
        RuleRefusal: a friend as target, out of range, not its go (see `begin_action`), no line
            of sight.
        NeedsAnswer: line of sight is asked, and neither a terminal nor --yes answers it; or the
            cover or range band, not given, and no terminal to ask.
    """
    cover = shot.cover.strip().lower() if shot.cover is not None else None
    if cover is not None and cover not in COVER:
        raise BadInput(f"'{shot.cover}' is not a cover level; use open, some or lots")
    moving = shot.moving.strip().lower() if shot.moving else None
    if moving is not None and moving not in MOVING:
        raise BadInput(f"'{shot.moving}' is not a way to move while firing; use cautious or quick")
    if target is c:
        raise BadInput(f"{c.name} cannot fire at itself")
    if target.gone:
        raise BadInput(f"{target.name} has been removed from the game")
    weapon = pick_gun(c, shot.weapon)
    band = range_band(weapon, shot, table)
    if target.squad == c.squad:
        refuse(table, f"{target.name} is on {c.name}'s own side")
    begin_action(game, c, table, "fire")
    see_target(c, target, table)
    if cover is None:
        cover = ask_cover(c, target, table)
    if band is None:
        band = ask_band(c, target, weapon, table)
    aim = aim_counted(c, target, moving)
    aimed = aim is not None and aim.counted
    shift = (AIM_SHIFT if aimed else 0) + (QUICK_SHIFT if moving == "quick" else 0) + BAND_SHIFT[band]
    shift += sum(shot.shifts)
    modifier = c.shooting - c.wounds + sum(shot.mods)  # G4: -1 per wound
    test = roll_test(dice, f"{c.name}: Fire", COVER[cover], shift, modifier, count=weapon.rof,
                     sides=game.die_sides())
    c.aiming_at = None
    if moving is not None:
        c.drop("prone")
    c.record.shots += 1
    victims: list[Victim] = []
    for _ in range(test.hits):
        if target.gone:
            break
        was_down = target.down
        victim = take_hit(game, target, weapon.damage_at(band), dice)
        victims.append(victim)
        c.record.hits += 1
        c.record.wounds_dealt += 1
        c.record.put_down += int(victim.down and not was_down)
        c.record.removed += int(victim.removed)
    check_game_end(game)  # one target: a fire decides a game, never draws one
    over = spend_action(game, c)  # the firer is still the one acting: nothing in a fire ends its activation
    return FireOutcome(c.name, target.name, weapon.name, cover, band, shot.distance, moving, aimed, aim, shift,
                       test.column, test.target_number, list(test.rolls), modifier, len(victims), victims,
                       c.actions_left, over, game.over, game.winner)
