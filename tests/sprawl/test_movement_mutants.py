"""What mutation runs of movement.py found unchecked, pinned down. The first (unfinished) run:
hiding, spotting, jumping, falling and the end of a flight (R10, R19, R21, R22). The second
(mutmut 3.8, 1276 mutants, 231 survivors): moving, running, climbing, charging and overwatch
(R12, R18, R20) and the JSON of their outcomes. Each test looks at what a player gets: the
JSON whole, a refusal word for word, which dice count, what no referee can overrule. Dice are
scripted.

Survivors of the second run judged equivalent (no input tells them from the original):
(Five more, on a "half" wording of the impassable refusal that only difficult ground would
have chosen, went with that branch: `impassable()` is true on treacherous ground only.)
- charge, the `[]` given to ChargeOutcome.engaged_with (1): it is replaced by the charger's
  engagements before the outcome is returned.
- charge, the name, mode, ground and Quickness of the inner running MoveOutcome (6): nothing
  reads them; the JSON and the text read only its test, stumble, across and stop_at.
- fall, calling the panic tests whatever the damage (1): `panic_tests` drops anyone not Out of
  Action and returns [] without asking the table, and a fall only counts one it put there.
"""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, DiceShortage, RuleRefusal
from sprawl_cli.systems.sprawl import movement as mv
from tests.factory import KNIFE, PISTOL, SHOTGUN, Answers, character, dice, game, table

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


# === The second run (move, charge, overwatch and their JSON) ===============================

RUN_NOTE = "It stops at once if it passes within 4\" of an enemy it can plainly see (R18)"
CLIMB_NOTE = "An obstacle under 1\" high (and at most 1\" wide) costs nothing to cross (R18)"
ACROSS_NOTE = "--across only matters for a run over difficult ground; it was not used"
SHORT_NOTE = "A charge that does not reach its target still uses the whole turn (R18)"
UNDO_NOTE = ("If it falls short, `sprawl undo` and charge again with --short: it then moves its full allowance, "
             "stops and does nothing else this turn")


def engage(a, b):
    a.engaged_with.append(b.name)
    b.engaged_with.append(a.name)


# --- the JSON of a move, whole (R18) ---------------------------------------------------------


def test_move_json_whole_for_a_hidden_runner_that_climbs_and_stumbles(duel):
    # Quickness 6 over difficult ground: 3", doubled to 6" for the run; the climb costs half (3").
    g, babs, _, _ = duel
    babs.quickness = 6
    hidden(babs, 1)
    referee = table()
    out = mv.move(g, babs, dice(7, 1, 1, 1, 1, 1), referee, run=True, terrain="difficult", climb=True, across=3)
    assert out.to_json() == {
        "name": "Babs", "mode": "run", "run": True, "terrain": "difficult", "ladder": False, "quickness": 6,
        "allowance": 6, "climb": True, "climb_cost": 3, "after_climb": 3, "test": out.test.to_json(),
        "stumbled": True, "across": 3.0, "stop_at": 1.5, "hiding_ended": True, "statuses": ["ran"],
        "notes": [CLIMB_NOTE, RUN_NOTE]}
    assert out.to_json()["test"]["difficulty"] == 2
    assert referee.asked == ['Is the obstacle Babs climbs no more than 2" high?',
                             'Has Babs moved no more than 3" (half of its 6") before reaching the obstacle?']


def test_move_json_whole_for_a_walk_up_a_ladder(duel):
    # A ladder is difficult ground (R18): Quickness 5 gives 2"; nothing climbed, nothing rolled.
    g, babs, _, _ = duel
    babs.quickness = 5
    out = mv.move(g, babs, dice(), table(), ladder=True, terrain="difficult")
    assert out.to_json() == {
        "name": "Babs", "mode": "walk", "run": False, "terrain": "difficult", "ladder": True, "quickness": 5,
        "allowance": 2, "climb": False, "climb_cost": None, "after_climb": None, "test": None,
        "stumbled": False, "across": None, "stop_at": None, "hiding_ended": False, "statuses": [], "notes": []}


