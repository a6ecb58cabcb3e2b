"""Issue 34: what only the table knows is asked, never assumed (W3, W4, W5).

A shot's cover, its light and whether its target is locked in a melee, and the kind of a draw
made within an attack, are asked on a terminal and refused without one, naming the option that
answers them (exit 1, one line, the save unchanged). How many players share a side (W3) and
which Wild Card's card a player's Extra acts on (W4) are the table's choices for the whole game:
settings at `new`, with a default that `status` shows.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import Sprawl
from tests.savage_worlds.test_cli import CULT, EXPEDITION, start, who
from tests.savage_worlds.test_round import ROUND_ONE, Snapshot, dealt, to_card

SCENE = {"cover": ("--cover", "none"), "light": ("--light", "normal"), "into-melee": ("--into-melee", "none")}
SHOT = ("shoot", "Priestess", "Ada", "--range", "short", "--actions", "1")


def unsaid(sprawl: Sprawl, snapshot: Snapshot, *args: str) -> str:
    """`args` is refused for want of an answer: exit 1, one error line, no file changed."""
    before = snapshot(sprawl.folder)
    result = sprawl(*args)
    assert result.exit_code == 1, (args, result.stdout)
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: "), result.stderr
    assert snapshot(sprawl.folder) == before
    return result.stderr.strip().removeprefix("error: ")


@pytest.mark.parametrize("left_out, says", [
    ("cover", "What cover does Ada have from Priestess: none, light (-1), medium (-2), heavy (-4) or near-total "
              "(-6)? Give --cover none|light|medium|heavy|near-total."),
    ("light", "How is the light for Priestess's shot: normal, dim (-1), dark (-2, nothing seen beyond 10\") or "
              "pitch (-4)? Give --light normal|dim|dark|pitch."),
    ("into-melee", "Is Ada locked in a melee? Name the others fighting in it (a missing die showing 1 may hit one "
                   "of them), or none. Give --into-melee NAMES, or --into-melee none."),
])
def test_a_shot_without_one_fact_of_its_scene_is_refused_naming_its_option(
        sprawl: Sprawl, snapshot: Snapshot, left_out: str, says: str) -> None:
    dealt(sprawl)
    given = [word for key, pair in SCENE.items() if key != left_out for word in pair]
    assert unsaid(sprawl, snapshot, *SHOT, *given, "--dice", "5,3,4,2") == says


def test_the_scene_given_by_options_counts_on_the_shot_and_is_not_asked_again_by_a_benny(sprawl: Sprawl) -> None:
    dealt(sprawl)
    out = sprawl.json(*SHOT, "--cover", "heavy", "--light", "dim", "--into-melee", "none", "--dice", "2,1")
    assert out["modifiers"] == {"joker": 2, "heavy cover": -4, "dim light": -1} and out["success"] is False
    again = sprawl.json("benny", "Priestess", "--dice", "3,2")  # no option given, and nothing is asked
    assert again["new"]["modifiers"] == {"joker": 2, "heavy cover": -4, "dim light": -1}
    assert again["effects"]["bystanders"] == [] and again["total"] == 0


def test_none_and_normal_add_nothing(sprawl: Sprawl) -> None:
    dealt(sprawl)
    out = sprawl.json(*SHOT, "--cover", "none", "--light", "normal", "--into-melee", "none", "--dice", "5,3,4,2")
    assert out["modifiers"] == {"joker": 2} and out["bystanders"] == []


def test_a_target_in_a_melee_named_by_option_brings_the_bystander_rule(sprawl: Sprawl) -> None:
    dealt(sprawl)
    out = sprawl.json(*SHOT, "--cover", "none", "--light", "normal", "--into-melee", "Pike", "--dice", "1,1,3,3")
    assert [b["name"] for b in out["bystanders"]] == ["Pike"]  # snake eyes: the trait die's 1 strays into Pike


def test_on_a_terminal_the_band_then_the_cover_the_light_and_the_melee_are_asked_in_turn(sprawl: Sprawl) -> None:
    dealt(sprawl)
    result = sprawl("shoot", "Priestess", "Ada", "--actions", "1", "--json", "--dice", "5,3,4,2",
                    input="short\nlight\ndim\nnone\n", terminal=True)
    assert result.exit_code == 0, result.output
    band = result.output.index("Which range band")
    cover = result.output.index("What cover does Ada")
    light = result.output.index("How is the light")
    melee = result.output.index("Is Ada locked in a melee?")
    assert band < cover < light < melee
    assert "(Pike, Jonah" not in result.output and "Pike" in result.output[melee:]  # the others are offered
    data = sprawl.json("log")["entries"][-1]["outcome"]
    assert data["modifiers"] == {"joker": 2, "light cover": -1, "dim light": -1}


def test_a_template_asks_the_cover_and_the_light_but_not_the_melee(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    sprawl.json("next")  # Ada's card
    args = ("shoot", "Ada", "Priestess", "--weapon", "Grenade", "--range", "short", "--actions", "1",
            "--victims", "none", "--dice", "4,2,1,1,1")
    assert unsaid(sprawl, snapshot, *args).startswith("What cover does Priestess have from Ada")
    assert unsaid(sprawl, snapshot, *args, "--cover", "none").startswith("How is the light")
    out = sprawl.json(*args, "--cover", "none", "--light", "normal")
    assert out["template"] == "medium" and out["bystanders"] == []


def test_suppressive_fire_asks_the_light(sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    to_card(sprawl, "Jonah")
    args = ("suppress", "Jonah", "--range", "short", "--victims", "none", "--actions", "1", "--dice", "1,1")
    assert unsaid(sprawl, snapshot, *args) == (
        "How is the light for Jonah's shot: normal, dim (-1), dark (-2, nothing seen beyond 10\") or pitch (-4)? "
        "Give --light normal|dim|dark|pitch.")
    assert sprawl.json(*args, "--light", "pitch")["modifiers"]["pitch light"] == -4


# --- a draw within an attack: easy or hard (W2) -----------------------------------------------------
FIGHT = ("fight", "Priestess", "Ada", "--yes", "--draw", "--actions", "2", "--dice", "2,2")


def test_a_draw_within_a_fight_without_its_kind_is_refused_naming_the_option(
        sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    assert unsaid(sprawl, snapshot, *FIGHT) == (
        "Is drawing Priestess's Ritual Knife an easy draw, or a hard one (two weapons at once, one hidden away, a "
        "large or unwieldy one: an Agility test first)? Give --draw-kind easy|hard.")


def test_an_easy_draw_is_one_more_action_and_a_hard_one_waits_for_its_agility_test(
        sprawl: Sprawl, snapshot: Snapshot) -> None:
    dealt(sprawl)
    said = unsaid(sprawl, snapshot, *FIGHT, "--draw-kind", "hard")
    assert said == ("drawing Ritual Knife is a hard draw, which needs an Agility test before the attack: "
                    "`draw Priestess --weapon \"Ritual Knife\" --hard` first, then attack "
                    "(add --force to overrule as referee)")
    out = sprawl.json(*FIGHT, "--draw-kind", "easy")
    assert out["modifiers"]["multi-action"] == -2
    assert who(sprawl.json("status"), "Priestess")["turn"]["actions"] == ["draw:Ritual Knife", "fight:Ritual Knife"]


def test_a_forced_hard_draw_counts_as_an_easy_one_and_is_journalled(sprawl: Sprawl) -> None:
    dealt(sprawl)
    out = sprawl.json(*FIGHT, "--draw-kind", "hard", "--force")
    assert any("hard draw" in f for f in out["forced"])
    assert who(sprawl.json("status"), "Priestess")["turn"]["actions"] == ["draw:Ritual Knife", "fight:Ritual Knife"]


def test_a_shot_with_a_draw_asks_its_kind_on_a_terminal(sprawl: Sprawl) -> None:
    dealt(sprawl)
    result = sprawl("shoot", "Priestess", "Ada", "--range", "short", "--draw", "--actions", "2", "--cover", "none",
                    "--light", "normal", "--into-melee", "none", "--json", "--dice", "2,2", input="easy\n",
                    terminal=True)
    assert result.exit_code == 0, result.output
    assert "Is drawing Priestess's Pistol an easy draw" in result.output


# --- the table's choices for the whole game (W3, W4) --------------------------------------------------
def test_without_the_settings_one_player_and_the_first_wild_card_are_shown(sprawl: Sprawl) -> None:
    start(sprawl)
    data = sprawl.json("status")
    assert data["players"] == {"Expedition": 1} and data["allies"] == {"Pike": "Ada"}
    assert data["bennies"] == {"Expedition": 3, "Cult of the Eye": 2}
    shown = sprawl("status").stdout
    assert "Players (W3, `--setting players=SIDE:N`, 1 unless said): Expedition 1 (3 each)" in shown
    assert "the side's first Wild Card unless said): Pike on Ada's card" in shown


def test_players_give_a_side_three_bennies_each(sprawl: Sprawl) -> None:
    start(sprawl, "--setting", "players=expedition:2")
    data = sprawl.json("status")
    assert data["bennies"] == {"Expedition": 6, "Cult of the Eye": 2}  # the game master's: one per hero still
    assert data["players"] == {"Expedition": 2} and data["settings"]["players"] == {"Expedition": 2}


def test_an_ally_acts_on_the_card_of_the_wild_card_the_setting_names(sprawl: Sprawl) -> None:
    start(sprawl, "--setting", "allies=pike:jonah")
    order = sprawl.json(*ROUND_ONE)
    assert order["followers"] == {"Pike": "Jonah"}
    data = sprawl.json("status")
    assert who(data, "Pike")["card"] == who(data, "Jonah")["card"] == "7H" and who(data, "Ada")["card"] == "QS"
    assert data["allies"] == {"Pike": "Jonah"}
    assert "Pike on Jonah's card" in sprawl("status").stdout


@pytest.mark.parametrize("setting, says", [
    ("players=Cult:2", "setting players: Cult of the Eye is the game master's side (W3: its bennies are one per "
                       "player character)"),
    ("players=Expedition:0", "setting players: Expedition wants a number of players from 1 to 12, not '0'"),
    ("players=Expedition:13", "setting players: Expedition wants a number of players from 1 to 12, not '13'"),
    ("players=Expedition", "setting players=Expedition: each item is NAME:VALUE, not 'Expedition'"),
    ("players=Nobody:2", "no squad named 'Nobody'"),
    ("allies=Pike:Priestess", "setting allies: Priestess is not a Wild Card of Pike's side (Expedition)"),
    ("allies=Pike:Pike", "setting allies: Pike is not a Wild Card of Pike's side (Expedition)"),
    ("allies=Ada:Jonah", "setting allies: Ada is no player's Extra (only those act on a Wild Card's card)"),
    ("allies=Hound:Priestess", "setting allies: Hound is no player's Extra (only those act on a Wild Card's card)"),
    ("allies=Pike:", "setting allies=Pike:: each item is NAME:VALUE, not 'Pike:'"),
])
def test_a_table_choice_that_names_the_wrong_thing_is_refused_and_makes_no_game(
        sprawl: Sprawl, setting: str, says: str) -> None:
    result = sprawl("new", "--system", "savage-worlds", "--squad", EXPEDITION, "--squad", CULT, "--setting", setting)
    assert result.exit_code == 1 and says in result.stderr, result.stderr
    assert result.stderr.count("error:") == 1
    assert not list(sprawl.folder.glob("*.yaml"))


def test_the_settings_accept_several_items(sprawl: Sprawl) -> None:
    start(sprawl, "--setting", "players=Expedition:3", "--setting", "allies=Pike:Ada")
    data: dict[str, Any] = sprawl.json("status")
    assert data["bennies"]["Expedition"] == 9 and data["allies"] == {"Pike": "Ada"}


# --- whether a Wild Card's followers share its Joker (W4) ---------------------------------------------
ADA_JOKER = ("deal", "--dice", "RJ,7H,QS,4C,9D")  # Ada (with Pike on her card) draws the red Joker
TEST_PIKE = ("test", "Pike", "notice", "--free", "--dice", "4")
SHARE_ASKED = ("Ada drew a Joker; do Pike, acting on that card, share its +2 to traits and damage (shared), or is "
               "it the Wild Card's alone (holder)? The answer holds for the whole game. "
               "Give --joker shared|holder.")


def test_a_joker_to_a_wild_card_with_followers_is_refused_until_the_table_says_whether_they_share_it(
        sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl)
    assert sprawl.json("status")["joker"] is None
    assert unsaid(sprawl, snapshot, *ADA_JOKER) == SHARE_ASKED


@pytest.mark.parametrize("args", [("next",), ("next", "--force")])
def test_next_deals_as_deal_does_so_it_asks_the_same_and_takes_the_same_answer(
        sprawl: Sprawl, snapshot: Snapshot, args: tuple[str, ...]) -> None:
    """In the deal phase `next` deals the round: a Joker to Ada asks the question, and `--joker`
    (a table answer every command of the game takes) answers it; the refusal never names an
    option the command lacks (a CI run once met that at random)."""
    start(sprawl)
    dealt = (*args, "--dice", ADA_JOKER[2])
    assert unsaid(sprawl, snapshot, *dealt) == SHARE_ASKED
    out = sprawl.json(*dealt, "--joker", "shared")
    assert out["deal"]["settled"] == {"joker": "shared"}
    assert sprawl.json("status")["joker"] == "shared"


def test_a_game_masters_joker_or_a_deal_without_one_asks_nothing(sprawl: Sprawl) -> None:
    start(sprawl)
    assert sprawl.json(*ROUND_ONE)["settled"] == {}  # the Priestess's own Joker: no follower is concerned
    assert sprawl.json("status")["settings"]["joker"] == ""


@pytest.mark.parametrize("said, pike", [("holder", {}), ("shared", {"joker": 2})])
def test_deal_joker_answers_it_for_the_game_and_only_followers_depend_on_it(
        sprawl: Sprawl, said: str, pike: dict[str, int]) -> None:
    start(sprawl)
    out = sprawl.json(*ADA_JOKER, "--joker", said)
    assert out["settled"] == {"joker": said}
    data = sprawl.json("status")
    assert data["joker"] == said and data["settings"]["joker"] == said
    assert sprawl.json(*TEST_PIKE)["modifiers"] == pike
    assert sprawl.json("test", "Ada", "notice", "--free", "--dice", "4,2")["modifiers"] == {"joker": 2}  # hers


def test_the_answer_is_asked_on_a_terminal_and_undo_takes_it_back(sprawl: Sprawl) -> None:
    start(sprawl)
    result = sprawl(*ADA_JOKER, "--json", input="shared\n", terminal=True)
    assert result.exit_code == 0, result.output
    assert "Ada drew a Joker; do Pike" in result.output
    assert sprawl.json("status")["joker"] == "shared"
    assert sprawl("undo").exit_code == 0
    assert sprawl.json("status")["joker"] is None


def test_the_setting_at_new_answers_it_and_a_contrary_deal_joker_is_refused(sprawl: Sprawl) -> None:
    start(sprawl, "--setting", "joker=holder")
    result = sprawl(*ADA_JOKER, "--joker", "shared")
    assert result.exit_code != 0 and "this game's joker setting is already holder" in result.stderr
    out = sprawl.json(*ADA_JOKER)  # nothing to ask: the setting says it
    assert out["settled"] == {}
    assert sprawl.json(*TEST_PIKE)["modifiers"] == {}
    assert "Extras share a Wild Card's Joker (W4, `--setting joker=shared|holder`): no (holder)" in sprawl("status").stdout


def test_a_save_with_a_joker_setting_that_is_no_answer_does_not_load(sprawl: Sprawl) -> None:
    start(sprawl)
    save = next(sprawl.folder.glob("*.yaml"))
    text = save.read_text()
    assert "joker: ''" in text
    save.write_text(text.replace("joker: ''", "joker: both"))
    result = sprawl("status")
    assert result.exit_code == 1 and "'both' is not shared, holder or empty" in result.stderr


# --- the cover of the others under a template (W6) ----------------------------------------------------
BURST = ("shoot", "Ada", "Acolyte 1", "--force", "--weapon", "Grenade", "--range", "short", "--actions", "1",
         "--cover", "none", "--light", "normal", "--victims", "Acolyte 2", "--dice", "5,1,1,1,1,2,2,2")


def notes(out: dict[str, Any]) -> dict[str, list[str]]:
    return {v["name"]: v["notes"] for v in out["victims"]}


def test_a_template_catching_others_without_their_cover_is_refused_naming_victim_cover(
        sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl)
    assert unsaid(sprawl, snapshot, *BURST) == (
        "What cover does Acolyte 2 have under Ada's medium burst: none, light (+1 armour), medium (+2), heavy (+4) "
        "or near-total (+6)? Give --victim-cover NAME=COVER,... for those in cover (the rest are in the open), or "
        "--victim-cover none.")


def test_victim_cover_names_those_in_cover_and_none_says_nobody_is(sprawl: Sprawl) -> None:
    start(sprawl)
    out = sprawl.json(*BURST, "--victim-cover", "Acolyte 2=heavy")
    assert notes(out) == {"Acolyte 1": [], "Acolyte 2": ["heavy cover: +4 armour"]}
    assert sprawl("undo").exit_code == 0
    assert notes(sprawl.json(*BURST, "--victim-cover", "none")) == {"Acolyte 1": [], "Acolyte 2": []}


def test_a_lone_target_under_the_template_asks_no_victim_cover(sprawl: Sprawl) -> None:
    start(sprawl)
    args = [a if a != "Acolyte 2" else "none" for a in BURST[:-1]] + ["5,1,1,1,1"]
    assert notes(sprawl.json(*args)) == {"Acolyte 1": []}  # the target's own cover is --cover's


def test_on_a_terminal_each_others_cover_is_asked_and_a_benny_does_not_ask_again(sprawl: Sprawl) -> None:
    start(sprawl)
    result = sprawl(*BURST[:-1], "4,1,1,1,1,2,2,2", "--json", input="medium\n", terminal=True)
    assert result.exit_code == 0, result.output
    assert result.output.count("What cover does Acolyte 2 have under Ada's medium burst") == 1
    out = sprawl.json("log")["entries"][-1]["outcome"]
    assert notes(out) == {"Acolyte 1": [], "Acolyte 2": ["medium cover: +2 armour"]}
    again = sprawl.json("benny", "Ada", "--dice", "5,2")  # no terminal: the kept answer serves
    assert again["kept"] == "new" and notes(again["effects"])["Acolyte 2"] == ["medium cover: +2 armour"]


# --- a shot at an object takes its cover and the light as a shot at a person does (W5, W7) -------------
SHOT_LOCK = ("break", "--force", "Ada", "lock", "--ranged", "--range", "short", "--actions", "1", "--dice", "5,1,3,4")


@pytest.mark.parametrize("left_out, says", [
    ("cover", "What cover does the lock have from Ada: none, light (-1), medium (-2), heavy (-4) or near-total (-6)? "
              "Give --cover none|light|medium|heavy|near-total."),
    ("light", "How is the light for Ada's shot: normal, dim (-1), dark (-2, nothing seen beyond 10\") or pitch (-4)? "
              "Give --light normal|dim|dark|pitch."),
])
def test_a_shot_at_an_object_without_its_cover_or_light_is_refused_naming_the_option(
        sprawl: Sprawl, snapshot: Snapshot, left_out: str, says: str) -> None:
    start(sprawl)
    given = [w for key, pair in SCENE.items() if key in ("cover", "light") and key != left_out for w in pair]
    assert unsaid(sprawl, snapshot, *SHOT_LOCK, *given) == says


def test_a_shot_at_an_object_counts_its_cover_and_light_given_or_asked(sprawl: Sprawl) -> None:
    start(sprawl)
    out = sprawl.json(*SHOT_LOCK, "--cover", "light", "--light", "dim")
    assert out["modifiers"] == {"light cover": -1, "dim light": -1} and out["total"] == 3
    result = sprawl(*SHOT_LOCK, "--json", input="medium\npitch\n", terminal=True)
    assert result.exit_code == 0, result.output
    assert sprawl.json("log")["entries"][-1]["outcome"]["modifiers"] == {"medium cover": -2, "pitch light": -4}


def test_a_blow_at_an_object_takes_no_cover_or_light(sprawl: Sprawl) -> None:
    start(sprawl)
    result = sprawl("break", "--force", "Ada", "rope", "--yes", "--light", "dim", "--actions", "1", "--dice", "5,1,3,4")
    assert result.exit_code == 1 and "--cover and --light are for a shot at the object: add --ranged" in result.stderr


# --- edges the mutation run found unpinned ----------------------------------------------------------
def test_deal_joker_other_than_shared_or_holder_is_refused(sprawl: Sprawl, snapshot: Snapshot) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    result = sprawl(*ADA_JOKER, "--joker", "both")
    assert result.exit_code == 1 and result.stderr == "error: --joker both: use shared or holder\n"
    assert snapshot(sprawl.folder) == before


def test_none_on_a_terminal_leaves_a_victim_in_the_open(sprawl: Sprawl) -> None:
    start(sprawl)
    result = sprawl(*BURST, "--json", input="none\n", terminal=True)
    assert result.exit_code == 0, result.output
    assert notes(sprawl.json("log")["entries"][-1]["outcome"]) == {"Acolyte 1": [], "Acolyte 2": []}


def test_a_joker_card_outside_the_countdown_is_its_holders_own() -> None:
    from sprawl_cli.systems.savage_worlds.model import Game
    from tests.savage_worlds.helpers import extra, game, hero

    g: Game = game([hero("Ada"), extra("Pike", "Heroes", group="Escort")], [hero("Boss", "Thugs")])
    g.characters[1].card = "RJ"  # dealt late, say, and not (yet) in `order`
    assert not g.follows(g.characters[1]) and g.joker_bonus(g.characters[1]) == 2
    g.order = [{"name": "Ada", "card": "RJ"}]
    assert g.follows(g.characters[1]) and g.joker_bonus(g.characters[1]) == 0  # unsaid: the holder's alone
    g.settings.joker = "shared"
    assert g.joker_bonus(g.characters[1]) == 2


def test_the_question_names_every_holder_and_every_follower() -> None:
    from sprawl_cli.api import NeedsAnswer
    from sprawl_cli.systems.savage_worlds.cards import settle_joker
    from tests.savage_worlds.helpers import extra, game, hero, table

    ada, cy, pike, lin = hero("Ada"), hero("Cy"), extra("Pike", "Heroes"), extra("Lin", "Heroes")
    g = game([ada, cy, pike, lin], [hero("Boss", "Thugs")])
    with pytest.raises(NeedsAnswer) as asked:
        settle_joker(g, table(scene=False), [("Ada", "RJ", [ada, pike, lin]), ("Cy", "BJ", [cy])], None)
    assert str(asked.value).startswith("Ada drew a Joker; do Pike, Lin, acting on that card, share")
    said = table(scene=False, choices={"joker": ["holder"]})
    assert settle_joker(g, said, [("Ada", "RJ", [ada, pike]), ("Cy", "BJ", [cy, lin])], None) == {"joker": "holder"}
    assert said.asked[0].startswith("Ada and Cy drew a Joker; do Pike, Lin, acting")
    assert settle_joker(g, said, [("Ada", "RJ", [ada, pike])], None) == {}  # said once, for the game
