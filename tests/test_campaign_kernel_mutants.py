"""The kernel's campaign books (`sprawl_cli/campaign.py`), run whole under mutation testing
(issue 38): what the run found unchecked, through the command line where a table would see it.

Mutants left alive, each read and equivalent (no input tells them from the original):
"""

from __future__ import annotations

from pathlib import Path

from sprawl_cli.campaign import book_from_rosters, record_book_game
from sprawl_cli.systems.base import NewGame
from sprawl_cli.systems.sprawl.roster import load_roster
from sprawl_cli.systems.sprawl.system import SYSTEM
from tests.factory import PLF, ROSTERS, SUIT, dice, table

PLF_NAME = "People's Liberation Front"


def renamed_squad(folder: Path, squad: str) -> str:
    """The sample PLF roster under another squad name, written into `folder`."""
    text = Path(PLF).read_text(encoding="utf-8").replace(f"squad: {PLF_NAME}", f"squad: {squad}")
    target = folder / "other.yaml"
    target.write_text(text, encoding="utf-8")
    return str(target)


# --- recording a game ----------------------------------------------------------------------------


def test_a_game_recorded_without_its_save_step_or_date_keeps_none():
    book = book_from_rosters(SYSTEM, [load_roster(ROSTERS / "plf.yaml"), load_roster(ROSTERS / "suit.yaml")])
    game, _ = SYSTEM.new_game([load_roster(ROSTERS / "plf.yaml"), load_roster(ROSTERS / "suit.yaml")], NewGame(),
                              dice(), table())
    played = record_book_game(SYSTEM, book, game, [])
    assert (played.save, played.step, played.date) == ("", 0, "")


def test_an_aftermath_of_a_game_from_other_squads_is_refused_word_for_word(sprawl, snapshot):
    other = renamed_squad(sprawl.folder, "Another Crew")
    assert sprawl("campaign", "new", "--squad", other, "--squad", SUIT).exit_code == 0
    sprawl.new()  # the sample squads, not from the campaign
    assert sprawl("end", "--winner", "S.U.I.T.").exit_code == 0
    before = snapshot(sprawl.folder)
    result = sprawl("aftermath", "--campaign", "sprawl-campaign.yaml", "--dice", "5,5,5,5,5")
    assert result.exit_code == 1
    assert result.stderr == (f"error: Babs ({PLF_NAME}) is not in this campaign; was the game started with "
                             "`sprawl new --campaign` on this campaign file?\n")
    assert snapshot(sprawl.folder) == before
