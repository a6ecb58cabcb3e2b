"""Ranged Combat: shooting, throwing grenades and firing rockets (R12-R17), and the
line-of-sight roll (R13).

`aim` works a shot out before any die is rolled (weapon, range band, every
Difficulty modifier); `shoot` checks that the shot is allowed, rolls it and
applies it; `odds` reuses `aim` for the exact odds.

Decisions where the rules are silent (documented in docs/shooting.md):
- A hidden character caught in a blast is hit like anyone else (a blast needs no
  sight) and stays hidden unless the blast takes it off the table.
- A hidden TARGET is refused even with `--spot`; `--force` overrules (logged).
- Without `--near-ledge` nobody is near a ledge: the tool does not ask.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, NeedsAnswer, Table, refuse
from sprawl_cli.systems.sprawl.pool import PoolResult, difficulty_of, test_pool
from sprawl_cli.systems.sprawl.model import Character, Game, Weapon
from sprawl_cli.systems.sprawl.damage import Victim, hurt
from sprawl_cli.systems.sprawl.morale import PanicTest, panic_tests
from sprawl_cli.systems.sprawl.tables import MISFIRE, SCATTER, throw_range
from sprawl_cli.systems.sprawl.turn import (
    check_game_end,
    mark,
    require_on_table,
    require_own_turn,
    require_phase,
    require_steady,
)

BANDS = ("short", "long")
COVER = {"none": 0, "partial": 1, "full": 2}  # R13
SIZES = {"normal": 0, "small": 1, "large": -1}  # R13
RUNNING_MOD = 2  # R13: running, or ran in its previous turn
SPOT_MOD = 1  # R13: a spot on the ground counts as a small target

# R12, R18, R20, R21: what a character may have done this turn and still shoot, and why not.
NO_SHOOTING_AFTER = {
    "charged": "it charged this turn; no character shoots and brawls in one turn (R12)",
    "ran": "it ran this turn, and a runner does nothing else (R18)",
    "jumped": "it jumped this turn, and a jump takes the whole turn (R21)",
    "brawled": "it fought in close combat this turn (a free attack counts); no character shoots and "
               "brawls in one turn (R12)",
    "broke": "it broke away from close combat this turn (R12)",
    "overwatch": "it is on overwatch, which gives up its own turn; it fires during the enemy's turn (R20)",
}


@dataclass
class Situation:
    """What the players read off the table for one shot (the `shoot` options)."""

    weapon: str | None = None
    range: str | None = None  # short | long; None: short, or the band `distance` falls in
    cover: str = "none"
    target_running: bool = False
    size: str = "normal"  # normal | small | large
    mods: tuple[int, ...] = ()
    spot: bool = False
    distance: float | None = None
    near_ledge: tuple[str, ...] = ()


@dataclass(frozen=True)
class Modifier:
    """One entry of a Difficulty: where it came from and what it adds."""

    source: str
    value: int
    ruling: str

    def to_json(self) -> dict[str, Any]:
        return {"source": self.source, "value": self.value, "ruling": self.ruling}


@dataclass
class Aim:
    """A shot worked out before any die: the weapon, its band, the Difficulty and why."""

    attacker: str
    target: str
    weapon: Weapon
    band: str | None  # None for thrown weapons (R17: range by Strength)
    modifiers: list[Modifier]
    difficulty: int
    pool: int
    spot: bool
    throw_range: int | None = None  # R17, thrown weapons only
    distance: float | None = None  # inches, when the players measured (--distance)
    out_of_range: str | None = None  # why that distance is beyond reach
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "weapon": self.weapon.name,
            "kind": self.weapon.kind,
            "power": self.weapon.power,
            "band": self.band,
            "modifiers": [m.to_json() for m in self.modifiers],
            "difficulty": self.difficulty,
            "pool": self.pool,
            "spot": self.spot,
            "throw_range": self.throw_range,
            "distance": self.distance,
            "out_of_range": self.out_of_range,
        }


@dataclass
class Scatter:
    """Where a grenade or rocket that missed went (R15)."""

    direction_rolls: tuple[int, ...]
    direction: int  # 1 straight on along the line of fire, clockwise to 8
    distance_roll: int
    halved: bool  # thrown grenades travel half the roll, rounded up
    adjustment: int  # -1 per 9, +1 per 10 rolled for the direction
    inches: int

    def to_json(self) -> dict[str, Any]:
        return {
            "direction": self.direction,
            "inches": self.inches,
            "direction_rolls": list(self.direction_rolls),
            "distance_roll": self.distance_roll,
            "halved": self.halved,
            "adjustment": self.adjustment,
        }


@dataclass
class ShotOutcome:
    """Everything one `shoot` did, every face kept."""

    aim: Aim
    test: PoolResult
    overwatch: bool = False
    misfire: str | None = None  # jammed | out_of_ammo | none_left
    misfire_roll: int | None = None
    scatter: Scatter | None = None
    blast_radius: float | None = None
    victims: list[Victim] = field(default_factory=list)
    panic: list[PanicTest] = field(default_factory=list)
    uses_left: int | None = None
    ended: list[str] = field(default_factory=list)  # statuses the shooter lost by shooting
    forced: list[str] = field(default_factory=list)
    game_over: str | None = None

    @property
    def hits(self) -> int:
        """R4: the net successes of the Shooting test."""
        return self.test.net

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker": self.aim.attacker,
            "target": self.aim.target,
            **self.aim.to_json(),
            "overwatch": self.overwatch,
            "faces": list(self.test.faces),
            "successes": self.test.successes,
            "passed": self.test.passed,
            "hits": self.hits,
            "misfire": self.misfire,
            "misfire_roll": self.misfire_roll,
            "scatter": self.scatter.to_json() if self.scatter else None,
            "blast": self.blast_radius,
            "victims": [v.to_json() for v in self.victims],
            "panic": [p.to_json() for p in self.panic],
            "uses_left": self.uses_left,
            "ended": list(self.ended),
            "forced": list(self.forced),
            "notes": list(self.aim.notes),
            "game_over": self.game_over,
        }


# --- working a shot out ---------------------------------------------------------


def ranged_weapons(c: Character) -> list[Weapon]:
    return [w for w in c.weapons if w.ranged]


def choose_weapon(c: Character, wanted: str | None) -> Weapon:
    """`--weapon`, else the first ranged weapon that still works, else the first ranged one.

    Raises:
        BadInput: no such weapon, a melee weapon, or nothing to shoot with.
    """
    if wanted is not None:
        weapon = c.weapon(wanted)
        if not weapon.ranged:
            raise BadInput(f"{c.name}'s {weapon.name} is a close-combat weapon; shoot with "
                           f"{_list(ranged_weapons(c)) or 'a ranged weapon'}, or fight with `sprawl brawl`")
        return weapon
    choices = ranged_weapons(c)
    if not choices:
        raise BadInput(f"{c.name} carries no ranged weapon ({_list(c.weapons) or 'only Fists'}); "
                       "it can only fight in close combat")
    return next((w for w in choices if c.usable(w) is None), choices[0])


def _list(weapons: list[Weapon]) -> str:
    return ", ".join(w.name for w in weapons)


def _band(weapon: Weapon, situation: Situation, notes: list[str]) -> tuple[str | None, int, str | None]:
    """The range band, its modifier (R13) and why the target is out of reach, if it is."""
    if weapon.kind == "thrown":
        if situation.range is not None:
            notes.append(f"A thrown {weapon.name} has no range bands; its reach is set by Strength (R17)")
        return None, 0, None
    bands = {"short": weapon.short, "long": weapon.long}
    band = situation.range
    out: str | None = None
    if situation.distance is not None and (weapon.short or weapon.long):
        reach = [(name, b) for name, b in bands.items() if b is not None]
        fits = next((name for name, b in reach if situation.distance <= b.max), None)
        if fits is None:
            furthest = max(b.max for _, b in reach)
            out = f"{situation.distance:g}\" is beyond the {weapon.name}'s reach of {furthest:g}\""
        elif band is not None and band != fits:
            raise BadInput(f"--range {band} does not match --distance {situation.distance:g}: at that distance "
                           f"the {weapon.name} is at {fits} range; leave one of them out")
        else:
            band = fits
    band = band or "short"
    found = bands[band]
    if found is None:
        if band == "long" and weapon.short is not None:
            raise BadInput(f"the {weapon.name} has no long range band (it reaches {weapon.short.max:g}\")")
        notes.append(f"The {weapon.name} lists no {band} range band: no modifier for range")
        return band, 0, out
    return band, found.mod, out


def aim(game: Game, attacker: Character, target: Character, situation: Situation) -> Aim:
    """The Difficulty of a shot and where each modifier came from (R3, R5, R13, R17).

    Raises:
        BadInput: options that do not fit together or do not fit the weapon.
    """
    if situation.cover not in COVER:
        raise BadInput(f"--cover should be none, partial or full, not '{situation.cover}'")
    if situation.size not in SIZES:
        raise BadInput(f"target size should be normal, small or large, not '{situation.size}'")
    if situation.range is not None and situation.range not in BANDS:
        raise BadInput(f"--range should be short or long, not '{situation.range}'")
    if situation.distance is not None and situation.distance < 0:
        raise BadInput("--distance cannot be negative")
    weapon = choose_weapon(attacker, situation.weapon)
    notes: list[str] = []
    if situation.spot:
        if not weapon.explosive:
            raise BadInput(f"only grenades and rockets aim at a spot; the {weapon.name} must aim at a character")
        if situation.size != "normal":
            raise BadInput("with --spot the target is a spot on the ground (already +1 as a small target); "
                           "leave out --small/--large")
        if situation.target_running:
            raise BadInput("with --spot the target is a spot on the ground, which does not run; "
                           "leave out --target-running")
    band, band_mod, out_of_range = _band(weapon, situation, notes)
    mods: list[Modifier] = []
    if band is not None:
        mods.append(Modifier(f"{weapon.name} at {band} range", band_mod, "R13"))
    if COVER[situation.cover]:
        mods.append(Modifier(f"{situation.cover} cover", COVER[situation.cover], "R13"))
    if situation.target_running:
        mods.append(Modifier(f"{target.name} is running (--target-running)", RUNNING_MOD, "R13"))
    elif target.has("ran") and not situation.spot:
        # H4: a charge is a run, so a charger is a running target too.
        mods.append(Modifier(f"{target.name} ran or charged in its last turn", RUNNING_MOD, "R13"))
    if SIZES[situation.size]:
        mods.append(Modifier(f"{situation.size} target", SIZES[situation.size], "R13"))
    if situation.spot:
        mods.append(Modifier(f"aiming at a spot beside {target.name}", SPOT_MOD, "R13"))
    mods.extend(Modifier("free modifier (--mod)", m, "R13") for m in situation.mods)
    if attacker.wound_modifier:
        mods.append(Modifier(f"{attacker.name}'s wounds ({attacker.damage_taken} damage taken)",
                             attacker.wound_modifier, "R5"))
    reach = None
    if weapon.kind == "thrown":
        reach = throw_range(attacker.strength)
        if situation.distance is not None and situation.distance > reach:
            out_of_range = (f"{situation.distance:g}\" is beyond {attacker.name}'s throw of {reach}\" "
                            f"(Strength {attacker.strength}, R17)")
    return Aim(attacker.name, target.name, weapon, band, mods, difficulty_of(1, (m.value for m in mods)),
               attacker.shooting, situation.spot, reach, situation.distance, out_of_range, notes)


# --- may it shoot? ----------------------------------------------------------------


def check_shooter(game: Game, c: Character, table: Table) -> bool:
    """The turn, phase and state checks for a shooter (R12, R20, R23). True for overwatch fire.

    Raises:
        RuleRefusal: the shot is not allowed now (unless forced; then it is logged).
    """
    if c.engaged_with:
        refuse(table, f"{c.name} cannot shoot: it is engaged in close combat with "
                      f"{', '.join(c.engaged_with)} and can only fight (R12)")
    if not game.is_turn_of(c):
        if c.has("overwatch"):
            # R20: an overwatcher may fire once at any moment of the enemy's turn.
            require_steady(table, c, "shoot")
            return True
        require_own_turn(game, table, c, "shoot (only a character on overwatch fires in the enemy's turn, R20)")
        return False
    require_phase(game, table, "Shooting", "ranged")
    if "shot" in c.acted:
        refuse(table, f"{c.name} has already shot this turn; each character shoots once per turn")
    for action, why in NO_SHOOTING_AFTER.items():
        # The statuses too: `ran` and `overwatch` on one's own turn were set this turn.
        if action in c.acted or (action in ("ran", "overwatch") and c.has(action)):
            refuse(table, f"{c.name} cannot shoot: {why}")
            break
    require_steady(table, c, "shoot")
    return False


def check_target(attacker: Character, target: Character, table: Table) -> None:
    """R13, R19: a hidden character cannot be shot; nor, without an overrule, a squad-mate."""
    require_on_table(target, "be shot at")
    if target.squad == attacker.squad:
        refuse(table, f"{target.name} is in {attacker.name}'s own squad; choose an enemy")
    if target.has("hidden"):
        refuse(table, f"{target.name} is hidden and cannot be shot until spotted (R13, R19; `sprawl spot`)")


def check_closest(game: Game, attacker: Character, target: Character, plan: Aim, table: Table) -> None:
    """H2: a character must shoot at the closest viable target it can see. Only the players
    know the distances, so a terminal is asked whenever another enemy could be closer. Without
    one (a script) the shot goes ahead as the players' call: a gun's shot needs no answer
    that a script must give (the interface's promise), as with line of sight."""
    others = [e for e in game.enemies(attacker) if e is not target and not e.has("hidden")]
    if not others:
        return
    where = f"the spot beside {target.name}" if plan.spot else target.name
    try:
        closest = table.confirm(f"Is {target.name} the closest viable target {attacker.name} can see "
                                f"(a character must shoot at the closest one, H2)?")
    except NeedsAnswer:
        return  # no terminal and no --yes: the players' call
    if not closest:
        refuse(table, f"{attacker.name} must shoot at the closest viable target it can see, and {where} is "
                      "not it (H2); shoot at that one instead")


def check_weapon(attacker: Character, weapon: Weapon, table: Table) -> None:
    """R14: a jammed or empty weapon does not fire; nor one whose uses are spent."""
    why = attacker.usable(weapon)
    if why is None:
        return
    words = {
        "jammed": "is jammed (a Smarts test in a later Recovery Phase clears it: `sprawl recover`)",
        "out_of_ammo": "is out of ammo for the rest of the game",
        "none_left": "has none left",
    }
    others = [w.name for w in ranged_weapons(attacker) if w is not weapon and attacker.usable(w) is None]
    hint = f"; use --weapon {others[0]}" if others else ""
    refuse(table, f"{attacker.name}'s {weapon.name} {words.get(why, why)} (R14){hint}")


def check_reach(attacker: Character, target: Character, plan: Aim, table: Table) -> None:
    """R17: a thrown weapon reaches only as far as its thrower's Strength allows;
    `--distance` says how far, else the table is asked. Guns ask nothing (SPEC)."""
    if plan.out_of_range:
        refuse(table, f"out of range: {plan.out_of_range}")
        return
    if plan.throw_range is None or plan.distance is not None:
        return
    where = f"the spot beside {target.name}" if plan.spot else target.name
    if not table.confirm(f"Is {where} within {plan.throw_range}\" of {attacker.name} "
                         f"(throwing range at Strength {attacker.strength}, R17)?"):
        refuse(table, f"{where} is beyond {attacker.name}'s throwing range of {plan.throw_range}\" (R17)")


# --- rolling it -------------------------------------------------------------------


def misfired(test: PoolResult) -> bool:
    """R14: no successes at all and at least one 1."""
    return test.successes == 0 and 1 in test.faces


def roll_misfire(attacker: Character, weapon: Weapon, game: Game, dice: Dice) -> tuple[str, int | None]:
    """R14: a grenade or rocket leaves its user with none of them (no die); a gun rolls
    on the misfire table."""
    if weapon.explosive:
        attacker.weapon_states[weapon.name] = "none_left"
        return "none_left", None
    roll = dice.roll(1, f"{attacker.name}: Misfire")[0]
    result = str(MISFIRE.lookup(roll).result)
    attacker.weapon_states[weapon.name] = result
    if result == "jammed":
        attacker.jammed_turn[weapon.name] = game.turn
    return result, roll


def roll_scatter(dice: Dice, who: str, weapon: Weapon) -> Scatter:
    """R15: direction d10 (a 9 or 10 rolls again, -1" or +1"), then distance d10,
    halved and rounded up for a thrown grenade; never below 0."""
    rolls: list[int] = []
    adjustment = 0
    while True:
        roll = dice.roll(1, f"{who}: Scatter direction")[0]
        rolls.append(roll)
        result = SCATTER.lookup(roll).result
        if isinstance(result, int):
            direction = result
            break
        adjustment += -1 if result == "reroll_minus_1" else 1
    distance = dice.roll(1, f"{who}: Scatter distance")[0]
    halved = weapon.kind == "thrown"
    travelled = math.ceil(distance / 2) if halved else distance
    return Scatter(tuple(rolls), direction, distance, halved, adjustment, max(0, travelled + adjustment))


def blast_names(game: Game, outcome: ShotOutcome, target: Character, table: Table) -> list[Character]:
    """R16: who the blast catches, in the order the players name them; a character it
    lands on (a direct hit, or a scatter of 0") is caught first (SPEC section 3).

    `--blast` answers for the aimed point. After a scatter that moved it, the players
    are asked again about the new point (H1, `--blast-scattered`): the names given for
    the aimed point no longer hold.
    """
    weapon = outcome.aim.weapon
    scatter = outcome.scatter
    moved = scatter is not None and scatter.inches > 0
    on_target = not moved and not outcome.aim.spot
    caught = [target] if on_target else []
    if not weapon.blast:
        return caught if scatter is None else []
    radius = f"{weapon.blast:g}\""
    option = "blast"
    choices = [c.name for c in game.characters if not c.gone]
    aimed = f"{'the spot beside ' if outcome.aim.spot else ''}{target.name}"
    if scatter is not None and moved:
        from sprawl_cli.systems.sprawl.views.compass import describe

        option = "blast-scattered"
        question = (f"It scattered: who is within {radius} of the point where it landed, {scatter.inches}\" "
                    f"{describe(scatter.direction)} of {aimed} (blast, R16, H1)? Name {target.name} too if so.")
    elif outcome.aim.spot:
        where = f"{aimed}, where it was aimed (the scatter came to 0\")" if scatter else aimed
        question = f"Who is within {radius} of {where} (blast, R16)? Name {target.name} too if so."
    else:
        where = " (the scatter came to 0\", so it went off where aimed)" if scatter else ""
        question = f"Who else, besides {target.name}, is within {radius} of {target.name}{where} (blast, R16)?"
        choices = [n for n in choices if n != target.name]
    for name in table.names(option, question, choices):
        c = game.character(name)
        if c.gone:
            raise BadInput(f"{c.name} is no longer on the table; --{option} names characters still in play")
        if c not in caught:
            caught.append(c)
    return caught


def shoot(game: Game, attacker: Character, target: Character, situation: Situation, dice: Dice,
          table: Table) -> ShotOutcome:
    """One shot, throw or rocket, in SPEC section 3 order: Shooting pool, misfire d10,
    scatter, then each victim (damage, Toughness, incapacitation, ledge), then panic.

    Raises:
        RuleRefusal: out of turn or phase, a forbidden target, a weapon that will not fire,
            out of reach (forceable except for characters off the table).
        BadInput: options that do not fit together.
        NeedsAnswer: a table fact was needed and not given.
    """
    require_on_table(attacker, "shoot")
    if attacker is target:
        raise BadInput(f"{attacker.name} cannot shoot at itself; name an enemy as TARGET")
    ledge = {game.character(n).name for n in situation.near_ledge}
    plan = aim(game, attacker, target, situation)
    overwatch = check_shooter(game, attacker, table)
    check_target(attacker, target, table)
    check_weapon(attacker, plan.weapon, table)
    check_reach(attacker, target, plan, table)
    check_closest(game, attacker, target, plan, table)

    tens = game.settings.rule_of_tens
    test = test_pool(dice, plan.pool, plan.difficulty, f"{attacker.name}: Shooting", tens=tens)
    weapon = plan.weapon
    outcome = ShotOutcome(plan, test, overwatch=overwatch, blast_radius=weapon.blast)

    # The act itself: once per turn, ends overwatch (R20) and hiding (R19), counts for the books.
    mark(attacker, "shot")
    for status in ("overwatch", "hidden"):
        if attacker.has(status):
            attacker.drop(status)
            outcome.ended.append(status)
    if "hidden" in outcome.ended:
        attacker.hide_successes = 0
    attacker.record.shots += 1
    attacker.record.hits += test.net
    if weapon.uses is not None:
        attacker.uses_spent[weapon.name] = attacker.uses_spent.get(weapon.name, 0) + 1
        outcome.uses_left = max(0, weapon.uses - attacker.uses_spent[weapon.name])

    if misfired(test):
        # R14: a gun rolls its misfire d10 here (SPEC section 3); a grenade or rocket rolls
        # nothing more for the misfire, but its user has none of them left.
        outcome.misfire, outcome.misfire_roll = roll_misfire(attacker, weapon, game, dice)
        if outcome.misfire == "none_left":
            outcome.uses_left = 0
    if weapon.explosive and not test.passed:
        # R15: every failed grenade or rocket scatters, a misfired one included (it still goes off).
        outcome.scatter = roll_scatter(dice, attacker.name, weapon)
    if weapon.explosive:
        caught = blast_names(game, outcome, target, table)
    else:
        caught = [target] if test.passed else []
    # R16: after a scatter there are no net hits, so each victim rolls just the Power.
    hits = test.net if outcome.scatter is None else 0
    for victim in caught:
        outcome.victims.append(hurt(game, victim, hits, weapon.power, dice, attacker=attacker,
                                    ranged=True, ledge=victim.name in ledge, settle=False))
    check_game_end(game)  # H8: a blast's victims fall together, so it may leave no side anyone: a draw
    fallen = [game.character(v.name) for v in outcome.victims if v.out_of_action]
    # R9, after every victim (SPEC section 3); a panicker's free attack may pin it near a ledge (R7).
    outcome.panic = panic_tests(game, fallen, table, dice, ledge=tuple(n.lower() for n in ledge))
    outcome.forced = list(table.overruled)
    outcome.game_over = game.reason if game.over else None
    return outcome


# --- line of sight -------------------------------------------------------------------


@dataclass(frozen=True)
class SightRoll:
    """R13: when the players cannot agree whether a target is visible, a d10: even = visible."""

    roll: int
    looker: str | None = None
    target: str | None = None

    @property
    def visible(self) -> bool:
        return self.roll % 2 == 0

    def to_json(self) -> dict[str, Any]:
        return {"roll": self.roll, "visible": self.visible, "looker": self.looker, "target": self.target}


def line_of_sight(dice: Dice, looker: Character | None = None, target: Character | None = None) -> SightRoll:
    """R13: roll a d10 for a doubtful line of sight; a 10 counts as even."""
    label = f"{looker.name}: Line of sight to {target.name}" if looker and target else "Line of sight"
    return SightRoll(dice.roll(1, label)[0], looker.name if looker else None, target.name if target else None)
