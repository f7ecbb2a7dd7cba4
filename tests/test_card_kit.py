"""The card kit (game/boards/cards.py): fans, drags, the card under the pointer, card pictures."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.boards.cards import (
    CardArt,
    HoverFan,
    arc_fan,
    card_at,
    card_height,
    card_rect,
    dragging,
    fan_offsets,
)
from game.boards.layer import Sprite, SpriteLayer
from game.ui.tween import Timeline

PALETTE = {"gold": (222, 182, 96), "panel": (24, 20, 17)}


def test_a_fan_is_centred_and_squeezed_to_its_span() -> None:
    assert fan_offsets(0, 50, 400, 40) == [] and fan_offsets(1, 50, 400, 40) == [0.0]
    assert fan_offsets(3, 50, 400, 40) == [-40.0, 0.0, 40.0]  # room enough: the spacing asked
    squeezed = fan_offsets(6, 50, 150, 40)
    assert squeezed[-1] - squeezed[0] + 50 == pytest.approx(150)  # exactly the span
    assert sum(squeezed) == pytest.approx(0.0)
    whole = fan_offsets(4, 50, 161, 40, whole=True)  # squeezed by whole pixels: 37, not 37.67
    assert [b - a for a, b in itertools.pairwise(whole)] == [37.0, 37.0, 37.0]


def test_an_arc_fan_dips_at_the_ends_and_tilts_each_card() -> None:
    places = arc_fan(5, (100.0, 50.0), 20, 500, 15, dip=8.0, tilt=2.0)
    xs, ys, angles = zip(*places, strict=True)
    assert xs == (70.0, 85.0, 100.0, 115.0, 130.0)
    assert ys[2] == 50.0 and ys[0] == ys[4] == 58.0 and 50.0 < ys[1] < 58.0
    assert angles == (4.0, 2.0, 0.0, -2.0, -4.0)
    assert arc_fan(1, (10.0, 20.0), 20, 500, 15, 8.0, 2.0) == [(10.0, 20.0, 0.0)]


def test_a_press_becomes_a_drag_only_past_the_threshold() -> None:
    assert not dragging((10, 10), (13, 13))  # about 4 px: still a click
    assert dragging((10, 10), (16, 10))
    assert not dragging((10, 10), (16, 10), threshold=8)


def test_the_card_under_the_pointer_is_the_topmost_and_lifted_as_drawn() -> None:
    a, b = pygame.Rect(0, 100, 50, 70), pygame.Rect(30, 100, 50, 70)
    assert card_at((40, 120), [("a", a, 0), ("b", b, 0)]) == "b"  # b is drawn over a
    assert card_at((10, 90), [("a", a, 0), ("b", b, 0)]) is None
    assert card_at((10, 90), [("a", a, 20), ("b", b, 0)]) == "a"  # raised 20 px by hover
    assert card_at((10, 165), [("a", a, 20), ("b", b, 0)]) == "a"  # no gap under a lifted card


def test_card_rects_keep_the_card_aspect() -> None:
    rect = card_rect(100.4, 200.6, 50)
    assert rect.size == (50, card_height(50)) == (50, 70) and rect.center == (100, 201)


def _near(colour: pygame.Color, wanted: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 8 for a, b in zip(colour[:3], wanted, strict=True))


@pytest.fixture()
def art() -> CardArt:
    pygame.init()
    return CardArt(PALETTE)


def test_card_pictures_are_cached_and_sized(art: CardArt) -> None:
    assert art.shadow(40, 56) is art.shadow(40, 56)
    assert art.shadow(40, 56).get_width() > 40  # it spreads beyond the card
    slot = art.slot(40, 56, (0, 200, 0), True)
    assert slot.get_size() == (40, 56) and slot is art.slot(40, 56, (0, 200, 0), True)
    assert slot.get_at((20, 28)).a == 60  # a target's place is tinted inside
    assert art.slot(40, 56, (0, 200, 0), False).get_at((20, 28)).a == 0
    face = art.body(40, 56, (240, 230, 210), (200, 190, 170))
    ghost = art.ghost("x", face, (255, 0, 0))
    assert ghost.get_at((20, 28)).a < face.get_at((20, 28)).a  # see-through
    assert art.turned("x", face, 0) is face
    assert art.turned("x", face, 90).get_size() == (56, 40)


def test_a_card_sprite_turns_over_in_a_flip_and_fades(art: CardArt) -> None:
    front = art.body(40, 56, (250, 250, 250), (250, 250, 250))
    back = art.body(40, 56, (0, 0, 200), (0, 0, 200))
    surface = pygame.Surface((200, 200))
    sprite = Sprite("card", 100, 100, 40, 56)
    art.blit_card(surface, sprite, ("f", front), ("b", back))
    assert _near(surface.get_at((100, 100)), (250, 250, 250))
    sprite.face = 0.0
    art.blit_card(surface, sprite, ("f", front), ("b", back))
    assert _near(surface.get_at((100, 100)), (0, 0, 200))  # face down: its back
    surface.fill((0, 0, 0))
    sprite.face = 0.45  # nearly edge-on: a narrow strip of the back
    art.blit_card(surface, sprite, ("f", front), ("b", back))
    assert _near(surface.get_at((100, 100)), (0, 0, 200))
    assert surface.get_at((85, 100))[:3] == (0, 0, 0)
    surface.fill((255, 255, 255))
    sprite.face = 1.0
    art.blit_card(surface, sprite, ("f", front), ("b", back))
    assert surface.get_at((122, 100))[:3] == (255, 255, 255)  # at rest: no shadow
    sprite.moving = True  # in flight: a shadow falls below and to the right
    art.blit_card(surface, sprite, ("f", front), ("b", back))
    assert surface.get_at((122, 100))[0] < surface.get_at((78, 100))[0]


def test_cards_on_the_layer_fly_and_the_kit_draws_them_in_flight(art: CardArt) -> None:
    tweens = Timeline(lambda: 1.0, lambda _s: None)
    from game.boards.layer import Motion, SpriteLayer

    layer = SpriteLayer(tweens)
    deck, rest = pygame.Rect(0, -8, 40, 56), pygame.Rect(130, 92, 40, 56)
    layer.sync({"c": rest}, True, {"c": Motion(enter_from=deck, duration=0.5, turn=True)})
    sprite = layer.sprites["c"]
    tweens.update(0.25)
    assert 0.0 < sprite.face < 1.0 and layer.flying() == [sprite]
    surface = pygame.Surface((200, 200))
    front = art.body(40, 56, (250, 250, 250), (250, 250, 250))
    art.blit_card(surface, sprite, ("f", front), ("b", front))  # a flip mid-flight draws
    tweens.update(1.0)
    assert (sprite.x, sprite.y, sprite.face) == (150, 120, 1.0) and not layer.flying()


def _overlapping_row() -> dict:
    """Five cards 40 wide overlapping by half, and a thing that is no card of the fan."""
    return {("c", i): pygame.Rect(200 + 20 * i, 300, 40, 56) for i in range(5)} | {
        "unit": pygame.Rect(0, 0, 40, 56)
    }


def test_a_hover_fan_opens_around_the_pointed_card_and_shuts_when_the_pointer_leaves() -> None:
    tweens = Timeline(lambda: 1.0, lambda _s: None)
    layer, fan = SpriteLayer(tweens), HoverFan(lambda key: isinstance(key, tuple))
    shut = fan.cards(_overlapping_row())
    assert list(shut) == [("c", i) for i in range(5)]  # its cards only, in order
    layer.sync(shut, animate=False)
    bounds = pygame.Rect(150, 0, 180, 400)  # the row's ends: room for four cards whole
    pointed = (250, 320)  # on cards 1 and 2: the one on top (2) opens the fan
    fan.follow(pointed, shut, bounds, layer)
    assert fan.anchor == (("c", 2), shut[("c", 2)])
    opened = fan.spread(shut, bounds)
    assert opened[("c", 2)] == shut[("c", 2)], "the pointed card keeps its place"
    assert not any(a.colliderect(b) for a, b in itertools.combinations(opened.values(), 2))
    above = [k for k, r in opened.items() if r.bottom <= 300]
    assert above and all(bounds.x <= r.x and r.right <= bounds.right for r in opened.values())
    tweens.update(1.0)  # the cards slid to their places
    assert all(layer.sprites[k].x == r.centerx for k, r in opened.items())
    fan.follow(opened[("c", 0)].center, shut, bounds, layer)  # still on its cards: stays open
    assert fan.anchor is not None
    fan.follow((5, 5), shut, bounds, layer)
    assert fan.anchor is None and fan.spread(shut, bounds) == shut


def test_cards_that_lie_whole_never_open_a_hover_fan() -> None:
    fan = HoverFan(lambda key: True)
    apart = {i: pygame.Rect(50 * i, 0, 40, 56) for i in range(3)}
    fan.follow(
        (60, 10),
        apart,
        pygame.Rect(0, 0, 400, 100),
        SpriteLayer(Timeline(lambda: 1.0, lambda _s: None)),
    )
    assert fan.anchor is None
