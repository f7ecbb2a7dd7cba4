"""The tray between the Frontlines, a sub-view the board composes: the turn's steps with the
current one lit, the attack under way (or the initiative) in words, and its dice.

It owns what it shows beyond the observation: whether this Combat Phase's first attack has
begun (before it, the engine's attack fields are the last phase's), the +1 discarded on each
initiative roll (the observation keeps only the totals) and its last die's tumble."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game import i18n
from game.boards.frontline.art import FrontlineArt
from game.engines.frontline import words as fw
from game.engines.frontline.observation import FrontlineObservation
from game.ui.draw import Colour, blit_center, darker
from game.ui.text import render

STEPS = ("setup", "commit", "declare", "combat", "draw")


@dataclass
class Motion:
    """A 0..1 progress tweened by the timeline (a flip, a shake, a tumbling die)."""

    k: float = 0.0


class Tray:
    def __init__(self, art: FrontlineArt, palette: dict[str, Colour]) -> None:
        self.art, self.palette = art, palette
        self.area = pygame.Rect(0, 0, 0, 0)
        self.unit = 1
        self.attacked = False  # an attack of this Combat Phase has begun
        self.boosts: dict[int, int] = {}  # +1 discards on this turn's initiative rolls, by seat
        self.tumble = Motion(1.0)  # the last die settles as k reaches 1
        self.rng = random.Random(7)  # the faces a tumbling die shows (no game randomness)

    def layout(self, area: pygame.Rect, unit: int) -> None:
        self.area, self.unit = area, unit

    @property
    def dice_rect(self) -> pygame.Rect:
        """Where the dice lie (hover it for the damage formula)."""
        tray = self.area
        return pygame.Rect(tray.centerx + tray.w // 6, tray.y, tray.w // 3, tray.h)

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the dice."""
        return self.dice_rect.collidepoint(pos)

    def note(self, previous: FrontlineObservation | None, obs: FrontlineObservation) -> None:
        """Follow the game from ``previous`` to ``obs``: the first attack begun, the +1s."""
        if fw.initiative_now(obs) or fw.step_of(obs) != "combat":
            self.attacked = False
        elif fw.attack_under_way(obs):
            self.attacked = True
        if not any(obs["init_rolls"]):
            self.boosts = {}
        elif previous and previous.get("phase") == "initiative":
            for seat in (0, 1):
                if obs["init_rolls"][seat] and not previous["init_rolls"][seat]:
                    self.boosts[seat] = int(previous["boost"])

    def roll(self) -> Motion:
        """A die was rolled: the last one tumbles (the board's timeline tweens the motion)."""
        self.tumble = Motion()
        return self.tumble

    def draw_under(self, surface: pygame.Surface) -> None:
        """The tray itself, under the attack arrows that cross it."""
        pygame.draw.rect(surface, darker(self.palette["table"], 0.22), self.area)

    def draw(
        self,
        surface: pygame.Surface,
        obs: FrontlineObservation,
        line: str,
        attacker_seat: int,
    ) -> list[pygame.Rect]:
        """Over the tray, above the arrows: the steps, ``line`` (the tray's words) and the dice
        (the attack's, rolled by ``attacker_seat``, or the initiative's); returns where it
        wrote words."""
        p, u, tray = self.palette, self.unit, self.area
        if obs["phase"] == "pick":  # the deck laid out covers the tray; its panel says it
            return []
        written = []
        now = fw.step_of(obs)
        x = tray.x + u
        px = max(9, round(u * 1.4))
        for name in STEPS:
            if name == "setup" and now != "setup":
                continue
            lit = name == now
            colour = p["gold"] if lit else p["text_dim"]
            r = surface.blit(
                render(i18n.t(f"frontline.step.{name}"), px, colour, bold=lit), (x, tray.y + u // 2)
            )
            written.append(r)
            if lit:
                pygame.draw.line(surface, p["gold"], (r.x, r.bottom), (r.right, r.bottom), 2)
            x = r.right + u
        turn = render(i18n.t("frontline.turn", n=obs["turn"]), px, p["text_dim"])
        written.append(
            surface.blit(turn, turn.get_rect(topright=(tray.right - u, tray.y + u // 2)))
        )
        room = self.dice_rect.x - tray.x - 2 * u  # who attacks whom with what: up to the dice
        words = self.art.fitted(line, max(9, round(u * 1.5)), p["text"], room)
        spot = words.get_rect(topleft=(tray.x + u, tray.y + u // 2 + round(px * 1.5)))
        pygame.draw.rect(surface, darker(p["table"], 0.22), spot.inflate(u, 0), border_radius=u)
        written.append(surface.blit(words, spot))
        if now == "combat":  # the last attack's dice are no news in another step
            written += self._draw_dice(surface, obs, self._dice(obs, attacker_seat))
        return written

    def _dice(self, obs: FrontlineObservation, attacker_seat: int) -> list[tuple[int, int]]:
        """Each die shown with the army that rolled it: the attack under way (or the last one
        of this phase), else the initiative (before the first attack the engine's attack
        fields are stale)."""

        def side(seat: int) -> int:
            return 0 if obs["seats"][seat]["army"] == "US" else 1

        if self.attacked:
            return [(d, side(attacker_seat)) for d in obs["attack"]["dice"]]
        return [(roll, side(seat)) for seat, roll in enumerate(obs["init_rolls"]) if roll]

    def _draw_dice(
        self, surface: pygame.Surface, obs: FrontlineObservation, dice: list[tuple[int, int]]
    ) -> list[pygame.Rect]:
        u, box = self.unit, self.dice_rect
        size = max(14, round(self.area.h * 0.55))
        tumbling = self.tumble.k < 1
        x = box.x + u
        for i, (face, side) in enumerate(dice):
            last = i == len(dice) - 1
            shown = self.rng.randint(1, 10) if tumbling and last else face
            angle = (1 - self.tumble.k) * 300 if tumbling and last else 0
            image = self.art.die(shown, size, side, angle)
            blit_center(surface, image, (x + size // 2, box.centery + u // 2))
            x += size + u
        natural = obs["attack"]["natural"]
        if not (natural and dice and self.attacked and not tumbling):
            return []
        text = i18n.t("frontline.natural.short", n=natural)
        image = render(text, max(10, round(u * 1.6)), self.palette["gold"], bold=True)
        return [surface.blit(image, image.get_rect(midleft=(x + u, box.centery + u // 2)))]
