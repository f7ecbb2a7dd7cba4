"""Adding a game takes exactly the steps of docs/architecture.md, "Adding a game": a toy game
registered by those steps alone, its files in a scratch folder, is picked up by the title
screen (its own colour and emblem), the set-up screen (its options in words), the rules screen,
the AI levels, the self-test's whole match, and the engine and board contract tests.

The steps, as this test takes them:
1. engine: ``game/engines/toynim.py``, one entry in ``game.engines.GAMES``;
2. heuristic: ``ai/heuristics/toynim.py``;
3. board: ``game/boards/toynim.py`` with ``ACCENT`` and ``draw_emblem``;
4. text: ``game/i18n/toynim.en.json`` / ``.ja.json`` and ``assets/rules/toynim.en.md`` / ``.ja.md``.
The scratch folders stand in for the packages and the resource root (``sys._MEIPASS``, as in
the bundle), so nothing in the checkout changes.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import ai.heuristics
import game.boards
import game.engines
from ai.agents import make_agent
from game import i18n
from game.app import App
from game.resources import resource_path

TOY = "toynim"

ENGINE = '''
"""Nim on three heaps: take any number from one heap; who takes the last object wins."""

from __future__ import annotations

from typing import Any

from tests.toy_games import NimGame, NimState


class ToyNimGame(NimGame):
    id = "toynim"
    title = "Toy Nim"
    title_ja = "トイ・ニム"
    options = {"heaps": ["3-4-5", "1-2-3"]}

    def new_state(self, num_players: int | None = None, **options: Any) -> NimState:
        self.resolve_players(num_players)
        resolved = self.resolve_options(options)
        state = NimState(self, tuple(int(h) for h in resolved["heaps"].split("-")))
        state.options = resolved
        return state
'''

HEURISTIC = '''
"""Nim's theory: leave a nim-sum of zero when that can be done."""

from __future__ import annotations

import random

from ai.heuristics.base import Heuristic
from tests.toy_games import NimState, nim_move


class ToyNimHeuristic(Heuristic[NimState]):
    def policy(self, state: NimState, rng: random.Random) -> int:
        total = 0
        for size in state.heaps:
            total ^= size
        for heap, size in enumerate(state.heaps):
            if total and size ^ total < size:
                return nim_move(heap, size - (size ^ total))
        return rng.choice(state.legal_actions())
'''

BOARD = '''
"""Toy Nim's board: a row of stones per heap; click a stone to take it and every stone right of
it."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.boards.base import Board, Obs, Things
from tests.toy_games import nim_move

STONE = 40


class ToyNimBoard(Board):
    ACCENT = (40, 200, 200)
    PALETTES = {"normal": {"stone": (220, 210, 190)}}

    @staticmethod
    def draw_emblem(s: pygame.Surface, n: int) -> None:
        for heap in range(3):
            for stone in range(heap + 1):
                centre = (n // 4 + stone * n // 4, n // 4 + heap * n // 4)
                pygame.draw.circle(s, (40, 200, 200), centre, n // 9)

    def things(self, obs: Obs) -> Things:
        return {("stone", h, j): 0 for h, size in enumerate(obs["heaps"]) for j in range(size)}

    def rest(self, key: Hashable, obs: Obs) -> pygame.Rect | None:
        _, heap, stone = key  # type: ignore[misc]
        return pygame.Rect(
            self.rect.x + 20 + stone * (STONE + 8), self.rect.y + 20 + heap * (STONE + 8),
            STONE, STONE,
        )

    def draw_thing(
        self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float
    ) -> None:
        pygame.draw.ellipse(surface, self.ctx.palette["stone"], rect)

    def click(self, pos: tuple[int, int]) -> int | None:
        key = self.key_at(pos)
        if key is None:
            return None
        _, heap, stone = key  # type: ignore[misc]
        return nim_move(heap, self.obs["heaps"][heap] - stone)

    def clicks_for(self, action: int) -> list[tuple[int, int]]:
        heap, take = divmod(action, 8)
        rect = self.layer.rect(("stone", heap, self.obs["heaps"][heap] - take - 1))
        return [] if rect is None else [rect.center]
'''

TEXT = {
    "en": {
        "about.toynim": "Take stones from one heap; the last stone wins.",
        "option.toynim.heaps": "Heap sizes",
        "option.toynim.heaps.1-2-3": "Small heaps",
    },
    "ja": {
        "about.toynim": "一つの山から石を取る。最後の石を取った人の勝ち。",
        "option.toynim.heaps": "山",
        "option.toynim.heaps.1-2-3": "小さな山",
    },
}
RULES = {"en": "# Toy Nim\n\nTake stones from one heap.\n", "ja": "# トイ・ニム\n\n石を取る。\n"}


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _mirror(source: Path, target: Path) -> None:
    """``target`` shows what ``source`` holds (a link where the system allows one)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.symlink(source, target, target_is_directory=source.is_dir())
    except OSError:
        (shutil.copytree if source.is_dir() else shutil.copy)(source, target)


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    code = tmp_path / "code"
    _write(code / "engines" / f"{TOY}.py", ENGINE)
    _write(code / "heuristics" / f"{TOY}.py", HEURISTIC)
    _write(code / "boards" / f"{TOY}.py", BOARD)
    root = tmp_path / "bundle"  # the resource root: the checkout's files plus the toy's
    for part in ("pyproject.toml", "assets/fonts"):
        _mirror(resource_path(part), root / part)
    for folder, pattern in (("game/i18n", "*.json"), ("assets/rules", "*.md")):
        for source in resource_path(folder).glob(pattern):
            _mirror(source, root / folder / source.name)
    for lang, table in TEXT.items():
        _write(root / "game" / "i18n" / f"{TOY}.{lang}.json", json.dumps(table))
        _write(root / "assets" / "rules" / f"{TOY}.{lang}.md", RULES[lang])
    monkeypatch.setattr(sys, "_MEIPASS", str(root), raising=False)
    for package, folder in ((game.engines, "engines"), (ai.heuristics, "heuristics"),
                            (game.boards, "boards")):  # fmt: skip
        monkeypatch.setattr(package, "__path__", [*package.__path__, str(code / folder)])

    def forget() -> None:
        i18n.table.cache_clear()
        game.boards.board_class.cache_clear()
        game.boards.has_board.cache_clear()
        for module in [m for m in sys.modules if m.endswith(f".{TOY}")]:
            del sys.modules[module]

    forget()
    # Step 1's one entry; the heuristics are found as at start-up, now with the toy's.
    from game.engines.toynim import ToyNimGame  # type: ignore[import-not-found]

    monkeypatch.setitem(game.engines.GAMES, TOY, ToyNimGame())
    for game_id, found in ai.heuristics._discover().items():
        monkeypatch.setitem(ai.heuristics.HEURISTICS, game_id, found)
    yield
    forget()


