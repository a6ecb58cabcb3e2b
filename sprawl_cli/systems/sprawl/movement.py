"""The Movement Phase: moving and running over each kind of ground and climbing (R18),
charging (R12, R18), hiding and spotting (R19), overwatch (R20), jumping (R21),
falling (R22), and the end of a panicked character's flight (R10).

`sprawl` never sees the table, so distances are the players' business: these
rules say how far a character may go and ask the table (`Table.confirm`,
`Table.number`) for the facts they need. What each character did this turn is
kept in `Character.acted`; an action the rules forbid after another one is
refused with the reason, unless the referee forces it (R23).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sprawl_cli.api import BadInput, Dice, RuleRefusal, Table, refuse
from sprawl_cli.systems.sprawl.pool import PoolResult, test_pool
from sprawl_cli.systems.sprawl.model import Character, Game
from sprawl_cli.systems.sprawl import turn
from sprawl_cli.systems.sprawl.damage import Victim, disengage
from sprawl_cli.systems.sprawl.damage import fall as fall_damage
from sprawl_cli.systems.sprawl.morale import PanicTest, panic_tests

TERRAINS = ("open", "difficult", "treacherous")
DIVISOR = {"open": 1, "difficult": 2, "treacherous": 4}  # R18: full, halved, quartered (round down)
CRAWL_INCHES = 2  # R8: a Down character may only crawl this far
RUNNING_DIFFICULTY = 2  # R18: running over difficult ground
SPOT_PHASES = ("movement", "ranged")  # this tool's ruling: a spotter looks in its own turn, before it shoots

# Why an earlier action this turn stands in the way of a new one (R12, R18-R21, R23).
PRIOR = {
    "moved": "it already moved this turn, and a move is made once a turn (R18)",
    "ran": "it ran this turn, and a runner does nothing else that turn (R18)",
    "charged": "it charged this turn and its charge is all its movement (R12, R18)",
    "hid": "it already tried to hide this turn, which ends its movement (R19)",
    "spotted": "it already tried to spot this turn (one Smarts look a turn)",
    "overwatch": "it is on overwatch, which gives up its whole turn (R20)",
    "jumped": "it jumped this turn, and a jump is all it does that turn (R21)",
    "shot": "it shot this turn",
    "brawled": "it fought in close combat this turn (R12)",
    "broke": "it broke away from close combat this turn (R12)",
    "fled": "it fled this turn",
}


# The same, said briefly, when the new action must be all of a turn anyway (run, jump, overwatch).
PAST = {"moved": "moved", "charged": "charged", "hid": "tried to hide", "spotted": "tried to spot", "shot": "shot",
        "brawled": "fought in close combat", "broke": "broke away from close combat", "fled": "fled"}


def check_prior(table: Table, c: Character, verb: str, *, allowed: tuple[str, ...] = (),
                why: dict[str, str] | None = None, alone: str = "") -> None:
    """Refuse `verb` when `c` already did something this turn that forbids it.

    `allowed`: earlier actions that do not stand in the way; `why`: reasons that
    replace the usual ones; `alone`: the rule that makes this action all of a turn.
    """
    for done in c.acted:
        if done in allowed:
            continue
        special = (why or {}).get(done)
        if alone and not special and done in PAST:
            reason = f"it already {PAST[done]} this turn, and {alone}"
        else:
            reason = (special or PRIOR.get(done, f"it already {done} this turn")) + (f"; {alone}" if alone else "")
        refuse(table, f"{c.name} cannot {verb}: {reason}")
        return


def require_free(table: Table, c: Character, verb: str) -> None:
    """R12: an engaged character only fights; it leaves close combat by breaking away."""
    if c.engaged_with:
        refuse(table, f"{c.name} cannot {verb}: it is in close combat with {', '.join(c.engaged_with)} "
                      f"and can only fight or break away (`sprawl break {c.name}`, R12)")


def end_hiding(c: Character) -> bool:
    """R19: moving or attacking gives the hiding place away. True if it was hidden."""
    was = c.has("hidden")
    c.drop("hidden")
    c.hide_successes = 0
    return was


def pool_json(test: PoolResult) -> dict[str, Any]:
    """A Test in an outcome's JSON: the whole test, and its faces and raw successes at the top."""
    return {"test": test.to_json(), "faces": list(test.faces), "successes": test.successes}


