"""SPRAWL's lookup tables (R8, R14, R15, R17, R26): reading a roll, finding a table by name,
and the JSON shape `sprawl table NAME --json` prints and a campaign's aftermath_table uses."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.sprawl.tables import (
    HOUSE_AFTERMATH,
    INCAPACITATION,
    MISFIRE,
    SCATTER,
    THROW,
    table_named,
    table_to_json,
    throw_range,
)


@pytest.mark.parametrize("table, result", [
    (INCAPACITATION, "out_of_action"), (MISFIRE, "out_of_ammo"), (SCATTER, "reroll_plus_1"),
    (HOUSE_AFTERMATH, "recovered"),
])
def test_a_d10_showing_0_reads_as_a_ten(table, result):
    assert table.lookup(0).result == result == table.lookup(10).result


@pytest.mark.parametrize("table, roll, message", [
    (INCAPACITATION, 11, "11 is not a d10 roll for the incapacitation table; give 1-10"),
    (SCATTER, -1, "-1 is not a d10 roll for the scatter table; give 1-10"),
    (THROW, 0, "0 is not a Strength roll for the throw table; give 1 or more"),  # no "0 is a ten" here
])
def test_a_roll_no_row_covers_says_which_rolls_there_are(table, roll, message):
    with pytest.raises(BadInput) as refused:
        table.lookup(roll)
    assert refused.value.message == message


@pytest.mark.parametrize("strength, inches", [(0, 4), (1, 4), (2, 6), (4, 10), (5, 12), (9, 12)])
def test_throwing_range_by_strength(strength, inches):
    # R17; a Strength below 1 throws as far as Strength 1.
    assert throw_range(strength) == inches


@pytest.mark.parametrize("name, table", [
    ("scatter", SCATTER), (" Misfire ", MISFIRE), ("inc", INCAPACITATION), ("T", THROW), ("after", HOUSE_AFTERMATH),
])
def test_a_table_is_found_by_its_name_or_a_beginning_of_it(name, table):
    assert table_named(name) is table


@pytest.mark.parametrize("name", ["nope", "", "scatters"])
def test_an_unknown_table_lists_the_tables(name):
    with pytest.raises(BadInput) as refused:
        table_named(name)
    assert refused.value.message == (
        f"no table '{name}'; the tables are: incapacitation, misfire, scatter, throw, aftermath")


def test_a_table_as_json():
    assert table_to_json(MISFIRE) == {
        "name": "misfire",
        "title": "Misfire (a gun's Shooting test with no successes and a 1)",
        "roll": "d10",
        "rows": [
            {"low": 1, "high": 7, "result": "jammed", "meaning": MISFIRE.rows[0].meaning},
            {"low": 8, "high": 10, "result": "out_of_ammo", "meaning": "Out of ammo: unusable for the rest of the game."},
        ],
        "note": MISFIRE.note,
    }
    assert table_to_json(THROW)["rows"][-1] == {"low": 5, "high": None, "result": 12, "meaning": "Up to 12 inches."}
