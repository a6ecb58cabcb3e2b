"""The battle report's story (issue 35): a few sentences a round from the journal (who acted,
the hits that mattered, who fell and how, how the sides stood) and the turning point, checked
against a scripted game of each system, in Markdown and HTML."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from sprawl_cli.story import Round, turning_point
from tests.factory import ROOT

SW = ["new", "--system", "savage-worlds", "--squad", str(ROOT / "rosters/savage-worlds/expedition.yaml"),
      "--squad", str(ROOT / "rosters/savage-worlds/cult.yaml")]


def run(sprawl, *args: str) -> None:
    result = sprawl(*args)
    assert result.exit_code == 0, (args, result.stderr)


def story_of(sprawl) -> str:
    """The Markdown report's story section, its escapes taken out."""
    text = sprawl("report").stdout
    assert text.index("## The story") < text.index("\n## ", text.index("## The story") + 1)
    section = text.split("## The story\n\n", 1)[1].split("\n## ", 1)[0]
    return section.replace("\\", "")


def test_savage_worlds_story_tells_the_shot_that_took_a_wild_card_out(sprawl):
    run(sprawl, *SW)
    run(sprawl, "deal", "--dice", "KS,10H,RJ,2C,5D")
    run(sprawl, "next")
    run(sprawl, "wounds", "Priestess", "3")
    run(sprawl, "shoot", "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "6,2,5,4", "--cover", "none", "--light", "normal", "--into-melee", "none")
    told = story_of(sprawl)
    assert told.startswith("Round 1. Expedition acted once (Ada).")
    assert "shoot Ada Priestess --range short --actions 1 --dice 6,2,5,4 --cover none --light normal --into-melee none: Priestess's wounds 3 → 4." in told
    assert "Priestess (Cult of the Eye) fell: shoot Ada Priestess" in told
    assert "Still standing: Expedition 3, Cult of the Eye 4." in told
    assert told.rstrip().endswith("The hardest round: round 1, when Priestess fell.")


def test_sprawl_story_tells_the_damage_and_the_fall(sprawl):
    sprawl.new("--seed", "3")
    run(sprawl, "damage", "Newton", "5", "--nearby", "none", "--dice", "10")
    told = story_of(sprawl)
    assert told.startswith("Round 1. damage Newton 5 --nearby none --dice 10: Newton's health 3 → 0. "
                           "Newton (S.U.I.T. #13) fell: damage Newton 5")
    assert "Still standing: People's Liberation Front 5, S.U.I.T. #13 4." in told


# system -> (the commands played, how its story opens, what else it says or None for "nobody fell")
SCRIPTED = {
    "gunplay": ([["move", "Ruth"], ["set", "Vic", "removed", "on"], ["concede", "Crows"]],
                "Turn 1. Wardens acted once (Ruth). Vic (Crows) fell: set Vic removed on. "
                "Still standing: Crows 2, Wardens 3.",
                "The turning point: turn 1, when Vic fell; from then on Wardens stood ahead (Crows 2, Wardens 3)."),
    "street-fight": ([["move", "Vex", "--inches", "3"], ["set", "Orla", "casualty", "on"]],
                     "Round 1. Dock Rats acted once (Vex). Orla (Wardens) fell: set Orla casualty on. "
                     "Still standing: Dock Rats 4, Wardens 3.", "The hardest round: round 1, when Orla fell."),
    # incapacitated on the map is not out of a Scratch:Grid game: an injury, told by its health
    "scratch-grid": ([["move", "Vex", "k4"], ["set", "Ada", "incapacitated", "on"]],
                     "Round 1. Raiders acted once (Vex). set Ada incapacitated on: Ada's health 2 → 0.", None),
}


@pytest.mark.parametrize("system", list(SCRIPTED))
def test_a_scripted_game_tells_who_acted_who_fell_and_the_turn_of_it(sprawl, system):
    commands, opening, more = SCRIPTED[system]
    sprawl.new("--seed", "3", system=system)
    for command in commands:
        run(sprawl, *command)
    told = story_of(sprawl)
    assert told.startswith(opening)
    assert (more in told) if more else ("fell" not in told)


def test_the_story_opens_the_html_report_too_and_a_quiet_game_says_so(sprawl):
    sprawl.new("--seed", "3", system="gunplay")
    assert story_of(sprawl).strip() == "Nothing has happened yet."
    run(sprawl, "move", "Ruth")
    html = sprawl("report", "-f", "html").stdout
    assert html.index('<h2 id="story">The story</h2>') < html.index("<h2>", html.index('id="story"') + 1)
    assert "<p>Turn 1. Wardens acted once (Ruth).</p>" in html


def test_the_turning_point_is_the_round_from_which_the_winner_stayed_ahead():
    rounds = [Round(1, standing={"A": 3, "B": 3}), Round(2, fell=[("Al", "A", "shoot")], standing={"A": 2, "B": 3}),
              Round(3, fell=[("Bo", "B", "shoot"), ("Cy", "B", "fight")], standing={"A": 2, "B": 1}),
              Round(4, standing={"A": 2, "B": 1})]
    assert turning_point(SimpleNamespace(winner="A"), rounds) == \
        "The turning point: round 3, when Bo, Cy fell; from then on A stood ahead (A 2, B 1)."
    assert turning_point(SimpleNamespace(winner="B"), rounds[:2]) == \
        "The turning point: round 2, when Al fell; from then on B stood ahead (A 2, B 3)."
    assert turning_point(SimpleNamespace(winner=None), rounds) == "The hardest round: round 3, when Bo, Cy fell."
    assert turning_point(SimpleNamespace(winner=None), rounds[:1]) == ""
    assert turning_point(SimpleNamespace(winner="A"), rounds[:1]) == "A won without ever falling behind."
