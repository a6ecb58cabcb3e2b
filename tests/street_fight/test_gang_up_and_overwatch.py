"""Issue 33's Street-Fight points through the command line with scripted dice: the -1 per attacker
beyond the first does not hang on the order the fights are typed in (F9), and an overwatch shot
takes only a figure that moved through the point of aim or fired from it (F7)."""

from __future__ import annotations

from typing import Any

from tests.street_fight.test_cli import start, steps
from tests.street_fight.test_cli_table_play import Snapshot, refused, to_close

GANG = "2 enemies on it (Vex, Mags)"


def on_dee(fight: dict[str, Any]) -> list[tuple[int, str]]:
    """Dee's modifiers in a fight where Dee defends."""
    return [(m["amount"], m["label"]) for m in fight["modifiers"][1]]


# --- F9: the gang-up penalty, whichever fight comes first ------------------------------------------


def test_both_attackers_count_against_dee_in_either_order(sprawl: Any) -> None:
    start(sprawl)
    to_close(sprawl)
    first = sprawl.json("fight", "Vex", "Dee", "--yes", "--contact", "Mags", "--dice", "5,6")
    second = sprawl.json("fight", "Mags", "Dee", "--contact", "none", "--dice", "4,3")
    assert on_dee(first) == on_dee(second) == [(-1, GANG)]
    assert first["joined"] == [{"name": "Mags", "with": "Dee"}] and second["joined"] == []
    assert (first["totals"], second["totals"]) == ([5, 5], [3, 2])
    sprawl.json("undo", "2")
    # Typed the other way round, the same dice give the same totals: the order makes no difference.
    again_second = sprawl.json("fight", "Mags", "Dee", "--yes", "--contact", "Vex", "--dice", "4,3")
    again_first = sprawl.json("fight", "Vex", "Dee", "--contact", "none", "--dice", "5,6")
    assert on_dee(again_second) == [(-1, "2 enemies on it (Mags, Vex)")] and on_dee(again_first)[0][0] == -1
    assert (again_first["totals"], again_second["totals"]) == ([5, 5], [3, 2])


def test_who_else_is_in_contact_must_be_answered(sprawl: Any, snapshot: Snapshot) -> None:
    start(sprawl)
    to_close(sprawl)
    line = refused(sprawl, snapshot, "fight", "Vex", "Dee", "--yes", "--dice", "5,6")
    assert line == ('error: Who else is within 1" of Vex or Dee as this fight begins (F9: -1 for each enemy on a '
                    'figure beyond the first)? Give --contact NAMES, or --contact none.')
    line = refused(sprawl, snapshot, "fight", "Vex", "Dee", "--yes", "--contact", "Vex", "--dice", "5,6")
    assert line == "error: Vex cannot join this fight: --contact takes Mags, Tully, Skiv, Orla, Brant, Cole (or none)"