def ready(game: Game, table: Table, c: Character, verb: str, *phases: str) -> None:
    """The checks every voluntary action makes: on the table, its phase, its own turn (R23)."""
    turn.require_on_table(c, verb)
    turn.require_phase(game, table, verb, *phases)
    turn.require_own_turn(game, table, c, verb)


# --- moving and running (R18) -------------------------------------------------


def ground_allowance(quickness: int, terrain: str) -> int:
    """R18: Quickness in inches over open ground, halved over difficult, quartered over treacherous (round down)."""
    return quickness // DIVISOR[terrain]


def impassable(quickness: int, terrain: str) -> bool:
    """R18: treacherous ground where the quartered allowance is 1" or less cannot be crossed by that
    character. The clause sits with treacherous ground in R18 (beside "no running on it") and in the
    rule text, so difficult ground never becomes impassable: a slow character just crawls over it."""
    return terrain == "treacherous" and ground_allowance(quickness, terrain) <= 1


@dataclass
class MoveOutcome:
    """How far a character may move this turn and what came of it."""

    name: str
    mode: str  # walk | run | crawl
    terrain: str
    quickness: int
    allowance: int  # inches this move may cover over that ground
    ladder: bool = False
    climb_cost: int | None = None  # inches given up to climb an obstacle
    after_climb: int | None = None
    test: PoolResult | None = None  # Quickness test when running over difficult ground
    stumbled: bool = False
    across: float | None = None  # inches of difficult ground the runner tried to cross
    stop_at: float | None = None  # where a stumbling runner stops, inches into that ground
    hiding_ended: bool = False
    statuses: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def running(self) -> bool:
        return self.mode == "run"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "mode": self.mode,
            "run": self.running,
            "terrain": self.terrain,
            "ladder": self.ladder,
            "quickness": self.quickness,
            "allowance": self.allowance,
            "climb": self.climb_cost is not None,
            "climb_cost": self.climb_cost,
            "after_climb": self.after_climb,
            "test": self.test.to_json() if self.test else None,
            "stumbled": self.stumbled,
            "across": self.across,
            "stop_at": self.stop_at,
            "hiding_ended": self.hiding_ended,
            "statuses": list(self.statuses),
            "notes": list(self.notes),
        }


