"""The kit's hand (game/boards/hand.py): cards rise under the mouse at the same pace whatever the
frame rate, the hit test follows them as drawn, a click chooses or puts down, a press becomes a
drag past the threshold, and only a drag of the chosen card drops it."""

from __future__ import annotations

import pygame

from game.boards.cards import DRAG_START
from game.boards.hand import LIFT, HandView

W, H = 50, 70
RESTS = {k: pygame.Rect(100 + 30 * i, 300, W, H) for i, k in enumerate("abc")}  # overlapping fan


def hand() -> HandView[str]:
    view: HandView[str] = HandView()
    view.height = H
    return view


def test_the_hovered_card_rises_alike_at_any_frame_rate_and_the_others_sink():
    slow, fast = hand(), hand()
    mouse = (RESTS["b"].x + 10, RESTS["b"].centery)  # on b, left of c (which covers its right)
    slow.update(0.1, RESTS, mouse)
    for _ in range(10):
        fast.update(0.01, RESTS, mouse)
    assert abs(slow.lift("b") - fast.lift("b")) < 1e-9
    assert 0 < slow.lift("b") < LIFT * H and slow.lift("a") == slow.lift("c") == 0
    for _ in range(200):
        slow.update(0.05, RESTS, None)
    assert slow.lift("b") < 1e-3


def test_the_hit_test_takes_the_topmost_card_as_drawn_lifted_ones_included():
    view = hand()
    assert view.under(RESTS["b"].center, RESTS) == "b"
    assert view.under((RESTS["b"].right - 2, RESTS["b"].centery), RESTS) == "c"  # c lies on top
    assert view.under((10, 10), RESTS) is None
    top = (RESTS["a"].centerx - 10, RESTS["a"].top - 5)  # above a's place: only when a is up
    assert view.under(top, RESTS) is None
    view.levels = {"a": 1.0}
    assert view.under(top, RESTS) == "a"
    assert view.lifted("a", RESTS["a"]).top == RESTS["a"].top - round(LIFT * H)


def test_a_click_chooses_a_card_and_a_second_click_puts_it_down():
    view = hand()
    assert view.choose("a", (0, 0)) and view.selected == "a"
    assert not view.choose("a", (0, 0)) and view.selected is None
    view.reset()
    assert view.choose("c", (0, 0), draggable=False) and view.drag is None
    view.reset()
    assert view.selected is None
    view.choose("b", (0, 0))
    view.keep(True)
    assert view.selected == "b"
    view.keep(False)
    assert view.selected is None and view.drag is None


def test_a_press_becomes_a_drag_past_the_threshold_and_only_the_chosen_card_drops():
    view = hand()
    view.choose("b", (200, 200))
    view.move((200 + DRAG_START - 2, 200))
    assert view.dragged() is None and view.drag_sprite((0, 0), W) is None
    assert view.release() is None  # a click, not a drop
    view.choose("a", (200, 200))
    view.move((200 + DRAG_START + 4, 200))
    assert view.dragged() == "a"
    sprite = view.drag_sprite((250, 260), W)
    assert sprite is not None and (sprite.x, sprite.y) == (250, 260) and sprite.moving
    assert view.drag_sprite(None, W) is None
    view.update(0.5, RESTS, RESTS["c"].center)  # no hover lift while dragging
    assert view.lift("c") == 0 and view.lift("a") > 0
    assert view.release() == "a" and view.drag is None
    view.choose("c", (0, 0))
    view.move((50, 50))
    view.selected = None  # put down by another click meanwhile
    assert view.release() is None


def test_a_note_goes_centred_over_its_card():
    box = pygame.Rect(0, 0, 80, 20)
    hand().above(RESTS["b"], 6)(box)
    assert box.midbottom == (RESTS["b"].centerx, RESTS["b"].top - 6)
