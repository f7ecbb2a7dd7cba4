"""The board kit: tweens and the timeline, colour maths, the registry by convention, and the
"last move" marks of the keyed layer (with a tiny board over the Pebbles test game)."""

from __future__ import annotations

from typing import ClassVar

import pygame
import pytest

from game.boards import board_class, board_ids, has_board
from game.boards.base import Board, BoardContext, changed_keys, hit
from game.boards.layer import Motion, Rest, blit_sprite
from game.boards.notes import Risers
from game.boards.palette import palette_of
from game.ui import overlays, theme
from game.ui.draw import Art, approach, darker, lighter, mix, pulse
from game.ui.tween import Timeline, Tweener
from tests.test_app_fakes import PebblesGame


class Thing:
    x = 0.0
    y = 0.0


def test_a_replaced_tween_stops_and_never_fires_its_finish() -> None:
    tweens, thing, fired = Tweener(), Thing(), []
    tweens.animate(thing, 1.0, "linear", x=10.0, on_finish=lambda: fired.append("old"))
    tweens.update(0.5)
    tweens.animate(thing, 1.0, "linear", x=-10.0, on_finish=lambda: fired.append("new"))
    tweens.update(0.25)
    assert thing.x == pytest.approx(5.0 + (-10.0 - 5.0) * 0.25)  # only the new tween moves it
    tweens.finish_all()
    assert fired == ["new"] and thing.x == -10.0


def test_a_partly_replaced_tween_keeps_its_other_attributes_and_its_finish() -> None:
    tweens, thing, fired = Tweener(), Thing(), []
    tweens.animate(thing, 1.0, "linear", x=10.0, y=4.0, on_finish=lambda: fired.append("old"))
    tweens.animate(thing, 1.0, "linear", x=-10.0)
    tweens.update(1.0)
    assert thing.y == 4.0 and thing.x == -10.0 and fired == ["old"]


def test_timeline_calls_sounds_and_the_speed_setting() -> None:
    speed, played, called = [1.0], [], []
    timeline = Timeline(lambda: speed[0], played.append)
    timeline.call(0.5, lambda: called.append(1))
    timeline.sound(0.5, "place")
    timeline.update(0.25)
    assert not called and not played
    timeline.update(0.3)
    assert called == [1] and played == ["place"] and not timeline.busy
    timeline.sound(0.5, "flip")
    timeline.finish_all()  # a click skips: the late sound stays quiet
    assert played == ["place"]
    speed[0] = 2.0
    timeline.call(1.0, lambda: called.append(2))
    timeline.update(0.5)  # double speed: half a second reaches the one-second mark
    assert called == [1, 2]
    speed[0] = 0.0  # animations off: everything snaps, sounds play at once
    thing = Thing()
    timeline.animate(thing, 3.0, x=1.0)
    timeline.update(0.0)
    timeline.sound(2.0, "knock")
    assert thing.x == 1.0 and played == ["place", "knock"]


def test_colour_maths() -> None:
    assert mix((0, 0, 0), (200, 100, 50), 0.5) == (100, 50, 25)
    assert lighter((0, 0, 0), 1.0) == (255, 255, 255) and darker((90, 90, 90), 1.0) == (0, 0, 0)
    assert all(0.0 <= pulse(t / 10) <= 1.0 for t in range(100))
    assert pulse(0.0, low=170, high=255) == pytest.approx(212.5)


def test_boards_are_found_by_convention_with_their_palettes_and_seat_colours() -> None:
    ids = board_ids()
    assert {"flatfront", "battleline"} <= set(ids)
    assert not has_board("nonesuch") and not has_board("../x")
    for game_id in ids:
        cls = board_class(game_id)
        home = f"game.boards.{game_id}"  # the board's module, or a module of its package
        assert issubclass(cls, Board)
        assert cls.__module__ == home or cls.__module__.startswith(f"{home}.")
        normal = theme.board_palette(cls, False)
        assert set(normal) == set(theme.board_palette(cls, True))
        for seat, role in enumerate(cls.SEAT_ROLES):
            assert theme.seat_colour(game_id, normal, seat) == normal[role]
        assert set(palette_of(cls, False)) >= set(normal) | {"last_move", "highlight"}