def move(game: Game, c: Character, dice: Dice, table: Table, *, run: bool = False, terrain: str | None = None,
         climb: bool = False, across: float | None = None, ladder: bool = False) -> MoveOutcome:
    """Move, run or (when Down) crawl `c` over one kind of ground (R8, R18).

    Raises:
        BadInput: an unknown terrain, or --across that does not fit.
        RuleRefusal: the rules forbid this move (forceable except when the character is gone).
        NeedsAnswer: a table fact was needed and not given.
    """
    if terrain is not None and terrain not in TERRAINS:
        raise BadInput(f"--terrain should be open, difficult or treacherous, not '{terrain}'")
    if ladder and terrain not in (None, "difficult"):
        raise BadInput(f"a ladder or stairs count as difficult ground (R18); drop --terrain {terrain}")
    ground = "difficult" if ladder else (terrain or "open")
    if across is not None and across <= 0:
        raise BadInput("--across takes the inches of difficult ground crossed, more than 0")
    verb = "run" if run else "move"
    ready(game, table, c, verb, "movement")
    down = c.has("down")
    if down and (run or climb):
        refuse(table, f"{c.name} is Down and can only crawl {CRAWL_INCHES}\" (R8): no running or climbing")
    crawl = down and not run and not climb
    if not crawl and c.has("panicked"):
        refuse(table, f"{c.name} is panicked and moves only by its flee roll, made when its side's Movement "
                      "Phase begins (R10); say `sprawl safe` or `sprawl edge` when it gets there")
    elif not crawl:
        turn.require_steady(table, c, verb)
    require_free(table, c, verb)
    if run:
        check_prior(table, c, "run", allowed=("broke",), alone="a run must be all it does this turn (R18)")
    else:
        # H5: breaking away in the Movement Phase is turning its back and going: it moves off now.
        check_prior(table, c, verb, allowed=("spotted", "broke"))

    q = c.quickness
    if crawl:
        out = MoveOutcome(c.name, "crawl", ground, q, CRAWL_INCHES, ladder=ladder)
        out.notes.append(f"Down: it may only crawl {CRAWL_INCHES}\" toward safety, whatever the ground (R8)")
    else:
        if ground == "treacherous" and run:
            refuse(table, f"{c.name} cannot run over treacherous ground (R18); move it without --run")
        if ladder and run:
            refuse(table, f"{c.name} cannot run up a ladder or stairs (R18); move it without --run")
        if impassable(q, ground):  # treacherous ground only
            refuse(table, f"{ground} ground is impassable for {c.name}: a quarter of its Quickness {q} "
                          f"(rounded down) is {ground_allowance(q, ground)}\", and 1\" or less cannot cross it "
                          "(R18); go around it")
        allowance = ground_allowance(q, ground) * (2 if run else 1)
        out = MoveOutcome(c.name, "run" if run else "walk", ground, q, allowance, ladder=ladder)
        if climb:
            climb_obstacle(c, out, table)
        if run and ground == "difficult":
            run_across(game, c, out, dice, table, across)
        elif across is not None:
            out.notes.append("--across only matters for a run over difficult ground; it was not used")
    if run:
        c.add("ran")  # R13: a running target until its side's next turn starts
        out.notes.append("It stops at once if it passes within 4\" of an enemy it can plainly see (R18)")
    turn.mark(c, "ran" if run else "moved")
    out.hiding_ended = end_hiding(c)
    out.statuses = c.shown_statuses
    return out


def climb_obstacle(c: Character, out: MoveOutcome, table: Table) -> None:
    """R18: an obstacle 1"-2" high costs half the total allowance (round down);
    not after moving more than half; higher is impassable."""
    if not table.confirm(f"Is the obstacle {c.name} climbs no more than 2\" high?"):
        refuse(table, f"an obstacle over 2\" high is impassable (R18): {c.name} must go around it")
    half = out.allowance // 2
    if not table.confirm(f"Has {c.name} moved no more than {half}\" (half of its {out.allowance}\") "
                         "before reaching the obstacle?"):
        refuse(table, f"{c.name} cannot climb: it already moved more than half of its {out.allowance}\" "
                      "this turn (R18)")
    out.climb_cost = half
    out.after_climb = out.allowance - half
    out.notes.append("An obstacle under 1\" high (and at most 1\" wide) costs nothing to cross (R18)")


def run_across(game: Game, c: Character, out: MoveOutcome, dice: Dice, table: Table, across: float | None) -> None:
    """R18: a run over difficult ground needs a Quickness test at Difficulty 2; failing,
    the runner stops halfway across that stretch. Its length is asked before the roll."""
    if across is None:
        across = table.number("across", f"How many inches of difficult ground does {c.name} try to run across?")
        if across <= 0:
            raise BadInput("the inches of difficult ground crossed should be more than 0")
    if across > out.allowance:
        raise BadInput(f"{c.name} can run at most {out.allowance}\" over difficult ground, not {across:g}\"")
    out.across = float(across)
    out.test = test_pool(dice, c.quickness, RUNNING_DIFFICULTY, f"{c.name}: Quickness (running on difficult ground)",
                         tens=game.settings.rule_of_tens)
    if not out.test.passed:
        out.stumbled = True
        out.stop_at = across / 2