def test_move_json_whole_for_a_crawl_keeps_the_ground_the_quickness_and_the_ladder(duel):
    g, babs, _, _ = duel
    babs.quickness = 5
    babs.add("down")
    out = mv.move(g, babs, dice(), table(), ladder=True)
    assert out.to_json() == {
        "name": "Babs", "mode": "crawl", "run": False, "terrain": "difficult", "ladder": True, "quickness": 5,
        "allowance": 2, "climb": False, "climb_cost": None, "after_climb": None, "test": None,
        "stumbled": False, "across": None, "stop_at": None, "hiding_ended": False, "statuses": ["down"],
        "notes": ["Down: it may only crawl 2\" toward safety, whatever the ground (R8)"]}
    crawler = character("Dot", quickness=9)
    g2 = game([crawler], [character("Wilson")])
    crawler.add("down")
    assert mv.move(g2, crawler, dice(), table(), terrain="treacherous").to_json()["terrain"] == "treacherous"


def test_across_on_a_walk_is_noted_as_unused_and_not_otherwise(duel):
    g, babs, _, _ = duel
    assert mv.move(g, babs, dice(), table()).notes == []
    g.character("Razz").quickness = 4
    out = mv.move(g, g.character("Razz"), dice(), table(), across=2)
    assert out.notes == [ACROSS_NOTE] and out.across is None and out.test is None


# --- move: bad input and refusals word for word (R8, R10, R18) -------------------------------


def test_move_bad_input_word_for_word(duel):
    g, babs, _, _ = duel
    assert refusal(lambda: mv.move(g, babs, dice(), table(), terrain="swamp"), BadInput) == (
        "--terrain should be open, difficult or treacherous, not 'swamp'")
    assert refusal(lambda: mv.move(g, babs, dice(), table(), terrain="open", ladder=True), BadInput) == (
        "a ladder or stairs count as difficult ground (R18); drop --terrain open")
    assert refusal(lambda: mv.move(g, babs, dice(), table(), run=True, terrain="difficult", across=0),
                   BadInput) == "--across takes the inches of difficult ground crossed, more than 0"
    assert babs.acted == []


def test_an_inch_or_less_across_is_still_a_run_over_difficult_ground(duel):
    # More than 0 is all --across needs: half an inch, or one, is a stretch to run.
    g, babs, _, _ = duel
    out = mv.move(g, babs, dice(7, 7, 1), table(), run=True, terrain="difficult", across=0.5)
    assert out.across == 0.5 and not out.stumbled
    out = mv.move(g, g.character("Razz"), dice(1, 1, 1), table(), run=True, terrain="difficult", across=1)
    assert out.across == 1.0 and out.stop_at == 0.5


def test_the_inches_asked_of_the_table_must_be_more_than_0_and_1_will_do(duel):
    g, babs, _, _ = duel
    assert refusal(lambda: mv.move(g, babs, dice(), table(numbers={"across": 0}), run=True, terrain="difficult"),
                   BadInput) == "the inches of difficult ground crossed should be more than 0"
    out = mv.move(g, babs, dice(7, 7, 1), table(numbers={"across": 1}), run=True, terrain="difficult")
    assert out.across == 1.0 and out.stumbled is False


def test_the_running_test_names_its_roll_when_the_dice_run_out(duel):
    g, babs, _, _ = duel
    with pytest.raises(DiceShortage, match=r"Babs: Quickness \(running on difficult ground\)"):
        mv.move(g, babs, dice(), table(), run=True, terrain="difficult", across=1)


@pytest.mark.parametrize("run, verb", [(False, "move"), (True, "run")])
def test_move_and_run_name_themselves_in_their_refusals(duel, run, verb):
    g, babs, wilson, gordo = duel
    g.phase = "ranged"
    assert refusal(lambda: mv.move(g, babs, dice(), table(), run=run)) == (
        f"{verb} belongs to the Movement Phase; it is now the Ranged Combat Phase (`sprawl next` moves on)"
        + FORCE_HINT)
    g.phase = "movement"
    assert refusal(lambda: mv.move(g, wilson, dice(), table(), run=run)) == (
        f"Wilson cannot {verb}: it is Red's turn" + FORCE_HINT)
    babs.add("pinned")
    assert refusal(lambda: mv.move(g, babs, dice(), table(), run=run)) == (
        f"Babs cannot {verb}: it is pinned until its Recovery Phase (R11)" + FORCE_HINT)
    babs.drop("pinned")
    engage(babs, wilson)
    engage(babs, gordo)
    assert refusal(lambda: mv.move(g, babs, dice(), table(), run=run)) == (
        f"Babs cannot {verb}: it is in close combat with Wilson, Gordo and can only fight or break away "
        "(`sprawl break Babs`, R12)" + FORCE_HINT)
    babs.add("out_of_action")
    assert refusal(lambda: mv.move(g, babs, dice(), table(force=True), run=run)) == (
        f"Babs is Out of Action and cannot {verb}")


