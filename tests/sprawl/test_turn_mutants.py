"""Turns and phases (R23), what each phase asks for, and the game's end (R25): what the
mutation run of turn.py found unchecked. Dice are scripted.

The 2 survivors of turn.py (420 mutants) change nothing anyone can see: `require_on_table`
14 (the unread `forceable` flag, since removed) and `can_recover` 43 (-2 for -1 as the turn of an
unrecorded jam: turns start at 1).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from sprawl_cli.errors import BadInput, DiceShortage, RuleRefusal
from sprawl_cli.systems.sprawl.close import brawl
from sprawl_cli.systems.sprawl.model import Squad
from sprawl_cli.systems.sprawl.phases import todo
from sprawl_cli.systems.sprawl.setup import new_game
from sprawl_cli.systems.sprawl.turn import advance, start_turn
from tests.factory import KNIFE, PISTOL, character, dice, game, leftover, table

FORCE_HINT = " (add --force to overrule as referee)"


def refusal(call):
    with pytest.raises(RuleRefusal) as caught:
        call()
    return str(caught.value)


def in_phase(g, phase, turn=3):
    g.turn = turn
    g.phase = phase
    return g


# --- walking through the phases -------------------------------------------------------


def test_next_walks_each_phase_then_hands_over_with_the_whole_json():
    babs = character("Babs")
    wilson = character("Wilson")
    g = game([babs], [wilson, character("Gordo")])
    wilson.add("overwatch")
    steps = [advance(g, dice()).to_json() for _ in range(3)]
    assert [s["phase"] for s in steps] == ["ranged", "close", "recovery"]
    assert steps[0] == {"round": 1, "side": "Red", "phase": "ranged", "turn_start": None, "over": False,
                        "reason": None, "todo": ["May shoot (`sprawl shoot`): Babs",
                                                 "On overwatch, may fire during this turn: Wilson"]}
    handed = advance(g, dice()).to_json()
    assert handed["round"] == 1 and handed["side"] == "Blue" and handed["phase"] == "movement"
    assert handed["turn_start"] == {"squad": "Blue", "overwatch_ended": ["Wilson"], "routing": None, "flee": []}
    assert handed["over"] is False and handed["reason"] is None


def three_sides():
    """Red (Babs), Blue (Wilson) and Green (Vex), Red to move."""
    red, blue, green = character("Babs"), character("Wilson"), character("Vex")
    g = game([red], [blue])
    green.squad = "Green"
    g.squads.append(Squad("Green", "Vex", ["Vex"]))
    g.characters.append(green)
    return g, (red, blue, green)


def test_three_squads_take_their_turns_in_order_and_then_a_new_round():
    g, _people = three_sides()
    sides = []
    for _ in range(3):
        for _ in range(4):
            step = advance(g, dice())
        sides.append((step.side, step.round))
    assert sides == [("Blue", 1), ("Green", 1), ("Red", 2)]


def test_the_round_limit_ends_the_game_in_the_json():
    g = game([character("Babs")], [character("Wilson")])
    g.rounds = 1
    for _ in range(7):
        advance(g, dice())
    last = advance(g, dice()).to_json()
    assert last["over"] is True and last["reason"] == "the round limit (1) was reached (R25)"
    assert last["round"] == 1 and last["turn_start"] is None


# --- leaving a Recovery Phase with recoveries due ----------------------------------------


def test_leaving_recovery_with_someone_down_or_pinned_is_refused_by_name():
    babs = character("Babs")
    newton = character("Newton")
    g = in_phase(game([babs, newton], [character("Wilson")]), "recovery")
    babs.add("pinned")
    babs.pinned_turn = 1
    newton.add("pinned")
    newton.add("down")
    newton.pinned_turn = 1
    assert refusal(lambda: advance(g, dice(), table())) == (
        "Babs (pinned), Newton (down) must try to recover before the turn ends (R8, R11): "
        "run `sprawl recover` first" + FORCE_HINT)


def test_one_who_has_had_its_go_no_longer_holds_the_turn_up():
    newton = character("Newton")
    g = in_phase(game([newton, character("Babs")], [character("Wilson")]), "recovery")
    newton.add("pinned")
    newton.pinned_turn = 1
    newton.acted.append("recovered")  # it tried and failed
    assert advance(g, dice(), table()).side == "Blue"


# --- what the Recovery Phase lists -----------------------------------------------------


def recovery_todo(c, turn=3):
    """The Recovery Phase reminder with `c` (whose statuses are set after the game's first
    turn start, so no routing check is due, and its actions after it) beside a steady Babs."""
    statuses, acted, c.statuses = list(c.statuses), list(c.acted), []
    g = in_phase(game([c, character("Babs")], [character("Wilson")]), "recovery", turn)
    c.statuses, c.acted = statuses, acted
    return todo(g)


def test_recovery_reminder_names_each_reason():
    down = character("Newton")
    down.add("pinned")
    down.add("down")
    down.pinned_turn = 1
    assert recovery_todo(down) == ["Recover (`sprawl recover`): Newton (down)"]
    only_down = character("Newton")  # a hand-edited save: Down without its pin
    only_down.add("down")
    assert recovery_todo(only_down) == ["Recover (`sprawl recover`): Newton (down)"]
    panicked = character("Newton")
    panicked.add("panicked")
    panicked.panicked_turn = 1
    assert recovery_todo(panicked) == ["Recover (`sprawl recover`): Newton (panicked)"]


def test_panicked_this_turn_is_not_listed_but_one_with_no_recorded_turn_is():
    now = character("Newton")
    now.add("panicked")
    now.panicked_turn = 3
    assert recovery_todo(now) == []
    unknown = character("Newton")
    unknown.add("panicked")
    assert recovery_todo(unknown, turn=1) == ["Recover (`sprawl recover`): Newton (panicked)"]


def test_a_jam_without_a_recorded_turn_is_listed_from_the_first_turn():
    newton = character("Newton", weapons=[PISTOL])
    newton.weapon_states["Pistol"] = "jammed"
    assert recovery_todo(newton, turn=1) == ["Recover (`sprawl recover`): Newton (jammed)"]


def test_the_gone_and_those_who_had_their_go_are_not_listed():
    gone = character("Newton", weapons=[PISTOL])
    gone.add("out_of_action")
    gone.weapon_states["Pistol"] = "jammed"
    gone.jammed_turn["Pistol"] = 1
    assert recovery_todo(gone) == []
    tried = character("Newton")
    tried.add("panicked")
    tried.panicked_turn = 1
    tried.acted.append("recovered")
    assert recovery_todo(tried) == []


# --- refusals shared by the actions -----------------------------------------------------


def test_a_down_character_cannot_attack():
    wes = character("Wes")
    gordo = character("Gordo")
    g = in_phase(game([wes], [gordo]), "close")
    wes.engaged_with.append("Gordo")
    gordo.engaged_with.append("Wes")
    wes.add("pinned")
    wes.add("down")
    assert refusal(lambda: brawl(g, wes, gordo, dice(), table())) == "Wes cannot attack: it is Down (R8)" + FORCE_HINT


def test_turn_start_json_without_anything_to_do():
    g = game([character("Babs")], [character("Wilson")])
    assert start_turn(g, dice()).to_json() == {"squad": "Red", "overwatch_ended": [], "routing": None, "flee": []}



def test_each_side_s_turn_counts_one_turn():
    g = game([character("Babs")], [character("Wilson")])
    turns = []
    for _ in range(3):
        for _ in range(4):
            advance(g, dice())
        turns.append(g.turn)
    assert turns == [2, 3, 4]


def test_nothing_moves_on_once_the_game_is_over(sprawl, snapshot):
    """SPRAWL's turn and shooting rules keep no game-over check of their own: the kernel's gate
    refuses every door of a finished game, `--force` or not, and the save is left as it was."""
    sprawl.new()
    assert sprawl("concede", "people").exit_code == 0
    before = snapshot(sprawl.folder)
    for args in (("next",), ("next", "--force"), ("shoot", "Razz", "Wes", "--dice", "9,9,9,9"),
                 ("shoot", "Razz", "Wes", "--force", "--dice", "9,9,9,9")):
        result = sprawl(*args)
        assert result.exit_code == 1, args
        assert result.stderr.startswith("error: the game is over (People's Liberation Front conceded"), args
    assert snapshot(sprawl.folder) == before


# --- who the Ranged Combat Phase offers a shot ----------------------------------------------


def test_the_shooting_reminder_leaves_out_whoever_cannot_shoot():
    names = ("Able", "Engaged", "Pinned", "Down", "Panicked", "Ran", "Knife", "Jammed")
    red = [character(n, weapons=[KNIFE] if n == "Knife" else [PISTOL, KNIFE]) for n in names]
    gordo = character("Gordo")
    g = game(red, [gordo])
    g.phase = "ranged"
    by_name = {c.name: c for c in red}
    by_name["Engaged"].engaged_with.append("Gordo")
    gordo.engaged_with.append("Engaged")
    for status in ("pinned", "down", "panicked"):
        by_name[status.capitalize()].add(status)
    by_name["Ran"].acted.append("ran")
    by_name["Jammed"].weapon_states["Pistol"] = "jammed"
    assert todo(g)[0] == "May shoot (`sprawl shoot`): Able"


# --- starting a game ------------------------------------------------------------------------


def roster(squad, *names):
    return SimpleNamespace(squad=Squad(squad, names[0], list(names)),
                           characters=[character(n, squad=squad) for n in names])


def test_a_new_game_plays_by_the_rule_of_tens_unless_told_not_to():
    rosters = [roster("Red", "Babs"), roster("Blue", "Wilson")]
    assert new_game(rosters).settings.rule_of_tens is True
    assert new_game([roster("Red", "Babs"), roster("Blue", "Wilson")], rule_of_tens=False).settings.rule_of_tens is False


def test_a_new_game_refuses_a_round_limit_under_one():
    # The sides themselves are the kernel's to check (tests/test_system_hooks.py, check_sides).
    with pytest.raises(BadInput) as caught:
        new_game([roster("Red", "Babs"), roster("Blue", "Wilson")], rounds=0)
    assert str(caught.value) == "--rounds should be 1 or more"


@pytest.mark.parametrize("rounds, refused", [(0, True), (1, False)])
def test_a_round_limit_is_one_or_more(rounds, refused):
    rosters = [roster("Red", "Babs"), roster("Blue", "Wilson")]
    if refused:
        with pytest.raises(BadInput) as caught:
            new_game(rosters, rounds=rounds)
        assert str(caught.value) == "--rounds should be 1 or more"
    else:
        assert new_game(rosters, rounds=rounds).rounds == 1


# --- what the Movement Phase asks for --------------------------------------------------------


def test_movement_reminder_flees_the_unsafe_panicked_first_and_a_down_one_only_crawls():
    babs, newton, lang, razz = (character(n) for n in ("Babs", "Newton", "Lang", "Razz"))
    g = game([babs, newton, lang, razz], [character("Wilson")])
    babs.add("panicked")
    newton.add("panicked")
    newton.add("pinned")
    newton.add("down")
    lang.add("panicked")
    lang.add("safe")  # it got there: no flight left to make
    razz.add("overwatch")  # declared this Movement Phase: its own side's, not the enemy's
    assert todo(g) == [
        "Panicked move first, away from the enemy: Babs, Newton (Down: crawls at most 2\" of it) "
        "(`sprawl safe NAME` or `sprawl edge NAME` when they get there)",
        "Then chargers (`sprawl charge`), then everyone else (`move`, `hide`, `overwatch`, `jump`).",
    ]


def test_movement_reminder_without_flight_puts_chargers_first_then_the_pinned_and_the_down():
    names = ("Babs", "Newton", "Lang", "Razz", "Vex", "Mutt")
    red = [character(n) for n in names]
    g = game(red, [character("Wilson")])
    babs, newton, lang, razz, vex, mutt = red
    assert todo(g) == ["Chargers first (`sprawl charge`), then everyone else (`move`, `hide`, `overwatch`, `jump`)."]
    for c in red:
        c.add("pinned")
    for c in (lang, razz, mutt):
        c.add("down")
    for c in (vex, mutt):
        c.add("panicked")
    assert todo(g) == [
        "Panicked move first, away from the enemy: Vex, Mutt (Down: crawls at most 2\" of it) "
        "(`sprawl safe NAME` or `sprawl edge NAME` when they get there)",
        "Then chargers (`sprawl charge`), then everyone else (`move`, `hide`, `overwatch`, `jump`).",
        "Pinned, they stay put: Babs, Newton",
        "Down, they may only crawl 2\" (`sprawl move NAME`): Lang, Razz",
    ]


def test_the_other_phases_reminders_name_everyone_concerned():
    wes, lang = character("Wes"), character("Lang")
    gordo, wilson, rafter = character("Gordo"), character("Wilson"), character("Rafter")
    g = game([wes, lang], [gordo, wilson, rafter])
    rafter.add("overwatch")
    wilson.add("overwatch")
    g.phase = "ranged"
    assert todo(g) == ["May shoot (`sprawl shoot`): Wes, Lang",
                       "On overwatch, may fire during this turn: Wilson, Rafter"]
    for a, b in ((wes, gordo), (wes, wilson), (lang, rafter)):
        a.engaged_with.append(b.name)
        b.engaged_with.append(a.name)
    g.phase = "close"
    assert todo(g)[0] == ("Engaged, fight (`sprawl brawl`) or break away (`sprawl break`): "
                          "Gordo vs Wes; Lang vs Rafter; Wes vs Wilson")
    g.phase = "recovery"
    g.turn = 3
    for c in (wes, lang):
        c.add("panicked")
        c.panicked_turn = 1
    assert todo(g)[0] == "Recover (`sprawl recover`): Wes (panicked), Lang (panicked)"


# --- a side's turn start ---------------------------------------------------------------------


def test_a_turn_start_ends_overwatch_and_running_checks_routing_then_the_unsafe_flee():
    babs, newton, lang, razz = (character(n) for n in ("Babs", "Newton", "Lang", "Razz"))
    g = game([babs, newton, lang, razz], [character("Wilson")])
    g.brawls = {"Wilson": 2}
    babs.add("overwatch")
    babs.add("ran")
    babs.acted = ["ran"]
    newton.add("panicked")
    lang.add("panicked")
    lang.add("safe")  # safe: it stays put
    d = dice(7, 7, 1,  # 2 of 4 shaken: Babs's Smarts 3 against 2 holds
             5)  # Newton flees 5"
    data = start_turn(g, d).to_json()
    assert data["squad"] == "Red" and data["overwatch_ended"] == ["Babs"]
    assert (data["routing"]["due"], data["routing"]["roller"], data["routing"]["routed"]) == (True, "Babs", False)
    assert data["flee"] == [{"name": "Newton", "inches": 5}] and leftover(d) == []
    assert babs.statuses == [] and babs.acted == [] and g.brawls == {}
    with pytest.raises(DiceShortage, match=r"Newton: Flee \(d10 inches\)"):
        start_turn(g, dice(7, 7, 1))


def test_no_flight_for_the_gone():
    babs, newton = character("Babs"), character("Newton")
    g = game([babs, newton, character("Lang"), character("Razz"), character("Vex")], [character("Wilson")])
    newton.add("out_of_play")
    newton.add("panicked")  # a hand-edited save: gone, yet still marked panicked
    d = dice()
    assert start_turn(g, d).flee == []