# --- charging (R12, R18) --------------------------------------------------------

# H3: normal movement this turn, after which no friend may charge.
NORMAL_MOVES = ("moved", "ran", "hid", "jumped")


@dataclass
class ChargeOutcome:
    name: str
    target: str
    allowance: int
    engaged_with: list[str]
    hiding_ended: bool = False
    terrain: str = "open"
    reached: bool = True  # False: it stumbled or fell short, and stops without contact
    short: bool = False  # the players measured: the target was out of reach
    run: MoveOutcome | None = None  # the running part over difficult ground (R18)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        run = self.run
        return {"name": self.name, "target": self.target, "allowance": self.allowance,
                "engaged_with": list(self.engaged_with), "hiding_ended": self.hiding_ended,
                "terrain": self.terrain, "reached": self.reached, "short": self.short,
                "test": run.test.to_json() if run is not None and run.test is not None else None,
                "stumbled": bool(run and run.stumbled), "across": run.across if run else None,
                "stop_at": run.stop_at if run else None, "notes": list(self.notes)}


def charge(game: Game, charger: Character, target: Character, dice: Dice, table: Table, *,
           terrain: str | None = None, across: float | None = None, short: bool = False) -> ChargeOutcome:
    """Charge `target`: moved as if running, up to double Quickness, and the two are
    engaged on contact (R12, R18). Over difficult ground the charger's Quickness is
    halved and a stumble (Quickness test, Difficulty 2) stops it halfway across that
    stretch; treacherous ground cannot be run over. `short`: the players measured and
    the target was out of reach, so the charger moves its full allowance and stops.
    Either way a charge is all it does this turn.

    Raises:
        RuleRefusal: a friend, a hidden target, ground it cannot run over, or a charger
            that cannot charge now.
        BadInput: an unknown terrain or a bad --across.
    """
    ground = terrain or "open"
    if ground not in TERRAINS:
        raise BadInput(f"--terrain should be open, difficult or treacherous, not '{terrain}'")
    if across is not None and across <= 0:
        raise BadInput("--across takes the inches of difficult ground crossed, more than 0")
    turn.require_on_table(target, "be charged")
    if target.squad == charger.squad:
        raise RuleRefusal(f"{charger.name} cannot charge {target.name}: they are on the same side")
    ready(game, table, charger, "charge", "movement")
    turn.require_steady(table, charger, "charge")
    if target.name in charger.engaged_with:
        refuse(table, f"{charger.name} is already in close combat with {target.name}; fight with `sprawl brawl`")
    require_free(table, charger, "charge")
    check_prior(table, charger, "charge", allowed=("spotted",), why={
        "moved": "it already moved this turn, and a charge is its move (R18, R23)",
        "shot": "it shot this turn, and nobody shoots and fights in close combat in one turn (R12)",
    })
    if target.has("hidden"):
        refuse(table, f"{target.name} is hidden and cannot be charged until it is spotted (R19, `sprawl spot`)")
    moved = [c.name for c in game.friends(charger) if any(a in c.acted for a in NORMAL_MOVES)]
    if moved:
        # H3: the Movement Phase goes panicked first, then chargers, then everyone else.
        refuse(table, f"{charger.name} cannot charge now: chargers move before normal movement, and "
                      f"{', '.join(moved)} already moved this turn (H3)")
    q = charger.quickness
    if ground == "treacherous":
        refuse(table, f"{charger.name} cannot charge over treacherous ground: a charge is a run, and nobody "
                      "runs there (R18)")
    out = ChargeOutcome(charger.name, target.name, 2 * ground_allowance(q, ground), [], terrain=ground, short=short)
    if ground == "difficult" and not short:
        # R18: the charge is a run, so difficult ground asks for the runner's Quickness test.
        run = MoveOutcome(charger.name, "run", ground, q, out.allowance)
        run_across(game, charger, run, dice, table, across)
        out.run = run
        out.reached = not run.stumbled
    out.reached = out.reached and not short
    if out.reached:
        for a, b in ((charger, target), (target, charger)):
            if b.name not in a.engaged_with:
                a.engaged_with.append(b.name)
    else:
        out.notes.append("A charge that does not reach its target still uses the whole turn (R18)")
    out.engaged_with = list(charger.engaged_with)
    turn.mark(charger, "charged")
    charger.add("ran")  # H4: a charge is a run, so it is a running target until its side's next turn
    out.hiding_ended = end_hiding(charger)
    if out.reached:
        out.notes.append("If it falls short, `sprawl undo` and charge again with --short: it then moves its "
                         "full allowance, stops and does nothing else this turn")
    return out


