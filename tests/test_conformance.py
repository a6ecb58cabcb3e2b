"""The conformance suite of the test kit (sprawl_cli/testing.py), run on each built-in system
between its two sample squads: every system passes what an outside author's system must pass."""

from __future__ import annotations

from sprawl_cli.testing import Conformance
from tests.factory import SAMPLES


def suite(system: str) -> type[Conformance]:
    first, second, extra = SAMPLES[system]
    return type(f"Test{system.title().replace('-', '')}", (Conformance,),
                {"system": system, "rosters": {first.name: first, second.name: second}, "new_options": extra})


TestSprawl = suite("sprawl")
TestGunplay = suite("gunplay")
TestStreetFight = suite("street-fight")
TestSavageWorlds = suite("savage-worlds")
TestScratchGrid = suite("scratch-grid")
