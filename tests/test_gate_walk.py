"""The one gate (issue 33), walked: every command of every system, through every state its
turn referee knows, checked against the system's own table of doors (`System.doors`).

For each system a `Walk` names who acts, how to make a game in which that character may do
anything (`ready`, per door: SPRAWL's shot wants its Ranged Combat Phase), and the states a
character can be in, each with the checks it is meant to trip. Then, generated from the
tables:
- every command of every system has a door, and every door names known checks;
- in the ready game no check of any door refuses;
- each state trips exactly the checks it says, for every door (so a state tests what it
  claims, and a check that stopped asking its question is caught);
- each door refused in a state is refused through the real command line: exit 1, one
  `error:` line with the first check's reason, no file changed byte for byte; forced, the
  gate records the overrule (or, for what nobody overrules, still refuses);
- a forced refusal through the command line is journalled as forced;
- once the game is over, every door is refused and nothing changes.
A command added to a system without a door fails the first test; a door without a command
line here fails `test_every_door_with_a_character_has_a_command_line`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from sprawl_cli.errors import RuleRefusal
from sprawl_cli.gate import KERNEL_DOORS, Door, check_table, gate
from sprawl_cli.store import GameStore
from sprawl_cli.systems import get as load_system
from sprawl_cli.table import ScriptedTable
from tests.conftest import Sprawl
from tests.factory import new_args

Mutate = Callable[[Any, Any], None]  # (game, the actor) -> None


@dataclass(frozen=True)
class State:
    make: Mutate
    trips: frozenset[str]  # the checks this state is meant to trip (where a door has them)
    spared: frozenset[tuple[str, str]] = frozenset()  # (door, check): a door that rule lets through

    def expected(self, door: str, checks: tuple[str, ...]) -> set[str]:
        return {c for c in self.trips & set(checks) if (door, c) not in self.spared}


@dataclass(frozen=True)
class Walk:
    system: str
    actor: str
    ready: Callable[[Any, Any, str, Door], None]  # (game, actor, door name, door): may do anything
    states: dict[str, State]
    lines: dict[str, tuple[str, ...]]  # door -> its command line
    start: tuple[str, ...] = ()  # commands run after `new` (a deal)
    forced: str = ""  # the door whose forced refusal the journal is checked for
    skip: frozenset[str] = field(default_factory=frozenset)  # doors with no character (deal, next...)


def _side_of(game: Any, who: Any) -> int:
    return next(i for i, s in enumerate(game.squads) if s.name == who.squad)


def _other_side(game: Any, who: Any) -> None:
    game.side = 1 - _side_of(game, who)


def _status(name: str) -> Mutate:
    return lambda game, who: who.add(name)


def _set(attribute: str, value: Any) -> Mutate:
    return lambda game, who: setattr(who, attribute, value)


def _both(*steps: Mutate) -> Mutate:
    def run(game: Any, who: Any) -> None:
        for step in steps:
            step(game, who)

    return run


def _nothing(game: Any, who: Any) -> None:
    return None


# --- SPRAWL ------------------------------------------------------------------------------
def _sprawl_ready(game: Any, who: Any, name: str, door: Door) -> None:
    game.side = _side_of(game, who)
    game.phase = door.phases[0] if door.phases else ("ranged" if name == "shoot" else game.phase)


def _sprawl_wrong_phase(game: Any, who: Any) -> None:
    game.phase = "recovery" if game.phase != "recovery" else "movement"


SPRAWL = Walk(
    "sprawl", "Wes", _sprawl_ready,
    {
        "out of action": State(_status("out_of_action"), frozenset({"present"})),
        "out of play": State(_status("out_of_play"), frozenset({"present"})),
        "wrong phase": State(_sprawl_wrong_phase, frozenset({"phase", "fire"})),
        "not its turn": State(_other_side, frozenset({"turn", "fire"})),
        "on overwatch, the enemy's turn": State(_both(_other_side, _status("overwatch")), frozenset({"turn"})),
        "down": State(_status("down"), frozenset({"steady"})),
        "pinned": State(_status("pinned"), frozenset({"steady"})),
        "panicked": State(_status("panicked"), frozenset({"steady"})),
        "engaged": State(lambda game, who: (who.engaged_with.append("Gordo"),
                                            game.character("Gordo").engaged_with.append(who.name)) and None,
                         frozenset({"free"})),
    },
    {
        "move": ("move", "Wes"), "charge": ("charge", "Wes", "Gordo"), "hide": ("hide", "Wes"),
        "spot": ("spot", "Wes", "Gordo"), "overwatch": ("overwatch", "Wes"), "jump": ("jump", "Wes"),
        "shoot": ("shoot", "Wes", "Gordo"), "brawl": ("brawl", "Wes", "Gordo"), "break": ("break", "Wes"),
        "recover": ("recover", "Wes"), "fall": ("fall", "Wes", "3", "--nearby", "none"), "safe": ("safe", "Wes"),
        "edge": ("edge", "Wes"), "damage": ("damage", "Wes", "1"), "set": ("set", "Wes", "pinned", "on"),
    },
    forced="overwatch",
    skip=frozenset({"recover --side", "los", "rout"}),
)


# --- Savage Worlds -----------------------------------------------------------------------
def _sw_ready(game: Any, who: Any, name: str, door: Door) -> None:
    game.acting = next(i for i, entry in enumerate(game.order) if entry["card"] == who.card)  # Ada's card is up


# W5: the drop counts as a hold, so an attack with the drop waits for no card (one not yet had).
_DROP = frozenset({("fight --drop", "turn"), ("shoot --drop", "turn")})

SAVAGE_WORLDS = Walk(
    "savage-worlds", "Ada", _sw_ready,
    {
        "before the first deal": State(lambda game, who: setattr(game, "dealt", False), frozenset({"dealt"})),
        "incapacitated": State(_status("incapacitated"), frozenset({"out", "turn"}), _DROP),
        "not its card": State(_set("card", "2C"), frozenset({"turn"}), _DROP),
        "surprised (no card)": State(_set("card", None), frozenset({"turn"}), _DROP),
        "had its turn": State(_both(_set("card", "2C"), _set("had_turn", True)), frozenset({"turn"})),
        "on hold, another's card up": State(_both(_set("card", "2C"), _status("on_hold")), frozenset()),
        "holding a Joker, another's card up": State(_set("card", "RJ"), frozenset()),
        "turn ended early": State(_set("turn_over", "Defend was its whole action (it may still move)"),
                                  frozenset({"spent"})),
        "shaken": State(_status("shaken"), frozenset({"shaken"})),
    },
    {
        "hold": ("hold", "Ada"), "interrupt": ("interrupt", "Ada", "Priestess"),
        "fight": ("fight", "Ada", "Priestess", "--yes"), "fight --drop": ("fight", "Ada", "Priestess", "--drop", "--yes"),
        "shoot": ("shoot", "Ada", "Priestess", "--range", "short"),
        "shoot --drop": ("shoot", "Ada", "Priestess", "--range", "short", "--drop"),
        "suppress": ("suppress", "Ada", "--range", "short", "--victims", "none"),
        "break": ("break", "Ada", "rope", "--type", "cutting", "--yes"), "finish": ("finish", "Ada", "Priestess", "--yes"),
        "reload": ("reload", "Ada"), "draw": ("draw", "Ada"), "aim": ("aim", "Ada", "Priestess"),
        "defend": ("defend", "Ada"), "test": ("test", "Ada", "notice"), "test --free": ("test", "Ada", "notice", "--free"),
        "oppose": ("oppose", "Ada", "agility", "Priestess"), "run": ("run", "Ada"), "move": ("move", "Ada", "--inches", "1"),
        "prone": ("prone", "Ada"), "rise": ("rise", "Ada"), "jump": ("jump", "Ada"), "recover": ("recover", "Ada"),
        "recover --benny": ("recover", "Ada", "--benny"), "benny": ("benny", "Ada"), "soak": ("soak", "Ada"),
        "wounds": ("wounds", "Ada", "1"), "set": ("set", "Ada", "prone", "on"),
    },
    start=("deal", "--dice", "KS,7H,QS,4C,9D"),
    forced="defend",
    skip=frozenset({"deal", "standoff", "award"}),
)


# --- Gunplay -----------------------------------------------------------------------------
def _gunplay_ready(game: Any, who: Any, name: str, door: Door) -> None:
    game.side = _side_of(game, who)
    game.active = None


GUNPLAY = Walk(
    "gunplay", "Vic", _gunplay_ready,
    {
        "removed": State(_status("removed"), frozenset({"present"})),
        "another mid-activation": State(lambda game, who: setattr(game, "active", "Marla"), frozenset({"alone"})),
        "activated": State(_set("activated", True), frozenset({"fresh"})),
        "the other side's go": State(_other_side, frozenset({"side"})),
        "down": State(_status("down"), frozenset({"down"})),
    },
    {
        "move": ("move", "Vic"), "aim": ("aim", "Vic", "Sheriff Hale"), "fire": ("fire", "Vic", "Sheriff Hale"),
        "strike": ("strike", "Vic", "Sheriff Hale"), "charge": ("charge", "Vic", "Sheriff Hale"),
        "recover": ("recover", "Vic"), "interact": ("interact", "Vic"), "pass": ("pass", "Vic"),
        "done": ("done", "Vic"), "set": ("set", "Vic", "prone", "on"),
    },
    forced="pass",
)


# --- Street-Fight ------------------------------------------------------------------------
def _sf_ready(game: Any, who: Any, name: str, door: Door) -> None:
    if name == "shoot --overwatch":  # in the enemy's turn, on overwatch
        _sf_side(game, 1 - _side_of(game, who))
        who.add("overwatch")
        game.phase = "movement"
        return
    _sf_side(game, _side_of(game, who))
    game.phase = door.phases[0] if door.phases else ("shooting" if name == "shoot" else game.phase)


def _sf_side(game: Any, side: int) -> None:
    game.position = game.order.index(side)  # F1: the side acting is the one at `position` in `order`
    game.side = side


def _sf_wrong_phase(game: Any, who: Any) -> None:
    game.phase = "morale"


def _sf_switch(game: Any, who: Any) -> None:
    _sf_side(game, 1 - game.side)


STREET_FIGHT = Walk(
    "street-fight", "Mags", _sf_ready,
    {
        "casualty": State(_status("casualty"), frozenset({"standing"})),
        "wrong phase": State(_sf_wrong_phase, frozenset({"phase", "fire", "watch"})),
        "the other side acting": State(_sf_switch, frozenset({"side", "fire", "watch"})),
        "falling back": State(_status("falling_back"), frozenset({"steady"})),
        "sheltering": State(_status("sheltering"), frozenset({"steady"})),
    },
    {
        "move": ("move", "Mags"), "aim": ("aim", "Mags"), "overwatch": ("overwatch", "Mags"),
        "shoot": ("shoot", "Mags", "Orla", "--distance", "4"),
        "shoot --overwatch": ("shoot", "Mags", "Orla", "--distance", "4", "--overwatch"),
        "fight": ("fight", "Mags", "Orla"), "set": ("set", "Mags", "overwatch", "on"),
    },
    forced="aim",
    skip=frozenset({"morale"}),
)


# --- Scratch:Grid ------------------------------------------------------------------------
def _grid_ready(game: Any, who: Any, name: str, door: Door) -> None:
    game.side = _side_of(game, who)


SCRATCH_GRID = Walk(
    "scratch-grid", "Vex", _grid_ready,
    {
        "escaped": State(_both(_status("escaped"), _set("at", None)), frozenset({"present"})),
        "not its turn": State(_other_side, frozenset({"turn"})),
        "incapacitated": State(_status("incapacitated"), frozenset({"move", "act"})),
        "immobilised": State(_both(_status("immobilised"), _set("immobilised_turn", 9)), frozenset({"move"})),
        "delayed": State(_both(_status("delayed"), _set("delayed_turn", 9)), frozenset({"act"})),
        "stopped by an interrupt": State(_set("turn_over", True), frozenset({"move", "act"})),
        "moved": State(_set("moved", True), frozenset({"move"})),
        "acted": State(_set("acted", True), frozenset({"act"})),
    },
    {
        "move": ("move", "Vex", "k4"), "escape": ("escape", "Vex"), "attack": ("attack", "Vex", "Ada", "--kind", "close"),
        "evade": ("evade", "Vex"), "heal": ("heal", "Vex", "Mord"), "set": ("set", "Vex", "evading", "on"),
    },
    forced="evade",
)

WALKS = {w.system: w for w in (SPRAWL, SAVAGE_WORLDS, GUNPLAY, STREET_FIGHT, SCRATCH_GRID)}


def _doors(walk: Walk) -> dict[str, Door]:
    system = load_system(walk.system)
    commands = set(system.commands)
    kernel = {name: door for name, door in KERNEL_DOORS.items() if name not in system.doors}
    doors = {**kernel, **system.doors}
    return {name: door for name, door in doors.items()
            if door.actor and name not in walk.skip and name.split(" ")[0] in commands | {"set"}}


CASES = [(walk.system, state, door) for walk in WALKS.values() for state in walk.states for door in _doors(walk)]


def _start(sprawl: Sprawl, walk: Walk) -> None:
    sprawl.new(system=walk.system)
    if walk.start:
        assert sprawl(*walk.start).exit_code == 0


def _game(sprawl: Sprawl) -> tuple[GameStore, Any]:
    store = GameStore(sprawl.save)
    return store, store.load()


@dataclass
class Scene:
    """A walked system's game, ready for `door`: its store, the game, who acts, the system."""

    store: GameStore
    game: Any
    who: Any
    system: Any
    entry: Door


