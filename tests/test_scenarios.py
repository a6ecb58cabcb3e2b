"""Scenarios (issue 36, a house feature of the kernel): every objective kind on every system,
through the real command line. `next` runs under `--seed` (what it rolls is the system's own
bookkeeping, never the scenario's); the scenario rolls nothing. Scratch:Grid reads holding
and reaching off the map, the other systems are told."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Sprawl
from tests.factory import ROSTERS

ROOT = Path(__file__).resolve().parent.parent
TOLD = ("sprawl", "gunplay", "street-fight", "savage-worlds")
ALL = (*TOLD, "scratch-grid")
Snapshot = Callable[[Path], dict[str, bytes]]


def WORD(system: str) -> str:  # noqa: N802 - reads as the word it gives
    return "turn" if system == "gunplay" else "round"


class Side:
    def __init__(self, squad: str, figures: tuple[str, ...]) -> None:
        self.squad, self.figures = squad, figures

    @property
    def first(self) -> str:
        return self.figures[0]


# system -> (first side, second side, a status that puts a figure out of the game (it falls))
SIDES: dict[str, tuple[Side, Side, str]] = {
    "sprawl": (Side("People's Liberation Front", ("Babs", "Razz", "Wes", "Lang", "Mutt")),
               Side("S.U.I.T. #13", ("Wilson", "Gordo", "Rafter", "Newton", "Wishbone")), "down"),
    "gunplay": (Side("Crows", ("Vic", "Marla", "Dutch")), Side("Wardens", ("Sheriff Hale", "Ruth", "Kit")), "down"),
    "street-fight": (Side("Dock Rats", ("Vex", "Mags", "Tully", "Skiv")),
                     Side("Wardens", ("Orla", "Brant", "Cole", "Dee")), "casualty"),
    "savage-worlds": (Side("Cult of the Eye", ("Priestess", "Acolyte 1", "Acolyte 2", "Acolyte 3", "Hound")),
                      Side("Expedition", ("Ada", "Jonah", "Pike")), "incapacitated"),
    "scratch-grid": (Side("Raiders", ("Vex", "Mord", "Sable")), Side("Wardens", ("Ada", "Brannock", "Cress")),
                     "incapacitated"),
}
LEFT = {"sprawl": "out_of_play", "gunplay": "removed", "street-fight": "casualty", "savage-worlds": "incapacitated"}
GONE = {"sprawl": "out_of_action", "gunplay": "removed", "street-fight": "casualty",
        "savage-worlds": "incapacitated", "scratch-grid": "incapacitated"}


def places(system: str, **spaces: list[str]) -> dict[str, Any]:
    """The scenario's places: words off a map, spaces on Scratch:Grid's yard."""
    if system == "scratch-grid":
        return {name: {"about": name, "spaces": where} for name, where in spaces.items()}
    return {name: f"the {name}" for name in spaces}


def write(folder: Path, data: dict[str, Any], name: str = "scenario.yaml") -> str:
    import yaml

    path = folder / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return str(path)


def start(sprawl: Sprawl, system: str, data: dict[str, Any]) -> None:
    base = {"scenario": "Test", "brief": "A test of the scenario rules."}
    sprawl.new("--scenario", write(sprawl.folder, {**base, **data}), system=system)


def scenario(sprawl: Sprawl) -> dict[str, Any]:
    found: dict[str, Any] = sprawl.json("status")["scenario"]
    return found


def objective(sprawl: Sprawl, name: str) -> dict[str, Any]:
    return next(o for o in scenario(sprawl)["objectives"] if o["name"] == name)


def ok(sprawl: Sprawl, *args: str) -> dict[str, Any]:
    result = sprawl(*args, "--json")
    assert result.exit_code == 0, result.stderr
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def finish_round(sprawl: Sprawl) -> list[dict[str, Any]]:
    """`next --force` until the round changes or the game ends: the outcomes of each `next`."""
    before = sprawl.json("status")["round"]
    outs = []
    for _ in range(40):
        outs.append(ok(sprawl, "next", "--force", "--seed", "3"))
        now = sprawl.json("status")
        if now["over"] or now["round"] != before:
            return outs
    raise AssertionError("the round never ended")


def refused(sprawl: Sprawl, snapshot: Snapshot, *args: str, code: int = 1) -> str:
    before = snapshot(sprawl.folder)
    result = sprawl(*args)
    assert result.exit_code == code, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: "), result.stderr
    assert snapshot(sprawl.folder) == before
    return result.stderr


def hold_scenario(system: str, scores: Any = "each round", rounds: int = 3) -> dict[str, Any]:
    return {"rounds": rounds, "places": places(system, crossroads=["g4", "h4", "g5", "h5"]),
            "objectives": [{"name": "crossroads", "kind": "hold", "place": "crossroads", "points": 2,
                            "scores": scores}]}


def occupy(sprawl: Sprawl, system: str, squad: str) -> None:
    """The first side holds the crossroads: told off a map, moved onto it on Scratch:Grid."""
    if system == "scratch-grid":
        ok(sprawl, "move", "Mord", "h5")
    else:
        ok(sprawl, "objective", "hold", "crossroads", squad)


# --- hold: scoring at the end of a round, and the round limit on points -----------------------
@pytest.mark.parametrize("system", ALL)
def test_a_held_place_scores_at_the_end_of_each_round_and_next_says_so(sprawl: Sprawl, system: str) -> None:
    first, second, _ = SIDES[system]
    start(sprawl, system, hold_scenario(system))
    occupy(sprawl, system, first.squad)
    assert objective(sprawl, "crossroads")["holder"] == first.squad
    outs = finish_round(sprawl)
    scored = [e for out in outs for e in out.get("scenario", []) if e["what"] == "scored"]
    assert scored == [{"what": "scored", "objective": "crossroads", "side": first.squad, "figure": None,
                       "points": 2, "why": f"{first.squad} held crossroads at the end of {WORD(system)} 1"}]
    assert scenario(sprawl)["points"] == {first.squad: 2, second.squad: 0}
    assert sprawl("log", "--last", "1").stdout.count("scores 2") == 1


@pytest.mark.parametrize("system", ALL)
def test_a_hold_scored_only_at_given_rounds_skips_the_others(sprawl: Sprawl, system: str) -> None:
    first, _, _ = SIDES[system]
    start(sprawl, system, hold_scenario(system, scores=[2]))
    occupy(sprawl, system, first.squad)
    finish_round(sprawl)
    assert scenario(sprawl)["points"][first.squad] == 0
    finish_round(sprawl)
    assert scenario(sprawl)["points"][first.squad] == 2


@pytest.mark.parametrize("system", ALL)
def test_the_round_limit_ends_the_game_on_points(sprawl: Sprawl, system: str) -> None:
    first, second, _ = SIDES[system]
    start(sprawl, system, hold_scenario(system, scores="end", rounds=1))
    occupy(sprawl, system, first.squad)
    finish_round(sprawl)
    status = sprawl.json("status")
    assert status["over"] and status["winner"] == first.squad and not status["draw"]
    assert status["reason"] == (f"the {WORD(system)} limit (1) was reached: {first.squad} has the most points "
                                f"({first.squad} 2, {second.squad} 0)")
    assert "The game is over" in sprawl("status").stdout or status["over"]


@pytest.mark.parametrize("system", ALL)
def test_level_points_at_the_round_limit_are_a_draw(sprawl: Sprawl, system: str) -> None:
    first, second, _ = SIDES[system]
    start(sprawl, system, hold_scenario(system, rounds=1))
    finish_round(sprawl)
    status = sprawl.json("status")
    assert status["over"] and status["draw"] and status["winner"] is None
    assert status["reason"] == f"the {WORD(system)} limit (1) was reached: the points are level ({first.squad} 0, {second.squad} 0)"
    assert "the points are level" in sprawl("status").stdout


# --- take and carry: an item falls with its carrier ------------------------------------------
def take_scenario(system: str) -> dict[str, Any]:
    return {"rounds": 3, "places": places(system, cache=["b3"]),
            "objectives": [{"name": "data core", "kind": "take", "place": "cache", "points": 3}]}


@pytest.mark.parametrize("system", ALL)
def test_an_item_is_dropped_where_its_carrier_falls_and_another_picks_it_up(sprawl: Sprawl, system: str) -> None:
    first, second, fall = SIDES[system]
    carrier, other = (second.first, second.figures[1]) if system != "scratch-grid" else ("Ada", "Brannock")
    start(sprawl, system, take_scenario(system))
    if system == "scratch-grid":
        ok(sprawl, "next", "--force")  # the Wardens' turn: Ada (b2) stands next to the cache (b3)
    out = ok(sprawl, "objective", "take", carrier, "data core")
    assert out["figure"] == carrier and objective(sprawl, "data core")["carrier"] == carrier
    fell = ok(sprawl, "set", carrier, fall, "on")
    assert [e["what"] for e in fell["scenario"]] == ["dropped"]
    item = objective(sprawl, "data core")
    assert item["carrier"] is None
    assert item["lies"] == ("b2" if system == "scratch-grid" else f"where {carrier} fell")
    if system == "scratch-grid":
        ok(sprawl, "move", "Brannock", "a3")
    ok(sprawl, "objective", "take", other, "data core")
    assert objective(sprawl, "data core")["carrier"] == other


@pytest.mark.parametrize("system", ALL)
def test_the_carrier_at_the_end_scores_the_item(sprawl: Sprawl, system: str) -> None:
    first, second, _ = SIDES[system]
    data = take_scenario(system)
    data["rounds"] = 1
    start(sprawl, system, data)
    if system == "scratch-grid":
        ok(sprawl, "next", "--force")
        ok(sprawl, "objective", "take", "Ada", "data core")
    else:
        ok(sprawl, "objective", "take", second.first, "data core")
    finish_round(sprawl)
    status = sprawl.json("status")
    assert status["winner"] == second.squad and status["scenario"]["points"][second.squad] == 3
    assert objective(sprawl, "data core")["state"] == f"carried off by {second.squad}"


@pytest.mark.parametrize("system", TOLD)
def test_a_carried_item_cannot_be_taken_and_a_fallen_figure_takes_nothing(sprawl: Sprawl, system: str, snapshot: Snapshot) -> None:
    first, second, fall = SIDES[system]
    start(sprawl, system, take_scenario(system))
    ok(sprawl, "objective", "take", first.first, "data core")
    assert "carries 'data core'" in refused(sprawl, snapshot, "objective", "take", second.first, "data")
    ok(sprawl, "objective", "drop", "data core")
    ok(sprawl, "set", second.first, fall, "on")
    assert "is out of the game" in refused(sprawl, snapshot, "objective", "take", second.first, "data core")
    assert "nobody carries" in refused(sprawl, snapshot, "objective", "drop", "data core")


# --- reach, destroy, protect, eliminate -------------------------------------------------------
def reach_scenario(system: str, leaves: bool = True) -> dict[str, Any]:
    return {
        "sides": ["attacker", "defender"], "rounds": 3,
        "places": places(system, edge=["a1", "a2", "a3"], cache=["b3"]),
        "objectives": [{"name": "way out", "kind": "reach", "place": "edge", "side": "attacker", "points": 1,
                        "leaves": leaves},
                       {"name": "data core", "kind": "take", "place": "cache", "points": 3}]}


def reach(sprawl: Sprawl, name: str) -> dict[str, Any]:
    return ok(sprawl, "objective", "reach", name, "edge")


@pytest.mark.parametrize("system", TOLD)
def test_a_figure_that_reaches_an_exit_scores_and_leaves_with_what_it_carries(sprawl: Sprawl, system: str, snapshot: Snapshot) -> None:
    first, second, _ = SIDES[system]
    start(sprawl, system, reach_scenario(system))
    ok(sprawl, "objective", "take", first.first, "data core")
    out = reach(sprawl, first.first)
    assert [e["what"] for e in out["events"]] == ["scored", "scored", "left"]
    assert out["points"] == {first.squad: 4, second.squad: 0}
    assert objective(sprawl, "data core")["state"] == f"carried off by {first.squad}"
    assert LEFT[system] in sprawl.character(first.first)["statuses"]
    assert "is out of the game" in refused(sprawl, snapshot, "objective", "reach", first.first, "edge")
    assert "is the attacker's to reach" in refused(sprawl, snapshot, "objective", "reach", second.first, "edge")


@pytest.mark.parametrize("system", TOLD)
def test_a_reach_without_leaving_scores_once_per_figure(sprawl: Sprawl, system: str, snapshot: Snapshot) -> None:
    first, _, _ = SIDES[system]
    start(sprawl, system, reach_scenario(system, leaves=False))
    reach(sprawl, first.first)
    assert "got to edge already" in refused(sprawl, snapshot, "objective", "reach", first.first, "edge")
    reach(sprawl, first.figures[1])
    assert scenario(sprawl)["points"][first.squad] == 2


def test_on_scratch_grid_a_figure_that_moves_onto_the_place_reaches_it_and_leaves(sprawl: Sprawl) -> None:
    data = reach_scenario("scratch-grid")
    data["places"]["edge"]["spaces"] = ["l4", "l5"]
    start(sprawl, "scratch-grid", data)
    out = ok(sprawl, "move", "Mord", "h6")
    assert "scenario" not in out
    out = ok(sprawl, "move", "Sable", "l5")
    assert [e["what"] for e in out["scenario"]] == ["scored", "left"]
    assert "escaped" in sprawl.character("Sable")["statuses"]
    assert objective(sprawl, "way out")["reached"] == ["Sable"]
    assert scenario(sprawl)["points"] == {"Raiders": 1, "Wardens": 0}


def test_on_scratch_grid_the_table_is_never_asked_who_holds_or_reaches(sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl, "scratch-grid", reach_scenario("scratch-grid"))
    assert "read off the map" in refused(sprawl, snapshot, "objective", "reach", "Vex", "edge")
    assert "read off the map" in refused(sprawl, snapshot, "objective", "hold", "edge", "Raiders")
    assert "must stand on it or next to it" in refused(sprawl, snapshot, "objective", "take", "Vex", "data core")


def test_on_scratch_grid_an_enemy_next_to_the_holder_contests_the_place(sprawl: Sprawl) -> None:
    start(sprawl, "scratch-grid", hold_scenario("scratch-grid"))
    ok(sprawl, "move", "Mord", "h5")
    assert objective(sprawl, "crossroads")["holder"] == "Raiders"
    ok(sprawl, "next", "--force")
    # Cress (b6) cannot reach it in one move; Ada can come next to it over two turns
    ok(sprawl, "move", "Ada", "f3")
    ok(sprawl, "next", "--force")
    ok(sprawl, "next", "--force")
    out = ok(sprawl, "move", "Ada", "g6", "--interrupts", "none")
    assert objective(sprawl, "crossroads")["holder"] is None, out
    assert any(e["what"] == "held" and e["side"] is None for e in out["scenario"])


@pytest.mark.parametrize("system", ALL)
def test_destroying_a_thing_scores_and_the_first_to_n_wins(sprawl: Sprawl, system: str, snapshot: Snapshot) -> None:
    first, second, _ = SIDES[system]
    start(sprawl, system, {"sides": ["attacker", "defender"], "first_to": 3, "rounds": 5,
                           "objectives": [{"name": "generator", "kind": "destroy", "side": "attacker", "points": 3}]})
    assert "the attacker's to destroy" in refused(sprawl, snapshot, "objective", "destroy", "gen", second.first)
    out = ok(sprawl, "objective", "destroy", "gen", first.first)
    assert out["over"] and out["winner"] == first.squad
    assert out["reason"] == f"{first.squad} reached 3 points (Test)"
    result = sprawl("objective", "destroy", "gen", first.first)
    assert result.exit_code == 1 and "the game is over" in result.stderr


@pytest.mark.parametrize("system", ALL)
def test_taking_out_a_figure_scores_for_its_enemies_at_once(sprawl: Sprawl, system: str) -> None:
    first, second, _ = SIDES[system]
    start(sprawl, system, {"rounds": 3, "objectives": [
        {"name": "the boss", "kind": "eliminate", "figure": second.first, "points": 2}]})
    out = ok(sprawl, "set", second.first, GONE[system], "on")
    assert out["scenario"][0] == {"what": "scored", "objective": "the boss", "side": first.squad, "figure": None,
                                  "points": 2, "why": f"{second.first} is out of the game"}
    assert objective(sprawl, "the boss")["state"] == "taken out"


@pytest.mark.parametrize("system", ALL)
def test_the_last_figure_standing_wins_and_the_scenarios_points_are_still_reported(sprawl: Sprawl, system: str) -> None:
    first, second, _ = SIDES[system]
    start(sprawl, system, {"rounds": 3, "objectives": [
        {"name": "informant", "kind": "protect", "figure": first.first, "points": 3},
        {"name": "their man", "kind": "protect", "figure": second.first, "points": 3}]})
    for name in second.figures:
        result = sprawl("set", name, GONE[system], "on")
        if sprawl.json("status")["over"]:
            break
        assert result.exit_code == 0, result.stderr
    status = sprawl.json("status")
    assert status["over"] and status["winner"] == first.squad
    assert status["scenario"]["points"] == {first.squad: 3, second.squad: 0}
    assert [o["state"] for o in status["scenario"]["objectives"]] == [f"{first.first} came through",
                                                                       f"{second.first} to protect"]


# --- undo and redo of each objective change --------------------------------------------------
@pytest.mark.parametrize("system", TOLD)
def test_undo_and_redo_take_back_and_put_back_each_objective_change(sprawl: Sprawl, system: str) -> None:
    first, second, _ = SIDES[system]
    data = reach_scenario(system, leaves=False)
    data["objectives"] += [{"name": "crossroads", "kind": "hold", "place": "cache", "points": 1},
                           {"name": "generator", "kind": "destroy", "points": 1}]
    start(sprawl, system, data)
    for command in (("objective", "take", first.first, "data core"), ("objective", "drop", "data core"),
                    ("objective", "hold", "crossroads", second.squad),
                    ("objective", "reach", first.figures[1], "edge"),
                    ("objective", "destroy", "generator", second.first)):
        before = scenario(sprawl)
        ok(sprawl, *command)
        after = scenario(sprawl)
        assert after != before, command
        assert sprawl("undo").exit_code == 0
        assert scenario(sprawl) == before, command
        assert sprawl("redo").exit_code == 0
        assert scenario(sprawl) == after, command


def test_undo_takes_back_a_move_that_took_a_place_on_scratch_grid(sprawl: Sprawl) -> None:
    start(sprawl, "scratch-grid", hold_scenario("scratch-grid"))
    ok(sprawl, "move", "Mord", "h5")
    assert objective(sprawl, "crossroads")["holder"] == "Raiders"
    assert sprawl("undo").exit_code == 0
    assert objective(sprawl, "crossroads")["holder"] is None
    assert sprawl("redo").exit_code == 0
    assert objective(sprawl, "crossroads")["holder"] == "Raiders"


# --- status, the file's checks -----------------------------------------------------------------
@pytest.mark.parametrize("system", ALL)
def test_status_shows_the_objectives_and_the_points(sprawl: Sprawl, system: str) -> None:
    first, second, _ = SIDES[system]
    start(sprawl, system, {**hold_scenario(system), "special": ["Nobody may climb the water tower."]})
    shown = sprawl("status").stdout
    assert f"Scenario: Test (house, 3 {WORD(system)}s)" in shown
    assert f"Points: {first.squad} 0, {second.squad} 0." in shown
    assert "crossroads: hold crossroads: 2 each round; now held by nobody" in shown
    assert "special: Nobody may climb the water tower." in shown
    data = scenario(sprawl)
    assert data["sides"] == {first.squad: "either", second.squad: "either"} and data["rounds"] == 3


@pytest.mark.parametrize("system", ["sprawl", "gunplay", "street-fight", "savage-worlds", "scratch-grid"])
def test_every_sample_scenario_starts_a_game(sprawl: Sprawl, system: str) -> None:
    samples = sorted((ROOT / "scenarios" / system).glob("*.yaml"))
    assert len(samples) >= 2
    for path in samples:
        sprawl.new("--scenario", str(path), "--force", system=system)
        assert scenario(sprawl)["source"] == str(path)


HEAD = "scenario: X\nbrief: B\nrounds: 3\n"
ONE = "objectives:\n  - {name: d, kind: destroy, points: 1}\n"
HOSTILE: list[tuple[str, str, str]] = [
    # (what is wrong, the file's text, what the one line says)
    ("missing objectives", HEAD, "key 'objectives': is missing"),
    ("missing brief", "scenario: X\nrounds: 3\nobjectives: []\n", "key 'brief': is missing"),
    ("no objectives", HEAD + "objectives: []\n", "at least one objective"),
    ("unknown place", HEAD + "objectives:\n  - {name: h, kind: hold, place: nowhere, "
     "points: 1}\n", ":5: key 'objectives.0.place': no place called 'nowhere'"),
    ("huge points", HEAD + "objectives:\n  - {name: d, kind: destroy, "
     "points: 99999999999999999999}\n", "key 'objectives.0.points': should be a whole number from 0 to 1000"),
    ("huge rounds", "scenario: X\nbrief: B\nrounds: 100000\n" + ONE,
     ":3: key 'rounds': should be a whole number from 1 to 100"),
    ("unknown key", HEAD + "victory: lots\nobjectives:\n  - {name: d, kind: destroy, "
     "points: 1}\n", ":4: key 'victory': unknown key"),
    ("a key of another kind", HEAD + "objectives:\n  - {name: d, kind: destroy, "
     "points: 1, leaves: true}\n", "unknown key for a destroy objective"),
    ("unknown kind", HEAD + "objectives:\n  - {name: d, kind: bake, points: 1}\n",
     "should be one of hold, reach, take, destroy, protect, eliminate, not 'bake'"),
    ("unknown role", HEAD + "sides: [attacker, defender]\nobjectives:\n  - {name: d, "
     "kind: destroy, points: 1, side: pirates}\n", "should be any, attacker, defender"),
    ("unknown figure", HEAD + "objectives:\n  - {name: d, kind: protect, "
     "figure: Nobody, points: 1}\n", "no character named 'Nobody'"),
    ("no end", "scenario: X\nbrief: B\n" + ONE,
     "a scenario ends at a round limit"),
    ("three sides", HEAD + "sides: [attacker, defender, either]\nobjectives:\n"
     "  - {name: d, kind: destroy, points: 1}\n", "the scenario is for 3 sides and this game has 2"),
    ("twice the same name", HEAD + ONE +
     "  - {name: D, kind: destroy, points: 1}\n", "two objectives are called 'D'"),
    ("not YAML", "scenario: [\n", "scenario.yaml"),
    ("a list", "- 1\n- 2\n", "a scenario file is a map of keys"),
    ("another system's", "scenario: X\nsystem: gunplay\nbrief: B\nrounds: 3\nobjectives:\n  - {name: d, "
     "kind: destroy, points: 1}\n", "this scenario is for 'gunplay'"),
    ("a hold past the limit", HEAD + "places: {p: here}\nobjectives:\n  - {name: h, "
     "kind: hold, place: p, points: 1, scores: [5]}\n", "round 5 is past the round limit (3)"),
]


@pytest.mark.parametrize(("what", "text", "says"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_scenario_file_is_one_clear_line_and_nothing_changes(sprawl: Sprawl, snapshot: Snapshot,
                                                                       what: str, text: str, says: str) -> None:
    path = sprawl.folder / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    error = refused(sprawl, snapshot, "new", "--system", "sprawl", "--squad", str(ROSTERS / "sprawl/plf.yaml"),
                    "--squad", str(ROSTERS / "sprawl/suit.yaml"), "--scenario", str(path))
    assert says in error and str(path) in error, error


def test_map_spaces_on_a_game_without_a_map_and_bad_spaces_on_a_map_are_refused(sprawl: Sprawl, snapshot: Snapshot) -> None:
    text = ("scenario: X\nbrief: B\nrounds: 3\nplaces:\n  yard: {spaces: [%s]}\nobjectives:\n"
            "  - {name: h, kind: hold, place: yard, points: 1}\n")
    path = sprawl.folder / "scenario.yaml"
    path.write_text(text % "c4", encoding="utf-8")
    sprawl_args = ("new", "--system", "gunplay", "--squad", str(ROSTERS / "gunplay/crows.yaml"),
                   "--squad", str(ROSTERS / "gunplay/wardens.yaml"), "--scenario", str(path))
    assert "names map spaces, and Gunplay is played without a map" in refused(sprawl, snapshot, *sprawl_args)
    grid = ("new", "--system", "scratch-grid", "--squad", str(ROSTERS / "scratch-grid/raiders.yaml"),
            "--squad", str(ROSTERS / "scratch-grid/wardens.yaml"), "--map", str(ROSTERS / "scratch-grid/yard.yaml"),
            "--scenario", str(path))
    path.write_text(text % "z40", encoding="utf-8")
    assert ":5: key 'places.yard.spaces.0': z40 is off the map" in refused(sprawl, snapshot, *grid)
    path.write_text(text % "l1", encoding="utf-8")
    assert "l1 is a wall or an obstacle" in refused(sprawl, snapshot, *grid)
    path.write_text(text.replace("{spaces: [%s]}", "the yard"), encoding="utf-8")
    assert "Scratch:Grid is played on a map: give the place's `spaces`" in refused(sprawl, snapshot, *grid)


def test_a_hostile_file_does_not_replace_a_game_in_progress(sprawl: Sprawl, snapshot: Snapshot) -> None:
    sprawl.new()
    path = sprawl.folder / "scenario.yaml"
    path.write_text("scenario: X\n", encoding="utf-8")
    refused(sprawl, snapshot, "new", "--force", "--squad", str(ROSTERS / "sprawl/plf.yaml"),
            "--squad", str(ROSTERS / "sprawl/suit.yaml"), "--scenario", str(path))


def test_rounds_given_twice_is_a_usage_error(sprawl: Sprawl, snapshot: Snapshot) -> None:
    path = write(sprawl.folder, {"scenario": "X", "brief": "B", "rounds": 3,
                                 "objectives": [{"name": "d", "kind": "destroy", "points": 1}]})
    result = sprawl("new", "--squad", str(ROSTERS / "sprawl/plf.yaml"), "--squad", str(ROSTERS / "sprawl/suit.yaml"),
                    "--scenario", path, "--rounds", "4")
    assert result.exit_code == 2 and "leave out --rounds" in result.stderr


def test_objective_commands_without_a_scenario_are_refused(sprawl: Sprawl, snapshot: Snapshot) -> None:
    sprawl.new()
    assert "this game has no scenario" in refused(sprawl, snapshot, "objective", "drop", "core")


# --- the books, play's status line, the live page --------------------------------------------
def test_a_campaign_game_keeps_its_scenario_in_the_book_and_its_history(sprawl: Sprawl) -> None:
    assert sprawl("campaign", "new", "--squad", str(ROSTERS / "sprawl/plf.yaml"),
                  "--squad", str(ROSTERS / "sprawl/suit.yaml")).exit_code == 0
    result = sprawl("new", "--campaign", "sprawl-campaign.yaml", "--scenario",
                    str(ROOT / "scenarios/sprawl/crossroads.yaml"))
    assert result.exit_code == 0, result.stderr
    ok(sprawl, "objective", "take", "Babs", "data core")
    ok(sprawl, "set", "Wilson", "out_of_action", "on")
    ok(sprawl, "end", "--winner", "People")
    report = sprawl("report").stdout
    assert "## Scenario\n\nTwo crews want the junction where the freight lines cross." in report
    assert "Scenario Hold the Crossroads (house): People's Liberation Front 5, S.U.I.T. \\#13 0 points." in report
    assert "- data core (take): carried off by People's Liberation Front; People's Liberation Front 3." in report
    assert "- Wilson (eliminate): taken out; People's Liberation Front 2." in report
    assert "- Special rule: The signal box's door is locked; opening it takes a figure's whole action." in report
    assert sprawl("aftermath", "--seed", "1").exit_code == 0
    games = sprawl.json("campaign", "history")["games"]
    assert games[0]["scenario"]["points"] == {"People's Liberation Front": 5, "S.U.I.T. #13": 0}
    assert [o["outcome"] for o in games[0]["scenario"]["objectives"]] == [
        "held by nobody", "carried off by People's Liberation Front", "taken out"]
    assert "Scenario Hold the Crossroads (house): People's Liberation Front 5" in sprawl("campaign", "history").stdout
    html = sprawl("campaign", "report", "--format", "html").stdout
    assert "<h2>Scenario</h2>" in html


def test_plays_status_line_and_the_live_page_show_the_points(sprawl: Sprawl) -> None:
    from sprawl_cli.play import status_line
    from sprawl_cli.render.table_page import game_view
    from sprawl_cli.store import GameStore

    start(sprawl, "gunplay", hold_scenario("gunplay"))
    ok(sprawl, "objective", "hold", "crossroads", "Crows")
    finish_round(sprawl)
    game = GameStore(sprawl.save).load()
    assert status_line(game).endswith("points: Crows 2, Wardens 0")
    page = game_view(sprawl.save)
    assert "Scenario: Test (house)" in page and "Points: Crows 2, Wardens 0" in page
    assert "crossroads (hold, 2): held by Crows" in page


def test_the_rounds_on_the_scenarios_page_print_what_the_page_shows(sprawl: Sprawl) -> None:
    import re
    import shlex

    for folder in ("rosters", "scenarios"):
        (sprawl.folder / folder).symlink_to(ROOT / folder)
    text = (ROOT / "docs/scenarios.md").read_text(encoding="utf-8")
    plays = re.findall(r"```sh\n([^`]*)```\n\n```console\n(.*?)```", text, re.S)
    assert len(plays) == 10  # a round of each sample
    for setup, console in plays:
        for line in setup.splitlines():
            result = sprawl(*shlex.split(line)[1:])
            assert result.exit_code == 0, result.stderr
        for chunk in re.split(r"^\$ ", console, flags=re.M)[1:]:
            command, _, shown = chunk.partition("\n")
            result = sprawl(*shlex.split(command)[1:])
            assert result.exit_code == 0, (command, result.stderr)
            assert result.stdout.strip() == shown.strip(), command


def test_a_hand_edit_that_breaks_the_saved_scenario_is_refused_with_its_line(sprawl: Sprawl) -> None:
    start(sprawl, "sprawl", take_scenario("sprawl"))
    ok(sprawl, "objective", "take", "Babs", "data core")
    text = sprawl.save.read_text(encoding="utf-8")
    sprawl.save.write_text(text.replace("carrier: Babs", "carrier: Nobody"), encoding="utf-8")
    result = sprawl("status")
    assert result.exit_code == 1
    assert "key 'scenario.objectives.0.carrier': no character called 'Nobody'" in result.stderr


# Each system's own rules put the carrier out of the game, with scripted dice (or, on Scratch:Grid,
# the referee's call on each attack): (the `new` dice, the commands before the take, the carrier,
# the commands that fell it, where the item lies then).
FALLS: dict[str, tuple[tuple[str, ...], list[tuple[str, ...]], str, list[tuple[str, ...]], str]] = {
    "sprawl": ((), [], "Newton", [("damage", "Newton", "3", "--dice", "4")], "where Newton fell"),
    "gunplay": (("--dice", "5,8"), [], "Vic", [("fire", "Kit", "Vic", "--cover", "open", "--range", "close", "--shift", "2", "--dice", "1", "--yes")],
                "where Vic fell"),
    "street-fight": (("--dice", "75,9,2"), [("next",), ("next",)], "Orla",
                     [("shoot", "Mags", "Orla", "--distance", "4", "--distance", "4", "--frontage", "2",
                       "--targets", "Orla,Cole", "--dice", "3,70,5,10,9,1")], "where Orla fell"),
    "savage-worlds": ((), [], "Acolyte 1", [("shoot", "--force", "Ada", "Acolyte 1", "--range", "medium", "--cover",
                                             "none", "--light", "normal", "--into-melee", "none",
                                             "--dice", "6,2,5,5")], "where Acolyte 1 fell"),
    "scratch-grid": ((), [("next",), ("move", "Ada", "c4", "--interrupts", "none")], "Ada",
                     [("next",), ("attack", "Mord", "Ada", "--kind", "ranged", "--result", "hit"),
                      ("move", "Vex", "g3", "--interrupts", "none"),
                      ("attack", "Vex", "Ada", "--kind", "ranged", "--result", "hit")], "c4"),
}


@pytest.mark.parametrize("system", ALL)
def test_a_carrier_the_rules_put_out_of_the_game_drops_the_item_where_it_fell(sprawl: Sprawl, system: str) -> None:
    dice, before, carrier, falls, lies = FALLS[system]
    base = {"scenario": "Test", "brief": "A test of the scenario rules."}
    sprawl.new("--scenario", write(sprawl.folder, {**base, **take_scenario(system)}), *dice, system=system)
    for command in before:
        ok(sprawl, *command)
    ok(sprawl, "objective", "take", carrier, "data core")
    outs = [ok(sprawl, *command) for command in falls]
    assert [e["what"] for e in outs[-1]["scenario"]] == ["dropped"]
    assert all("scenario" not in out for out in outs[:-1])
    item = objective(sprawl, "data core")
    assert (item["carrier"], item["lies"]) == (None, lies)


def test_a_savage_worlds_round_ended_by_deal_scores_too(sprawl: Sprawl) -> None:
    start(sprawl, "savage-worlds", hold_scenario("savage-worlds"))
    ok(sprawl, "objective", "hold", "crossroads", "Cult")
    ok(sprawl, "deal", "--dice", "9C,8C,5C,2H,2D")
    for _ in range(4):  # up to the last card of the round: Jonah's
        ok(sprawl, "next")
    out = ok(sprawl, "deal", "--dice", "QC,JC,7H,6D,6C")  # the round ends as the next one is dealt
    assert [e["points"] for e in out["scenario"]] == [2]
    assert scenario(sprawl)["points"]["Cult of the Eye"] == 2


def test_undo_and_redo_of_take_drop_and_destroy_on_scratch_grid(sprawl: Sprawl) -> None:
    data = take_scenario("scratch-grid")
    data["objectives"].append({"name": "generator", "kind": "destroy", "points": 1})
    start(sprawl, "scratch-grid", data)
    ok(sprawl, "next")
    for command in (("objective", "take", "Ada", "data core"), ("objective", "drop", "data core"),
                    ("objective", "destroy", "generator", "Ada")):
        before = scenario(sprawl)
        ok(sprawl, *command)
        after = scenario(sprawl)
        assert after != before, command
        assert sprawl("undo").exit_code == 0 and scenario(sprawl) == before, command
        assert sprawl("redo").exit_code == 0 and scenario(sprawl) == after, command


@pytest.mark.parametrize("system", ALL)
def test_the_referee_may_overrule_a_side_that_may_not_score_and_the_log_says_so(sprawl: Sprawl, system: str,
                                                                                snapshot: Snapshot) -> None:
    first, second, _ = SIDES[system]
    start(sprawl, system, {"sides": ["attacker", "defender"], "rounds": 3,
                           "objectives": [{"name": "generator", "kind": "destroy", "side": "attacker", "points": 2}]})
    said = refused(sprawl, snapshot, "objective", "destroy", "generator", second.first)
    assert said.endswith("(add --force to overrule as referee)\n")
    out = ok(sprawl, "objective", "destroy", "generator", second.first, "--force")
    assert out["points"] == {first.squad: 0, second.squad: 2} and out["forced"]
    assert sprawl.json("log", "--last", "1")["entries"][0]["forced"]