def test_the_colour_blind_palette_gets_the_kits_colour_blind_roles():
    """A board lists only its own colours: text, panels and the hint come from the kit, in the
    colour-blind variant when asked; a board's own entry still wins."""
    from game.boards.palette import BASE_COLORBLIND, BASE_PALETTE

    class Plain(Board):
        PALETTES: ClassVar = {
            "normal": {"a": (1, 2, 3)},
            "colorblind": {"a": (3, 2, 1), "hint": (9, 9, 9)},
        }

    assert palette_of(Plain, False)["text"] == BASE_PALETTE["text"]
    colorblind = palette_of(Plain, True)
    assert colorblind["text"] == BASE_COLORBLIND["text"] != BASE_PALETTE["text"]
    assert colorblind["hint"] == (9, 9, 9) and colorblind["a"] == (3, 2, 1)
    assert colorblind["last_move"] == BASE_PALETTE["last_move"]


class PebbleBoard(Board):
    """Each player's card is a keyed thing; the pile is one."""

    def paint(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0), self.rect)
        self.draw_layer(surface)

    def things(self, obs: dict) -> dict:
        return {("taken", i): n for i, n in enumerate(obs["taken"])} | {"pile": obs["pile"]}

    def rest(self, key: object, obs: dict) -> pygame.Rect:
        """Each player's pebbles in a box; the pile's box moves right as it shrinks."""
        if isinstance(key, tuple):
            return pygame.Rect(10 + 60 * key[1], 10, 50, 50)
        return pygame.Rect(130 + 2 * (5 - obs["pile"]), 10, 50, 50)

    def draw_thing(
        self, surface: pygame.Surface, key: object, rect: pygame.Rect, alpha: float
    ) -> None:
        self.drawn[key] = (rect, alpha)


def make_board(speed: float = 0.0) -> PebbleBoard:
    pygame.font.init()
    game = PebblesGame()
    ctx = BoardContext(
        game=game,
        options={},
        num_players=2,
        seat_names=["You", "Hard AI"],
        palette=palette_of(PebbleBoard, False),
        lang="en",
        feedback=lambda text: None,
        play_sound=lambda name: None,
        anim_speed=lambda: speed,
    )
    board = PebbleBoard(ctx)
    board.drawn = {}
    return board


def test_the_opponents_last_turn_stays_marked_until_the_viewer_acts() -> None:
    board = make_board()
    state = PebblesGame().new_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    assert board.marked == set()
    assert state.current_player() == 0
    state.apply_action(1)  # the viewer takes one: its own move is not marked
    board.show(state.observation(0), 0, [], animate=True)
    assert board.marked == set()
    previous = state.observation(0)
    state.apply_action(2)  # the opponent takes two
    board.show(state.observation(0), 0, state.legal_actions(), animate=True)
    assert board.marked == {("taken", 1), "pile"}
    surface = pygame.Surface((300, 100))
    board.draw(surface)  # the ring is drawn in the last-move colour
    ring = (10 + 60 - 2, 30)
    assert surface.get_at(ring)[:3] == board.ctx.palette["last_move"]
    board.highlight_turn(previous, state.observation(0))  # its log row hovered: a new colour
    assert board.highlighted == board.marked
    board.draw(surface)
    assert surface.get_at(ring)[:3] == board.ctx.palette["highlight"]
    board.highlight_turn(None, None)
    live = state.observation(0)
    board.show(PebblesGame().new_state().observation(0), 0, [], animate=False)
    assert board.marked == set()  # reviewing another position hides the marks...
    board.show(live, 0, state.legal_actions(), animate=False)
    assert board.marked == {("taken", 1), "pile"}  # ...and coming back shows them again
    state.apply_action(1)  # the viewer acts: the marks go
    board.show(state.observation(0), 0, [], animate=True)
    assert board.marked == set()


def test_highlight_turn_and_hit_testing() -> None:
    board = make_board()
    before = {"taken": [0, 0], "pile": 5, "cards": [None, None], "to_move": 0}
    after = {"taken": [1, 0], "pile": 4, "cards": [None, None], "to_move": 1}
    board.show(after, 0, [], animate=False)
    board.highlight_turn(before, after)
    assert (
        board.highlighted
        == {("taken", 0), "pile"}
        == changed_keys(board.things(before), board.things(after))
    )
    assert board.key_at((15, 15)) == ("taken", 0) and board.key_at((500, 500)) is None
    board.mouse = (140, 20)
    assert board.hovered == "pile"
    board.highlight_turn(None, None)
    assert board.highlighted == set()


