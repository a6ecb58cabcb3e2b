"""Stateful suite: hypothesis plays random games through the CLI against a small model.

The model keeps only the bookkeeping (R23's round/side/phase progression and
turn-start clean-up, R24's routing check with dice that always show 10,
statuses set and cleared, Health, Toughness and damage_taken with R8's table
at 0 Health, and R8's "Recovery" result applied when the pin is lifted). After every command the CLI's `status --json` must equal the model;
`undo` must put the save file back byte for byte as it was before the undone
commands, `redo` exactly as it was after; a refused command changes no file.
The other four systems get a smaller machine of their own (`Toggles`, below): the
bookkeeping every system shares, statuses set and cleared, undo and redo.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, seed, settings
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition, rule,
                                run_state_machine_as_test)

from tests.reliability.conftest import NAMES as SYSTEMS
from tests.reliability.conftest import PROFILES, Folder, check_refusal, game_of

SQUADS = ["People's Liberation Front", "S.U.I.T. #13"]
PHASES = ["movement", "ranged", "close", "recovery"]
SHAKEN = {"pinned", "down", "panicked", "out_of_action", "out_of_play"}
TENS = ",".join(["10"] * 12)  # routing tests always pass when someone can roll them

# name -> (squad index, Smarts, Health, Toughness), in roster order
ROSTER = {
    "Babs": (0, 4, 3, 3), "Razz": (0, 3, 3, 2), "Wes": (0, 2, 3, 3), "Lang": (0, 3, 2, 2), "Mutt": (0, 2, 2, 2),
    "Wilson": (1, 4, 3, 3), "Gordo": (1, 2, 4, 4), "Rafter": (1, 3, 3, 2), "Newton": (1, 3, 3, 3),
    "Wishbone": (1, 3, 3, 2),
}
LEADERS = ["Babs", "Wilson"]
NAMES = list(ROSTER)
SETTABLE = ["pinned", "ran", "overwatch", "hidden"]
INCAPACITATION = {1: "recovery", 5: "down", 10: "out_of_action"}


GONE = {"pinned", "down", "panicked", "overwatch", "hidden", "ran", "safe"}  # what Out of Action clears


@dataclass(frozen=True)
class Fighter:
    health: int
    toughness: int
    damage_taken: int = 0
    statuses: frozenset[str] = frozenset()
    recovery_pending: bool = False  # R8 rolled "Recovery": +1 Health, -1 Toughness when the pin lifts

    @property
    def gone(self) -> bool:
        return "out_of_action" in self.statuses


@dataclass(frozen=True)
class Model:
    fighters: dict[str, Fighter] = field(default_factory=lambda: {n: Fighter(h, t) for n, (_, _, h, t) in ROSTER.items()})
    round: int = 1
    side: int = 0
    phase: int = 0
    over: bool = False
    winner: str | None = None

    def members(self, side: int) -> list[str]:
        return [n for n, (s, *_) in ROSTER.items() if s == side]

    def with_fighter(self, name: str, **changes: Any) -> Model:
        return replace(self, fighters={**self.fighters, name: replace(self.fighters[name], **changes)})

    # --- the commands, as the rules' bookkeeping sees them -------------------
    def next(self) -> Model:
        if self.phase + 1 < len(PHASES):
            return replace(self, phase=self.phase + 1)
        side = (self.side + 1) % 2
        model = replace(self, side=side, phase=0, round=self.round + (side == 0))
        for name in model.members(side):  # R23: the side's Overwatch and ran marks end
            model = model.with_fighter(name, statuses=model.fighters[name].statuses - {"overwatch", "ran"})
        return model.routing(side)

    def routing(self, side: int) -> Model:
        """R24 with every die a 10: the roller passes when 2 x Smarts >= the shaken count."""
        shaken = [n for n in self.members(side) if self.fighters[n].statuses & SHAKEN]
        if len(shaken) * 4 <= len(self.members(side)):
            return self
        steady = [n for n in self.members(side) if n not in shaken]
        leader = LEADERS[side]
        roller = leader if leader in steady else max(steady, key=lambda n: ROSTER[n][1], default=None)
        if roller is not None and 2 * ROSTER[roller][1] >= max(1, len(shaken)):
            return self
        return replace(self, over=True, winner=SQUADS[1 - side])

    def set(self, name: str, status: str, on: bool) -> Model:
        statuses = set(self.fighters[name].statuses)
        if on:
            statuses.add(status)
            if status == "pinned":
                statuses.discard("overwatch")  # R20: a pin ends Overwatch
        else:
            statuses.discard(status)
            if status == "pinned":
                statuses.discard("down")
                return self.with_fighter(name, statuses=frozenset(statuses)).lift_pin(name)
        return self.with_fighter(name, statuses=frozenset(statuses))

    def lift_pin(self, name: str) -> Model:
        """R8: a pending "Recovery" result applies when the pin lifts, however it is lifted."""
        f = self.fighters[name]
        if not f.recovery_pending:
            return self
        health = min(ROSTER[name][2], f.health + 1)  # R5: damage_taken does not shrink
        toughness = max(0, f.toughness - 1)
        statuses = f.statuses
        if toughness == 0:  # Toughness 0: Out of Action
            statuses = (statuses - GONE) | {"out_of_action"}
        model = self.with_fighter(name, health=health, toughness=toughness, statuses=frozenset(statuses),
                                  recovery_pending=False)
        return model.game_end()

    def game_end(self) -> Model:
        """R25: a side with nobody left has lost."""
        for side in (0, 1):
            if all(self.fighters[n].gone for n in self.members(side)):
                return replace(self, over=True, winner=SQUADS[1 - side])
        return self

    def damage(self, name: str, points: int, face: int) -> Model:
        """Referee damage: straight off Health; at 0 Health R8's table (face) decides."""
        f = self.fighters[name]
        if points <= 0:
            return self
        lost = min(points, f.health)
        health = f.health - lost
        statuses = set(f.statuses)
        pending = f.recovery_pending
        if health == 0:
            statuses = (statuses | {"pinned"}) - {"overwatch"}
            result = INCAPACITATION[face]
            pending = result == "recovery"  # the latest roll decides
            if result == "down":
                statuses.add("down")
            elif result == "recovery":  # R8: pinned as usual, no longer Down
                statuses.discard("down")
            elif result == "out_of_action":
                statuses = {"out_of_action"} | (statuses - GONE)
        model = self.with_fighter(name, health=health, damage_taken=f.damage_taken + lost,
                                  statuses=frozenset(statuses), recovery_pending=pending)
        return model.game_end()


