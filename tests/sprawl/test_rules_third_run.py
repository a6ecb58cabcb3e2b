"""What the third mutation run of SPRAWL's rules (2026-12-02, status.py first) found unchecked.
Dice are scripted where a rule rolls; each test pins one edge.

- status.py: the terminal view of `sprawl status` (`status_view`, `_weapon_cell`, `header`)
  was checked by the CLI tests only for names appearing somewhere, so its columns, their
  alignment, the leader's star, the badges, the hide count, who a character is engaged
  with, a weapon's state, the Toughness lost, the wounds, the attribute line of `status
  NAME` and the phase's reminders could all change unseen. The first tests below draw the
  view on a console of fixed width, plain and in colour, and compare it whole. The
  status JSON (`character_json`, `game_json`) was read only key by key in places, so a
  renamed `toughness`, `todo`, `step` or squad `name`, or `status NAME --json` listing
  everyone, went unseen; the JSON tests below compare it whole.
  Equivalent (8): `status_view` 7, 8, 9, 13, `expand`, `show_edge` and `pad_edge` of the
  squad's table given None for False or `expand` dropped (Rich reads each only for truth,
  and `expand` is False by default); `status_view` 20, the title style "BOLD" for "bold"
  (Rich reads style names in any case); `status_view` 59, 60, 61, the count of characters
  shown set to 1, lowered by 1 or raised by 2 (it is read only for being non-zero, and it
  is non-zero exactly when someone was shown).
- morale.py (314): all killed.
- recovery.py (641): the same 10 survivors as on 2026-11-23, each explained in the
  docstring of `test_recovery_mutants.py` (`recover` 20, 22, 23 change `forceable`, which
  no code read, since removed: a refusal raised directly is never overruled by `--force`).
- referee.py (234): `referee_damage` 36, as on 2026-11-23 (see `test_referee_mutants.py`).
- checks.py (212): 6 survived, all real and killed by the three tests of the checks
  below: a Health or Toughness of 20 accepted (`check_game` 32: `<` for `<=`), a saved
  weapon's bad numbers named by their key (102, 103, 108, 109), the key of an unknown
  `felled_by` (159).
- pool.py (183): `success_distribution` 10 and 13, the first count of a die's faces (6
  blanks) made 7: the recurrence reads only the other two counts, and the six blanks are
  written into it as `6 ** pool` and `k * 6`.
- odds.py (261): `shot_odds` 14, `aim` handed None for the game (it never reads it, as in
  ranged.py); 67, `=` for `+=` on the chance of no Health lost for no hits (the hit
  counts are sorted, so no hits comes first and sets it from 0.0 before any damage roll
  adds to it); 79, the Toughness roll counted for a
  damage roll of no points (no points leave no Health to lose whatever the Toughness
  roll, and its chances add up to 1).
- tables.py (62): `table_named` 6, the unique-prefix search made for an empty name too:
  every table name starts with "", and there are several, so it is refused the same way.
- model.py (64, never run before): 9 survived, 8 real, in `Character.weapon`: carried Fists
  under other capitals, a name's start found before a word's, the words of an unknown
  weapon for a character with none and with no close name; the two weapon tests below kill
  them. Equivalent: `weapon` 28, `>=` for `>` on the count of matches, reached only when it
  is not 1.
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.theme import Theme

from sprawl_cli.systems.sprawl.model import Game, Weapon
from sprawl_cli.systems.sprawl.phases import todo
from sprawl_cli.systems.sprawl.status import header, status_view
from tests.factory import GRENADE, KNIFE, PISTOL, character, game

# The three styles of the real console's theme (`render.make_console`) that the view uses.
THEME = Theme({"name": "bold cyan", "warn": "yellow", "todo": "bold magenta"})


def drawn(g: Game, only: str | None = None, styled: bool = False) -> str:
    out = io.StringIO()
    console = Console(file=out, width=160, theme=THEME, highlight=False, emoji=False, force_terminal=styled,
                      color_system="standard" if styled else None)
    status_view(console, g, only, todo(g))
    return out.getvalue()


def two_squads() -> Game:
    """Red: Babs (leader; a jammed Pistol, a Grenade with no uses left, Toughness 2 of 3,
    Health 1 of 3, 2 damage taken) and Lang (no weapons, hidden with 3 successes to spot,
    engaged with two); Blue: Wilson_X (leader, hidden but with no successes recorded)."""
    babs = character("Babs", weapons=[PISTOL, GRENADE, KNIFE], shooting=4, brawling=2, quickness=5, smarts=1,
                     guts=6, strength=2)
    lang = character("Lang", weapons=[])
    wilson = character("Wilson_X", weapons=[PISTOL])
    g = game([babs, lang], [wilson])
    babs.toughness, babs.health, babs.damage_taken = 2, 1, 2
    babs.weapon_states["Pistol"] = "jammed"
    babs.uses_spent["Grenade"] = 2
    lang.add("hidden")
    lang.hide_successes = 3
    lang.engaged_with = ["Wilson_X", "Other"]
    wilson.add("hidden")
    return g


FULL = """\
Round 1 · Red's turn · Movement Phase
Red                                                                                                                          
name   ┃ health  ┃   T ┃ wounds ┃ status                                        ┃ weapons                                    
━━━━━━━╇━━━━━━━━━╇━━━━━╇━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Babs ★ │ ■□□ 1/3 │ 2/3 │     +2 │ jammed                                        │ Pistol (jammed), Grenade (none left), Knife
Lang   │ ■■■ 3/3 │   3 │        │ hidden engaged (3 to spot) vs Wilson_X, Other │ Fists                                      
Blue                                                
name       ┃ health  ┃ T ┃ wounds ┃ status ┃ weapons
━━━━━━━━━━━╇━━━━━━━━━╇━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━━
Wilson_X ★ │ ■■■ 3/3 │ 3 │        │ hidden │ Pistol 
This phase:
  • Chargers first (`sprawl charge`), then everyone else (`move`, `hide`, `overwatch`, `jump`).