# --- hiding and spotting (R19) ------------------------------------------------


@dataclass
class HideOutcome:
    name: str
    enemies: list[dict[str, Any]]  # {"name", "smarts"}: the distances the table was asked about
    test: PoolResult
    hide_successes: int
    hidden: bool
    moved: bool

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "enemies": self.enemies, **pool_json(self.test),
                "hide_successes": self.hide_successes, "hidden": self.hidden, "moved": self.moved}


def hide(game: Game, c: Character, dice: Dice, table: Table) -> HideOutcome:
    """R19: after its movement (none counts, a run does not), with no enemy within that
    enemy's Smarts in inches, a Smarts test; its raw successes (Tens double, R2) are
    stored, and 0 means it is not hidden.

    Raises:
        RuleRefusal: it ran, an enemy is too close, or it cannot act now.
    """
    ready(game, table, c, "hide", "movement")
    turn.require_steady(table, c, "hide")
    require_free(table, c, "hide")
    check_prior(table, c, "hide", allowed=("moved", "spotted"),
                why={"ran": "it ran this turn, and a runner cannot hide (R19)"})
    if c.has("hidden"):
        refuse(table, f"{c.name} is already hidden ({c.hide_successes} to spot); it hides anew only after moving")
    enemies = [{"name": e.name, "smarts": e.smarts} for e in game.enemies(c)]
    listing = ", ".join(f"{e['name']} {e['smarts']}\"" for e in enemies)
    if enemies and not table.confirm(f"Is every enemy farther from {c.name} than its own Smarts in inches? "
                                     f"({listing})"):
        refuse(table, f"{c.name} cannot hide: an enemy is within its own Smarts in inches of it (R19)")
    if not table.confirm(f"Is {c.name} behind cover, or somewhere a person could reasonably hide (R19)?"):
        refuse(table, f"{c.name} cannot hide: it needs cover or a place to conceal itself (R19)")
    test = test_pool(dice, c.smarts, 1, f"{c.name}: Smarts (hide)", tens=game.settings.rule_of_tens)
    turn.mark(c, "hid")
    c.hide_successes = test.successes  # R4: raw successes, Tens double with R2
    if test.successes:
        c.add("hidden")
        c.hidden_turn = game.turn
    else:
        c.drop("hidden")
    return HideOutcome(c.name, enemies, test, c.hide_successes, c.has("hidden"), "moved" in c.acted)


@dataclass
class SpotOutcome:
    spotter: str
    hider: str
    test: PoolResult
    needed: int
    found: bool

    def to_json(self) -> dict[str, Any]:
        return {"spotter": self.spotter, "hider": self.hider, **pool_json(self.test),
                "needed": self.needed, "found": self.found}


