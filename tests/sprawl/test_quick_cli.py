"""`roll`, `odds`, `table` and the error boundary through the CLI (SPEC section 2)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.factory import exact_success_counts


def test_roll_json(sprawl):
    data = sprawl.json("roll", "4", "--dice", "4,5,7,10")
    assert data["faces"] == [4, 5, 7, 10]
    assert data["successes"] == 3 and data["difficulty"] == 1 and data["net"] == 3 and data["passed"] is True


def test_roll_zero_is_ten_and_mods(sprawl):
    data = sprawl.json("roll", "3", "--difficulty", "2", "--mod", "1", "--mod", "-1", "--dice", "0,7,1")
    assert data["faces"] == [10, 7, 1] and data["difficulty"] == 2 and data["successes"] == 3 and data["net"] == 2


def test_roll_no_tens(sprawl):
    data = sprawl.json("roll", "4", "--no-tens", "--dice", "4,5,7,10")
    assert data["successes"] == 2


def test_roll_too_few_dice_exit_1(sprawl):
    result = sprawl("roll", "4", "--dice", "4,5")
    assert result.exit_code == 1
    assert result.stderr.startswith("error:") and "needs 4d10" in result.stderr


def test_roll_too_few_dice_on_a_terminal_asks(sprawl):
    result = sprawl("roll", "4", "--dice", "4,5", "--json", input="7 0\n", terminal=True)
    assert result.exit_code == 0
    assert "Test, 2 more d10" in result.stderr
    assert json.loads(result.stdout)["faces"] == [4, 5, 7, 10]


def test_roll_dice_ask(sprawl):
    result = sprawl("roll", "2", "--dice", "ask", "--json", input="7 11\n7 8\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["faces"] == [7, 8]
    assert "not a d10 face" in result.stderr


def test_leftover_faces_warn(sprawl):
    result = sprawl("roll", "2", "--dice", "7,8,9", "--json")
    assert result.exit_code == 0 and "not used: 9" in result.stderr
    assert json.loads(result.stdout)["faces"] == [7, 8]


def test_seed_reproduces(sprawl):
    a = sprawl.json("roll", "10", "--seed", "7")
    b = sprawl.json("roll", "10", env={"SPRAWL_SEED": "7"})
    assert a["faces"] == b["faces"]


def test_odds_json(sprawl):
    data = sprawl.json("odds", "1", "--difficulty", "1")
    assert data["pool"] == 1 and data["difficulty"] == 1
    assert data["p_pass"] == pytest.approx(0.4)
    assert data["net"]["0"] == pytest.approx(0.6) and data["net"]["1"] == pytest.approx(0.3)
    assert data["net"]["2"] == pytest.approx(0.1)


def test_odds_hundred_dice(sprawl):
    data = sprawl.json("odds", "100", "--difficulty", "40")
    counts = exact_success_counts(100)  # outcomes of 100 dice by successes, exactly
    exact = Fraction(sum(counts[40:]), 10**100)
    assert data["p_pass"] == pytest.approx(float(exact), rel=1e-9)
    assert data["net"]["1"] == pytest.approx(counts[40] / 10**100, rel=1e-9)


def test_odds_refuses_huge_pool(sprawl):
    result = sprawl("odds", "5000")
    assert result.exit_code == 2 and "1000" in result.stderr  # a usage error, as for roll (issue 12)


@pytest.mark.parametrize(
    ("name", "roll", "result"),
    [
        ("incapacitation", "1", "recovery"), ("incapacitation", "2", "down"), ("incapacitation", "8", "down"),
        ("incapacitation", "9", "out_of_action"), ("incapacitation", "10", "out_of_action"),
        ("incapacitation", "0", "out_of_action"),
        ("misfire", "7", "jammed"), ("misfire", "8", "out_of_ammo"),
        ("scatter", "1", 1), ("scatter", "8", 8), ("scatter", "9", "reroll_minus_1"), ("scatter", "10", "reroll_plus_1"),
        ("throw", "1", 4), ("throw", "2", 6), ("throw", "3", 8), ("throw", "4", 10), ("throw", "5", 12), ("throw", "9", 12),
        ("aftermath", "1", "dead"), ("aftermath", "3", "injured"), ("aftermath", "4", "recovered"),
    ],
)
def test_table_rows(sprawl, name, roll, result):
    data = sprawl.json("table", name, roll)
    assert data["roll"] == (int(roll) or 10) and data["result"] == result  # R1: 0 reads as ten


def test_whole_table_and_compass(sprawl):
    result = sprawl("table", "scatter")
    assert result.exit_code == 0 and "line of fire" in result.stdout
    data = sprawl.json("table", "aftermath")
    assert "house" in data["title"].lower() and len(data["rows"]) == 3


def test_unknown_table_and_bad_roll(sprawl):
    unknown = sprawl("table", "nope")
    assert unknown.exit_code == 1 and "no table 'nope'; the tables are: incapacitation" in unknown.stderr
    bad = sprawl("table", "incapacitation", "12")
    assert bad.exit_code == 1 and "1-10" in bad.stderr


@pytest.mark.parametrize("args", [["roll"], ["roll", "x"], ["roll", "-3"], ["nosuch"], ["roll", "3", "--bogus"]])
def test_usage_errors_exit_2(sprawl, args):
    result = sprawl(*args)
    assert result.exit_code == 2 and result.stderr.startswith("error:")
    assert "Traceback" not in result.stderr


def test_version_and_help(sprawl):
    from sprawl_cli import __version__

    assert sprawl("--version").stdout.strip() == f"sprawl {__version__}"
    assert sprawl("--help").exit_code == 0


def test_no_color_plain_output(sprawl):
    result = sprawl("roll", "2", "--dice", "10,7", env={"NO_COLOR": "1"})
    assert "\x1b[" not in result.stdout and "[10 7]" in result.stdout


def test_dice_given_to_a_command_that_rolls_nothing_warn(sprawl):
    sprawl.new()
    result = sprawl("status", "--dice", "7", "--json")
    assert result.exit_code == 0 and "--dice 7 was not used" in result.stderr
    json.loads(result.stdout)


def test_a_table_answer_no_question_read_is_said_to_be_unused(sprawl):
    sprawl.new()
    result = sprawl("set", "Razz", "pinned", "on", "--nearby", "none", "--json")
    assert result.exit_code == 0 and "warning: --nearby none was not used" in result.stderr
    json.loads(result.stdout)
    # What the line gave is shown as an error line shows it: one line, no terminal codes.
    result = sprawl("status", "--nearby", "a\x1b[31mb\nc", "--dice", "1\x1b")
    assert result.stderr.splitlines() == [
        "warning: --dice 1\\x1b was not used: this command rolls no dice",
        "warning: --nearby a\\x1b[31mb c was not used: nothing this command did asked it"]
    # Read by R9's question (who is within 3" of the fallen): no warning.
    result = sprawl("damage", "Razz", "9", "--nearby", "none", "--dice", "10", "--json")
    assert result.exit_code == 0 and result.stderr == ""


def test_status_lists_fists_for_everyone(sprawl):
    sprawl.new()
    for c in sprawl.json("status")["characters"]:
        assert any(w["name"] == "Fists" and w["power"] == 0 for w in c["weapons"])


def test_a_nearby_typo_at_the_prompt_asks_again(sprawl):
    sprawl.new()
    sprawl.json("next")
    result = sprawl("shoot", "Razz", "Wilson", "--yes", "--dice", "7,7,0,1,7,7,7,7,7,1,1,1,9,7,7,7,7", "--json",
                    input="Gordo, Bob\ngordo\n", terminal=True)
    assert result.exit_code == 0, result.stderr
    assert "Bob: not among" in result.stderr
    assert [p["name"] for p in json.loads(result.stdout)["panic"]] == ["Gordo"]


def test_negative_numbers_are_a_usage_error_that_says_so(sprawl):
    result = sprawl("roll", "-2")
    assert result.exit_code == 2 and "'-2' is out of bounds; give a whole number from 0 to 1000" in result.stderr  # as `roll 100000` says


def test_bad_terrain_is_a_usage_error(sprawl):
    sprawl.new()
    result = sprawl("move", "Babs", "--terrain", "swamp")
    assert result.exit_code == 2 and "treacherous" in result.stderr
