"""The model (dice as written, weapons, a character's derived figures) and the system as the
kernel sees it, what the mutation runs of model.py and system.py found unchecked: each figure
at its edges (bonus dice, untrained Parry, the wound penalty's cap), every refusal word for
word, and the kernel's hooks (the new game's line, the journal's extras, a character's record
and fate, `next` and `set`).

The survivors of system.py no input can tell from the original: every `cast("Game", ...)`
and `cast("Character", ...)` whose type name is spelled otherwise or None (`typing.cast`
hands its value back unchanged at run time: only the type checker reads the name); and
`advance` handing the rules' `advance` no table (`cards.advance` deals only in the deal
phase, where no card is still to come and no surprise is sprung, so nothing is asked or
refused).

model.py again (2026-12-02, second session, 155 mutants): the gaps were issue 34's words for a
missing or misspelt trait and an impossible bonus, and a Knowledge skill off the sheet (open-
ended in W1, rolled unskilled), killed by the tests after the 2026-12-02 marks below. One is
left, equivalent: `Character.trait` 29, the misspelt name cut at 61 characters rather than 60
before looking for a near trait (no trait name comes near either length).

system.py again (2026-12-02, third session: 248 mutants, 238 after `track.glance` lost the game
it never read). The run left 100: 40 with no test in this folder (the live page's hooks
`turn_track`, `glance`, `side_glance` and the scenarios' `leave_game`, tested only in the
kernel's `tests/test_turn_track.py`), `status_view` handing the rules no `only` (3, 15: `status
NAME` would show everyone), and `journal_extras` 21, 23 and 24 (the default of a side the save
gives no pool, which a hand edit may leave out), killed by the tests after the third-session
mark below; and `glance` handing the rules no game, which showed the game was never read (the
parameter is gone). The 67 left are every `cast(...)` whose type is spelled otherwise or None:
`typing.cast` hands its value back unchanged at run time, so none can be told apart.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.base import NewGame, Roster
from sprawl_cli.systems.savage_worlds.model import UNARMED, Squad, TraitDie, Weapon, read_die
from sprawl_cli.systems.savage_worlds.system import SYSTEM
from tests.savage_worlds.helpers import PISTOL, SWORD, dice, extra, game, hero, table


def bad(call: object, kind: type[Exception] = BadInput) -> str:
    with pytest.raises(kind) as caught:
        call()  # type: ignore[operator]
    return str(caught.value)


def test_dice_as_written_with_and_without_a_bonus() -> None:
    assert (read_die("d8"), read_die("D12+1"), read_die("d4-2")) == (TraitDie(8), TraitDie(12, 1), TraitDie(4, -2))
    assert [str(d) for d in (TraitDie(8), TraitDie(12, 1), TraitDie(4, -2))] == ["d8", "d12+1", "d4-2"]
    assert bad(lambda: read_die("d7")) == "'d7' is not a trait die: write d4, d6, d8, d10 or d12, optionally +N (d12+1)"
    assert bad(lambda: read_die("x", "weapon")).startswith("'x' is not a weapon die")


def test_a_weapons_skill_kind_and_bands() -> None:
    assert (SWORD.ranged, SWORD.attack_skill, SWORD.bands) == (False, "fighting", (0, 0, 0))
    assert (PISTOL.ranged, PISTOL.attack_skill, PISTOL.bands) == (True, "shooting", (12, 24, 48))
    assert Weapon("Knife", "str+d4", range="3/6/12", skill="throwing").attack_skill == "throwing"
    assert (UNARMED.name, UNARMED.damage, UNARMED.ranged) == ("Unarmed", "str", False)


def test_a_characters_traits_skills_and_derived_figures() -> None:
    ada = hero("Ada", vigor="d12+1", skills={"Fighting": "d10+2", "shooting": "d8"}, armor=1)
    assert ada.trait(" Vigor ") == TraitDie(12, 1) and ada.trait("FIGHTING") == TraitDie(10, 2)
    assert ada.trait("stealth") == TraitDie(4, -2)
    assert ada.skilled(" fighting ") and ada.skilled("Spirit") and not ada.skilled("stealth")
    assert ada.base_toughness == 2 + 6 + 0 + 1 and ada.base_parry == 2 + 5 + 1
    assert hero("Bo", vigor="d6+2").base_toughness == 2 + 3 + 1
    assert hero("Cy", skills={}).base_parry == 2 and hero("Di", parry=9, toughness=3).base_parry == 9
    assert hero("Di", parry=9, toughness=3).base_toughness == 3
    ada.add("defending")
    assert ada.current_parry == 10
    assert [hero("E", wounds=w).wound_penalty for w in (0, 1, 3, 4)] == [0, -1, -3, -3]


def test_ammunition_left_and_a_weapon_asked_for() -> None:
    rifle = Weapon("Rifle", "2d8", range="24/48/96", shots=5)
    ada = hero("Ada", weapons=[SWORD, PISTOL, rifle])
    assert ada.ammo(PISTOL) is None and ada.ammo(rifle) == 5
    ada.spent["Rifle"] = 7
    assert ada.ammo(rifle) == 0
    assert ada.weapon(" pistol ", ranged=False) is PISTOL and ada.weapon("unarmed", ranged=True) is UNARMED
    assert ada.weapon(None, ranged=True) is PISTOL and ada.weapon(None, ranged=False) is SWORD
    ada.disarmed = ["Sword", "Pistol"]
    assert bad(lambda: ada.weapon("Sword", ranged=False)) == (
        "Ada has no weapon 'Sword' in hand; it carries Rifle")
    assert ada.weapon(None, ranged=False) is UNARMED
    spear = Weapon("Spear", "str+d6", range="3/6/12")
    assert hero("Bo", weapons=[spear]).weapon(None, ranged=False) is spear
    bo = hero("Bo", weapons=[])
    assert bad(lambda: bo.weapon("Gun", ranged=True)) == "Bo has no weapon 'Gun' in hand; it carries nothing"
    assert bad(lambda: bo.weapon(None, ranged=True)) == "Bo carries no ranged weapon; give --weapon NAME"


def test_statuses_shown_in_their_order_and_who_is_gone() -> None:
    ada = hero("Ada", statuses=["prone", "shaken"])
    assert ada.shown_statuses == ["shaken", "prone"] and not ada.gone
    ada.add("incapacitated")
    assert ada.gone
    assert hero("Bo", dead=True).gone


def test_jokers_and_the_game_masters_sides() -> None:
    g = game([hero("Ada", card="RJ"), hero("Bo", card="BJ"), hero("Cy", card="AS")], [extra("Goon")])
    assert [g.joker(c) for c in g.characters] == [True, True, False, False]
    assert g.is_gm("Thugs") and not g.is_gm("Heroes")


def test_the_system_as_the_kernel_sees_it() -> None:
    assert (SYSTEM.name, SYSTEM.title, SYSTEM.phases) == ("savage-worlds", "Savage Worlds", ("deal", "action"))
    assert SYSTEM.statuses == ("shaken", "incapacitated", "on_hold", "defending", "prone")
    assert {"name", "target", "attacker", "defender", "victim", "other"} == SYSTEM.name_params
    heroes = Roster(Squad("Heroes", "Ada", ["Ada"], "h.yaml"), [hero("Ada")], {})
    thugs = Roster(Squad("Thugs", "Boss", ["Boss"], "t.yaml"), [hero("Boss", "Thugs")], {"gm": True})
    g, out = SYSTEM.new_game([heroes, thugs], NewGame(), dice(), table())
    assert out.to_json() == {} and out.lines == ["Bennies: Heroes 3, Thugs 1. `deal` starts round 1."]
    boss = g.character("Boss")
    boss.wounds = 2
    boss.add("incapacitated")
    assert boss.bennies == 2  # a game-master Wild Card's own (W3), charted with its side's pool (issue 35)
    assert SYSTEM.journal_extras(g) == {"wounds": {"Ada": 0, "Boss": 2}, "gone": ["Boss"],
                                       "bennies": {"Heroes": 3, "Thugs": 1 + 2}}
    assert SYSTEM.record(g, boss) == {"wounds": 2, "incapacitated": 1, "dead": 0}
    assert SYSTEM.fate(g, boss) == "active"
    boss.dead = True
    assert SYSTEM.record(g, boss) == {"wounds": 2, "incapacitated": 1, "dead": 1} and SYSTEM.fate(g, boss) == "dead"
    assert SYSTEM.house_rulings(g)[-1].startswith("suppressive fire")
    assert SYSTEM.status(g, boss)["characters"][0]["name"] == "Boss"


def test_set_and_next_through_the_system() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    out = SYSTEM.set_status(g, g.character("Ada"), "prone", True, table())
    assert out.to_json()["statuses"] == ["prone"]
    SYSTEM.advance(g, dice("KS", "2C"), table())  # the first `next` deals round 1
    assert g.phase == "action" and g.character("Ada").card == "KS"


def test_a_roster_read_through_the_system_names_its_file_and_a_bad_one_its_key() -> None:
    from pathlib import Path

    from sprawl_cli.errors import SaveFileError
    from sprawl_cli.schema import Where

    data = {"squad": "Heroes", "characters": [{"name": "Ada", "agility": "d6", "smarts": "d6", "spirit": "d6",
                                               "strength": "d6", "vigor": "d6"}]}
    roster = SYSTEM.read_roster(data, Where("r.yaml", {}), Path("r.yaml"))
    assert roster.squad.roster == "r.yaml" and roster.characters[0].name == "Ada"
    with pytest.raises(SaveFileError, match="r.yaml: key 'gm'"):
        SYSTEM.read_roster({**data, "gm": 1}, Where("r.yaml", {}), Path("r.yaml"))


def test_a_missing_weapon_names_every_one_carried() -> None:
    ada = hero("Ada", weapons=[SWORD, PISTOL])
    assert bad(lambda: ada.weapon("Rifle", ranged=True)) == "Ada has no weapon 'Rifle' in hand; it carries Sword, Pistol"


def test_any_knowledge_skill_not_on_the_sheet_is_rolled_unskilled() -> None:
    # 2026-12-02 (second session): W1's Knowledge skills are open-ended, so every one is a skill.
    from sprawl_cli.systems.savage_worlds.model import UNSKILLED

    assert hero("Ada").trait("Knowledge (Occult)") == UNSKILLED
    assert hero("Ada").trait("knowledge") == UNSKILLED


@pytest.mark.parametrize("name, says", [
    ("", "give a trait for Ada to roll: an attribute (agility, smarts, spirit, strength, vigor) or a skill"),
    ("notise", "'notise' is no attribute or skill; did you mean 'notice'?"),
    ("st", "'st' is no attribute or skill; did you mean 'spirit' or 'smarts'?"),
    ("zzz", "'zzz' is no attribute or skill; give an attribute (agility, smarts, spirit, strength, vigor) or a "
            "skill (boating, climbing, driving, faith, fighting, gambling, guts, healing, intimidation, "
            "investigation, knowledge, lockpicking, notice, persuasion, piloting, repair, riding, shooting, "
            "spellcasting, stealth, streetwise, survival, swimming, taunt, throwing, tracking)"),
])
def test_a_trait_that_is_not_one_is_refused_with_what_to_give(name: str, says: str) -> None:
    # 2026-12-02 (second session): issue 34's words for a missing or misspelt trait.
    assert bad(lambda: hero("Ada").trait(name)) == says


def test_a_die_with_a_bonus_past_any_traits_is_refused_naming_it() -> None:
    # 2026-12-02 (second session)
    assert bad(lambda: read_die("d8+99")) == "'d8+99' has a bonus past any trait's: give one from -10 to +10"


# 2026-12-02, third session: the hooks the live page and the scenarios call, which no test in
# this folder reached, and a save whose pools leave a side out.


def test_the_table_view_hooks_hand_on_the_track_and_the_glances() -> None:
    from sprawl_cli.api import NEXT, NOW
    from sprawl_cli.systems.savage_worlds.cards import deal

    g = game([hero("Ada")], [extra("Goon")])
    deal(g, dice("KS", "2C"), table())
    t = SYSTEM.turn_track(g)
    assert [(p.who, p.state, p.mark) for p in t.places] == [("Ada", NOW, "K♠"), ("Goon", NEXT, "2♣")]
    assert t.heading == "Round 1 · 52 cards left in the deck"
    assert SYSTEM.glance(g, g.character("Ada")) == ["card K♠", "Wild Card", "0 bennies", "Parry 6 · Toughness 5"]
    assert SYSTEM.side_glance(g, g.squads[1]) == ["1 benny in the pool", "the game master's side"]
    assert SYSTEM.side_glance(g, g.squads[0]) == ["3 bennies in the pool"]


def test_leaving_by_the_scenarios_exit_is_incapacitated() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    SYSTEM.leave_game(g, ada)
    assert ada.statuses == ["incapacitated"] and ada.gone and not ada.dead


def test_status_of_one_character_through_the_system_shows_only_that_one() -> None:
    import io

    from rich.console import Console

    g = game([hero("Ada")], [extra("Goon")])
    console = Console(record=True, width=120, file=io.StringIO())
    SYSTEM.status_view(console, g, g.character("Goon"))
    text = console.export_text()
    assert "Goon" in text and "Ada" not in text


def test_the_journal_counts_a_wild_cards_own_bennies_for_a_side_the_save_gives_no_pool() -> None:
    """A hand-edited save may leave a side out of `pools` (the checks ask only that each pool
    is a side's); the journal's chart then counts that side's Wild Cards' own bennies alone."""
    g = game([hero("Ada")], [hero("Boss")])
    del g.pools["Thugs"]
    assert SYSTEM.journal_extras(g)["bennies"] == {"Heroes": 3, "Thugs": 2}
