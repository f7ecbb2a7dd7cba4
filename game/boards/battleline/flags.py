"""The row of nine flags and the cards' places at them: each pennant (moving towards its winner
when claimed), Fog and Mud lying across it, the free slots glowing where the chosen card may go,
each complete side's formation, the Claim buttons, and the proof shown when a complete side is
hovered (a refused claim's beating completion, faint, in the opposing side's free places)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from game import i18n
from game.boards.base import Board, hit
from game.boards.battleline.hand import Hand
from game.boards.battleline.layout import Part, Table
from game.boards.targets import Target
from game.engines.battleline import words
from game.engines.battleline.actions import (
    CLAIM_BASE,
    FLAG_BASE,
    NUM_FLAGS,
    is_claim,
    is_flag,
)
from game.engines.battleline.cards import ENVIRONMENT, FOG, MUD
from game.engines.battleline.observation import BattleLineObservation, CounterexampleView
from game.engines.battleline.placing import laid, targets
from game.engines.battleline.words import SUIT_SYMBOLS, formation_label
from game.ui import overlays
from game.ui.draw import Colour, blit_center, darker, dashed_rect, lighter

T_CLAIM = 0.6  # seconds a flag takes to move to its winner (speed 1)


@dataclass
class Pennant:
    owner: int = -1
    offset: float = 0.0  # -1 moved to the opponent's side (top), +1 to the viewer's, 0 centre
    burst: float = 0.0  # a claim's ring (0 none, grows to 1)


class FlagRow(Part):
    """The flags and what lies at them (see the module docstring)."""

    def __init__(self, board: Board[BattleLineObservation], table: Table, hand: Hand) -> None:
        super().__init__(board, table)
        self.hand = hand
        self.pennants = [Pennant() for _ in range(NUM_FLAGS)]

    def _offset(self, owner: int) -> float:
        return 0.0 if owner < 0 else 1.0 if owner == self.me else -1.0

    def rebuild(self, obs: BattleLineObservation) -> None:
        """Every pennant at rest where its claim puts it."""
        for f, flag in enumerate(obs["flags"]):
            owner = flag["claimed_by"]
            self.pennants[f] = Pennant(owner, self._offset(owner))

    def claim(self, obs: BattleLineObservation, t: float) -> float:
        """Claimed flags move towards their winner, one after another from ``t``; returns when
        the last has gone most of its way."""
        tweens = self.board.tweens
        for f, flag in enumerate(obs["flags"]):
            owner, pennant = flag["claimed_by"], self.pennants[f]
            if owner == pennant.owner:
                continue
            pennant.owner, pennant.burst = owner, 0.0
            if owner < 0:
                pennant.offset = 0.0
                continue
            done = partial(setattr, pennant, "burst", 0.0)
            tweens.animate(pennant, T_CLAIM, "out_back", delay=t, offset=self._offset(owner))
            tweens.animate(pennant, T_CLAIM * 1.3, "out_quad", delay=t, on_finish=done, burst=1.0)
            tweens.sound(t + T_CLAIM * 0.4, "knock")
            t += T_CLAIM * 0.5
        return t

    # --- places and hit tests -------------------------------------------------------------------
    def pennant_rect(self, flag: int) -> pygame.Rect:
        """The pennant as drawn: full size, moving past the ridge's edge towards its winner, or
        smaller between Fog and Mud, clear of them (``Table.pennant_zone``)."""
        g, (fw, fh) = self.geo, self.geo.flag_size
        zone = self.zone(flag) if self.obs else g.ridge
        scale = min(1.0, zone.h / fh)
        rect = pygame.Rect(0, 0, round(fw * scale), round(fh * scale))
        travel = (zone.h - rect.h) / 2 + (0 if zone.h < g.ridge.h else fh * 0.18)
        rect.center = (round(g.xs[flag]), round(zone.centery + self.pennants[flag].offset * travel))
        return rect

    def zone(self, flag: int) -> pygame.Rect:
        """The pennant's room beside Fog and Mud once they have landed (``Table.pennant_zone``)."""
        return self.table.pennant_zone(self.obs["flags"][flag], flag, self.flying())

    def flying(self) -> list[int]:
        """Fog or Mud still on its way to its flag (its band is drawn once it lands)."""
        sprites = self.board.layer.sprites
        return [c for c in ENVIRONMENT if c in sprites and sprites[c].moving]

    def seal_rect(self, flag: int) -> pygame.Rect:
        """Where a claim's seal (ready or not yet provable) sits: at the pennant's lower right."""
        pennant, seal = self.pennant_rect(flag), self.art.seal(True, self.fs(1.3))
        at = (pennant.centerx + round(pennant.w * 0.42), pennant.centery + round(pennant.h * 0.38))
        rect = seal.get_rect(center=at)
        return rect.clamp(self.zone(flag))

    def token_rect(self, flag: int) -> pygame.Rect:
        """The flag's pennant and pole: where a claim is clicked."""
        g = self.geo
        rect = pygame.Rect(0, 0, round(g.pitch * 0.9), g.ridge.h)
        rect.center = (round(g.xs[flag]), g.ridge.centery)
        return rect

    def button_rect(self, flag: int) -> pygame.Rect:
        """The flag's Claim button (in the claim phase), over its pennant's foot, above Mud."""
        g = self.geo
        w = min(round(g.pitch * 0.86), round(g.cw * 1.05))
        rect = pygame.Rect(0, 0, w, max(14, round(g.ch * 0.2)))
        rect.midbottom = (round(g.xs[flag]), (self.zone(flag) if self.obs else g.ridge).bottom - 2)
        return rect

    def slot_for(self, flag: int) -> pygame.Rect:
        """The viewer's next free place at ``flag``."""
        return self.table.slot_rect(flag, self.me, len(self.obs["flags"][flag]["cards"][self.me]))

    def flag_at(self, pos: tuple[int, int]) -> int | None:
        """The flag whose column (both sides' cards and the pennant) holds ``pos``."""
        return hit(pos, ((f, self.table.column_rect(f)) for f in range(NUM_FLAGS)))

    def claimable(self) -> list[int]:
        if not self.deciding or self.phase != "claim":
            return []
        return [a - CLAIM_BASE for a in self.board.legal if is_claim(a)]

    def claim_at(self, pos: tuple[int, int]) -> int | None:
        """A click in the claim phase: a Claim button, or a flag whose side is complete."""
        button = hit(pos, ((f, self.button_rect(f)) for f in self.claimable()))
        if button is not None:
            return button
        flag = self.flag_at(pos)
        return flag if flag is not None and self.obs["flags"][flag]["claim"] is not None else None

    def env_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (flag, Fog or Mud) lying under ``pos``, the upper one first."""
        for f, flag in enumerate(self.obs["flags"]):
            for card in (MUD, FOG):
                if laid(flag, card) >= 0 and self.table.env_rect(f, card).collidepoint(pos):
                    return f, card
        return None

    def placing_env(self) -> bool:
        """Whether the card to place is Fog or Mud (its targets are the flags, not slots)."""
        card = self.hand.selected if self.phase == "play" else self.obs["pending"]["card"]
        return self.phase in ("play", "flag") and card in ENVIRONMENT

    def winning(self) -> set[int]:
        """At the end: the flags that won the game (the engine's record: a Breakthrough's three
        adjacent ones)."""
        obs = self.obs
        if obs["phase"] != "over" or not obs["match"]["results"]:
            return set()
        return set(obs["match"]["results"][-1]["won_with"])

    # --- drawing --------------------------------------------------------------------------------
    def draw_slots(self, surface: pygame.Surface) -> None:
        """The next free place on each side of every open flag, glowing where a card may go."""
        p, g = self.p, self.geo
        aimed = set() if self.placing_env() else set(self.target_flags())
        faint, rings = lighter(p["felt"], 0.22), []
        for f, flag in enumerate(self.obs["flags"]):
            for side in (0, 1):
                n = len(flag["cards"][side])
                if flag["claimed_by"] >= 0 or n >= flag["slots"]:
                    continue
                rect = self.table.slot_rect(f, side, n)
                glowing = side == self.me and f in aimed
                colour = p["legal"] if glowing else faint
                surface.blit(self.art.slot(rect.w, rect.h, colour, glowing), rect)
                if glowing:
                    rings.append(Target(f, rect, max(3, g.cw // 16), lights=False))
        self.ring_targets(surface, rings)

    def target_flags(self) -> list[int]:
        """The flags glowing as targets now."""
        if self.deciding and self.phase == "play" and self.hand.selected is not None:
            return targets(self.obs, self.me, self.hand.selected)
        return [a - FLAG_BASE for a in self.board.legal if is_flag(a)] if self.deciding else []

    def draw(self, surface: pygame.Surface) -> None:
        """Each flag (under the cards: a moved flag never hides a card's index), with the bands of
        Fog and Mud lying there (not while ``flying`` there), its glow when won or a target, a
        claim's ring."""
        p, g, flying = self.p, self.geo, self.flying()
        aimed = set(self.target_flags()) if self.placing_env() else set()
        winning = self.winning()
        for f, flag in enumerate(self.obs["flags"]):
            pennant, rect = self.pennants[f], self.pennant_rect(f)
            if f in winning:
                halo = self.art.glow(rect.w, rect.h, p["claim"], max(3, rect.w // 8))
                blit_center(surface, halo, rect.center, self.board.breathing())
            if f in aimed:  # Fog or Mud goes to the flag itself
                glow = Target(f, rect, max(3, rect.w // 10), lights=False, halo=True)
                self.ring_targets(surface, [glow])
            if pennant.burst > 0:
                self.art.burst(surface, rect.center, rect.h, max(pennant.owner, 0), pennant.burst)
            for card in (FOG, MUD):
                if laid(flag, card) >= 0 and card not in flying:
                    band = self.table.env_rect(f, card)
                    surface.blit(self.art.env_band(card, band.w, band.h, g.env_px), band)
            surface.blit(self.art.flag(f + 1, pennant.owner, rect.w, rect.h), rect)
            claim = flag["claim"]
            if claim is not None and self.deciding and self.phase != "claim":
                # a small seal: ready (after the play) or not yet provable
                seal = self.art.seal(claim["provable"], self.fs(1.3))
                surface.blit(seal, self.seal_rect(f))

    def pills(self) -> list[tuple[pygame.Rect, pygame.Surface, bool]]:
        """Each complete side's formation and total at the far end of its cards: the pill's
        place, its text and whether the side won the flag."""
        p, g, out = self.p, self.geo, []
        gap = max(2, round(g.unit * 0.3))
        for f, flag in enumerate(self.obs["flags"] if self.obs else ()):
            for side in (0, 1):
                formation = flag["formation"][side]
                if formation is None:
                    continue
                last = self.table.slot_rect(f, side, len(flag["cards"][side]) - 1)
                off = gap + g.label_h // 2
                y = last.bottom + off if side == self.me else last.top - off
                won = flag["claimed_by"] == side
                ink = darker(p["ink"], 0.1) if won else p["text"]
                text = self.art.fitted(
                    formation_label(formation), self.fs(1.35), ink, round(g.pitch - 8), True
                )
                pill = pygame.Rect(0, 0, text.get_width() + round(g.unit * 1.2), g.label_h)
                pill.center = (round(g.xs[f]), y)
                out.append((pill, text, won))
        return out

    def draw_labels(self, surface: pygame.Surface) -> None:
        for pill, text, won in self.pills():
            fill = (*lighter(self.p["claim"], 0.1), 240) if won else (*self.p["panel"], 200)
            self.art.pill(surface, text, pill, fill, pill.h // 2)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        """The Claim buttons of the flags the viewer may claim now, their pennants ringed."""
        mouse, claimable = self.board.mouse, self.claimable()
        tokens = [(f, self.token_rect(f)) for f in claimable]
        rings = [Target(f, r, max(3, r.w // 12), "claim", lights=False) for f, r in tokens]
        self.ring_targets(surface, rings)
        for f in claimable:
            rect = self.button_rect(f)
            hot = mouse is not None and rect.collidepoint(mouse)
            overlays.button(surface, self.art, rect, i18n.t("battleline.button.claim"), hot=hot)

    # --- claims: the proof shown ----------------------------------------------------------------
    def hovered_claim(self) -> int | None:
        """The flag under the mouse with a claim verdict for the viewer (their side complete)."""
        mouse = self.board.mouse
        if mouse is None or self.hand.drag is not None or self.hand.selected is not None:
            return None
        flag = self.flag_at(mouse)
        return flag if flag is not None and self.obs["flags"][flag]["claim"] is not None else None

    def refused_proof(self) -> tuple[int, CounterexampleView] | None:
        """The hovered flag whose claim is refused, and the completion that beats the viewer."""
        flag = self.hovered_claim()
        claim = None if flag is None else self.obs["flags"][flag]["claim"]
        if flag is None or claim is None or claim["provable"] or claim["beaten_by"] is None:
            return None
        return flag, claim["beaten_by"]

    def draw_ghosts(self, surface: pygame.Surface) -> None:
        """The refused proof's completion, as faint cards in the opposing side's free places
        (drawn under the cards there, as real cards would lie)."""
        refused = self.refused_proof()
        if refused is not None:
            flag, beaten = refused
            have = len(self.obs["flags"][flag]["cards"][1 - self.me])
            for i in reversed(range(len(beaten["cards"]))):
                rect = self.table.slot_rect(flag, 1 - self.me, have + i)
                surface.blit(self.art.ghost_card(beaten["cards"][i], self.geo.cw), rect)

    def draw_claim_view(self, surface: pygame.Surface) -> None:
        """Hovering a complete side: why the flag can or cannot be claimed; a refused proof's
        completion is outlined on the opposing side, each morale card tagged with what it is."""
        flag = self.hovered_claim()
        if flag is None:
            return
        p, opp = self.p, 1 - self.me
        refused = self.refused_proof()
        if refused is not None:
            stack = self.obs["flags"][flag]["cards"][opp]
            for i in range(len(refused[1]["cards"])):
                strip = self.table.slot_rect(flag, opp, len(stack) + i)
                strip.height = self.geo.step
                dashed_rect(surface, p["danger"], strip, 2, max(4, strip.w // 8))
            for morale, colour, value in refused[1]["wilds"]:
                if morale not in stack:
                    continue
                rect = self.table.visible_rect(flag, opp, stack.index(morale), len(stack))
                as_card = i18n.t("battleline.tip.as", card=f"{SUIT_SYMBOLS[colour]}{value}")
                tag = self.art.text(as_card, self.fs(1.15), p["text"], bold=True)
                pill = pygame.Rect(0, 0, tag.get_width() + 8, tag.get_height())
                pill.midtop = (rect.centerx, rect.top + 2)
                self.art.pill(surface, tag, pill, (*p["danger"], 235), 6)
        claim = self.obs["flags"][flag]["claim"]
        accent = p["legal"] if claim is not None and claim["provable"] else p["danger"]
        text = words.claim_words(
            self.obs["flags"][flag], flag, self.me, self.board.seat_name(opp), self.phase == "claim"
        )
        self.tooltip(surface, text, flag, accent)

    def draw_env_tooltip(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """Fog or Mud hovered at its flag: its name and effect, beside the flag's column."""
        found = self.env_at(pos)
        if found is not None:
            self.tooltip(surface, words.explained(found[1]), found[0], self.p["gold"])

    def tooltip(self, surface: pygame.Surface, text: str, flag: int, accent: Colour) -> None:
        """A note beside a flag's column, over the opposing cards (never over the flags)."""
        g, anchor = self.geo, self.table.column_rect(flag)
        width = round(min(g.felt.w * 0.42, max(g.pitch * 3.2, 22 * g.unit)))
        pad = round(0.9 * g.unit)
        y = (g.field_top + g.ridge.top) // 2

        def place(box: pygame.Rect) -> None:
            box.midleft = (anchor.right + pad, y)
            if box.right > g.felt.right - pad:
                box.midright = (anchor.left - pad, y)

        self.note(surface, text, width, place, accent)
