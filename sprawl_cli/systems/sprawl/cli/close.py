"""Close combat, the Recovery Phase and routing: `brawl`, `break`, `recover`, `rout`
(`concede` and `end` are the kernel's, shared by every system)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Optional

import typer

app = typer.Typer(add_completion=False)

Name = Annotated[str, typer.Argument(help="A character (case-insensitive).")]



def _act(kind: str, rule: Callable[[Any, Any, Any], Any], render: Callable[[dict[str, Any], bool], list[str]],
         actor: str | None = None, door: str | None = None) -> None:
    """The kernel's one flow, with a view that reads the outcome's JSON and the Rule of Tens."""
    from sprawl_cli.api import act

    act(kind, rule, lambda outcome, game: render(outcome.to_json(), game.settings.rule_of_tens), actor=actor,
        door=door)


def _ledge(game: Any, raw: str | None) -> tuple[str, ...]:
    """`--near-ledge NAMES` as the characters' names, lower case (R7)."""
    from sprawl_cli.api import parse_names

    return tuple(game.character(n).name.lower() for n in parse_names(raw or ""))


@app.command()
def brawl(
    attacker: Name,
    defender: Name,
    weapon: Annotated[Optional[str], typer.Option("--weapon", "-w", help="The attacker's melee weapon (default: its highest Power, else Fists).")] = None,
    mod: Annotated[Optional[list[int]], typer.Option("--mod", "-m", help="A modifier to the attacker's Difficulty; repeat for more.")] = None,
    near_ledge: Annotated[Optional[str], typer.Option("--near-ledge", metavar="NAMES",
                                                      help="Who is within 1\" of a ledge (R7).")] = None,
) -> None:
    """Close combat between two engaged characters (R12): both roll Brawling, the one with
    net successes left over deals damage with them.

    Example: sprawl brawl Wes Gordo --weapon Machete
    """
    from sprawl_cli.systems.sprawl.views.close import brawl_view_lines
    from sprawl_cli.systems.sprawl.close import brawl as fight

    _act("brawl", lambda game, dice, table: fight(game, game.character(attacker), game.character(defender), dice,
                                                  table, weapon, tuple(mod or ()), _ledge(game, near_ledge)),
         brawl_view_lines, actor=attacker)


@app.command(name="break")
def break_(
    name: Name,
    near_ledge: Annotated[Optional[str], typer.Option("--near-ledge", metavar="NAMES",
                                                      help="Who is within 1\" of a ledge (R7).")] = None,
) -> None:
    """Break away from close combat (R12): every opponent gets a free attack that
    NAME cannot answer; in its Movement Phase it then moves off (`sprawl move`, H5).

    Example: sprawl break Wes
    """
    from sprawl_cli.systems.sprawl.views.close import break_lines
    from sprawl_cli.systems.sprawl.close import break_away

    _act("break", lambda game, dice, table: break_away(game, game.character(name), dice, table,
                                                       _ledge(game, near_ledge)), break_lines, actor=name)


@app.command()
def recover(
    name: Annotated[Optional[str], typer.Argument(help="Only this character (default: everyone of the side who may try).")] = None,
) -> None:
    """The current side's Recovery Phase: pins (R11), Down (R8), panic (R10) and jammed guns (R14),
    in roster order. A panicked character tries only when safe or within 6" of its Leader
    (asked; `--yes` says it is).

    Example: sprawl recover Newton
    """
    from sprawl_cli.systems.sprawl.views.close import recover_lines
    from sprawl_cli.systems.sprawl.recovery import recover as recovery_phase

    _act("recover", lambda game, dice, table: recovery_phase(game, name, dice, table), recover_lines, actor=name,
         door=None if name else "recover --side")


@app.command()
def rout(
    side: Annotated[Optional[str], typer.Argument(help="The squad to check (default: the side whose turn it is).")] = None,
) -> None:
    """Make the routing check for a side now (R24): if more than 25% of it is pinned, Down,
    panicked or gone, its Leader (or the steadiest) rolls Smarts; failing loses the game.
    `--force` makes the check even when it is not due.

    Example: sprawl rout "S.U.I.T. #13"
    """
    from sprawl_cli.systems.sprawl.views.close import end_lines
    from sprawl_cli.systems.sprawl.recovery import rout as routing

    _act("rout", lambda game, dice, table: routing(game, game.squad(side) if side else game.current_squad, dice,
                                                   table), end_lines)
