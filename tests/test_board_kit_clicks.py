"""The kit's click table (game/boards/clicks.py): one list of routes answers both "what does a
click here play in this phase" and "where do I click to play this action"."""

from __future__ import annotations

import pygame

from game.boards.clicks import ClickTable, Point, Route

DECKS = [pygame.Rect(0, 0, 50, 70), pygame.Rect(60, 0, 50, 70)]
DISCARD = pygame.Rect(200, 0, 50, 70)
CARDS = {7: pygame.Rect(0, 100, 50, 70), 8: pygame.Rect(30, 100, 50, 70)}  # 8 lies over 7
DRAW, DROP = 100, 99


def deck_at(pos: Point) -> int | None:
    return next((d for d, r in enumerate(DECKS) if r.collidepoint(pos)), None)


def card_at(pos: Point) -> int | None:
    return next((c for c, r in reversed(CARDS.items()) if r.collidepoint(pos)), None)


TABLE = ClickTable(
    [
        Route(
            ("draw",),
            deck_at,
            lambda a: DECKS[a - DRAW].center if a >= DRAW else None,
            lambda deck: DRAW + deck,
            "pick_deck",
        ),
        Route(
            ("return",),
            lambda pos: DROP if DISCARD.collidepoint(pos) else None,
            lambda a: DISCARD.center if a == DROP else None,
        ),
        Route(("return",), card_at, lambda c: (CARDS[c].x + 5, CARDS[c].centery)),
        Route(("pick",), card_at, lambda c: CARDS[c].center, refusal="pick_card"),
    ]
)


def test_a_click_plays_what_the_phase_route_finds_there():
    assert TABLE.click("draw", DECKS[1].center) == (DRAW + 1, None)
    assert TABLE.click("return", DISCARD.center) == (DROP, None)  # routes in order
    assert TABLE.click("return", (40, 130)) == (8, None)  # the thing itself by default
    assert TABLE.click("pick", (5, 130)) == (7, None)


def test_a_click_on_nothing_is_refused_with_the_phase_reason_or_ignored():
    assert TABLE.click("draw", (500, 500)) == (None, "pick_deck")
    assert TABLE.click("return", (500, 500)) == (None, None)
    assert TABLE.click("draw", CARDS[7].center) == (None, "pick_deck")  # another phase's thing
    assert TABLE.click("other", DECKS[0].center) == (None, None)


def test_the_inverse_gives_a_point_that_clicks_back_to_the_action():
    for phase, action in (("draw", DRAW), ("draw", DRAW + 1), ("return", DROP), ("return", 7)):
        at = TABLE.point(action, phase)
        assert at is not None and TABLE.click(phase, at) == (action, None)
    assert TABLE.point(DRAW + 1) == DECKS[1].center  # any phase
    assert TABLE.point(DROP, "draw") is None
