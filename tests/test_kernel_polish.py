"""Kernel polish from issue 12 (items 11, 12, 15) and issue 14 (item 3): piped output,
completion of statuses / on|off / option values, and the small messages."""

from __future__ import annotations

from tests.conftest import PLF, SUIT  # noqa: F401  (the fixture's rosters)


# --- item 11: a pipe sees whole sentences ----------------------------------------------


def test_piped_output_does_not_wrap_a_sentence(sprawl):
    result = sprawl("new", "--squad", PLF, "--squad", SUIT, "--seed", "3", env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.stderr
    whole = [line for line in result.stdout.splitlines() if "Chargers first" in line]
    assert whole and "`jump`)" in whole[0] and len(whole[0]) > 80


def test_piped_tables_still_fit_the_width(sprawl):
    sprawl.new()
    result = sprawl("status", env={"COLUMNS": "80"})
    table = [line for line in result.stdout.splitlines() if "│" in line]
    assert table and max(len(line) for line in table) <= 80
