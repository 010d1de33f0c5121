"""Hex coordinates: parse and format map coordinates, find neighbours across an edge.

Coordinates are "doubled": hexes in one column are 2 apart in y, diagonal neighbours differ
by 1 in both x and y. A title's `axes` say which part of a name like "K3" is x and which is
y; e.g. {"x": "number", "y": "letter"} (x = number - 1, y = letter index), the default
is {"x": "letter", "y": "number"}.

Edges of a flat-topped hex are numbered clockwise from the bottom: 0 = S, 1 = SW, 2 = NW,
3 = N, 4 = NE, 5 = SE.
"""
from __future__ import annotations

import re
from typing import Optional, Union

Coord = tuple[int, int]

DEFAULT_AXES = {"x": "letter", "y": "number"}

#: edge -> (dx, dy) for the flat layout
FLAT_OFFSETS: tuple[Coord, ...] = ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1))
#: edge -> (dx, dy) for the pointy layout (pointy-topped maps)
POINTY_OFFSETS: tuple[Coord, ...] = ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1))

EDGE_NAMES = ("S", "SW", "NW", "N", "NE", "SE")

_LETTERS = [chr(ord("A") + i) for i in range(26)]
_LETTERS += ["A" + c for c in _LETTERS]          # AA .. AZ, as 18xx.games
_LETTER_INDEX = {s: i for i, s in enumerate(_LETTERS)}
_COORD_RE = re.compile(r"^([A-Za-z]+)(-?\d+)$")


def opposite(edge: int) -> int:
    """The edge facing `edge` on the neighbouring hex."""
    return (edge + 3) % 6


def rotate(edge: int, rotation: int) -> int:
    """Map a tile edge onto the map when the tile is turned clockwise by `rotation` sixths."""
    return (edge + rotation) % 6


def parse(coord: str, axes: Optional[dict] = None) -> Coord:
    """"K3" -> (x, y) in doubled coordinates for the given axes. Raises ValueError."""
    m = _COORD_RE.match(coord.strip())
    if not m:
        raise ValueError(f"{coord!r} is not a hex coordinate (expected a letter and a number, like K3)")
    letter, number = m.group(1).upper(), int(m.group(2))
    if letter not in _LETTER_INDEX:
        raise ValueError(f"{coord!r} is not a hex coordinate")
    li = _LETTER_INDEX[letter]
    axes = axes or DEFAULT_AXES
    x = li if axes.get("x") == "letter" else number - 1
    y = li if axes.get("y") == "letter" else number - 1
    return x, y


def format_coord(xy: Coord, axes: Optional[dict] = None) -> str:
    """(x, y) -> "K3" for the given axes (inverse of `parse`)."""
    x, y = xy
    axes = axes or DEFAULT_AXES
    if axes.get("x") == "letter":
        letter, number = _LETTERS[x], y + 1
    else:
        letter, number = _LETTERS[y], x + 1
    return f"{letter}{number}"


def offsets(layout: str = "flat") -> tuple[Coord, ...]:
    return FLAT_OFFSETS if layout == "flat" else POINTY_OFFSETS


def neighbor(coord: Union[Coord, str], edge: int, axes: Optional[dict] = None,
             layout: str = "flat") -> Union[Coord, str]:
    """The hex across `edge`. Given (x, y) returns (x, y); given "K3" (with `axes`) returns a name.

    The result may lie off the map; the board decides whether a hex exists there.
    """
    dx, dy = offsets(layout)[edge % 6]
    if isinstance(coord, str):
        x, y = parse(coord, axes)
        return format_coord((x + dx, y + dy), axes)
    x, y = coord
    return x + dx, y + dy


def direction(a: Coord, b: Coord, layout: str = "flat") -> Optional[int]:
    """The edge of hex `a` that faces hex `b`, or None if they are not adjacent."""
    d = (b[0] - a[0], b[1] - a[1])
    try:
        return offsets(layout).index(d)
    except ValueError:
        return None


def distance(a: Coord, b: Coord, layout: str = "flat") -> int:
    """Hex distance as the crow flies."""
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    if layout == "pointy":
        return dy + max(0, (dx - dy) // 2)
    return dx + max(0, (dy - dx) // 2)


class Grid:
    """Coordinate helper bound to one title's axes and layout, working on names like "K3"."""

    def __init__(self, axes: Optional[dict] = None, layout: str = "flat"):
        self.axes = dict(axes or DEFAULT_AXES)
        self.layout = layout

    def parse(self, coord: str) -> Coord:
        return parse(coord, self.axes)

    def format(self, xy: Coord) -> str:
        return format_coord(xy, self.axes)

    def neighbor(self, coord: str, edge: int) -> str:
        return neighbor(coord, edge, self.axes, self.layout)  # type: ignore[return-value]

    def direction(self, a: str, b: str) -> Optional[int]:
        return direction(self.parse(a), self.parse(b), self.layout)

    def distance(self, a: str, b: str) -> int:
        return distance(self.parse(a), self.parse(b), self.layout)
