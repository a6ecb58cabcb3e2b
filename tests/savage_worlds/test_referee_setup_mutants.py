"""The referee's corrections (`set`, `wounds`) and a new game's settings and sides, what the
mutation runs of referee.py and setup.py found unchecked: the JSON and the log line whole,
every refusal word for word, the wound limits at their edges, which side is the game
master's and the settings read.

setup.py again (2026-12-02, second session, 139 mutants): seven survivors, all gaps in the
readers of the `players` and `allies` settings (an item's comma and first colon, a name or
value left empty, one player and twelve), killed by the tests after the 2026-12-02 mark below.
"""

from __future__ import annotations

from typing import Any

import pytest

from sprawl_cli.errors import BadInput
from sprawl_cli.systems.base import NewGame, Roster
from sprawl_cli.systems.savage_worlds.model import Squad
from sprawl_cli.systems.savage_worlds.referee import set_status, set_wounds
from sprawl_cli.systems.savage_worlds.setup import new_game, read_settings
from tests.savage_worlds.helpers import extra, game, hero


def bad(call: Any) -> str:
    with pytest.raises(BadInput) as caught:
        call()
    return str(caught.value)


def test_a_status_set_on_and_off_in_full_json_and_its_log_line() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada = g.character("Ada")
    out = set_status(g, ada, "On-Hold", True)
    assert out.to_json() == {"name": "Ada", "status": "on_hold", "on": True, "statuses": ["on_hold"]}
    assert out.lines == ["[name]Ada[/]: on_hold on"]
    out = set_status(g, ada, " on_hold ", False)
    assert out.to_json() == {"name": "Ada", "status": "on_hold", "on": False, "statuses": []}
    assert out.lines == ["[name]Ada[/]: on_hold off"]
    assert bad(lambda: set_status(g, ada, "asleep", True)) == (
        "'asleep' is not a Savage Worlds status; use one of shaken, incapacitated, on_hold, defending, prone")


def test_setting_the_last_foe_incapacitated_ends_the_game() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    set_status(g, g.character("Goon"), "incapacitated", True)
    assert g.over and g.winner == "Heroes"


def test_wounds_set_by_hand_up_to_three_for_a_wild_card_and_one_for_an_extra() -> None:
    g = game([hero("Ada")], [extra("Goon")])
    ada, goon = g.character("Ada"), g.character("Goon")
    out = set_wounds(g, ada, 3)
    assert out.to_json() == {"name": "Ada", "wounds": 3, "statuses": []} and ada.wounds == 3
    assert out.lines == ["[name]Ada[/] now carries 3 wound(s)"]
    assert set_wounds(g, ada, 0).to_json()["wounds"] == 0
    assert bad(lambda: set_wounds(g, ada, 4)) == (
        "Ada can carry 0 to 3 wounds; set incapacitated with `set Ada incapacitated on`")
    assert bad(lambda: set_wounds(g, ada, -1)).startswith("Ada can carry 0 to 3 wounds")
    assert set_wounds(g, goon, 1).to_json()["wounds"] == 1
    assert bad(lambda: set_wounds(g, goon, 2)) == (
        "Goon can carry 0 to 1 wounds; set incapacitated with `set Goon incapacitated on`")


def test_the_settings_read_and_refused_word_for_word() -> None:
    assert read_settings({}).dice == "random"  # `new --physical` is the kernel's to set, after the hook
    assert read_settings({"damage": "hand"}).damage == "hand"
    assert read_settings({}).damage == "house"
    assert bad(lambda: read_settings({"wounds": "hand"})) == (
        "no setting 'wounds' in Savage Worlds; the settings are damage=house|hand, suppress=house|off, "
        "players=SIDE:N,..., allies=EXTRA:WILD_CARD,... and joker=shared|holder")
    assert read_settings({}).joker == ""  # not said: asked at the deal where it matters
    assert read_settings({"joker": "shared"}).joker == "shared"
    assert read_settings({"joker": "holder"}).joker == "holder"
    assert bad(lambda: read_settings({"joker": "both"})) == (
        "setting joker=both: use shared (a Wild Card's Extras share its Joker's +2) or holder (the Wild Card "
        "alone has it)")
    assert bad(lambda: read_settings({"damage": "soft"})) == (
        "setting damage=soft: use house (W8 applied) or hand (damage reported only)")
    assert read_settings({}).suppress == "house"
    assert read_settings({"suppress": "off", "damage": "hand"}).suppress == "off"
    assert bad(lambda: read_settings({"suppress": "on"})) == (
        "setting suppress=on: use house (suppressive fire as the published rule) or off")


def test_a_new_game_keeps_the_sides_order_and_marks_the_game_masters() -> None:
    heroes = Roster(Squad("Heroes", "Ada", ["Ada", "Cy"], "heroes.yaml"), [hero("Ada"), hero("Cy")], {})
    thugs = Roster(Squad("Thugs", "Boss", ["Boss", "Goon"], "thugs.yaml"), [hero("Boss", "Thugs"), extra("Goon")],
                   {"gm": True})
    g = new_game([heroes, thugs], NewGame(rounds=5, physical=True, settings={"damage": "hand"}))
    assert [(s.name, s.leader, s.members, s.roster) for s in g.squads] == [
        ("Heroes", "Ada", ["Ada", "Cy"], "heroes.yaml"), ("Thugs", "Boss", ["Boss", "Goon"], "thugs.yaml")]
    assert [c.name for c in g.characters] == ["Ada", "Cy", "Boss", "Goon"]
    assert g.gm == ["Thugs"] and g.rounds == 5 and len(g.deck) == 54
    assert (g.settings.dice, g.settings.damage) == ("random", "hand")  # --physical: the kernel's, after
    assert g.pools == {"Heroes": 3, "Thugs": 2} and g.character("Boss").bennies == 2
    g = new_game([heroes, Roster(thugs.squad, thugs.characters, {"gm": False})], NewGame())
    assert g.gm == [] and g.pools == {"Heroes": 3, "Thugs": 3} and g.rounds is None


# --- 2026-12-02 (second session): the players and allies settings' readers, at their edges.

def test_a_pairs_setting_reads_each_comma_separated_item_at_its_first_colon() -> None:
    from sprawl_cli.systems.savage_worlds.setup import _pairs

    assert _pairs("allies", " Pike : Ada ,Jonah:Cy") == [("Pike", "Ada"), ("Jonah", "Cy")]
    assert _pairs("allies", "Pike:Ada:Cy") == [("Pike", "Ada:Cy")]  # the name is what comes before the first colon
    for item in (":Ada", "Pike:", "Pike"):
        assert bad(lambda: _pairs("allies", f"Jonah:Cy,{item}")) == \
            f"setting allies=Jonah:Cy,{item}: each item is NAME:VALUE, not '{item}'"


@pytest.mark.parametrize("raw, players", [("1", 1), ("12", 12)])
def test_a_side_may_have_one_player_or_twelve(raw: str, players: int) -> None:
    from sprawl_cli.systems.savage_worlds.setup import _count

    assert _count("Heroes", raw) == players
