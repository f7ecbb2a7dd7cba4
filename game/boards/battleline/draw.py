"""How the Battle Line board looks: the felt, flags, cards at rest and in flight, the side
column (plates, decks, buttons, the tactics card being resolved), the claim proof view, hints
and banners.

``BattleLineDrawing`` is the drawing half of ``BattleLineBoard`` (game/boards/battleline.py),
split off so that each file holds one concern: the board class keeps the state, animation and
input, and these methods read it (``obs``, ``geo``, ``art``, ``sprites``, ``flags`` and the
pending choice) without changing anything but caches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pygame

from game import i18n
from game.boards.battleline.art import BattleLineArt, card_height
from game.boards.battleline.layout import (
    BattleLineView,
    CardSprite,
    card_sprite,
    laid,
    pile_label_px,
)
from game.engines.battleline import words
from game.engines.battleline.actions import (
    DISCARD,
    FLAG_BASE,
    claim_action,
    draw_action,
    is_card,
    is_flag,
)
from game.engines.battleline.cards import (
    ENVIRONMENT,
    FOG,
    MUD,
    NUM_TROOPS,
    TACTICS_DECK,
    TROOP_DECK,
)
from game.engines.battleline.observation import CounterexampleView
from game.engines.battleline.words import SUIT_SYMBOLS, formation_label
from game.refusals import phrase_text
from game.ui import overlays
from game.ui.draw import Colour, blit_center, darker, dashed_rect, lighter
from game.ui.fonts import get_font
from game.ui.text import wrap


class BattleLineDrawing(BattleLineView):
    """The board's ``draw`` and everything it calls (see the module docstring)."""

    # --- drawing ------------------------------------------------------------------------------
    def paint(self, surface: pygame.Surface) -> None:
        if self.art.p != self.ctx.palette:  # the colour-blind setting changed
            self.art = BattleLineArt(self.ctx.palette, self._art_label)
        g, to = self.geo, (-self.rect.x, -self.rect.y)
        table = self.art.table(self.rect.size, g.felt.move(to), g.ridge.move(to), g.column.move(to))
        surface.blit(table, self.rect)
        if not self.obs:
            return
        self._draw_slots(surface)
        self._draw_column(surface)
        self._draw_opponent_hand(surface)
        self._draw_flags(surface)  # under the cards: a moved flag never hides a card's index
        self._draw_claim_ghosts(surface)
        self._draw_waiting_glow(surface)
        self._draw_resting(surface)
        self._draw_labels(surface)
        self._draw_targets(surface)
        self._draw_claim_buttons(surface)
        self._draw_claim_view(surface)
        self._draw_hint(surface)

    def paint_overlays(self, surface: pygame.Surface) -> None:
        """Above the last-move marks: cards in flight, the dragged card, notes, the banner."""
        self._draw_moving(surface)
        self._draw_drag(surface)
        self._draw_tooltip(surface)
        g = self.geo
        rect = pygame.Rect(0, 0, round(g.felt.w * 0.62), round(max(g.back_h * 0.95, 8 * g.unit)))
        rect.midtop = (g.felt.centerx, g.back_top + (g.back_h - rect.h) // 2)  # over the hand
        px = (self.fs(3.0), self.fs(1.7))
        overlays.draw_banner(surface, self.art, self.banner, rect, px, self.art.side_mark)

    def _draw_slots(self, surface: pygame.Surface) -> None:
        """The next free place on each side of every open flag, glowing where a card may go."""
        p, g = self.ctx.palette, self.geo
        targets = set() if self._placing_env() else set(self._target_flags())
        faint = lighter(p["felt"], 0.22)
        for f, flag in enumerate(self.obs["flags"]):
            for side in (0, 1):
                n = len(flag["cards"][side])
                if flag["claimed_by"] >= 0 or n >= flag["slots"]:
                    continue
                rect = self.slot_rect(f, side, n)
                glowing = side == self.me and f in targets
                colour = p["legal"] if glowing else faint
                surface.blit(self.art.slot(rect.w, rect.h, colour, glowing), rect)
                if glowing:
                    alpha = self.breathing(urgent=True)
                    self.art.ring(surface, rect, p["legal"], max(3, g.cw // 16), alpha)

    def _placing_env(self) -> bool:
        """Whether the card to place is Fog or Mud (its targets are the flags, not slots)."""
        card = self.selected if self.phase == "play" else self.obs["pending"]["card"]
        return self.phase in ("play", "flag") and card in ENVIRONMENT

    def _draw_flags(self, surface: pygame.Surface) -> None:
        p, g = self.ctx.palette, self.geo
        targets = set(self._target_flags()) if self._placing_env() else set()
        fw, fh = g.flag_size
        moving_env = {s.card for s in self.sprites.values() if s.moving and s.card in ENVIRONMENT}
        winning = self._winning_flags()
        for f, flag in enumerate(self.obs["flags"]):
            sprite = self.flags[f]
            cx, cy = self.flag_center(f)
            if f in winning:
                halo = self.art.glow(fw, fh, p["claim"], max(3, fw // 8))
                blit_center(surface, halo, (cx, cy), self.breathing())
            if f in targets:
                halo = self.art.glow(fw, fh, p["legal"], max(3, fw // 10))
                blit_center(surface, halo, (cx, cy), self.breathing(urgent=True))
            if sprite.burst > 0:
                radius = round(fh * (0.4 + 0.9 * sprite.burst))
                colour = self.art.side(max(sprite.owner, 0))
                ring = pygame.Surface((2 * radius + 4, 2 * radius + 4), pygame.SRCALPHA)
                rgba = (*lighter(colour, 0.4), round(220 * (1 - sprite.burst)))
                pygame.draw.circle(ring, rgba, (radius + 2, radius + 2), radius, max(2, fh // 14))
                blit_center(surface, ring, (cx, cy))
            for card in (FOG, MUD):
                if laid(flag, card) >= 0 and card not in moving_env:
                    lying = self.env_place(f, card)
                    image = self.art.rotated(card, TACTICS_DECK, round(lying.w), round(lying.angle))
                    blit_center(surface, image, (lying.x, lying.y))
            image = self.art.flag(f + 1, sprite.owner, fw, fh)
            blit_center(surface, image, (cx, cy))
            claim = flag["claim"]
            if claim is not None and self._my_decision() and self.phase != "claim":
                # a small seal: ready (after the play) or not yet provable
                seal, colour = ("✔", p["legal"]) if claim["provable"] else ("✖", p["danger"])
                mark = self.art.text(seal, self.fs(1.3), colour, symbol=True)
                blit_center(surface, mark, (cx + fw * 0.42, cy + fh * 0.38))
            if self.hint is not None and self.hint == claim_action(f):
                self._hint_ring(surface, self._flag_token_rect(f))

    def _winning_flags(self) -> set[int]:
        """At the end: the flags that won the game (the engine's record: a Breakthrough's three
        adjacent ones)."""
        obs = self.obs
        if obs["phase"] != "over" or not obs["match"]["results"]:
            return set()
        return set(obs["match"]["results"][-1]["won_with"])

    def _draw_resting(self, surface: pygame.Surface) -> None:
        """Every card at rest, in stacking order (hover lift for the viewer's hand): a hand card
        chosen, hinted or to put back glows; one that cannot be played now is greyed out
        (hovering it says why)."""
        hand = set(self.obs["hands"][self.me]["cards"] or [])
        dragged = self.drag.card if self.drag is not None and self.drag.active else None
        p, g = self.ctx.palette, self.geo
        glows: dict[int | None, Colour] = dict.fromkeys(
            self.legal if self.phase == "scout_return" else (), p["legal"]
        )
        glows |= {self.hint: p["hint"], self.selected: p["selected"]}
        dim = self.phase == "play" and self._my_decision()
        for sprite in cast(list[CardSprite], self.layer.resting()):
            if sprite.card == dragged:
                continue
            in_hand = sprite.card in hand
            lift = self._lift(sprite.card) * g.hand_h if in_hand else 0.0
            w, at = round(sprite.w), (sprite.x, sprite.y - lift)
            glow = glows.get(sprite.card) if in_hand else None
            if glow is not None:
                ring = self.art.glow(w, card_height(w), glow, max(3, w // 14))
                blit_center(
                    surface,
                    pygame.transform.rotate(ring, sprite.angle) if sprite.angle else ring,
                    at,
                )
            self._blit_sprite(surface, sprite, lift, shadow=in_hand)
            if in_hand and dim and sprite.card not in self.legal:
                veil = (0, 0, 0, 150)
                self.art.veil(
                    surface, at, (w, card_height(w)), veil, self.art.radius(w), sprite.angle
                )

    def _blit_sprite(
        self, surface: pygame.Surface, sprite: CardSprite, lift: float = 0.0, shadow: bool = False
    ) -> None:
        w = max(4, round(sprite.w))
        front = self.art.picture(sprite.card, sprite.deck, w)
        self.art.blit_card(
            surface, sprite, front, self.art.picture(None, sprite.deck, w), lift, shadow
        )

    def _draw_waiting_glow(self, surface: pygame.Surface) -> None:
        """The viewer's card waiting for its flag (or the discard) glows like a chosen card."""
        pending = self.obs["pending"]["card"]
        sprite = self.sprites.get(pending) if pending is not None else None
        if sprite is None or sprite.moving or not self._my_decision():
            return
        w = round(sprite.w)
        colour = self.ctx.palette["selected"]
        self.art.ring(surface, self._sprite_rect(sprite), colour, max(3, w // 14), self.breathing())

    def _draw_moving(self, surface: pygame.Surface) -> None:
        for sprite in self.layer.flying():
            self._blit_sprite(surface, cast(CardSprite, sprite))

    def _draw_drag(self, surface: pygame.Surface) -> None:
        if self.drag is None or not self.drag.active or self.mouse is None:
            return
        sprite = self.sprites.get(self.drag.card)
        if sprite is None:
            return
        flag = self._flag_at(self.mouse)
        g = self.geo
        if flag is not None and flag in self._local_targets(self.drag.card):
            n = len(self.obs["flags"][flag]["cards"][self.me])
            rect = self.slot_rect(flag, self.me, n)
            self.art.ring(surface, rect, self.ctx.palette["selected"], max(3, g.cw // 12))
        floating = card_sprite(sprite.key, sprite.card, sprite.deck, *self.mouse, g.hand_w * 0.9)
        floating.moving = True
        self._blit_sprite(surface, floating)

    def _draw_opponent_hand(self, surface: pygame.Surface) -> None:
        """The opponent's hand: card backs by deck (known cards are sprites), minus the backs
        still flying in (the last ones of their deck)."""
        order = self._opp_order(self.obs)
        places, skip, g = self.opp_places(len(order)), list(self.incoming), self.geo
        backs = []
        for i in reversed(range(len(order))):
            deck = self._order_deck(self.obs, i)
            if order[i] is None and skip[deck] > 0:
                skip[deck] -= 1
            elif order[i] is None:
                backs.append((places[i], deck))
        for (x, y, a), deck in reversed(backs):
            blit_center(surface, self.art.shadow(g.back_w, g.back_h), (x + 2, y + 3), 160)
            blit_center(surface, self.art.rotated(None, deck, g.back_w, round(a)), (x, y))

    def _draw_labels(self, surface: pygame.Surface) -> None:
        """Each complete side's formation and total, at the far end of its cards."""
        p, g = self.ctx.palette, self.geo
        gap = max(2, round(g.unit * 0.3))
        for f, flag in enumerate(self.obs["flags"]):
            for side in (0, 1):
                formation = flag["formation"][side]
                if formation is None:
                    continue
                last = self.slot_rect(f, side, len(flag["cards"][side]) - 1)
                off = gap + g.label_h // 2
                y = last.bottom + off if side == self.me else last.top - off
                won = flag["claimed_by"] == side
                ink = darker(p["ink"], 0.1) if won else p["text"]
                text = self.art.fitted(
                    formation_label(formation), self.fs(1.35), ink, round(g.pitch - 8), True
                )
                pill = pygame.Rect(0, 0, text.get_width() + round(g.unit * 1.2), g.label_h)
                pill.center = (round(g.xs[f]), y)
                fill = (*lighter(p["claim"], 0.1), 240) if won else (*p["panel"], 200)
                surface.blit(self.art.panel(pill.w, pill.h, fill, None, pill.h // 2), pill)
                blit_center(surface, text, pill.center)

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """Glows on the cards at flags that may be chosen now (the hovered one lit)."""
        cards = set(self._target_cards())
        if not cards:  # most frames: no hit test over the whole table
            return
        p, g = self.ctx.palette, self.geo
        hovered = self._table_card_at(self.mouse) if self.mouse else None
        for card in (c for c in self.things(self.obs) if c in cards):
            rect = self.thing_rect(card)
            if rect is not None:
                lit = card == hovered
                alpha = 255 if lit else self.breathing(urgent=True)
                colour = p["selected"] if lit else p["legal"]
                self.art.ring(surface, rect, colour, max(2, g.cw // 18), alpha)

    def _draw_claim_buttons(self, surface: pygame.Surface) -> None:
        p = self.ctx.palette
        for f in self._claimable():
            rect = self.claim_button_rect(f)
            token = self._flag_token_rect(f)
            alpha = self.breathing(urgent=True)
            self.art.ring(surface, token, p["claim"], max(3, token.w // 12), alpha)
            hovered = self.mouse is not None and rect.collidepoint(self.mouse)
            overlays.button(surface, self.art, rect, i18n.t("battleline.button.claim"), hot=hovered)
            if self.hint == claim_action(f):
                self._hint_ring(surface, rect)

    # --- the side column ----------------------------------------------------------------------
    def _draw_column(self, surface: pygame.Surface) -> None:
        g = self.geo
        self._draw_plate(surface, 1 - self.me, g.opp_plate)
        self._draw_plate(surface, self.me, g.my_plate)
        for rect in (g.opp_discard, g.my_discard):
            self._draw_pile_label(surface, i18n.t("battleline.discard"), rect)
        self._draw_decks(surface)
        self._draw_buttons(surface)
        self._draw_step(surface)

    def _draw_step(self, surface: pygame.Surface) -> None:
        """A panel in the column: who resolves which tactics card, and the step reached."""
        area = self.geo.step_panel
        resolving = words.resolving(self.obs, self.selected)
        if resolving is None or not area.h:
            return
        card, step = resolving
        p, g = self.ctx.palette, self.geo
        mover = self.mover(self.obs)
        pad = round(0.7 * g.unit)
        w = min(g.mini_w, round((area.h - 2 * pad) / 1.4))
        x = area.x + 2 * pad + w
        width = area.right - pad - x
        name = i18n.t(f"battleline.tactic.{card}")
        lines = [self.art.fitted(name, self.fs(1.45), p["text"], width, bold=True)]
        for text in wrap(step, get_font(self.fs(1.3)), width)[:2]:
            lines.append(self.art.text(text, self.fs(1.3), p["gold"]))
        lines.append(self.art.fitted(self.seat_name(mover), self.fs(1.2), p["text_dim"], width))
        # M+ leaves generous room above and below its glyphs: pack the lines by their ink
        advance = [round(i.get_height() * 0.82) for i in lines]
        text_h = sum(advance)
        rect = pygame.Rect(0, 0, area.w, min(area.h, max(text_h, card_height(w)) + 2 * pad))
        rect.center = area.center
        edge = p["gold"] if mover == self.me else self.art.side(mover)
        surface.blit(self.art.panel(rect.w, rect.h, (*p["panel"], 235), edge, round(g.unit)), rect)
        image = self.art.card(card, w)
        surface.blit(image, image.get_rect(midleft=(rect.x + pad, rect.centery)))
        y = rect.centery - text_h // 2 - round(lines[0].get_height() * 0.09)
        for img, step_y in zip(lines, advance, strict=True):
            surface.blit(img, (x, y))
            y += step_y

    def _draw_pile_label(self, surface: pygame.Surface, text: str, rect: pygame.Rect) -> None:
        p, g = self.ctx.palette, self.geo
        img = self.art.text(text.upper(), pile_label_px(g.unit), p["text_dim"], bold=True)
        surface.blit(img, img.get_rect(topleft=(rect.x, rect.y)))
        h = card_height(g.mini_w)
        pile = pygame.Rect(rect.x, rect.bottom - h, rect.w, h)
        surface.blit(self.art.slot(g.mini_w, h, lighter(p["panel"], 0.3), False), pile)
        if self.phase == "redeploy_to" and self._my_decision() and rect is g.my_discard:
            surface.blit(self.art.slot(pile.w, pile.h, p["legal"], True), pile)

    def _draw_plate(self, surface: pygame.Surface, side: int, rect: pygame.Rect) -> None:
        obs = self.obs
        counters = [
            i18n.t("battleline.flags_held", n=sum(f["claimed_by"] == side for f in obs["flags"]))
        ]
        if obs["options"].get("tactics", "on") == "on":
            counters.append(i18n.t("battleline.tactics_played", n=obs["tactics_played"][side]))
        if obs["match"]["games"] > 1:
            counters.append(i18n.t("battleline.points", n=obs["match"]["points"][side]))
        over = obs["phase"] == "over"
        seat = self.seat(side, self.seat_name(side), over, obs["winner"], (*counters,))
        mark = self.art.side_mark
        overlays.draw_seat(surface, self.art, rect, seat, self.geo.unit, self.breathing(), mark)

    def _draw_decks(self, surface: pygame.Surface) -> None:
        p, g = self.ctx.palette, self.geo
        counts = self._deck_counts()
        targets = set(self._target_decks())
        hovered = self._deck_at(self.mouse) if self.mouse else None
        tactics_on = self.obs["options"].get("tactics", "on") == "on"
        names = (i18n.t("battleline.deck.troop"), i18n.t("battleline.deck.tactics"))
        for deck, rect in enumerate(g.decks):
            if deck == TACTICS_DECK and not tactics_on:
                continue
            px = pile_label_px(g.unit)
            label = self.art.fitted(names[deck].upper(), px, p["text_dim"], rect.w + 8, True)
            surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.top - 2)))
            n = counts[deck]
            if deck in targets:
                colour = p["selected"] if deck == hovered else p["legal"]
                alpha = 255 if deck == hovered else self.breathing(urgent=True)
                self.art.ring(surface, rect, colour, max(3, rect.w // 12), alpha)
            if not n:
                surface.blit(self.art.slot(rect.w, rect.h, lighter(p["panel"], 0.4), False), rect)
                continue
            back, shadow = self.art.back(deck, rect.w), self.art.shadow(rect.w, rect.h)
            layers = min(6, (n + 4) // 5)
            overlays.stack(surface, self.art, rect, back, shadow, layers, n, self.fs(1.35))
            top = self.obs["deck_tops"]["troop" if deck == TROOP_DECK else "tactics"]
            if top and top[0] is not None:  # the viewer put this card back with Scout
                spot = self.top_card_rect(deck)
                surface.blit(self.art.card(top[0], spot.w), spot)
                tag = self.art.text(i18n.t("battleline.deck.top"), self.fs(1.0), p["text"], True)
                surface.blit(tag, tag.get_rect(midtop=(spot.centerx, spot.bottom)))
            if self.hint == draw_action(deck):
                self._hint_ring(surface, rect)
            if deck in targets and self.is_animating():  # a click now only ends the flight
                self.art.veil(surface, rect.center, rect.size, (0, 0, 0, 110), rect.w // 10)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        g = self.geo
        button = self._action_button()
        if button is not None:
            hot = self.mouse is not None and g.action.collidepoint(self.mouse)
            overlays.button(surface, self.art, g.action, button[1], hot=hot)
            if self.hint == button[0]:
                self._hint_ring(surface, g.action)
        label = i18n.t("battleline.auto_claim")
        overlays.switch(surface, self.art, g.toggle, label, self.auto_claim, self.fs(1.3))

    # --- claims: the proof shown ----------------------------------------------------------------
    def _hovered_claim_flag(self) -> int | None:
        """The flag under the mouse with a claim verdict for the viewer (their side complete)."""
        if self.mouse is None or self.drag is not None or self.selected is not None:
            return None
        flag = self._flag_at(self.mouse)
        if flag is None or self.obs["flags"][flag]["claim"] is None:
            return None
        return flag

    def _refused_proof(self) -> tuple[int, CounterexampleView] | None:
        """The hovered flag whose claim is refused, and the completion that beats the viewer."""
        flag = self._hovered_claim_flag()
        claim = None if flag is None else self.obs["flags"][flag]["claim"]
        if flag is None or claim is None or claim["provable"]:
            return None
        beaten = claim["beaten_by"]
        return None if beaten is None else (flag, beaten)

    def _draw_claim_view(self, surface: pygame.Surface) -> None:
        """Hovering a complete side: why the flag can or cannot be claimed; a refused proof's
        completion is outlined on the opposing side, each morale card tagged with what it is."""
        flag = self._hovered_claim_flag()
        if flag is None:
            return
        p, opp = self.ctx.palette, 1 - self.me
        refused = self._refused_proof()
        if refused is not None:
            stack = self.obs["flags"][flag]["cards"][opp]
            for i in range(len(refused[1]["cards"])):
                strip = self.slot_rect(flag, opp, len(stack) + i)
                strip.height = self.geo.step
                dashed_rect(surface, p["danger"], strip, 2, max(4, strip.w // 8))
            for morale, colour, value in refused[1]["wilds"]:
                if morale not in stack:
                    continue
                rect = self.visible_rect(flag, opp, stack.index(morale), len(stack))
                as_card = i18n.t("battleline.tip.as", card=f"{SUIT_SYMBOLS[colour]}{value}")
                tag = self.art.text(as_card, self.fs(1.15), p["text"], bold=True)
                pill = pygame.Rect(0, 0, tag.get_width() + 8, tag.get_height())
                pill.midtop = (rect.centerx, rect.top + 2)
                surface.blit(self.art.panel(pill.w, pill.h, (*p["danger"], 235), None, 6), pill)
                blit_center(surface, tag, pill.center)
        accent = p["danger"] if refused else p["legal"]
        self._tooltip(surface, self._claim_text(flag), self.column_rect(flag), accent)

    def _draw_claim_ghosts(self, surface: pygame.Surface) -> None:
        """The refused proof's completion, as faint cards in the opposing side's free places
        (drawn under the cards there, as real cards would lie)."""
        refused = self._refused_proof()
        if refused is not None:
            flag, beaten = refused
            have = len(self.obs["flags"][flag]["cards"][1 - self.me])
            for i in reversed(range(len(beaten["cards"]))):
                rect = self.slot_rect(flag, 1 - self.me, have + i)
                surface.blit(self.art.ghost_card(beaten["cards"][i], self.geo.cw), rect)

    def _claim_text(self, flag: int) -> str:
        info, opponent = self.obs["flags"][flag], self.seat_name(1 - self.me)
        return words.claim_words(info, flag, self.me, opponent, self.phase == "claim")

    def _note(
        self, surface: pygame.Surface, text: str, width: int, place: Callable, accent: Colour
    ) -> None:
        g = self.geo
        overlays.note(surface, self.art, text, width, place, g.felt, accent, self.fs(1.45))

    def _tooltip(
        self, surface: pygame.Surface, text: str, anchor: pygame.Rect, accent: Colour
    ) -> None:
        """A note beside a flag column, over the opposing cards (never over the flags)."""
        g = self.geo
        width = round(min(g.felt.w * 0.42, max(g.pitch * 3.2, 22 * g.unit)))
        pad = round(0.9 * g.unit)
        y = (g.field_top + g.ridge.top) // 2

        def place(box: pygame.Rect) -> None:
            box.midleft = (anchor.right + pad, y)
            if box.right > g.felt.right - pad:
                box.midright = (anchor.left - pad, y)

        self._note(surface, text, width, place, accent)

    def unplayable_reason(self, card: int) -> str | None:
        """Why the viewer's hand card is greyed out, in the engine's words (its observation
        lists the viewer's unplayable cards with their refusals); None if it may be played."""
        if self.phase != "play" or not self._my_decision() or card in self.legal:
            return None
        why = dict(self.obs["hands"][self.me].get("unplayable", ())).get(card)
        return None if why is None else phrase_text(self.ctx.game, why)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """A card hovered in the viewer's hand: a tactics card's name and effect, and why it
        cannot be played now if it is greyed out, above it."""
        if self.mouse is None or self.drag is not None or self._hovered_claim_flag() is not None:
            return
        card = self._hand_card_at(self.mouse)
        if card is None:
            self._draw_env_tooltip(surface, self.mouse)
            return
        reason = self.unplayable_reason(card)
        if card < NUM_TROOPS and reason is None:
            return
        g, p = self.geo, self.ctx.palette
        rect = self._sprite_rect(self.sprites[card]).move(0, -round(self._lift(card) * g.hand_h))
        lines = [words.explained(card)] if card >= NUM_TROOPS else []
        lines += [reason] if reason else []
        width = round(max(g.hand_w * 2.6, 20 * g.unit))

        def place(box: pygame.Rect) -> None:
            box.midbottom = (rect.centerx, rect.top - round(0.9 * g.unit))

        self._note(surface, "\n".join(lines), width, place, p["danger"] if reason else p["gold"])

    def env_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (flag, Fog or Mud) lying under ``pos``, the upper one first."""
        for f, flag in enumerate(self.obs["flags"]):
            for card in (MUD, FOG):
                if laid(flag, card) >= 0 and self.env_rect(f, card).collidepoint(pos):
                    return f, card
        return None

    def _draw_env_tooltip(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """Fog or Mud hovered at its flag: its name and effect, beside the flag's column."""
        found = self.env_at(pos)
        if found is not None:
            text, column = words.explained(found[1]), self.column_rect(found[0])
            self._tooltip(surface, text, column, self.ctx.palette["gold"])

    # --- hints and banners --------------------------------------------------------------------
    def _draw_hint(self, surface: pygame.Surface) -> None:
        hint = self.hint
        if hint is None or not self._my_decision():
            return
        if is_flag(hint):
            flag = self.obs["flags"][hint - FLAG_BASE]
            n = min(len(flag["cards"][self.me]), flag["slots"] - 1)
            if self.obs["pending"]["card"] in ENVIRONMENT:
                self._hint_ring(surface, self._flag_token_rect(hint - FLAG_BASE))
            else:
                self._hint_ring(surface, self.slot_rect(hint - FLAG_BASE, self.me, n))
        elif is_card(hint) and self._side_of(self.obs, hint) is not None:
            self._hint_ring(surface, cast(pygame.Rect, self.thing_rect(hint)))
        elif hint == DISCARD:
            self._hint_ring(surface, self.geo.my_discard)

    def _hint_ring(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        label = i18n.t("battleline.hint")
        overlays.hint_marker(surface, self.art, rect, label, self.clock, self.geo.unit)
