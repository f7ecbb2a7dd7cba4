"""The side panel, a sub-view the board composes: each seat's score line, the shared decks, the
card under the mouse at full size (on a narrow board it floats over the table instead), and
what the viewer is asked, wrapped over the kit's decision bar. It owns its rects and drawing;
the board hands it the observation, the words and the card to show."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import i18n
from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.boards.frontline.art import FrontlineArt
from game.boards.frontline.layout import Geo
from game.engines.frontline import words as fw
from game.engines.frontline.observation import FrontlineObservation
from game.ui.draw import Colour, blit_center, darker
from game.ui.text import render


class SidePanel:
    def __init__(self, art: FrontlineArt, palette: dict[str, Colour], lang: str, geo: Geo) -> None:
        self.art, self.palette, self.lang = art, palette, lang
        self.geo = geo  # the board's geometry (the board lays it out anew)
        self.viewer = 0
        self.texts: list[pygame.Rect] = []  # where the last draw wrote its words

    def score_rect(self, seat: int) -> pygame.Rect:
        """A seat's score line: the other seat's on top."""
        box = self.geo.score
        h = box.h * 2 // 5
        return pygame.Rect(box.x, box.y if seat != self.viewer else box.y + h, box.w, h)

    def deck_spots(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """The shared decks under the score: each deck's kind, the rectangle of its back and the
        box its count is written in, side by side."""
        u, box = self.geo.unit, self.geo.score
        y = box.y + box.h * 4 // 5
        h = box.bottom - y
        back_w = max(8, round(h / fc.RATIO))
        spots = []
        for i, kind in enumerate(("command", "damage")):
            x = box.x + i * (box.w // 2)
            back = pygame.Rect(x, y, back_w, round(back_w * fc.RATIO))
            label = pygame.Rect(back.right + u // 2, y, box.w // 2 - back_w - u, h)
            spots.append((kind, back, label))
        return spots

    def draw(
        self,
        surface: pygame.Surface,
        obs: FrontlineObservation,
        names: Sequence[str],
        zoom: pygame.Surface | None,
        prompt: str,
        bar_top: int | None,
    ) -> list[pygame.Rect]:
        """The panel with ``zoom`` (the card under the mouse, ``zoom_width`` wide) and ``prompt``
        above ``bar_top`` (the decision bar's top, if it shows); returns where it wrote words."""
        p, geo = self.palette, self.geo
        self.texts = []
        pygame.draw.rect(surface, p["panel"], geo.side)
        pygame.draw.line(surface, p["panel_edge"], geo.side.topleft, geo.side.bottomleft, 2)
        for seat in (1 - self.viewer, self.viewer):
            self._draw_score(surface, obs, seat, fw.seat_name(names, seat))
        self._draw_decks(surface, obs)
        self._draw_zoom(surface, obs, zoom)
        self._draw_prompt(surface, prompt, bar_top)
        return self.texts

    @property
    def zoom_width(self) -> int:
        """How wide the card under the mouse shows in the panel (0: a narrow board's panel
        has no room; it floats over the table)."""
        box = self.geo.zoom
        return min(box.w, round(box.h / fc.RATIO)) if box.h else 0

    def _draw_score(
        self, surface: pygame.Surface, obs: FrontlineObservation, seat: int, name: str
    ) -> None:
        """A seat's line: mark, name, VP towards 51, overrun pips, hand and Reserves counts."""
        p, u = self.palette, self.geo.unit
        rect = self.score_rect(seat)
        info = obs["seats"][seat]
        side = 0 if info["army"] == "US" else 1
        colour = self.art.army(side)
        mark = fc.army_mark(side, rect.h // 2, p)
        surface.blit(mark, (rect.x, rect.y + u // 3))
        px = max(9, round(rect.h * 0.3))
        vp = render(f"{info['vp']}/51 VP", px, p["gold"], bold=True)
        room = rect.w - mark.get_width() - vp.get_width() - 2 * u
        image = self.art.fitted(name, px, p["text"], room, bold=True)
        self.texts.append(
            surface.blit(image, (rect.x + mark.get_width() + u // 2, rect.y + u // 3))
        )
        self.texts.append(surface.blit(vp, vp.get_rect(topright=(rect.right, rect.y + u // 3))))
        bar = pygame.Rect(rect.x, rect.y + rect.h // 2 + u // 3, rect.w * 3 // 5, max(4, u))
        pygame.draw.rect(surface, darker(colour, 0.6), bar, border_radius=bar.h // 2)
        filled = bar.copy()
        filled.w = round(bar.w * min(1.0, info["vp"] / 51))
        if filled.w:
            pygame.draw.rect(surface, colour, filled, border_radius=bar.h // 2)
        # Overrun: three pips (three end-of-combat checks with no Frontline).
        x = bar.right + u
        for i in range(3):
            lit = i < info["overrun"]
            c = (x + u + i * 2 * u, bar.centery)
            ink = p["hit"] if lit else darker(p["text_dim"], 0.5)
            pygame.draw.circle(surface, ink, c, max(3, u * 2 // 3))
        small = max(9, round(rect.h * 0.24))
        counts = i18n.t(
            "frontline.counts",
            units=info["unit_count"],
            commands=info["command_count"],
            reserves=info["reserves"],
        )
        image = self.art.fitted(counts, small, p["text_dim"], rect.w)
        self.texts.append(surface.blit(image, (rect.x, bar.bottom + u // 3)))

    def _draw_decks(self, surface: pygame.Surface, obs: FrontlineObservation) -> None:
        p = self.palette
        for kind, back, box in self.deck_spots():
            surface.blit(other.card_back(kind, back.w, p, self.lang), back)
            n = obs["command_deck" if kind == "command" else "damage_deck"]
            label = i18n.t(f"frontline.deck.{kind}", n=n)
            image = self.art.fitted(label, max(9, round(box.h * 0.42)), p["text_dim"], box.w)
            self.texts.append(surface.blit(image, image.get_rect(midleft=box.midleft)))

    def _draw_zoom(
        self, surface: pygame.Surface, obs: FrontlineObservation, image: pygame.Surface | None
    ) -> None:
        """The card under the mouse; with none, the viewer's army's back, faded."""
        box = self.geo.zoom
        if box.h == 0:
            return
        if image is None:
            back = obs["seats"][self.viewer]["army"]
            image = other.card_back(back, self.zoom_width, self.palette, self.lang)
            image.set_alpha(90)
            blit_center(surface, image, box.center)
            image.set_alpha(255)
            return
        blit_center(surface, image, box.center)

    def draw_floating(
        self, surface: pygame.Surface, image: pygame.Surface, mouse: tuple[int, int]
    ) -> None:
        """A narrow board: the card under the mouse, large, on the far side of the table."""
        table = self.geo.table
        rect = image.get_rect()
        rect.top = mouse[1] - rect.h // 2
        if mouse[0] < table.centerx:
            rect.right = table.right - self.geo.unit
        else:
            rect.left = table.x + self.geo.unit
        rect.clamp_ip(table)
        surface.blit(image, rect)

    def _draw_prompt(self, surface: pygame.Surface, text: str, bar_top: int | None) -> None:
        """What the viewer is asked, wrapped over the decision bar's buttons."""
        p, box, u = self.palette, self.geo.prompt, self.geo.unit
        px = max(9, round(u * 1.5))
        bottom = bar_top - u // 2 if bar_top is not None else box.bottom
        y = box.y
        for line in fc.wrap_px(text, px, box.w):
            if y + px > bottom:
                break
            image = render(line, px, p["text"])
            surface.blit(image, (box.x, y))
            y += image.get_height()