def test_a_panicked_character_is_told_how_it_moves(duel):
    g, babs, _, _ = duel
    babs.add("panicked")
    assert refusal(lambda: mv.move(g, babs, dice(), table())) == (
        "Babs is panicked and moves only by its flee roll, made when its side's Movement Phase begins (R10); "
        "say `sprawl safe` or `sprawl edge` when it gets there" + FORCE_HINT)


def test_impassable_treacherous_ground_word_for_word(duel):
    g, babs, _, _ = duel
    babs.quickness = 7
    assert refusal(lambda: mv.move(g, babs, dice(), table(), terrain="treacherous")) == (
        "treacherous ground is impassable for Babs: a quarter of its Quickness 7 (rounded down) is 1\", "
        "and 1\" or less cannot cross it (R18); go around it" + FORCE_HINT)


def test_a_second_move_is_refused_with_the_reason(duel):
    g, babs, _, _ = duel
    babs.acted = ["moved"]
    assert refusal(lambda: mv.move(g, babs, dice(), table())) == (
        "Babs cannot move: it already moved this turn, and a move is made once a turn (R18)" + FORCE_HINT)


@pytest.mark.parametrize("done, reason", [
    ("moved", "it already moved this turn, and a run must be all it does this turn (R18)"),
    ("spotted", "it already tried to spot this turn, and a run must be all it does this turn (R18)"),
    ("overwatch", "it is on overwatch, which gives up its whole turn (R20); a run must be all it does this turn (R18)"),
    ("jumped", "it jumped this turn, and a jump is all it does that turn (R21); "
               "a run must be all it does this turn (R18)"),
])
def test_a_run_after_another_action_is_refused_with_the_reason(duel, done, reason):
    g, babs, _, _ = duel
    babs.acted = [done]
    assert refusal(lambda: mv.move(g, babs, dice(), table(), run=True)) == f"Babs cannot run: {reason}" + FORCE_HINT


def test_a_run_after_breaking_away_is_allowed(duel):
    # H5: breaking away in the Movement Phase is turning its back and going.
    g, babs, _, _ = duel
    babs.acted = ["broke"]
    out = mv.move(g, babs, dice(), table(), run=True)
    assert out.allowance == 6 and babs.acted == ["broke", "ran"]


def test_an_action_the_reasons_do_not_know_is_still_named(duel):
    g, babs, _, _ = duel
    babs.acted = ["danced"]  # a hand-edited save
    assert refusal(lambda: mv.move(g, babs, dice(), table())) == (
        "Babs cannot move: it already danced this turn" + FORCE_HINT)
    assert refusal(lambda: mv.move(g, babs, dice(), table(), run=True)) == (
        "Babs cannot run: it already danced this turn; a run must be all it does this turn (R18)" + FORCE_HINT)


# --- climbing (R18) ----------------------------------------------------------------------------


def test_climbing_after_more_than_half_is_refused_word_for_word(duel):
    g, babs, _, _ = duel
    referee = Answers(replies=[True, False])
    assert refusal(lambda: mv.move(g, babs, dice(), referee, climb=True)) == (
        "Babs cannot climb: it already moved more than half of its 3\" this turn (R18)" + FORCE_HINT)
    assert referee.asked[1] == 'Has Babs moved no more than 1" (half of its 3") before reaching the obstacle?'


# --- the JSON of a charge, whole (R12, R18) --------------------------------------------------


