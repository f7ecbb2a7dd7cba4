"""A game's words beside its engine: log phrases worded for a viewer, a turn's lines, forced-move
and hint sentences, the status line, decision labels.

OpenSpiel keeps a game's strings with the game; we keep them one step apart, in
``game/engines/<id>/words.py``, because they speak the player's language (through the i18n keys)
while the engine speaks English for logs and tests. Nothing here draws or imports pygame, so the
board, the move log, the review, the set-up screen and the network views (which word the log for
a guest) all say the same thing the same way.

A game's words module defines one :class:`Words` subclass (or names it ``WORDS``); a game without
one gets these defaults: the engine's public phrase, worded by nothing (the engine's English).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from game.engines.base import State
from game.turns import Phrase, Step


class Words:
    """The default words of a game: its engine's public phrases, in its English."""

    def log_phrase(self, state: State, action: int, viewer: int) -> Phrase:
        """``action`` (legal in ``state``) as a phrase worded for what ``viewer`` saw; the
        default is the engine's public phrase (games with hidden moves override it)."""
        return state.action_phrase(action)

    def log_text(self, key: str, args: dict) -> str | None:
        """A phrase in the player's language, or None to show the engine's English."""
        return None

    def action_words(self, state: State, action: int) -> str:
        """``action`` (legal in ``state``) in a sentence in the player's language, for a forced
        move or a hint: the log entry, else the engine's English."""
        phrase = state.action_phrase(action)
        said = self.log_text(*phrase) if phrase[0] else None
        return said or state.action_to_string(action)

    def turn_words(self, steps: Sequence[Step]) -> list[str]:
        """A turn's steps in the player's language with no subject (the row names the player)."""
        return [(self.log_text(*s.phrase) if s.phrase[0] else None) or s.text for s in steps]

    def proposed_words(self, steps: Sequence[Step]) -> list[str]:
        """Each part of a proposed move (a hint, the review's better move) in words that propose
        it, one by one. The default is each step's turn words, which suit a game whose turn
        words read as a plan ("draws a card", "カードを引く"); a game whose turn words report
        what was done ("カードを引いた") words its hints apart."""
        return [(self.turn_words([step]) or [step.text])[0] for step in steps]

    def move_steps(self, state: State, line: Sequence[int], viewer: int) -> list[Step]:
        """The parts of a whole move played from ``state`` as log steps, each worded in the
        position where it is played (up to the first illegal)."""
        state = state.clone()
        steps = []
        for action in line:
            if state.illegal_reason(action) is not None:
                break
            phrase = self.log_phrase(state, action, viewer)
            text = state.action_to_string(action)
            steps.append(Step(len(state.history), state.current_player(), phrase, text))
            state.apply_unchecked(action)
        return steps

    def move_words(self, state: State, line: Sequence[int], viewer: int) -> list[str]:
        """Each part of a whole move in the player's language as a proposal, one by one (the
        hint numbers them)."""
        return self.proposed_words(self.move_steps(state, line, viewer))

    def status(self, obs: Mapping[str, Any], viewer: int, names: Sequence[str]) -> str:
        """One line for the status bar (whose turn, what to do) from what ``viewer`` sees; ''
        for the scene's default."""
        return ""


@cache
def words_of(game_id: str) -> Words:
    """The words of ``game_id``: its ``game.engines.<id>.words`` module's ``WORDS`` or its one
    :class:`Words` subclass, else the defaults (KeyError for a name that cannot be a game id)."""
    if not game_id.isidentifier():
        raise KeyError(game_id)
    name = f"game.engines.{game_id}.words"
    try:
        found = find_spec(name)
    except ModuleNotFoundError:  # no engine package (a module, or a game defined elsewhere)
        found = None
    if found is None:
        return Words()
    module = import_module(name)
    named = getattr(module, "WORDS", None)
    if named is not None:
        return named() if isinstance(named, type) else named
    own = [
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, Words) and value.__module__ == name
    ]
    if len(own) != 1:
        raise TypeError(f"{name} defines {len(own)} Words subclasses; name one WORDS")
    return own[0]()
