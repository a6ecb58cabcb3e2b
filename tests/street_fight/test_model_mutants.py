"""What the mutation run of street_fight/model.py (2026-11-29, 16 mutants, 6 survived) found
unchecked, pinned down: leaving close combat forgets lost rounds (F9) for the figure that left
and for an enemy left with nobody on it, not for one still fighting someone else; and a save
whose morale list lacks a squad (an older or hand-edited save) gets that squad's morale made
once, with nothing due."""

from __future__ import annotations

from sprawl_cli.systems.street_fight.model import SquadMorale
from tests.street_fight.build import game


def test_breaking_off_forgets_lost_rounds_only_for_figures_out_of_combat() -> None:
    g = game({"Ash": "pistol"}, {"Bo": "pistol", "Cy": "pistol", "Di": "pistol"})
    ash, bo, cy = g.character("Ash"), g.character("Bo"), g.character("Cy")
    ash.engaged_with, bo.engaged_with, cy.engaged_with = ["Bo", "Cy"], ["Ash"], ["Ash", "Di"]
    for c in (ash, bo, cy):
        c.lost_last_round, c.round_lost = True, True
    assert g.break_off(ash) == ["Bo", "Cy"]
    # Ash and Bo are out of combat: no round lost counts against them any more.
    assert (ash.engaged_with, ash.lost_last_round, ash.round_lost, ash.lost_latest_round) == ([], False, None, False)
    assert (bo.engaged_with, bo.lost_last_round, bo.round_lost, bo.lost_latest_round) == ([], False, None, False)
    # Cy still fights Di: its lost round still counts.
    assert (cy.engaged_with, cy.lost_last_round, cy.round_lost) == (["Di"], True, True)


def test_each_squad_has_its_own_morale_made_once_when_a_save_lacks_it() -> None:
    g = game({"Ash": "pistol"}, {"Bo": "pistol"})
    red, blue = g.squads[0].name, g.squads[1].name
    g.morale = [SquadMorale(red, tests_due=1), SquadMorale(blue, tests_due=2)]
    assert (g.morale_of(red).tests_due, g.morale_of(blue).tests_due) == (1, 2)
    g.morale = [SquadMorale(red, tests_due=1)]
    made = g.morale_of(blue)
    assert made == SquadMorale(blue) and g.morale == [SquadMorale(red, tests_due=1), made]
    made.tests_due = 3
    assert g.morale_of(blue) is made and len(g.morale) == 2
