"""The Frontline board: card faces, the board's readings of the observation, the odds preview,
privacy of hidden decisions."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import numpy as np
import pygame
import pytest

from ai.heuristics.frontline import FrontlineHeuristic
from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.boards.frontline.art import initials, tile_footer, tile_pad
from game.boards.frontline.board import FrontlineBoard
from game.boards.frontline.layout import split_key
from game.boards.frontline.pieces import crew_spot
from game.engines.frontline import FrontlineGame, FrontlineState, combat, commands, knowledge
from game.engines.frontline.actions import (
    BOOST,
    CARD,
    DONE,
    HOLD,
    PREBUILT_DECK,
    REAR_CARD,
    UNIT,
    WEAPONS,
)
from game.engines.frontline.cards import COMMANDS, DAMAGES, EDGES, FRONT, PREBUILT, UNITS
from game.engines.frontline.preview import preview as odds_preview
from game.engines.frontline.probability import attack_odds
from game.engines.frontline.words import damage_words, odds_lines, odds_words, step_of
from game.turns import Step
from tests.test_board_contract import make_board, round_trip, tags_after_opponent_turns
from tests.test_frontline_commands import _give, _play_on, _to_c2
from tests.test_frontline_support import place, setup


@pytest.fixture(autouse=True)
def _pygame() -> None:
    pygame.init()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_card_face_draws_at_its_ratio_and_is_cached(lang: str) -> None:
    for width in (60, 130):
        size = fc.card_size(width)
        assert size == (width, round(width * fc.RATIO))
        faces = [fc.unit_face(c.index, width, fc.NORMAL, lang) for c in UNITS]
        faces += [other.command_face(c.index, width, fc.NORMAL, lang) for c in COMMANDS]
        faces += [other.damage_face(d.index, width, fc.NORMAL, lang) for d in DAMAGES]
        faces += [
            other.card_back(k, width, fc.NORMAL, lang) for k in ("US", "GE", "command", "damage")
        ]
        assert all(f.get_size() == size for f in faces)
    assert fc.unit_face(0, 130, fc.NORMAL, lang) is fc.unit_face(0, 130, fc.NORMAL, lang)
    assert fc.unit_face(0, 130, fc.COLORBLIND, lang) is not fc.unit_face(0, 130, fc.NORMAL, lang)


def _grey(image: pygame.Surface) -> np.ndarray:
    """The picture in luminance, over white: what is left when colour is not seen."""
    rgb = pygame.surfarray.array3d(image).astype(float)
    alpha = pygame.surfarray.array_alpha(image).astype(float)[..., None] / 255
    return ((rgb * alpha + 255 * (1 - alpha)) @ np.array([0.299, 0.587, 0.114])).round()


def test_type_icons_differ_in_grey_not_only_by_colour() -> None:
    icons = [_grey(fc.type_icon(t, 40, fc.NORMAL)) for t in range(6)]
    for a in range(6):
        for b in range(a + 1, 6):
            assert (abs(icons[a] - icons[b]) > 40).mean() > 0.08, (a, b)


def test_army_marks_differ_in_grey() -> None:
    star, cross = (_grey(fc.army_mark(s, 40, fc.COLORBLIND)) for s in (0, 1))
    assert (abs(star - cross) > 40).mean() > 0.15


def test_damage_edge_strip_and_words_name_each_edge() -> None:
    for damage in DAMAGES:
        for edge in range(len(EDGES)):
            words = damage_words(damage.index, edge, "en")
            assert words and "frontline." not in words
            strip = other.damage_face(damage.index, 120, fc.NORMAL, "en", edge)
            assert strip.get_width() == 120 and strip.get_height() < 60


def test_line_labels() -> None:
    by_name = {c.name: c.index for c in UNITS if not c.is_crew}
    assert fc.line_label(by_name["M4A1 Sherman"], "en") == "Frontline"
    assert fc.line_label(by_name["M7 Priest"], "en") == "Front or Rear"
    assert fc.line_label(by_name["P-47D Thunderbolt"], "en").startswith("Flight Turns")


# --- the board ------------------------------------------------------------------------------------
SIZE = (1024, 640)


def _board(viewer_names: tuple[str, str] = ("You", "Hard AI")) -> FrontlineBoard:
    board = make_board("frontline", [0.0], SIZE)
    board.ctx.seat_names = list(viewer_names)
    assert isinstance(board, FrontlineBoard)
    return board


def _advance(
    state: FrontlineState,
    rng: random.Random,
    until: Callable[[FrontlineState], bool],
    limit: int = 5000,
) -> FrontlineState:
    """Play the heuristic (chance by its odds) until ``until(state)``."""
    policy = FrontlineHeuristic()
    for _ in range(limit):
        if until(state):
            return state
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(policy.policy(state, rng))
    raise AssertionError("never reached")


def _phase(name: str, seat: int) -> Callable[[FrontlineState], bool]:
    return lambda s: s.current_player() == seat and s.observation(seat)["phase"] == name


def _show(board: FrontlineBoard, state: FrontlineState, viewer: int) -> pygame.Surface:
    legal = state.legal_actions() if state.current_player() == viewer else []
    board.show(state.observation(viewer), viewer, legal, animate=False)
    surface = pygame.Surface(SIZE)
    board.update(0.0)
    board.draw(surface)
    return surface


def _click(board: FrontlineBoard, pos: tuple[int, int], to: tuple[int, int] | None = None):
    board.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3)
    )
    board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    return board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to or pos, button=1))


def test_weapon_odds_shown_are_the_engines_exact_odds() -> None:
    """In the weapons decision each set's odds (on its button, on the target) equal what
    ``probability.attack_odds`` gives with the engine's own modifiers, defence and HP."""
    rng = random.Random(3)
    checked = 0
    state = FrontlineGame().new_state()
    while checked < 4:
        state = _advance(state, rng, _phase("weapons", 0))
        board = _board()
        _show(board, state, 0)
        attacker = state.board[state.queue[0]]
        target = state.board[state.pending_target]
        for action in state.legal_actions():
            mask = action - WEAPONS
            rows = [r for r in range(3) if mask >> r & 1]
            shown = board.aim.weapons_preview(mask)
            assert shown is not None
            label, detail = next((b[1], b[2]) for b in board.buttons if b[0] == action)
            assert detail == odds_words(shown)
            if len(rows) != 1:
                continue
            weapon = attacker.printed.weapons[rows[0]]
            exact = attack_odds(
                weapon.attack[combat.column(target)],
                weapon.rof,
                weapon.damage_mod,
                combat.defense(state, target),
                target.hp_left,
                target.printed.half_hp,
                combat.roll_mod(state, attacker, target),
            )
            assert shown.destroyed == pytest.approx(exact.destroyed, abs=1e-12)
            assert shown.half == pytest.approx(exact.lock, abs=1e-12)
            assert shown.hit == pytest.approx(1 - (1 - exact.hit) ** weapon.rof, abs=1e-12)
            assert weapon.name in label
            checked += 1
        state.apply_action(state.legal_actions()[0])


