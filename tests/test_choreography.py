"""The kit's one animation driver: per-key enter / move / exit choreography on the keyed layer
(``game.boards.layer``), and the animation settings behaving alike on every board."""

from __future__ import annotations

import random

import pygame
import pytest

from game.boards import board_ids
from game.boards.base import Board
from game.boards.layer import Motion, Rest, SpriteLayer, flight_time
from game.engines import GAMES
from game.ui.tween import Timeline
from tests.test_board_contract import make_board

DECK = pygame.Rect(400, 300, 40, 56)
HAND = pygame.Rect(100, 100, 40, 56)
PILE = pygame.Rect(600, 20, 40, 56)


def make_layer(speed: float = 1.0) -> tuple[SpriteLayer, list[str]]:
    played: list[str] = []
    return SpriteLayer(Timeline(lambda: speed, played.append)), played


def test_a_key_enters_from_a_rect_turning_face_up_and_lands_at_rest() -> None:
    layer, played = make_layer()
    layer.sync({}, animate=False)
    motion = Motion(enter_from=DECK, turn=True, arc=20.0, sound="flip", landing="place", z=5)
    took = layer.sync({"card": HAND}, True, {"card": motion})
    card = layer.sprites["card"]
    assert took == pytest.approx(flight_time(pygame.Vector2(300, 200).length()))
    assert card.rect == DECK and card.face == 0.0 and card.moving and layer.flying() == [card]
    assert played == ["flip"]
    layer.tweens.update(took / 2)  # on its way, above its straight path, edge-on in its flip
    assert HAND.centerx < card.rect.centerx < DECK.centerx and 0.0 < card.face < 1.0
    assert card.center[1] < card.y
    layer.tweens.update(took)
    assert card.rect == HAND and card.face == 1.0 and not card.moving and layer.at_rest()
    assert played == ["flip", "place"]


def test_a_key_exits_to_a_rect_and_is_dropped_after() -> None:
    layer, _ = make_layer()
    layer.sync({"card": HAND}, animate=False)
    took = layer.sync({}, True, {"card": Motion(exit_to=PILE, duration=0.4, turn=True)})
    assert took == pytest.approx(0.4)
    card = layer.sprites["card"]
    assert card.leaving and layer.rect("card") is None  # no longer hit while it goes
    layer.tweens.update(0.2)
    assert "card" in layer.sprites and card.alpha == 1.0  # it flies, it does not fade
    layer.tweens.update(0.2)
    assert card.rect == PILE and card.face == 0.0 and "card" not in layer.sprites


def test_a_delay_orders_two_motions() -> None:
    layer, played = make_layer()
    layer.sync({}, animate=False)
    motions = {
        "a": Motion(enter_from=DECK, duration=0.3, sound="a"),
        "b": Motion(enter_from=DECK, duration=0.3, delay=0.3, sound="b"),
    }
    assert layer.sync({"a": HAND, "b": PILE}, True, motions) == pytest.approx(0.6)
    a, b = layer.sprites["a"], layer.sprites["b"]
    assert b.alpha == 0.0  # unseen on its deck until it sets off
    layer.tweens.update(0.29)
    assert a.rect == HAND and b.rect == DECK and played == ["a"]
    layer.tweens.update(0.16)
    assert b.alpha == 1.0 and b.rect != DECK and played == ["a", "b"]
    layer.tweens.update(0.15)
    assert b.rect == PILE and layer.at_rest()


def test_a_newer_motion_of_the_same_key_wins() -> None:
    layer, _ = make_layer()
    layer.sync({"card": HAND}, animate=False)
    layer.sync({"card": PILE}, True, {"card": Motion(duration=1.0, via=DECK, hold=1.0)})
    layer.tweens.update(0.5)
    layer.sync({"card": DECK}, True, {"card": Motion(duration=0.2, easing="linear")})
    layer.tweens.update(0.2)
    card = layer.sprites["card"]
    assert card.rect == DECK and not layer.tweens.busy  # the old flight, via and all, is gone
    layer.tweens.update(5.0)
    assert card.rect == DECK


def test_a_waypoint_holds_the_key_before_it_goes_on_and_rests_keep_their_tilt() -> None:
    layer, _ = make_layer()
    layer.sync({"card": HAND}, animate=False)
    tilted = Rest(PILE, angle=12.0)
    took = layer.sync({"card": tilted}, True, {"card": Motion(via=DECK, hold=0.5, duration=0.2)})
    assert took == pytest.approx(0.9)
    card = layer.sprites["card"]
    layer.tweens.update(0.4)
    assert card.rect == DECK  # shown where it was sent first, held there
    layer.tweens.update(0.3)
    assert card.rect == DECK
    layer.tweens.update(0.4)  # (the next leg starts on the frame after the first lands)
    assert card.rect == PILE and card.angle == 12.0 and not card.moving