def test_charge_json_whole_over_difficult_ground_that_keeps_its_feet(duel):
    # Quickness 5 halves to 2" over difficult ground, doubled to 4" for the charge; two successes pass.
    g, babs, wilson, _ = duel
    babs.quickness = 5
    hidden(babs, 1)
    out = mv.charge(g, babs, wilson, dice(7, 7, 1, 1, 1), table(), terrain="difficult", across=3)
    data = out.to_json()
    assert data == {"name": "Babs", "target": "Wilson", "allowance": 4, "engaged_with": ["Wilson"],
                    "hiding_ended": True, "terrain": "difficult", "reached": True, "short": False,
                    "test": out.run.test.to_json(), "stumbled": False, "across": 3.0, "stop_at": None,
                    "notes": [UNDO_NOTE]}
    assert data["test"]["difficulty"] == 2 and data["test"]["successes"] == 2


def test_charge_json_whole_when_it_stumbles(duel):
    g, babs, wilson, _ = duel
    babs.quickness = 5
    out = mv.charge(g, babs, wilson, dice(7, 1, 1, 1, 1), table(), terrain="difficult", across=3)
    assert out.to_json() == {"name": "Babs", "target": "Wilson", "allowance": 4, "engaged_with": [],
                             "hiding_ended": False, "terrain": "difficult", "reached": False, "short": False,
                             "test": out.run.test.to_json(), "stumbled": True, "across": 3.0, "stop_at": 1.5,
                             "notes": [SHORT_NOTE]}


def test_charge_json_whole_over_open_ground_and_when_short(duel):
    g, babs, wilson, gordo = duel
    assert mv.charge(g, babs, wilson, dice(), table()).to_json() == {
        "name": "Babs", "target": "Wilson", "allowance": 6, "engaged_with": ["Wilson"], "hiding_ended": False,
        "terrain": "open", "reached": True, "short": False, "test": None, "stumbled": False, "across": None,
        "stop_at": None, "notes": [UNDO_NOTE]}
    razz = g.character("Razz")
    razz.quickness = 4
    assert mv.charge(g, razz, gordo, dice(), table(), short=True).to_json() == {
        "name": "Razz", "target": "Gordo", "allowance": 8, "engaged_with": [], "hiding_ended": False,
        "terrain": "open", "reached": False, "short": True, "test": None, "stumbled": False, "across": None,
        "stop_at": None, "notes": [SHORT_NOTE]}


def test_a_short_charge_over_difficult_ground_rolls_nothing_and_keeps_its_ground(duel):
    g, babs, wilson, _ = duel
    data = mv.charge(g, babs, wilson, dice(), table(), terrain="difficult", short=True).to_json()
    assert data["terrain"] == "difficult" and data["allowance"] == 2 and data["test"] is None


# --- charge: bad input and refusals word for word (R12, R18, H3) -------------------------------


def test_charge_bad_input_word_for_word(duel):
    g, babs, wilson, _ = duel
    assert refusal(lambda: mv.charge(g, babs, wilson, dice(), table(), terrain="lava"), BadInput) == (
        "--terrain should be open, difficult or treacherous, not 'lava'")
    assert refusal(lambda: mv.charge(g, babs, wilson, dice(), table(), terrain="difficult", across=0),
                   BadInput) == "--across takes the inches of difficult ground crossed, more than 0"
    assert babs.acted == []


def test_a_charge_across_an_inch_of_difficult_ground_is_fine(duel):
    g, babs, wilson, _ = duel
    out = mv.charge(g, babs, wilson, dice(7, 7, 1), table(), terrain="difficult", across=1)
    assert out.reached and out.to_json()["across"] == 1.0


def test_a_charge_over_difficult_ground_asks_the_table_how_far(duel):
    g, babs, wilson, _ = duel
    referee = table(numbers={"across": 2})
    out = mv.charge(g, babs, wilson, dice(1, 1, 1), referee, terrain="difficult")
    assert referee.asked == ["How many inches of difficult ground does Babs try to run across?"]
    assert out.to_json()["stop_at"] == 1.0 and not out.reached


def test_charge_refusals_nobody_can_overrule(duel):
    g, babs, wilson, _ = duel
    caught = refusal_error(lambda: mv.charge(g, babs, g.character("Razz"), dice(), table(force=True)))
    assert str(caught) == "Babs cannot charge Razz: they are on the same side"
    wilson.add("out_of_action")
    caught = refusal_error(lambda: mv.charge(g, babs, wilson, dice(), table(force=True)))
    assert str(caught) == "Wilson is Out of Action and cannot be charged"


def refusal_error(call):
    with pytest.raises(RuleRefusal) as caught:
        call()
    return caught.value


