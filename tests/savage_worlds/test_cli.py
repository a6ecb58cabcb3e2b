"""The Savage Worlds interface as an outside test drives it: `new --system savage-worlds`,
each command with --json and --dice, refusals exiting 1 with one error line and no change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Sprawl
from tests.factory import ROSTERS
from tests.savage_worlds.helpers import CLEAR

EXPEDITION = str(ROSTERS / "savage-worlds" / "expedition.yaml")
CULT = str(ROSTERS / "savage-worlds" / "cult.yaml")


def start(sprawl: Sprawl, *extra: str) -> None:
    result = sprawl("new", "--system", "savage-worlds", "--squad", EXPEDITION, "--squad", CULT, *extra)
    assert result.exit_code == 0, result.stderr


def who(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in data["characters"] if c["name"] == name)


def test_new_deals_nothing_and_status_has_the_fields(sprawl: Sprawl) -> None:
    start(sprawl)
    data = sprawl.json("status")
    for key in ("system", "round", "side", "phase", "over", "winner", "reason", "characters", "bennies"):
        assert key in data
    assert data["system"] == "savage-worlds" and data["bennies"] == {"Expedition": 3, "Cult of the Eye": 2}
    priestess = who(data, "Priestess")
    assert priestess["wild_card"] and priestess["bennies"] == 2 and priestess["card"] is None
    assert who(data, "Ada")["bennies"] == 0 and who(data, "Ada")["wounds"] == 0


def test_deal_order_by_card_groups_once(sprawl: Sprawl) -> None:
    start(sprawl)
    data = sprawl.json("deal", "--dice", "KS,10H,RJ,2C,5D")
    assert data["order"] == [{"name": "Priestess", "card": "RJ"}, {"name": "Ada", "card": "KS"},
                             {"name": "Jonah", "card": "10H"}, {"name": "hounds", "card": "5D"},
                             {"name": "acolytes", "card": "2C"}]
    status = sprawl.json("status")
    assert who(status, "Pike")["card"] == "KS" and who(status, "Acolyte 3")["card"] == "2C"


def test_roll_and_odds_lookups(sprawl: Sprawl) -> None:
    data = sprawl.json("roll", "--system", "savage-worlds", "d8", "--wild", "--mod", "-2", "--dice", "8,3,4")
    assert data["trait_rolls"] == [[8, 3]] and data["wild_rolls"] == [[4]]
    assert (data["total"], data["success"], data["raises"], data["snake_eyes"]) == (9, True, 1, False)
    eyes = sprawl.json("roll", "--system", "savage-worlds", "d6", "--wild", "--mod", "5", "--dice", "1,1")
    assert eyes["snake_eyes"] and not eyes["success"]
    odds = sprawl.json("odds", "--system", "savage-worlds", "d6", "--wild", "--tn", "6")
    assert odds["p_success"] == pytest.approx(11 / 36, abs=1e-15) and odds["p_raise"] == pytest.approx(23 / 144)
    assert odds["error_bound"] < 1e-12


def test_shoot_json_fields_and_damage(sprawl: Sprawl) -> None:
    start(sprawl)
    data = sprawl.json("shoot", *CLEAR, "--force", "Ada", "Priestess", "--range", "medium", "--dice", "6,2,4,3")
    for key in ("tn", "total", "success", "raises", "trait_rolls", "wild_rolls", "victims"):
        assert key in data
    assert data["victims"] == [{**data["victims"][0], "name": "Priestess", "damage_rolls": [[4], [3]],
                                "damage": 7, "toughness": 5, "result": "shaken", "wounds": 0}]
    assert who(sprawl.json("status"), "Priestess")["statuses"] == ["shaken"]


def test_fight_rof_and_benny_from_own_then_pool(sprawl: Sprawl) -> None:
    start(sprawl)
    data = sprawl.json("shoot", *CLEAR, "--force", "Jonah", "Priestess", "--range", "short", "--rof", "3", "--dice", "2,2,2,1,5,6,6,2")
    assert len(data["results"]) == 3 and data["hits"] == 0
    again = sprawl.json("benny", "Jonah", "--dice", "6,1,1,1,4,4,3")
    assert again["kept"] == "new" and again["pool"] == 2
    assert who(sprawl.json("status"), "Priestess")["statuses"] == ["shaken"]


def test_soak_spends_the_gm_wild_cards_own_benny(sprawl: Sprawl) -> None:
    start(sprawl)
    # 11: raise; 10+6 +8+1 +2 = 27
    hit = sprawl.json("fight", "--force", "Jonah", "Priestess", "--yes", "--dice", "10,1,1,10,6,8,1,2")
    assert hit["victims"][0]["result"] == "incapacitated"
    soak = sprawl.json("soak", "Priestess", "--dice", "6,6,6,3,2")  # Vigor 21: 4 raises: all 5 soaked
    assert soak["soaked"] == 5 and soak["wounds"] == 0
    status = sprawl.json("status")
    assert who(status, "Priestess")["bennies"] == 1 and who(status, "Priestess")["statuses"] == []


def test_recover_hold_interrupt_defend_run(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("deal", "--dice", "KS,10H,QC,2C,5D")
    assert sprawl.json("hold", "Ada")["on_hold"]
    assert sprawl.json("defend", "Pike")["on"]
    assert who(sprawl.json("status"), "Pike")["parry"] == 7
    sprawl.json("next")  # the Priestess: the one acting now is the one to interrupt
    out = sprawl.json("interrupt", "Ada", "Priestess", "--bennies", "0", "--dice", "5,2,3,4")
    assert out["first"] == "Ada"
    for _ in range(2):  # Jonah, then the hound
        sprawl.json("next")
    assert sprawl.json("run", "Hound", "--dice", "4")["allowed"] == 12


def test_refusals_exit_1_with_one_error_line_and_change_nothing(
        sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    for args in (("soak", "Ada"), ("benny", "Ada"), ("recover", "Ada"), ("hold", "Ada"),
                 ("shoot", *CLEAR, "Ada", "Priestess", "--range", "short", "--rof", "2"), ("fight", "Ada", "Nobody"),
                 ("finish", "Ada", "Priestess")):
        result = sprawl(*args)
        assert result.exit_code == 1, args
        assert result.stderr.count("error:") == 1 and result.stderr.strip().startswith("error:"), result.stderr
        assert snapshot(sprawl.folder) == before


def test_force_overrules_and_hand_damage_setting(sprawl: Sprawl) -> None:
    start(sprawl, "--setting", "damage=hand")
    data = sprawl.json("fight", "--force", "Jonah", "Acolyte 1", "--yes", "--dice", "7,3,5,4")
    assert data["victims"][0]["result"] == "incapacitated" and data["victims"][0]["applied"] is False
    assert who(sprawl.json("status"), "Acolyte 1")["statuses"] == []
    assert sprawl.json("set", "Acolyte 1", "incapacitated", "on")["on"]
    assert sprawl.json("finish", "--force", "Jonah", "Acolyte 1", "--yes")["dead"]


def test_next_walks_the_countdown_and_undo_takes_back(sprawl: Sprawl) -> None:
    start(sprawl)
    first = sprawl.json("next", "--dice", "KS,10H,QC,2C,5D")
    assert first["deal"]["order"][0] == {"name": "Ada", "card": "KS"}
    assert sprawl.json("next")["acting"] == {"name": "Priestess", "card": "QC"}
    assert sprawl("undo").exit_code == 0
    assert sprawl.json("status")["acting"] == ["Ada", "Pike"]


def test_area_template_with_victims_option(sprawl: Sprawl) -> None:
    start(sprawl)
    data = sprawl.json("shoot", *CLEAR, "--force", "Ada", "Acolyte 1", "--weapon", "Grenade", "--distance", "4",
                       "--victims", "none", "--dice", "2,1,5,7")
    assert data["deviation"]["inches"] == 2.0 and data["deviation"]["capped"]
    assert data["victims"] == []
    data = sprawl.json("shoot", *CLEAR, "--force", "Ada", "Acolyte 1", "--range", "short", "--weapon", "Grenade", "--victims", "Acolyte 2",
                       "--victim-cover", "none", "--dice", "5,1,1,1,1,2,2,2")
    assert [v["name"] for v in data["victims"]] == ["Acolyte 1", "Acolyte 2"]


def test_a_sprawl_roster_is_refused(sprawl: Sprawl) -> None:
    result = sprawl("new", "--system", "savage-worlds", "--squad", EXPEDITION, "--squad", str(ROSTERS / "plf.yaml"))
    assert result.exit_code == 1 and "plf.yaml" in result.stderr


def test_rules_topics_label_the_house_ruling(sprawl: Sprawl) -> None:
    result = sprawl("rules", "damage", "--system", "savage-worlds")
    assert result.exit_code == 0 and "house" in result.stdout.lower()


def test_an_attack_is_rerolled_right_away_or_not_at_all(sprawl: Sprawl) -> None:
    start(sprawl)
    sprawl.json("shoot", *CLEAR, "--force", "Ada", "Priestess", "--range", "short", "--dice", "2,1")
    sprawl.json("defend", "--force", "Pike")
    result = sprawl("benny", "Ada", "--dice", "6,2")
    assert result.exit_code == 1 and "straight away" in result.stderr
    sprawl.json("shoot", *CLEAR, "--force", "Ada", "Priestess", "--range", "short", "--dice", "2,1")
    assert sprawl.json("benny", "Ada", "--dice", "3,1")["kept"] == "new"
    assert sprawl.json("benny", "Ada", "--dice", "1,2")["kept"] == "old"  # and again, as often as it likes


def test_a_script_throwing_a_template_must_name_victims_and_distance(
        sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]]) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    for args, option in ((("--range", "short", "--distance", "20"), "--victims"),
                         (("--range", "long", "--victims", "none"), "--distance")):
        result = sprawl("shoot", *CLEAR, "--force", "Ada", "Acolyte 2", "--weapon", "Grenade", *args, "--dice", "2,1,6,9,4,4,4")
        assert result.exit_code == 1 and option in result.stderr and result.stderr.count("error:") == 1
        assert snapshot(sprawl.folder) == before
    hit = sprawl.json("shoot", *CLEAR, "--force", "Ada", "Acolyte 1", "--range", "short", "--weapon", "Grenade", "--victims", "none",
                      "--dice", "5,1,1,1,1")
    assert [v["name"] for v in hit["victims"]] == ["Acolyte 1"]
    miss = sprawl.json("shoot", *CLEAR, "--force", "Ada", "Acolyte 2", "--weapon", "Grenade", "--range", "long", "--distance", "20",
                       "--victims", "none", "--dice", "2,1,6,9")
    assert miss["deviation"]["rolled"] == 18 and miss["deviation"]["inches"] == 10 and miss["deviation"]["capped"]


def test_every_view_prints(sprawl: Sprawl) -> None:
    start(sprawl)
    steps = [  # before the first deal every action is forced (the gate's refusal is tested elsewhere)
        (("fight", "--force", "Jonah", "Priestess", "--yes", "--dice", "10,1,1,10,6,8,1,2"), "incapacitated"),
        (("soak", "Priestess", "--dice", "3,2"), "0 of 5"),
        (("benny", "Priestess", "--dice", "6,6,6,3,2"), "5 wound(s) soaked"),
        (("set", "Priestess", "shaken", "on"), "shaken on"),
        (("recover", "--force", "Priestess", "--dice", "1,2"), "still Shaken"),
        (("benny", "Priestess", "--dice", "4,1"), "no longer Shaken"),
        (("shoot", *CLEAR, "--force", "Ada", "Acolyte 1", "--weapon", "Grenade", "--distance", "4", "--victims", "none",
          "--dice", "2,1,5,7"), "capped"),
        (("break", "--force", "Jonah", "rope", "--type", "cutting", "--yes", "--dice", "7,2,6,8"), "broken"),
        (("run", "--force", "Hound", "--dice", "3"), "runs"),
        (("move", "--force", "Ada", "--inches", "3", "--difficult", "1"), "costs 4"),
        (("prone", "--force", "Ada"), "prone on"),
        (("rise", "--force", "Ada"), "prone off"),
        (("jump", "--force", "Ada", "--run-up", "--dice", "4,1"), "jumps 3"),
        (("test", "--force", "Ada", "notice", "--helpers", "Jonah", "--dice", "4,1,3,2"), "helps"),
        (("oppose", "--force", "Ada", "agility", "Hound", "--bennies", "0", "--dice", "5,1,2"), "wins"),
        (("defend", "--force", "Jonah"), "defending on"),
        (("wounds", "Ada", "1"), "1 wound"),
        (("deal", "--dice", "KS,10H,QC,2C,RJ"), "Joker"),
        (("next",), "acts"),
        (("hold", "Pike"), "on hold"),
        (("interrupt", "Pike", "Hound", "--force", "--bennies", "0", "--dice", "5,2"), "goes first"),
        (("finish", "Ada", "Priestess", "--force", "--yes"), "finishes"),
    ]
    for args, text in steps:
        result = sprawl(*args)
        assert result.exit_code == 0, (args, result.stderr)
        assert text in result.stdout, (args, result.stdout)
    assert "Savage Worlds" in sprawl("status").stdout
    assert "Jonah" in sprawl("log").stdout


@pytest.mark.parametrize(("args", "said"), [
    (("test", "Ada", "figting", "--free"), "'figting' is no attribute or skill; did you mean 'fighting'?"),
    (("test", "Ada", "", "--free"), "give a trait for Ada to roll"),
    (("test", "Ada", "   ", "--free"), "give a trait for Ada to roll"),
    (("oppose", "--force", "Jonah", "strenght", "Priestess"), "did you mean 'strength'?"),  # forced: no deal yet
    (("oppose", "--force", "Jonah", "strength", "Priestess", "vigr", "--bennies", "0"), "did you mean 'vigor'?"),
    (("roll", "d12+1000000"), "has a bonus past any trait's: give one from -10 to +10"),
    (("roll", "d4-11"), "from -10 to +10"),
])
def test_a_misspelt_or_empty_trait_is_refused_never_rolled_unskilled(
        sprawl: Sprawl, snapshot: Callable[[Path], dict[str, bytes]], args: tuple[str, ...], said: str) -> None:
    start(sprawl)
    before = snapshot(sprawl.folder)
    result = sprawl(*args, "--dice", "3,2,3,2")
    assert result.exit_code == 1 and result.stderr.count("error:") == 1 and said in result.stderr, result.stderr
    assert snapshot(sprawl.folder) == before


def test_an_unskilled_roll_is_for_a_skill_truly_lacking_and_says_so(sprawl: Sprawl) -> None:
    start(sprawl)
    lacking = sprawl("test", "Ada", "stealth", "--free", "--dice", "3,2")
    assert lacking.exit_code == 0 and "d4-2 (unskilled)" in lacking.stdout
    data = sprawl.json("test", "Ada", "Stealth", "--free", "--dice", "3,2")
    assert data["trait"] == "d4-2" and data["unskilled"] is True
    own = sprawl.json("test", "Ada", "notice", "--free", "--dice", "3,2")
    assert own["trait"] == "d6" and "unskilled" not in own
    assert "unskilled" not in sprawl("test", "Ada", "agility", "--free", "--dice", "3,2").stdout
    assert sprawl("roll", "d12+10", "--dice", "5,1").exit_code == 0


def test_the_report_counts_a_fourth_wound_and_a_gm_wild_cards_own_bennies(sprawl: Sprawl) -> None:
    """Issue 35: the wound column stopped at 3 (a Wild Card's fourth wound incapacitates it and
    leaves its count at 3), and the bennies series left out the Priestess's own bennies."""
    start(sprawl)
    sprawl.json("deal", "--dice", "KS,10H,RJ,2C,5D")
    assert sprawl.json("wounds", "Priestess", "3")["wounds"] == 3
    shot = sprawl.json("shoot", *CLEAR, "--force", "Ada", "Priestess", "--range", "short", "--actions", "1", "--dice", "6,2,5,4")
    assert shot["victims"][0]["result"] == "incapacitated" and shot["victims"][0]["wounds_taken"] == 1
    assert who(sprawl.json("status"), "Priestess")["wounds"] == 3
    report = sprawl("report").stdout
    assert "| Priestess | 4 | 1 | 0 |" in report
    facts = sprawl.json("log")["entries"][-1]  # the journal keeps the series the report charts
    assert facts["wounds"]["Priestess"] == 4
    assert facts["bennies"] == {"Expedition": 3, "Cult of the Eye": 2 + 2}  # the pool and the Priestess's own


