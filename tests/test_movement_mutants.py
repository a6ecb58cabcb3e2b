"""Hiding, spotting, jumping, falling and the end of a flight (R10, R19, R21, R22): what the
first, unfinished mutation run of movement.py found unchecked. Each test looks at what a
player gets: the JSON whole, a refusal word for word, which dice count. Dice are scripted.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, DiceShortage, RuleRefusal
from sprawl_cli.systems.sprawl import movement as mv
from tests.factory import character, dice, game, table

FORCE_HINT = " (add --force to overrule as referee)"


@pytest.fixture
def duel():
    """Babs and Razz (Red, to move, Movement Phase) against Wilson (Smarts 4) and Gordo (Smarts 2)."""
    babs = character("Babs")
    wilson = character("Wilson", smarts=4)
    gordo = character("Gordo", smarts=2)
    g = game([babs, character("Razz")], [wilson, gordo])
    return g, babs, wilson, gordo


def hidden(c, successes):
    c.add("hidden")
    c.hide_successes = successes


def refusal(call, error=RuleRefusal):
    with pytest.raises(error) as caught:
        call()
    return str(caught.value)


# --- hiding (R19) -------------------------------------------------------------------


def test_hide_json_whole_and_the_question_about_the_enemies(duel):
    g, babs, _, _ = duel
    referee = table()
    out = mv.hide(g, babs, dice(7, 1, 1), referee)
    data = out.to_json()
    assert data == {"name": "Babs", "enemies": [{"name": "Wilson", "smarts": 4}, {"name": "Gordo", "smarts": 2}],
                    "test": out.test.to_json(), "faces": [7, 1, 1], "successes": 1, "hide_successes": 1,
                    "hidden": True, "moved": False}
    assert data["test"]["difficulty"] == 1
    assert referee.asked[0] == 'Is every enemy farther from Babs than its own Smarts in inches? (Wilson 4", Gordo 2")'


def test_a_forced_second_hide_with_no_successes_gives_the_hiding_away(duel):
    g, babs, _, _ = duel
    hidden(babs, 2)  # hidden since an earlier turn
    assert refusal(lambda: mv.hide(g, babs, dice(), table())) == (
        "Babs is already hidden (2 to spot); it hides anew only after moving" + FORCE_HINT)
    out = mv.hide(g, babs, dice(1, 1, 1), table(force=True))
    assert out.hidden is False and not babs.has("hidden") and babs.hide_successes == 0


def test_hide_refusals_word_for_word(duel):
    g, babs, wilson, _ = duel
    g.phase = "ranged"
    assert refusal(lambda: mv.hide(g, babs, dice(), table())) == (
        "hide belongs to the Movement Phase; it is now the Ranged Combat Phase (`sprawl next` moves on)" + FORCE_HINT)
    g.phase = "movement"
    babs.add("pinned")
    assert refusal(lambda: mv.hide(g, babs, dice(), table())) == (
        "Babs cannot hide: it is pinned until its Recovery Phase (R11)" + FORCE_HINT)
    babs.drop("pinned")
    babs.engaged_with.append("Wilson")
    wilson.engaged_with.append("Babs")
    assert refusal(lambda: mv.hide(g, babs, dice(), table())) == (
        "Babs cannot hide: it is in close combat with Wilson and can only fight or break away "
        "(`sprawl break Babs`, R12)" + FORCE_HINT)
    babs.engaged_with.clear()
    wilson.engaged_with.clear()
    babs.acted.append("ran")
    assert refusal(lambda: mv.hide(g, babs, dice(), table())) == (
        "Babs cannot hide: it ran this turn, and a runner cannot hide (R19)" + FORCE_HINT)
    babs.acted = ["spotted"]  # spotting first does not stand in the way
    assert mv.hide(g, babs, dice(7, 1, 1), table()).hidden


# --- spotting (R19) -------------------------------------------------------------------


@pytest.mark.parametrize("tens, found", [(True, True), (False, False)])
def test_spot_json_whole_and_the_rule_of_tens(duel, tens, found):
    g, babs, wilson, _ = duel
    g.settings.rule_of_tens = tens
    hidden(wilson, 2)
    babs.acted = ["moved", "hid", "shot"]  # none of these stands in the way
    referee = table()
    out = mv.spot(g, babs, wilson, dice(10, 1, 1), referee)
    assert out.to_json() == {"spotter": "Babs", "hider": "Wilson", "test": out.test.to_json(), "faces": [10, 1, 1],
                             "successes": 2 if tens else 1, "needed": 2, "found": found}
    assert referee.asked == ['Is Babs within 3" (its Smarts) of Wilson?']
    assert wilson.has("hidden") is not found


def test_spotting_one_hidden_with_no_count_still_needs_a_success(duel):
    g, babs, wilson, _ = duel
    hidden(wilson, 0)  # a hand-edited save
    out = mv.spot(g, babs, wilson, dice(1, 1, 1), table())
    assert out.to_json()["test"]["difficulty"] == 1


def test_spot_short_of_dice_names_the_roll(duel):
    g, babs, wilson, _ = duel
    hidden(wilson, 1)
    with pytest.raises(DiceShortage, match=r"Babs: Smarts \(spot\)"):
        mv.spot(g, babs, wilson, dice(), table())


def test_spot_refusals_word_for_word(duel):
    g, babs, wilson, _ = duel
    razz = g.character("Razz")
    hidden(razz, 1)
    assert refusal(lambda: mv.spot(g, babs, razz, dice(), table(force=True))) == (
        "Razz is on Babs's own side; spot enemies")
    assert refusal(lambda: mv.spot(g, babs, wilson, dice(), table(force=True))) == (
        "Wilson is not hidden; there is nothing to spot")
    hidden(wilson, 1)
    wilson.add("out_of_action")
    assert refusal(lambda: mv.spot(g, babs, wilson, dice(), table(force=True))) == (
        "Wilson is Out of Action and cannot be spotted")
    wilson.drop("out_of_action")
    g.phase = "close"
    assert refusal(lambda: mv.spot(g, babs, wilson, dice(), table())).startswith("spot belongs to the Movement")
    g.phase = "movement"
    babs.add("panicked")
    assert refusal(lambda: mv.spot(g, babs, wilson, dice(), table())) == (
        "Babs cannot spot: it is panicked (R10)" + FORCE_HINT)
    babs.drop("panicked")
    babs.engaged_with.append("Gordo")
    g.character("Gordo").engaged_with.append("Babs")
    assert refusal(lambda: mv.spot(g, babs, wilson, dice(), table())).startswith(
        "Babs cannot spot: it is in close combat with Gordo")


# --- jumping (R21) ---------------------------------------------------------------------


def test_jump_json_whole(duel):
    g, babs, _, _ = duel
    hidden(babs, 1)
    out = mv.jump(g, babs, dice(7, 7, 1), table())
    data = out.to_json()
    assert data == {"name": "Babs", "test": out.test.to_json(), "faces": [7, 7, 1], "successes": 2, "inches": 2,
                    "hiding_ended": True}
    assert data["test"]["difficulty"] == 1 and babs.acted == ["jumped"]


def test_jump_short_of_dice_names_the_roll(duel):
    g, babs, _, _ = duel
    with pytest.raises(DiceShortage, match=r"Babs: Quickness \(jump\)"):
        mv.jump(g, babs, dice(), table())


def test_jump_refusals_word_for_word(duel):
    g, babs, wilson, _ = duel
    g.phase = "ranged"
    assert refusal(lambda: mv.jump(g, babs, dice(), table())) == (
        "jump belongs to the Movement Phase; it is now the Ranged Combat Phase (`sprawl next` moves on)" + FORCE_HINT)
    g.phase = "movement"
    babs.add("down")
    assert refusal(lambda: mv.jump(g, babs, dice(), table())) == "Babs cannot jump: it is Down (R8)" + FORCE_HINT
    babs.drop("down")
    babs.engaged_with.append("Wilson")
    wilson.engaged_with.append("Babs")
    assert refusal(lambda: mv.jump(g, babs, dice(), table())).startswith(
        "Babs cannot jump: it is in close combat with Wilson")
    babs.engaged_with.clear()
    wilson.engaged_with.clear()
    babs.acted.append("moved")
    message = refusal(lambda: mv.jump(g, babs, dice(), table()))
    assert message.startswith("Babs cannot jump: ")
    assert message.endswith("a jump must be all it does this turn (R21)" + FORCE_HINT)


# --- falling (R22) ---------------------------------------------------------------------


def test_a_fall_of_nothing_is_no_fall_and_keeps_the_hiding_place(duel):
    g, babs, _, _ = duel
    hidden(babs, 2)
    data = mv.fall(g, babs, 0, dice(), table()).to_json()
    assert data == {"name": "Babs", "inches": 0, "points": 0, "hiding_ended": False,
                    "victims": data["victims"], "panic": []}
    assert babs.has("hidden")


def test_a_fall_of_an_inch_gives_the_hiding_place_away_without_damage(duel):
    g, babs, _, _ = duel
    hidden(babs, 2)
    data = mv.fall(g, babs, 1, dice(), table()).to_json()
    assert data["hiding_ended"] is True and data["points"] == 0 and not babs.has("hidden")


def test_fall_refusals_word_for_word(duel):
    g, babs, _, _ = duel
    assert refusal(lambda: mv.fall(g, babs, -1, dice(), table()), BadInput) == (
        "a fall of -1\" makes no sense; give the height in inches, 0 or more")
    babs.add("out_of_action")
    assert refusal(lambda: mv.fall(g, babs, 2, dice(), table())) == "Babs is Out of Action and cannot fall"


# --- the end of a flight (R10) ------------------------------------------------------------


def test_safe_json_whole_and_its_refusals(duel):
    g, babs, _, _ = duel
    assert refusal(lambda: mv.safe(g, babs)) == "Babs is not panicked; only a panicked character flees to safety (R10)"
    babs.add("panicked")
    assert mv.safe(g, babs).to_json() == {"name": "Babs", "where": "safe", "safe": True, "out_of_play": False,
                                         "statuses": ["panicked"], "over": False, "winner": None, "reason": None}
    assert refusal(lambda: mv.safe(g, babs)) == "Babs is already safe; it stays put until it recovers"
    babs.add("out_of_action")
    assert refusal(lambda: mv.safe(g, babs)) == "Babs is Out of Action and cannot reach safety"


def test_edge_takes_every_status_off_and_may_end_the_game(duel):
    g, babs, _, _ = duel
    razz = g.character("Razz")
    razz.add("out_of_action")
    assert refusal(lambda: mv.edge(g, babs)) == (
        "Babs is not panicked; only a panicked character flees to the table edge (R10)")
    for status in ("pinned", "down", "panicked", "overwatch", "hidden", "ran", "safe"):
        babs.add(status)
    babs.hide_successes = 2
    babs.recovery_pending = True
    data = mv.edge(g, babs).to_json()
    assert data == {"name": "Babs", "where": "edge", "safe": False, "out_of_play": True, "statuses": ["out_of_play"],
                    "over": True, "winner": "Blue", "reason": "Red has nobody left able to act (R25)"}
    assert babs.statuses == ["out_of_play"] and babs.hide_successes == 0 and babs.recovery_pending is False