def test_charge_refusals_word_for_word(duel):
    g, babs, wilson, gordo = duel
    g.phase = "ranged"
    assert refusal(lambda: mv.charge(g, babs, wilson, dice(), table())) == (
        "charge belongs to the Movement Phase; it is now the Ranged Combat Phase (`sprawl next` moves on)"
        + FORCE_HINT)
    g.phase = "movement"
    babs.add("pinned")
    assert refusal(lambda: mv.charge(g, babs, wilson, dice(), table())) == (
        "Babs cannot charge: it is pinned until its Recovery Phase (R11)" + FORCE_HINT)
    babs.drop("pinned")
    engage(babs, gordo)
    assert refusal(lambda: mv.charge(g, babs, wilson, dice(), table())) == (
        "Babs cannot charge: it is in close combat with Gordo and can only fight or break away "
        "(`sprawl break Babs`, R12)" + FORCE_HINT)
    engage(babs, wilson)
    assert refusal(lambda: mv.charge(g, babs, wilson, dice(), table())) == (
        "Babs is already in close combat with Wilson; fight with `sprawl brawl`" + FORCE_HINT)
    assert refusal(lambda: mv.charge(g, babs, gordo, dice(), table(), terrain="treacherous")) == (
        "Babs is already in close combat with Gordo; fight with `sprawl brawl`" + FORCE_HINT)


def test_a_forced_charge_on_an_engaged_foe_records_the_overrule_and_adds_no_second_link(duel):
    g, babs, wilson, _ = duel
    engage(babs, wilson)
    referee = table(force=True)
    out = mv.charge(g, babs, wilson, dice(), referee)
    assert referee.overruled == ["Babs is already in close combat with Wilson; fight with `sprawl brawl`",
                                 "Babs cannot charge: it is in close combat with Wilson and can only fight or "
                                 "break away (`sprawl break Babs`, R12)"]
    assert out.engaged_with == ["Wilson"] and wilson.engaged_with == ["Babs"]


@pytest.mark.parametrize("done, reason", [
    ("moved", "it already moved this turn, and a charge is its move (R18, R23)"),
    ("shot", "it shot this turn, and nobody shoots and fights in close combat in one turn (R12)"),
    ("hid", "it already tried to hide this turn, which ends its movement (R19)"),
])
def test_a_charge_after_another_action_is_refused_with_the_reason(duel, done, reason):
    g, babs, wilson, _ = duel
    babs.acted = [done]
    assert refusal(lambda: mv.charge(g, babs, wilson, dice(), table())) == f"Babs cannot charge: {reason}" + FORCE_HINT


def test_chargers_go_before_friends_that_moved_and_all_of_them_are_named():
    # H3: the Movement Phase goes panicked first, then chargers, then everyone else.
    babs, razz, dot = character("Babs"), character("Razz"), character("Dot")
    wilson = character("Wilson")
    g = game([babs, razz, dot], [wilson])
    razz.acted = ["moved"]
    dot.acted = ["ran"]
    assert refusal(lambda: mv.charge(g, babs, wilson, dice(), table())) == (
        "Babs cannot charge now: chargers move before normal movement, and Razz, Dot already moved this turn (H3)"
        + FORCE_HINT)


def test_no_charge_over_treacherous_ground_word_for_word(duel):
    g, babs, wilson, _ = duel
    assert refusal(lambda: mv.charge(g, babs, wilson, dice(), table(), terrain="treacherous")) == (
        "Babs cannot charge over treacherous ground: a charge is a run, and nobody runs there (R18)" + FORCE_HINT)


# --- overwatch (R20) ------------------------------------------------------------------------


def test_overwatch_json_whole_for_a_character_hidden_since_an_earlier_turn(duel):
    g, babs, _, _ = duel
    hidden(babs, 2)
    babs.hidden_turn = g.turn - 1
    assert mv.overwatch(g, babs, table()).to_json() == {
        "name": "Babs", "overwatch": True, "hidden": True, "statuses": ["overwatch", "hidden"]}
    razz = g.character("Razz")
    assert mv.overwatch(g, razz, table()).to_json() == {
        "name": "Razz", "overwatch": True, "hidden": False, "statuses": ["overwatch"]}


