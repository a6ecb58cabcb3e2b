"""`brawl`, `break`, `recover`, `rout`, `concede` and `end` through the CLI, with --dice and --json."""

from __future__ import annotations

import json

import pytest

from sprawl_cli.store import GameStore

PLF = "People's Liberation Front"
SUIT = "S.U.I.T. #13"


def engage(sprawl, a: str, b: str) -> None:
    """Put two characters in base contact, as `sprawl charge` would (written straight to the save)."""
    store = GameStore(sprawl.save)
    game = store.load()
    game.character(a).engaged_with.append(b)
    game.character(b).engaged_with.append(a)
    store.save(game)


def to_phase(sprawl, phase: str) -> None:
    for _ in range(3):  # bounded, so a broken `next` fails instead of looping for ever
        if sprawl.json("status")["phase"] == phase:
            return
        sprawl.json("next")
    assert sprawl.json("status")["phase"] == phase


@pytest.fixture
def wes_vs_gordo(sprawl):
    sprawl.new("--rounds", "4")
    engage(sprawl, "Wes", "Gordo")
    to_phase(sprawl, "close")
    return sprawl


def test_wes_and_gordo_brawl_json(wes_vs_gordo):
    sprawl = wes_vs_gordo
    data = sprawl.json("brawl", "wes", "GORDO", "--dice", "3,4,5,5,0,3,6,7,7,9,7,8,1,2,7,1,1")
    assert data["attacker"] == {"name": "Wes", "faces": [3, 4, 5, 5, 10], "successes": 2, "difficulty": 1,
                                "net": 2, "rolled": True, "why_no_dice": None}
    assert data["defender"]["faces"] == [3, 6, 7, 7, 9] and data["defender"]["successes"] == 3
    assert data["defender"]["net"] == 3 and data["defender"]["difficulty"] == 1
    assert data["winner"] == "Gordo" and data["remaining"] == 1 and data["weapon"] == "Chainblade"
    [victim] = data["victims"]
    assert victim["name"] == "Wes" and victim["damage_faces"] == [7, 8, 1, 2] and victim["health"] == 2
    assert data["panic"] == [] and data["game"]["over"] is False
    wes = sprawl.character("Wes")
    assert wes["health"] == 2 and wes["damage_taken"] == 1 and "engaged" in wes["statuses"]


def test_brawl_view_talks_like_a_referee(wes_vs_gordo):
    result = wes_vs_gordo("brawl", "Wes", "Gordo", "--dice", "3,4,5,5,10,3,6,7,7,9,7,8,1,2,7,1,1")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Wes attacks Gordo" in out and "Gordo wins" in out and "Chainblade" in out
    assert "Wes loses 1 Health" in out and result.stderr == ""


def test_a_tie_and_leftover_dice_warning(wes_vs_gordo):
    result = wes_vs_gordo("brawl", "Wes", "Gordo", "--json", "--dice", "7,1,1,1,1,8,1,1,1,1,5")
    data = json.loads(result.stdout)
    assert data["winner"] is None and data["victims"] == []
    assert "not used: 5" in result.stderr


def test_refused_brawl_changes_nothing(wes_vs_gordo, snapshot):
    sprawl = wes_vs_gordo
    before = snapshot(sprawl.folder)
    for args, why in (
            (("brawl", "Razz", "Wilson"), "Razz is not in close combat with Wilson"),
            (("brawl", "Wes", "Razz"), "Wes and Razz are on the same side"),
            (("brawl", "Wes", "Gordo", "--weapon", "Pistol"), "Pistol is a gun, not a close-combat weapon"),
            (("brawl", "Wes", "Gordo", "--dice", "1,1,1"), "Wes: Brawling needs 5d10 and --dice has only 3 left"),
            (("brawl", "Wes", "Gordo", "--weapon", "Spoon"), "Wes has no weapon 'Spoon'")):
        result = sprawl(*args, "--json")
        assert result.exit_code == 1, args
        assert result.stderr.startswith("error:") and "Traceback" not in result.stderr
        assert why in result.stderr, f"{args}: {result.stderr}"
        assert set(json.loads(result.stdout)) == {"error"} and why in json.loads(result.stdout)["error"]
    assert snapshot(sprawl.folder) == before


def test_break_away_free_attack(sprawl):
    sprawl.new()
    engage(sprawl, "Wes", "Gordo")
    data = sprawl.json("break", "Wes", "--dice", "7,8,1,1,1,7,7,1,1,1,1,1,1")
    [free] = data["free_attacks"]
    assert free["free"] and free["attacker"]["name"] == "Gordo" and free["defender"]["faces"] == []
    assert free["remaining"] == 2 and data["victims"][0]["name"] == "Wes"
    assert "engaged" not in sprawl.character("Wes")["statuses"]
    assert "engaged" not in sprawl.character("Gordo")["statuses"]


