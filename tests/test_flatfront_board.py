"""The Flat Front board, driven headless by a real FlatFrontState (no match scene needed).

A small harness plays seeded games, hands every observation to the board the way the match scene
does, clicks where the board draws things, and saves screenshots to tests/artifacts/.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.boards import board_class
from game.boards.base import BoardContext
from game.boards.flatfront.board import PALETTES, FlatFrontBoard
from game.boards.flatfront.layout import camera_target
from game.boards.palette import palette_of
from game.engines import GAMES
from game.engines.flatfront import (
    PASS,
    RED,
    decode_attack,
    decode_pieces,
    decode_place,
    is_attack,
    is_place,
    place_action,
    previews,
    tile_type,
)
from game.i18n import t as tr
from tests.frame_probe import costly_work
from tests.test_board_contract import tags_after_opponent_turns

ARTIFACTS = Path(__file__).parent / "artifacts"
SIZE = (1280, 800)
FRAME = 1 / 60


class Harness:
    """A real game plus the board, wired like the match scene wires them."""

    def __init__(
        self,
        seed: int = 1,
        palette: str = "normal",
        size: tuple[int, int] = SIZE,
        speed: float = 1.0,
        adjacency: str = "edge",
    ) -> None:
        pygame.font.init()
        self.sounds: list[str] = []
        self.feedback: list[str] = []
        self.speed = speed
        ctx = BoardContext(
            game=GAMES["flatfront"],
            options={"adjacency": adjacency},
            num_players=2,
            seat_names=["You", "Hard AI"],
            palette=palette_of(FlatFrontBoard, palette == "colorblind"),
            lang="en",
            feedback=self.feedback.append,
            play_sound=self.sounds.append,
            anim_speed=lambda: self.speed,
        )
        self.board = FlatFrontBoard(ctx)
        self.surface = pygame.Surface(size)
        self.board.layout(self.surface.get_rect())
        self.state = GAMES["flatfront"].new_state(adjacency=adjacency)
        self.rng = random.Random(seed)
        self.show(animate=False)

    @property
    def obs(self) -> dict:
        return self.board.obs

    def show(self, animate: bool = True) -> None:
        player = self.state.current_player()
        legal = self.state.legal_actions() if player >= 0 else []
        self.board.show(self.state.observation(max(player, 0)), max(player, 0), legal, animate)

    def apply(self, action: int) -> None:
        self.state.apply_action(action)
        self.show()

    def settle(self, limit: float = 10.0) -> float:
        """Run frames until the board stops animating; returns the animation time."""
        elapsed = 0.0
        while self.board.is_animating() and elapsed < limit:
            self.board.update(FRAME)
            elapsed += FRAME
        self.board.update(FRAME)
        return elapsed

    def step(self) -> None:
        """One action: a chance draw or a random legal move."""
        if self.state.current_player() < 0:
            self.apply(self.state.sample_chance(self.rng))
        else:
            self.apply(self.rng.choice(self.state.legal_actions()))
        self.settle()

    def play_until(self, wanted: Callable[[dict], bool]) -> dict:
        """Play random moves until a decision point whose observation satisfies ``wanted``."""
        while not self.state.is_terminal():
            if self.state.current_player() >= 0 and wanted(self.obs):
                return self.obs
            self.step()
        raise AssertionError("the game ended before the wanted position")

    def draw(self) -> pygame.Surface:
        self.board.draw(self.surface)
        return self.surface

    def event(self, kind: int, **fields: object) -> int | None:
        return self.board.handle_event(pygame.event.Event(kind, **fields))

    def hover(self, pos: tuple[float, float]) -> None:
        self.event(pygame.MOUSEMOTION, pos=_px(pos), rel=(0, 0), buttons=(0, 0, 0))

    def click(self, pos: tuple[float, float]) -> int | None:
        return self.event(pygame.MOUSEBUTTONDOWN, pos=_px(pos), button=1)

    def key(self, key: int) -> int | None:
        return self.event(pygame.KEYDOWN, key=key, mod=0, unicode="")

    def save(self, name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"flatfront_{name}.png"
        pygame.image.save(self.draw(), str(path))
        return path


def _px(pos: tuple[float, float]) -> tuple[int, int]:
    return round(pos[0]), round(pos[1])


def _differs(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    rect = rect.clip(a.get_rect())
    return any(
        a.get_at((x, y)) != b.get_at((x, y))
        for x in range(rect.left, rect.right, 3)
        for y in range(rect.top, rect.bottom, 3)
    )


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_registered_for_the_game():
    assert board_class("flatfront") is FlatFrontBoard
    assert set(PALETTES["normal"]) == set(PALETTES["colorblind"])


@pytest.mark.parametrize(
    ("seed", "palette", "size", "adjacency"),
    [
        (1, "normal", SIZE, "edge"),
        (2, "colorblind", (1024, 640), "edge+corner"),
        (3, "normal", (800, 500), "edge"),
    ],
)
def test_renders_every_phase_of_a_real_game(seed, palette, size, adjacency):
    h = Harness(seed, palette, size, adjacency=adjacency)
    phases = set()
    while not h.state.is_terminal():
        if h.state.current_player() >= 0:
            phases.add(h.obs["phase"])
            assert h.board.status_text()
            h.draw()
        h.step()
    h.draw()
    assert phases == {"placement", "pieces", "combat"}
    assert h.obs["phase"] == "over"
    assert h.board.banner is not None and str(h.obs["score"][0]["tiles"]) in h.board.banner.subtitle
    # every tile of the finished field lies on the mat, whatever the window size
    for tile in h.obs["tiles"]:
        assert h.board.geo.mat.contains(h.board.tile_rect(tuple(tile["cell"])))
    if size != SIZE:
        h.save(f"{palette}_{size[0]}x{size[1]}")


def test_the_last_move_tag_stays_on_the_field():
    """After each opponent turn of a whole game at a narrow board, the tag naming it covers
    neither the banner nor the column of pile and player cards."""
    tags = 0
    for board, box in tags_after_opponent_turns("flatfront", 7, (560, 540)):
        assert isinstance(board, FlatFrontBoard)
        assert box.collidelist([board.geo.banner, board.geo.column]) < 0, box
        tags += 1
    assert tags > 5


def test_click_on_highlighted_cell_places_there():
    h = Harness(4)
    obs = h.play_until(lambda o: o["phase"] == "placement" and len(o["tiles"]) >= 6)
    legal = [a for a in h.state.legal_actions() if is_place(a)]
    assert {decode_place(a) for a in legal} == set(h.board.legal_cells())
    for action in legal:
        center = h.board.cell_center(decode_place(action))
        assert h.click(center) == action
    # an empty cell that is not legal still maps to its place action: the engine explains why
    taken = {tuple(t["cell"]) for t in obs["tiles"]}
    far = next(
        (x, y)
        for x in range(-4, 5)
        for y in range(-4, 5)
        if (x, y) not in taken and place_action(x, y) not in legal
    )
    h.board.camera.x, h.board.camera.y = far[0] + 0.5, far[1] + 0.5
    action = h.click(h.board.cell_center(far))
    assert action == place_action(*far)
    assert h.state.illegal_reason(action)


def test_clicked_tile_lands_in_place_while_an_opponents_tile_slides_in():
    h = Harness(4)
    h.play_until(lambda o: o["phase"] == "placement" and len(o["tiles"]) >= 2)
    action = h.click(h.board.cell_center(decode_place(h.state.legal_actions()[0])))
    h.apply(action)
    placed = h.obs["tiles"][-1]
    flight = h.board.layer.sprites[("tile", placed["id"])]  # the kit's layer flies it in
    landing = h.board.geo.tile_rect(placed["cell"], camera_target(h.obs)).center
    assert flight.moving and flight.flight == 0.0 and flight.rect.center == landing
    h.settle()
    h.play_until(lambda o: o["phase"] == "placement")
    h.apply(h.state.legal_actions()[0])  # no click: as if another seat (or the AI) placed it
    flight = h.board.layer.sprites[("tile", h.obs["tiles"][-1]["id"])]
    assert (flight.x, flight.y) == h.board.geo.slot.center  # it slides in from the slot


def test_clicks_beyond_the_lattice_explain_the_limit():
    h = Harness(4)
    h.play_until(lambda o: o["phase"] == "placement")
    h.board.camera.x = 7.5  # look far to the right of anything reachable
    assert h.click(h.board.cell_center((7, 0))) is None
    assert h.feedback == [tr("flatfront.feedback.limit", n=5)]


def test_ghost_snaps_to_the_hovered_cell_and_shows_legality():
    h = Harness(5)
    h.play_until(lambda o: o["phase"] == "placement" and len(o["tiles"]) >= 3)
    cell = next(iter(h.board.legal_cells()))
    rect = h.board.tile_rect(cell)
    h.hover((rect.right + 500, rect.bottom + 500))
    before = h.draw().copy()
    h.hover((rect.left + 3, rect.top + 3))  # anywhere in the cell snaps the ghost to it
    assert h.board.cell_at(h.board.mouse) == cell
    assert _differs(before, h.draw(), rect)
    h.save("placement")


def test_piece_chooser_offers_exactly_the_legal_mixes():
    h = Harness(14)
    h.play_until(lambda o: o["phase"] == "pieces" and len(h.state.legal_actions()) >= 5)
    legal = h.state.legal_actions()
    options = h.board.options()
    assert sorted(a for a, _ in options) == sorted(legal)
    powers = [sum(p * n for p, n in zip((1, 2, 4), mix, strict=True)) for _, mix in options]
    assert powers == sorted(powers)  # cheapest first, so key 1 is the thriftiest
    popup, cards = h.board.bar.rect, [rect for _, rect in h.board.bar.rects()]
    assert all(popup.contains(card) and h.board.geo.mat.contains(card) for card in cards)
    labels = [choice.label for choice, _ in h.board.bar.rects()]
    assert labels[0].count("+") == sum(options[0][1]) - 1  # each piece of the mix, in words
    for (action, mix), card in zip(options, cards, strict=True):
        assert h.click(card.center) == action
        assert sum(decode_pieces(action)) == sum(mix)
    assert h.key(pygame.K_1) == options[0][0]
    assert h.key(pygame.K_KP2) == options[1][0]
    assert h.key(pygame.K_9) is None
    assert h.click((popup.left - 40, popup.top - 40)) is None
    assert h.feedback == [tr("flatfront.feedback.choose")]
    h.hover(cards[1].center)
    h.save("pieces")


def test_three_square_tile_offers_six_mixes_beside_the_tile():
    h = Harness(6)
    h.apply(tile_type(RED, 3))
    h.apply(place_action(0, 0))
    h.settle()
    assert len(h.board.options()) == 6
    popup = h.board.bar.rect
    assert popup.w and not popup.colliderect(h.board.tile_rect((0, 0)))


def test_choosing_pieces_animates_them_dropping_in():
    h = Harness(6)
    h.play_until(lambda o: o["phase"] == "pieces")
    action = h.board.options()[-1][0]
    tile = h.obs["pending_tile"]
    h.apply(action)
    pieces = [
        h.board.layer.sprites[("piece", tile, i)]
        for i in range(len(h.obs["tiles"][tile]["pieces"]))
    ]
    rests = [h.board.resting_places(h.obs)[("piece", tile, i)] for i in range(len(pieces))]
    assert all(p.rect.bottom < rest.bottom for p, rest in zip(pieces, rests, strict=True))  # above
    assert h.board.is_animating()
    assert h.settle() < 3.0
    assert [p.rect for p in pieces] == rests  # dropped onto their squares
    assert "place" in h.sounds


def _combat_with_attack(h: Harness) -> dict:
    return h.play_until(lambda o: o["phase"] == "combat" and any(map(is_attack, h.board.legal)))


def test_combat_click_on_a_legal_target_attacks_it():
    h = Harness(7)
    obs = _combat_with_attack(h)
    targets = {decode_attack(a): a for a in h.state.legal_actions() if is_attack(a)}
    assert set(h.board.legal_targets()) == set(targets)
    for tile_id, action in targets.items():
        rect = h.board.tile_rect(tuple(obs["tiles"][tile_id]["cell"]))
        assert h.click(rect.center) == action
    own = next(t for t in obs["tiles"] if t["owner"] == obs["to_move"])
    assert h.click(h.board.tile_rect(tuple(own["cell"])).center) is None
    assert h.feedback == [tr("flatfront.feedback.own_tile")]


def test_hovering_an_opposing_tile_shows_attack_against_defence():
    h = Harness(8)
    obs = _combat_with_attack(h)
    mover = obs["to_move"]
    for key, attack in obs["attacks"].items():
        tile = obs["tiles"][int(key)]
        rect = h.board.tile_rect(tuple(tile["cell"]))
        h.hover(rect.center)
        assert h.board.hovered_target() == tile
        attackers = previews.attackers(obs, tile, mover)
        standing = sum(p["power"] for t in attackers for p in t["pieces"] if p["standing"])
        assert standing == attack  # the outlined tiles are exactly the ones adding up
    target = decode_attack(next(a for a in h.board.legal if is_attack(a)))
    rect = h.board.tile_rect(tuple(obs["tiles"][target]["cell"]))
    h.hover((5, 5))
    before = h.draw().copy()
    h.hover(rect.center)
    above = pygame.Rect(rect.x - rect.w, rect.y - rect.h, rect.w * 3, rect.h)
    below = above.move(0, 2 * rect.h)
    assert _differs(before, h.draw(), above) or _differs(before, h.surface, below)
    h.save("combat")


def test_attack_animation_pulses_strikes_and_knocks_pieces_down():
    h = Harness(9)
    obs = _combat_with_attack(h)
    action = next(a for a in h.board.legal if is_attack(a))
    target = decode_attack(action)
    h.sounds.clear()
    h.apply(action)
    layer = h.board.layer.sprites
    pieces = [layer[("piece", target, i)] for i in range(len(h.obs["tiles"][target]["pieces"]))]
    assert all(p.effect == "fall" and p.effect_k == 0.0 for p in pieces)  # still upright
    attackers = previews.attackers(obs, obs["tiles"][target], obs["to_move"])
    h.board.update(0.2)
    assert all(layer[("tile", t["id"])].effect == "pulse" for t in attackers)
    assert all(layer[("tile", t["id"])].effect_k > 0 for t in attackers)
    for _ in range(20):
        h.board.update(FRAME)
    assert layer[("tile", target)].effect == "strike"
    h.save("attack")
    h.settle()
    assert all(p.effect is None for p in pieces) and h.board.layer.at_rest()  # lying
    assert h.sounds[:1] == ["attack"] and "knock" in h.sounds


def test_skip_animation_snaps_everything_to_the_end():
    h = Harness(10)
    h.play_until(lambda o: o["phase"] == "placement" and len(o["tiles"]) >= 2)
    h.apply(h.state.legal_actions()[0])
    assert h.board.is_animating()
    h.board.skip_animation()
    assert not h.board.is_animating()
    assert h.board.layer.flying() == [] and h.board.layer.at_rest()
    assert (h.board.camera.x, h.board.camera.y) == camera_target(h.obs)


def test_skipped_attack_lands_quietly():
    h = Harness(9)
    _combat_with_attack(h)
    action = next(a for a in h.board.legal if is_attack(a))
    h.sounds.clear()
    h.apply(action)
    h.board.skip_animation()
    assert h.sounds == ["attack"]  # the knock was still to come: skipping drops it
    assert h.board.layer.at_rest()


def test_animation_speed_zero_snaps_without_waiting():
    h = Harness(11, speed=0.0)
    h.play_until(lambda o: o["phase"] == "placement" and len(o["tiles"]) >= 2)
    h.sounds.clear()
    h.apply(h.state.legal_actions()[0])
    assert not h.board.is_animating()
    assert h.sounds == ["place"]  # no animation, but still the sound of the move
    if h.state.current_player() < 0:
        h.apply(h.state.sample_chance(h.rng))
        assert h.board.face_up().face == 1.0


def test_turned_up_tile_flips_and_the_banner_says_who_places_again():
    h = Harness(12)
    h.apply(tile_type(RED, 0))  # a 0-square tile: placing it ends the turn at once
    h.settle()
    assert h.board.banner.subtitle == tr("flatfront.banner.first", side="Red")
    h.apply(h.state.legal_actions()[0])
    h.settle()
    h.apply(tile_type(RED, 1))
    assert h.board.face_up().face == 0.0 and "flip" in h.sounds
    h.settle()
    assert h.board.face_up().face == 1.0
    assert h.board.banner.title == tr("flatfront.banner.tile", side="Red")
    assert h.board.banner.subtitle == tr("flatfront.banner.again", side="Red")


def test_a_pass_flashes_a_banner_then_combat_goes_on():
    h = Harness(13)
    h.play_until(lambda o: o["phase"] == "combat" and h.board.legal == [PASS])
    passer = h.obs["to_move"]
    assert h.board.status_text() == tr("flatfront.status.pass", side=("Blue", "Red")[passer])
    h.apply(PASS)  # the match scene applies a forced pass by itself
    h.board.update(0.3)
    assert h.board.flash.title == tr("flatfront.banner.passes", side=("Blue", "Red")[passer])
    assert h.settle() > 1.0  # the pass stays readable for a moment
    assert h.board.flash is None
    if h.obs["phase"] == "combat":
        assert h.board.banner.side == h.obs["to_move"] != passer
    else:
        assert h.board.banner.key == ("over",)


def test_hint_is_drawn_distinctly():
    h = Harness(14)
    h.play_until(lambda o: o["phase"] == "placement" and len(o["tiles"]) >= 4)
    action = h.state.legal_actions()[-1]
    rect = h.board.tile_rect(decode_place(action))
    h.board.clock = 0.0
    before = h.draw().copy()
    h.board.show_hint(action)
    assert _differs(before, h.draw(), rect.inflate(20, 40))
    h.save("hint")


def test_hints_for_an_option_and_a_target_are_drawn_distinctly():
    h = Harness(14)
    h.play_until(lambda o: o["phase"] == "pieces" and len(h.state.legal_actions()) >= 2)
    h.board.clock = 0.0
    h.hover((0, 0))
    before = h.draw().copy()
    option = h.board.options()[-1][0]
    card = h.board.bar.choice_rect(option)
    h.board.show_hint(option)
    assert card is not None and _differs(before, h.draw(), card.inflate(10, 10))
    obs = _combat_with_attack(h)
    target = next(a for a in h.board.legal if is_attack(a))
    rect = h.board.tile_rect(tuple(obs["tiles"][decode_attack(target)]["cell"]))
    before = h.draw().copy()
    h.board.show_hint(target)
    assert _differs(before, h.draw(), rect.inflate(20, 40))


def test_a_hint_is_ringed_on_its_whole_cell_or_card_only():
    """The kit's ring of a hinted empty cell or piece mix is that cell or chooser card, not a
    second, small square round its centre beside the board's own hint marker."""
    h = Harness(14)
    h.play_until(lambda o: o["phase"] == "placement" and len(o["tiles"]) >= 4)
    action = h.state.legal_actions()[-1]
    h.board.show_hint(action)
    assert h.board.hint_rects() == [h.board.tile_rect(decode_place(action))]
    h.play_until(lambda o: o["phase"] == "pieces" and len(h.state.legal_actions()) >= 2)
    option = h.board.options()[-1][0]
    card = h.board.bar.choice_rect(option)
    h.board.show_hint(option)
    unit = h.board.ring_unit()  # the kit rings a bar's button on its own edge
    assert card is not None and h.board.hint_rects() == [card.inflate(-2 * unit, -2 * unit)]


