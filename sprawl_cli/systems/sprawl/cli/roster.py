"""Roster files and the gear list: `roster show/check/new/add/edit/remove` and `gear` (issue 3).

Edits go through the data a roster file holds: load and validate the file,
change its plain data, dump it, validate what would be written, and only then
replace the file atomically. A refused edit never reaches the disk.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from sprawl_cli.api import current
from sprawl_cli.systems.sprawl.model import MOST_ATTRIBUTE

if TYPE_CHECKING:
    from rich.console import Console

    from sprawl_cli.systems.sprawl.model import Weapon
    from sprawl_cli.systems.sprawl.roster import Roster

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Make, check and edit roster files (one squad per file).")

FileArg = Annotated[Path, typer.Argument(help="The roster file (YAML).", metavar="FILE")]
NameArg = Annotated[str, typer.Argument(help="The character.")]
Shooting = Annotated[Optional[int], typer.Option("--shooting", min=0, max=MOST_ATTRIBUTE, help="Shooting (0 or more).")]
Brawling = Annotated[Optional[int], typer.Option("--brawling", min=0, max=MOST_ATTRIBUTE, help="Brawling (0 or more).")]
Quickness = Annotated[Optional[int], typer.Option("--quickness", min=0, max=MOST_ATTRIBUTE, help="Quickness (0 or more).")]
Smarts = Annotated[Optional[int], typer.Option("--smarts", min=0, max=MOST_ATTRIBUTE, help="Smarts (0 or more).")]
Guts = Annotated[Optional[int], typer.Option("--guts", min=0, max=MOST_ATTRIBUTE, help="Guts (0 or more).")]
Strength = Annotated[Optional[int], typer.Option("--strength", min=0, max=MOST_ATTRIBUTE, help="Strength (0 or more).")]
Toughness = Annotated[Optional[int], typer.Option("--toughness", min=1, max=MOST_ATTRIBUTE, help="Toughness (1 or more).")]
Health = Annotated[Optional[int], typer.Option("--health", min=1, max=MOST_ATTRIBUTE, help="Health (1 or more).")]
Weapons = Annotated[Optional[list[str]], typer.Option(
    "--weapon", "-w", help="A weapon from the gear list (`sprawl gear`); repeat for each.")]

NEW_HEADER = "# sprawl roster: one squad. Check it with `sprawl roster check FILE`.\n"


# --- helpers -------------------------------------------------------------------


def is_house(gear_file: Path, gear: dict[str, Weapon]) -> bool:
    """The shipped house list, or a copy of it unchanged (such as rosters/gear.yaml)."""
    from sprawl_cli.systems.sprawl.roster import HOUSE_GEAR, load_gear

    return gear_file.resolve() == HOUSE_GEAR.resolve() or gear == load_gear(HOUSE_GEAR)


def roster_json(roster: Roster, path: Path, gear_file: Path, house: bool | None = None) -> dict[str, Any]:
    from sprawl_cli.systems.sprawl.model import ATTRIBUTES
    from sprawl_cli.api import to_data

    people = []
    for c in roster.characters:
        values = {"toughness": c.max_toughness, "health": c.max_health}
        entry: dict[str, Any] = {"name": c.name, "leader": c.name == roster.squad.leader}
        entry.update({attr: values.get(attr, getattr(c, attr, 0)) for attr in ATTRIBUTES})
        entry["weapons"] = [to_data(w) for w in c.weapons]
        people.append(entry)
    gear: dict[str, Any] = {"file": str(gear_file)}
    if house is not None:
        gear["house_values"] = house
    return {"file": str(path), "squad": roster.squad.name, "leader": roster.squad.leader,
            "characters": people, "gear": gear}


def split_comments(text: str) -> tuple[str, bool]:
    """The file's opening comment block (kept on rewrite), and whether other comments exist (lost)."""
    lines = text.splitlines(keepends=True)
    header: list[str] = []
    for line in lines:
        if line.strip() == "" or line.lstrip().startswith("#"):
            header.append(line)
        else:
            break
    while header and header[-1].strip() == "":
        header.pop()
    for line in lines[len(header):]:
        for at, char in enumerate(line):
            before = line[:at]
            if char == "#" and (at == 0 or before[-1].isspace()) and before.count("'") % 2 == 0 \
                    and before.count('"') % 2 == 0:
                return "".join(header), True
    return "".join(header), False


