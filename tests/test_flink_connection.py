"""The rules file's golden cases C1-C8 and the vertex rule, on the formal face model."""

from __future__ import annotations

import pytest

from game.engines.flink.connection import connecting_path, offsets
from game.engines.flink.geometry import BLACK, WHITE, board

W, B = WHITE + 1, BLACK + 1
ROW = [(W, (0, 1, 0)), (W, (1, 1, 0)), (W, (2, 1, 0))]
TOPS = [(B, (x, 1, 1)) for x in range(3)]
SHEATH = [(B, (x, y, 0)) for x in range(3) for y in (0, 2)]

CASES = {
    "C1 straight row": (ROW, True),
    "C2 plan diagonal": ([(W, (0, 0, 0)), (W, (1, 1, 0)), (W, (2, 1, 0))], False),
    "C3 opponent in the gap": (
        [(W, (0, 0, 0)), (B, (1, 0, 0)), (W, (1, 1, 0)), (W, (2, 1, 0))],
        False,
    ),
    "C4 far edge cube is Black": (
        [(W, (0, 0, 0)), (B, (1, 0, 0)), (W, (1, 0, 1)), (B, (2, 0, 0)), (W, (2, 0, 1))],
        False,
    ),
    "C5 climb up and down": (
        [(W, (0, 0, 0)), (B, (1, 0, 0)), (W, (1, 0, 1)), (W, (2, 0, 0))],
        True,
    ),
    "C6 sheathed row": (ROW + TOPS + SHEATH, False),
    "C7 middle top uncovered": ([*ROW, TOPS[0], TOPS[2], *SHEATH], False),
    "C8 tops covered, sides free": (ROW + TOPS, True),
}


def white_connected(cubes: list[tuple[int, tuple[int, int, int]]], size: int = 3) -> bool:
    b = board("square", size)
    layers = max(z for _, (_, _, z) in cubes) + 2
    grid = bytearray(b.plane * layers)
    for colour, (x, y, z) in cubes:
        grid[z * b.plane + b.padded[y * b.width + x]] = colour
    sides = b.terminals[WHITE]
    off = offsets(b.padded_width, b.plane)
    return connecting_path(grid, off, b.plane, W, sides[0], sides[1]) is not None


@pytest.mark.parametrize("name", list(CASES))
def test_golden_cases(name: str) -> None:
    cubes, expected = CASES[name]
    assert white_connected(cubes) is expected


@pytest.mark.parametrize("name", list(CASES))
def test_golden_cases_read_the_same_mirrored(name: str) -> None:
    """Swapping west and east changes nothing: the model has no preferred direction."""
    cubes, expected = CASES[name]
    assert white_connected([(c, (2 - x, y, z)) for c, (x, y, z) in cubes]) is expected


def test_vertex_contact_never_connects_even_stacked() -> None:
    """Two white towers that meet only along a vertical edge (diagonal cells) stay apart."""
    left = [(W, (0, 0, z)) for z in range(3)]
    right = [(W, (1, 1, z)) for z in range(3)] + [(W, (2, 1, 0))]
    assert not white_connected(left + right)
    assert white_connected(left + right + [(B, (1, 0, 0)), (W, (1, 0, 1))])


def test_inner_corner_over_an_own_cube_links() -> None:
    """T4: with the corner cell White the diagonal pair is linked around the empty cell."""
    corner = [(W, (0, 0, 0)), (W, (1, 0, 0)), (W, (1, 1, 0)), (W, (2, 1, 0))]
    assert white_connected(corner)
    # With tops covered by Black, the walk must use side faces and the inner corner.
    tops = [(B, (x, y, 1)) for x, y, _ in (c for _, c in corner)]
    assert white_connected(corner + tops)


def test_terminal_needs_a_cube_at_height_zero() -> None:
    under = [(B, (x, 1, 0)) for x in range(3)]
    assert not white_connected(under + [(W, (x, 1, 1)) for x in range(3)])
