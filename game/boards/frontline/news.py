"""What is news on the table: the other side's units that came onto it this turn (tagged "new"
until the next commitment) and which of the kit's marks of the other side's turn stay. Owns the
units revealed and what lay on the table when the marked turn began."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game import i18n
from game.boards.base import Things
from game.boards.frontline.layout import split_key
from game.boards.layer import SpriteLayer
from game.engines.frontline import words as fw
from game.engines.frontline.observation import FrontlineObservation
from game.ui import overlays
from game.ui.draw import Colour


class News:
    def __init__(self) -> None:
        self.revealed: set[tuple[str, int]] = set()  # the other side's units new this turn
        self.actor = -1  # who acts in the turn the kit marks, and what lay on the table
        self.before: Things = {}

    def note(
        self,
        previous: FrontlineObservation | None,
        obs: FrontlineObservation,
        viewer: int,
        same_viewer: bool,
        animate: bool,
        before: Things,
        now: Things,
    ) -> None:
        """Follow the play from ``previous`` to ``obs`` (``before``/``now``: their things):
        remember what lay on the table when a turn began, and gather the other side's units
        that came onto it since this turn's commitment began (the reveal often follows the
        viewer's own pass, where the kit's marks of the other side's turn do not reach)."""
        actor = previous["current_player"] if previous and animate else -1
        if actor >= 0 and actor != self.actor:  # a turn begins
            self.actor, self.before = actor, dict(before)
        if not animate or not previous or not same_viewer:
            self.revealed = set()
            return
        new_turn = obs["turn"] != previous["turn"]  # not only at a commitment shown: a turn
        if new_turn or (fw.step_of(obs) == "commit" and fw.step_of(previous) != "commit"):
            self.revealed = set()
        self.revealed |= {
            ("unit", v["pos"])
            for v in obs["board"]
            if v["owner"] != viewer and ("unit", v["pos"]) not in before
        }
        self.revealed = {key for key in self.revealed if key in now}

    def marked(
        self, marked: set[Hashable], obs: FrontlineObservation, viewer: int, now: Things
    ) -> set[Hashable]:
        """The other side's turn is marked on the table: not the viewer's own hand (dealt or
        drawn by chance within it) nor the viewer's own units it merely revealed."""
        owners = {("unit", v["pos"]): v["owner"] for v in obs["board"]}
        return {
            k
            for k in marked
            if split_key(k)[0] == "down"
            or (k in owners and (owners[k] != viewer or self._hit(k, now)))
        }

    def _hit(self, key: Hashable, now: Things) -> bool:
        """Whether the viewer's unit was on the table when the marked turn began and changed
        in more than its line (damage, crew, a card: news); moved up by a frontline collapse
        it was no move of the other side's."""
        before, after = self.before.get(key), now.get(key)
        if not isinstance(before, tuple) or not isinstance(after, tuple):
            return False
        return before[:1] + before[2:] != after[:1] + after[2:]

    def draw(
        self, surface: pygame.Surface, layer: SpriteLayer, gold: Colour, u: int
    ) -> list[pygame.Rect]:
        """A "new" tag on each unit revealed this turn, above the glows: seen without the log.
        Returns where the tags went."""
        tags = []
        for key in sorted(self.revealed):
            rect = layer.rect(key)
            if rect is not None:
                text = i18n.t("frontline.revealed")
                tags.append(overlays.pill(surface, text, rect, gold, max(9, round(u * 1.4))))
        return tags