def find_entry(people: list[dict[str, Any]], name: str, path: Path) -> int:
    """The index of the character called `name` (case-insensitive), or a did-you-mean refusal."""
    import difflib

    from sprawl_cli.api import BadInput

    wanted = name.strip().lower()
    names = [str(p.get("name", "")) for p in people]
    for i, known in enumerate(names):
        if known.lower() == wanted:
            return i
    close = difflib.get_close_matches(wanted, [n.lower() for n in names], n=1, cutoff=0.5)
    hint = (f"did you mean '{names[[n.lower() for n in names].index(close[0])]}'?" if close
            else f"its characters are: {', '.join(names) or 'none yet'}")
    raise BadInput(f"no character named '{name}' in {path}; {hint}")


def gear_names(wanted: list[str], gear: dict[str, Weapon], gear_file: Path) -> list[str]:
    """The gear list's own spelling of each weapon name, or a refusal naming the unknown one."""
    import difflib

    from sprawl_cli.api import BadInput

    found = []
    for name in wanted:
        weapon = gear.get(name.strip().lower())
        if weapon is None:
            close = difflib.get_close_matches(name.strip().lower(), list(gear), n=1, cutoff=0.5)
            hint = f"did you mean '{gear[close[0]].name}'?" if close else "`sprawl gear` lists them"
            raise BadInput(f"no weapon '{name}' in {gear_file}; {hint}")
        found.append(weapon.name)
    return found


def check_values(values: dict[str, int | None]) -> dict[str, int]:
    """The attributes given on the command line, each in its allowed range."""
    from sprawl_cli.api import BadInput

    given = {k: v for k, v in values.items() if v is not None}
    for attr, value in given.items():
        lowest = 1 if attr in ("health", "toughness") else 0
        if value < lowest:
            raise BadInput(f"--{attr} should be {lowest} or more, not {value}; nothing was changed")
    return given


def rewrite(path: Path, edit: Callable[[dict[str, Any], dict[str, Weapon], Path], str],
            allow_empty: bool = False) -> None:
    """Load and validate the roster at `path`, let `edit` change its data, validate the result, write it.

    `edit` returns a line for the person. Raises before writing on any problem,
    so a refused edit leaves the file byte for byte as it was.
    """
    from sprawl_cli.api import Where, atomic_write, yamlio
    from sprawl_cli.systems.sprawl.views.roster import roster_card
    from sprawl_cli.systems.sprawl.roster import gear_path_for, load_gear, roster_from_data, roster_to_data

    ctx = current()
    text = yamlio.read_text(path, "roster file")
    gear_file = gear_path_for(path)
    gear = load_gear(gear_file)
    data, lines = yamlio.parse(text, str(path))
    roster = roster_from_data(data, Where(str(path), lines), path, gear, allow_empty)
    plain = roster_to_data(roster, gear)
    said = edit(plain, gear, gear_file)
    header, lost = split_comments(text)
    new_text = (header + "\n" if header else "") + yamlio.dump(plain)
    # Validate exactly the text that would be written.
    source = f"{path} (after this change)"
    after_data, after_lines = yamlio.parse(new_text, source)
    after = roster_from_data(after_data, Where(source, after_lines), path, gear)
    if lost:
        ctx.warn(f"comments in {path} below its opening comment block are not kept when sprawl rewrites it")
    atomic_write(path, new_text)
    house = is_house(gear_file, gear)
    data_out = dict(roster_json(after, path, gear_file, house), changed=said)

    def view(console: Console) -> None:
        console.print(said)
        roster_card(console, after, str(path), str(gear_file), house, gear)

    ctx.emit(data_out, view)


# --- commands ------------------------------------------------------------------


@app.command()
def show(path: FileArg) -> None:
    """Show a roster as a squad card: attributes, weapons with their numbers, the leader starred.

    Example: sprawl roster show rosters/plf.yaml
    """
    from sprawl_cli.systems.sprawl.roster import gear_path_for, load_gear, load_roster

    ctx = current()
    gear_file = gear_path_for(path)
    gear = load_gear(gear_file)
    roster = load_roster(path, gear, allow_empty=True)
    house = is_house(gear_file, gear)

    def view(console: Console) -> None:
        from sprawl_cli.systems.sprawl.views.roster import roster_card

        roster_card(console, roster, str(path), str(gear_file), house, gear)

    ctx.emit(roster_json(roster, path, gear_file, house), view)


