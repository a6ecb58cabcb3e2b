"""Edges found by reviewing the rules code against the rulings, each pinned by a test."""

from __future__ import annotations

import pytest

from tests.factory import character, dice, game, leftover, table
from sprawl_cli.systems.sprawl import damage
from sprawl_cli.systems.sprawl.referee import set_status


def test_panicker_put_out_by_its_free_attack_does_not_break_the_command(sprawl):
    # R9 + R12: Mutt goes Out of Action, Wes panics while engaged with Rafter, Rafter's
    # free attack puts Wes Out of Action too; Wes is on --nearby and must not be re-tested.
    sprawl.new()
    sprawl.json("charge", "Wes", "Rafter")
    for _ in range(5):
        sprawl.json("next")
    data = sprawl.json("shoot", "Wilson", "Mutt", "--yes", "--nearby", "Wes",
                       "--dice", "7,7,7,7,7,7,7,1,1,1,1,1,9,1,1,1,1,5,7,7,7,7,7,1,1,1,9")
    assert [p["name"] for p in data["panic"]] == ["Wes"]
    assert "out_of_action" in sprawl.character("Wes")["statuses"]


def test_a_friend_tests_once_even_when_a_panicker_falls_to_its_free_attack(sprawl):
    # R9 + R12: Mutt goes Out of Action with Wes and Lang nearby. Wes [1 1 1 1] panics, flees 5";
    # Rafter's free attack [7 7], damage [7 7 7], Toughness [1 1 1], d10 9: Wes is Out of Action too,
    # and its friends test again, but Lang, already due to test in this command, tests once.
    sprawl.new()
    sprawl.json("charge", "Wes", "Rafter")
    for _ in range(5):
        sprawl.json("next")
    sprawl.json("shoot", "Wilson", "Mutt", "--yes", "--nearby", "Wes,Lang",
                "--dice", "7,7,7,7,7,7,7,1,1,1,1,1,9,1,1,1,1,5,7,7,7,7,7,1,1,1,9,7,7,7,7,7,7")
    rolls = [r["label"] for r in sprawl.json("log", "--last", "1")["entries"][0]["rolls"]]
    assert rolls.count("Lang: Guts (panic)") == 1 and rolls.count("Wes: Guts (panic)") == 1
    assert rolls[-1] == "Lang: Guts (panic)"  # tested after Wes fell, in the free attack's wake
    assert "Wes: Flee (d10 inches)" in rolls


def test_each_friend_tests_for_panic_once_in_a_whole_recovery_phase(sprawl):
    sprawl.new()
    for _ in range(4):
        sprawl.json("next")
    sprawl.json("damage", "Mutt", "2", "--dice", "2")
    sprawl.json("damage", "Lang", "2", "--dice", "3")
    for _ in range(3):
        sprawl.json("next")
    sprawl.json("next", "--dice", "7,7,7,7")
    for _ in range(3):
        sprawl.json("next")
    sprawl.json("recover", "--nearby", "Razz", "--dice", "9,7,1,1,9")
    rolls = [r["label"] for r in sprawl.json("log", "--last", "1")["entries"][0]["rolls"]]
    assert rolls.count("Razz: Guts (panic)") == 1


def test_recovery_result_at_zero_health_ends_down():
    # R8: a Down character hit again rolls again; "Recovery" leaves it pinned, not Down.
    mutt = character("Mutt", health=2, toughness=2)
    g = game([character("Babs")], [mutt])
    out = damage.Victim("Mutt")
    damage.lose_health(g, mutt, 2, dice(2), out)
    assert mutt.has("down")
    damage.lose_health(g, mutt, 1, dice(1), damage.Victim("Mutt"))
    assert mutt.has("pinned") and not mutt.has("down") and mutt.recovery_pending