def test_the_sprite_layer_animates_enter_move_and_exit() -> None:
    board = make_board(speed=1.0)
    first = {"taken": [0, 0], "pile": 5, "to_move": 0}
    board.show(first, 0, [], animate=False)
    assert board.thing_rect("pile") == pygame.Rect(130, 10, 50, 50)
    board.show({"taken": [1], "pile": 4, "to_move": 1}, 0, [], animate=True)  # seat 1 left
    assert board.is_animating()
    board.update(0.1)
    board.draw(pygame.Surface((300, 100)))
    moving = board.drawn["pile"][0]
    assert 130 < moving.x < 132  # sliding towards its new place
    assert 0.0 < board.drawn[("taken", 1)][1] < 1.0  # fading out
    assert board.thing_rect(("taken", 1)) is None  # a leaving thing is not hit any more
    board.update(1.0)
    assert not board.is_animating() and board.thing_rect("pile") == pygame.Rect(132, 10, 50, 50)
    assert ("taken", 1) not in board.layer.sprites
    board.show(first, 0, [], animate=True)  # it comes back: enters, growing from 80 %
    assert board.layer.sprites[("taken", 1)].alpha == 0.0
    board.skip_animation()
    assert board.thing_rect(("taken", 1)) == pygame.Rect(70, 10, 50, 50)


def test_hot_seat_the_next_player_sees_the_previous_players_turn() -> None:
    board = make_board()
    start = {"taken": [0, 0], "pile": 5, "to_move": 0}
    board.show(start, 0, [1, 2], animate=False)
    after = {"taken": [1, 0], "pile": 4, "to_move": 1}
    board.show(after, 0, [], animate=True)  # still shown to the player who just moved
    assert board.marked == set()
    board.show(after, 1, [1, 2], animate=False)  # the curtain lifts for the next player
    assert board.marked == {("taken", 0), "pile"}
    then = {"taken": [1, 2], "pile": 2, "to_move": 0}
    board.show(then, 0, [1, 2], animate=True)  # player 1 moved: player 0 sees only that
    assert board.marked == {("taken", 1), "pile"}


def near(pixel: pygame.Color, colour: tuple[int, int, int]) -> bool:
    """Equal but for the rounding of smoothed edges and translucent fills."""
    return all(abs(a - b) <= 6 for a, b in zip(pixel[:3], colour, strict=True))


def test_a_flight_enters_from_a_rectangle_turns_over_on_an_arc_and_lands() -> None:
    board = make_board(speed=1.0)
    layer = board.layer
    deck = pygame.Rect(200, 40, 20, 28)
    rest = Rest(pygame.Rect(30, 32, 40, 56), angle=90.0, z=3)
    flight = Motion(enter_from=deck, delay=0.5, duration=1.0, easing="linear", turn=True, arc=30.0)
    layer.sync({"card": rest}, True, {"card": flight})
    card = layer.sprites["card"]
    assert card.moving and layer.flying() == [card] and layer.resting() == []
    board.update(0.5)
    assert card.rect.center == deck.center  # waiting for its delay, where it entered
    board.update(0.5)  # halfway: at the top of its arc, edge-on in its flip
    assert card.center[1] == pytest.approx((deck.centery + 60) / 2 - 30)
    surface = pygame.Surface((300, 200))
    front, back = pygame.Surface((40, 56)), pygame.Surface((40, 56))
    front.fill((255, 0, 0)), back.fill((0, 0, 255))
    blit_sprite(surface, card, front, back)  # edge-on: nothing to draw
    assert pygame.transform.average_color(surface)[:3] == (0, 0, 0)
    board.update(0.5)
    assert not card.moving and card.z == 3 and card.face == 1.0
    assert (card.x, card.y, card.w, card.angle) == (50.0, 60.0, 40.0, 90.0)
    blit_sprite(surface, card, front, back)  # face up, turned a quarter: 56 wide, 40 high
    assert surface.get_at((50, 60))[:3] == (255, 0, 0) and surface.get_at((75, 60))[:3] == (
        255, 0, 0)  # fmt: skip
    layer.sync({}, True, {"card": Motion(exit_to=pygame.Rect(0, 0, 4, 4), duration=0.2)})
    board.skip_animation()
    assert "card" not in layer.sprites and layer.flying() == []