def _scene(sprawl: Sprawl, system: str, door: str) -> Scene:
    walk = WALKS[system]
    entry = _doors(walk)[door]
    _start(sprawl, walk)
    store, game = _game(sprawl)
    who = game.character(walk.actor)
    walk.ready(game, who, door, entry)
    return Scene(store, game, who, load_system(system), entry)


def _tripped(game: Any, system: Any, who: Any, name: str, door: Door) -> list[str]:
    return [check for check in door.checks if system.checks[check].ask(game, who, name) is not None]


# --- the tables ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["sprawl", "gunplay", "street-fight", "savage-worlds", "scratch-grid"])
def test_every_command_of_every_system_has_a_door(name: str) -> None:
    system = load_system(name)
    assert check_table(system.doors, system.checks, system.commands, system.lookups, name) == []


def test_a_command_without_a_door_is_found_and_cannot_act() -> None:
    from sprawl_cli.gate import GateDefect, door_of

    assert check_table({}, {}, {"zap": ("cli", "Zap.")}, frozenset(), "toy") == ["toy: `zap` has no door"]
    assert check_table({"zap": Door("action", checks=("nope",))}, {}, {"zap": ("cli", "")}, frozenset(), "toy") == [
        "toy: `zap` names the unknown check `nope`"]
    with pytest.raises(GateDefect, match="`zap` is not in toy's table"):
        door_of({}, "zap", "toy")
    with pytest.raises(ValueError, match="kind"):
        Door("sometimes")