def test_each_target_shows_the_odds_of_its_best_weapons() -> None:
    state = _advance(FrontlineGame().new_state(), random.Random(4), _phase("declare", 0))
    board = _board()
    _show(board, state, 0)
    targets = [k for k, actions in board.spots.items() if UNIT + k[1] in actions]
    assert targets
    attacker = state.board[state.queue[0]]
    for key in targets:
        shown = board.aim.target_preview(key)
        assert shown is not None
        mask, best = shown
        target = state.board[key[1]]
        assert mask in combat.weapon_sets(state, attacker, target)
        others = [
            odds_preview(board.obs, attacker.pos, key[1], m)
            for m in combat.weapon_sets(state, attacker, target)
        ]
        assert best.destroyed == max(o.destroyed for o in others)
        board.mouse = board.thing_rect(key).center  # hovered: how those odds come about
        first = next(r for r in range(3) if mask >> r & 1)
        assert attacker.printed.weapons[first].name in board.aim.tooltip_text()
        assert "2d10" in board.aim.tooltip_text()


GLOW_NOISE = 16


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_a_targets_odds_leave_its_hp_bar_and_defence_in_sight(size: tuple[int, int]) -> None:
    """The odds are laid over a target's tile above its footer: the footer reads the same with
    the odds shown as without them (but for the faint glow of a target that may be picked)."""
    state = _advance(FrontlineGame().new_state(), random.Random(4), _phase("declare", 0))
    board = make_board("frontline", [0.0], size)
    aiming = pygame.Surface(size)
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    board.draw(aiming)
    targets = [k for k, actions in board.spots.items() if UNIT + k[1] in actions]
    assert targets and all(board.aim.target_preview(key) is not None for key in targets)
    watching = pygame.Surface(size)
    board.show(state.observation(0), 0, [], animate=False)
    board.draw(watching)
    for key in targets:
        rect = board.thing_rect(key)
        assert rect is not None
        footer = tile_footer(rect.h)
        band = pygame.Rect(rect.x + rect.w // 4, 0, rect.w // 2, footer - 4)
        band.bottom = rect.bottom - tile_pad(rect.h) - 2
        shown = pygame.surfarray.array3d(aiming.subsurface(band)).astype(int)
        bare = pygame.surfarray.array3d(watching.subsurface(band)).astype(int)
        assert np.abs(shown - bare).max() <= GLOW_NOISE, key  # the odds' dark box: ~150


def _two_worlds(phase: str, seat: int, seed: int) -> tuple[FrontlineState, FrontlineState]:
    """Two states alike but for a different hidden choice of ``seat`` just made."""
    state = _advance(FrontlineGame().new_state(), random.Random(seed), _phase(phase, seat))
    choices = [a for a in state.legal_actions() if a not in (DONE, HOLD)]
    assert len(choices) >= 2
    a, b = state.clone(), state.clone()
    a.apply_action(choices[0])
    b.apply_action(choices[-1])
    assert a.history != b.history
    return a, b


@pytest.mark.parametrize(("phase", "seed"), [("commit", 5), ("declare", 6)])
def test_a_hidden_choice_is_not_drawn_for_the_other_viewer(phase: str, seed: int) -> None:
    """Pixel for pixel, the other seat's view is the same whichever card was set aside face
    down or whichever target declared, with the mouse on the face-down cards too."""
    a, b = _two_worlds(phase, 0, seed)
    images = []
    for state in (a, b):
        board = _board()
        _show(board, state, 1)
        down = [k for k in board.things(board.obs) if k[0] == "down" and k[1] == 0]
        if phase == "commit":
            assert not down  # §9 #25: not even how many cards lie face down
        surface = pygame.Surface(SIZE)
        board.draw(surface)
        images.append(pygame.image.tobytes(surface, "RGB"))
    assert images[0] == images[1]
    own = [pygame.image.tobytes(_show(_board(), state, 0), "RGB") for state in (a, b)]
    assert own[0] != own[1]  # its owner does see the difference


def test_a_hand_card_dragged_to_a_line_is_committed_there() -> None:
    state = _advance(FrontlineGame().new_state(), random.Random(7), _phase("commit", 0))
    board = _board()
    _show(board, state, 0)
    card = next(
        a - CARD
        for a in state.legal_actions()
        if CARD <= a < REAR_CARD
        and not UNITS[a - CARD].is_crew
        and UNITS[a - CARD].lines == (FRONT,)
    )
    start = board.thing_rect(("hand", card, 0)).center
    drop = board.geo.rows["own_ground"].center
    board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    board.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=drop, rel=(0, 0), buttons=(1, 0, 0))
    )
    assert board.aim.dragged() == card  # drawn under the mouse, its line lit
    board.draw(pygame.Surface(SIZE))
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=drop, button=1)
    assert board.handle_event(up) == CARD + card and board.aim.dragged() is None
    assert _click(board, start, board.geo.rows["opp_rear"].center) is None
    board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for pos in (drop, start):  # carried away and brought back: put back, not clicked
        board.handle_event(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
    assert board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1)) is None
    assert board.choosing is None


