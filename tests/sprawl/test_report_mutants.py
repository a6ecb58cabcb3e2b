"""SPRAWL's words in the campaign's books (`systems/sprawl/report.py`), pinned line for line:
what mutation over the module found untested (2026-12-02, third session), when run with the
campaign, report and play tests that reach it.

Left, equivalent (7 of 67): the defaults of the two lookups by result in `aftermath_lines`,
`RESULT_STYLE.get(..., "bold")` and `RESULT_WORDS.get(..., r.result)`, mutated in the default
(None, another word, dropped): no result reaches a default, since every result the aftermath
gives is dead, injured or recovered, each in both tables. `aftermath_lines` 9 (the style looked
up with None) is killed by the colour test at the end.
"""

from __future__ import annotations

import json

from sprawl_cli.books import Member
from sprawl_cli.campaign_file import load_campaign
from sprawl_cli.systems.sprawl.report import member_columns
from tests.factory import PLF, SUIT

PLAIN = {"NO_COLOR": "1", "COLUMNS": "120"}


def first_game(sprawl, *out: str) -> None:
    """A campaign of the two sample squads and its first game, over with `out` Out of Action."""
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT)
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml", "--rounds", "4")
    for name in out:
        sprawl.json("set", name, "out_of_action", "on")


def test_the_aftermath_says_each_roll_and_what_it_did(sprawl) -> None:
    first_game(sprawl, "Razz", "Wes", "Mutt")
    sprawl.json("end", "--winner", "S.U.I.T.")
    result = sprawl("aftermath", "--dice", "1,2,1,3,8", env=PLAIN)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[:4] == [
        "Aftermath of game 1, rolled on the house table (R26):",
        "  Razz: d10 1 → dead",
        "  Wes: d10 2 → lasting injury, d8 1: shooting 2 → 1",
        "  Mutt: d10 3 → lasting injury, d8 8: health 2 → 1",
    ]
    # Game 2: Mutt's Health is 1 already, so a second injury to it changes nothing (R26).
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml", "--force")
    sprawl.json("set", "Mutt", "out_of_action", "on")
    sprawl.json("end", "--winner", "S.U.I.T.")
    result = sprawl("aftermath", "--dice", "3,8,9", env=PLAIN)
    assert result.stdout.splitlines()[:2] == [
        "Aftermath of game 2, rolled on the house table (R26):",
        "  Mutt: d10 3 → lasting injury, d8 8: health 1 → 1 (never below 1)",
    ]
    # The sheet lists the injury that lowered Health, not the one that found it at 1.
    book = load_campaign(sprawl.folder / "sprawl-campaign.yaml")
    members = {m.name: m for squad in book.squads for m in squad.characters}
    assert member_columns(members["Mutt"]) == {"Sh Br Qu Sm\nGu St To He": "3 3 5 2 2 2 2 1",
                                               "injuries": "Health -1 (game 1)"}
    assert member_columns(members["Babs"]) == {"Sh Br Qu Sm\nGu St To He": "3 2 4 4 3 2 3 3", "injuries": "-"}
    del members["Babs"].sheet["guts"]
    assert member_columns(members["Babs"])["Sh Br Qu Sm\nGu St To He"] == "3 2 4 4 ? 2 3 3"


def test_an_aftermath_with_nobody_out_says_nobody_rolls(sprawl) -> None:
    first_game(sprawl)
    sprawl.json("end", "--winner", "S.U.I.T.")
    result = sprawl("aftermath", env=PLAIN)
    assert result.stdout.splitlines()[:2] == ["Aftermath of game 1, rolled on the house table (R26):",
                                              "  Nobody went Out of Action: nobody rolls."]


def test_a_campaigns_own_table_is_named_in_the_aftermath(sprawl, tmp_path) -> None:
    table = json.loads(sprawl("table", "aftermath", "--json").stdout)
    table["title"] = "Mean [streets]"
    (tmp_path / "mine.json").write_text(json.dumps(table))
    sprawl.json("campaign", "new", "--squad", PLF, "--squad", SUIT, "--table", "mine.json")
    sprawl.json("new", "--campaign", "sprawl-campaign.yaml")
    sprawl.json("set", "Razz", "out_of_action", "on")
    sprawl.json("end", "--winner", "S.U.I.T.")
    result = sprawl("aftermath", "--dice", "10", env=PLAIN)
    assert result.stdout.splitlines()[:2] == [
        "Aftermath of game 1, rolled on the campaign's table 'Mean [streets]' (R26):",
        "  Razz: d10 10 → recovers fully"]


def test_a_members_injuries_are_listed_in_order_with_commas() -> None:
    # member_columns 3: two injuries that each lowered an attribute, and one that found it at 1.
    member = Member(name="Wes", sheet={"shooting": 1, "health": 1}, extra={"injuries": [
        {"game": 1, "attribute": "shooting", "before": 2, "after": 1},
        {"game": 2, "attribute": "health", "before": 2, "after": 1},
        {"game": 3, "attribute": "health", "before": 1, "after": 1}]})
    assert member_columns(member) == {"Sh Br Qu Sm\nGu St To He": "1 ? ? ? ? ? ? 1",
                                      "injuries": "Shooting -1 (game 1), Health -1 (game 2)"}


def test_each_result_of_the_aftermath_in_its_own_colour() -> None:
    # The words alone were pinned; the style of each result (`aftermath_lines` 9 looked it up
    # with None, every line bold) shows only in colour.
    from sprawl_cli.systems.sprawl.campaign import Aftermath, AftermathResult
    from sprawl_cli.systems.sprawl.report import aftermath_lines

    lines = aftermath_lines(Aftermath(1, "house", [AftermathResult("Razz", 1, "dead"),
                                                   AftermathResult("Wes", 2, "injured", "guts", 4, 3, 2),
                                                   AftermathResult("Mutt", 8, "recovered")]))
    assert [line.split("→ ", 1)[1].split("]", 1)[0] for line in lines[1:]] == ["[bad", "[warn", "[good"]