def test_the_seat_panel_says_whose_turn_it_is_and_who_won() -> None:
    thinking = [False]
    board = make_board()
    board.ctx.thinking = lambda: thinking[0]
    board.show({"taken": [0, 0], "pile": 5, "to_move": 1}, 0, [], animate=False)
    assert board.seat(0, "Blue", False, None).state == ""
    seat = board.seat(1, "Red", False, None, ("Flags 2",))
    assert (seat.name, seat.player, seat.state, seat.counters) == (
        "Red", "Hard AI", "active", ("Flags 2",))  # fmt: skip
    thinking[0] = True
    assert board.seat(1, "Red", False, None).state == "thinking"
    assert board.seat(1, "Hard AI", False, None).player == ""  # named once
    assert board.seat(0, "Blue", True, 0).state == "winner"
    assert board.seat(1, "Red", True, 0).state == ""
    art = Art({**board.ctx.palette, "side0": (40, 80, 200), "side1": (200, 50, 40)},
              ("side0", "side1"))  # fmt: skip

    def mark(side: int, px: int) -> pygame.Surface:
        return pygame.Surface((px, px))

    painted: list[pygame.Rect] = []
    surface = pygame.Surface((260, 140))
    seat = overlays.Seat(0, "Blue", "You", "active", ("Tiles 3",))
    overlays.draw_seat(surface, art, pygame.Rect(10, 10, 240, 120), seat, 5.0, 200, mark,
                       lambda image, area: painted.append(area), ("body", 1))  # fmt: skip
    assert near(surface.get_at((20, 14)), darker((40, 80, 200), 0.15))  # the side's colour on top
    assert painted and pygame.Rect(0, 0, 240, 120).contains(painted[0])
    again = overlays.seat_panel(art, (240, 120), seat, 5.0, mark, lambda i, a: None, ("body", 1))
    assert again is overlays.seat_panel(art, (240, 120), seat, 5.0, mark, None, ("body", 1))


def test_buttons_switches_and_rings_draw_where_they_are_asked() -> None:
    pygame.font.init()
    art = Art(palette_of(PebbleBoard, False) | {"legal": (0, 200, 0)})
    surface = pygame.Surface((300, 100))
    overlays.button(surface, art, pygame.Rect(10, 10, 100, 30), "Done")
    assert near(surface.get_at((25, 25)), art.p["gold"])
    overlays.switch(surface, art, pygame.Rect(10, 50, 200, 30), "Auto-claim", True, 12)
    assert near(surface.get_at((14, 65)), art.p["legal"])
    surface.fill((0, 0, 0))
    art.ring(surface, pygame.Rect(150, 30, 40, 40), (255, 255, 0), 4)
    assert surface.get_at((150, 50))[:3] != (0, 0, 0) and surface.get_at((170, 50))[:3] == (
        0, 0, 0)  # fmt: skip


def test_a_refusal_is_said_beside_the_thing_and_off_what_must_stay_clear() -> None:
    board = make_board()
    board.layout(pygame.Rect(0, 0, 300, 200))
    board.show({"taken": [0, 0], "pile": 5, "to_move": 0}, 0, [], animate=False)
    box = board.refusal_box((80, 20), (15, 15))  # the first player's box at (10, 10, 50, 50)
    assert not box.colliderect(pygame.Rect(10, 10, 50, 50)) and board.rect.contains(box)
    assert box.inflate(16, 16).colliderect(pygame.Rect(10, 10, 50, 50))
    hand = pygame.Rect(0, 150, 300, 50)
    board.keep_clear = lambda: [hand]  # type: ignore[method-assign]
    box = board.refusal_box((80, 20), (100, 170))  # a click in the hand: said above it
    assert box.bottom <= hand.top and abs(box.centerx - 100) <= 2