def test_every_log_phrase_is_worded_with_seat_names_in_both_languages() -> None:
    from game import i18n

    board = _board(("Anna", "Ben"))
    for key in knowledge.PHRASES:
        for lang in ("en", "ja"):
            assert f"log.frontline.{key}" in i18n.table(lang)
    words = board.log_text("declare", {"player": 1, "unit": 0, "target": 16})
    assert words == "M4A1 Sherman targets PzKpfw IV Ausf. H"
    steps = [
        Step(0, 0, ("initiative", {"player": 0, "die": 7}), ""),
        Step(1, 0, ("first_me", {"player": 0}), ""),
    ]
    assert board.turn_words(steps) == ["rolls 7", "attacks first"]


def test_the_build_phase_hands_input_drawing_and_clicks_to_its_phase_view() -> None:
    state = FrontlineGame().new_state(decks="build")
    board = _board()
    assert type(board.phase_views["build"]).__name__ == "DeckView"
    deck = PREBUILT_DECK + next(i for i, name in enumerate(PREBUILT) if name.startswith("us_"))

    class View:
        def __init__(self) -> None:
            self.events: list[int] = []

        def layout(self, rect: pygame.Rect) -> None: ...
        def show(self, obs: dict, viewer: int, legal: list[int]) -> None: ...
        def update(self, dt: float) -> None: ...
        def draw(self, surface: pygame.Surface) -> None: ...

        def handle_event(self, event: pygame.event.Event) -> int:
            self.events.append(event.type)
            return DONE

        def clicks_for(self, action: int) -> list[tuple[int, int]]:
            return [(1, 1)]

    view = board.phase_views["build"] = View()
    _show(board, state, 0)
    assert board.spots == {} and board.buttons == []  # the view owns the phase's actions
    assert board.clicks_for(deck) == [(1, 1)] and _click(board, (5, 5)) == DONE
    assert pygame.MOUSEBUTTONUP in view.events