@pytest.mark.parametrize("system", sorted(WALKS))
def test_every_door_with_a_character_has_a_command_line(system: str) -> None:
    walk = WALKS[system]
    assert set(_doors(walk)) == set(walk.lines)


@pytest.mark.parametrize("system", sorted(WALKS))
def test_in_the_ready_game_no_door_is_refused(sprawl: Sprawl, system: str) -> None:
    walk = WALKS[system]
    _start(sprawl, walk)
    _, game = _game(sprawl)
    sys_ = load_system(system)
    for name, door in _doors(walk).items():
        who = game.character(walk.actor)
        walk.ready(game, who, name, door)
        assert _tripped(game, sys_, who, name, door) == [], name


# --- the walk -----------------------------------------------------------------------------
@pytest.mark.parametrize(("system", "state", "door"), CASES)
def test_each_state_refuses_exactly_the_doors_its_checks_guard(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]],
                                                               system: str, state: str, door: str) -> None:
    walk = WALKS[system]
    scene = _scene(sprawl, system, door)
    store, game, who, sys_, entry = scene.store, scene.game, scene.who, scene.system, scene.entry
    walk.states[state].make(game, who)
    tripped = _tripped(game, sys_, who, door, entry)
    assert set(tripped) == walk.states[state].expected(door, entry.checks), (state, door, tripped)
    if not tripped:
        gate(game, sys_.doors, sys_.checks, door, who, ScriptedTable(), system)  # lets it through
        return
    reasons = [sys_.checks[c].ask(game, who, door) for c in tripped]
    # Forced, the gate records every overrule, and still refuses what nobody overrules.
    forced = ScriptedTable(force=True)
    unforceable = [c for c in tripped if not sys_.checks[c].forceable]
    if unforceable:
        with pytest.raises(RuleRefusal) as refusal:
            gate(game, sys_.doors, sys_.checks, door, who, forced, system)
    else:
        gate(game, sys_.doors, sys_.checks, door, who, forced, system)
        assert forced.overruled == reasons
    # Through the real command line: refused with the first reason, no file changed.
    store.save(game)
    before = snapshot(sprawl.folder)
    result = sprawl(*walk.lines[door])
    assert result.exit_code == 1, (door, result.stdout, result.stderr)
    assert result.stderr.count("error:") == 1 and str(reasons[0]) in result.stderr, result.stderr
    assert ("--force" in result.stderr) == sys_.checks[tripped[0]].forceable
    assert snapshot(sprawl.folder) == before


