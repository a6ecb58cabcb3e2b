"""The conformance suite of the test kit (sprawl_cli/testing.py), run on each built-in system
between its two sample squads: every system passes what an outside author's system must pass."""

from __future__ import annotations

from sprawl_cli.testing import Conformance
from tests.factory import SAMPLES


# What `next` may ask at random, settled when the game is made (a Savage Worlds deal that
# gives a Wild Card with Extras a Joker asks whether they share it, W4).
SETTLED = {"savage-worlds": ("--setting", "joker=holder")}


def suite(system: str) -> type[Conformance]:
    first, second, extra = SAMPLES[system]
    extra = (*extra, *SETTLED.get(system, ()))
    return type(f"Test{system.title().replace('-', '')}", (Conformance,),
                {"system": system, "rosters": {first.name: first, second.name: second}, "new_options": extra})


TestSprawl = suite("sprawl")
TestGunplay = suite("gunplay")
TestStreetFight = suite("street-fight")
TestSavageWorlds = suite("savage-worlds")
TestScratchGrid = suite("scratch-grid")