_PRISTINE: dict[str, Path] = {}


def pristine() -> Folder:
    """One freshly started game, made once and copied for every example."""
    if "game" not in _PRISTINE:
        root = Path(tempfile.mkdtemp(prefix="sprawl-stateful-"))
        game = Folder(root / "pristine")
        game.path.mkdir()
        game.new()
        _PRISTINE["game"] = game.path
    return Folder(_PRISTINE["game"])


class Game(RuleBasedStateMachine):
    """Random command sequences against the model, with undo/redo checked byte for byte."""

    examples = 0
    commands = 0

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="sprawl-machine-"))
        self.game = Folder(self.root / "game")
        pristine().copy_to(self.game)
        self.model = Model()
        self.history: list[tuple[Model, bytes]] = [(self.model, self.game.save.read_bytes())]
        self.redo_stack: list[tuple[Model, bytes]] = []
        self.undone = 0  # changes undone and not redone: `log` keeps showing them, marked undone
        Game.examples += 1

    def teardown(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    # --- helpers -----------------------------------------------------------
    def change(self, args: list[str], model: Model | None) -> None:
        """Run a changing command; `model` is the expected result, or None when it must be refused."""
        Game.commands += 1
        before = self.game.files()
        result = self.game.run(*args)
        if model is None:
            check_refusal(result.exit_code, result.stderr, result.stdout)
            assert self.game.files() == before, f"refused {args} changed a file"
            return
        assert result.exit_code == 0, f"{args}: {result.stderr}"
        self.model = model
        self.history.append((model, self.game.save.read_bytes()))
        self.redo_stack.clear()

    # --- rules -------------------------------------------------------------
    @rule(times=st.integers(1, 4))
    def next(self, times: int) -> None:
        """One to four phases on (four is a whole turn), checked after each."""
        for _ in range(times):
            # --force: the model keeps no Recovery Phase, and `next` refuses to skip a due recovery.
            self.change(["next", "--dice", TENS, "--force"], None if self.model.over else self.model.next())
            self.status_equals_model()

    @rule(name=st.sampled_from(NAMES), status=st.sampled_from(SETTABLE), on=st.booleans())
    def set_status(self, name: str, status: str, on: bool) -> None:
        expected = None if self.model.over else self.model.set(name, status, on)
        count = ["--count", "2"] if status == "hidden" else []  # R19: hiding needs its roll's successes
        self.change(["set", name.lower() if on else name, status, "on" if on else "off", *count], expected)

    @rule(name=st.sampled_from(NAMES), points=st.integers(0, 3), face=st.sampled_from(sorted(INCAPACITATION)))
    def damage(self, name: str, points: int, face: int) -> None:
        refused = self.model.over or self.model.fighters[name].gone
        expected = None if refused else self.model.damage(name, points, face)
        self.change(["damage", name, str(points), "--dice", str(face), "--nearby", "none"], expected)

    @rule(count=st.integers(1, 4))
    def undo(self, count: int) -> None:
        Game.commands += 1
        before = self.game.files()
        result = self.game.run("undo", str(count))
        if count >= len(self.history):
            check_refusal(result.exit_code, result.stderr)
            assert self.game.files() == before
            return
        assert result.exit_code == 0, result.stderr
        undone = [self.history.pop() for _ in range(count)]
        self.redo_stack.extend(undone)  # the oldest undone is redone first: it is last here
        self.undone += count
        self.model, saved = self.history[-1]
        assert self.game.save.read_bytes() == saved, "undo did not restore the save file byte for byte"

    @rule()
    def redo(self) -> None:
        Game.commands += 1
        before = self.game.files()
        result = self.game.run("redo")
        if not self.redo_stack:
            check_refusal(result.exit_code, result.stderr)
            assert self.game.files() == before
            return
        assert result.exit_code == 0, result.stderr
        self.model, saved = self.redo_stack.pop()
        self.history.append((self.model, saved))
        self.undone -= 1
        assert self.game.save.read_bytes() == saved, "redo did not re-apply the change byte for byte"

    @precondition(lambda self: len(self.history) > 1 or self.undone > 0)
    @rule()
    def log_matches_history(self) -> None:
        entries = self.game.json("log")["entries"]
        assert [e["step"] for e in entries if not e["undone"]] == list(range(1, len(self.history)))
        assert sum(e["undone"] for e in entries) == self.undone
        standing = self.game.json("log", "--no-undone")["entries"]
        assert [e["step"] for e in standing] == list(range(1, len(self.history)))

    # --- after every step --------------------------------------------------
    @invariant()
    def status_equals_model(self) -> None:
        data = self.game.json("status")
        m = self.model
        assert (data["round"], data["side"], data["phase"], data["over"]) == (
            m.round, SQUADS[m.side], PHASES[m.phase], m.over)
        if m.over:
            assert data["winner"] == m.winner
        for c in data["characters"]:
            f = m.fighters[c["name"]]
            got = (c["health"], c["toughness"], c["damage_taken"], set(c["statuses"]))
            assert got == (f.health, f.toughness, f.damage_taken, set(f.statuses)), c["name"]

    @initialize()
    def fresh(self) -> None:
        assert self.game.save.read_bytes() == self.history[0][1]


QUICK_SEED = 13  # the quick run always plays the same games: CI is never red by chance


def test_random_games_match_the_model(release: bool, figures: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
                                      request: pytest.FixtureRequest) -> None:
    """The quick run plays the games of QUICK_SEED; `--release` plays new ones each time.

    A failure prints the seed to replay it with (`@seed(N)` in hypothesis' report, or the
    run's `--hypothesis-seed`): `pytest tests/reliability/test_stateful.py --hypothesis-seed=N`
    (with `--release` for a release failure) plays exactly the failing games again.
    """
    # Durability is the crash suite's business; here fsync only costs time.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    Game.examples = Game.commands = 0
    replay = request.config.getoption("hypothesis_seed", None)
    config = settings(max_examples=500 if release else 25, stateful_step_count=40 if release else 20,
                      deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True,
                      derandomize=False if replay is not None else settings.default.derandomize)
    machine: type[Game] = Game
    if replay is None and not release:
        machine = seed(QUICK_SEED)(type("QuickGame", (Game,), {}))
    run_state_machine_as_test(machine, settings=config)
    figures.setdefault("stateful", {})["sprawl"] = {
        "examples": Game.examples, "commands": Game.commands,
        "seed": replay if replay is not None else (None if release else QUICK_SEED)}
    assert Game.commands > 0


pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")


# --- every other system: statuses toggled, undo and redo byte for byte ---------------------

# Examples x steps per system (SPRAWL's own machine above keeps its sizes).
TOGGLE_SIZES = {"quick": (6, 12), "release": (40, 25)}


class Toggles(RuleBasedStateMachine):
    """Random `set NAME STATUS on|off`, `undo N`, `redo` and `log` in a game of `system`
    against a model of who has which of the profile's toggles (tests/reliability/systems.py):
    after every command `status --json` shows exactly the model's statuses, `undo` puts the
    save back byte for byte as it was, `redo` as it was after, and a refusal changes nothing."""

    system = "gunplay"
    examples = 0
    commands = 0

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="sprawl-toggles-"))
        self.game = Folder(self.root / "game")
        toggles_pristine(self.system).copy_to(self.game)
        self.model: dict[str, frozenset[str]] = {n: frozenset() for n in PROFILES[self.system].people}
        self.history: list[tuple[dict[str, frozenset[str]], bytes]] = [(self.model, self.game.save.read_bytes())]
        self.redo_stack: list[tuple[dict[str, frozenset[str]], bytes]] = []
        Toggles.examples += 1

    def teardown(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    @rule(data=st.data())
    def toggle(self, data: st.DataObject) -> None:
        profile = PROFILES[self.system]
        name = data.draw(st.sampled_from(profile.people), label="name")
        status = data.draw(st.sampled_from(profile.toggles), label="status")
        on = status not in self.model[name]  # always a change: a set that changes nothing may not be journalled
        Toggles.commands += 1
        result = self.game.run("set", name, status, "on" if on else "off")
        assert result.exit_code == 0, f"set {name} {status}: {result.stderr}"
        self.model = {**self.model, name: self.model[name] | {status} if on else self.model[name] - {status}}
        self.history.append((self.model, self.game.save.read_bytes()))
        self.redo_stack.clear()

    @rule(count=st.integers(1, 3))
    def undo(self, count: int) -> None:
        Toggles.commands += 1
        before = self.game.files()
        result = self.game.run("undo", str(count))
        if count >= len(self.history):
            check_refusal(result.exit_code, result.stderr)
            assert self.game.files() == before, "a refused undo changed a file"
            return
        assert result.exit_code == 0, result.stderr
        self.redo_stack.extend(self.history.pop() for _ in range(count))
        self.model, saved = self.history[-1]
        assert self.game.save.read_bytes() == saved, "undo did not restore the save file byte for byte"

    @rule()
    def redo(self) -> None:
        Toggles.commands += 1
        before = self.game.files()
        result = self.game.run("redo")
        if not self.redo_stack:
            check_refusal(result.exit_code, result.stderr)
            assert self.game.files() == before, "a refused redo changed a file"
            return
        assert result.exit_code == 0, result.stderr
        self.model, saved = self.redo_stack.pop()
        self.history.append((self.model, saved))
        assert self.game.save.read_bytes() == saved, "redo did not re-apply the change byte for byte"

    @precondition(lambda self: len(self.history) > 1)
    @rule()
    def log_matches_history(self) -> None:
        standing = self.game.json("log", "--no-undone")["entries"]
        assert [e["step"] for e in standing] == list(range(1, len(self.history)))

    @invariant()
    def status_equals_model(self) -> None:
        for c in self.game.json("status")["characters"]:
            assert set(c["statuses"]) == set(self.model[c["name"]]), c["name"]


_TOGGLES_PRISTINE: dict[str, Path] = {}


def toggles_pristine(system: str) -> Folder:
    """One fresh game of `system` a run, copied for every example."""
    if system not in _TOGGLES_PRISTINE:
        _TOGGLES_PRISTINE[system] = game_of(system, Path(tempfile.mkdtemp(prefix="sprawl-toggles-")) / "pristine").path
    return Folder(_TOGGLES_PRISTINE[system])


@pytest.mark.parametrize("system", SYSTEMS[1:])
def test_random_status_changes_undo_and_redo_in_each_system(system: str, release: bool, figures: dict[str, Any],
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             request: pytest.FixtureRequest) -> None:
    """As SPRAWL's machine, for the bookkeeping every system shares: its statuses set and
    cleared, undo and redo. The quick run plays the games of QUICK_SEED."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    Toggles.examples = Toggles.commands = 0
    examples, steps = TOGGLE_SIZES["release" if release else "quick"]
    replay = request.config.getoption("hypothesis_seed", None)
    config = settings(max_examples=examples, stateful_step_count=steps, deadline=None,
                      suppress_health_check=[HealthCheck.too_slow], print_blob=True,
                      derandomize=False if replay is not None else settings.default.derandomize)
    machine: type[Toggles] = type(f"Toggles_{system}", (Toggles,), {"system": system})
    if replay is None and not release:
        machine = seed(QUICK_SEED)(machine)
    run_state_machine_as_test(machine, settings=config)
    figures.setdefault("stateful", {})[system] = {"examples": Toggles.examples, "commands": Toggles.commands}
    assert Toggles.commands > 0


def test_the_model_applies_r8_recovery_when_the_pin_is_lifted() -> None:
    """The sequence the quick run once hit by chance: R8 "Recovery", then `set X pinned off`
    (+1 Health, -1 Toughness), twice, the second time down to Toughness 0 and Out of Action."""
    machine = Game()
    try:
        machine.damage("Lang", 2, 1)
        machine.set_status("Lang", "pinned", False)
        machine.status_equals_model()
        assert machine.model.fighters["Lang"] == Fighter(health=1, toughness=1, damage_taken=2)
        machine.damage("Lang", 1, 1)
        machine.set_status("Lang", "pinned", False)
        machine.status_equals_model()
        assert machine.model.fighters["Lang"].statuses == {"out_of_action"}
        assert machine.model.fighters["Lang"].toughness == 0
    finally:
        machine.teardown()
