"""Frontline's labels stay readable at the smallest window: at the board sizes the match scene
gives it (800x540 and 1280x800 windows) no label the board writes covers another, a card or a
unit, or leaves the board; the deck counts stay off their decks, the set-up title off the cards,
and the small card backs (decks, log icons) keep the size asked for."""

from __future__ import annotations

import functools
import itertools
import random

import pygame
import pytest

from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.boards.frontline.board import FrontlineBoard
from game.engines import GAMES
from game.engines.base import CHANCE
from game.engines.frontline import FrontlineState
from game.engines.frontline.cards import UNITS
from game.turns import Step
from tests.test_board_contract import make_board, tags_after_opponent_turns
from tests.test_frontline_board import _advance

# The board's rectangle in the match scene of an 800x540 and a 1280x800 window.
SIZES = [(565, 487), (905, 716)]


def _draw(board: FrontlineBoard, state: FrontlineState, viewer: int = 0) -> None:
    legal = state.legal_actions() if state.current_player() == viewer else []
    board.show(state.observation(viewer), viewer, legal, animate=False)
    board.update(0.0)
    board.draw(pygame.Surface(board.rect.size))


@functools.cache
def _stops(seed: int) -> list[FrontlineState]:
    """A game's states at set-up, commitment, the weapons decision (two-line buttons), an
    attack with its dice, and its end (played once for both sizes; drawing changes no state)."""
    rng = random.Random(seed)
    state = GAMES["frontline"].new_state()
    wanted = [
        lambda s: s.observation(0)["phase"] == "pick" and s.current_player() == 0,
        lambda s: s.observation(0)["phase"] == "commit" and s.current_player() == 0,
        lambda s: s.observation(0)["phase"] == "weapons" and s.current_player() == 0,
        lambda s: bool(s.observation(0)["attack"]["dice"]) and s.observation(0)["turn"] >= 2,
        lambda s: s.is_terminal(),
    ]
    stops = []
    for until in wanted:
        state = _advance(state, rng, until)
        stops.append(state.clone())
    return stops


def _overlaps(rects: list[pygame.Rect]) -> list[tuple[pygame.Rect, pygame.Rect]]:
    return [(a, b) for a, b in itertools.combinations(rects, 2) if a.colliderect(b)]


@pytest.mark.parametrize("size", SIZES)
def test_labels_neither_overlap_nor_leave_the_board(size: tuple[int, int]) -> None:
    board = make_board("frontline", [0.0], size)
    assert isinstance(board, FrontlineBoard)
    for state in _stops(3):
        _draw(board, state)
        phase = board.obs["phase"]
        assert phase != "weapons" or len(board.buttons) >= 2  # buttons with odds under them
        assert len(board.texts) >= 8, phase  # the tray, the score lines and the decks at least
        assert not _overlaps(board.texts), phase
        assert all(board.rect.contains(r) for r in board.texts), phase
        things = list(board.resting_places(board.obs).values())
        assert not any(t.colliderect(r) for t in board.texts for r in things), phase
        for _, back, label in board.panel.deck_spots():
            assert not back.colliderect(label) and board.geo.side.contains(back)
        if phase == "pick":
            cards = [r for k, r in board.resting_places(board.obs).items() if k[0] == "pick"]
            tray = board.geo.rows["tray"]
            titles = [t for t in board.texts if board.geo.table.contains(t) and t.y < tray.y]
            assert titles and not any(t.colliderect(c) for t in titles for c in cards)


def test_small_card_backs_keep_their_size_and_log_icons_their_row() -> None:
    pygame.init()
    for width in (8, 11, 16, 23):
        back = other.card_back("command", width, fc.NORMAL, "en")
        assert back.get_size() == (width, round(width * fc.RATIO))
    board = make_board("frontline", [0.0], SIZES[0])
    assert isinstance(board, FrontlineBoard)
    steps = [
        Step(0, 0, ("discard", {"player": 0, "command": 3}), ""),
        Step(1, CHANCE, ("die", {"player": 0, "die": 7}), ""),
        Step(2, 0, ("commit", {"player": 0, "card": 0}), ""),
    ]
    for px in (12, 14, 18):
        icons = board.log_icons(steps, px)
        assert len(icons) == 3 and all(icon.get_height() <= px for icon in icons)


def test_small_unit_faces_cut_what_does_not_fit() -> None:
    """On the starting-hand picker at 800x540 a card is ~76 px wide: a name too long even at the
    smallest size ends with "…" inside its room (it ran under the cost), a crew card's words
    stop inside their box, and the art gives way so a three-weapon table keeps its two lines a
    weapon."""
    pygame.init()
    for card in range(len(UNITS)):
        for room in (30, 45):
            assert fc.fit(UNITS[card].name, 8, (0, 0, 0), room, bold=True).get_width() <= room
    long = "Crews a tank or vehicle that needs a tank crew. Committed with it, it fights in it."
    box = pygame.Rect(0, 0, 60, 20)
    assert fc.paragraph(pygame.Surface((60, 60)), long, box, 7, (0, 0, 0)) <= box.bottom
    w, h = fc.card_size(76)
    three = next(i for i, unit in enumerate(UNITS) if len(unit.weapons) == 3)
    one = next(i for i, unit in enumerate(UNITS) if len(unit.weapons) == 1)
    assert fc.art_band(three, w, h).h < fc.art_band(one, w, h).h
    assert fc.art_band(one, 150, round(150 * fc.RATIO)).h == round(150 * fc.RATIO * 0.2)


def test_the_last_move_tag_keeps_off_the_bar_the_words_and_the_row_names() -> None:
    """After each opponent turn of a whole game at the board's smallest size, the tag naming it
    covers neither the opponent's bar (its hand's counts), the side panel, a word the board
    wrote (the tray's steps and attack, dice calls, chips), a Damage card strip or effect chip
    on a unit, nor a row's name on its left."""
    tags = 0
    for board, box in tags_after_opponent_turns("frontline", 3, SIZES[0]):
        assert isinstance(board, FrontlineBoard)
        geo = board.geo
        names = [
            pygame.Rect(row.x, row.y, 3 * geo.unit, row.h)
            for name, row in geo.rows.items()
            if name.endswith(("_ground", "_rear"))
        ]
        kept_off = [geo.rows["opp_bar"], geo.side, *board.texts, *board.pieces.tucked, *names]
        assert box.collidelist(kept_off) < 0, (box, kept_off[box.collidelist(kept_off)])
        tags += 1
    assert tags > 5
