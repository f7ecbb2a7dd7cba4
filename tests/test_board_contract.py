"""The board contract, run over every registered board: a new board passes it with no test of
its own (DESIGN.md › Testing).

For random games (seat-swapped viewers, as in hot-seat) it shows every observation with and
without animation, draws frames (the last-move tag covering no thing and no clickable place),
round-trips clicks to actions for every legal action (the
board's ``clicks_for`` says where to click; the board must return that very action), resizes
from 800×540 to 2560×1440, and runs a short monkey of random clicks and keys.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from game.boards import board_class, board_ids
from game.boards.base import Board, BoardContext, Decision
from game.boards.palette import palette_of
from game.engines import GAMES
from game.engines.base import State
from game.ui import fonts, text
from game.ui.draw import MIN_READABLE_PX

SIZES = [(800, 540), (1024, 640), (1280, 800), (1600, 1000), (1920, 1080), (2560, 1440)]
FRAME = 1 / 30


def make_board(game_id: str, speed: list[float], size: tuple[int, int]) -> Board:
    pygame.font.init()
    cls = board_class(game_id)
    game = GAMES[game_id]
    ctx = BoardContext(
        game=game,
        options={},
        num_players=2,
        seat_names=["You", "Hard AI"],
        palette=palette_of(cls, colorblind=False),
        lang="en",
        feedback=lambda text: None,
        play_sound=lambda name: None,
        anim_speed=lambda: speed[0],
    )
    board = cls(ctx)
    board.layout(pygame.Rect((0, 0), size))
    return board


def click(board: Board, pos: tuple[int, int]) -> Decision:
    """A left click (press and release) at ``pos``; the action the board returns, if any."""
    board.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3)
    )
    down = board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    up = board.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return down if down is not None else up


def round_trip(board: Board, state: State) -> int:
    """Every legal action is reached by clicking where the board says (a lone legal action is
    forced: the match scene plays it without a click)."""
    board.skip_animation()
    if len(state.legal_actions()) == 1:
        return 0
    for action in state.legal_actions():
        board.reset_input()
        got = None
        for pos in board.clicks_for(action):
            assert board.rect.collidepoint(pos), (action, pos)
            got = click(board, pos)
            if got is not None:
                break
        first = got[0] if isinstance(got, list) else got  # a card with its target: one decision
        assert first == action, f"{state.action_to_string(action)}: clicks gave {got}"
        board.reset_input()
    return len(state.legal_actions())


def readable(board: Board, legal: list[int]) -> list[pygame.Rect]:
    """What the last-move tag must not cover: the regions the board keeps labels off, every
    thing on the table, and where each legal move is clicked (a lone move is played without a
    click)."""
    rects: list[pygame.Rect | None] = list(board.label_regions())
    rects += [board.thing_rect(key) for key in board.things(board.obs)]
    if len(legal) > 1:
        rects += [board.hint_rect(action) for action in legal]
    return [rect for rect in rects if rect is not None]


def tags_after_opponent_turns(
    game_id: str, seed: int, size: tuple[int, int], speed: float = 0.0
) -> Iterator[tuple[Board, pygame.Rect]]:
    """A random game seen by seat 0: after each of the opponent's turns the board is drawn (at
    animation ``speed``, frame by frame until its animations end), and where it tags that turn,
    the board and the tag's box are yielded."""
    rng = random.Random(seed)
    board = make_board(game_id, [speed], size)
    surface = pygame.Surface(size)
    state = GAMES[game_id].new_state(2)
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance(rng))
            continue
        board.show(state.observation(0), 0, state.legal_actions() if player == 0 else [], True)
        if player == 0:
            board.draw(surface)
            for _ in range(round(5 / FRAME)):
                if not board.is_animating():
                    break
                board.update(FRAME)
                board.draw(surface)
            if board.mark_tag_box is not None:
                yield board, board.mark_tag_box
        state.apply_action(rng.choice(state.legal_actions()))


def play(game_id: str, seed: int, speed: float, size: tuple[int, int]) -> int:
    """A random game shown to whoever decides; returns how many click round trips passed."""
    rng = random.Random(seed)
    speeds = [speed]
    board = make_board(game_id, speeds, size)
    surface = pygame.Surface(size)
    state = GAMES[game_id].new_state()
    viewer = checked = 0
    while True:
        player = state.current_player()
        if player >= 0:
            viewer = player
        deciding = player == viewer and not state.is_terminal()
        legal = state.legal_actions() if deciding else []
        board.show(state.observation(viewer), viewer, legal, animate=True)
        board.update(FRAME)
        board.draw(surface)
        board.status_text()
        if speed > 0:
            board.update(0.15)
            board.draw(surface)
        if deciding and board.mark_tag_box is not None:
            covered = board.mark_tag_box.collidelist(readable(board, legal))
            assert covered < 0, f"the last-move tag covers {readable(board, legal)[covered]}"
        if state.is_terminal():
            return checked
        if deciding:
            checked += round_trip(board, state)
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", board_ids())
def test_every_observation_shows_and_every_legal_action_is_clickable(game_id: str) -> None:
    assert play(game_id, seed=1, speed=1.0, size=(800, 540)) > 20
    assert play(game_id, seed=2, speed=0.0, size=(1280, 800)) > 20


