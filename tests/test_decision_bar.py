"""The kit's decision bar: layout at both window sizes, keys and clicks pick, a refused choice
says why and plays nothing, hover, and a board that offers choices gets them for free."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pygame
import pytest

from game.boards.base import Board
from game.boards.decision import Choice, DecisionBar
from tests.test_board_kit import PebbleBoard, make_board

CHOICES = (
    Choice(1, "Attack", "3 dice · 58 % morale holds", key="attack"),
    Choice(None, "Heal", "a wounded soldier returns", refusal="No one is wounded."),
    Choice(2, "Defend", "lose 2 soldiers"),
    Choice(3, "救援 (area 4)", "敵を追い払う・士気が下がる可能性がある長い説明文です"),
)


class Offering(PebbleBoard):
    """A board whose only decision is the bar's."""

    def decision(self) -> tuple[str, Sequence[Choice]]:
        return ("Area 2 acts", CHOICES) if self.legal else ("", ())


def bar_at(size: tuple[int, int], area: pygame.Rect) -> tuple[DecisionBar, list[str]]:
    said: list[str] = []
    board = make_board()
    board.ctx.feedback = said.append
    board.rect = pygame.Rect((0, 0), size)
    bar = DecisionBar(board)
    bar.offer("Area 2 acts", CHOICES)
    bar.layout(area)
    return bar, said