def test_palette_change_redraws_in_the_new_colours():
    h = Harness(19)
    h.play_until(lambda o: o["phase"] == "pieces")
    tile = h.board.tile_rect(tuple(h.obs["tiles"][0]["cell"]))
    before = h.draw().copy()
    h.board.ctx.palette = palette_of(FlatFrontBoard, True)
    assert _differs(before, h.draw(), tile)


def test_going_back_rebuilds_without_animation():
    h = Harness(15)
    h.play_until(lambda o: o["phase"] == "combat")
    record = h.state.to_record()
    record["history"] = record["history"][:12]
    h.state = GAMES["flatfront"].replay(record)
    h.show()
    assert not h.board.is_animating()
    assert len(h.board.things(h.obs)) == len(h.obs["tiles"]) and h.board.layer.at_rest()


def test_end_shows_both_sides_counts():
    h = Harness(16)
    while not h.state.is_terminal():
        h.step()
    obs = h.obs
    assert obs["phase"] == "over"
    first, second = obs["score"][::-1] if obs["winner"] == 1 else obs["score"]  # winner first
    assert h.board.banner.subtitle == tr(
        "flatfront.banner.result",
        blue=first["tiles"],
        red=second["tiles"],
        bp=first["power"],
        rp=second["power"],
    )
    assert h.board.status_text().endswith(h.board.banner.title)
    h.save("over")