def test_events_are_routed_to_the_boards_hooks_and_number_keys_pick_choices() -> None:
    calls: list[tuple] = []

    class Routed(PebbleBoard):
        def move(self, pos: tuple[int, int]) -> None:
            calls.append(("move", pos))

        def click(self, pos: tuple[int, int]) -> int:
            return 7

        def release(self, pos: tuple[int, int]) -> list[int]:
            return [1, 2]

        def reset_input(self) -> None:
            calls.append(("reset",))

        def numbered(self) -> list[int]:
            return [10, 20]

    board = Routed(make_board().ctx)

    def event(kind: int, **data: object) -> object:
        return board.handle_event(pygame.event.Event(kind, **data))

    assert event(pygame.MOUSEMOTION, pos=(3, 4)) is None and board.mouse == (3, 4)
    assert event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1) == 7 and board.mouse == (5, 6)
    assert event(pygame.MOUSEBUTTONUP, pos=(5, 6), button=1) == [1, 2]
    assert event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=3) is None
    assert calls == [("move", (3, 4)), ("reset",)]
    assert (
        event(pygame.KEYDOWN, key=pygame.K_2) == 20
        and event(pygame.KEYDOWN, key=pygame.K_KP1) == 10
    )
    assert (
        event(pygame.KEYDOWN, key=pygame.K_3) is None
        and event(pygame.KEYDOWN, key=pygame.K_a) is None
    )
    idle = pygame.event.Event(pygame.MOUSEMOTION, pos=(9, 9))
    assert board.handle_idle_event(idle) is False and board.mouse == (9, 9)  # hover while waiting


def test_hit_tests_and_where_to_click_a_thing_neighbours_cover() -> None:
    rects = [("a", pygame.Rect(0, 0, 10, 10)), ("b", pygame.Rect(5, 0, 10, 10))]
    assert hit((7, 5), rects) == "a" and hit((12, 5), rects) == "b" and hit((30, 5), rects) is None
    board = make_board()
    board.show({"taken": [0, 0], "pile": 5, "to_move": 0}, 0, [], animate=False)
    covered = pygame.Rect(10, 10, 30, 50)  # its right part lies under the next thing

    def finder(pos: tuple[int, int]) -> str | None:
        return "over" if covered.collidepoint(pos) else board.key_at(pos)

    point = board.point_on(("taken", 0), finder)
    assert board.thing_rect(("taken", 0)).collidepoint(point) and not covered.collidepoint(point)


def test_a_new_observation_animates_only_what_follows_by_play() -> None:
    seen: list[str] = []

    class Counted(PebbleBoard):
        def follows(self, previous: dict, obs: dict) -> bool:
            return obs["pile"] <= previous["pile"]  # taking on, never putting back

    board = Counted(make_board(speed=1.0).ctx)
    sync = board.layer.sync

    def spy(places: object, animate: bool, motions: object = None) -> float:
        seen.append("animate" if animate else "rebuild")
        return sync(places, animate, motions)  # type: ignore[arg-type]

    board.layer.sync = spy  # type: ignore[method-assign]
    board.show({"taken": [0, 0], "pile": 5, "to_move": 0}, 0, [], animate=True)
    board.show({"taken": [1, 0], "pile": 4, "to_move": 1}, 0, [], animate=True)
    board.show({"taken": [0, 0], "pile": 5, "to_move": 0}, 0, [], animate=True)  # an undo
    board.show({"taken": [1, 0], "pile": 4, "to_move": 1}, 0, [], animate=False)
    assert seen == ["rebuild", "animate", "rebuild", "rebuild"]


def test_a_change_shown_at_rest_lands_what_the_last_change_started_on_the_timeline() -> None:
    """A load, an undo or a resize shows the board at rest: words rising from a thing and
    anything else the board moves on its timeline land, they do not stop mid-way for good."""
    board = make_board(speed=1.0)
    risers, lamp = Risers(board.tweens), Thing()
    board.show({"taken": [0, 0], "pile": 5, "to_move": 0}, 0, [], animate=True)
    board.show({"taken": [1, 0], "pile": 4, "to_move": 1}, 0, [], animate=True)
    risers.rise("-2", pygame.Rect(10, 10, 50, 50), (255, 0, 0))
    board.tweens.animate(lamp, 1.0, "linear", x=10.0)
    board.update(0.2)
    board.show({"taken": [1, 0], "pile": 4, "to_move": 1}, 0, [], animate=False)
    assert risers.items == [] and lamp.x == 10.0 and not board.tweens.busy
    risers.rise("+1 VP", pygame.Rect(10, 10, 50, 50), (255, 215, 0))
    board.update(0.2)
    board.layout(pygame.Rect(0, 0, 400, 300))  # a resize puts the layer at rest too
    assert risers.items == [] and not board.tweens.busy