def test_recover_cli(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")
    to_phase(sprawl, "recovery")
    data = sprawl.json("recover")
    assert data["characters"] == [] and data["waiting"][0]["name"] == "Razz"
    result = sprawl("recover", "Razz")
    assert result.exit_code == 1 and "next Recovery Phase" in result.stderr
    for _ in range(8):
        sprawl.json("next")
    data = sprawl.json("recover")
    assert data["characters"][0]["name"] == "Razz" and data["characters"][0]["tests"][0]["automatic"]
    assert "pinned" not in sprawl.character("Razz")["statuses"]
    result = sprawl("recover")
    assert result.exit_code == 0 and "Nobody tries" in result.stdout


def test_recover_down_with_dice(sprawl):
    sprawl.new()
    sprawl.json("damage", "Newton", "3", "--dice", "4")  # 0 Health: incapacitation 4, Down
    assert "down" in sprawl.character("Newton")["statuses"]
    for _ in range(7):  # S.U.I.T.'s first Recovery Phase
        sprawl.json("next")
    assert (sprawl.json("status")["side"], sprawl.json("status")["phase"]) == (SUIT, "recovery")
    data = sprawl.json("recover", "Newton", "--dice", "1")
    test = data["characters"][0]["tests"][0]
    assert test["kind"] == "down" and test["result"] == "recovery"
    assert sprawl.character("Newton")["statuses"] == ["pinned"]


def test_recover_outside_phase_refused(sprawl):
    sprawl.new()
    result = sprawl("recover", "--json")
    assert result.exit_code == 1 and "Recovery Phase" in json.loads(result.stdout)["error"]


def test_rout_fails_and_the_game_is_over(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "out_of_action", "on")
    sprawl.json("set", "Lang", "pinned", "on")
    data = sprawl.json("rout", "--dice", "7,1,1,1")  # Babs: Smarts 4 vs 2, 1 success
    assert data["routing"]["roller"] == "Babs" and data["routing"]["test"]["difficulty"] == 2
    assert data["over"] and data["winner"] == SUIT and "routed" in data["reason"]
    status = sprawl.json("status")
    assert status["over"] and status["winner"] == SUIT and "routed" in status["reason"]
    plain = sprawl("status").stdout
    assert "Game over" in plain and "routed" in plain
    for args in (("next",), ("recover",), ("brawl", "Wes", "Gordo"), ("concede", PLF), ("end", "--winner", PLF)):
        result = sprawl(*args)
        assert result.exit_code == 1 and "over" in result.stderr, args


def test_rout_not_due(sprawl):
    sprawl.new()
    sprawl.json("set", "Razz", "pinned", "on")  # 1 of 5: 20%
    data = sprawl.json("rout", "s.u.i.t")
    assert data["routing"]["squad"] == SUIT and data["routing"]["test"] is None and not data["over"]
    data = sprawl.json("rout", "--force", "--dice", "7,1,1,1")
    assert data["routing"]["test"]["difficulty"] == 1 and not data["over"]


def test_concede(sprawl):
    sprawl.new()
    result = sprawl("concede", "people")
    assert result.exit_code == 0 and "concedes" in result.stdout and SUIT in result.stdout
    status = sprawl.json("status")
    assert status["winner"] == SUIT and "conceded" in status["reason"]


def test_end_after_round_limit_names_a_winner(sprawl):
    sprawl.new("--rounds", "1")
    for _ in range(8):
        sprawl.json("next")
    assert sprawl.json("status")["winner"] is None
    result = sprawl("end")
    assert result.exit_code == 1 and "--winner" in result.stderr
    data = sprawl.json("end", "--winner", PLF)
    assert data["over"] and data["winner"] == PLF and "round limit" in data["reason"]


def test_end_declares_draw_and_bad_side(sprawl):
    sprawl.new()
    result = sprawl("end", "--winner", "Nobody")
    assert result.exit_code == 1 and "no squad" in result.stderr
    data = sprawl.json("end")
    assert data["over"] and data["winner"] is None


def test_forced_brawl_says_so_and_is_logged(wes_vs_gordo):
    sprawl = wes_vs_gordo
    sprawl.json("brawl", "Wes", "Gordo", "--dice", "1,1,1,1,1,1,1,1,1,1")
    result = sprawl("brawl", "Wes", "Gordo", "--force", "--dice", "1,1,1,1,1,1,1,1,1,1")
    assert result.exit_code == 0 and "Overruled by the referee" in result.stdout and "already fought" in result.stdout
    entry = sprawl.json("log", "--last", "1")["entries"][0]
    assert entry["forced"] and "already fought" in entry["forced"][0]
