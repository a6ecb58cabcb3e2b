"""`status` (SYSTEMS.md's fields and the terminal table), what the mutation run of status.py
found unchecked: a busy character's JSON whole (what it did this turn, its aim, a dropped
weapon, its ammunition), the game's JSON under hand damage, and the table's lines: the
phase, a cut-in, the end of the game, the pools, the rounds left and each turn in words.

The one survivor of status.py no output can tell: `Table(show_edge=None)` for False (45),
read only as true or false.

The whole module again (2026-12-02, third session: 363 mutants, numbered as mutmut 3.8.1
numbers them that day; 358 killed). Left: `status_view` 80, the same `show_edge=None`. The
gaps, killed by the three tests at the end: two player sides and two allies joined with "; "
(`status_view` 48, 57), a side with no Wild Card (or the game master's) stopping the search
for a later side's allies (`table_choices` 16), and a turn that paid for one action saying
"rolls at 1 actions" (`turn_words` 10).

`status_view` again after it drew a table per side (180 mutants; 177 killed, 1 timed out):
its titles' style was unread by every test until the last test here. Left, equivalent: 90
(`show_edge=None` for False) and 99 (`title_style="BOLD"`: Rich reads style names in any case).
"""

from __future__ import annotations

import io

from rich.console import Console

from sprawl_cli.systems.savage_worlds.cards import deal
from sprawl_cli.systems.savage_worlds.model import Game, Weapon
from sprawl_cli.systems.savage_worlds.status import BYSTANDER, HOUSE, SUPPRESSION, game_json, status_view
from tests.savage_worlds.helpers import SWORD, dice, extra, game, hero, table

RIFLE = Weapon("Rifle", "2d8", range="24/48/96", shots=5)


def busy() -> Game:
    """A refereed round: Ada (KS, up) has reloaded, fired two rounds, moved 3.5" and run, aims
    at Goon and is done; she dropped her Sword and carries a wound."""
    g = game([hero("Ada", weapons=[SWORD, RIFLE]), extra("Pike")], [extra("Goon")])
    deal(g, dice("KS", "2C"), table())
    ada = g.character("Ada")
    ada.acted = ["reload:Rifle", "shoot:Rifle"]
    ada.fired = {"Rifle": 1}
    ada.spent = {"Rifle": 2}
    ada.moved, ada.ran, ada.run_roll = 3.5, True, 4
    ada.aim, ada.aim_round = "Goon", 1
    ada.turn_over = "aiming"
    ada.disarmed = ["Sword"]
    ada.wounds = 1
    ada.add("shaken")
    return g


def test_a_busy_characters_json_whole() -> None:
    g = busy()
    data = game_json(g, g.character("Ada"))
    assert data["characters"] == [{
        "name": "Ada", "squad": "Heroes", "statuses": ["shaken"], "wild_card": True, "card": "KS", "wounds": 1,
        "bennies": 0, "toughness": 5, "parry": 6, "pace": 6, "group": None, "dead": False, "ran": True,
        "traits": {"agility": "d6", "smarts": "d6", "spirit": "d6", "strength": "d6", "vigor": "d6",
                   "fighting": "d8", "shooting": "d8", "throwing": "d6", "notice": "d6"},
        "weapons": [{"name": "Rifle", "damage": "2d8", "range": "24/48/96", "rof": 1, "ap": 0, "shots": 5}],
        "dropped": ["Sword"],
        "turn": {"actions": ["reload:Rifle", "shoot:Rifle"], "moved": 3.5, "fired": {"Rifle": 1}, "over": "aiming",
                 "done": False, "paid": 0},
        "aim": {"target": "Goon", "round": 1}, "ammo": {"Rifle": 3}}]