def test_piles_badges_veils_and_info_boxes() -> None:
    pygame.font.init()
    art = Art(palette_of(PebbleBoard, False))
    surface = pygame.Surface((300, 200))
    back, shadow = pygame.Surface((40, 56)), pygame.Surface((50, 66), pygame.SRCALPHA)
    back.fill((0, 0, 255))
    overlays.stack(surface, art, pygame.Rect(20, 20, 40, 56), back, shadow, 4, 17, 12)
    assert surface.get_at((21, 21))[:3] == (0, 0, 255)  # the top back at the pile's place
    assert surface.get_at((21, 20 + 56 + 3))[:3] == (0, 0, 255)  # the lower ones under it
    assert near(surface.get_at((60, 20 + 56 + 4 + 8)), art.p["gold"])  # the count's badge
    surface.fill((200, 200, 200))
    art.veil(surface, (150, 50), (40, 40), (0, 0, 0, 150), 4)
    assert surface.get_at((150, 50))[0] < 120 and surface.get_at((180, 50))[0] == 200
    surface.fill((0, 0, 0))
    thing = pygame.Rect(100, 100, 60, 40)
    rows = [[art.text("Attack 7 against 3", 14, (255, 255, 255))], [pygame.Surface((10, 10))]]
    box = overlays.info_box(surface, art, rows, thing, surface.get_rect(), 6.0)
    assert box.bottom <= thing.top and not box.colliderect(thing)
    box = overlays.info_box(surface, art, rows, thing.move(0, -95), surface.get_rect(), 6.0)
    assert box.top >= thing.move(0, -95).bottom  # no room above: below it


def test_hover_lifts_ease_up_and_down_whatever_the_frame_rate() -> None:
    levels = approach({}, ["a", "b"], {"a"}, 10.0, 0.1)
    assert 0.0 < levels["a"] < 1.0 and levels["b"] == 0.0
    ten = {"a": 0.0}
    for _ in range(10):
        ten = approach(ten, ["a"], {"a"}, 10.0, 0.01)
    assert ten["a"] == pytest.approx(levels["a"])  # ten short frames rise as far as one long
    assert approach(levels, ["b"], set(), 10.0, 0.1) == {"b": 0.0}  # "a" left the hand


def test_seat_colours_follow_an_option_that_decides_the_sides() -> None:
    """Frontline's first seat may command either army: each seat wears its army's colour."""
    from game.boards import board_class
    from game.boards.palette import palette_of
    from game.ui.theme import seat_colour

    palette = palette_of(board_class("frontline"), False)
    us, ge = palette["us"], palette["ge"]
    assert [seat_colour("frontline", palette, s, {"seat0_army": "US"}) for s in (0, 1)] == [us, ge]
    assert [seat_colour("frontline", palette, s, {"seat0_army": "GE"}) for s in (0, 1)] == [ge, us]


def test_a_seat_is_named_as_the_seat_list_names_it_else_by_number() -> None:
    """Battle Line, Frontline and the summaries word players through the kit."""
    from game.i18n import set_language

    board = make_board()
    board.ctx.seat_names = ["You", ""]
    try:
        assert board.seat_name(0) == "You"
        assert [board.seat_name(1), board.seat_name(2)] == ["Player 2", "Player 3"]
        set_language("ja")
        assert board.seat_name(1) == "プレイヤー2"
    finally:
        set_language("en")


def test_a_summary_line_says_you_to_the_one_human_and_names_everyone_else() -> None:
    from game.summary import is_you, said

    names = ["Hard AI", "You"]
    assert not is_you(names, 0) and is_you(names, 1)
    key = "summary.battleline.on_points"
    assert said(key, names, 0, a=12, b=9) == "Hard AI wins the match on points, 12 – 9."
    assert said(key, names, 1, a=12, b=9) == "You win the match on points, 12 – 9."
