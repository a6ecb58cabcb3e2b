"""Moving (a free action up to Pace), running (+d6", -2 to other actions), crawling (2",
counts as prone), crouching (half Pace, -1 to shots at it), going prone and rising (2"),
difficult ground (each inch counts as two), jumping (1", 2" with a run-up, +1" on a Strength
success), Defend (+2 Parry until its next action, no running), and a plain trait test.

Dice order: `run`: one d6 (it does not ace; it is neither a trait nor damage). `jump`: the
Strength test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, Table, refuse
from sprawl_cli.systems.savage_worlds import turn
from sprawl_cli.systems.savage_worlds.model import Character, Game
from sprawl_cli.systems.savage_worlds.traits import character_test, own_modifiers

CRAWL = 2
RISE_COST = 2


@dataclass(frozen=True)
class MoveOutcome:
    name: str
    inches: float
    cost: float
    allowed: float
    left: float
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "inches": self.inches, "cost": self.cost, "allowed": self.allowed,
                "left": self.left, "notes": self.notes}


def allowance(c: Character, crawl: bool = False, crouch: bool = False) -> float:
    """How far it may go in a turn: Pace (+ its running die), crawling 2", crouching half."""
    if crawl:
        return float(CRAWL)
    total = float(c.pace + c.run_roll)
    return total / 2 if crouch else total


def spend_movement(game: Game, c: Character, cost: float, table: Table, what: str, crawl: bool = False,
                   crouch: bool = False) -> tuple[float, float]:
    """Spend `cost` inches of this turn's movement (refused past what is left); returns the
    allowance of this kind of move and what is left of it."""
    allowed = allowance(c, crawl, crouch)
    left = turn.movement(game, c, cost, allowed, allowance(c), table, what)
    return allowed, left


def move(game: Game, c: Character, inches: float, table: Table, difficult: float = 0.0, crawl: bool = False,
         crouch: bool = False) -> MoveOutcome:
    """Check a move against its allowance: difficult inches count twice, rising from prone
    costs 2" (a crawl stays prone).

    Raises:
        BadInput: negative distances, crawling and crouching at once.
        RuleRefusal: longer than allowed (forceable).
    """
    from sprawl_cli.systems.savage_worlds.cards import require_standing

    if inches < 0 or difficult < 0 or difficult > inches:
        raise BadInput("give --inches N (0 or more) and --difficult at most that many of them")
    if crawl and crouch:
        raise BadInput("crawl or crouch, not both")
    require_standing(c, table)
    turn.my_turn(game, c, table, "move")
    notes: list[str] = []
    cost = inches + difficult
    if c.has("prone") and not crawl:
        cost += RISE_COST
        c.drop("prone")
        notes.append("rose from prone (2\")")
    if crawl:
        c.add("prone")
        notes.append("crawling: counts as prone when shot at")
    if crouch:
        notes.append("crouching: -1 to shots at it (`shoot ... --crouching`)")
    allowed, left = spend_movement(game, c, cost, table, "this move", crawl, crouch)
    return MoveOutcome(c.name, inches, cost, allowed, left, notes)


@dataclass(frozen=True)
class RunOutcome:
    name: str
    roll: int
    pace: int
    allowed: float
    crouching: bool
    runners: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "running_die": self.roll, "pace": self.pace, "allowed": self.allowed,
                "crouching": self.crouching, "penalty": -2, "runners": self.runners}


