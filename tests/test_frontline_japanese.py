"""Frontline in Japanese says nothing in English: seeded games played in ``ja`` through the
board and the words, every string the board draws (labels, prompts, tray, chips, floats,
banners, card faces, tooltips, choosers) and every string the words give (the log as each
seat sees it, a turn's lines, forced-move and hint words, the status, the summary) is read
for English words.

What may stay in Latin letters, and why:
- the designations in the units' and weapons' Japanese names ("M4A1シャーマン", "7.5cm PaK
  40対戦車砲", "MG 42（軽機関銃）");
- VP, HP, DEF, d10/2d10: the rules' own abbreviations, in the Japanese rules too;
- "2X" (rate of fire, printed beside a weapon as on the original cards), "N/C" (no crew:
  the Japanese rules' own term), C1–C6 (the command windows' codes on a card face);
- "AI" in a seat's name ("AI（強い）");
- "Ag": the sample the card faces measure a line's height with, never shown.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pygame
import pytest

from ai.heuristics.frontline import FrontlineHeuristic
from game import i18n
from game.boards.base import BoardContext
from game.boards.frontline.board import FrontlineBoard
from game.boards.palette import palette_of
from game.engines import GAMES
from game.engines.frontline import FrontlineState
from game.engines.frontline.cards import UNITS
from game.engines.frontline.words import unit_name, weapon_name
from game.turns import Step
from game.ui import text as ui_text

WORD = re.compile(r"[A-Za-z][A-Za-z0-9'.\-/]*…?")
NAMED = [unit_name(u.index, "ja") for u in UNITS] + [
    weapon_name(w, "ja") for u in UNITS for w in u.weapons
]
PRINTED = {w for n in NAMED for w in WORD.findall(n)}
ALLOWED = {
    "VP",
    "HP",
    "DEF",
    "d10",
    "2d10",
    "X",
    "N/C",
    "AI",
    "Ag",
    *(f"C{n}" for n in range(1, 7)),
}
NAMES = ["あなた", "AI（強い）"]


def english(text: str) -> list[str]:
    """The words of ``text`` in Latin letters that are neither allowed nor a printed name (a
    word cut short with "…" passes when a printed word starts with it)."""
    out = []
    for word in WORD.findall(text):
        if word.endswith("…"):
            if any(p.startswith(word[:-1]) for p in PRINTED | ALLOWED):
                continue
        elif word.rstrip(".") in ALLOWED or word in PRINTED:
            continue
        out.append(word)
    return out


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every string the text renderer draws (its cache bypassed, so each draw is seen)."""
    seen: list[str] = []
    render_run = ui_text._render_run

    def recorded(font: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
        seen.append(text)
        return render_run(font, text, colour)

    monkeypatch.setattr(ui_text, "_render_run", recorded)
    monkeypatch.setattr(ui_text._CACHE, "get", lambda key, build: build())
    i18n.set_language("ja")
    yield seen
    i18n.set_language("en")


def _japanese_board(feedback: list[str]) -> FrontlineBoard:
    ctx = BoardContext(
        game=GAMES["frontline"],
        options={},
        num_players=2,
        seat_names=NAMES,
        palette=palette_of(FrontlineBoard, colorblind=False),
        lang="ja",
        feedback=feedback.append,
        play_sound=lambda name: None,
        anim_speed=lambda: 1.0,
    )
    pygame.font.init()
    board = FrontlineBoard(ctx)
    board.layout(pygame.Rect(0, 0, 905, 716))
    return board


def _said(
    board: FrontlineBoard, state: FrontlineState, viewer: int, surface: pygame.Surface
) -> list[str]:
    """What ``viewer``'s board says of ``state``: drawn (with its motions), its status, the
    words of each legal action, each chooser, and each unit's tooltip."""
    legal = state.legal_actions() if state.current_player() == viewer else []
    board.show(state.observation(viewer), viewer, legal, animate=True)
    board.update(0.2)
    board.draw(surface)
    said = [board.status_text(), board.tray_words()]
    said += [board.action_words(state, a) for a in legal]
    said += board.move_words(state, legal[:1], viewer)
    for key in list(board.spots):
        said += [words for _, words in board.chooser_options(key)]
    said += [label + " " + detail for _, label, detail in board.buttons]
    for key in list(board.views):
        rect = board.thing_rect(key)
        if rect is not None:
            board.move(rect.center)
            said.append(board.aim.tooltip_text())
    board.mouse = None
    return said


@pytest.mark.parametrize("seed", [1, 2])
def test_a_japanese_game_of_frontline_says_nothing_in_english(seed: int, drawn: list[str]) -> None:
    rng, policy = random.Random(seed), FrontlineHeuristic()
    boards = [_japanese_board(drawn), _japanese_board(drawn)]
    surface = pygame.Surface((905, 716))
    state = GAMES["frontline"].new_state()
    assert isinstance(state, FrontlineState)
    found: dict[str, str] = {}
    kinds: set[str] = set()  # the log phrases seen: the game went through its steps
    while not state.is_terminal():
        said: list[str] = []
        for viewer, board in enumerate(boards):
            said += _said(board, state, viewer, surface)
        if state.is_chance_node():
            action = state.sample_chance(rng)
        elif rng.random() < 0.3:  # now and then a move the heuristic would not make
            action = rng.choice(state.legal_actions())
        else:
            action = policy.policy(state, rng)
        for viewer, board in enumerate(boards):
            key, args = board.log_phrase(state, action, viewer)
            kinds.add(key)
            step = Step(len(state.history), state.current_player(), (key, args), "")
            said += [board.log_text(key, args) or "", *board.turn_words([step])]
        state.apply_action(action)
        for text in said + drawn:
            for word in english(text):
                found.setdefault(word, text)
        drawn.clear()
    summary = boards[0].summary(state.observation(0), NAMES)
    assert summary is not None
    for text in [
        *summary.headings,
        *summary.notes,
        summary.subtitle,
        *(c for row in summary.rows for c in row),
    ]:
        for word in english(text):
            found.setdefault(word, text)
    assert {"initiative_won", "damage_card", "play"} <= kinds, sorted(kinds)
    assert not found, "\n".join(f"{w}: {t}" for w, t in found.items())
