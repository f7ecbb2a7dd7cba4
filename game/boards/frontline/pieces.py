"""How a thing on the table draws: a unit's tile (shaking when hit, turning over when
revealed) with what is tucked under it and its chips, a face-down card, a hand card, a card of
the deck at set-up with its count; and any thing's card at a given width (the zoom). Owns where
the last paint tucked things on units, which the kit's labels keep off."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.boards.frontline import cards as fc
from game.boards.frontline import faces as other
from game.boards.frontline.art import initials
from game.boards.frontline.host import Host
from game.boards.frontline.layout import split_key
from game.boards.layer import Sprite, blit_sprite
from game.engines.frontline import words as fw
from game.engines.frontline.cards import EDGE_OF_TYPE, UNITS
from game.turns import Step
from game.ui.draw import MIN_READABLE_PX as MIN_PX
from game.ui.draw import Colour, blit_center, darker
from game.ui.text import render


class Pieces:
    def __init__(self, board: Host, offset: Callable[[Hashable], int]) -> None:
        self.board = board
        self.offset = offset  # how far a thing is shaken aside now
        self.tucked: list[pygame.Rect] = []  # the Damage card strips and chips put on units

    def draw(self, surface: pygame.Surface, key: Hashable, rect: pygame.Rect, alpha: float) -> None:
        board = self.board
        kind, what = split_key(key)
        p, lang = board.ctx.palette, board.ctx.lang
        image: pygame.Surface | None = None
        if kind == "unit":
            view = board.views.get(key)
            if view is None:
                return
            image = board.art.tile(view, rect.w, rect.h)
            rect = rect.move(self.offset(key), 0)
            self.under(surface, view, rect)
            sprite = board.layer.sprites.get(key)
            if sprite is not None and sprite.face < 1:  # turning over: the back, then the face
                back = board.art.face_down(board.side_of(view["owner"]), rect.w, rect.h, None)
                turning = Sprite(key, *rect.center, rect.w, rect.h, alpha, face=sprite.face)
                blit_sprite(surface, turning, image, back)
                self.markers(surface, view, rect)
                return
        elif kind == "down":
            image = board.art.face_down(board.side_of(what), rect.w, rect.h, self.down_card(key))
        elif kind in ("hand", "pick"):
            image = fc.unit_face(what, rect.w, p, lang)
        elif kind == "cmd":
            image = other.command_face(what, rect.w, p, lang)
        if image is None:
            return
        if image.get_size() != rect.size:
            image = pygame.transform.smoothscale(image, rect.size)
        blit_center(surface, image, rect.center, round(255 * alpha))
        if kind == "unit":
            self.markers(surface, board.views[key], rect)
        if kind == "pick":
            count = board.things(board.obs).get(key)
            if isinstance(count, int) and count > 1:
                badge = render(f"×{count}", max(MIN_PX, rect.w // 8), p["text"], bold=True)
                band = fc.art_band(what, rect.w, rect.h).move(rect.topleft)
                r = badge.get_rect().inflate(6, 2)  # on the art, below the cost however thin
                r.midright = (band.right, max(band.centery, band.top + r.h // 2))
                pygame.draw.rect(surface, darker(p["ink"], 0.2), r, border_radius=r.h // 2)
                blit_center(surface, badge, r.center)

    def card_image(self, key: Hashable | None, w: int) -> pygame.Surface | None:
        """The card of thing ``key`` ``w`` wide (a face-down card of the other side: its back)."""
        board = self.board
        p, lang = board.ctx.palette, board.ctx.lang
        kind, what = split_key(key)
        if key is None or not w:
            return None
        if kind == "unit" and key in board.views:
            return fc.unit_face(board.views[key]["card"], w, p, lang)
        if kind in ("hand", "pick"):
            return fc.unit_face(what, w, p, lang)
        if kind == "cmd":
            return other.command_face(what, w, p, lang)
        if kind == "down":
            card = self.down_card(key)
            if card is not None:
                return fc.unit_face(card, w, p, lang)
            return other.card_back(board.obs["seats"][what]["army"], w, p, lang)
        return None

    def down_card(self, key: Hashable) -> int | None:
        """The card a face-down thing is (known for the viewer's own only)."""
        value = self.board.things(self.board.obs).get(key)
        return value[0] if isinstance(value, tuple) else None

    def under(self, surface: pygame.Surface, view: dict, rect: pygame.Rect) -> None:
        """What is tucked under a unit: its Damage card's edge, and its crew peeking out under
        the bottom-right corner (beside the tile it read as a unit of its own, and on it the
        badge hid the DEF)."""
        p = self.board.ctx.palette
        if view["damage_card"] >= 0:
            edge = EDGE_OF_TYPE[UNITS[view["card"]].type]
            strip = other.damage_face(view["damage_card"], rect.w, p, self.board.ctx.lang, edge)
            spot = strip.get_rect(midtop=(rect.centerx, rect.bottom - strip.get_height() // 3))
            self.tucked.append(surface.blit(strip, spot))
        if UNITS[view["card"]].crew >= 0 and view["crew"] < 0:  # the missing crew's mark
            self.tucked.append(crew_spot(rect))  # drawn later, over the last-move tag
        if UNITS[view["card"]].crew >= 0 and view["crew"] >= 0:
            badge = crew_spot(rect)
            self.tucked.append(
                surface.blit(fc.crew_icon(UNITS[view["card"]].crew, badge.w, p), badge)
            )

    def markers(self, surface: pygame.Surface, view: dict, rect: pygame.Rect) -> None:
        """Chips along the top edge: the Damage card's effect with its turns left, the command
        cards in effect, captured."""
        p, u = self.board.ctx.palette, self.board.geo.unit
        if UNITS[view["card"]].crew >= 0 and view["crew"] < 0:  # no crew: a mark over it
            r = crew_spot(rect)
            pygame.draw.ellipse(surface, p["hit"], r)
            mark = render("!", round(r.h * 0.8), p["text"], bold=True)
            blit_center(surface, mark, r.center)
        px = max(MIN_PX, round(u * 1.25))
        chips: list[tuple[str, Colour]] = []
        effect = view["effect"]
        if effect is not None and effect["left"] != 0 and effect["kind"] != "none":
            chips.append(("⚠" + fw.effect_short(effect), p["hp_low"]))
        for c in view["commands"]:
            chips.append((initials(c), p["command"]))
        if view["captured_from"] >= 0:
            chips.append(("⛓", p["gold"]))
        x = rect.x + u
        for text, colour in chips:
            image = render(text, px, p["text"], bold=True, symbol=text[0] in "⚠⛓")
            r = pygame.Rect(
                x, rect.y - image.get_height() // 2, image.get_width() + px // 2, image.get_height()
            )
            pygame.draw.rect(surface, darker(colour, 0.25), r, border_radius=r.h // 2)
            blit_center(surface, image, r.center)
            self.tucked.append(r)
            x = r.right + 2

    def log_icons(self, steps: list[Step], px: int) -> list[pygame.Surface]:
        """Small pictures of a turn for its log row: dice, unit types, command card backs."""
        board, icons = self.board, list[pygame.Surface]()
        for step in steps:
            key, args = step.phrase
            if "die" in args or "dice" in args:  # a die, or the two of an attack roll
                seat = int(args.get("player", 0))
                side = board.side_of(seat) if board.obs else seat
                faces = str(args["dice"]).split("+") if "dice" in args else [args["die"]]
                icons += [board.art.die(int(face), px, side) for face in faces]
            elif "card" in args and key in ("commit", "commit_rear", "pick", "draws_unit"):
                icons.append(fc.type_icon(UNITS[int(args["card"])].type, px, board.ctx.palette))
            elif "command" in args:
                width = max(4, int(px / fc.RATIO))  # no taller than the row
                icons.append(other.card_back("command", width, board.ctx.palette, board.ctx.lang))
        return icons[:8]


def crew_spot(rect: pygame.Rect) -> pygame.Rect:
    """Where a unit's crew (or the mark of its missing crew) shows: under its bottom-right
    corner, clear of the DEF shield at the bottom left."""
    size = max(10, rect.h // 3)
    return pygame.Rect(rect.right - size * 3 // 4, rect.bottom - size // 3, size, size)