def test_naturals_are_called_out_and_damage_floats_up() -> None:
    """Shown with animation, a special natural gets a call-out and a damaged unit its number."""
    board = make_board("frontline", [1.0], SIZE)
    assert isinstance(board, FrontlineBoard)
    rng = random.Random(8)
    policy = FrontlineHeuristic()
    state = FrontlineGame().new_state()
    called: set[int] = set()
    floated = False
    while not state.is_terminal() and not (called and floated):
        before = state.observation(0)
        board.show(before, 0, [], animate=False)
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else policy.policy(state, rng)
        )
        after = state.observation(0)
        board.show(after, 0, [], animate=True)
        board.update(0.5)
        natural = after["attack"]["natural"]
        if natural != before["attack"]["natural"] and natural in (2, 3, 18, 19, 20):
            assert board.motion.callout is not None and str(natural) in board.motion.callout.title
            called.add(natural)
        hurt = {v["pos"] for v in after["board"]} & {
            v["pos"]
            for v in before["board"]
            for w in after["board"]
            if v["pos"] == w["pos"] and w["damage"] > v["damage"]
        }
        if hurt:
            assert any(f.text.startswith("-") for f in board.motion.floats.items)
            floated = True
    assert called and floated


def test_hovering_while_the_other_side_decides_shows_the_card() -> None:
    state = _advance(FrontlineGame().new_state(), random.Random(9), _phase("declare", 1))
    board = _board()
    _show(board, state, 0)
    assert not board.legal
    key = next(k for k in board.things(board.obs) if k[0] == "unit")
    pos = board.thing_rect(key).center
    event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3)
    assert board.handle_idle_event(event) is False
    assert board.zoomed() == key and board.aim.tooltip_text()


def test_a_command_card_out_of_its_window_says_when_it_is_played() -> None:
    state = _advance(FrontlineGame().new_state(), random.Random(10), _phase("draw_choice", 0))
    board = _board()
    said: list[str] = []
    board.ctx.feedback = said.append
    _show(board, state, 0)
    idle = [k for k in board.things(board.obs) if k[0] == "cmd" and k not in board.spots]
    assert idle
    assert _click(board, board.thing_rect(idle[0]).center) is None
    assert said and "cannot be played now" in said[0]


def test_the_other_sides_turn_stays_marked_on_the_units_it_changed() -> None:
    """Readable turns: after the other side's attacks, the units it damaged are marked (until
    the viewer acts), the viewer's units it merely revealed are not."""
    board = _board()
    rng = random.Random(12)
    policy = FrontlineHeuristic()
    state = FrontlineGame().new_state()
    seen_damage = seen_reveal = False
    turn_start: dict[int, dict] = {}
    while not state.is_terminal() and not (seen_damage and seen_reveal):
        player = state.current_player()
        before = state.observation(0)
        if player >= 0 and player not in turn_start:
            turn_start = {player: {v["pos"]: v for v in before["board"]}}
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else policy.policy(state, rng)
        )
        after = state.observation(0)
        legal = state.legal_actions() if state.current_player() == 0 else []
        board.show(after, 0, legal, animate=True)
        if not legal or 1 not in turn_start:
            continue
        start = turn_start[1]
        for view in after["board"]:
            key = ("unit", view["pos"])
            if view["owner"] != 0:
                continue
            old = start.get(view["pos"])
            if old is None:
                assert key not in board.marked  # revealed, not done by the other side
                seen_reveal = True
            elif view["damage"] > old["damage"]:
                assert key in board.marked
                seen_damage = True
    assert seen_damage and seen_reveal