def test_a_terminal_asks_who_else_offering_only_those_who_could_be(sprawl: Any) -> None:
    start(sprawl)
    sprawl.json("move", "Mags", "--inches", "7")  # over 5": Mags cannot be in a fight this turn
    to_close(sprawl)
    result = sprawl("fight", "Vex", "Dee", "--dice", "5,6", input="y\nTully\n", terminal=True,
                    env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    said = result.output + result.stderr
    assert '(Tully, Skiv, Orla, Brant, Cole; or none)' in said
    assert "Also in contact, in combat from now on: Tully with Dee." in result.stdout
    assert sprawl.character("Tully")["in_combat_with"] == ["Dee"]


def test_a_figure_that_has_fought_takes_no_new_enemy_this_turn(sprawl: Any, snapshot: Snapshot) -> None:
    start(sprawl)
    to_close(sprawl)
    sprawl.json("fight", "Vex", "Dee", "--yes", "--contact", "none", "--dice", "5,6")
    line = refused(sprawl, snapshot, "fight", "Mags", "Dee", "--yes", "--contact", "none", "--dice", "4,3")
    assert "Dee has fought this turn already and Mags was not in contact with it then" in line
    forced = sprawl.json("fight", "Mags", "Dee", "--yes", "--contact", "none", "--force", "--dice", "4,3")
    assert forced["forced"] and "Mags was not in contact" in forced["forced"][0]
    assert on_dee(forced) == [(-1, GANG)]


# --- F7: overwatch fire needs the point of aim crossed -----------------------------------------------


def watching(sprawl: Any) -> None:
    """Tully (pistol) on overwatch; the Wardens' Movement phase."""
    start(sprawl)
    sprawl.json("overwatch", "Tully")
    steps(sprawl, 1)


def test_a_target_that_neither_moved_nor_fired_is_refused_before_anything_is_asked(sprawl: Any,
                                                                                    snapshot: Snapshot) -> None:
    watching(sprawl)
    line = refused(sprawl, snapshot, "shoot", "Tully", "Dee", "-d", "2", "--overwatch", "--dice", "90")
    assert "Dee has neither moved nor fired this turn" in line and "(F7)" in line and "--target-moving" in line
    forced = sprawl.json("shoot", "Tully", "Dee", "-d", "2", "--overwatch", "--force", "--dice", "90")
    assert forced["forced"] and forced["chance"] == 80 and forced["shots"][0]["hit"] is False


def test_the_table_says_whether_the_target_crossed_the_point_of_aim(sprawl: Any, snapshot: Snapshot) -> None:
    watching(sprawl)
    sprawl.json("move", "Dee", "--inches", "3")
    shot = ("shoot", "Tully", "Dee", "-d", "2", "--overwatch", "--dice", "90")
    line = refused(sprawl, snapshot, *shot)
    assert line == ("error: Did Dee move through Tully's point of aim, or fire from it (F7)? "
                    "Give --crossed moved|fired|no.")
    line = refused(sprawl, snapshot, *shot, "--crossed", "no")
    assert "Dee neither moved through nor fired from Tully's point of aim" in line
    line = refused(sprawl, snapshot, *shot, "--crossed", "fired")
    assert "Dee has not fired this turn, so it has not fired from the point of aim (F7)" in line
    data = sprawl.json(*shot, "--crossed", "moved")
    assert data["overwatch"] is True and data["chance"] == 100 - 10 - 20 - 10


def test_a_terminal_asks_and_a_shot_into_an_unrecorded_move_says_target_moving(sprawl: Any,
                                                                              snapshot: Snapshot) -> None:
    watching(sprawl)
    line = refused(sprawl, snapshot, "shoot", "Tully", "Cole", "-d", "2", "--overwatch", "--crossed", "moved",
                   "--dice", "90", input="", terminal=True)
    assert "Cole has neither moved nor fired" in line
    result = sprawl("shoot", "Tully", "Cole", "-d", "2", "--overwatch", "--target-moving", "--dice", "90",
                    input="moved\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "Did Cole move through Tully's point of aim, or fire from it (F7)?" in result.output + result.stderr
    assert "overwatch" not in sprawl.character("Tully")["statuses"]  # its one shot is taken


def test_a_figure_that_only_fired_did_not_move_through_the_point(sprawl: Any, snapshot: Snapshot) -> None:
    watching(sprawl)
    steps(sprawl, 2)  # the Wardens' Shooting phase
    sprawl.json("shoot", "Orla", "Vex", "--distance", "8", "--cover", "three-quarters", "--dice", "99")
    shot = ("shoot", "Tully", "Orla", "-d", "2", "--overwatch", "--dice", "90")
    line = refused(sprawl, snapshot, *shot, "--crossed", "moved")
    assert "Orla has not moved this turn, so it has not moved through the point of aim (F7)" in line
    assert sprawl.json(*shot, "--crossed", "fired")["shots"][0]["roll"] == 90