def test_the_games_json_under_hand_damage_and_a_cut_in() -> None:
    g = busy()
    g.settings.damage = "hand"
    g.cut_in = "Goon"
    g.step = 7
    data = game_json(g)
    data.pop("characters")
    assert data == {
        "order": [{"name": "Ada", "card": "KS"}, {"name": "Goon", "card": "2C"}], "acting": ["Ada", "Pike"],
        "cut_in": "Goon", "refereed": True, "standoff": False, "deck": 52, "shuffle_due": False,
        "bennies": {"Heroes": 3, "Thugs": 1}, "gm": ["Thugs"],
        "squads": [{"name": "Heroes", "members": ["Ada", "Pike"], "gm": False},
                   {"name": "Thugs", "members": ["Goon"], "gm": True}],
        "settings": {"dice": "random", "damage": "hand", "suppress": "house", "players": {}, "allies": {},
                     "joker": ""},
        "damage_rule": "hand", "house": [BYSTANDER, SUPPRESSION], "step": 7,
        "players": {"Heroes": 1}, "allies": {"Pike": "Ada"}, "joker": None}
    g.settings.joker = "holder"
    assert game_json(g)["joker"] == "holder" and game_json(g)["settings"]["joker"] == "holder"
    g.settings.damage = "house"
    assert game_json(g)["house"] == [HOUSE, BYSTANDER, SUPPRESSION] and game_json(g)["damage_rule"] == "house"
    assert [c["name"] for c in game_json(g)["characters"]] == ["Ada", "Pike", "Goon"]


def shown(g: Game, only: str | None = None) -> list[str]:
    console = Console(record=True, width=120, file=io.StringIO())
    status_view(console, g, g.character(only) if only else None)
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_the_table_of_a_busy_round_line_by_line() -> None:
    g = busy()
    g.cut_in = "Goon"
    lines = shown(g)
    assert lines[0] == "Savage Worlds, round 1: acting now: Ada, Pike (and Goon, out of turn)"
    assert lines[1] == "Bennies in the pools: Heroes 3; Thugs 1. Damage: W8 applied (house ruling)"
    assert lines[2] == "Players (W3, `--setting players=SIDE:N`, 1 unless said): Heroes 1 (3 each)"
    assert lines[3] == ("Allies (W4, `--setting allies=EXTRA:WILD_CARD`, the side's first Wild Card unless said): "
                        "Pike on Ada's card")
    assert lines[4] == ("Extras share a Wild Card's Joker (W4, `--setting joker=shared|holder`): not said, asked "
                        "when it first matters")
    for said, says in (("shared", "yes (shared)"), ("holder", "no (holder)")):
        g.settings.joker = said
        assert shown(g)[4] == f"Extras share a Wild Card's Joker (W4, `--setting joker=shared|holder`): {says}"
    g.settings.joker = ""
    lines = lines[:4] + lines[5:]
    # A table a side, titled with it (no squad column: it fits 80 columns), each side's rows in
    # the game's order.
    heading = ["name", "card", "wounds", "bennies", "Parry", "Toughness", "statuses"]
    assert lines[4] == "Heroes" and lines[9] == "Thugs"
    assert lines[5].replace("┃", " ").split() == heading == lines[10].replace("┃", " ").split()
    rows = [line.replace("│", " ").split() for line in lines[7:9] + lines[12:13]]
    assert rows == [["Ada*", "KS", "1", "0", "6", "5", "shaken"],
                    ["Pike", "KS", "0", "0", "6", "5"],
                    ["Goon", "2C", "0", "0", "6", "5"]]
    assert lines[13:] == [
        "* Wild Card",
        "  rounds left, Ada: Rifle 3/5",
        "  this turn, Ada: reload Rifle, shoot Rifle, moved 3.5\", ran (+4\"), done",
    ]


def test_the_table_before_the_deal_for_one_and_after_the_end() -> None:
    g = game([hero("Ada", weapons=[SWORD, RIFLE])], [extra("Goon")])
    g.settings.damage = "hand"
    g.character("Goon").dead = True
    lines = shown(g, "Goon")
    assert lines[0] == "Savage Worlds, round 1: cards not dealt yet: `deal`"
    assert lines[1] == ("Bennies in the pools: Heroes 3; Thugs 1. Damage: reported, to apply by hand "
                        "(`--setting damage=hand`)")
    assert lines[2] == "Players (W3, `--setting players=SIDE:N`, 1 unless said): Heroes 1 (3 each)"  # no allies: no line
    assert lines[3:] == [  # one character: its own side's table alone
        "Thugs",
        " name ┃ card ┃ wounds ┃ bennies ┃ Parry ┃ Toughness ┃ statuses",
        "━━━━━━╇━━━━━━╇━━━━━━━━╇━━━━━━━━━╇━━━━━━━╇━━━━━━━━━━━╇━━━━━━━━━━",
        " Goon │ -    │ 0      │ 0       │ 6     │ 5         │ dead",
        "* Wild Card",
    ]
    g.over, g.winner, g.reason = True, "Heroes", "the Thugs are out"
    lines = shown(g)
    assert lines[:2] == ["Savage Worlds, round 1: the fight is over", "Over: Heroes (the Thugs are out)"]
    g.winner = None
    assert shown(g)[1] == "Over: no winner (the Thugs are out)"