def run(game: Game, dice: Dice, name: str, table: Table, crouch: bool = False) -> RunOutcome:
    """Run: +1d6" this round, and -2 to its other actions (W2's multi-action penalty). `name`
    may be a group of Extras: one running die for the whole group.

    Raises:
        RuleRefusal: it ran already this round, or is defending (forceable).
    """
    from sprawl_cli.systems.savage_worlds.cards import require_standing
    from sprawl_cli.systems.savage_worlds.rolls import group_members

    runners = group_members(game, name) or [game.character(name)]
    for c in runners:
        require_standing(c, table)
        turn.my_turn(game, c, table, "run")
        if c.ran:
            refuse(table, f"{c.name} has run already this turn (the running die is rolled once)")
        if c.has("defending"):
            refuse(table, f"{c.name} is defending: no running")
        if c.paid and not c.ran:
            refuse(table, f"{c.name} has rolled this turn without running's -2 (W2: running counts on every other "
                          f"roll): run first, or `undo` back to its first roll and run before it")
    label = runners[0].group if len(runners) > 1 or runners[0].name.lower() != name.strip().lower() \
        else runners[0].name
    roll = dice.roll(1, f"{label}: running", 6)[0]
    for c in runners:
        c.ran = True
        c.run_roll = roll
    first = runners[0]
    return RunOutcome(str(label), roll, first.pace, allowance(first, crouch=crouch), crouch,
                      [c.name for c in runners])


@dataclass(frozen=True)
class StanceOutcome:
    name: str
    status: str
    on: bool
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "status": self.status, "on": self.on, "note": self.note}


def defend(game: Game, c: Character, table: Table) -> StanceOutcome:
    """W5 Defend: its only action; +2 Parry until its next action. It may move, not run."""
    from sprawl_cli.systems.savage_worlds.attacks import require_able, start_action

    require_able(game, c, table)
    turn.my_turn(game, c, table, "defend")
    if c.acted:
        refuse(table, f"{c.name} has acted this turn already ({', '.join(c.acted)}); Defend must be its only action")
    if c.ran:
        refuse(table, f"{c.name} ran this round; a defender may move but not run")
    turn.action(game, c, table, "defend", "defend")
    turn.end_turn(c, "Defend was its whole action (it may still move)")
    start_action(game, c)
    c.add("defending")
    return StanceOutcome(c.name, "defending", True, f"Parry {c.current_parry} until its next action")


def prone(game: Game, c: Character, table: Table, down: bool = True) -> StanceOutcome:
    """Drop prone (free: medium cover against shots and blasts) or get up (2" of its move)."""
    from sprawl_cli.systems.savage_worlds.cards import require_standing

    require_standing(c, table)
    if down == c.has("prone"):
        raise BadInput(f"{c.name} is {'already' if down else 'not'} prone")
    turn.my_turn(game, c, table, "drop prone" if down else "get up")
    if down:
        c.add("prone")
        return StanceOutcome(c.name, "prone", True, "counts as medium cover (-2 to shots, 2 armour vs blasts)")
    _, left = spend_movement(game, c, RISE_COST, table, "getting up")
    c.drop("prone")
    return StanceOutcome(c.name, "prone", False, f"getting up costs 2\" of movement; {left:g}\" left")


@dataclass(frozen=True)
class JumpOutcome:
    name: str
    test: dict[str, Any]
    distance: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "test": self.test, "distance": self.distance,
                "success": self.test["success"]}


def jump(game: Game, dice: Dice, c: Character, table: Table, run_up: bool = False) -> JumpOutcome:
    """1" from a standstill, 2" with a run-up; a Strength success adds 1"."""
    from sprawl_cli.systems.savage_worlds.bennies import remember
    from sprawl_cli.systems.savage_worlds.cards import require_standing

    require_standing(c, table)
    turn.my_turn(game, c, table, "jump")
    base = 2 if run_up else 1
    spend_movement(game, c, base, table, "the jump")  # a jump is movement: it adds up with the turn's moves
    test = character_test(dice, c, "strength", own_modifiers(game, c, turn.counted(game, c)), what="Strength (jump)")
    remember(game, c, "jump", test, {"base": base})
    return JumpOutcome(c.name, test.to_json(), base + jump_further(game, c, test.success))


def jump_further(game: Game, c: Character, success: bool) -> int:
    """A Strength success adds 1" to a jump, as far as the turn's movement has an inch left."""
    if not success or (turn.refereed(game) and allowance(c) - c.moved < 1):
        return 0
    if turn.refereed(game):
        c.moved += 1
    return 1