@app.command()
def check(
    paths: Annotated[list[Path], typer.Argument(help="Roster files to validate.", metavar="FILE...")],
) -> None:
    """Validate roster files; a problem is reported as FILE:LINE: key 'KEY': what is wrong (exit 1).

    Example: sprawl roster check rosters/plf.yaml rosters/suit.yaml
    """
    from sprawl_cli.api import SaveFileError
    from sprawl_cli.systems.sprawl.roster import load_roster

    ctx = current()
    results: list[dict[str, Any]] = []
    problems: list[str] = []
    for path in paths:
        try:
            roster = load_roster(path)
        except SaveFileError as problem:
            problems.append(problem.message)
            results.append({"file": str(path), "ok": False, "error": problem.message})
        else:
            results.append({"file": str(path), "ok": True, "squad": roster.squad.name,
                            "characters": len(roster.characters)})
    if problems:  # one error line, naming every file that failed
        raise SaveFileError("; ".join(problems))

    def view(console: Console) -> None:
        for r in results:
            count = r["characters"]
            console.print(f"[good]ok[/] {r['file']}: {r['squad']}, {count} character{'' if count == 1 else 's'}")

    ctx.emit({"ok": True, "files": results}, view)


@app.command(name="new")
def new_roster(
    path: FileArg,
    squad: Annotated[str, typer.Option("--squad", help="The squad's name.")],
    leader: Annotated[str, typer.Option("--leader", help="The leader's name (add that character next).")],
) -> None:
    """Write a new roster file for a squad; add its characters with `sprawl roster add`.

    Refuses to replace an existing file unless --force is given.

    Example: sprawl roster new rosters/gang.yaml --squad "Night Owls" --leader Vex
    """
    from sprawl_cli.api import BadInput, atomic_write, yamlio

    ctx = current()
    from sprawl_cli.api import name_fault

    for option, value in (("--squad", squad), ("--leader", leader)):
        if not value.strip():
            raise BadInput(f"{option} needs a name")
        if name_fault(value.strip()) is not None:
            raise BadInput(f"{option}: this name {name_fault(value.strip())}")
    if path.is_dir():
        raise BadInput(f"{path} is a folder; give the roster file's name, e.g. {path / 'squad.yaml'}")
    if path.exists() and not ctx.options.force:
        raise BadInput(f"{path} already exists; choose another name, or add --force to replace it")
    if not path.parent.is_dir():
        raise BadInput(f"there is no folder {path.parent} to put {path.name} in")
    data = {"squad": squad.strip(), "leader": leader.strip(), "characters": []}
    atomic_write(path, NEW_HEADER + yamlio.dump(data))
    nxt = f"sprawl roster add {path} {leader.strip()} --shooting N --brawling N ... --weapon W"
    ctx.emit({"file": str(path), "squad": data["squad"], "leader": data["leader"], "characters": []},
             lambda console: console.print(f"Wrote {path}. Add the leader first: {nxt}"))


@app.command()
def add(
    path: FileArg, name: NameArg,
    shooting: Shooting = None, brawling: Brawling = None, quickness: Quickness = None, smarts: Smarts = None,
    guts: Guts = None, strength: Strength = None, toughness: Toughness = None, health: Health = None,
    weapon: Weapons = None,
) -> None:
    """Add a character to a roster; every one of the eight attributes is needed.

    Example: sprawl roster add rosters/plf.yaml Dee --shooting 3 --brawling 2 --quickness 4
    --smarts 3 --guts 3 --strength 2 --toughness 2 --health 3 --weapon Pistol --weapon Knife
    """
    from sprawl_cli.api import BadInput
    from sprawl_cli.systems.sprawl.model import ATTRIBUTES

    values = check_values(dict(shooting=shooting, brawling=brawling, quickness=quickness, smarts=smarts,
                               guts=guts, strength=strength, toughness=toughness, health=health))
    missing = [f"--{a}" for a in ATTRIBUTES if a not in values]
    if missing:
        raise BadInput(f"give every attribute of '{name}'; missing {', '.join(missing)}")

    def edit(data: dict[str, Any], gear: dict[str, Weapon], gear_file: Path) -> str:
        people = data["characters"]
        if any(str(p["name"]).lower() == name.strip().lower() for p in people):
            raise BadInput(f"{path} already has a character called '{name}'; use `sprawl roster edit`")
        if not people and name.strip().lower() != str(data["leader"]).lower():
            raise BadInput(f"{path} has no characters yet; add its leader '{data['leader']}' first")
        people.append({"name": name.strip(), **{a: values[a] for a in ATTRIBUTES},
                       "weapons": gear_names(weapon or [], gear, gear_file)})
        return f"Added {name.strip()} to {path}."

    rewrite(path, edit, allow_empty=True)