"""


def test_the_status_view_draws_each_squad_with_its_columns_and_the_phase_reminders():
    assert drawn(two_squads()) == FULL


def test_status_of_one_character_draws_only_its_squad_then_its_attributes_and_no_reminders():
    assert drawn(two_squads(), "Wilson_X") == (
        "Round 1 · Red's turn · Movement Phase\n"
        "Blue                                                \n"
        "name       ┃ health  ┃ T ┃ wounds ┃ status ┃ weapons\n"
        "━━━━━━━━━━━╇━━━━━━━━━╇━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━━\n"
        "Wilson_X ★ │ ■■■ 3/3 │ 3 │        │ hidden │ Pistol \n"
        "  Shooting 3 · Brawling 3 · Quickness 3 · Smarts 3 · Guts 3 · Strength 3\n"
    )


def test_the_view_in_colour_marks_names_badges_what_is_lost_and_what_cannot_be_used():
    bold, off = "\x1b[1m", "\x1b[0m"
    assert drawn(two_squads(), "Babs", styled=True) == (
        f"{bold}Round 1{off} · \x1b[1;36mRed{off}'s turn · {bold}Movement Phase{off}\n"
        f"{bold}Red{' ' * 83}{off}\n"
        f"{bold}name{off}{bold}  {off}{bold} {off}┃{bold} {off}{bold}health{off}{bold} {off}{bold} {off}┃{bold} {off}"
        f"{bold}  {off}{bold}T{off}{bold} {off}┃{bold} {off}{bold}wounds{off}{bold} {off}┃{bold} {off}{bold}status{off}"
        f"{bold} {off}┃{bold} {off}{bold}weapons{off}{bold}{' ' * 36}{off}\n"
        "━━━━━━━╇━━━━━━━━━╇━━━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n"
        f"\x1b[1;36mBabs{off} ★ │ \x1b[33m■{off}\x1b[2m□□{off} 1/3 │ 2\x1b[2m/3{off} │     +2 │ \x1b[30;43mjammed{off} │ "
        f"Pistol \x1b[33m(jammed){off}, Grenade \x1b[33m(none left){off}, Knife\n"
        f"  Shooting {bold}4{off} · Brawling {bold}2{off} · Quickness {bold}5{off} · Smarts {bold}1{off} · "
        f"Guts {bold}6{off} · Strength {bold}2{off}\n"
    )
    lang = drawn(two_squads(), "Lang", styled=True)
    assert (f"\x1b[1;36mLang{off} │ \x1b[32m■■■{off} 3/3 │ 3 │        │ \x1b[37;44mhidden{off} \x1b[37;43mengaged{off} "
            f"\x1b[2m(3 to spot){off} \x1b[2mvs Wilson_X, Other{off} │ \x1b[2mFists{off}") in lang
    assert lang.startswith(f"{bold}Round 1{off} · \x1b[1;36mRed{off}'s turn · {bold}Movement Phase{off}\n{bold}Red ")


def test_a_finished_game_heads_the_view_with_its_result_and_the_only_reminder_is_that_it_is_over():
    g = two_squads()
    g.over, g.winner, g.reason = True, "Red", "Blue has nobody left able to act (R25)"
    text = drawn(g)
    assert text.startswith("Game over in round 1 (1 round played): Red wins — Blue has nobody left able to act (R25)\n")
    assert text.endswith("This phase:\n  • The game is over: Blue has nobody left able to act (R25)\n")
    g.winner, g.draw, g.reason = None, True, "both sides gone"
    assert header(g) == "[bold]Game over[/] in round 1 (1 round played): a draw, nobody wins — both sides gone"
    g.draw, g.reason = False, None
    assert header(g) == "[bold]Game over[/] in round 1 (1 round played): no winner declared — "
    g.winner = "Red [x]"
    assert header(g).startswith("[bold]Game over[/] in round 1 (1 round played): Red \\[x] wins — ")


def test_the_heading_of_a_game_in_play_gives_the_round_limit_the_side_and_the_phase():
    g = two_squads()
    assert header(g) == "[bold]Round 1[/] · [name]Red[/]'s turn · [bold]Movement Phase[/]"
    g.rounds = 6
    assert header(g) == "[bold]Round 1 of 6[/] · [name]Red[/]'s turn · [bold]Movement Phase[/]"


def test_a_characters_status_json_keeps_current_and_most_toughness_and_health_apart():
    """`status --json`: current Toughness and Health beside their most, the weapons with
    why each cannot be used, Fists added when not carried, and the attributes."""
    from sprawl_cli.systems.sprawl.status import character_json

    g = two_squads()
    babs = g.character("Babs")
    babs.acted = ["moved"]
    assert character_json(babs) == {
        "name": "Babs", "squad": "Red", "health": 1, "max_health": 3, "damage_taken": 2,
        "toughness": 2, "max_toughness": 3, "statuses": ["jammed"], "hide_successes": 0,
        "weapons": [
            {"name": "Pistol", "kind": "gun", "power": 1, "reliability": 2, "state": "jammed"},
            {"name": "Grenade", "kind": "thrown", "power": 2, "blast": 2, "uses": 2, "state": "none_left"},
            {"name": "Knife", "kind": "melee", "power": 1, "state": None},
            {"name": "Fists", "kind": "melee", "power": 0, "state": None},
        ],
        "engaged_with": [], "acted": ["moved"],
        "attributes": {"shooting": 4, "brawling": 2, "quickness": 5, "smarts": 1, "guts": 6, "strength": 2,
                       "toughness": 3, "health": 3},
    }
    lang = g.character("Lang")
    assert (character_json(lang)["engaged_with"], character_json(lang)["hide_successes"]) == (["Wilson_X", "Other"], 3)
    # Fists carried under any capitals are not listed twice.
    lang.weapons = [Weapon("FISTS", "melee", 0)]
    assert [w["name"] for w in character_json(lang)["weapons"]] == ["FISTS"]


def test_the_games_status_json_names_turn_squads_characters_reminders_settings_and_step():
    """`status --json` whole, and `status NAME --json` with that one character only."""
    from sprawl_cli.systems.sprawl.status import character_json, game_json

    g = two_squads()
    g.step = 4
    everyone = game_json(g)
    reminder = "Chargers first (`sprawl charge`), then everyone else (`move`, `hide`, `overwatch`, `jump`)."
    assert everyone == {
        "turn": 1,
        "squads": [{"name": "Red", "leader": "Babs", "members": ["Babs", "Lang"]},
                   {"name": "Blue", "leader": "Wilson_X", "members": ["Wilson_X"]}],
        "characters": [character_json(c) for c in g.characters],
        "todo": [reminder],
        "settings": {"dice": "random", "rule_of_tens": True},
        "step": 4,
    }
    assert [c["name"] for c in everyone["characters"]] == ["Babs", "Lang", "Wilson_X"]
    lang = game_json(g, g.character("Lang"))
    assert [c["name"] for c in lang["characters"]] == ["Lang"]
    assert {k: v for k, v in lang.items() if k != "characters"} == {k: v for k, v in everyone.items()
                                                                   if k != "characters"}


# --- the save's cross-checks (checks.py) ------------------------------------------------


def test_health_and_toughness_may_be_twenty_but_not_twenty_one():
    """The most Health and Toughness, like the attributes, is 20 dice, inclusive."""
    from tests.sprawl.test_referee_mutants import checked, two_sides

    g, wes, _ = two_sides()
    wes.max_health = wes.max_toughness = 20
    assert checked(g) is None
    wes.max_toughness = 21
    assert checked(g) == "sprawl-game.yaml: key 'characters.0.max_toughness': Health and Toughness run from 1 to 20"


def test_a_saved_weapons_numbers_are_checked_and_named_by_their_key():
    from sprawl_cli.systems.sprawl.model import RangeBand
    from tests.sprawl.test_referee_mutants import checked, two_sides

    g, wes, _ = two_sides()
    wes.weapons[0] = Weapon("Pistol", "gun", 21, reliability=2)
    assert checked(g) == "sprawl-game.yaml: key 'characters.0.weapons.0.power': should be from 0 to 20, not 21"
    wes.weapons[0] = Weapon("Pistol", "gun", 1, reliability=2, short=RangeBand(-1, 0))
    assert checked(g) == "sprawl-game.yaml: key 'characters.0.weapons.0.short.max': should be from 0 to 1000, not -1"


def test_a_downed_character_felled_by_nobody_in_the_game_is_refused_by_its_key():
    from tests.sprawl.test_referee_mutants import checked, two_sides

    g, wes, _ = two_sides()
    wes.felled_by = "gordo"
    assert checked(g) is None
    wes.felled_by = "Ghost"
    assert checked(g) == "sprawl-game.yaml: key 'characters.0.felled_by': 'Ghost' is not a character of this game"


# --- a character's weapon by name (model.py) ---------------------------------------------


def test_a_weapon_is_found_by_a_unique_start_of_its_name_before_a_start_of_one_of_its_words():
    from sprawl_cli.systems.sprawl.model import FISTS

    heavy = Weapon("Heavy Pistol", "gun", 2, reliability=2)
    babs = character("Babs", weapons=[PISTOL, heavy])
    assert babs.weapon("pis") is PISTOL  # "Heavy Pistol" has a word starting so, but the name does not
    assert babs.weapon("hea") is heavy
    assert babs.weapon("fi") is FISTS
    own = Weapon("FISTS", "melee", 1)
    brawler = character("Brawler", weapons=[own])
    assert brawler.weapon("fi") is own  # carried Fists, in any capitals, stand for the built-in ones


def test_an_unknown_weapon_says_what_is_carried_and_suggests_only_a_close_name():
    import pytest

    from sprawl_cli.errors import BadInput

    unarmed = character("Lang", weapons=[])
    with pytest.raises(BadInput) as caught:
        unarmed.weapon("rifle")
    assert str(caught.value) == "Lang has no weapon 'rifle'; it carries nothing but Fists"
    babs = character("Babs", weapons=[PISTOL, KNIFE])
    with pytest.raises(BadInput) as caught:
        babs.weapon("zzz")
    assert str(caught.value) == "Babs has no weapon 'zzz'; it carries Pistol, Knife"