def test_down_again_clears_a_pending_recovery():
    mutt = character("Mutt", health=1)
    g = game([character("Babs")], [mutt])
    damage.lose_health(g, mutt, 1, dice(1), damage.Victim("Mutt"))
    assert mutt.recovery_pending
    damage.lose_health(g, mutt, 1, dice(5), damage.Victim("Mutt"))
    assert mutt.has("down") and not mutt.recovery_pending


def test_referee_lifting_a_pin_applies_r8_recovery():
    mutt = character("Mutt", health=1, toughness=2)
    g = game([character("Babs")], [mutt])
    damage.lose_health(g, mutt, 1, dice(1), damage.Victim("Mutt"))
    change = set_status(g, mutt, "pinned", False)
    assert (mutt.health, mutt.toughness, mutt.recovery_pending) == (1, 1, False)
    assert "R8" in change.note


def test_nearby_may_name_the_fallen_itself():
    # One --nearby list serves the whole command, so it may name someone who falls in it.
    wes = character("Wes", guts=0)
    lang = character("Lang")
    rafter = character("Rafter", brawling=5)
    g = game([wes, lang], [rafter])
    t = table(lists={"nearby": ["Wes", "Lang"]})
    from sprawl_cli.systems.sprawl.morale import panic_tests

    lang.health = 0
    damage.put_out_of_action(g, lang)
    results = panic_tests(g, [lang], t, dice(4))  # Wes: Guts 0 rolls no dice, panics, flees 4"
    assert [r.name for r in results] == ["Wes"] and results[0].panicked and results[0].flee_inches == 4


def test_an_already_panicked_friend_does_not_test_again():
    """R9: a friend within 3\" that is already Panicked rolls no panic test (and does not flee again)."""
    from sprawl_cli.systems.sprawl.morale import panic_tests

    wes = character("Wes", guts=0)
    razz = character("Razz", guts=1)
    lang = character("Lang")
    g = game([wes, razz, lang], [character("Rafter")])
    wes.add("panicked")
    lang.health = 0
    damage.put_out_of_action(g, lang)
    d = dice(1, 5)  # only Razz tests: Guts 1 [1] against 3, panics and flees 5"
    results = panic_tests(g, [lang], table(lists={"nearby": ["Wes", "Razz"]}), d)
    assert [r.name for r in results] == ["Razz"] and results[0].panicked and results[0].flee_inches == 5
    assert leftover(d) == [] and wes.panicked_turn is None  # not panicked anew
    assert results[0].to_json() == {"name": "Razz", "faces": [1], "needed": 3, "successes": 0, "panicked": True,
                                    "flee_inches": 5, "free_attacks": [], "lost": []}


def test_no_friend_left_means_no_panic_question():
    """R9: a fallen character with nobody of its squad left on the table asks nothing."""
    from sprawl_cli.systems.sprawl.morale import panic_tests

    lang = character("Lang")
    g = game([lang], [character("Rafter")])
    lang.health = 0
    damage.put_out_of_action(g, lang)
    t = table()  # no --nearby answer: asking would raise NeedsAnswer
    assert panic_tests(g, [lang], t, dice()) == [] and t.asked == []


def test_the_panic_question_names_the_fallen_and_refuses_an_enemy():
    from sprawl_cli.errors import BadInput
    from sprawl_cli.systems.sprawl.morale import panic_tests

    wes, lang = character("Wes"), character("Lang")
    g = game([wes, lang], [character("Rafter")])
    lang.health = 0
    damage.put_out_of_action(g, lang)
    t = table(lists={"nearby": ["Rafter"]})
    with pytest.raises(BadInput, match="Rafter is not a friend of Lang; --nearby names their own squad-mates"):
        panic_tests(g, [lang], t, dice())
    assert t.asked == ['Which friends are within 3" of Lang?']


