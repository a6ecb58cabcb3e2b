"""F3-F8 Shooting: single shots and bursts, the kill roll, overwatch fire and cover given away."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from sprawl_cli.dice import Dice
from sprawl_cli.errors import BadInput
from sprawl_cli.systems.street_fight.chance import Modifier, Situation, hit_chance, measured, read_cover
from sprawl_cli.systems.street_fight.model import Character, Game
from sprawl_cli.systems.street_fight.morale import casualty, ensure_not_over
from sprawl_cli.systems.street_fight.turn import require_enemies, require_own_side, require_phase, \
    require_standing, require_steady
from sprawl_cli.systems.street_fight.weapons import Weapon, weapon
from sprawl_cli.table import Table, refuse


@dataclass(frozen=True)
class Order:
    """What `shoot` was told."""

    distance: float
    cover: str = "none"
    target_moving: bool = False
    frontage: float | None = None
    overwatch: bool = False
    targets: tuple[str, ...] = ()  # a burst's targets in order, cycling (F6)
    keeps_cover: bool = False  # the target fired the other way: F8 does not apply


@dataclass(frozen=True)
class Shot:
    target: str
    chance: int
    roll: int | None  # the d100; None when the chance is under 1 (not rolled)
    hit: bool
    kill_roll: int | None  # the d10 on a hit (F4)
    casualty: bool
    modifiers: tuple[Modifier, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "chance": self.chance, "roll": self.roll, "hit": self.hit,
                "kill_roll": self.kill_roll, "casualty": self.casualty}


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

    @property
    def casualties(self) -> list[str]:
        return [s.target for s in self.shots if s.casualty]

    def to_json(self) -> dict[str, Any]:
        return {"shooter": self.shooter, "weapon": self.weapon, "target": self.target, "chance": self.chance,
                "modifiers": [m.to_json() for m in self.modifiers], "kill": self.kill, "rounds": self.rounds,
                "rounds_roll": self.rounds_roll, "frontage": self.frontage, "overwatch": self.overwatch,
                "shots": [s.to_json() for s in self.shots], "casualties": self.casualties,
                "unfired": self.unfired, "notes": list(self.notes)}


def _moving(c: Character, told: bool) -> str:
    if told:
        return "--target-moving"
    if c.moved:
        return f"moved {c.moved_inches:g}\" this turn"
    if c.still_moving:
        return "ran over 5\" last turn (F2)"
    return ""


def situation(game: Game, shooter: Character, target: Character, order: Order, spread: float) -> Situation:
    firer = "" if order.overwatch else _moving(shooter, False)
    return Situation(
        distance=order.distance, cover=order.cover,
        cover_given_away=target.fired_since_move and not order.keeps_cover,
        target_moving=_moving(target, order.target_moving), firer_moving=firer,
        aim_turns=0 if order.overwatch else shooter.aim_turns,
        overwatch=("large" if shooter.overwatch_large else "point") if order.overwatch else "",
        frontage=spread)


def _check(game: Game, shooter: Character, targets: list[Character], arm: Weapon, order: Order, table: Table) -> None:
    ensure_not_over(game)
    require_standing(shooter, "shoot")
    for t in targets:
        if t.gone:
            raise BadInput(f"{t.name} is already a casualty")
        require_enemies(game, shooter, t, table, "shoot at")
    measured(order.distance, "--distance")
    if order.frontage is not None and measured(order.frontage, "--frontage") <= 0:
        raise BadInput(f"--frontage should be more than 0 inches, not {order.frontage:g}")
    if not arm.automatic and (order.frontage is not None or len(targets) > 1):
        raise BadInput(f"{shooter.name}'s {arm.name} fires one shot: only automatic weapons spread fire (F6)")
    require_steady(game, shooter, table, "shoot")
    if order.cover != "none":
        for t in targets:
            if t.ran:
                refuse(table, f"{t.name} moved {t.moved_inches:g}\" this turn and cannot have gone into cover (F2)")
    if shooter.engaged_with:
        refuse(table, f"{shooter.name} is in close combat with {', '.join(shooter.engaged_with)}")
    if order.overwatch:
        if not shooter.has("overwatch"):
            refuse(table, f"{shooter.name} is not on overwatch (declare it with `overwatch` in its Movement phase)")
        if shooter.squad == game.current_squad.name:
            refuse(table, f"overwatch fire is taken during the enemy's turn; {shooter.squad} is acting now (F7)")
        require_phase(game, table, "overwatch fire", "movement", "shooting")
        return
    require_phase(game, table, "shooting", "shooting")
    require_own_side(game, table, shooter, "shoot")
    if shooter.has("overwatch"):
        refuse(table, f"{shooter.name} is on overwatch: it holds its fire for its point of aim (F7); "
                      "use --overwatch during the enemy's turn")
    if shooter.fired_turn == game.round:
        refuse(table, f"{shooter.name} has fired this turn already")
    if shooter.ran:
        refuse(table, f"{shooter.name} moved {shooter.moved_inches:g}\" this turn and cannot fire (F2)")
    if arm.heavy and shooter.counts_as_moving:
        refuse(table, f"{shooter.name}'s HMG cannot fire after moving (F5)")


def shoot(game: Game, shooter: Character, target: Character, order: Order, dice: Dice, table: Table) -> Shooting:
    """F3-F8: roll the rounds (automatic weapons), then per shot a d100 and, on a hit, a d10.

    Raises:
        BadInput: a bad distance or frontage, spread fire from a single-shot weapon, a casualty as target.
        RuleRefusal: out of phase or turn, a shooter that may not fire (see F2, F5, F7, F10).
    """
    arm = weapon(shooter.weapon)
    names = list(order.targets)
    if names and target.name.lower() not in [n.lower() for n in names]:
        names.insert(0, target.name)
    found = [game.character(n) for n in names]
    targets = [c for i, c in enumerate(found) if all(c is not d for d in found[:i])] if names else [target]
    order = replace(order, cover=read_cover(order.cover))
    _check(game, shooter, targets, arm, order, table)
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
    chance, terms = hit_chance(arm, situation(game, shooter, target, order, spread))
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
        shots.append(_one_shot(game, shooter, victim, arm, situation(game, shooter, victim, order, spread), dice))
    if unfired:
        notes.append(f"{unfired} round{'s' * (unfired != 1)} had nobody left to hit (house)")
    shooter.fired_turn = game.round
    shooter.fired_since_move = True  # F8
    shooter.aim_turns = 0
    shooter.aimed_turn = None
    if order.overwatch:
        shooter.drop("overwatch")
    shooter.record.shots += len(shots)
    shooter.record.hits += sum(1 for s in shots if s.hit)
    return Shooting(shooter.name, arm.name, target.name, chance, tuple(terms), arm.kill, rounds, rounds_roll,
                    spread, order.overwatch, tuple(shots), unfired, tuple(notes))


def _one_shot(game: Game, shooter: Character, victim: Character, arm: Weapon, s: Situation, dice: Dice) -> Shot:
    chance, terms = hit_chance(arm, s)
    if chance < 1:  # F3: cannot hit, not rolled
        return Shot(victim.name, chance, None, False, None, False, tuple(terms))
    roll = dice.roll(1, f"{shooter.name}: To hit {victim.name} ({chance}%)", 100)[0]
    if roll > chance:
        return Shot(victim.name, chance, roll, False, None, False, tuple(terms))
    kill_roll = dice.roll(1, f"{shooter.name}: Kill roll on {victim.name} ({arm.kill}+)", 10)[0]
    down = kill_roll >= arm.kill  # F4: the table's N+ wins
    if down:
        casualty(game, victim, shooter)
    return Shot(victim.name, chance, roll, True, kill_roll, down, tuple(terms))