def spot(game: Game, spotter: Character, hider: Character, dice: Dice, table: Table) -> SpotOutcome:
    """R19: a spotter within its own Smarts in inches of the hider rolls Smarts and finds
    it with raw successes >= the hider's stored count; hiding then ends.

    Spotting belongs to the spotter's own Movement or Ranged Combat Phase (SPOT_PHASES),
    one try a turn.

    Raises:
        RuleRefusal: a friend or someone not hidden; too far; or the spotter cannot act now.
    """
    turn.require_on_table(hider, "be spotted")
    if hider.squad == spotter.squad:
        raise RuleRefusal(f"{hider.name} is on {spotter.name}'s own side; spot enemies")
    if not hider.has("hidden"):
        raise RuleRefusal(f"{hider.name} is not hidden; there is nothing to spot")
    ready(game, table, spotter, "spot", *SPOT_PHASES)
    turn.require_steady(table, spotter, "spot")
    require_free(table, spotter, "spot")
    check_prior(table, spotter, "spot", allowed=("moved", "hid", "shot"))
    if not table.confirm(f"Is {spotter.name} within {spotter.smarts}\" (its Smarts) of {hider.name}?"):
        refuse(table, f"{spotter.name} is too far to spot {hider.name}: a spotter must be within its own "
                      f"Smarts ({spotter.smarts}\") of the hider (R19)")
    test = test_pool(dice, spotter.smarts, max(1, hider.hide_successes), f"{spotter.name}: Smarts (spot)",
                     tens=game.settings.rule_of_tens)
    needed = hider.hide_successes
    found = test.successes >= needed  # R19: equal is enough
    turn.mark(spotter, "spotted")
    if found:
        end_hiding(hider)
    return SpotOutcome(spotter.name, hider.name, test, needed, found)


# --- overwatch (R20) ------------------------------------------------------------


@dataclass
class OverwatchOutcome:
    name: str
    hidden: bool
    statuses: list[str]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "overwatch": "overwatch" in self.statuses, "hidden": self.hidden,
                "statuses": list(self.statuses)}


def overwatch(game: Game, c: Character, table: Table) -> OverwatchOutcome:
    """R20: declared in the Movement Phase by a character that did nothing else this turn,
    is not pinned, Down or panicked, and did not go into hiding this turn (hidden at the
    turn's start is fine). It ends at its own next turn start, a pin or panic.

    Raises:
        RuleRefusal: any of those restrictions.
    """
    ready(game, table, c, "go on overwatch", "movement")
    turn.require_steady(table, c, "go on overwatch")
    require_free(table, c, "go on overwatch")
    if c.has("overwatch"):
        refuse(table, f"{c.name} is already on overwatch")
    if c.has("hidden") and c.hidden_turn == game.turn:
        refuse(table, f"{c.name} went into hiding this turn and cannot also go on overwatch; only a character "
                      "already hidden when its turn began may (R20)")
    check_prior(table, c, "go on overwatch", alone="overwatch takes the whole turn (R20)")
    ranged = [w for w in c.weapons if w.ranged]
    if not any(c.usable(w) is None for w in ranged):
        states = ", ".join(f"{w.name} {str(c.usable(w)).replace('_', ' ')}" for w in ranged)
        refuse(table, f"{c.name} cannot go on overwatch: overwatch waits to shoot, and it has "
                      + (f"no ranged weapon that can fire ({states})" if ranged else "no ranged weapon")
                      + " (R20, R14)")
    c.add("overwatch")
    turn.mark(c, "overwatch")
    return OverwatchOutcome(c.name, c.has("hidden"), c.shown_statuses)


# --- jumping and falling (R21, R22) ---------------------------------------------


@dataclass
class JumpOutcome:
    name: str
    test: PoolResult
    inches: int
    hiding_ended: bool

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, **pool_json(self.test), "inches": self.inches, "hiding_ended": self.hiding_ended}


