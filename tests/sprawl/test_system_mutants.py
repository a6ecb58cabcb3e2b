"""SPRAWL's system hooks that the command line of SPRAWL itself never reaches, what the run of
system.py (2026-12-02, third session) left untested: the values Tab offers for an option
(`option_values`: `--terrain` of `move` and `charge`, `--weapon` of `shoot`, `brawl` and `odds
shoot`) and the kernel's `set_status` hook (SPRAWL's own `set` goes to the referee's rule
directly; the hook is the interface every system gives the kernel, and answers the same).
"""

from __future__ import annotations

from sprawl_cli.systems.sprawl.system import Sprawl
from tests.factory import GRENADE, KNIFE, PISTOL, character, game, table

FISTS_TOO = ["Knife", "Fists"]


def duel():
    babs = character("Babs", weapons=[PISTOL, KNIFE, GRENADE])
    return game([babs], [character("Wilson", squad="Blue")])


def test_terrain_offers_what_each_move_may_cross() -> None:
    system, g = Sprawl(), duel()
    assert system.option_values(g, "move", "--terrain", []) == ["open", "difficult", "treacherous"]
    assert system.option_values(g, "charge", "--terrain", []) == ["open", "difficult"]


def test_weapon_offers_the_ones_that_command_can_use() -> None:
    system, g = Sprawl(), duel()
    assert system.option_values(g, "shoot", "--weapon", ["Babs"]) == ["Pistol", "Grenade"]
    assert system.option_values(g, "odds", "--weapon", ["shoot", "Babs", "Wilson"]) == ["Pistol", "Grenade"]
    assert system.option_values(g, "brawl", "--weapon", ["Babs"]) == FISTS_TOO
    assert system.option_values(g, "odds", "--weapon", ["5"]) == []  # `odds POOL` names nobody
    assert system.option_values(g, "move", "--weapon", ["Babs"]) == ["Pistol", "Knife", "Grenade"]


def test_weapon_offers_nothing_without_a_known_character_and_other_options_are_not_its() -> None:
    system, g = Sprawl(), duel()
    assert system.option_values(g, "shoot", "--weapon", []) == []
    assert system.option_values(g, "shoot", "--weapon", ["Nobody"]) == []
    assert system.option_values(g, "odds", "--weapon", ["shoot"]) == []
    assert system.option_values(g, "shoot", "--cover", ["Babs"]) is None


def test_the_set_status_hook_sets_as_the_referee_does() -> None:
    system, g = Sprawl(), duel()
    babs = g.character("Babs")
    out = system.set_status(g, babs, "pinned", True, table())
    assert babs.has("pinned")
    assert out.data["name"] == "Babs" and out.data["status"] == "pinned" and out.data["on"] is True
    assert any("Babs" in line and "pinned" in line.lower() for line in out.lines)
    out = system.set_status(g, babs, "pinned", False, table())
    assert not babs.has("pinned") and out.data["on"] is False
