"""F9 close combat, pinned where a mutation run of close.py found the tests loose: every
modifier's source, every refusal's words, the dice asked for, the books and the rounds lost.
Survivors no input can tell from the original are listed in `EQUIVALENT` at the end."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import BadInput, NeedsAnswer, RuleRefusal
from sprawl_cli.systems.street_fight.close import fight, fighting_modifiers
from sprawl_cli.systems.street_fight.model import Game
from sprawl_cli.systems.street_fight.movement import aim, move, overwatch
from sprawl_cli.table import ScriptedTable
from tests.street_fight.build import dice, game, leftover, table, to_phase


CONTACT = ('Who else is within 1" of Ada or Bo as this fight begins (F9: -1 for each enemy on a figure beyond '
           'the first)?')


def red_blue() -> Game:
    return game({"Ada": "pistol", "Lem": "LMG", "Hal": "HMG"}, {"Bo": "pistol", "Bea": "rifle"}, morale="off")


def brawl(g: Game, a: str, b: str, *faces: int, charged: bool = False, cover: bool = False,
          defender_charged: bool = False, t: ScriptedTable | None = None):  # type: ignore[no-untyped-def]
    d = dice(*faces)
    out = fight(g, g.character(a), g.character(b), charged, cover, d, t or table(), defender_charged)
    assert leftover(d) == []
    return out


def refusal(g: Game, a: str, b: str, **how: bool) -> str:
    with pytest.raises(RuleRefusal) as caught:
        brawl(g, a, b, 5, 5, **how)  # type: ignore[arg-type]
    return str(caught.value)


def test_no_modifier_unless_told() -> None:
    g = red_blue()
    assert fighting_modifiers(g.character("Ada")) == []


def test_every_modifier_names_its_ruling() -> None:
    g = red_blue()
    for name in ("Lem", "Bo"):
        g.character(name).lost_last_round = True
    terms = fighting_modifiers(g.character("Lem"), charged=False, cover=True)
    assert [(m.amount, m.label, m.source) for m in terms] == [
        (-1, "armed with an LMG", "F9"), (-1, "lost the last round", "F9"), (1, "defending from cover", "F9")]
    assert [(m.amount, m.source) for m in fighting_modifiers(g.character("Hal"), charged=True)] == [
        (-2, "F9"), (1, "F9")]


def test_the_dice_are_named_d10s_attacker_first() -> None:
    g = red_blue()
    to_phase(g, "close", "Red")
    d = dice(3, 4)
    fight(g, g.character("Ada"), g.character("Bo"), False, False, d, table())
    assert [(r.label, r.die) for r in d.rolls] == [("Ada: Close combat", "d10"), ("Bo: Close combat", "d10")]


def test_the_contact_question_and_its_refusal() -> None:
    g = red_blue()
    to_phase(g, "close", "Red")
    no = ScriptedTable(yes=False)
    with pytest.raises(RuleRefusal) as caught:
        brawl(g, "Ada", "Bo", t=no)
    assert no.asked == ['Is Ada within 1" of Bo (close combat needs contact, F9)?']
    assert str(caught.value) == ('Ada is not within 1" of Bo: close combat needs contact (F9); move into contact '
                                 "first (add --force to overrule as referee)")
    yes = ScriptedTable(lists={"contact": []})
    brawl(g, "Ada", "Bo", 3, 3, t=yes)
    to_phase(g, "close", "Red", 9, 1)
    again = ScriptedTable(lists={"contact": []})
    brawl(g, "Ada", "Bo", 3, 3, t=again)
    assert again.asked == [CONTACT]  # already in contact: only who else is, at the turn's first fight


def test_who_may_fight_whom_in_words() -> None:
    g = red_blue()
    to_phase(g, "close", "Red")
    with pytest.raises(BadInput, match="^Ada cannot fight itself$"):
        brawl(g, "Ada", "Ada")
    assert refusal(g, "Ada", "Lem").startswith("Lem is on Ada's own side (Red)")
    assert refusal(g, "Bo", "Ada").startswith("Bo cannot fight now: Red is acting in this phase")
    g.character("Bo").add("casualty")
    with pytest.raises(RuleRefusal, match="^Bo is a casualty and cannot be fought$"):
        brawl(g, "Ada", "Bo")
    g.character("Hal").add("casualty")
    with pytest.raises(RuleRefusal, match="^Hal is a casualty and cannot fight$"):
        brawl(g, "Hal", "Bea")


def test_out_of_phase_in_words() -> None:
    g = red_blue()
    assert refusal(g, "Ada", "Bo").startswith("close combat belongs to the Close Combat phase; it is now the "
                                              "Movement phase")


def test_a_dash_keeps_a_figure_out_of_a_new_fight_in_words() -> None:
    g = red_blue()
    move(g, g.character("Ada"), 7, False, table())
    to_phase(g, "close", "Red")
    assert refusal(g, "Ada", "Bo").startswith('Ada moved 7" this turn: a figure that moves over 5" cannot enter '
                                              "close combat (F9) (add")


def test_a_defender_that_dashed_cannot_have_charged() -> None:
    g = red_blue()
    to_phase(g, "movement", "Blue")
    move(g, g.character("Bo"), 6, False, table())
    to_phase(g, "close", "Red")
    assert refusal(g, "Ada", "Bo", defender_charged=True).startswith(
        'Bo moved 6" this turn: a figure that moves over 5" cannot enter close combat (F9) (add')


def test_a_charge_without_a_move_names_the_option() -> None:
    g = red_blue()
    to_phase(g, "close", "Red")
    assert refusal(g, "Ada", "Bo", charged=True).startswith(
        "Ada has not moved this turn, so it cannot have charged into combat (F9); leave out --charged (add")
    assert refusal(g, "Ada", "Bo", defender_charged=True).startswith(
        "Bo has not moved this turn, so it cannot have charged into combat (F9); leave out --defender-charged (")


def test_aiming_or_watching_figures_cannot_have_charged() -> None:
    g = red_blue()
    aim(g, g.character("Ada"), table())
    overwatch(g, g.character("Lem"), False, table())
    to_phase(g, "close", "Red")
    assert refusal(g, "Ada", "Bo", charged=True).startswith(
        "Ada is holding still this turn (aiming) and cannot have charged (house)")
    g.character("Lem").moved_inches = 3.0  # a referee's correction: overwatch is checked, not the move
    assert refusal(g, "Lem", "Bo", charged=True).startswith(
        "Lem is holding still this turn (on overwatch) and cannot have charged (house)")


def test_a_figure_falling_back_starts_no_fight_but_fights_on_in_one() -> None:
    g = red_blue()
    to_phase(g, "close", "Red")
    brawl(g, "Ada", "Bo", 3, 3)
    g.character("Lem").add("falling_back")
    g.character("Ada").add("falling_back")
    to_phase(g, "close", "Red", 9, 1)
    assert "falling back to cover and cannot start a fight (F10)" in refusal(g, "Lem", "Bea")
    assert brawl(g, "Ada", "Bo", 3, 3).winner is None


def test_the_books_count_fights_won_and_casualties_caused() -> None:
    g = red_blue()
    to_phase(g, "close", "Red")
    brawl(g, "Ada", "Bo", 6, 3)
    brawl(g, "Lem", "Bea", 1, 9)
    bea, bo = g.character("Bea"), g.character("Bo")
    assert (bo.record.fights_won, bea.record.fights_won, g.character("Ada").record.fights_won) == (0, 1, 1)
    assert g.character("Lem").gone and bea.record.casualties_caused == 1
    assert g.morale_of("Red").last_cause == "Bea"
    to_phase(g, "close", "Red", 9, 1)
    brawl(g, "Ada", "Bo", 5, 3)
    assert g.character("Ada").record.fights_won == 2


def test_a_win_after_a_lost_turn_clears_the_penalty_for_the_turn_after() -> None:
    g = red_blue()
    to_phase(g, "close", "Red")
    brawl(g, "Ada", "Bo", 2, 5)  # turn 1: Ada loses
    to_phase(g, "close", "Red", 9, 1)
    f = brawl(g, "Ada", "Bo", 6, 3)  # turn 2: -1, and Ada wins 5 to 3
    assert [m.label for m in f.modifiers[0]] == ["lost the last round"] and f.winner == "Ada"
    assert [m.label for m in f.modifiers[1]] == []
    to_phase(g, "close", "Red", 9, 1)
    f = brawl(g, "Ada", "Bo", 3, 3)  # turn 3: nothing against Ada, the -1 is Bo's now
    assert [m.label for m in f.modifiers[0]] == [] and [m.label for m in f.modifiers[1]] == ["lost the last round"]


def test_a_sheltering_figure_with_no_turn_recorded_cannot_start_a_fight() -> None:
    g = red_blue()
    to_phase(g, "close", "Red")
    g.character("Ada").add("sheltering")
    with pytest.raises(RuleRefusal) as caught:
        brawl(g, "Ada", "Bo", 5, 5)
    assert str(caught.value) == ("Ada is sheltering until the end of turn 2 and cannot start a fight (F10) "
                                 "(add --force to overrule as referee)")


# --- issue 34: a charge asked, the defender's cover read from the save -------------------------


def asking(**choices: list[str]) -> ScriptedTable:
    return ScriptedTable(lists={"contact": []}, choices=dict(choices))


def moved_to_close(g: Game, red: dict[str, float], blue: dict[str, float], t: ScriptedTable | None = None) -> None:
    """Each side's moves in its Movement phase (`t` answers them, forced or not), then Red's close combat."""
    for who, inches in red.items():
        move(g, g.character(who), inches, False, t or table())
    to_phase(g, "movement", "Blue")
    for who, inches in blue.items():
        move(g, g.character(who), inches, False, t or table())
    to_phase(g, "close", "Red")


def test_a_charge_not_told_is_asked_only_of_a_figure_that_moved_5_or_less() -> None:
    g = red_blue()
    moved_to_close(g, {"Ada": 3}, {"Bo": 7})  # Bo ran: it cannot have charged, so only Ada is asked
    t = asking(charged=["yes"])
    out = fight(g, g.character("Ada"), g.character("Bo"), None, None, dice(5, 5), t, None)
    assert t.asked[1] == 'Did Ada charge into contact with Bo this turn, in its move of 3" (F9: +1)?'
    assert not any("Did Bo" in q for q in t.asked)
    assert out.totals == (6, 5)


def test_a_charge_answered_no_counts_nothing_and_a_figure_that_stood_is_never_asked() -> None:
    g = red_blue()
    moved_to_close(g, {"Ada": 5}, {})
    t = asking(charged=["no"])
    out = fight(g, g.character("Ada"), g.character("Bo"), None, None, dice(5, 5), t, None)
    assert out.totals == (5, 5) and len(t.asked) == 3  # contact, the charge, who else


def test_a_defender_that_moved_is_asked_and_answered_yes_gains_the_charge() -> None:
    g = red_blue()
    moved_to_close(g, {}, {"Bo": 4})
    t = asking(**{"defender-charged": ["yes"]})
    out = fight(g, g.character("Ada"), g.character("Bo"), None, None, dice(5, 5), t, None)
    assert t.asked[1] == 'Did Bo charge into contact with Ada this turn, in its move of 4" (F9: +1)?'
    assert out.totals == (5, 6)


def test_without_an_answer_the_charge_question_names_both_options() -> None:
    g = red_blue()
    moved_to_close(g, {}, {"Bo": 4})
    with pytest.raises(NeedsAnswer) as caught:
        fight(g, g.character("Ada"), g.character("Bo"), None, None, dice(5, 5), asking(), None)
    assert str(caught.value) == ('Did Bo charge into contact with Ada this turn, in its move of 4" (F9: +1)? '
                                 "Give --defender-charged or --no-defender-charged.")


def test_once_one_of_the_pair_charged_the_other_is_not_asked() -> None:
    for told in ({"charged": True}, {"defender_charged": True}):
        g = red_blue()
        moved_to_close(g, {"Ada": 3}, {"Bo": 4})
        t = asking()
        out = fight(g, g.character("Ada"), g.character("Bo"), told.get("charged"), None, dice(5, 5), t,
                    told.get("defender_charged"))
        assert not any(q.startswith("Did ") for q in t.asked)
        assert out.totals == ((6, 5) if "charged" in told else (5, 6))


def test_a_figure_holding_still_is_never_asked_even_forced_onto_overwatch_after_a_move() -> None:
    g = red_blue()
    moved_to_close(g, {}, {"Bo": 3})
    g.character("Bo").add("overwatch")  # what a forced `overwatch` after the move leaves
    t = asking()
    assert fight(g, g.character("Ada"), g.character("Bo"), None, None, dice(5, 5), t, None).totals == (5, 5)
    assert not any(q.startswith("Did ") for q in t.asked)


def test_the_defenders_cover_is_the_saves_unless_told() -> None:
    for told, in_cover, plus in ((None, True, 1), (None, False, 0), (False, True, 0), (True, False, 1)):
        g = red_blue()
        to_phase(g, "close", "Red")
        g.character("Bo").in_cover = in_cover
        out = fight(g, g.character("Ada"), g.character("Bo"), False, told, dice(5, 5), table())
        assert out.totals == (5, 5 + plus), (told, in_cover)


def test_a_figure_that_fought_takes_no_new_enemy_in_these_words() -> None:
    g = game({"Ada": "pistol", "Lem": "LMG"}, {"Bo": "pistol", "Bob": "pistol"}, morale="off")
    to_phase(g, "close", "Red")
    brawl(g, "Ada", "Bo", 5, 5)
    assert refusal(g, "Ada", "Bob") == (
        "Ada has fought this turn already and Bob was not in contact with it then (F9: every enemy within 1\" "
        "counts from its first fight); they may fight next turn (add --force to overrule as referee)")


def test_a_contact_named_at_the_first_fight_of_one_of_a_pair_joins_only_that_one() -> None:
    g = game({"Ada": "pistol", "Lem": "LMG"}, {"Bo": "pistol", "Bea": "rifle"}, morale="off")
    to_phase(g, "close", "Red")
    brawl(g, "Ada", "Bo", 5, 5, t=table(contact=("Bea",)))  # Bea joins Ada's combat
    out = brawl(g, "Ada", "Bea", 5, 5, t=table(contact=("Lem",)))  # Ada has fought: only Bea is asked about
    assert out.joined == (("Lem", "Bea"),)
    assert g.character("Bea").engaged_with == ["Ada", "Lem"] and g.character("Ada").engaged_with == ["Bo", "Bea"]


EQUIVALENT = """Survivors no input can tell from the original (mutmut 3.8.1, the run of 2026-12-02):

- fight: `require_enemies` handed None for the game: it never reads it.
- fight: the two d10s' `10` sides dropped: a roll's sides default to 10.
- fight: `a_total >= d_total` for `>` when picking the winner: equal totals have returned already.
- _charged: `_no_charge(game, c, None)` for the option's name: only whether a reason comes back is
  read there, and the option appears only in the reason's words.
"""