@pytest.mark.parametrize("system", sorted(WALKS))
def test_a_forced_refusal_is_journalled_as_forced(sprawl: Sprawl, system: str) -> None:
    walk = WALKS[system]
    name = walk.forced
    scene = _scene(sprawl, system, name)
    store, game, who, sys_, entry = scene.store, scene.game, scene.who, scene.system, scene.entry
    state = next(s for s in walk.states.values() if s.expected(name, entry.checks)
                 and all(sys_.checks[c].forceable for c in s.expected(name, entry.checks)))
    state.make(game, who)
    reasons = [sys_.checks[c].ask(game, who, name) for c in _tripped(game, sys_, who, name, entry)]
    store.save(game)
    result = sprawl(*walk.lines[name], "--force", "--json")
    assert result.exit_code == 0, result.stderr
    assert sprawl.json("log")["entries"][-1]["forced"][:len(reasons)] == reasons


@pytest.mark.parametrize("system", sorted(WALKS))
def test_once_the_game_is_over_every_door_is_refused(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]],
                                                     system: str) -> None:
    walk = WALKS[system]
    _start(sprawl, walk)
    store, game = _game(sprawl)
    game.over, game.reason = True, "the walk ended it"
    store.save(game)
    before = snapshot(sprawl.folder)
    for name in _doors(walk):
        result = sprawl(*walk.lines[name], "--force")
        assert result.exit_code == 1 and "the game is over" in result.stderr, (name, result.stderr)
    assert snapshot(sprawl.folder) == before


