"""Moving, running, stances, jumping, aiming, reloading and drawing (W2, W5), what the
mutation run of movement.py found unchecked: the JSON whole, every refusal word for word (and
forced: each command overruled out of its turn, Shaken or down), what each names itself in a
refusal, the turn each one ends and how it says so. Dice are scripted.

The survivors of movement.py that no input can tell from the original:

- `character_test` handed no game (`jump` 34, `draw_weapon` 44: it never reads it) or an
  upper-case trait name (`jump` 47, `draw_weapon` 57: `Character.trait` lower-cases it).
- `draw_weapon`'s named weapon looked up with `ranged=None` or `ranged=True` (12, 15): a
  weapon asked for by name is found whatever kind it is (`Character.weapon` reads `ranged`
  only when no name is given).

The whole module again (2026-12-02, third session: 687 mutants, numbered as mutmut 3.8.1
numbers them that day; 681 killed in the run). Left, equivalent: `draw_weapon` 12 and 15 (as
above), 64 and `jump` 45 (`"AGILITY"`, `"STRENGTH"`), and `draw_weapon` 31 (`turn.action`
handed no `declared` count: its default 1 gives the same count, and the draw drops it). The
gap, killed by the test after the mark below: a hard draw that is the turn's first roll with no
`--actions` asks the table the count, and one after a roll paid for fewer actions is refused
(`draw_weapon` 46, `paying` handed no table).
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.errors import BadInput, RuleRefusal
from sprawl_cli.systems.savage_worlds.bennies import benny
from sprawl_cli.systems.savage_worlds.cards import deal
from sprawl_cli.systems.savage_worlds.model import Game, Weapon
from sprawl_cli.systems.savage_worlds.movement import aim, defend, draw_weapon, jump, move, prone, reload, run
from tests.savage_worlds.helpers import PISTOL, SWORD, dice, extra, game, hero, leftover, table

FORCE_HINT = " (add --force to overrule as referee)"
RIFLE = Weapon("Rifle", "2d8", range="24/48/96", shots=5)


def refused(call: Any, kind: type[Exception] = RuleRefusal) -> str:
    with pytest.raises(kind) as caught:
        call()
    return str(caught.value)


def dealt(first: str = "Ada") -> Game:
    """A refereed round: the KS is up first, the 2C after it; `first` holds the KS."""
    g = game([hero("Ada", weapons=[SWORD, PISTOL, RIFLE])], [extra("Goon")])
    deal(g, dice("KS", "2C") if first == "Ada" else dice("2C", "KS"), table())
    assert g.character(first).card == "KS"
    return g


def without_card() -> tuple[Game, Any]:
    g = dealt()
    ada = g.character("Ada")
    ada.card = None  # surprised: no card this round
    return g, ada


def no_card(doing: str) -> str:
    return f"Ada has no action card this round (surprised, or dealt out), so it cannot {doing}; it is dealt in " \
           "next round"


@pytest.mark.parametrize(("doing", "act"), [
    ("run", lambda g, a, t: run(g, dice(3), "Ada", t)),
    ("drop prone", lambda g, a, t: prone(g, a, t)),
    ("jump", lambda g, a, t: jump(g, dice(2, 1), a, t)),
    ("aim", lambda g, a, t: aim(g, a, g.character("Goon"), t)),
    ("defend", lambda g, a, t: defend(g, a, t)),
    ("reload", lambda g, a, t: reload(g, a, "Rifle", t)),
    ("draw a weapon", lambda g, a, t: draw_weapon(g, dice(), a, None, t)),
])
def test_each_command_without_a_card_says_what_it_cannot_do_and_the_referee_overrules_it(doing: str, act: Any) -> None:
    g, ada = without_card()
    assert refused(lambda: act(g, ada, table())) == no_card(doing) + FORCE_HINT
    g, ada = without_card()
    t = table(force=True)
    act(g, ada, t)
    assert set(t.overruled) == {no_card(doing)}


def test_getting_up_without_a_card_says_so() -> None:
    g, ada = without_card()
    ada.add("prone")
    assert refused(lambda: prone(g, ada, table(), down=False)) == no_card("get up") + FORCE_HINT


@pytest.mark.parametrize("act", [
    lambda g, a, t: run(g, dice(3), "Ada", t),
    lambda g, a, t: prone(g, a, t),
    lambda g, a, t: jump(g, dice(2, 1), a, t),
])
def test_the_incapacitated_are_refused_and_may_be_forced(act: Any) -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("incapacitated")
    t = table(force=True)
    act(g, ada, t)
    assert t.overruled == ["Ada is incapacitated and cannot act"]


@pytest.mark.parametrize("act", [
    lambda g, a, t: defend(g, a, t),
    lambda g, a, t: aim(g, a, g.character("Goon"), t),
    lambda g, a, t: reload(g, a, "Rifle", t),
    lambda g, a, t: draw_weapon(g, dice(), a, None, t),
])
def test_the_shaken_are_refused_and_may_be_forced(act: Any) -> None:
    g = game([hero("Ada", weapons=[SWORD, PISTOL, RIFLE])], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("shaken")
    t = table(force=True)
    act(g, ada, t)
    assert t.overruled == ["Ada is Shaken: `recover Ada` first (a Spirit test, or a benny)"]


def test_a_run_in_full_json_and_a_defender_may_not_run() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    assert run(g, dice(3), "Ada", table(), crouch=True).to_json() == {
        "name": "Ada", "running_die": 3, "pace": 6, "allowed": 4.5, "crouching": True, "penalty": -2,
        "runners": ["Ada"]}
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("defending")
    assert refused(lambda: run(g, dice(3), "Ada", table())) == "Ada is defending: no running" + FORCE_HINT
    t = table(force=True)
    run(g, dice(3), "Ada", t)
    assert t.overruled == ["Ada is defending: no running"]


def test_defend_after_acting_names_the_actions_and_ends_the_turn_in_its_words() -> None:
    g = dealt()
    ada = g.character("Ada")
    reload(g, ada, "Rifle", table())
    draw_weapon(g, dice(), ada, "Sword", table())
    assert refused(lambda: defend(g, ada, table())) == (
        "Ada has acted this turn already (reload:Rifle, draw:Sword); Defend must be its only action" + FORCE_HINT)
    g = dealt()
    ada = g.character("Ada")
    out = defend(g, ada, table())
    assert out.to_json() == {"name": "Ada", "status": "defending", "on": True, "note": "Parry 8 until its next action"}
    assert ada.turn_over == "Defend was its whole action (it may still move)"


def test_going_prone_and_getting_up_in_full_json_and_the_refusals_word_for_word() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    assert refused(lambda: prone(g, ada, table(), down=False), BadInput) == "Ada is not prone"
    assert prone(g, ada, table()).to_json() == {
        "name": "Ada", "status": "prone", "on": True, "note": "counts as medium cover (-2 to shots, 2 armour vs blasts)"}
    assert refused(lambda: prone(g, ada, table()), BadInput) == "Ada is already prone"
    assert prone(g, ada, table(), down=False).to_json() == {
        "name": "Ada", "status": "prone", "on": False, "note": "getting up costs 2\" of movement; 4\" left"}


def test_getting_up_and_jumping_past_the_movement_left_name_themselves() -> None:
    g = dealt()
    ada = g.character("Ada")
    move(g, ada, 5, table())
    ada.add("prone")
    assert refused(lambda: prone(g, ada, table(), down=False)) == (
        "Ada has 1\" of movement left this turn (of 6\"); getting up costs 2\"" + FORCE_HINT)
    t = table(force=True)
    prone(g, ada, t, down=False)
    assert t.overruled == ["Ada has 1\" of movement left this turn (of 6\"); getting up costs 2\""]
    g = dealt()
    ada = g.character("Ada")
    move(g, ada, 5, table())
    assert refused(lambda: jump(g, dice(2), ada, table(), run_up=True)) == (
        "Ada has 1\" of movement left this turn (of 6\"); the jump costs 2\"" + FORCE_HINT)


def test_a_jump_in_full_json_labelled_and_its_extra_inch_only_with_an_inch_left() -> None:
    g = dealt()
    ada = g.character("Ada")
    d = dice(5, 1)
    out = jump(g, d, ada, table())  # a standing jump (1"), and a Strength success (5): one inch further
    assert out.to_json() == {"name": "Ada", "test": out.test, "distance": 2, "success": True}
    assert [r.label for r in d.rolls] == ["Ada: Strength (jump)", "Ada: Strength (jump), Wild Die"]
    g = dealt()
    ada = g.character("Ada")
    move(g, ada, 4.5, table())  # 1.5" left; the jump takes 1, half an inch is no further inch
    out = jump(g, dice(5, 1), ada, table())
    assert out.test["success"] and out.distance == 1 and ada.moved == 5.5


def test_aiming_at_oneself_after_moving_or_after_acting_is_refused_and_ends_the_turn_in_its_words() -> None:
    g = dealt()
    ada, goon = g.character("Ada"), g.character("Goon")
    assert refused(lambda: aim(g, ada, ada, table()), BadInput) == "Ada cannot aim at itself"
    move(g, ada, 1, table())
    said = "Ada has acted or moved this turn; aiming takes the whole turn without moving"
    assert refused(lambda: aim(g, ada, goon, table())) == said + FORCE_HINT
    t = table(force=True)
    aim(g, ada, goon, t)
    assert t.overruled == [said]
    g = dealt()
    ada, goon = g.character("Ada"), g.character("Goon")
    reload(g, ada, "Rifle", table())
    assert refused(lambda: aim(g, ada, goon, table())) == said + FORCE_HINT
    g = dealt()
    ada, goon = g.character("Ada"), g.character("Goon")
    assert aim(g, ada, goon, table()).to_json() == {"name": "Ada", "target": "Goon", "round": 1, "bonus_round": 2}
    assert ada.turn_over == "aiming at Goon is its whole turn, without moving"


def test_reloading_a_weapon_named_and_one_that_does_not_count_its_rounds() -> None:
    g = game([hero("Ada", weapons=[SWORD, PISTOL, RIFLE])], [extra("Goon")])
    ada = g.character("Ada")
    assert reload(g, ada, "Rifle", table()).to_json() == {"name": "Ada", "weapon": "Rifle", "rounds": 5}
    assert refused(lambda: reload(g, ada, "Pistol", table()), BadInput) == (
        "Ada's Pistol does not count its rounds (its roster gives no `shots`)")


def test_drawing_the_named_weapon_the_first_carried_or_nothing() -> None:
    g = game([hero("Ada", weapons=[PISTOL, SWORD]), hero("Bo", weapons=[])], [extra("Goon")])
    ada = g.character("Ada")
    assert draw_weapon(g, dice(), ada, None, table()).to_json() == {
        "name": "Ada", "weapon": "Pistol", "test": None, "drawn": True}
    assert draw_weapon(g, dice(), ada, "Sword", table()).weapon == "Sword"
    assert refused(lambda: draw_weapon(g, dice(), g.character("Bo"), None, table()), BadInput) == (
        "Bo carries no weapon to draw")
    g = game([hero("Ada", weapons=[SWORD, PISTOL])], [extra("Goon")])
    assert draw_weapon(g, dice(), g.character("Ada"), "Pistol", table()).weapon == "Pistol"


def test_a_hard_draw_counts_the_turns_actions_is_labelled_and_a_benny_rerolls_it() -> None:
    g = dealt()
    ada = g.character("Ada")
    reload(g, ada, "Rifle", table())
    d = dice(5, 1)  # Agility 5 - 2 (the second action) = 3: not out
    out = draw_weapon(g, d, ada, "Sword", table(), hard=True, actions=2)
    assert out.to_json()["drawn"] is False and out.test is not None and out.test["modifiers"] == {"multi-action": -2}
    assert [r.label for r in d.rolls] == ["Ada: Agility (draw)", "Ada: Agility (draw), Wild Die"]
    again = benny(g, dice(6, 2, 1), ada, table())  # 8 - 2 = 6: better
    assert again.kept == "new" and again.to_json()["total"] == 6
    assert leftover(d) == []


def test_a_move_in_full_json_with_each_note_and_the_refusals_word_for_word() -> None:
    g = dealt()
    ada = g.character("Ada")
    ada.add("prone")
    out = move(g, ada, 2, table(), difficult=1)  # 2" with 1 difficult (counted twice), plus 2" to rise
    assert out.to_json() == {"name": "Ada", "inches": 2, "cost": 5, "allowed": 6.0, "left": 1.0,
                             "notes": ["rose from prone (2\")"]}
    assert not ada.has("prone") and ada.moved == 5
    g = dealt()
    ada = g.character("Ada")
    out = move(g, ada, 1, table(), crawl=True)
    assert out.to_json() == {"name": "Ada", "inches": 1, "cost": 1, "allowed": 2.0, "left": 1.0,
                             "notes": ["crawling: counts as prone when shot at"]}
    assert ada.has("prone") and ada.moved == 3  # a crawled inch is three of Pace's six
    out = move(g, ada, 1, table(), crawl=True)  # still crawling: no rising
    assert out.cost == 1 and out.left == 0.0 and ada.has("prone")
    g = dealt()
    ada = g.character("Ada")
    out = move(g, ada, 2, table(), crouch=True)
    assert out.to_json() == {"name": "Ada", "inches": 2, "cost": 2, "allowed": 3.0, "left": 1.0,
                             "notes": ["crouching: -1 to shots at it (`shoot ... --crouching`)"]}
    assert ada.moved == 4
    said = "give --inches N (0 or more) and --difficult at most that many of them"
    for inches, difficult in ((-1, 0), (1, -1), (1, 2)):
        assert refused(lambda: move(g, ada, inches, table(), difficult=difficult), BadInput) == said
    assert move(g, ada, 0, table()).cost == 0
    assert refused(lambda: move(g, ada, 1, table(), crawl=True, crouch=True), BadInput) == "crawl or crouch, not both"


def test_a_move_past_what_is_left_is_refused_and_forced_and_a_run_adds_its_die() -> None:
    g = dealt()
    ada = g.character("Ada")
    assert refused(lambda: move(g, ada, 7, table())) == (
        "Ada has 6\" of movement left this turn (of 6\"); this move costs 7\"" + FORCE_HINT)
    run(g, dice(3), "Ada", table())
    assert move(g, ada, 9, table()).to_json() == {"name": "Ada", "inches": 9, "cost": 9, "allowed": 9.0,
                                                  "left": 0.0, "notes": []}
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("incapacitated")
    t = table(force=True)
    move(g, ada, 1, t)
    assert t.overruled == ["Ada is incapacitated and cannot act"]
    g, ada = without_card()
    assert refused(lambda: move(g, ada, 1, table())) == no_card("move") + FORCE_HINT


def test_a_group_runs_on_one_die_named_for_the_group_and_a_second_run_is_refused() -> None:
    g = game([hero("Ada")], [extra("Goon", group="thugs"), extra("Grunt", group="thugs")])
    d = dice(4)
    out = run(g, d, "thugs", table())
    assert out.to_json()["name"] == "thugs" and out.runners == ["Goon", "Grunt"]
    assert [r.label for r in d.rolls] == ["thugs: running"]
    assert all(c.ran and c.run_roll == 4 for c in (g.character("Goon"), g.character("Grunt")))
    out = run(g, dice(2), " ada ", table())
    assert out.name == "Ada" and out.allowed == 8.0 and out.pace == 6
    assert refused(lambda: run(g, dice(5), "Ada", table())) == (
        "Ada has run already this turn (the running die is rolled once)" + FORCE_HINT)


def test_a_group_down_to_one_runs_under_the_groups_name_on_a_six_sided_die() -> None:
    g = game([hero("Ada")], [extra("Goon", group="thugs"), extra("Grunt", group="thugs")])
    g.character("Goon").add("incapacitated")
    d = dice(6)
    out = run(g, d, "Thugs", table())
    assert (out.name, out.runners, out.roll) == ("thugs", ["Grunt"], 6)
    assert [(r.label, r.die) for r in d.rolls] == [("thugs: running", "d6")]


def test_defend_is_counted_as_its_action_and_a_hard_draw_is_kept_as_a_plain_roll() -> None:
    g = dealt()
    ada = g.character("Ada")
    defend(g, ada, table())
    assert ada.acted == ["defend"]
    g = dealt()
    ada = g.character("Ada")
    draw_weapon(g, dice(5, 1), ada, "Sword", table(), hard=True, actions=1)
    assert g.tests["Ada"].kind == "roll" and g.tests["Ada"].label == "Ada: Agility (draw)"


def test_a_group_named_like_its_first_member_runs_under_the_groups_spelling() -> None:
    g = game([hero("Ada")], [extra("Goon", group="goon"), extra("Grunt", group="goon")])
    out = run(g, dice(2), "Goon", table())
    assert (out.name, out.runners) == ("goon", ["Goon", "Grunt"])



# 2026-12-02, third session.


def test_a_hard_draw_asks_the_turns_count_as_its_first_roll_and_refuses_a_bigger_one_later() -> None:
    """W2: the hard draw's Agility roll is the first roll of Ada's turn: the count it pays is
    asked (two actions: -2). After a roll paid for one action, a hard draw at `--actions 2`
    would leave that roll short: refused, saying how to put it right."""
    g = dealt()
    ada = g.character("Ada")
    t = table(numbers={"actions": 2})
    out = draw_weapon(g, dice(5, 1), ada, "Sword", t, hard=True)  # 5 - 2 = 3: not out
    assert out.test is not None and out.test["modifiers"] == {"multi-action": -2} and not out.drawn
    assert t.asked == ["How many actions does Ada take this turn, this 1st one among them (not counting a run)? "
                       "Every roll of the turn takes -2 for each beyond the first (W2)."]
    g = dealt()
    ada = g.character("Ada")
    ada.paid = 1  # a roll this turn was made at one action
    assert refused(lambda: draw_weapon(g, dice(6, 1), ada, "Sword", table(), hard=True, actions=2)) == (
        "Ada's rolls this turn were made at 1 action (multi-action 0), and this makes 2: `undo` back to its first "
        "roll of the turn and give it `--actions 2` (W2: every roll pays for every action)" + FORCE_HINT)