@pytest.mark.parametrize("game_id", board_ids())
def test_the_last_move_tag_covers_no_thing_once_the_turn_has_played_out(game_id: str) -> None:
    """Drawn from the first frame of the opponent's turn, while its things still move, the tag
    ends up off every thing where they come to rest (a board that draws its own marks, as
    Flink's 3D view does, has no kit tag)."""
    tags = 0
    for board, box in tags_after_opponent_turns(game_id, 4, (800, 540), speed=1.0):
        things = [board.thing_rect(key) for key in board.things(board.obs)]
        assert box.collidelist([r for r in things if r is not None]) < 0, box
        tags += 1
    assert tags > 0 or board_class(game_id).draw_marks is not Board.draw_marks


@pytest.mark.parametrize("game_id", board_ids())
def test_resize_and_a_monkey(game_id: str) -> None:
    board = make_board(game_id, [0.0], SIZES[0])
    rng = random.Random(4)
    state = GAMES[game_id].new_state()
    while state.is_chance_node() or state.current_player() != 0:
        state.apply_action(
            state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0]
        )
    board.show(state.observation(0), 0, state.legal_actions(), animate=False)
    for size in SIZES:
        surface = pygame.Surface(size)
        board.layout(surface.get_rect())
        board.update(FRAME)
        board.draw(surface)
        for action in state.legal_actions():
            assert all(surface.get_rect().collidepoint(p) for p in board.clicks_for(action))
    surface = pygame.Surface(SIZES[0])
    board.layout(surface.get_rect())
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_RETURN, pygame.K_h, pygame.K_ESCAPE]
    for _ in range(200):
        pos = (rng.randrange(SIZES[0][0]), rng.randrange(SIZES[0][1]))
        kind = rng.random()
        if kind < 0.4:
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3)
        elif kind < 0.85:
            button = rng.choice((1, 1, 1, 3))
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        else:
            event = pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode="")
        decision = board.handle_event(event) if board.legal else None
        board.handle_idle_event(event) if not board.legal else None
        if decision is not None:
            actions = [decision] if isinstance(decision, int) else decision
            assert actions and all(isinstance(a, int) for a in actions)
            played = False
            for action in actions:  # as the scene does: in order, stopping at the first refusal
                if state.is_terminal() or action not in state.legal_actions():
                    break
                state.apply_action(action)
                played = True
            if played:
                while state.is_chance_node():
                    state.apply_action(state.sample_chance(rng))
                if state.is_terminal():
                    break
                viewer = state.current_player()
                board.show(state.observation(viewer), viewer, state.legal_actions(), animate=True)
        board.update(FRAME)
        board.draw(surface)


class _Measured:
    """A font that notes the size of every text it renders (and is the font otherwise)."""

    def __init__(self, font: pygame.font.Font, size: int, seen: list[tuple[int, str]]) -> None:
        self._font, self._size, self._seen = font, size, seen

    def render(self, text: str, *args: object, **kwargs: object) -> pygame.Surface:
        self._seen.append((self._size, text))
        return self._font.render(text, *args, **kwargs)

    def __getattr__(self, name: str) -> object:
        return getattr(self._font, name)


def _forget_fonts() -> None:
    fonts.get_font.cache_clear()
    fonts.get_symbol_font.cache_clear()
    text._CACHE.clear()  # rendered words: drawn again through the fonts above


@pytest.mark.parametrize("game_id", board_ids())
def test_every_text_is_at_least_9_px_in_the_smallest_window(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A random game at 800x540, each position drawn for whoever decides, then with the mouse
    on one of their moves (previews, tooltips): no text the board draws is under 9 px."""
    seen: list[tuple[int, str]] = []
    opened = fonts._open
    monkeypatch.setattr(fonts, "_open", lambda name, px: _Measured(opened(name, px), px, seen))
    _forget_fonts()
    try:
        rng = random.Random(3)
        board = make_board(game_id, [0.0], (800, 540))
        surface = pygame.Surface((800, 540))
        state = GAMES[game_id].new_state()
        viewer = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            viewer = state.current_player()
            legal = state.legal_actions()
            board.show(state.observation(viewer), viewer, legal, animate=False)
            board.draw(surface)
            action = rng.choice(legal)
            spot = board.hint_rect(action)
            if spot is not None:
                pos = spot.center
                board.handle_event(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3)
                )
                board.draw(surface)
            board.mouse = None
            state.apply_action(action)
        board.show(state.observation(viewer), viewer, [], animate=False)
        board.draw(surface)
    finally:
        _forget_fonts()
    # Glyphs alone are pictures (a tactic's emblem, a deck's star), not words to read.
    words = [(px, w) for px, w in seen if not all(text._is_symbol(c) or c.isspace() for c in w)]
    small = sorted({(px, w) for px, w in words if px < MIN_READABLE_PX})
    assert seen and not small, small


@pytest.mark.parametrize("game_id", board_ids())
def test_the_board_brings_its_games_accent_and_emblem(game_id: str) -> None:
    """The gallery, set-up, backdrops and app icon take a game's colour and emblem from its
    board alone: a board without them fails here, never borrows another game's."""
    cls = board_class(game_id)
    accent = getattr(cls, "ACCENT", None)
    assert isinstance(accent, tuple) and len(accent) == 3, f"{cls.__name__} declares no ACCENT"
    assert all(isinstance(c, int) and 0 <= c <= 255 for c in accent)
    assert cls.draw_emblem is not Board.draw_emblem, f"{cls.__name__} draws no emblem"
    others = [board_class(other) for other in board_ids() if other != game_id]
    assert all(accent != other.ACCENT for other in others), "two games share an accent"
    size = 64
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    cls.draw_emblem(surface, size)
    drawn = pygame.mask.from_surface(surface).count()
    assert size * size // 10 < drawn, "the emblem leaves the square (almost) empty"
