"""F9 close combat."""

from __future__ import annotations

import pytest

from sprawl_cli.errors import RuleRefusal
from sprawl_cli.systems.street_fight.close import fight
from sprawl_cli.systems.street_fight.movement import move
from tests.street_fight.build import dice, game, leftover, table, to_phase


def brawl(g, a: str, b: str, *faces: int, charged: bool = False, cover: bool = False, force: bool = False,  # type: ignore[no-untyped-def]
          contact: tuple[str, ...] = ()):
    d = dice(*faces)
    out = fight(g, g.character(a), g.character(b), charged, cover, d, table(force, contact))
    assert leftover(d) == []
    return out


def close_game():  # type: ignore[no-untyped-def]
    g = game({"Ada": "pistol", "Lem": "LMG", "Hal": "HMG"}, {"Bo": "pistol", "Bea": "rifle", "Bob": "pistol"},
             morale="off")
    return g


def test_higher_total_of_eight_or_more_kills() -> None:
    g = close_game()
    to_phase(g, "close", "Red")
    f = brawl(g, "Ada", "Bo", 8, 7)
    assert f.to_json() | {"modifiers": []} == {"attacker": "Ada", "defender": "Bo", "rolls": [8, 7],
                                               "modifiers": [], "totals": [8, 7], "winner": "Ada",
                                               "casualty": "Bo", "in_combat": False, "joined": []}
    assert g.character("Bo").gone and not g.character("Ada").engaged_with


def test_a_win_under_eight_keeps_them_in_combat_and_the_loser_remembers() -> None:
    g = close_game()
    to_phase(g, "close", "Red")
    f = brawl(g, "Ada", "Bo", 3, 7)
    assert (f.winner, f.casualty, f.still_in_combat) == ("Bo", None, True)
    ada = g.character("Ada")
    assert ada.lost_latest_round and not ada.lost_last_round and ada.shown_statuses == ["in_combat"]
    with pytest.raises(RuleRefusal, match="fought their round"):
        brawl(g, "Ada", "Bo", 1, 1)
    with pytest.raises(RuleRefusal, match="stays in it"):
        to_phase(g, "movement", "Red", 9, 1)
        move(g, ada, 1, False, table())
    to_phase(g, "close", "Red")
    f = brawl(g, "Ada", "Bo", 9, 8)
    assert f.totals == (8, 8) and f.winner is None and f.still_in_combat
    assert [m.label for m in f.modifiers[0]] == ["lost the last round"]
    assert not ada.lost_latest_round  # a draw is nobody's loss


def test_every_modifier() -> None:
    g = close_game()
    move(g, g.character("Lem"), 3, False, table())
    to_phase(g, "close", "Red")
    # Hal is on Bea too: the table says so at Bea's first fight, so the -1 counts from this one on.
    f = brawl(g, "Lem", "Bea", 5, 6, charged=True, cover=True, contact=("Hal",))
    assert [(m.amount, m.label) for m in f.modifiers[0]] == [(-1, "armed with an LMG"),
                                                             (1, "charged into combat this turn")]
    assert [(m.amount, m.label) for m in f.modifiers[1]] == [(-1, "2 enemies on it (Lem, Hal)"),
                                                             (1, "defending from cover")]
    assert f.totals == (5, 6) and f.winner == "Bea" and f.joined == (("Hal", "Bea"),)
    f = brawl(g, "Hal", "Bea", 6, 2)
    assert [m.amount for m in f.modifiers[0]] == [-2]
    assert [(m.amount, m.source) for m in f.modifiers[1]] == [(-1, "F9")]  # two enemies on Bea
    assert f.totals == (4, 1) and f.winner == "Hal" and f.casualty is None
    assert g.character("Bea").lost_latest_round


def test_no_fight_after_a_dash_and_no_charge_either() -> None:
    g = close_game()
    move(g, g.character("Ada"), 6, False, table())
    to_phase(g, "close", "Red")
    with pytest.raises(RuleRefusal, match="over 5"):
        brawl(g, "Ada", "Bo")
    with pytest.raises(RuleRefusal, match="Close Combat phase|Red is acting"):
        brawl(g, "Bo", "Lem")


def test_winning_on_defence_kills_the_attacker() -> None:
    g = close_game()
    to_phase(g, "close", "Red")
    f = brawl(g, "Ada", "Bo", 2, 10)
    assert f.casualty == "Ada" and g.character("Ada").gone


def test_a_figure_holding_still_cannot_have_charged_and_fighting_ends_aim() -> None:
    from sprawl_cli.systems.street_fight.movement import aim

    g = close_game()
    aim(g, g.character("Ada"), table())
    aim(g, g.character("Lem"), table())
    to_phase(g, "close", "Red")
    with pytest.raises(RuleRefusal, match="cannot have charged"):
        brawl(g, "Ada", "Bo", charged=True)
    brawl(g, "Lem", "Bo", 2, 2)
    assert g.character("Lem").aim_turns == 0


def test_a_defender_that_dashed_has_no_cover() -> None:
    g = close_game()
    to_phase(g, "movement", "Blue")
    move(g, g.character("Bo"), 6, False, table())
    to_phase(g, "close", "Red")
    with pytest.raises(RuleRefusal, match="cannot have gone into cover"):
        brawl(g, "Ada", "Bo", cover=True)


def test_who_may_join_a_fight_as_it_begins() -> None:
    # F9 contacts: offered are standing enemies not in this fight or in combat with the figure yet,
    # that have not run (over 5") and have not fought this turn.
    g = close_game()
    move(g, g.character("Hal"), 6, False, table())
    g.character("Bob").add("casualty")
    to_phase(g, "close", "Red")
    t = table()
    fight(g, g.character("Ada"), g.character("Bo"), False, False, dice(5, 5), t)
    assert t.offered["contact"] == ["Lem", "Bea"]
    assert t.asked[-1] == ('Who else is within 1" of Ada or Bo as this fight begins (F9: -1 for each enemy on a '
                           'figure beyond the first)?')
    t = table()
    fight(g, g.character("Lem"), g.character("Bea"), False, False, dice(5, 5), t)
    assert "contact" not in t.offered and len(t.asked) == 1  # only whether Lem is within 1" of Bea
    assert g.character("Ada").engaged_with == ["Bo"] and g.character("Bea").engaged_with == ["Lem"]


def test_a_named_contact_joins_every_figure_of_the_fight_it_is_an_enemy_of() -> None:
    g = close_game()
    to_phase(g, "close", "Red")
    out = fight(g, g.character("Ada"), g.character("Bo"), False, False, dice(5, 5), table(contact=("Bea", "Lem")))
    assert out.joined == (("Bea", "Ada"), ("Lem", "Bo"))
    assert g.character("Ada").engaged_with == ["Bo", "Bea"] and g.character("Bo").engaged_with == ["Ada", "Lem"]
    assert [m.amount for m in out.modifiers[0]] == [-1] and [m.amount for m in out.modifiers[1]] == [-1]
    with pytest.raises(RuleRefusal, match="^Ada has fought this turn already and Bob was not in contact with it "
                                          "then"):
        brawl(g, "Ada", "Bob", 5, 5)
    to_phase(g, "close", "Red", 9, 1)  # the next turn: those in combat since are not offered again
    t = table()
    fight(g, g.character("Ada"), g.character("Bo"), False, False, dice(5, 5), t)
    assert t.offered["contact"] == ["Hal", "Bob"]