@dataclass(frozen=True)
class AimOutcome:
    name: str
    target: str
    round: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "target": self.target, "round": self.round, "bonus_round": self.round + 1}


def aim(game: Game, c: Character, target: Character, table: Table) -> AimOutcome:
    """W5 Aim: a whole turn spent aiming at `target`, without moving, gives +2 to the next
    round's Shooting or Throwing at it (`shoot` adds it by itself).

    Raises:
        RuleRefusal: it acted or moved this turn, or cannot act (forceable).
    """
    from sprawl_cli.systems.savage_worlds.attacks import require_able

    require_able(game, c, table)
    if c is target:
        raise BadInput(f"{c.name} cannot aim at itself")
    turn.my_turn(game, c, table, "aim")
    if c.acted or c.moved or c.ran:
        refuse(table, f"{c.name} has acted or moved this turn; aiming takes the whole turn without moving")
    turn.action(game, c, table, "aim", "aim")
    turn.end_turn(c, f"aiming at {target.name} is its whole turn, without moving")
    c.aim = target.name
    c.aim_round = game.round
    return AimOutcome(c.name, target.name, game.round)


@dataclass(frozen=True)
class ReloadOutcome:
    name: str
    weapon: str
    rounds: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "weapon": self.weapon, "rounds": self.rounds}


def reload(game: Game, c: Character, weapon_name: str | None, table: Table) -> ReloadOutcome:
    """Reload a weapon whose ammunition is counted: an action (W2 counts it), back to a full load.

    Raises:
        BadInput: no such weapon, or one whose ammunition is not counted.
        RuleRefusal: out of turn (forceable).
    """
    from sprawl_cli.systems.savage_worlds.attacks import require_able

    require_able(game, c, table)
    weapon = c.weapon(weapon_name, ranged=True)
    if weapon.shots is None:
        raise BadInput(f"{c.name}'s {weapon.name} does not count its rounds (its roster gives no `shots`)")
    turn.action(game, c, table, f"reload:{weapon.name}", "reload")
    c.spent.pop(weapon.name, None)
    return ReloadOutcome(c.name, weapon.name, weapon.shots)


@dataclass(frozen=True)
class DrawOutcome:
    name: str
    weapon: str
    test: dict[str, Any] | None  # the Agility test of a hard draw
    drawn: bool

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "weapon": self.weapon, "test": self.test, "drawn": self.drawn}


def draw_weapon(game: Game, dice: Dice, c: Character, weapon_name: str | None, table: Table,
                hard: bool = False, actions: int | None = None) -> DrawOutcome:
    """Readying a weapon in a hurry: one action of the turn (so the -2 of W2 falls on the
    others); drawing two at once, a hidden or a large one (`hard`) also needs an Agility
    success, or it is not out (the action is spent all the same; our reading).

    Raises:
        BadInput: no such weapon.
        RuleRefusal: out of turn, or drawn already this turn (forceable).
    """
    from sprawl_cli.systems.savage_worlds.attacks import require_able
    from sprawl_cli.systems.savage_worlds.bennies import remember

    require_able(game, c, table)
    weapon = c.weapon(weapon_name, ranged=False) if weapon_name else (c.weapons[0] if c.weapons else None)
    if weapon is None:
        raise BadInput(f"{c.name} carries no weapon to draw")
    turn.action(game, c, table, f"draw:{weapon.name}", "draw a weapon", None)
    if not hard:
        return DrawOutcome(c.name, weapon.name, None, True)
    count = turn.paying(game, c, table, actions)  # W2: its Agility roll pays the turn's count
    test = character_test(dice, c, "agility", own_modifiers(game, c, count), what="Agility (draw)")
    remember(game, c, "roll", test)
    return DrawOutcome(c.name, weapon.name, test.to_json(), test.success)