@pytest.mark.parametrize("size", [(1280, 800), (800, 540)])
def test_a_side_panel_stacks_the_buttons_and_a_strip_sets_them_in_a_row(size) -> None:
    w, h = size
    column, _ = bar_at(size, pygame.Rect(w - 300, h // 3, 290, h * 2 // 3 - 10))
    buttons = [r for _, r in column.rects()]
    assert len({r.x for r in buttons}) == 1 and all(
        a.bottom < b.top for a, b in itertools.pairwise(buttons)
    )
    assert all(column.rect.contains(r) for r in buttons) and column.area.contains(column.rect)
    row, _ = bar_at(size, pygame.Rect(0, h - 120, w, 120))
    buttons = [r for _, r in row.rects()]
    assert len({r.y for r in buttons}) == 1 and all(
        a.right < b.left for a, b in itertools.pairwise(buttons)
    )
    assert all(row.area.contains(r) and r.h >= 9 + 4 for r in buttons)
    narrow, _ = bar_at(size, pygame.Rect(0, h - 200, 400, 200))  # too narrow for one row: a grid
    tops = sorted({r.y for _, r in narrow.rects()})
    assert len(tops) == 2 and all(narrow.area.contains(r) for _, r in narrow.rects())


def test_number_keys_and_clicks_pick_only_what_may_be_picked() -> None:
    bar, said = bar_at((1280, 800), pygame.Rect(900, 400, 300, 380))
    assert bar.numbered() == [1, 2, 3]
    assert bar.key(pygame.K_1) == 1 and bar.key(pygame.K_KP2) == 2 and bar.key(pygame.K_3) == 3
    assert bar.key(pygame.K_4) is None and bar.key(pygame.K_a) is None
    attack = bar.choice_rect("attack")
    assert attack is not None and bar.choice_rect(1) == attack
    assert bar.click(attack.center) == 1 and bar.click((5, 5)) is None and said == []


def test_a_refused_choice_says_why_on_click_and_on_hover_and_plays_nothing() -> None:
    bar, said = bar_at((800, 540), pygame.Rect(500, 250, 290, 280))
    heal = bar.rects()[1][1]
    assert bar.click(heal.center) is None and said == ["No one is wounded."]
    surface = pygame.Surface((800, 540))
    surface.fill((1, 2, 3))
    bar.draw(surface)
    plain = surface.copy()
    bar.move(heal.center)
    assert bar.hovered == 1
    bar.draw(surface)
    outside = [
        (x, y) for x in range(0, 800, 4) for y in range(0, 540, 4)
        if not bar.rect.collidepoint(x, y) and surface.get_at((x, y)) != plain.get_at((x, y))
    ]  # fmt: skip
    assert outside, "the reason is drawn beside the bar on hover"
    bar.move((5, 5))
    assert bar.hovered is None


def test_hover_lights_the_button_under_the_mouse() -> None:
    bar, _ = bar_at((1280, 800), pygame.Rect(900, 400, 300, 380))
    attack = bar.rects()[0][1]
    surface = pygame.Surface((1280, 800))
    bar.draw(surface)
    corner = (attack.x + attack.w - 12, attack.y + attack.h // 2)
    before = surface.get_at(corner)
    bar.move(attack.center)
    bar.draw(surface)
    assert bar.hovered == 0 and sum(surface.get_at(corner)[:3]) > sum(before[:3])


def test_nothing_offered_is_an_empty_bar() -> None:
    bar, _ = bar_at((800, 540), pygame.Rect(0, 400, 800, 140))
    bar.offer("", ())
    assert not bar.rect and bar.numbered() == [] and bar.rects() == []
    assert bar.click((400, 470)) is None and bar.key(pygame.K_1) is None


def test_a_board_that_offers_choices_gets_keys_clicks_hints_and_room_for_free() -> None:
    board = Offering(make_board().ctx)
    said: list[str] = []
    board.ctx.feedback = said.append
    board.layout(pygame.Rect(0, 0, 1280, 800))
    board.show({"taken": [0, 0], "pile": 5, "to_move": 0}, 0, [1, 2, 3], animate=False)
    assert board.numbered() == [1, 2, 3] and board.bar.rect
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2)
    assert board.handle_event(key) == 2
    for action in (1, 2, 3):
        (point,) = board.clicks_for(action)
        click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
        assert board.handle_event(click) == action
        ring = board.hint_rect(action)
        assert ring is not None and board.bar.rect.contains(ring)
    heal = board.bar.rects()[1][1]
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=heal.center, button=1)
    assert board.handle_event(click) is None and said == ["No one is wounded."]
    assert board.keep_clear() == [board.bar.rect]
    board.show({"taken": [0, 1], "pile": 4, "to_move": 1}, 0, [], animate=False)
    assert not board.bar.rect and board.numbered() == [] and board.keep_clear() == []
    assert Board.decision(board) == ("", ())


def test_a_choice_that_opens_under_a_resting_mouse_is_lit_at_once() -> None:
    board = Offering(make_board().ctx)
    board.layout(pygame.Rect(0, 0, 1280, 800))
    board.show({"taken": [0, 0], "pile": 5, "to_move": 1}, 0, [], animate=False)
    board.handle_idle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 0)))
    board.show({"taken": [0, 0], "pile": 5, "to_move": 0}, 0, [1, 2, 3], animate=False)
    attack = board.bar.choice_rect("attack")
    assert attack is not None and board.bar.hovered is None
    board.handle_idle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=attack.center))
    board.show({"taken": [0, 0], "pile": 5, "to_move": 0}, 0, [1, 2, 3], animate=False)
    assert board.bar.hovered == 0


def test_a_bar_at_its_areas_foot_is_as_tall_as_its_buttons() -> None:
    """Under a board's own words (Frontline's prompt) the bar stands at the foot of its area;
    it used to be laid out at the top and moved by the board, after the kit had lit the button
    under the resting mouse at its top place."""
    top, _ = bar_at((1280, 800), pygame.Rect(980, 500, 290, 290))
    foot, _ = bar_at((1280, 800), pygame.Rect(980, 500, 290, 290))
    foot.foot = True
    foot.layout(foot.area)
    assert foot.rect.size == top.rect.size and foot.rect.bottom == foot.area.bottom
    shift = foot.rect.y - top.rect.y
    assert shift > 0 and all(
        b == a.move(0, shift) for (_, a), (_, b) in zip(top.rects(), foot.rects(), strict=True)
    )
    assert all(foot.rect.contains(r) for _, r in foot.rects())