def test_japanese_strings_render():
    i18n.set_language("ja")
    h = Harness(17)
    h.play_until(lambda o: o["phase"] == "pieces")
    assert "駒" in h.board.status_text()
    h.save("japanese")


def test_a_settled_frame_only_blits():
    """A settled board renders no text, builds no picture and transforms no image (the frame
    time itself is measured by ``bench/ui_bench.py``)."""
    h = Harness(18)
    h.play_until(lambda o: o["phase"] == "combat")
    h.draw()
    with costly_work() as seen:
        for _ in range(20):
            h.board.update(FRAME)
            h.draw()
    assert not seen, seen


def test_a_resize_redraws_no_texture():
    """The table's grain and the mat's specks are drawn once and scaled or tiled to each new
    size (drawing them per size cost about half a second on every resize step)."""
    from game.ui import table

    h = Harness(18)
    h.draw()
    drawn = (table._grain.cache_info().misses, table._specks.cache_info().misses)
    for size in ((800, 540), (1000, 700), (1280, 800)):
        h.board.layout(pygame.Rect((0, 0), size))
        h.board.draw(pygame.Surface(size))
    assert (table._grain.cache_info().misses, table._specks.cache_info().misses) == drawn


@pytest.mark.parametrize("size", [(560, 456), (800, 540), (905, 716)])
def test_the_pile_labels_sit_clear_of_the_slot_outlines(size):
    """At the smallest window the PILE / FACE UP labels were struck through by the dashed slot
    outlines (issue 9, item 21)."""
    from game.boards.flatfront.layout import label_px

    h = Harness(2)
    h.board.layout(pygame.Rect((0, 0), size))
    g = h.board.geo
    label = h.board.art.text("FACE UP", label_px(g.unit), (255, 255, 255), bold=True)
    outline_top = g.pile.top - 3  # the dashed outline is the slot inflated by 3 px
    assert g.slot.top == g.pile.top and outline_top - label.get_height() >= g.column.top


