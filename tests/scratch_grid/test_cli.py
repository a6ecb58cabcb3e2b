"""The Scratch:Grid interface as an outside script drives it: `new --system scratch-grid --map`,
each command with --json, refusals with exit 1, one error line and no file changed."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Sprawl
from tests.factory import ROSTERS

HERE = ROSTERS / "scratch-grid"
WARDENS, RAIDERS = str(HERE / "wardens.yaml"), str(HERE / "raiders.yaml")
YARD, MARSH = str(HERE / "yard.yaml"), str(HERE / "marsh.yaml")


def start(sprawl: Sprawl, board: str = YARD) -> None:
    result = sprawl("new", "--system", "scratch-grid", "--squad", WARDENS, "--squad", RAIDERS, "--map", board)
    assert result.exit_code == 0, result.stderr


def refused(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]], *args: str) -> str:
    before = snapshot(sprawl.folder)
    result = sprawl(*args)
    assert result.exit_code == 1, result.output
    assert snapshot(sprawl.folder) == before
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_new_and_status(sprawl: Sprawl) -> None:
    start(sprawl)
    data = sprawl.json("status")
    assert (data["system"], data["round"], data["side"], data["over"], data["grid"]) == \
        ("scratch-grid", 1, "Wardens", False, "square")
    ada = next(c for c in data["characters"] if c["name"] == "Ada")
    assert (ada["at"], ada["squad"], ada["statuses"], ada["quickness"]) == ("b2", "Wardens", [], 2)
    assert "S5" in data["house"][0]


def test_new_needs_a_map(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    line = refused(sprawl, snapshot, "new", "--system", "scratch-grid", "--squad", WARDENS, "--squad", RAIDERS)
    assert "give --map FILE" in line


def test_a_starting_space_that_does_not_fit_the_map_names_the_roster_line(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    roster = sprawl.folder / "bad.yaml"
    roster.write_text("system: scratch-grid\nsquad: Lost\ncharacters:\n  - {name: Ned, at: l1}\n")
    line = refused(sprawl, snapshot, "new", "--system", "scratch-grid", "--squad", WARDENS, "--squad", str(roster),
                   "--map", YARD)
    assert "bad.yaml:4: key 'at': l1 is a wall" in line


def test_a_bad_map_file_names_line_and_column(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    bad = sprawl.folder / "bad-map.yaml"
    bad.write_text("grid: hex\nmap: |\n  ............\n  .....X......\n")
    line = refused(sprawl, snapshot, "new", "--system", "scratch-grid", "--squad", WARDENS, "--squad", RAIDERS,
                   "--map", str(bad))
    assert "bad-map.yaml:4:8: 'X' is not a map symbol" in line


def test_move_json_and_its_refusals(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    data = sprawl.json("move", "Ada", "e3")
    assert (data["path"][0], data["path"][-1], data["cost"], data["stopped_by"], data["interrupts"]) == \
        ("b2", "e3", 3, None, [])
    assert "already moved" in refused(sprawl, snapshot, "move", "Ada", "f3")
    assert "too far" in refused(sprawl, snapshot, "move", "Brannock", "j1")
    assert "is a wall" in refused(sprawl, snapshot, "move", "Brannock", "c2")
    assert "it is Wardens' turn" in refused(sprawl, snapshot, "move", "Vex", "j3")


def test_interrupts_by_option(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    sprawl.json("move", "Ada", "f1")
    sprawl.json("next")
    sprawl.json("move", "Vex", "g2")  # flies in next to Ada (it ends its move there)
    sprawl.json("next")
    line = refused(sprawl, snapshot, "move", "Ada", "c1")
    assert "give --interrupts Vex=hit|miss|pass" in line
    data = sprawl.json("move", "Ada", "c1", "--interrupts", "Vex=hit")
    assert data["interrupts"] == ["Vex"] and data["stopped_by"] == "interrupted by Vex" and len(data["path"]) == 2
    assert sprawl.character("Ada")["turn_over"] is True


def test_los_and_attack(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    sight = sprawl.json("los", "Ada", "Mord")
    assert (sight["clear"], sight["blocked_by"]) == (False, "c2")  # the wall beside Ada
    assert sprawl.json("los", "Brannock", "Mord") == {**sprawl.json("los", "Brannock", "j6"), "target": "Mord"}
    assert sprawl.json("los", "Brannock", "i6")["clear"] is True
    line = refused(sprawl, snapshot, "attack", "Ada", "Vex", "--kind", "close", "--result", "hit")
    assert "reaches only the spaces next to it" in line
    sprawl.json("move", "Ada", "j2", "--force")  # the referee puts Ada next to Vex
    hit = sprawl.json("attack", "Ada", "Vex", "--kind", "close", "--result", "hit")
    assert hit["result"] == "hit" and hit["victims"][0]["after"] == "injured"
    assert sprawl.character("Vex")["statuses"] == ["injured"]


def test_a_blast_reports_its_spaces_and_who_it_caught(sprawl: Sprawl) -> None:
    start(sprawl)
    data = sprawl.json("attack", "Brannock", "Mord", "--kind", "blast", "--at", "i6", "--result", "hit")
    assert len(data["spaces"]) == 9 and data["spaces"][0] == "i6"
    assert data["caught"] == ["Mord"] and data["victims"][0]["after"] == "injured"


def test_a_result_needed_and_not_given_is_exit_1(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    line = refused(sprawl, snapshot, "attack", "Brannock", "Mord", "--kind", "ranged")
    assert "--result hit" in line


def test_evade_heal_escape_and_next(sprawl: Sprawl) -> None:
    start(sprawl)
    assert sprawl.json("evade", "Cress")["evading"] is True
    out = sprawl.json("escape", "Brannock")
    assert out["escaped"] is True and out["via"] == "edge"
    assert sprawl.character("Brannock")["at"] is None and "escaped" in sprawl.character("Brannock")["statuses"]
    sprawl.json("set", "Cress", "injured", "on")
    sprawl.json("move", "Ada", "a5")
    assert sprawl.json("heal", "Ada", "Cress", "--result", "hit")["after"] == "healthy"
    step = sprawl.json("next")
    assert step["side"] == "Raiders"


def test_map_draws_and_reaches(sprawl: Sprawl) -> None:
    start(sprawl, MARSH)
    result = sprawl("map", "--reach", "Ada")
    assert result.exit_code == 0 and "shaded" in result.stdout
    data = sprawl.json("map", "--reach", "Ada")
    assert data["grid"] == "hex" and data["reach"]["spaces"]["c2"] == 1
    svg = sprawl("map", "--svg", "-")
    root = ET.fromstring(svg.stdout)
    assert root.tag.endswith("svg")
    written = sprawl.json("map", "--svg", "drawing.svg")
    assert written["svg"] == "drawing.svg" and (sprawl.folder / "drawing.svg").read_text().startswith("<svg")


def test_undo_takes_back_a_move(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("move", "Ada", "e3")
    assert sprawl("undo").exit_code == 0
    assert sprawl.character("Ada")["at"] == "b2"
    log = sprawl("log")
    assert log.exit_code == 0


def test_rules_topics(sprawl: Sprawl) -> None:
    result = sprawl("rules", "interrupts", "--system", "scratch-grid")
    assert result.exit_code == 0 and "S4" in result.stdout


def test_on_a_terminal_the_referee_is_asked(sprawl: Sprawl) -> None:
    start(sprawl)
    result = sprawl("attack", "Brannock", "Mord", "--kind", "ranged", input="hit\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "Mord" in result.stdout and sprawl.character("Mord")["statuses"] == ["injured"]
    sprawl.json("move", "Ada", "f1")
    sprawl.json("next")
    sprawl.json("move", "Vex", "g2")
    sprawl.json("next")
    result = sprawl("move", "Ada", "c1", input="maybe\nmiss\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert sprawl.character("Ada")["at"] == "c1"


def test_new_refuses_settings_it_does_not_have(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    line = refused(sprawl, snapshot, "new", "--system", "scratch-grid", "--squad", WARDENS, "--squad", RAIDERS,
                   "--map", YARD, "--setting", "fog=on")
    assert "Scratch:Grid has no settings" in line


def test_a_roster_of_another_system_is_refused(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    line = refused(sprawl, snapshot, "new", "--system", "scratch-grid", "--squad", WARDENS, "--squad",
                   str(ROSTERS / "plf.yaml"), "--map", YARD)
    assert "plf.yaml" in line


def play_on(sprawl: Sprawl, rows: list[str], red: str, blue: str) -> None:
    """A game on a map of `rows` (squares): side Red (to play) and side Blue, each a line of
    roster characters like `{name: Ada, at: a1}`."""
    (sprawl.folder / "board.yaml").write_text("grid: square\nmap: |\n" + "".join(f"  {r}\n" for r in rows))
    for squad, people in (("Red", red), ("Blue", blue)):
        (sprawl.folder / f"{squad}.yaml").write_text(
            f"system: scratch-grid\nsquad: {squad}\ncharacters:\n  - {people}\n")
    result = sprawl("new", "--system", "scratch-grid", "--squad", "Red.yaml", "--squad", "Blue.yaml",
                    "--map", "board.yaml")
    assert result.exit_code == 0, result.stderr


def test_a_move_a_zone_of_control_stops_says_so(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    # Issue 24, item 16: Ned (injured: 2 spaces) wants f4, 3 spaces away through the gap at f3,
    # which is next to Ada; the way around costs far more. The gap is the reason, and is named.
    rows = ["............", "............", "#####.#####.", "............", "............"]
    play_on(sprawl, rows, "{name: Ned, at: f1}", "{name: Ada, at: e4}")
    assert sprawl("set", "Ned", "injured", "on").exit_code == 0
    line = refused(sprawl, snapshot, "move", "Ned", "f4")
    assert line.startswith("error: Ned cannot reach f4: on the cheapest way (3 spaces of movement), entering f3, "
                           "next to Ada, ends the move; the way around costs "), line
    assert "it has 2 spaces (S2)" in line and "too far" not in line
    # healthy, the 3 spaces are in reach: only the zone of control stops it
    assert sprawl("set", "Ned", "injured", "off").exit_code == 0
    line = refused(sprawl, snapshot, "move", "Ned", "f4")
    assert line.startswith("error: Ned cannot reach f4: entering f3, next to Ada, ends the move (S2)"), line
    # a space that is merely far says so, with the cheapest way's cost
    line = refused(sprawl, snapshot, "move", "Ned", "l5")
    assert line.startswith("error: l5 is too far for Ned: the cheapest way costs 8 spaces of movement"), line
    # and one that no way reaches without passing Ada, says that
    line = refused(sprawl, snapshot, "move", "Ned", "a5")
    assert line.startswith("error: Ned cannot reach a5: every way there passes next to an enemy; on the cheapest, "
                           "entering f3, next to Ada, ends the move (S2)"), line


def test_map_svg_into_a_missing_folder_is_one_plain_line(sprawl: Sprawl,
                                                         snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    # Issue 24, item 17
    start(sprawl)
    line = refused(sprawl, snapshot, "map", "--svg", "/no/such/dir/x.svg")
    assert line == ("error: --svg /no/such/dir/x.svg: there is no folder /no/such/dir; give a file in a folder "
                    "that exists")
    (sprawl.folder / "maps").mkdir()
    line = refused(sprawl, snapshot, "map", "--svg", "maps")
    assert line == "error: --svg maps is a folder: give a file name, like maps/map.svg"


def test_the_largest_map_with_every_extra_at_20(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    # Issue 24, item 15 (its speed is bench/paths.py's): 26 x 99 spaces, quickness, flying,
    # acrobatics and swimming 20: 4 spaces + 10 on open ground + 10 in the air (+ 20 and 20 for
    # rough ground and water, none here), so 24 spaces of open ground in all.
    rows = ["." * 26] * 99
    play_on(sprawl, rows, "{name: Ned, at: m50, quickness: 20, flying: 20, acrobatics: 20, swimming: 20}",
            "{name: Ada, at: a1}")
    reach = sprawl.json("map", "--reach", "Ned")["reach"]["spaces"]
    assert len(reach) == 26 * 49 - 1 and reach["m26"] == 24 and reach["a74"] == 24 and "m25" not in reach
    line = refused(sprawl, snapshot, "move", "Ned", "m99")
    assert line.startswith("error: m99 is too far for Ned: the cheapest way costs 49 spaces of movement and it "
                           "has 4 spaces +10 on open ground (quickness), +10 in the air (flying)"), line
    moved = sprawl.json("move", "Ned", "m74", "--interrupts", "none")
    assert (moved["cost"], len(moved["path"]), moved["path"][-1]) == (24, 25, "m74")


# Issue 24, item 21: what a hit does, by kind and the victim's health before it (S5); a miss does nothing.
@pytest.mark.parametrize(("kind", "before", "after", "immobilised"), [
    ("close", "healthy", "injured", False),
    ("close", "injured", "incapacitated", False),
    ("ranged", "healthy", "injured", False),
    ("ranged", "injured", "incapacitated", False),
    ("blast", "healthy", "injured", False),
    ("blast", "injured", "incapacitated", False),
    ("knockout", "healthy", "incapacitated", False),
    ("knockout", "injured", "incapacitated", False),
    ("hold", "healthy", "healthy", True),
    ("hold", "injured", "injured", True),
])
def test_what_a_hit_does(sprawl: Sprawl, kind: str, before: str, after: str, immobilised: bool) -> None:
    close = kind in ("close", "knockout", "hold")
    play_on(sprawl, [".....", ".....", "....."], "{name: Ned, at: a2}", f"{{name: Ada, at: {'b2' if close else 'd2'}}}")
    if before == "injured":
        assert sprawl("set", "Ada", "injured", "on").exit_code == 0
    extra = ["--at", "d3"] if kind == "blast" else []
    miss = sprawl.json("attack", "Ned", "Ada", "--kind", kind, "--result", "miss", *extra)
    assert [(v["before"], v["after"], v["immobilised"]) for v in miss["victims"]] == [(before, before, False)]
    assert sprawl("undo").exit_code == 0
    hit = sprawl.json("attack", "Ned", "Ada", "--kind", kind, "--result", "hit", *extra)
    assert [(v["name"], v["result"], v["before"], v["after"], v["immobilised"]) for v in hit["victims"]] == \
        [("Ada", "hit", before, after, immobilised)]


def test_the_gate_names_the_move_refused(sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    sprawl.json("set", "Brannock", "incapacitated", "on")
    assert refused(sprawl, snapshot, "move", "Brannock", "a5") == (
        "error: Brannock is incapacitated and cannot move (S2) (add --force to overrule as referee)")
    assert refused(sprawl, snapshot, "escape", "Brannock") == (
        "error: Brannock is incapacitated and cannot escape (S2) (add --force to overrule as referee)")


def test_the_gate_names_the_command_on_every_check(sprawl: Sprawl,
                                                    snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    assert refused(sprawl, snapshot, "evade", "Vex") == (
        "error: Vex cannot evade: it is Wardens' turn (S6) (add --force to overrule as referee)")
    sprawl.json("set", "Cress", "delayed", "on")
    assert refused(sprawl, snapshot, "evade", "Cress") == (
        "error: Cress is delayed and cannot evade until its turn ends (add --force to overrule as referee)")
    sprawl.json("escape", "Brannock")
    assert refused(sprawl, snapshot, "evade", "Brannock") == "error: Brannock has escaped and cannot evade"