def test_the_other_sides_units_new_this_turn_are_tagged() -> None:
    """What the other side committed shows when the reveal falls in the viewer's own turn
    (after its pass), where the kit marks nothing: its units new on the table since the turn's
    commitment began carry a "new" chip through the declaration and combat; the viewer's never
    do, and the next commitment clears them."""
    board = _board()
    rng = random.Random(4)
    policy = FrontlineHeuristic()
    state = FrontlineGame().new_state()
    at_commit: set[int] = set()
    step = ""
    checked = 0
    while not state.is_terminal() and checked < 6:
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else policy.policy(state, rng)
        )
        after = state.observation(0)
        legal = state.legal_actions() if state.current_player() == 0 else []
        board.show(after, 0, legal, animate=True)
        if step_of(after) == "commit" and step != "commit":
            at_commit = {v["pos"] for v in after["board"]}
            assert not board.revealed  # a new commitment: last turn's are no news
        step = step_of(after)
        if not legal or step not in ("declare", "combat"):
            continue
        new = {("unit", v["pos"]) for v in after["board"] if v["pos"] not in at_commit}
        theirs = {key for key in new if board.views[key]["owner"] == 1}
        assert board.revealed == theirs
        checked += bool(theirs)
    assert checked >= 2


def test_taking_a_cards_last_copy_for_the_starting_hand_moves_no_other_card() -> None:
    """The cards of the starting-hand grid stay put under the pointer: a card whose copies are
    all taken leaves a gap (they used to slide over, and the next click took a neighbour)."""
    state = _advance(FrontlineGame().new_state(), random.Random(3), _phase("pick", 0))
    board = _board()
    _show(board, state, 0)
    before = {k: r for k, r in board.resting_places(board.obs).items() if k[0] == "pick"}
    single = next(
        k for k, count in board.things(board.obs).items() if k[0] == "pick" and count == 1
    )
    action = _click(board, before[single].center)
    assert action == CARD + single[1]
    state.apply_action(action)
    _show(board, state, 0)
    after = {k: r for k, r in board.resting_places(board.obs).items() if k[0] == "pick"}
    assert single not in after and after == {k: r for k, r in before.items() if k != single}


def _two_alike_playable(state: FrontlineState) -> bool:
    """Seat 0 to act with two copies of a command card, one of which it may discard for +1
    (or the game over, where the search gives up on the seed)."""
    if state.is_terminal():
        return True
    if state.current_player() != 0:
        return False
    commands = state.observation(0)["seats"][0]["commands"] or []
    legal = state.legal_actions()
    return any(commands.count(c) > 1 and BOOST + c in legal for c in commands)


def test_every_copy_of_a_command_card_in_hand_plays_it() -> None:
    """An action names a card, not a copy: the second of two identical command cards is as
    clickable as the first (it used to answer 'cannot be played now')."""
    for seed in range(60):
        state = _advance(FrontlineGame().new_state(), random.Random(seed), _two_alike_playable)
        if not state.is_terminal():
            break
    else:
        pytest.fail("no roll with two copies of a command card in hand")
    commands = state.observation(0)["seats"][0]["commands"]
    card = next(c for c in commands if commands.count(c) > 1 and BOOST + c in state.legal_actions())
    board = _board()
    _show(board, state, 0)
    first, second = (board.spots.get(("cmd", card, n)) for n in (0, 1))
    assert first and second == first
    action = _click(board, board.point_on(("cmd", card, 1), board.key_at))
    if action is None:  # a card that may be played or discarded: the chooser offers both
        action = _click(board, board.chooser_rects(("cmd", card, 1))[-1].center)
    assert action in first