def test_knocked_down_pieces_lie_within_their_own_square(monkeypatch):
    """Three pieces knocked down on a 3-square tile piled into one heap (issue 9, item 21):
    a lying piece is now no longer than the spacing of the printed squares."""
    from game.boards.flatfront.art import SQUARE_SPACING

    h = Harness(24)
    h.play_until(lambda o: any(not p["standing"] for t in o["tiles"] for p in t["pieces"]))
    h.settle()
    widths = []
    pose = h.board.art.piece_pose

    def recording(owner, power, height, fallen, angle):
        image, anchor = pose(owner, power, height, fallen, angle)
        if fallen and abs(angle) == 90:
            widths.append(image.get_width())
        return image, anchor

    monkeypatch.setattr(h.board.art, "piece_pose", recording)
    h.draw()
    assert widths and max(widths) <= SQUARE_SPACING * h.board.geo.tile[1] + 2


def test_a_refusal_is_said_beside_the_thing_refused():
    """Issue 9 #18: beside the own tile clicked in combat; never over the open piece chooser."""
    h = Harness(7)
    obs = _combat_with_attack(h)
    own = h.board.tile_rect(
        tuple(next(t for t in obs["tiles"] if t["owner"] == obs["to_move"])["cell"])
    )
    box = h.board.refusal_box((300, 30), own.center)
    assert not box.colliderect(own) and box.inflate(40, 40).colliderect(own)
    h = Harness(14)
    h.play_until(lambda o: o["phase"] == "pieces")
    popup = h.board.bar.rect
    for pos in (popup.midleft, popup.midtop, (popup.left - 40, popup.top - 40)):
        assert not h.board.refusal_box((300, 30), pos).colliderect(popup)