def test_an_effect_runs_on_a_key_that_stays_and_ends_at_rest() -> None:
    layer, played = make_layer()
    layer.sync({"tile": HAND}, animate=False)
    motion = Motion(effect="strike", effect_time=0.4, delay=0.2, sound="knock")
    assert layer.sync({"tile": HAND}, True, {"tile": motion}) == pytest.approx(0.6)
    tile = layer.sprites["tile"]
    assert tile.effect == "strike" and tile.effect_k == 0.0 and not layer.at_rest()
    layer.tweens.update(0.4)
    assert tile.effect_k == pytest.approx(0.5) and played == ["knock"]
    layer.tweens.update(0.2)
    assert tile.effect is None and layer.at_rest() and tile.rect == HAND


def test_a_rest_gives_its_drawing_order_at_rest_and_in_flight() -> None:
    layer, _ = make_layer()
    layer.sync({"a": Rest(HAND, z=2), "b": Rest(PILE, z=1), "c": DECK}, animate=False)
    assert [s.key for s in layer.resting()] == ["c", "b", "a"]  # a plain rect: 0
    layer.sprites["c"].z = 7  # a key without a z of its rest keeps its own
    motion = Motion(enter_from=DECK, z=99)
    layer.sync({"a": Rest(PILE, z=0), "b": Rest(HAND, z=3), "c": DECK, "d": Rest(HAND, z=5)},
               True, {"a": Motion(z=50), "b": Motion(z=40), "d": motion})  # fmt: skip
    assert [s.key for s in layer.flying()] == ["a", "b", "d"]  # by the rests' order
    assert layer.sprites["c"].z == 7
    layer.tweens.update(2.0)
    assert [s.key for s in layer.resting()] == ["a", "b", "d", "c"]


def test_speed_zero_snaps_and_a_skip_finishes_everything() -> None:
    layer, played = make_layer(speed=0.0)
    layer.sync({"old": HAND}, animate=False)
    motions = {"new": Motion(enter_from=DECK, delay=1.0, sound="flip")}
    layer.sync({"new": PILE}, True, motions)
    layer.tweens.update(0.0)
    assert layer.sprites["new"].rect == PILE and "old" not in layer.sprites and layer.at_rest()
    assert played == ["flip"]  # "off" still says what happened, at once
    layer, played = make_layer(speed=1.0)
    layer.sync({"old": HAND}, animate=False)
    motions = {"new": Motion(enter_from=DECK, delay=1.0, landing="place", effect="pulse")}
    layer.sync({"new": PILE}, True, motions | {"old": Motion(exit_to=DECK)})
    layer.tweens.finish_all()
    assert layer.sprites["new"].rect == PILE and "old" not in layer.sprites and layer.at_rest()
    assert played == []  # a skip stays quiet


def changed(board: Board, game_id: str, seed: int) -> bool:
    """Play a random game shown to seat 0 until an observation change animates; whether one did."""
    rng, state = random.Random(seed), GAMES[game_id].new_state()
    board.show(state.observation(0), 0, [], animate=False)
    for _ in range(60):
        if state.is_terminal():
            return False
        rng_action = state.sample_chance(rng) if state.is_chance_node() else None
        state.apply_action(
            rng_action if rng_action is not None else rng.choice(state.legal_actions())
        )
        board.show(state.observation(0), 0, [], animate=True)
        if board.is_animating():
            return True
    return False


def at_rest(board: Board) -> bool:
    """Nothing animates and every thing the board keeps on the layer lies where it rests."""
    places = board.resting_places(board.obs)
    rests = {k: p if isinstance(p, pygame.Rect) else p.rect for k, p in places.items()}
    return (
        not board.is_animating()
        and board.layer.at_rest()
        and all(board.layer.rect(key) == rect for key, rect in rests.items())
    )


@pytest.mark.parametrize("game_id", board_ids())
def test_speed_skip_and_off_behave_the_same_on_every_board(game_id: str) -> None:
    speed = [1.0]
    board = make_board(game_id, speed, (1280, 800))
    assert changed(board, game_id, seed=3)  # speed 1: a change animates
    board.skip_animation()  # a click skips
    assert at_rest(board)
    board.draw(pygame.Surface((1280, 800)))
    speed[0] = 0.0
    off = make_board(game_id, speed, (1280, 800))
    assert not changed(off, game_id, seed=3)  # "off": never animating
    assert at_rest(off)