def jump(game: Game, c: Character, dice: Dice, table: Table) -> JumpOutcome:
    """R21: a Quickness test; it jumps 1" per raw success (Tens double) and does nothing else this turn.

    Raises:
        RuleRefusal: it already acted this turn, or cannot act now.
    """
    ready(game, table, c, "jump", "movement")
    turn.require_steady(table, c, "jump")
    require_free(table, c, "jump")
    check_prior(table, c, "jump", alone="a jump must be all it does this turn (R21)")
    test = test_pool(dice, c.quickness, 1, f"{c.name}: Quickness (jump)", tens=game.settings.rule_of_tens)
    turn.mark(c, "jumped")
    return JumpOutcome(c.name, test, test.successes, end_hiding(c))


@dataclass
class FallOutcome:
    name: str
    inches: float
    victim: Victim
    panic: list[PanicTest]
    hiding_ended: bool

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "inches": self.inches, "points": self.victim.damage,
                "hiding_ended": self.hiding_ended, "victims": [self.victim.to_json()],
                "panic": [p.to_json() for p in self.panic]}


def fall(game: Game, c: Character, inches: float, dice: Dice, table: Table, ledge: bool = False) -> FallOutcome:
    """R22: a fall of more than 1" deals the inches (round down) as damage, resisted by
    Toughness; 0 Health brings R8, and Out of Action brings the friends' panic tests (R9).
    A fall happens whenever it happens: any phase, either side's turn.

    Raises:
        BadInput: negative inches. RuleRefusal: the character is already off the table.
    """
    if inches < 0:
        raise BadInput(f"a fall of {inches:g}\" makes no sense; give the height in inches, 0 or more")
    turn.require_on_table(c, "fall")
    hiding_ended = end_hiding(c) if inches > 0 else False  # R19: it has moved
    victim = fall_damage(game, c, inches, dice, ledge=ledge)
    panic = panic_tests(game, [c], table, dice) if victim.out_of_action else []
    victim.statuses = c.shown_statuses
    return FallOutcome(c.name, inches, victim, panic, hiding_ended)


# --- the end of a panicked flight (R10) -----------------------------------------


@dataclass
class FlightEnd:
    name: str
    where: str  # safe | edge
    statuses: list[str]
    over: bool = False
    winner: str | None = None
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "where": self.where, "safe": self.where == "safe",
                "out_of_play": self.where == "edge", "statuses": list(self.statuses),
                "over": self.over, "winner": self.winner, "reason": self.reason}


def _require_fleeing(c: Character, where: str) -> None:
    turn.require_on_table(c, f"reach {where}")
    if not c.has("panicked"):
        raise RuleRefusal(f"{c.name} is not panicked; only a panicked character flees to {where} (R10)")


def safe(game: Game, c: Character) -> FlightEnd:
    """R10: a panicked character reached cover out of the enemy's sight: it stops fleeing
    and may try to recover in a later turn. Any phase: a flight may end at any time.

    Raises:
        RuleRefusal: it is not panicked, or already safe.
    """
    _require_fleeing(c, "safety")
    if c.has("safe"):
        raise RuleRefusal(f"{c.name} is already safe; it stays put until it recovers")
    c.add("safe")
    return FlightEnd(c.name, "safe", c.shown_statuses)


def edge(game: Game, c: Character) -> FlightEnd:
    """R10: a panicked character that reaches the table edge is Out of Play for the game
    (it counts with the Out of Action for routing, R24); the game may be over (R25).

    Raises:
        RuleRefusal: it is not panicked.
    """
    _require_fleeing(c, "the table edge")
    leave_the_table(game, c)
    return FlightEnd(c.name, "edge", c.shown_statuses, game.over, game.winner, game.reason)


def leave_the_table(game: Game, c: Character) -> None:
    """`c` is Out of Play for the rest of the game, as one that fled over the edge (R10), or
    that the referee takes off the table: its fights end, it keeps no other status, and its
    side may have lost (R25)."""
    for status in ("pinned", "down", "panicked", "overwatch", "hidden", "ran", "safe"):
        c.drop(status)
    c.hide_successes = 0
    c.recovery_pending = False
    disengage(game, c)
    c.add("out_of_play")
    turn.check_game_end(game)
