"""`shoot`, `los` and `odds shoot` through the CLI, with --dice and --json."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def ranged(sprawl):
    """A new game of the sample squads, moved on to the first Ranged Combat Phase (PLF shoots)."""
    sprawl.new()
    sprawl.json("next")
    return sprawl


def test_shot_json_has_the_contracted_fields(ranged):
    # Razz: SMG at short range (-1) -> Difficulty 1. [7 8 2 3] 2 hits. Damage 2 + Power 1: [9 9 2] 2 points.
    # Wilson's Toughness [8 2 2] negates 1; 1 Health lost.
    data = ranged.json("shoot", "Razz", "Wilson", "--yes", "--dice", "7,8,2,3,9,9,2,8,2,2")
    assert {k: data[k] for k in ("difficulty", "faces", "successes", "hits", "misfire", "scatter", "panic")} == {
        "difficulty": 1, "faces": [7, 8, 2, 3], "successes": 2, "hits": 2, "misfire": None, "scatter": None,
        "panic": []}
    victim = {k: data["victims"][0][k] for k in ("name", "damage_faces", "damage", "toughness_faces", "negated",
                                                  "health_lost", "health", "statuses", "incapacitation")}
    assert victim == {"name": "Wilson", "damage_faces": [9, 9, 2], "damage": 2, "toughness_faces": [8, 2, 2],
                      "negated": 1, "health_lost": 1, "health": 2, "statuses": ["pinned"], "incapacitation": None}
    assert [m["source"] for m in data["modifiers"]] == ["SMG at short range"]
    wilson = ranged.character("Wilson")
    assert wilson["health"] == 2 and wilson["damage_taken"] == 1 and wilson["statuses"] == ["pinned"]
    assert ranged.character("Razz")["acted"] == ["shot"]


def test_zero_dice_tens_and_the_view_read_like_a_referee(ranged):
    result = ranged("shoot", "Razz", "Wilson", "--yes", "--cover", "partial", "--dice", "10,2,2,2,7,2,2,2,2,2")
    assert result.exit_code == 0, result.stderr
    out = " ".join(result.stdout.split())  # the terminal width may wrap a line anywhere
    assert "Difficulty 1 = 1 base, -1 SMG at short range (R13), +1 partial cover (R13)" in out
    assert "each 10 is two successes" in out
    assert "Lay Wilson on its back" in out


def test_out_of_action_and_panic_through_the_cli(ranged):
    # 4 hits; damage [9 9 9 2 2] 3 points; Toughness [2 2 2]; d10 9: Out of Action.
    # Gordo (Guts 4) needs 1: [2 2 2 2] fails, flees 5". Newton (Guts 2) needs 2: [10 2] holds (Tens, R2).
    data = ranged.json("shoot", "Razz", "Wilson", "--yes", "--nearby", "Gordo, newton",
                       "--dice", "7,8,9,7,9,9,9,2,2,2,2,2,9,2,2,2,2,5,10,2")
    assert data["victims"][0]["incapacitation"] == {"roll": 9, "result": "out_of_action"}
    assert data["victims"][0]["statuses"] == ["out_of_action"]
    assert [{k: p[k] for k in ("name", "faces", "needed", "panicked", "flee_inches")} for p in data["panic"]] == [
        {"name": "Gordo", "faces": [2, 2, 2, 2], "needed": 1, "panicked": True, "flee_inches": 5},
        {"name": "Newton", "faces": [10, 2], "needed": 2, "panicked": False, "flee_inches": None},
    ]
    assert "panicked" in ranged.character("Gordo")["statuses"]


def test_grenade_scatter_json(ranged):
    # Babs throws (Strength 2: 6"). [2 3 4] misses without a 1: scatter 9 (re-roll, -1") then 3; distance 8 -> 4 - 1 = 3".
    data = ranged.json("shoot", "Babs", "Wilson", "--weapon", "grenade", "--yes", "--blast-scattered", "none",
                       "--dice", "2,3,4,9,3,8")
    assert data["scatter"]["direction"] == 3 and data["scatter"]["inches"] == 3
    assert data["victims"] == [] and data["misfire"] is None and data["uses_left"] == 1


def test_grenade_direct_hit_with_blast_victims(ranged):
    # [7 2 2] 1 hit: Wilson 3 dice [2 2 2]; Rafter 3 dice [7 2 2] 1 point, Toughness [2 2] -> 1 lost.
    data = ranged.json("shoot", "Babs", "Wilson", "--yes", "--weapon", "Grenade", "--distance", "5", "--blast", "Rafter",
                       "--dice", "7,2,2,2,2,2,7,2,2,2,2")
    assert [(v["name"], v["health_lost"], v["statuses"]) for v in data["victims"]] == [
        ("Wilson", 0, ["pinned"]), ("Rafter", 1, ["pinned"])]


def test_gun_misfire_jams(ranged):
    data = ranged.json("shoot", "Razz", "Wilson", "--yes", "--dice", "1,2,3,4,5")
    assert data["misfire"] == "jammed" and data["victims"] == []
    assert "jammed" in ranged.character("Razz")["statuses"]


def test_grenade_misfire_scatters_and_leaves_none(ranged):
    # R14 + R15: [1 2 3] misfires (no misfire d10 for a grenade); scatter direction 4, distance 6 -> 3".
    # Wilson is caught where it lands: 0 hits + Power 2 = [2 2], nothing to negate, but pinned (R16).
    data = ranged.json("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--yes", "--blast-scattered", "Wilson",
                       "--dice", "1,2,3,4,6,2,2")
    assert data["misfire"] == "none_left" and data["misfire_roll"] is None
    assert (data["scatter"]["direction"], data["scatter"]["inches"]) == (4, 3)
    assert [(v["name"], v["damage_faces"], v["statuses"]) for v in data["victims"]] == [
        ("Wilson", [2, 2], ["pinned"])]
    assert data["uses_left"] == 0
    grenade = next(w for w in ranged.character("Babs")["weapons"] if w["name"] == "Grenade")
    assert grenade["state"] == "none_left"
    rolls = ranged.json("log", "--last", "1")["entries"][0]["rolls"]
    assert [r["label"] for r in rolls] == [
        "Babs: Shooting", "Babs: Scatter direction", "Babs: Scatter distance", "Babs: Damage"]


def test_grenade_misfire_view_says_none_left_and_scatters(ranged):
    result = ranged("shoot", "Babs", "Wilson", "--weapon", "grenade", "--yes", "--dice", "1,2,3,4,5",
                    "--nearby", "none", "--blast-scattered", "none", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    out = " ".join(result.stdout.split())
    assert "Misfire: no successes and a 1 (R14): Babs has no Grenade left for the rest of the game" in out
    assert "scatters (R15)" in out and "lands 3\" back and to the right" in out
    assert "nothing goes off" not in out


def test_grenade_misfire_without_scatter_dice_changes_nothing(ranged, snapshot):
    before = snapshot(ranged.folder)
    result = ranged("shoot", "Babs", "Wilson", "--weapon", "grenade", "--yes", "--dice", "1,2,3",
                    "--nearby", "none", "--blast-scattered", "none")
    assert result.exit_code == 1 and "Scatter direction" in result.stderr
    assert snapshot(ranged.folder) == before


def test_unknown_nearby_name_is_hinted_among_the_friends_only(ranged, snapshot):
    # Wilson goes Out of Action ([7 7 7 7] 4 hits, 5 points, Toughness [1 1 1], d10 9); 'Razzo' is close to
    # the shooter Razz, who is no possible friend of Wilson: the hint lists Wilson's friends instead.
    before = snapshot(ranged.folder)
    result = ranged("shoot", "Razz", "Wilson", "--yes", "--dice", "7,7,7,7,7,7,7,7,7,1,1,1,9", "--nearby", "Razzo")
    assert result.exit_code == 1
    assert "did you mean" not in result.stderr
    assert "friends still on the table are: Gordo, Rafter, Newton, Wishbone" in result.stderr
    assert snapshot(ranged.folder) == before
    result = ranged("shoot", "Razz", "Wilson", "--yes", "--dice", "7,7,7,7,7,7,7,7,7,1,1,1,9", "--nearby", "Gordoo")
    assert result.exit_code == 1 and "did you mean 'Gordo'?" in result.stderr


def test_overwatch_fire_in_the_enemy_turn(ranged):
    ranged.json("set", "Wilson", "overwatch", "on")
    data = ranged.json("shoot", "Wilson", "Razz", "--yes", "--dice", "2,3,4,5")
    assert data["overwatch"] is True and "overwatch" in data["ended"]
    assert "overwatch" not in ranged.character("Wilson")["statuses"]


def test_force_is_logged(sprawl):
    sprawl.new()  # still the Movement Phase
    data = sprawl.json("shoot", "Razz", "Wilson", "--yes", "--force", "--dice", "2,3,4,5")
    assert data["forced"] and "Ranged Combat Phase" in data["forced"][0]
    entry = sprawl.json("log", "--last", "1")["entries"][0]
    assert entry["forced"] == data["forced"] and entry["kind"] == "shoot"
    assert entry["rolls"] == [{"label": "Razz: Shooting", "faces": [2, 3, 4, 5], "die": "d10"}]


@pytest.mark.parametrize("setup, args, message", [
    ([], ["Razz", "Babs"], "own squad"),
    ([["set", "Wilson", "hidden", "on", "--count", "2"]], ["Razz", "Wilson"], "hidden"),
    ([["set", "Wilson", "out_of_action", "on"]], ["Razz", "Wilson", "--force"], "Out of Action"),
    ([], ["Razz", "Wilsen"], "did you mean 'Wilson'"),
    ([["set", "Razz", "jammed", "on"]], ["Razz", "Wilson"], "jammed"),
    ([["set", "Razz", "ran", "on"]], ["Razz", "Wilson"], "ran this turn"),
    ([], ["Rafter", "Razz"], "only a character on overwatch"),
    ([], ["Babs", "Wilson", "--weapon", "Grenade"], "--yes"),
    ([], ["Babs", "Wilson", "--weapon", "Grenade", "--distance", "7"], "beyond Babs's throw of 6"),
    ([], ["Babs", "Wilson", "--weapon", "Grenade", "--yes", "--dice", "7,2,2,2,2,2"], "--blast"),
    ([], ["Babs", "Wilson", "--weapon", "Knife"], "close-combat weapon"),
    ([], ["Razz", "Wilson", "--spot"], "only grenades and rockets"),
    ([], ["Razz", "Wilson", "--dice", "7,8"], "not enough dice"),
    ([], ["Razz", "Wilson", "--yes", "--dice", "7,8"], "not enough dice"),
    ([], ["Razz", "Wilson", "--yes", "--dice", "7,8,9,7,9,9,9,2,2,2,2,2,9"], "--nearby"),
])
def test_refused_shots_change_no_file(ranged, snapshot, setup, args, message):
    for command in setup:
        ranged.json(*command)
    before = snapshot(ranged.folder)
    result = ranged("shoot", *args, "--json")
    assert result.exit_code == 1, result.stdout
    assert result.stderr.startswith("error:") and message in result.stderr
    assert message in json.loads(result.stdout)["error"]
    assert snapshot(ranged.folder) == before


@pytest.mark.parametrize("args", [
    ["Razz", "Wilson", "--small", "--large"],
    ["Razz", "Wilson", "--range", "far"],
    ["Razz", "Wilson", "--cover", "some"],
    ["Razz"],
])
def test_usage_errors_exit_2(ranged, snapshot, args):
    before = snapshot(ranged.folder)
    result = ranged("shoot", *args)
    assert result.exit_code == 2 and result.stderr.startswith("error:")
    assert snapshot(ranged.folder) == before


def test_second_shot_in_a_turn_is_refused(ranged, snapshot):
    ranged.json("shoot", "Razz", "Wilson", "--yes", "--dice", "2,3,4,5")
    before = snapshot(ranged.folder)
    result = ranged("shoot", "Razz", "Newton", "--yes", "--dice", "2,3,4,5")
    assert result.exit_code == 1 and "already shot" in result.stderr
    assert snapshot(ranged.folder) == before


def test_odds_shoot_json(ranged):
    data = ranged.json("odds", "shoot", "Razz", "Wilson")
    for key in ("p_hit", "p_pin", "p_zero_health", "expected_health_lost", "difficulty"):
        assert key in data
    assert data["difficulty"] == 1 and data["pool"] == 4
    assert data["p_hit"] == pytest.approx(ranged.json("odds", "4")["p_pass"])
    harder = ranged.json("odds", "shoot", "Razz", "Wilson", "--cover", "full", "--range", "long", "--mod", "1")
    assert harder["difficulty"] == 1 + 1 + 2 + 1 and harder["p_hit"] < data["p_hit"]


def test_odds_shoot_changes_nothing_and_needs_no_phase(sprawl, snapshot):
    sprawl.new()
    before = snapshot(sprawl.folder)
    assert sprawl.json("odds", "shoot", "Babs", "Wilson", "--weapon", "grenade", "--spot")["difficulty"] == 2
    assert snapshot(sprawl.folder) == before


@pytest.mark.parametrize("args", [["shoot", "Razz"], ["5", "--cover", "partial"], ["4", "Razz", "Wilson"],
                                  ["shoot", "Razz", "Wilson", "--difficulty", "3"]])
def test_odds_usage_errors(ranged, args):
    result = ranged("odds", *args)
    assert result.exit_code == 2 and result.stderr.startswith("error:")


def test_los_is_rolled_and_logged(ranged):
    assert ranged.json("los", "Razz", "Wilson", "--dice", "4") == {
        "roll": 4, "visible": True, "looker": "Razz", "target": "Wilson", "forced": []}
    assert ranged.json("los", "--dice", "7")["visible"] is False
    entry = ranged.json("log", "--last", "1")["entries"][0]
    assert entry["kind"] == "los" and entry["rolls"] == [{"label": "Line of sight", "faces": [7], "die": "d10"}]


def test_scatter_is_shown_as_a_compass_and_in_words(ranged):
    result = ranged("shoot", "Babs", "Wilson", "--weapon", "grenade", "--yes", "--blast-scattered", "none",
                    "--dice", "2,3,4,9,3,8", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    out = " ".join(result.stdout.split())  # the terminal width may wrap a line anywhere
    assert "scatters (R15)" in out and "9 (roll again, -1\") then 3" in out
    assert "line of fire ↑ 1 8 2 7 x - → 6 4 5" in out and "lands 3\" to the right" in out


def test_a_blast_list_does_not_survive_a_scatter(ranged, snapshot):
    # Issue 12: --blast names who is caught where it was aimed. It missed and scattered 3", so the tool asks
    # again about the new point; without a terminal that needs --blast-scattered, and nothing changes.
    before = snapshot(ranged.folder)
    result = ranged("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--yes", "--blast", "Rafter",
                    "--dice", "2,3,4,9,3,8", "--json")
    assert result.exit_code == 1 and "--blast-scattered" in result.stderr and "3\" to the right of Wilson" in result.stderr
    assert snapshot(ranged.folder) == before
    data = ranged.json("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--yes", "--blast", "Rafter",
                       "--blast-scattered", "Wilson", "--dice", "2,3,4,9,3,8,2,2")
    assert [v["name"] for v in data["victims"]] == ["Wilson"]


def test_a_blast_question_asks_again_after_a_scatter_on_a_terminal(ranged):
    # The aimed point's answer came from --blast; the scattered point is asked for, its choices listed.
    result = ranged("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--yes", "--blast", "Rafter",
                    "--dice", "2,3,4,9,3,8,2,2", "--json", terminal=True, input="Wilson\n")
    assert result.exit_code == 0, result.stderr
    assert [v["name"] for v in json.loads(result.stdout)["victims"]] == ["Wilson"]


def test_the_blast_question_does_not_offer_the_target_as_someone_else(ranged):
    # A direct hit catches Wilson anyway; "who else" lists everyone on the table but him.
    result = ranged("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--yes", "--dice", "7,8,2,2,2,2,2,2",
                    terminal=True, input="none\n")
    assert result.exit_code == 0, result.stderr
    asked = next(line for line in result.output.splitlines() if "Who else" in line)
    choices = asked.split("(", 2)[-1]
    assert "Wilson" not in choices.replace("of Wilson", "") and "Rafter" in choices


def test_the_closest_target_is_asked_and_named(ranged, snapshot):
    # H2: a character must shoot at the closest viable target; a terminal is asked, --yes confirms,
    # and a script without a terminal gets the players' call (a gun's shot asks a script nothing).
    before = snapshot(ranged.folder)
    refused = ranged("shoot", "Razz", "Wilson", "--dice", "2,3,4,5", terminal=True, input="n\n")
    assert "Is Wilson the closest viable target Razz can see" in refused.stderr
    assert refused.exit_code == 1 and "must shoot at the closest viable target" in refused.stderr
    assert snapshot(ranged.folder) == before
    forced = ranged.json("shoot", "Razz", "Wilson", "--force", "--dice", "2,3,4,5", terminal=True, input="n\n")
    assert any("closest viable target" in f for f in forced["forced"])
    log = ranged.json("log")["entries"][-1]
    assert log["forced"]
    scripted = ranged("shoot", "Babs", "Wilson", "--dice", "2,3,4", "--json")
    assert scripted.exit_code == 0 and "closest" not in scripted.stderr


def test_a_shots_notes_are_sentences_that_start_with_a_capital(ranged):
    """Issue 38 item 7: the notes under a shot or its odds stand on lines of their own, so
    each starts with a capital like the rest (they started lower case)."""
    result = ranged("odds", "shoot", "Babs", "Wilson", "--weapon", "Grenade", "--distance", "4", env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.stderr
    assert ("  A grenade or rocket is counted as landing on target; whoever a scatter or the blast catches "
            "is not counted") in result.stdout
    data = ranged.json("odds", "shoot", "Razz", "Wilson", "--distance", "40")
    assert [note[:13] for note in data["notes"]] == ["Out of range:"]
    thrown = ranged.json("shoot", "Babs", "Wilson", "--weapon", "Grenade", "--range", "short", "--distance", "4", "--blast", "none",
                         "--dice", "9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9")
    assert thrown["notes"][:1] == ["A thrown Grenade has no range bands; its reach is set by Strength (R17)"]
