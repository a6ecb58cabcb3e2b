"""The scatter compass (R15) as text: the line of fire points up the page."""

from __future__ import annotations

# (row, col) of each direction's arrow on a 5x9 grid; the centre is the aimed point.
_SPOTS = {1: (0, 4), 2: (1, 6), 3: (2, 8), 4: (3, 6), 5: (4, 4), 6: (3, 2), 7: (2, 0), 8: (1, 2)}
_ARROWS = {1: "↑", 2: "↗", 3: "→", 4: "↘", 5: "↓", 6: "↙", 7: "←", 8: "↖"}


def compass(direction: int | None = None, inches: int | None = None) -> list[str]:
    """Lines of Rich markup: the eight directions numbered, the chosen one as a bold arrow.

    Direction 1 is straight on along the line of fire, then clockwise to 8.
    """
    grid = [[" "] * 9 for _ in range(5)]
    for d, (r, c) in _SPOTS.items():
        grid[r][c] = str(d)
    grid[2][4] = "x"
    if direction in _SPOTS:
        r, c = _SPOTS[direction]
        grid[r][c] = f"[bold bright_yellow]{_ARROWS[direction]}[/]"
        # a short shaft from the centre towards the arrow
        dr, dc = (r - 2), (c - 4)
        mid_r, mid_c = 2 + (dr > 0) - (dr < 0), 4 + 2 * ((dc > 0) - (dc < 0))
        if (mid_r, mid_c) != (r, c) and grid[mid_r][mid_c] == " ":
            grid[mid_r][mid_c] = f"[bright_yellow]{'|' if dc == 0 else '-' if dr == 0 else ('/' if dr * dc < 0 else chr(92))}[/]"
    lines = ["  " + "".join(row).rstrip() for row in grid]
    lines.insert(0, "  [dim]line of fire ↑[/]")
    if direction in _SPOTS and inches is not None:
        lines.append(f"  lands {inches}\" {describe(direction)}")
    return lines


def describe(direction: int) -> str:
    """Words for a scatter direction, as seen from the thrower."""
    return {
        1: "straight on, beyond the aimed point",
        2: "forward and to the right",
        3: "to the right",
        4: "back and to the right",
        5: "straight back towards the thrower",
        6: "back and to the left",
        7: "to the left",
        8: "forward and to the left",
    }[direction]
