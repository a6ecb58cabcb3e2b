"""F3-F8 Shooting: single shots and bursts, the kill roll, overwatch fire and cover given away."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from sprawl_cli.api import BadInput, Dice, Table, refuse
from sprawl_cli.systems.street_fight.chance import COVER_NAMES, Modifier, Situation, hit_chance, measured, read_cover
from sprawl_cli.systems.street_fight.model import Character, Game
from sprawl_cli.systems.street_fight.morale import casualty
from sprawl_cli.systems.street_fight.turn import require_enemies, require_own_side, require_phase, \
    require_standing, require_steady
from sprawl_cli.systems.street_fight.weapons import Weapon, weapon


@dataclass(frozen=True)
class Order:
    """What `shoot` was told."""

    distance: float
    cover: str | None = None  # None: not told; the save says, or the table is asked (`cover_of`)
    target_moving: bool = False
    frontage: float | None = None
    overwatch: bool = False
    targets: tuple[str, ...] = ()  # a burst's targets in order, cycling (F6)
    keeps_cover: bool = False  # the target fired the other way: F8 does not apply
    # F3 per figure: one distance (and cover) per target of a burst, in the order of its targets;
    # empty: `distance` and `cover` serve every target.
    distances: tuple[float, ...] = ()
    covers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sighting:
    """One target of a shot or burst: its range, its cover and the chance against it (F3)."""

    target: str
    distance: float
    cover: str
    chance: int
    modifiers: tuple[Modifier, ...]

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "distance": self.distance, "cover": self.cover, "chance": self.chance,
                "modifiers": [m.to_json() for m in self.modifiers]}


@dataclass(frozen=True)
class Shot:
    target: str
    chance: int
    roll: int | None  # the d100; None when the chance is under 1 (not rolled)
    hit: bool
    kill_roll: int | None  # the d10 on a hit (F4)
    casualty: bool
    modifiers: tuple[Modifier, ...] = ()
    distance: float = 0.0
    cover: str = "none"

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "chance": self.chance, "roll": self.roll, "hit": self.hit,
                "kill_roll": self.kill_roll, "casualty": self.casualty, "distance": self.distance,
                "cover": self.cover}


@dataclass(frozen=True)
class Shooting:
    shooter: str
    weapon: str
    target: str
    chance: int  # against TARGET
    modifiers: tuple[Modifier, ...]  # against TARGET
    kill: int  # F4: the kill roll needed
    rounds: int
    rounds_roll: int | None  # the rounds die (F6), None for a single-shot weapon
    frontage: float
    overwatch: bool
    shots: tuple[Shot, ...]
    unfired: int = 0  # rounds left when every target was down
    notes: tuple[str, ...] = field(default=())
    sightings: tuple[Sighting, ...] = ()  # every target in the burst's order, each with its own range and cover

    @property
    def casualties(self) -> list[str]:
        return [s.target for s in self.shots if s.casualty]

    def to_json(self) -> dict[str, Any]:
        return {"shooter": self.shooter, "weapon": self.weapon, "target": self.target, "chance": self.chance,
                "modifiers": [m.to_json() for m in self.modifiers], "kill": self.kill, "rounds": self.rounds,
                "rounds_roll": self.rounds_roll, "frontage": self.frontage, "overwatch": self.overwatch,
                "shots": [s.to_json() for s in self.shots], "casualties": self.casualties,
                "unfired": self.unfired, "notes": list(self.notes),
                "targets": [t.to_json() for t in self.sightings]}


def _moving(c: Character, told: bool) -> str:
    if told:
        return "--target-moving"
    if c.moved:
        return f"moved {c.moved_inches:g}\" this turn"
    if c.still_moving:
        return "ran over 5\" last turn (F2)"
    return ""


def situation(game: Game, shooter: Character, target: Character, order: Order, spread: float) -> Situation:
    firer = _moving(shooter, False)  # F2 holds on overwatch too: a dash last turn still counts as moving
    return Situation(
        distance=order.distance, cover=order.cover or "none",
        cover_given_away=target.fired_since_move and not order.keeps_cover,
        target_moving=_moving(target, order.target_moving), firer_moving=firer,
        aim_turns=0 if order.overwatch else shooter.aim_turns,
        overwatch=("large" if shooter.overwatch_large else "point") if order.overwatch else "",
        frontage=spread)


def _check(game: Game, shooter: Character, targets: list[Character], arm: Weapon, order: Order,
           covers: list[str | None], table: Table) -> None:
    require_standing(shooter, "shoot")
    for t in targets:
        if t.gone:
            raise BadInput(f"{t.name} is already a casualty")
        require_enemies(game, shooter, t, table, "shoot at")
    if order.frontage is not None and measured(order.frontage, "--frontage") <= 0:
        raise BadInput(f"--frontage should be more than 0 inches, not {order.frontage:g}")
    if not arm.automatic and (order.frontage is not None or len(targets) > 1):
        raise BadInput(f"{shooter.name}'s {arm.name} fires one shot: only automatic weapons spread fire (F6)")
    require_steady(game, shooter, table, "shoot")
    for t, cover in zip(targets, covers, strict=True):
        if cover not in (None, "none") and t.ran:
            refuse(table, f"{t.name} moved {t.moved_inches:g}\" this turn and cannot have gone into cover (F2)")
    if shooter.engaged_with:
        refuse(table, f"{shooter.name} is in close combat with {', '.join(shooter.engaged_with)}")
    if order.overwatch:
        if not shooter.has("overwatch"):
            refuse(table, f"{shooter.name} has taken its one overwatch shot already (house); it may go on "
                          "overwatch again in its side's next Movement phase" if shooter.overwatch_spent else
                   f"{shooter.name} is not on overwatch (declare it with `overwatch` in its Movement phase)")
        if shooter.squad == game.current_squad.name:
            refuse(table, f"overwatch fire is taken during the enemy's turn; {shooter.squad} is acting now (F7)")
        require_phase(game, table, "overwatch fire", "movement", "shooting")
        _may_fire_moving(shooter, arm, table)
        for t in targets:
            _at_point_of_aim(game, shooter, t, order, table)
        return
    require_phase(game, table, "shooting", "shooting")
    require_own_side(game, table, shooter, "shoot")
    if shooter.has("overwatch"):
        refuse(table, f"{shooter.name} is on overwatch: it holds its fire for its point of aim (F7); "
                      "use --overwatch during the enemy's turn")
    if shooter.fired_turn == game.round:
        refuse(table, f"{shooter.name} has fired this turn already")
    _may_fire_moving(shooter, arm, table)


CROSSINGS = ("moved", "fired", "no")


def _at_point_of_aim(game: Game, shooter: Character, target: Character, order: Order, table: Table) -> None:
    """F7: overwatch fire takes a figure that moves through the point of aim or fires from it. Where
    the point lies only the table knows, so it is asked (`--crossed moved|fired|no`); what the game
    knows is checked: a figure that has neither moved (nor is said to be moving, --target-moving)
    nor fired this turn has done neither.

    Raises:
        RuleRefusal: the target did neither, or not the one the table names.
        NeedsAnswer: nobody said, and no terminal can ask.
    """
    moving = target.moved or order.target_moving
    fired = target.fired_turn == game.round
    if not (moving or fired):
        refuse(table, f"{target.name} has neither moved nor fired this turn: overwatch fire takes a figure moving "
                      f"through or firing from the point of aim (F7); record its move first (`move {target.name}`), "
                      "or give --target-moving when the shot cuts into it")
        return
    answer = table.choose("crossed", f"Did {target.name} move through {shooter.name}'s point of aim, or fire from "
                                     "it (F7)?", list(CROSSINGS))
    if answer == "no":
        refuse(table, f"{target.name} neither moved through nor fired from {shooter.name}'s point of aim: overwatch "
                      "fire takes only a figure that does (F7)")
    elif answer == "moved" and not moving:
        refuse(table, f"{target.name} has not moved this turn, so it has not moved through the point of aim (F7); "
                      f"record its move first (`move {target.name}`), or give --target-moving when the shot cuts "
                      "into it")
    elif answer == "fired" and not fired:
        refuse(table, f"{target.name} has not fired this turn, so it has not fired from the point of aim (F7)")


def _may_fire_moving(shooter: Character, arm: Weapon, table: Table) -> None:
    """F2 and F5, on overwatch as in the Shooting phase: no firing in a turn of a dash; the HMG
    not while it counts as moving (a dash last turn counts)."""
    if shooter.ran:
        refuse(table, f"{shooter.name} moved {shooter.moved_inches:g}\" this turn and cannot fire (F2)")
    elif arm.heavy and shooter.counts_as_moving:
        why = "moving this turn" if shooter.moved else "a dash over 5\" last turn, which still counts as moving (F2)"
        refuse(table, f"{shooter.name}'s HMG cannot fire after {why} (F5)")


def _sightings(targets: list[Character], order: Order) -> list[tuple[float, str | None]]:
    """F3 per figure: each target's distance and cover, from one value for all or one per target
    (cover None: not told, see `cover_of`).

    Raises:
        BadInput: a count of values that is neither one nor one per target, a bad distance or cover.
    """
    names = ", ".join(t.name for t in targets)
    distances = list(order.distances) or [order.distance]
    told = order.covers or ((order.cover,) if order.cover is not None else ())
    covers: list[str | None] = [read_cover(c) for c in told] or [None]
    for option, given in (("--distance", distances), ("--cover", covers)):
        if len(given) not in (1, len(targets)):
            raise BadInput(f"{option} was given {len(given)} times for {len(targets)} targets ({names}): "
                           "give it once per target, in that order, or once for all")
    for d in distances:
        measured(d, "--distance")
    return [(distances[i if len(distances) > 1 else 0], covers[i if len(covers) > 1 else 0])
            for i in range(len(targets))]


def cover_of(shooter: Character, target: Character, table: Table) -> str:
    """F3: the cover of a target nobody gave `--cover` for. The save knows who ended its latest move
    in cover (`move --into-cover`, or the referee's `set NAME in_cover on`); a figure that did not is
    in the open. How much of a figure in cover the cover hides from this shooter only the table
    knows, so it is asked.

    Raises:
        NeedsAnswer: the target is in cover, and neither an option nor a terminal says how much.
    """
    if not target.in_cover:
        return "none"
    return table.choose("cover", f"{target.name} is in cover (the save says so): how much of it does the cover "
                                 f"hide from {shooter.name} (F3: -25% a degree; none if it does not stand between "
                                 "them)?", list(COVER_NAMES))


def _same_for_all(shooter: Character, targets: list[Character], order: Order, table: Table) -> None:
    """A burst at several figures with one distance or one cover for all: the table says whether
    that holds for every one (F3 is worked out per figure)."""
    shared = []
    if len(order.distances) <= 1:
        shared.append(f"{(order.distances or (order.distance,))[0]:g}\" from {shooter.name}")
    if len(order.covers) == 1:
        shared.append(f"behind {read_cover(order.covers[0])} cover")
    if len(targets) < 2 or not shared:
        return
    names = ", ".join(t.name for t in targets)
    if not table.confirm(f"Is every target ({names}) {' and '.join(shared)} (else give --distance and --cover "
                         "once per target, in that order)?"):
        refuse(table, f"the targets differ: give --distance (and --cover) once per target, in the order {names} (F3)")


def shoot(game: Game, shooter: Character, target: Character, order: Order, dice: Dice, table: Table) -> Shooting:
    """F3-F8: roll the rounds (automatic weapons), then per shot a d100 and, on a hit, a d10.
    Each target of a burst has its own distance and cover (`Order.distances`, `Order.covers`).

    Raises:
        BadInput: a bad distance, cover or frontage, spread fire from a single-shot weapon, a casualty
            as target, distances or covers that do not match the targets.
        RuleRefusal: out of phase or turn, a shooter that may not fire (see F2, F5, F7, F10).
        NeedsAnswer: one distance or cover for several targets, and nobody said it holds for all.
    """
    arm = weapon(shooter.weapon)
    names = list(order.targets)
    if names and target.name.lower() not in [n.lower() for n in names]:
        names.insert(0, target.name)
    found = [game.character(n) for n in names]
    targets = [c for i, c in enumerate(found) if all(c is not d for d in found[:i])] if names else [target]
    told = _sightings(targets, order)
    _check(game, shooter, targets, arm, order, [cover for _, cover in told], table)
    _same_for_all(shooter, targets, order, table)
    ranges = [(d, cover_of(shooter, t, table) if c is None else c) for t, (d, c) in zip(targets, told, strict=True)]
    aims = {t.name: replace(order, distance=d, cover=c) for t, (d, c) in zip(targets, ranges, strict=True)}
    notes: list[str] = []
    rounds, rounds_roll = 1, None
    if arm.automatic:
        rounds_roll = dice.roll(1, f"{shooter.name}: Rounds ({arm.rounds})", 10)[0]
        rounds = arm.rounds_fired(rounds_roll)
    spread = order.frontage or 0.0
    if len(targets) > 1 and not spread:
        spread = 1.0
        notes.append("several targets and no --frontage: the spread counts as 1\" (house)")
    if spread > rounds:
        notes.append(f"the spread is cut to {rounds}\", the rounds fired (F6, house)")
        spread = float(rounds)
    sightings = []
    for t in targets:
        chance, terms = hit_chance(arm, situation(game, shooter, t, aims[t.name], spread))
        sightings.append(Sighting(t.name, aims[t.name].distance, aims[t.name].cover or "none", chance, tuple(terms)))
    shots: list[Shot] = []
    turn = 0
    unfired = 0
    for _ in range(rounds):
        standing = [t for t in targets if not t.gone]
        if not standing:
            unfired += 1
            continue
        # F6 with --targets: the cycle moves on past figures already down.
        victim = next(targets[(turn + k) % len(targets)] for k in range(len(targets))
                      if not targets[(turn + k) % len(targets)].gone)
        turn = targets.index(victim) + 1
        shots.append(_one_shot(game, shooter, victim, arm, situation(game, shooter, victim, aims[victim.name], spread),
                               dice))
    if unfired:
        notes.append(f"{unfired} round{'s' * (unfired != 1)} had nobody left to hit (house)")
    shooter.fired_turn = game.round
    shooter.fired_since_move = True  # F8
    shooter.aim_turns = 0
    shooter.aimed_turn = None
    if order.overwatch:
        shooter.drop("overwatch")
        shooter.overwatch_spent = True  # house: one shot per overwatch
    shooter.record.shots += len(shots)
    shooter.record.hits += sum(1 for s in shots if s.hit)
    first = sightings[targets.index(target)]
    return Shooting(shooter.name, arm.name, target.name, first.chance, first.modifiers, arm.kill, rounds,
                    rounds_roll, spread, order.overwatch, tuple(shots), unfired, tuple(notes), tuple(sightings))


def _one_shot(game: Game, shooter: Character, victim: Character, arm: Weapon, s: Situation, dice: Dice) -> Shot:
    chance, terms = hit_chance(arm, s)
    where = (s.distance, s.cover)
    if chance < 1:  # F3: cannot hit, not rolled
        return Shot(victim.name, chance, None, False, None, False, tuple(terms), *where)
    roll = dice.roll(1, f"{shooter.name}: To hit {victim.name} ({chance}%)", 100)[0]
    if roll > chance:
        return Shot(victim.name, chance, roll, False, None, False, tuple(terms), *where)
    kill_roll = dice.roll(1, f"{shooter.name}: Kill roll on {victim.name} ({arm.kill}+)", 10)[0]
    down = kill_roll >= arm.kill  # F4: the table's N+ wins
    if down:
        casualty(game, victim, shooter)
    return Shot(victim.name, chance, roll, True, kill_roll, down, tuple(terms), *where)