def test_a_panicker_felled_by_one_free_attack_gets_no_second():
    """R12: Wes (Guts 0, Health 1) panics while engaged with Rafter and Gordo. Rafter's free attack
    [9 9 9 9 9], damage [9 9 9 1 1 1], Toughness [9], d10 9 puts it Out of Action: Gordo has
    nobody left to hit, and rolls nothing."""
    from sprawl_cli.systems.sprawl.morale import panic

    wes = character("Wes", guts=0, health=1, toughness=1)
    rafter, gordo = character("Rafter", brawling=5), character("Gordo", brawling=5)
    g = game([wes, character("Lang")], [rafter, gordo])
    wes.engaged_with, rafter.engaged_with, gordo.engaged_with = ["Rafter", "Gordo"], ["Wes"], ["Wes"]
    d = dice(4, 9, 9, 9, 9, 9, 9, 9, 9, 1, 1, 1, 9, 9, 9, 9, 9, 9, 9)
    inches, free = panic(g, wes, table(lists={"nearby": []}), d)
    assert inches == 4 and [f["attacker"]["name"] for f in free] == ["Rafter"] and wes.has("out_of_action")
    assert leftover(d) == [9, 9, 9, 9, 9]  # Gordo's attack would have taken these


def test_two_fallen_at_once_are_named_together_and_their_friends_offered():
    """R9 for two fallen in one command: the question names both, a terminal offers the friends
    still standing (never the fallen), and a wrong name is told which friends there are."""
    from sprawl_cli.errors import BadInput
    from sprawl_cli.systems.sprawl.morale import panic_tests

    wes, lang, mutt, razz = character("Wes"), character("Lang"), character("Mutt"), character("Razz")
    g = game([wes, lang, mutt, razz], [character("Rafter")])
    for fallen in (lang, mutt):
        fallen.health = 0
        damage.put_out_of_action(g, fallen)
    t = table(lists={"nearby": ["Rafter"]})
    with pytest.raises(BadInput, match="^Rafter is not a friend of Lang, Mutt; "):
        panic_tests(g, [lang, mutt], t, dice())
    assert t.asked == ['Which friends are within 3" of Lang, Mutt?'] and t.offered == {"nearby": ["Wes", "Razz"]}
    with pytest.raises(BadInput, match=r"^no character named 'Zed' in this game; the friends still on the table "
                                       r"are: Wes, Razz \(--nearby names friends of Lang, Mutt within 3\"\)$"):
        panic_tests(g, [lang, mutt], table(lists={"nearby": ["Zed"]}), dice())
    with pytest.raises(BadInput, match="did you mean 'Razz'"):
        panic_tests(g, [lang, mutt], table(lists={"nearby": ["Razzz"]}), dice())


@pytest.mark.parametrize("tens, panicked", [(True, False), (False, True)])
def test_the_panic_test_follows_the_rule_of_tens(tens, panicked):
    """R2 in R9: Razz (Guts 2) needs 2 successes; [10 1] is two only under the Rule of Tens."""
    from sprawl_cli.systems.sprawl.morale import panic_test

    razz = character("Razz", guts=2)
    g = game([razz, character("Lang")], [character("Rafter")])
    g.settings.rule_of_tens = tens
    d = dice(10, 1, 4) if panicked else dice(10, 1)
    test = panic_test(g, razz, table(), d)
    assert (test.successes, test.panicked) == ((1, True) if not tens else (2, False))
    assert leftover(d) == []


def test_panic_ends_hiding_overwatch_and_safety():
    """R9: a panicked character loses Overwatch and its hiding (the spotting count too) and is not safe."""
    from sprawl_cli.systems.sprawl.morale import panic_test

    razz = character("Razz", guts=1)
    g = game([razz, character("Lang")], [character("Rafter")])
    for status in ("hidden", "overwatch", "safe"):
        razz.add(status)
    razz.hide_successes = 2
    test = panic_test(g, razz, table(), dice(1, 6))  # Guts [1] against 3: panics, flees 6"
    assert test.panicked and test.lost == ["overwatch", "hidden"] and test.flee_inches == 6
    assert razz.shown_statuses == ["panicked"] and razz.hide_successes == 0
    assert not razz.has("safe")  # `safe` is never shown, so ask for it
