"""The board and its resting stacks as one picture, painted once per turn or size (the empty board
itself only per view or size): a frame blits it and draws the ghost over it. A piece that lands is
painted into it (``FlinkArt.paint_added``) once it has fallen: while it falls, the picture from
before it landed is the right one."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.boards.flink.art import FlinkArt
from game.boards.flink.projection import Cube, Projection
from game.engines.flink.observation import FlinkObservation


class Stage:
    def __init__(self) -> None:
        self._picture: pygame.Surface | None = None
        self._key: Hashable = None
        self._painted: dict[Cube, int] = {}  # the cubes in the picture, by player
        self._base = pygame.Surface((1, 1))
        self._base_key: Hashable = None
        self._obs: FlinkObservation | None = None
        self._stacks: Hashable = None

    def forget(self) -> None:
        """Paint the next picture whole (the palette or the layout changed)."""
        self._picture = None

    def picture(
        self,
        art: FlinkArt,
        proj: Projection,
        size: tuple[int, int],
        obs: FlinkObservation,
        cubes: dict[Cube, int],
        falling: list[Cube],
    ) -> pygame.Surface:
        """The board of ``obs`` seen through ``proj`` (its origin the picture's), ``size``
        large, with ``cubes`` (player by cube) but those still ``falling``."""
        if obs is not self._obs:  # once per observation, not per frame
            self._obs, self._stacks = obs, tuple(map(tuple, obs["stacks"]))
        key = (size, round(proj.angle, 4), id(art), self._stacks, tuple(falling))
        if self._picture is not None and key == self._key:
            return self._picture
        base_key = (*key[:3], obs["board"], obs["size"], proj.a, proj.ox, proj.oy)
        still = {c: who for c, who in cubes.items() if c not in falling}
        colours = {c: art.piece_colour(who) for c, who in still.items()}
        marks = {c: who == 1 for c, who in still.items()}
        picture = self._picture
        if (
            picture is not None
            and base_key == self._base_key
            and self._painted.items() <= still.items()
        ):
            art.paint_added(picture, proj, colours, marks, still.keys() - self._painted)
        else:
            if base_key != self._base_key:
                self._base = pygame.Surface(size)
                self._base.fill(art.p["bg"])
                cells = {(c[0], c[1]) for c in obs["cells"]}
                art.paint_board(self._base, proj, cells, obs["edges"])
                stairs = obs["board"] == "diamond"
                art.paint_coordinates(self._base, proj, cells, obs["height"], stairs)
                self._base_key = base_key
            picture = self._base.copy()
            art.paint_cubes(picture, proj, colours, marks)
        self._picture, self._painted, self._key = picture, still, key
        return picture
