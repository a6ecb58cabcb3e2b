"""Views of roster files and gear lists: the squad card and the weapons table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sprawl_cli.api import escape

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from sprawl_cli.systems.sprawl.model import RangeBand, Weapon
    from sprawl_cli.systems.sprawl.roster import Roster

# Column heads for the eight attributes, in the roster file's order.
ATTRIBUTE_HEADS = {
    "shooting": "Sho", "brawling": "Bra", "quickness": "Qui", "smarts": "Sma",
    "guts": "Gut", "strength": "Str", "toughness": "Tou", "health": "Hea",
}
HOUSE_NOTE = ("HOUSE VALUES: the rules' GEAR page is missing from the text, so these weapons and "
              "numbers are sprawl's own; put a gear.yaml beside your rosters to use yours.")


def inches(value: float) -> str:
    return f"{value:g}\""


def band(label: str, b: RangeBand | None) -> str:
    return f"{label} {inches(b.max)} ({b.mod:+d})" if b is not None else ""


def weapons_table(weapons: list[Weapon], title: str) -> Table:
    """A Rich table of weapons and every number they have (blank where one does not apply)."""
    from rich.table import Table

    grid = Table(title=title, title_justify="left", title_style="bold")
    for head in ("weapon", "kind", "power", "reliability", "short", "long", "blast", "uses"):
        grid.add_column(head, justify="left" if head in ("weapon", "kind", "short", "long") else "right")
    for w in weapons:
        grid.add_row(
            escape(w.name), w.kind, str(w.power),
            "" if w.reliability is None else str(w.reliability),
            band("≤", w.short).strip(), band("≤", w.long).strip(),
            "" if w.blast is None else inches(w.blast),
            "" if w.uses is None else str(w.uses),
        )
    return grid


def roster_card(console: Console, roster: Roster, source: str, gear_source: str, house: bool,
                gear: dict[str, Weapon] | None = None) -> None:
    """The squad card: every character's eight attributes and weapons, the leader starred,
    then the numbers of every weapon the squad carries."""
    from rich.table import Table

    from sprawl_cli.systems.sprawl.model import ATTRIBUTES

    squad = roster.squad
    card = Table(title=f"{escape(squad.name)} [dim]({escape(source)})[/]", title_justify="left",
                 title_style="bold", caption="★ leader", caption_justify="left")
    card.add_column("name")
    for attr in ATTRIBUTES:
        card.add_column(ATTRIBUTE_HEADS[attr], justify="right")
    card.add_column("weapons")
    carried: list[Weapon] = []
    for c in roster.characters:
        star = " ★" if c.name == squad.leader else ""
        values = {"toughness": c.max_toughness, "health": c.max_health}
        carried.extend(w for w in c.weapons if w not in carried)
        card.add_row(f"[name]{escape(c.name)}[/]{star}",
                     *(str(values.get(attr, getattr(c, attr, 0))) for attr in ATTRIBUTES),
                     ", ".join(escape(w.name) for w in c.weapons) or "[dim]Fists only[/]")
    console.print(card)
    if not roster.characters:
        console.print(f"[warn]No characters yet.[/] Add the leader first: "
                      f"sprawl roster add {escape(source)} {escape(squad.leader)} --shooting N ...")
    # A weapon that differs from the gear list's entry of that name was defined in the roster itself.
    inline = [w for w in carried if gear is not None and gear.get(w.name.lower()) != w]
    listed = [w for w in carried if w not in inline]
    if listed:
        label = " [warn](house values)[/]" if house else ""
        console.print(weapons_table(listed, f"Weapons [dim](from {escape(gear_source)}){label}[/]"))
    if inline:
        console.print(weapons_table(inline, f"Weapons [dim](defined in {escape(source)})[/]"))


def gear_view(console: Console, weapons: list[Weapon], source: str, house: bool) -> None:
    """The weapons a roster may name, with all their numbers."""
    if house:
        console.print(f"[warn]{escape(HOUSE_NOTE)}[/]")
    console.print(weapons_table(weapons, f"Gear: {escape(source)}"))
    console.print("[dim]Every character also has Fists (melee, Power 0). A roster may define a weapon inline "
                  "as a map with name, kind, power and the numbers above.[/]")
