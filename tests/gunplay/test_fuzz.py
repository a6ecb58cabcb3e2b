"""Any sequence of commands with any dice either works or refuses with one of our errors,
and the game's bookkeeping stays whole."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sprawl_cli.dice import RecordingDice, ScriptedDice
from sprawl_cli.errors import SprawlError
from sprawl_cli.systems.gunplay.firing import Shot, fire
from sprawl_cli.systems.gunplay.melee import strike
from sprawl_cli.systems.gunplay.movement import move
from sprawl_cli.systems.gunplay.toughness import recover
from sprawl_cli.systems.gunplay.turn import aim, done, end_turn, side_has_work, simple_action, turn_finished
from tests.gunplay.build import game, person, table

NAMES = ["Ann", "Bo", "Cy", "Di"]
COMMANDS = ["fire", "strike", "charge", "aim", "move", "recover", "pass", "done", "next"]

command = st.tuples(st.sampled_from(COMMANDS), st.sampled_from(NAMES), st.sampled_from(NAMES),
                    st.sampled_from(["open", "some", "lots"]), st.one_of(st.none(), st.floats(-5, 80)),
                    st.booleans())


def run(g: Any, cmd: tuple[Any, ...], d: RecordingDice, force: bool) -> None:
    kind, who, whom, cover, distance, quick = cmd
    t = table(force=force)
    c, other = g.character(who), g.character(whom)
    if kind == "fire":
        fire(g, c, other, Shot(cover=cover, distance=distance, moving="quick" if quick else None), d, t)
    elif kind in ("strike", "charge"):
        strike(g, c, other, d, t, charging=kind == "charge")
    elif kind == "aim":
        aim(g, c, other, t)
    elif kind == "move":
        move(g, c, d, t, quick=quick, difficult="moderate" if quick else None)
    elif kind == "recover":
        recover(g, c, d, t)
    elif kind == "done":
        done(g, c, t)
    elif kind == "pass":
        simple_action(g, c, t, "pass")
    else:
        end_turn(g, d, t)


@settings(max_examples=150, deadline=None)
@given(st.lists(command, max_size=40), st.lists(st.integers(1, 12), min_size=200, max_size=200),
       st.lists(st.booleans(), min_size=40, max_size=40))
def test_commands_never_break_the_bookkeeping(cmds: list[tuple[Any, ...]], faces: list[int],
                                              forces: list[bool]) -> None:
    g = game([person("Ann", "Pistol", "Knife"), person("Bo", "Shotgun")],
             [person("Cy", "Rifle"), person("Di", "Knife")])
    d = RecordingDice(ScriptedDice(faces))
    for cmd, force in zip(cmds, forces, strict=False):
        before = {c.name: c.wounds for c in g.characters}
        try:
            run(g, cmd, d, force)
        except SprawlError:
            continue
        for c in g.characters:
            assert c.wounds >= before[c.name]
            assert 0 <= c.actions_left <= 2
            assert not (c.has("down") and c.has("prone"))
            if c.gone:
                assert c.down and c.wounds >= 4  # G7: only a hopeless recovery removes
        if g.active is not None:
            active = g.character(g.active)
            assert not active.activated and not active.gone and active.actions_left == 1
            assert g.current_squad.name == active.squad
        if g.over:
            assert g.winner in (None, "Red", "Blue")
        elif g.active is None and not turn_finished(g):
            assert side_has_work(g, g.side)  # G2: the side to go has someone left to activate
