"""A whole game, `new` to `end`, played by the real installed program with the sample
rosters and scripted dice: moves, a charge, shots (a pin, a misfire), brawls, a
character put Out of Action and a panic test, a routing check, recoveries (pins,
a jam), breaking away, the round limit, and the referee naming the winner.

Every command runs in its own process, as a user at a shell would run it.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests import harness
from tests.factory import ROSTERS

pytestmark = pytest.mark.e2e

PLF = "People's Liberation Front"
SUIT = "S.U.I.T. #13"


class Game:
    """Runs `sprawl ...` in a folder and keeps what it said."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.env = harness.clean_environ(NO_COLOR="1", COLUMNS="200")

    def run(self, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = harness.run(args, self.folder, installed=True, env=self.env)
        if ok:
            assert done.returncode == 0, f"sprawl {' '.join(args)}\n{done.stdout}\n{done.stderr}"
            assert "Traceback" not in done.stderr
            # The scripted dice are exactly what each command needs: none left over.
            assert "not used" not in done.stderr, f"sprawl {' '.join(args)}: {done.stderr}"
        return done

    def json(self, *args: str) -> Any:
        done = self.run(*args, "--json")
        return json.loads(done.stdout)

    def next(self, *dice: int) -> Any:
        return self.json("next", *(("--dice", ",".join(map(str, dice))) if dice else ()))

    def status(self) -> Any:
        return self.json("status")

    def who(self, name: str) -> Any:
        return next(c for c in self.status()["characters"] if c["name"] == name)


def test_a_whole_game_from_new_to_end(tmp_path: Path) -> None:
    g = Game(tmp_path)
    started = g.json("new", "--squad", str(ROSTERS / "plf.yaml"), "--squad", str(ROSTERS / "suit.yaml"),
                     "--rounds", "3")
    assert started["side"] == PLF and started["phase"] == "movement" and started["rounds"] == 3

    # --- Round 1, PLF (turn 1) ---------------------------------------------------
    charge = g.json("charge", "Wes", "Gordo")  # chargers move before normal movement (H3)
    assert charge["engaged_with"] == ["Gordo"]
    g.json("move", "Babs")
    assert g.next()["phase"] == "ranged"
    # Razz's SMG (short range -1, Difficulty 1): 2 hits; 3 damage dice, 2 points; Wilson negates 1.
    shot = g.json("shoot", "Razz", "Wilson", "--yes", "--dice", "7,8,1,2,7,7,1,7,1,1")
    assert shot["hits"] == 2 and shot["victims"][0]["health_lost"] == 1
    assert "pinned" in g.who("Wilson")["statuses"]
    assert g.next()["phase"] == "close"
    # The rules' own example: Wes 3,4,5,5,10 (2 successes), Gordo 3,6,7,7,9 (3): Gordo wins by 1.
    fight = g.json("brawl", "Wes", "Gordo", "--dice", "3,4,5,5,0,3,6,7,7,9,7,8,1,2,7,1,1")
    assert (fight["attacker"]["net"], fight["defender"]["net"]) == (2, 3)
    assert fight["winner"] == "Gordo" and fight["remaining"] == 1
    assert g.who("Wes")["health"] == 2
    assert g.next()["phase"] == "recovery"
    assert g.json("recover")["characters"] == []  # Nobody of the PLF is pinned

    # --- Round 1, SUIT (turn 2) ----------------------------------------------------
    turn = g.next()
    assert turn["side"] == SUIT and turn["turn_start"]["routing"] is None  # 1 of 5 shaken: no check
    g.json("move", "Newton")
    g.next()
    # Newton's Rifle: 1 hit, no damage; Razz is pinned all the same (R7).
    shot = g.json("shoot", "Newton", "Razz", "--yes", "--dice", "7,1,1,1,1,1")
    assert shot["hits"] == 1 and shot["victims"][0]["health_lost"] == 0
    g.next()
    # Gordo 3 net against Wes's 1 (Difficulty 2 with his wound, R5): 5 damage dice, Wes to 0 Health,
    # incapacitation 9: Out of Action; Lang, within 3", holds his nerve.
    fight = g.json("brawl", "Gordo", "Wes", "--nearby", "Lang",
                   "--dice", "7,7,7,1,1,7,8,1,1,1,7,7,7,1,1,1,1,1,9,7,1,1")
    assert fight["defender"]["difficulty"] == 2 and fight["remaining"] == 2
    assert fight["victims"][0]["out_of_action"] and fight["panic"][0]["name"] == "Lang"
    assert not fight["panic"][0]["panicked"]
    assert g.who("Gordo")["statuses"] == []  # no longer engaged: Wes is gone
    g.next()
    rec = g.json("recover", "--dice", "7,1,1,1")  # Wilson's pin took Health: Guts needing 1 (R11)
    assert rec["characters"][0]["name"] == "Wilson" and rec["characters"][0]["tests"][0]["passed"]

    # --- Round 2, PLF (turn 3) --------------------------------------------------------
    turn = g.next(7, 7, 1, 1)  # 2 of 5 shaken: Babs's routing check, Smarts 4 vs 2 (R24)
    routing = turn["turn_start"]["routing"]
    assert routing["roller"] == "Babs" and not routing["routed"]
    g.json("move", "Babs")
    g.next()
    shot = g.json("shoot", "Babs", "Gordo", "--yes", "--weapon", "Pistol", "--dice", "1,2,3,3")
    assert shot["misfire"] == "jammed"
    g.next()
    g.next()
    rec = g.json("recover")
    assert [c["name"] for c in rec["characters"]] == ["Razz"] and rec["characters"][0]["tests"][0]["automatic"]
    assert any(w["name"] == "Babs" and "later turn" in w["reason"] for w in rec["waiting"])

    # --- Round 2, SUIT (turn 4) ---------------------------------------------------------
    g.next()
    g.json("charge", "Gordo", "Lang")
    g.next()
    g.next()
    # Gordo rolls nothing; Lang turns it round and clubs him for 1.
    fight = g.json("brawl", "Gordo", "Lang", "--dice", "1,1,1,1,1,7,7,1,7,1,1,1,1,1,1")
    assert fight["winner"] == "Lang" and fight["weapon"] == "Club" and g.who("Gordo")["health"] == 3
    g.next()
    g.json("recover")

    # --- Round 3, PLF (turn 5) ------------------------------------------------------------
    g.next()
    leave = g.json("break", "Lang", "--dice", "7,7,1,1,1,1,1,1,1")  # Gordo's free attack: 1 net, no damage
    assert leave["free_attacks"][0]["defender"]["faces"] == [] and leave["free_attacks"][0]["remaining"] == 1
    assert "engaged" not in g.who("Lang")["statuses"]
    g.next()
    g.next()
    g.next()
    rec = g.json("recover", "--dice", "7,7,1,1")  # Babs clears the Pistol: Smarts vs Reliability 2 (R14)
    assert rec["characters"][0]["tests"][0]["kind"] == "jam" and rec["characters"][0]["tests"][0]["passed"]
    assert "jammed" not in g.who("Babs")["statuses"]

    # --- Round 3, SUIT (turn 6), then the round limit ------------------------------------------
    assert g.next()["side"] == SUIT
    for _ in range(3):
        g.next()
    last = g.next()
    assert last["over"] and "round limit" in last["reason"]
    assert g.status()["winner"] is None

    refused = g.run("move", "Babs", ok=False)
    assert refused.returncode == 1 and refused.stderr.startswith("error:") and "over" in refused.stderr

    ended = g.json("end", "--winner", "people")
    assert ended["over"] and ended["winner"] == PLF
    final = g.status()
    assert final["over"] and final["winner"] == PLF and "round limit" in final["reason"]
    said = g.run("status").stdout
    assert "Game over" in said and f"{PLF} wins" in said

    log = g.json("log")
    kinds = [e["kind"] for e in log["entries"]]
    for kind in ("move", "charge", "shoot", "brawl", "break", "recover", "next", "end"):
        assert kind in kinds, kind