def test_a_forced_move_is_worded_without_coordinates():
    """The status line announces a forced placement in words, as the log does: no "(0, 0)"."""
    h = Harness(7)
    h.play_until(lambda o: o["phase"] == "placement" and not o["tiles"])
    said = h.board.action_words(h.state, place_action(0, 0))
    assert said in ("Blue places the tile", "Red places the tile")
    _combat_with_attack(h)
    attack = next(a for a in h.state.legal_actions() if is_attack(a))
    said = h.board.action_words(h.state, attack)
    assert "(" not in said and "attacks" in said
    i18n.set_language("ja")
    assert "(" not in h.board.action_words(h.state, attack)
    i18n.set_language("en")


def test_an_undo_during_a_flight_leaves_nothing_flying():
    """A tile still flying when the match goes back (undo) lands nowhere: the board is rebuilt."""
    h = Harness(10)
    h.play_until(lambda o: o["phase"] == "placement" and len(o["tiles"]) >= 2)
    before = h.state.clone()
    h.apply(h.state.legal_actions()[0])
    h.board.update(0.05)
    assert h.board.layer.flying()
    h.state = before
    h.show()  # the scene shows the earlier position, asked to animate: it does not follow
    h.board.draw(h.surface)
    assert h.board.layer.flying() == [] and h.board.face_up() is not None


def test_the_last_move_tag_of_a_two_tile_turn_is_not_between_its_tiles():
    """After a two-tile turn the tag floated over an empty cell between the tiles."""
    pairs = 0
    for seed in (7, 8, 9):
        for board, box in tags_after_opponent_turns("flatfront", seed, (1024, 640)):
            marked = [r for r in map(board.thing_rect, board.marked) if r is not None]
            if len(marked) < 2:
                continue
            pairs += 1
            assert not box.colliderect(marked[0].unionall(marked[1:])), box
    assert pairs > 0