def test_a_target_at_half_hp_says_so_instead_of_a_sure_half() -> None:
    """A target already at its half HP would read "½HP 100%" whatever is fired at it: the odds
    say "at ½HP" instead, on the weapon buttons and on the target."""
    state = _advance(FrontlineGame().new_state(), random.Random(3), _phase("weapons", 0))
    target = state.board[state.pending_target]
    board = _board()
    _show(board, state, 0)
    before = [b[2] for b in board.buttons if b[0] in state.legal_actions()]
    assert before and all("½HP" in words and "at ½HP" not in words for words in before)
    target.damage = target.hp_max - target.printed.half_hp
    _show(board, state, 0)
    for action in state.legal_actions():
        shown = board.aim.weapons_preview(action - WEAPONS)
        assert shown is not None and shown.at_half and shown.half == pytest.approx(1.0)
        detail = next(b[2] for b in board.buttons if b[0] == action)
        assert "at ½HP" in detail and "100%" not in detail.split("·")[1]
        assert odds_lines(shown)[0].endswith("at ½HP")


def test_no_command_tag_on_a_unit_reads_ss() -> None:
    """Smoke Screen now stays on the smoked unit: its tag must not be its initials."""
    assert initials(commands.SMOKE) == "SM"
    assert "SS" not in {initials(c) for c in range(len(COMMANDS))}


def test_a_smoked_unit_shows_its_chip_over_the_last_move_ring() -> None:
    """The opponent's Smoke Screen marks the smoked unit (its ring and tag), and the "SM" chip
    that says why it will not fire stays on top of the ring."""
    state = setup()
    sherman = place(state, 0, "us_m4a1_sherman")
    pz = place(state, 1, "ge_pz4h")
    _give(state, 0, commands.SMOKE)
    _to_c2(state, {pz.pos: (UNIT + sherman.pos, 1)})
    board = make_board("frontline", [0.0], (565, 487))
    board.show(state.observation(1), 1, [], animate=False)
    _play_on(state, commands.SMOKE, pz.pos)
    board.show(state.observation(1), 1, [], animate=True)
    surface = pygame.Surface((565, 487))
    board.update(0.0)
    board.draw(surface)
    assert ("unit", pz.pos) in board.marked and board.mark_tag_box is not None
    last = board.pieces.tucked[-1]
    chip = last.inflate(-last.h, -4)  # inside its rounded ends
    ring = board.ctx.palette["last_move"]
    covered = [
        (x, y)
        for x in range(chip.left, chip.right)
        for y in range(chip.top, chip.bottom)
        if surface.get_at((x, y))[:3] == ring
    ]
    assert not covered


def _commands_in_hand(seed: int, count: int, playable: bool) -> FrontlineState:
    """A game played on until seat 0 holds ``count`` command cards (and, if ``playable``, may
    play one now)."""

    def ready(s: FrontlineState) -> bool:
        hand = s.observation(0)["seats"][0]["commands"] or []
        if s.current_player() != 0 or len(hand) < count:
            return False
        board = make_board("frontline", [0.0], (800, 540))
        board.show(s.observation(0), 0, s.legal_actions(), animate=False)
        return not playable or any(split_key(k)[0] == "cmd" for k in board.spots)

    return _advance(FrontlineGame().new_state(2), random.Random(seed), ready)


def _fan(board: FrontlineBoard) -> dict:
    return {k: board.thing_rect(k) for k in board.things(board.obs) if split_key(k)[0] == "cmd"}


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_the_command_fan_opens_around_the_pointed_card_which_stays_put(size) -> None:
    """Overlapping command cards spread while the pointer is on them, each whole, around the
    card pointed at, which keeps its place (a fan spread from an edge put another card under
    the pointer); they shut when the pointer leaves."""
    state = _commands_in_hand(4, 4, playable=False)
    board = make_board("frontline", [0.0], size)
    board.show(state.observation(0), 0, [], animate=False)
    shut = _fan(board)
    assert any(a.colliderect(b) for a, b in itertools.combinations(shut.values(), 2))
    for key, rect in shut.items():
        point = board.point_on(key, board.key_at)
        board.handle_idle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=point))
        board.update(0.02)  # animations off: the cards land at once
        opened = _fan(board)
        assert opened[key] == rect and board.key_at(point) == key, "the pointed card stays"
        assert not any(a.colliderect(b) for a, b in itertools.combinations(opened.values(), 2))
        assert all(board.geo.table.contains(r) for r in opened.values()), "every card whole"
        board.handle_idle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=board.rect.topleft))
        board.update(0.02)
        assert _fan(board) == shut