def test_new_args_know_every_walked_system() -> None:
    for system in WALKS:
        assert new_args(system)[1] == system


# --- the words of each check, pinned (a check that says the wrong thing is caught) ----------
def _engaged_twice(game: Any, who: Any) -> None:
    for other in ("Gordo", "Rafter"):
        who.engaged_with.append(other)
        game.character(other).engaged_with.append(who.name)


def _enemy_shooting_phase(game: Any, who: Any) -> None:
    game.phase = "shooting"


EXTRA = {
    ("sprawl", "engaged with two"): State(_engaged_twice, frozenset({"free"})),
    ("street-fight", "the Shooting phase"): State(_enemy_shooting_phase, frozenset({"phase"})),
}

WORDS = [
    ("sprawl", "out of action", "move", "Wes is Out of Action and cannot move"),
    ("sprawl", "out of play", "hide", "Wes is Out of Play and cannot hide"),
    ("sprawl", "wrong phase", "move",
     "move belongs to the Movement Phase; it is now the Recovery Phase (`sprawl next` moves on)"),
    ("sprawl", "wrong phase", "shoot",
     "Shooting belongs to the Ranged Combat Phase; it is now the Recovery Phase (`sprawl next` moves on)"),
    ("sprawl", "not its turn", "move", "Wes cannot move: it is S.U.I.T. #13's turn"),
    ("sprawl", "not its turn", "shoot",
     "Wes cannot shoot (only a character on overwatch fires in the enemy's turn, R20): it is S.U.I.T. #13's turn"),
    ("sprawl", "pinned", "jump", "Wes cannot jump: it is pinned until its Recovery Phase (R11)"),
    ("sprawl", "engaged with two", "spot",
     "Wes cannot spot: it is in close combat with Gordo, Rafter and can only fight or break away "
     "(`sprawl break Wes`, R12)"),
    ("savage-worlds", "before the first deal", "shoot",
     "deal the cards first: `sprawl deal` starts the fight (W4), then Ada may shoot on its card"),
    ("savage-worlds", "incapacitated", "fight", "Ada is incapacitated and out of the fight; it cannot fight"),
    ("savage-worlds", "not its card", "shoot --drop", None),  # the drop is a hold: no refusal
    ("savage-worlds", "had its turn", "aim", "Ada has had its turn this round (2C); wait for the next deal"),
    ("savage-worlds", "surprised (no card)", "defend",
     "Ada has no action card this round (surprised, or dealt out), so it cannot defend; it is dealt in next round"),
    ("savage-worlds", "shaken", "run",
     "Ada is Shaken: `recover Ada` first (a Spirit test, or a benny; W8): it may run only after a recovery with "
     "a raise"),
    ("savage-worlds", "turn ended early", "test",
     "Ada can do nothing more this turn: Defend was its whole action (it may still move)"),
    ("gunplay", "removed", "fire", "Vic has been removed from the game and cannot act"),
    ("gunplay", "another mid-activation", "move",
     "Marla is in the middle of an activation; finish it (or `done Marla`) before Vic acts"),
    ("gunplay", "activated", "aim", "Vic has already activated this turn"),
    ("gunplay", "the other side's go", "pass", "Wardens activate a character now, not Crows (G2: the sides alternate)"),
    ("gunplay", "down", "strike", "Vic is down: its first action must be `recover Vic` (G7)"),
    ("street-fight", "casualty", "aim", "Mags is a casualty and cannot aim"),
    ("street-fight", "wrong phase", "fight",
     "fight belongs to the Close Combat phase; it is now the Morale phase (`sprawl next` moves on)"),
    ("street-fight", "wrong phase", "shoot",
     "shooting belongs to the Shooting phase; it is now the Morale phase (`sprawl next` moves on)"),
    ("street-fight", "wrong phase", "shoot --overwatch",
     "overwatch fire belongs to the Movement or Shooting phase; it is now the Morale phase (`sprawl next` moves on)"),
    ("street-fight", "the Shooting phase", "shoot --overwatch", None),  # the enemy's Shooting phase: allowed
    ("street-fight", "the other side acting", "move", "Mags cannot move now: Wardens is acting in this phase"),
    ("street-fight", "the other side acting", "shoot --overwatch",
     "overwatch fire is taken during the enemy's turn; Dock Rats is acting now (F7)"),
    ("street-fight", "falling back", "overwatch",
     "Mags is falling back to cover and cannot overwatch (F10); move it into cover first"),
    ("scratch-grid", "escaped", "attack", "Vex has escaped and cannot attack"),
    ("scratch-grid", "not its turn", "heal", "Vex cannot heal: it is Wardens' turn (S6)"),
    ("scratch-grid", "immobilised", "escape",
     "Vex is immobilised by a hold until the end of turn 9 and cannot escape (S3)"),
    ("scratch-grid", "stopped by an interrupt", "move",
     "an interrupting attack ended Vex's turn; it cannot move again until its next turn (S4)"),
    ("scratch-grid", "acted", "evade", "Vex has already acted this turn; one action per turn (S6)"),
    ("scratch-grid", "delayed", "heal", "Vex is delayed and cannot heal until its turn ends"),
    ("scratch-grid", "incapacitated", "attack", "Vex is incapacitated and cannot attack"),
]


@pytest.mark.parametrize(("system", "state", "door", "words"), WORDS)
def test_each_check_says_what_it_refuses_word_for_word(sprawl: Sprawl, system: str, state: str, door: str,
                                                       words: str | None) -> None:
    walk = WALKS[system]
    scene = _scene(sprawl, system, door)
    game, who, sys_, entry = scene.game, scene.who, scene.system, scene.entry
    (EXTRA.get((system, state)) or walk.states[state]).make(game, who)
    reasons = [sys_.checks[c].ask(game, who, door) for c in entry.checks]
    assert [r for r in reasons if r is not None][:1] == ([words] if words else [])