def test_the_listed_steps_put_a_game_on_every_screen(toy: None, app: App) -> None:
    from game.__main__ import selftest_game
    from game.scenes.rules import RulesScene, rules_file
    from game.scenes.setup import SetupScene, option_label, value_label
    from game.scenes.title import TitleScene
    from game.ui import emblems, theme

    app.stack.reset(TitleScene(app))
    app.step(1 / 60)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    card = next(c for c in title.cards if c.game_id == TOY)
    assert card.built and card.title == "Toy Nim"
    assert theme.accent(TOY) == (40, 200, 200)
    picture = emblems.emblem(TOY, 48)
    assert picture.get_at((12, 12))[:3] != (0, 0, 0), "the toy's own emblem, drawn"

    game = game_module_game()
    assert option_label(game, "heaps") == "Heap sizes"
    assert value_label(game, "heaps", "1-2-3") == "Small heaps"
    title.open_setup(TOY)
    assert isinstance(app.stack.top, SetupScene)

    assert rules_file(TOY, "ja") == resource_path("assets", "rules", f"{TOY}.ja.md")
    app.stack.reset(RulesScene(app, TOY))
    app.step(1 / 60)
    i18n.set_language("ja")
    try:
        assert "一つの山" in i18n.t(f"about.{TOY}")
    finally:
        i18n.set_language("en")

    ok, line = selftest_game(app, TOY)
    assert ok, line


def game_module_game() -> game.engines.Game:
    return game.engines.GAMES[TOY]


def test_the_listed_steps_give_the_game_its_ai(toy: None) -> None:
    state = game_module_game().new_state()  # heaps 3, 4, 5: nim-sum 2, so take 2 from heap 0
    assert make_agent(TOY, "easy", 0, timed=False).choose(state.clone()) in state.legal_actions()
    assert make_agent(TOY, "hard", 0, timed=False).choose(state.clone()) == 1  # heap 0, take 2
    rng = random.Random(0)
    assert ai.heuristics.HEURISTICS[TOY].policy(state, rng) == 1


def test_the_contract_tests_take_the_game_as_it_is(toy: None) -> None:
    """The engine and board contract tests run over the table: the toy passes them unchanged."""
    from tests import test_board_contract as boards
    from tests import test_engine_protocol as engines

    assert TOY in game.boards.board_ids()
    for check in (
        engines.test_random_playouts_keep_the_protocol,
        engines.test_replay_reproduces_every_observation,
        engines.test_clone_is_independent,
        engines.test_determinize_keeps_the_observers_view,
        engines.test_replay_rejects_damaged_records,
        boards.test_every_observation_shows_and_every_legal_action_is_clickable,
        boards.test_resize_and_a_monkey,
        boards.test_the_board_brings_its_games_accent_and_emblem,
    ):
        check(TOY)
