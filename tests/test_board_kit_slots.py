"""The kit's slots (game/boards/slots.py): a row of tiles, a fan, a grid, slots kept in a hand."""

from __future__ import annotations

import itertools

import pygame

from game.boards import slots


def test_a_row_of_tiles_is_centred_along_the_top_and_shrinks_to_fit_many() -> None:
    area = pygame.Rect(10, 20, 400, 60)
    few = slots.row(area, 2, 0.5, 4)
    assert [r.size for r in few] == [(120, 60)] * 2  # as tall as the area
    assert few[0].x - area.x == area.right - few[1].right and few[0].y == area.y
    assert few[1].x - few[0].right == 4
    many = slots.row(area, 8, 0.5, 4)
    assert many[0].w == (400 - 7 * 4) // 8 and many[0].h == round(many[0].w * 0.5) < 60
    assert many[0].x >= area.x and many[-1].right <= area.right
    assert slots.row(area, 0, 0.5, 4) == []


def test_a_fan_lays_cards_side_by_side_then_overlaps_them_by_whole_pixels() -> None:
    area = pygame.Rect(10, 0, 300, 100)
    assert [r.x for r in slots.fan(area, 3, 60, 84)] == [65, 130, 195]  # side by side, centred
    assert {r.y for r in slots.fan(area, 3, 60, 84)} == {8}  # centred down the area too
    squeezed = slots.fan(area, 8, 60, 84)
    assert squeezed[0].x == 11 and squeezed[-1].right == 309  # whole steps: 1 px spare each side
    assert {b.x - a.x for a, b in itertools.pairwise(squeezed)} == {34}


def test_a_grid_takes_the_rows_that_keep_its_cards_largest() -> None:
    wide = slots.grid(pygame.Rect(0, 0, 600, 100), 4, 1.4, 10)
    assert len({r.y for r in wide}) == 1  # a wide area: one row
    square = slots.grid(pygame.Rect(0, 0, 300, 400), 4, 1.4, 10)
    assert len({r.y for r in square}) == 2 and len({r.x for r in square}) == 2
    assert square[0].w == 139 and square[0].h == round(139 * 1.4)  # rows fill the height
    assert square[1].x - square[0].right == 10 and square[2].y - square[0].bottom == 10
    union = square[0].unionall(square[1:])
    assert abs(union.centerx - 150) <= 1 and abs(union.centery - 200) <= 1


def test_copies_left_in_a_hand_keep_the_slots_of_the_copies_not_taken() -> None:
    laid = {("c", 7, 0): pygame.Rect(0, 0, 10, 10), ("c", 7, 1): pygame.Rect(20, 0, 10, 10)}
    laid[("c", 9, 0)] = pygame.Rect(40, 0, 10, 10)
    held = [("c", 7, 0), ("c", 9, 0)]  # one 7 set aside: the hand's keys renumbered its copies

    def card(key: tuple[str, int, int]) -> int:
        return key[1]

    # the first 7 was taken: the 7 left stays in the second slot, not slides into the first
    took_first = slots.kept(laid, held, [("c", 7, 0)], card)
    assert took_first[("c", 7, 0)].x == 20 and took_first[("c", 9, 0)].x == 40
    took_second = slots.kept(laid, held, [("c", 7, 1)], card)
    assert took_second[("c", 7, 0)].x == 0
    assert slots.kept(laid, held, [], card)[("c", 7, 0)].x == 0  # nothing said: in order
