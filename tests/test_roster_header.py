"""Every system reads the shared part of a roster (system, squad, characters) with the kernel's
`roster_header`, so the same mistake gets the same words whichever game it is for."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from sprawl_cli import systems, yamlio
from sprawl_cli.errors import SaveFileError
from sprawl_cli.schema import Where
from tests.factory import ROSTERS

SAMPLES = {
    "gunplay": ROSTERS / "gunplay" / "crows.yaml",
    "street-fight": ROSTERS / "street-fight" / "dock-rats.yaml",
    "savage-worlds": ROSTERS / "savage-worlds" / "cult.yaml",
    "scratch-grid": ROSTERS / "scratch-grid" / "raiders.yaml",
}


def read(system: str, change: Any = None) -> Any:
    path: Path = SAMPLES[system]
    data, lines = yamlio.load(path, "roster file")
    data = copy.deepcopy(data)
    if change is not None:
        change(data)
    return systems.get(system).read_roster(data, Where(str(path), lines), path)


def refusal(system: str, change: Any) -> str:
    with pytest.raises(SaveFileError) as caught:
        read(system, change)
    return str(caught.value)


@pytest.mark.parametrize("system", list(SAMPLES))
def test_the_sample_reads_and_its_system_may_be_spelt_any_way(system: str) -> None:
    plain = read(system)
    shouted = read(system, lambda d: d.__setitem__("system", system.upper().replace("-", "_")))
    assert [c.name for c in shouted.characters] == [c.name for c in plain.characters]
    assert plain.squad.name and plain.squad.name == shouted.squad.name


@pytest.mark.parametrize("system", list(SAMPLES))
def test_the_same_mistake_gets_the_same_words_in_every_system(system: str) -> None:
    assert "key 'squad': is missing" in refusal(system, lambda d: d.pop("squad"))
    assert "key 'squad': should be a name" in refusal(system, lambda d: d.__setitem__("squad", "  "))
    assert "key 'characters': a squad needs a list of at least one character" in refusal(
        system, lambda d: d.__setitem__("characters", []))
    assert "key 'colour': unknown key" in refusal(system, lambda d: d.__setitem__("colour", "red"))
    assert "key 'system': this roster is for 'sprawl', not" in refusal(system, lambda d: d.__setitem__("system", "sprawl"))

    def twin(d: dict[str, Any]) -> None:
        d["characters"].append(copy.deepcopy(d["characters"][0]))
        d["characters"][-1]["name"] = d["characters"][0]["name"].upper()

    assert "two characters are called" in refusal(system, twin)


def test_a_sprawl_roster_may_spell_its_system_any_way_too() -> None:
    from sprawl_cli.systems.sprawl.roster import roster_from_data

    path = ROSTERS / "plf.yaml"
    data, lines = yamlio.load(path, "roster file")
    read = roster_from_data({**data, "system": "SPRAWL"}, Where(str(path), lines), path)
    assert read.squad.name == data["squad"]
    with pytest.raises(SaveFileError, match="this roster is for 'gunplay', not SPRAWL"):
        roster_from_data({**data, "system": "gunplay"}, Where(str(path), lines), path)


@pytest.mark.parametrize("system", sorted(SAMPLES))
def test_a_file_that_names_no_system_is_said_to_read_as_the_default_systems(sprawl, snapshot, system: str) -> None:
    # A file with no `system:` (a SPRAWL roster, or no roster at all: Scratch:Grid's map file)
    # given as --squad of another system's game: the refusal says why it was read as SPRAWL's.
    before = snapshot(sprawl.folder)
    given = ROSTERS / "scratch-grid" / "marsh.yaml"
    result = sprawl("new", "--system", system, "--squad", str(given), "--squad", str(SAMPLES[system]))
    assert result.exit_code == 1 and snapshot(sprawl.folder) == before
    assert result.stderr == (
        f"error: {given}:3: key 'system': this file names no system, so it reads as a sprawl roster, and this "
        f"game is '{system}': give rosters of one system (or `--system sprawl`); a roster of '{system}' starts "
        f"`system: {system}`\n")