@pytest.mark.parametrize("speed", [0.0, 1.0])
def test_a_click_after_the_hover_takes_the_pointed_card_whatever_the_fan_shows(speed) -> None:
    """The board contract's round trip holds with the fan shut and opened on each card: a
    click goes where ``clicks_for`` says and returns that very action."""
    state = _commands_in_hand(4, 3, playable=True)
    board = make_board("frontline", [speed], (800, 540))
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    assert len(board.fan.cards(board.resting_places(board.obs))) >= 3
    hovers = [None, *(board.point_on(k, board.key_at) for k in _fan(board))]
    for hover in hovers:
        board.skip_animation()
        if hover is not None:
            board.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=hover))
            board.update(0.05)  # mid-slide
        assert board.fan.anchor is None or board.key_at(hover) == board.fan.anchor[0]
        assert round_trip(board, state) > 1


@pytest.mark.parametrize("size", [(800, 540), (1280, 800)])
def test_the_last_move_tag_covers_no_step_unit_or_crew_mark(size) -> None:
    """After the AI's turns the last-move tag keeps off the tray's step strip and words, every
    unit (its name and HP bar) and every crew badge or missing-crew mark under a unit (the mark,
    drawn over the ringed unit, sat on the tag)."""
    checked = 0
    for seed in (7, 8):
        for board, box in tags_after_opponent_turns("frontline", seed, size):
            tray = board.geo.rows["tray"]
            avoid = [r for r in board.texts if tray.colliderect(r)]
            for key in board.things(board.obs):
                rect = board.thing_rect(key)
                if split_key(key)[0] == "unit" and rect is not None:
                    avoid += [rect]
                    if UNITS[board.views[key]["card"]].crew >= 0:
                        avoid.append(crew_spot(rect))
            assert box.collidelist(avoid) < 0, (seed, box, avoid[box.collidelist(avoid)])
            checked += 1
    assert checked > 10


def test_a_touch_without_hover_plays_the_card_and_leaves_the_fan_shut() -> None:
    """A tap (press and release with no pointer motion before) takes the card it lands on in
    the shut fan; the keys still press the panel's buttons."""
    state = _commands_in_hand(4, 3, playable=True)
    board = make_board("frontline", [0.0], (800, 540))
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    key, actions = next((k, a) for k, a in board.spots.items() if split_key(k)[0] == "cmd")
    point = board.point_on(key, board.key_at)
    board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    got = board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    options = [a for a, _ in board.chooser_options(key)]
    assert got == actions[0] if len(options) == 1 else board.choosing == key
    assert board.fan.anchor is None
    board.reset_input()
    assert board.key(pygame.K_1) == board.numbered()[0]


def test_a_panel_button_that_opens_under_the_resting_mouse_is_lit_at_once() -> None:
    """The bar stands at the foot of the panel's prompt box; the button that appears under a
    mouse at rest there is lit (it was lit at the bar's place before the board moved it)."""
    state = setup()
    board = make_board("frontline", [0.0], (1280, 800))
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    rect = board.bar.choice_rect(DONE)
    assert rect is not None and rect.bottom > board.geo.prompt.centery
    board.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0)))
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    assert board.hovered_button() == DONE


def test_a_redraw_without_animation_leaves_no_float_shake_or_tumble_behind() -> None:
    """A change shown without animation (a load, an undo, the viewer switched) lands what the
    last change started: "Destroyed!" cut short in mid-rise stuck on the table for good, its
    unit's neighbour stayed shaken aside and the die kept tumbling through random faces."""
    rng, policy = random.Random(8), FrontlineHeuristic()
    state = FrontlineGame().new_state()
    board, fresh = make_board("frontline", [1.0], SIZE), make_board("frontline", [1.0], SIZE)
    destroyed = False
    while not state.is_terminal() and not destroyed:
        before = state.observation(0)
        board.show(before, 0, [], animate=False)
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else policy.policy(state, rng)
        )
        after = state.observation(0)
        destroyed = len(after["board"]) < len(before["board"])
    assert destroyed
    board.show(after, 0, [], animate=True)
    board.update(0.3)  # "Destroyed!" is rising, the die tumbling
    board.show(after, 0, [], animate=False)
    fresh.show(before, 0, [], animate=False)  # the same history, never animated
    fresh.show(after, 0, [], animate=False)
    shots = []
    for shown in (board, fresh):
        shown.update(1.0)
        shown.clock = 0.0
        surface = pygame.Surface(SIZE)
        shown.draw(surface)
        shots.append(pygame.surfarray.array3d(surface))
    assert (shots[0] == shots[1]).all()