def test_a_turn_in_words_had_its_turn_and_nothing_when_nothing_was_done() -> None:
    g = game([hero("Ada"), hero("Cy")], [extra("Goon")])
    deal(g, dice("KS", "QS", "2C"), table())
    g.character("Ada").had_turn = True
    lines = shown(g)
    assert "  this turn, Ada: had its turn" in lines
    assert not any(line.startswith("  this turn, Cy") for line in lines)


def test_the_table_when_no_card_is_up() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    g.phase, g.order = "action", []
    assert shown(g)[0] == "Savage Worlds, round 1: acting now: -"


def test_the_table_joins_statuses_and_loads_with_commas_and_shows_only_the_one_asked_for() -> None:
    g = game([hero("Ada", weapons=[RIFLE, Weapon("Carbine", "2d6", range="12/24/48", shots=10)])], [extra("Goon")])
    ada = g.character("Ada")
    ada.add("shaken")
    ada.add("prone")
    ada.dead = True
    lines = shown(g)
    assert lines[6].replace("│", " ").split()[-3:] == ["shaken,", "prone,", "dead"]
    assert "  rounds left, Ada: Rifle 5/5, Carbine 10/10" in lines
    assert not any("rounds left" in line for line in shown(g, "Goon"))


def test_one_characters_table_tells_only_its_own_turn() -> None:
    lines = shown(busy(), "Pike")
    assert not any(line.startswith("  this turn, Ada") for line in lines)


def test_two_player_sides_and_two_allies_are_listed_with_semicolons() -> None:
    """Two player sides (no game master) each list their players, and a side with two Extras
    lists each one's Wild Card; the lines join them with "; "."""
    g = game([hero("Ada"), extra("Pike", squad="Heroes"), extra("Rook", squad="Heroes")], [hero("Vex", squad="Thugs")],
             gm=False)
    lines = shown(g)
    assert lines[2] == "Players (W3, `--setting players=SIDE:N`, 1 unless said): Heroes 1 (3 each); Thugs 1 (3 each)"
    assert lines[3] + " " + lines[4] == ("Allies (W4, `--setting allies=EXTRA:WILD_CARD`, the side's first Wild Card "
                                         "unless said): Pike on Ada's card; Rook on Ada's card")


def test_a_side_without_a_wild_card_does_not_hide_the_allies_of_a_later_side() -> None:
    """The first side has no Wild Card (and the game master's side none that counts): the
    player side listed after it still has its Extra's Wild Card found."""
    g = game([extra("Goon", squad="Heroes")], [hero("Vex"), extra("Imp")], gm=False)
    assert game_json(g)["allies"] == {"Imp": "Vex"}
    g = game([extra("Goon", squad="Heroes")], [hero("Vex"), extra("Imp")], gm=True)
    g.gm = ["Heroes"]
    assert game_json(g)["allies"] == {"Imp": "Vex"}


def test_a_turn_that_paid_for_one_action_says_no_count() -> None:
    """W2: a roll at one action is the ordinary one; only two or more is said."""
    g = game([hero("Ada")], [extra("Goon")])
    deal(g, dice("KS", "2C"), table())
    ada = g.character("Ada")
    ada.paid, ada.had_turn = 1, True
    assert "  this turn, Ada: had its turn" in shown(g)
    ada.paid = 2
    assert "  this turn, Ada: rolls at 2 actions, had its turn" in shown(g)


def test_each_sides_title_is_bold_and_flush_left() -> None:
    console = Console(record=True, width=120, file=io.StringIO(), force_terminal=True, color_system="standard")
    status_view(console, busy(), None)
    lines = console.export_text(styles=True).splitlines()
    titles = [line for line in lines if line.startswith("\x1b[1mHeroes") or line.startswith("\x1b[1mThugs")]
    assert [t.rstrip("\x1b[0m ").removeprefix("\x1b[1m") for t in titles] == ["Heroes", "Thugs"]
    assert all(t.endswith(" \x1b[0m") for t in titles)  # padded to the table's width on the right, in bold