@app.command()
def edit(
    path: FileArg, name: NameArg,
    shooting: Shooting = None, brawling: Brawling = None, quickness: Quickness = None, smarts: Smarts = None,
    guts: Guts = None, strength: Strength = None, toughness: Toughness = None, health: Health = None,
    weapon: Weapons = None,
    no_weapons: Annotated[bool, typer.Option("--no-weapons", help="Take every weapon away (Fists remain).")] = False,
    rename: Annotated[Optional[str], typer.Option("--rename", help="A new name for the character.")] = None,
    make_leader: Annotated[bool, typer.Option("--leader", help="Make this character the squad's leader.")] = False,
) -> None:
    """Change a character: the attributes given, its weapons (--weapon replaces the list), its name.

    Example: sprawl roster edit rosters/plf.yaml Razz --guts 4 --weapon SMG --weapon Knife
    """
    from sprawl_cli.api import BadInput

    values = check_values(dict(shooting=shooting, brawling=brawling, quickness=quickness, smarts=smarts,
                               guts=guts, strength=strength, toughness=toughness, health=health))
    if weapon and no_weapons:
        raise BadInput("give --weapon or --no-weapons, not both")
    if rename is not None and not rename.strip():
        raise BadInput("--rename needs a name")

    def change(data: dict[str, Any], gear: dict[str, Weapon], gear_file: Path) -> str:
        people = data["characters"]
        entry = people[find_entry(people, name, path)]
        old = entry["name"]
        entry.update(values)
        if weapon:
            entry["weapons"] = gear_names(weapon, gear, gear_file)
        if no_weapons:
            entry["weapons"] = []
        if rename is not None:
            if any(p is not entry and str(p["name"]).lower() == rename.strip().lower() for p in people):
                raise BadInput(f"{path} already has a character called '{rename.strip()}'")
            entry["name"] = rename.strip()
            if str(data["leader"]).lower() == old.lower():
                data["leader"] = entry["name"]
        if make_leader:
            data["leader"] = entry["name"]
        done = [f"{k} {v}" for k, v in values.items()]
        done += [f"weapons {', '.join(entry['weapons']) or 'none'}"] if weapon or no_weapons else []
        done += [f"renamed {entry['name']}"] if rename is not None else []
        done += ["now the leader"] if make_leader else []
        return f"Edited {old} in {path}: {'; '.join(done) if done else 'nothing to change'}."

    rewrite(path, change)


@app.command()
def remove(path: FileArg, name: NameArg) -> None:
    """Take a character out of a roster (not its leader, nor its last character).

    Example: sprawl roster remove rosters/plf.yaml Mutt
    """
    from sprawl_cli.api import BadInput

    def drop(data: dict[str, Any], gear: dict[str, Weapon], gear_file: Path) -> str:
        people = data["characters"]
        entry = people.pop(find_entry(people, name, path))
        if str(entry["name"]).lower() == str(data["leader"]).lower():
            raise BadInput(f"{entry['name']} leads {data['squad']}; make someone else leader first "
                           f"(`sprawl roster edit {path} NAME --leader`)")
        if not people:
            raise BadInput(f"{entry['name']} is the last character in {path}; a squad needs at least one")
        return f"Removed {entry['name']} from {path}."

    rewrite(path, drop)


@app.command(hidden=True)
def gear(
    roster: Annotated[Optional[Path], typer.Option("--roster", "-r", help="Use the gear.yaml beside this roster.")] = None,
) -> None:
    """List the weapons a roster may name: the gear.yaml beside the roster, else sprawl's house list.

    Example: sprawl gear --roster rosters/plf.yaml
    """
    from sprawl_cli.api import BadInput, to_data
    from sprawl_cli.systems.sprawl.views.roster import HOUSE_NOTE
    from sprawl_cli.systems.sprawl.roster import gear_path_for, load_gear

    ctx = current()
    if roster is not None and not roster.is_file():
        raise BadInput(f"no roster file {roster}; the gear list is the gear.yaml beside a roster")
    gear_file = gear_path_for(roster)
    weapons = load_gear(gear_file)
    house = is_house(gear_file, weapons)
    data: dict[str, Any] = {"file": str(gear_file), "house_values": house,
                            "weapons": [to_data(w) for w in weapons.values()]}
    if house:
        data["note"] = HOUSE_NOTE

    def view(console: Console) -> None:
        from sprawl_cli.systems.sprawl.views.roster import gear_view

        gear_view(console, list(weapons.values()), str(gear_file), house)

    ctx.emit(data, view)