def test_overwatch_refusals_word_for_word(duel):
    g, babs, wilson, _ = duel
    g.phase = "ranged"
    assert refusal(lambda: mv.overwatch(g, babs, table())) == (
        "go on overwatch belongs to the Movement Phase; it is now the Ranged Combat Phase (`sprawl next` moves on)"
        + FORCE_HINT)
    g.phase = "movement"
    babs.add("pinned")
    assert refusal(lambda: mv.overwatch(g, babs, table())) == (
        "Babs cannot go on overwatch: it is pinned until its Recovery Phase (R11)" + FORCE_HINT)
    babs.drop("pinned")
    engage(babs, wilson)
    assert refusal(lambda: mv.overwatch(g, babs, table())) == (
        "Babs cannot go on overwatch: it is in close combat with Wilson and can only fight or break away "
        "(`sprawl break Babs`, R12)" + FORCE_HINT)
    babs.engaged_with.clear()
    wilson.engaged_with.clear()
    hidden(babs, 1)
    babs.hidden_turn = g.turn
    assert refusal(lambda: mv.overwatch(g, babs, table())) == (
        "Babs went into hiding this turn and cannot also go on overwatch; only a character already hidden when "
        "its turn began may (R20)" + FORCE_HINT)
    babs.drop("hidden")
    babs.acted = ["moved"]
    assert refusal(lambda: mv.overwatch(g, babs, table())) == (
        "Babs cannot go on overwatch: it already moved this turn, and overwatch takes the whole turn (R20)"
        + FORCE_HINT)


def test_a_second_overwatch_is_refused_as_already_on_it(duel):
    g, babs, _, _ = duel
    mv.overwatch(g, babs, table())
    assert refusal(lambda: mv.overwatch(g, babs, table())) == "Babs is already on overwatch" + FORCE_HINT
    referee = table(force=True)
    mv.overwatch(g, babs, referee)
    assert referee.overruled[0] == "Babs is already on overwatch"


def test_overwatch_needs_a_ranged_weapon_that_can_fire(duel):
    g, babs, _, _ = duel
    babs.weapons = [PISTOL, SHOTGUN, KNIFE]
    babs.weapon_states = {"Pistol": "jammed", "Shotgun": "out_of_ammo"}
    assert refusal(lambda: mv.overwatch(g, babs, table())) == (
        "Babs cannot go on overwatch: overwatch waits to shoot, and it has no ranged weapon that can fire "
        "(Pistol jammed, Shotgun out of ammo) (R20, R14)" + FORCE_HINT)
    razz = g.character("Razz")
    razz.weapons = [KNIFE]
    assert refusal(lambda: mv.overwatch(g, razz, table())) == (
        "Razz cannot go on overwatch: overwatch waits to shoot, and it has no ranged weapon (R20, R14)" + FORCE_HINT)


# --- spotting, jumping, the end of a flight: what cannot be forced ----------------------------


def test_spot_refusals_that_no_referee_can_overrule(duel):
    g, babs, wilson, _ = duel
    razz = g.character("Razz")
    hidden(razz, 1)
    refusal_error(lambda: mv.spot(g, babs, razz, dice(), table(force=True)))  # raised, --force or not
    refusal_error(lambda: mv.spot(g, babs, wilson, dice(), table(force=True)))  # raised, --force or not


def test_one_spotting_try_a_turn_word_for_word(duel):
    g, babs, wilson, _ = duel
    hidden(wilson, 1)
    babs.acted = ["spotted"]
    assert refusal(lambda: mv.spot(g, babs, wilson, dice(), table())) == (
        "Babs cannot spot: it already tried to spot this turn (one Smarts look a turn)" + FORCE_HINT)


def test_a_jump_without_the_rule_of_tens_counts_a_ten_once(duel):
    g, babs, _, _ = duel
    g.settings.rule_of_tens = False
    assert mv.jump(g, babs, dice(10, 1, 1), table()).inches == 1


def test_safe_and_edge_refusals_that_no_referee_can_overrule(duel):
    g, babs, _, _ = duel
    refusal_error(lambda: mv.safe(g, babs))  # raised, --force or not
    refusal_error(lambda: mv.edge(g, babs))  # raised, --force or not
    babs.add("panicked")
    mv.safe(g, babs)
    refusal_error(lambda: mv.safe(g, babs))  # raised, --force or not