def test_status_fits_an_80_column_terminal_a_table_a_side(sprawl: Sprawl) -> None:
    # One table with a squad column wrapped "Expedition" over two lines at 80 columns; a table
    # per side, titled with it, keeps every character on one line.
    start(sprawl)
    result = sprawl("deal", "--dice", "KS,10H,RJ,2C,5D")
    assert result.exit_code == 0, result.stderr
    lines = sprawl("status").stdout.splitlines()
    table = lines[lines.index("Expedition"):lines.index("* Wild Card")]
    assert max(len(line) for line in table) <= 80
    assert "Cult of the Eye" in table
    for name in ("Ada*", "Jonah*", "Pike", "Priestess*", "Acolyte 1", "Acolyte 2", "Acolyte 3", "Hound"):
        assert [line.split("│")[0].strip() for line in table].count(name) == 1, name


def test_a_joker_answer_the_games_setting_already_gave_is_said_to_be_unused(sprawl: Sprawl) -> None:
    # `--joker` is a table option of every command: `deal --joker` against the setting refuses (its
    # own option); on `next`, where the setting settles the question, it is not silently dropped.
    start(sprawl, "--setting", "joker=shared")
    result = sprawl("next", "--joker", "holder", "--json")
    assert result.exit_code == 0
    assert "warning: --joker holder was not used: nothing this command did asked it" in result.stderr
    assert sprawl.json("status")["joker"] == "shared"
