"""Issue 38, item 12: what a newcomer could not read on the Battle Line table — Fog and Mud
drawn small, half behind the pennants, and the AI's newest card of a full column, a strip beside
the last-move tag — at the sizes a player sees (the window and the match scene's board area, at
1280 x 800 and 800 x 540), in English and Japanese."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game import i18n
from game.engines.battleline.actions import flag_action
from game.engines.battleline.cards import FOG, MUD, NUM_TROOPS, colour_of
from tests.test_battleline_board import HEURISTIC, Harness, my_turn_to_play

SIZES = [(1280, 800), (800, 540), (905, 716), (565, 487)]  # windows; the match scene's boards


@pytest.fixture(params=["en", "ja"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def shows_whole(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect) -> bool:
    """Whether ``surface`` shows ``image`` unchanged over ``rect``'s inside (``image`` drawn at
    ``rect``; its rounded corners and edge left out): nothing lies over it."""
    inner = rect.inflate(-max(4, rect.h // 2), -4)
    drawn = pygame.surfarray.array3d(surface.subsurface(inner)).astype(int)
    part = pygame.surfarray.array3d(image.subsurface(inner.move(-rect.x, -rect.y))).astype(int)
    return int(np.abs(drawn - part).max()) <= 4  # text blended twice may round differently


@pytest.mark.parametrize("size", SIZES)
def test_fog_and_mud_read_whole_beside_the_pennant(size, lang):
    """Each lies whole in its column, clear of the pennant, its claim seal and Claim button,
    the formation pills and each other, its name upright at 9 px or more and not cut."""
    h = Harness(8, size=size)
    my_turn_to_play(h)
    h.state.fog[4], h.state.mud[4], h.state.mud[6] = 0, 1, 0  # test set-up
    h.show(animate=False)
    board, surface = h.board, h.draw()
    g, table = board.geo, board.table
    pills = [pill for pill, _, _ in board.flags.pills()]
    assert g.env_px >= 9
    for f, card in ((4, FOG), (4, MUD), (6, MUD)):
        band = table.env_rect(f, card)
        assert table.column_rect(f).contains(band) and g.ridge.contains(band)
        assert not band.colliderect(board.flags.pennant_rect(f))
        assert not band.colliderect(board.flags.seal_rect(f))
        assert not band.colliderect(board.flags.button_rect(f))  # Claim, in the claim phase
        assert band.collidelist(pills) == -1
        name = table.art.text(i18n.t(f"battleline.card.{card}"), g.env_px, (0, 0, 0), bold=True)
        assert name.get_width() <= band.w - 4 and name.get_height() <= band.h + 4
        assert shows_whole(surface, table.art.env_band(card, band.w, band.h, g.env_px), band)
    assert not table.env_rect(4, FOG).colliderect(table.env_rect(4, MUD))
    assert board.flags.env_at(table.env_rect(4, MUD).center) == (4, MUD)


def corner_index_bottom(card: pygame.Surface, ink: tuple[int, int, int]) -> int:
    """The last pixel row of a card face's corner numeral (the first run of ``ink`` rows from the
    top of the face's left half)."""
    pixels = pygame.surfarray.array3d(card)[: card.get_width() // 2].astype(int)
    rows = (np.abs(pixels - ink).sum(axis=2) < 60).any(axis=0)
    first = int(np.argmax(rows))
    return first + int(np.argmin(rows[first:]))


@pytest.mark.parametrize("size", SIZES)
def test_the_ais_newest_card_of_a_full_column_shows_its_index_beside_the_tag(size, lang):
    """After the AI fills its Mud column (four cards), its newest card — the far strip of the
    column — shows its whole corner index, and the last-move tag covers neither it nor the
    column's formation pill."""
    h = Harness(5, size=size)
    my_turn_to_play(h)
    state = h.state
    troops = [c for c in state.decks[0] if c < NUM_TROOPS]
    free = [f for f in range(9) if state.claimed[f] < 0 and not any(state.sides[2 * f : 2 * f + 2])]
    flag = free[0]
    state.mud[flag] = 0  # test set-up: Mud there, two of the viewer's cards and three of the AI's
    for side, n in ((0, 2), (1, 3)):
        for _ in range(n):
            card = troops.pop()
            state.decks[0].remove(card)
            state.sides[2 * flag + side].append(card)
    h.show(animate=False)
    rng = h.rng

    def play_until(mover: int) -> None:
        while state.current_player() != mover:
            chance = state.current_player() < 0
            h.apply(state.sample_chance(rng) if chance else HEURISTIC.policy(state, rng))

    play_until(1)  # the viewer's turn, then the AI fills the Mud column
    newest = next(c for c in state.hands[1] if c < NUM_TROOPS)
    h.apply([newest, flag_action(flag)])
    play_until(h.viewer)
    h.settle()
    surface, board = h.draw(), h.board
    stack = h.obs["flags"][flag]["cards"][1]
    assert len(stack) == 4 and stack[-1] == newest and newest in board.marked
    strip = board.table.visible_rect(flag, 1, 3, 4)
    face = board.table.art.card(newest, strip.w)
    ink = board.table.art.suit_ink(colour_of(newest))
    assert corner_index_bottom(face, ink) <= strip.h
    assert shows_whole(surface, face.subsurface((0, 0, strip.w, strip.h)), strip)
    tag = board.mark_tag_box
    pills = [p for p, _, _ in board.flags.pills()]
    pill = next(p for p in pills if p.centerx == strip.centerx and p.y < strip.y)
    assert tag is not None and not tag.colliderect(strip) and not tag.colliderect(pill)
