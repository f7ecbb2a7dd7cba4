"""Where the parts of the Frontline board lie, computed from the board's rectangle.

The viewer's army is at the bottom, the opponent's at the top, each with its Rear Line behind
its Frontline and its air space at the Frontline's far end; between the two Frontlines the dice
tray and the phase banner. The panel on the right holds the score, the decks, a large view of
the card under the mouse, and the prompt with the decision's buttons.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.boards import slots
from game.boards.frontline.cards import RATIO
from game.engines.frontline import words as fw
from game.engines.frontline.cards import AIRLINE, FRONT, REAR, UNITS
from game.engines.frontline.observation import FrontlineObservation

RATIO_TILE = 0.66  # a unit tile on the table: height / width (a landscape card)
ROW_OF_LINE = {FRONT: "ground", REAR: "rear", AIRLINE: "air"}  # a line's row, after "own_"/"opp_"
# Rows of the table, top to bottom, as fractions of its height.
ROWS = (
    ("opp_bar", 0.065),
    ("opp_rear", 0.15),
    ("opp_front", 0.155),
    ("tray", 0.115),
    ("own_front", 0.155),
    ("own_rear", 0.15),
    ("hand", 0.21),
)


@dataclass
class Geo:
    unit: int  # a length that scales with the board (borders, gaps, text)
    table: pygame.Rect
    side: pygame.Rect
    # ``ROWS`` top to bottom; each front split into its "ground" and "air" (the air space)
    rows: dict[str, pygame.Rect] = field(default_factory=dict)
    score: pygame.Rect = field(default_factory=pygame.Rect)
    zoom: pygame.Rect = field(default_factory=pygame.Rect)  # empty on a narrow board
    prompt: pygame.Rect = field(default_factory=pygame.Rect)

    @property
    def hand_span(self) -> pygame.Rect:
        """The hand row within its margins: how far the command fan may spread."""
        return self.rows["hand"].inflate(-2 * self.unit, 0)


def compute(rect: pygame.Rect) -> Geo:
    rect = pygame.Rect(rect)
    unit = max(4, min(rect.h // 80, rect.w // 120))
    narrow = rect.w < 760  # the card under the mouse floats over the table instead
    side_w = max(150, round(rect.w * 0.27)) if narrow else max(190, min(rect.w // 4, 420))
    side = pygame.Rect(rect.right - side_w, rect.y, side_w, rect.h)
    table = pygame.Rect(rect.x, rect.y, rect.w - side_w, rect.h)
    geo = Geo(unit, table, side)
    y = float(table.y)
    for name, share in ROWS:
        h = table.h * share
        geo.rows[name] = pygame.Rect(table.x, round(y), table.w, round(y + h) - round(y))
        y += h
    for who in ("opp", "own"):
        front = geo.rows[f"{who}_front"]
        # Square at least, but never more than a third of the row: a tall narrow window makes
        # the row higher than its width allows a square of.
        air_w = min(max(front.h, round(front.w * 0.24)), front.w // 3)
        geo.rows[f"{who}_air"] = pygame.Rect(front.right - air_w, front.y, air_w, front.h)
        geo.rows[f"{who}_ground"] = pygame.Rect(front.x, front.y, front.w - air_w, front.h)
    pad = unit
    score_h = round(side.h * 0.2)
    geo.score = pygame.Rect(side.x + pad, side.y + pad, side.w - 2 * pad, score_h)
    zoom_h = 0 if narrow else round(side.h * 0.43)
    geo.zoom = pygame.Rect(side.x + pad, geo.score.bottom + pad, side.w - 2 * pad, zoom_h)
    geo.prompt = pygame.Rect(
        side.x + pad,
        geo.zoom.bottom + pad,
        side.w - 2 * pad,
        side.bottom - geo.zoom.bottom - 2 * pad,
    )
    return geo


def row_name(row: pygame.Rect, unit: int) -> pygame.Rect:
    """The strip on a row's left that holds its name (the tiles keep to the right of it)."""
    return pygame.Rect(row.x, row.y, unit * 3, row.h)


def row_slots(
    row: pygame.Rect, count: int, unit: int, ratio: float = RATIO_TILE
) -> list[pygame.Rect]:
    """``count`` tiles side by side in ``row``, right of its name, with room under them for
    the Damage card strip (landscape tiles of height/width ``ratio``; they shrink to fit many)."""
    label = row_name(row, unit).w
    area = pygame.Rect(row.x + label, row.y + unit // 2, row.w - label - unit, row.h - 2 * unit)
    return slots.row(area, count, ratio, max(2, unit // 2))


def places(
    geo: Geo, obs: FrontlineObservation, picks: list[Hashable], aside: Sequence[Hashable] = ()
) -> dict[Hashable, pygame.Rect]:
    """Where each thing of ``obs`` rests: units and face-down cards in their rows (a face-down
    aircraft in its air space), the viewer's hand fanned (units left, commands right), the deck's
    cards to ``picks`` from at set-up in a grid over the table."""
    me = obs["viewer"]
    rows: dict[tuple[int, int], list[Hashable]] = {}
    for view in obs["board"]:
        rows.setdefault((view["owner"], view["line"]), []).append(("unit", view["pos"]))
    for key, card, rear in face_downs(obs):
        line = REAR if rear else FRONT
        if card is not None and UNITS[card].lines == (AIRLINE,):
            line = AIRLINE
        rows.setdefault((key[1], line), []).append(key)
    places: dict[Hashable, pygame.Rect] = {}
    for (owner, line), keys in rows.items():
        who = "own" if owner == me else "opp"
        row = geo.rows[f"{who}_{ROW_OF_LINE[line]}"]
        tiles = row_slots(row, len(keys), geo.unit if line != AIRLINE else 1)
        places.update(zip(keys, tiles, strict=True))
    hand = geo.rows["hand"]
    mine = obs["seats"][me]
    units, commands = mine["units"] or [], mine["commands"] or []
    card_h = hand.h - 2 * geo.unit
    card_w = round(card_h / RATIO)
    split = hand.x + round(hand.w * 0.64)
    left = pygame.Rect(hand.x + geo.unit, hand.y, split - hand.x - 2 * geo.unit, hand.h)
    right = pygame.Rect(split, hand.y, hand.right - split - geo.unit, hand.h)
    # While committing, the units set aside keep their slots in the fan: a hand that closed up
    # after each card put another card (or a gap) under the pointer for the next click.
    laid = sorted(units + (mine["face_down"] or [])) if obs["phase"] == "commit" else units
    for kind, cards, area in (("hand", laid, left), ("cmd", commands, right)):
        rects = slots.fan(area, len(cards), card_w, card_h)
        fanned = dict(zip(hand_keys(kind, cards), rects, strict=True))
        held = units if kind == "hand" else commands
        places.update(slots.kept(fanned, hand_keys(kind, held), aside, lambda key: key[1]))
    if picks:
        area = pygame.Rect(
            geo.table.x,
            geo.rows["opp_rear"].y,
            geo.table.w,
            geo.rows["own_front"].bottom - geo.rows["opp_rear"].y,
        )
        area = area.inflate(-4 * geo.unit, -6 * geo.unit).move(0, 2 * geo.unit)
        places.update(zip(picks, slots.grid(area, len(picks), RATIO, geo.unit), strict=True))
    return places


def split_key(key: Hashable | None) -> tuple[str, Any]:
    """A thing's key as its kind and what it holds: ("unit", pos), ("down", seat, i), ("pick",
    card), ("hand", card, copy), ("cmd", card, copy); no key gives kind ""."""
    if not isinstance(key, tuple):
        return "", None
    return key[0], key[1]


def hand_keys(kind: str, cards: list[int]) -> list[tuple[str, int, int]]:
    """The keys of a hand's cards: kind, card and which copy of it (two of a card are two
    things, each keeping its key while the other is played)."""
    seen: dict[int, int] = {}
    keys = []
    for card in cards:
        keys.append((kind, card, seen.get(card, 0)))
        seen[card] = seen.get(card, 0) + 1
    return keys


def face_downs(obs: FrontlineObservation) -> list[tuple[tuple[str, int, int], int | None, bool]]:
    """Each side's face-down cards in order: key, card (the viewer's own only) and whether it
    lies in the Rear Line."""
    out = []
    for seat in (0, 1):
        info = obs["seats"][seat]
        downs: list[int | None] = [*(info["face_down"] or [])] or [None] * info["face_down_count"]
        rear = info["face_down_rear"] or [False] * info["face_down_count"]
        out += [(("down", seat, i), card, rear[i]) for i, card in enumerate(downs)]
    return out


def things_of(obs: FrontlineObservation) -> dict[Hashable, Hashable]:
    """What each key of the table shows (a change of value is a move): units by position,
    face-down cards by seat and order, the viewer's starting-hand picks and hand by copy."""
    out: dict[Hashable, Hashable] = {}
    me = obs["viewer"]
    for view in obs["board"]:
        effect = view["effect"]
        out[("unit", view["pos"])] = (
            view["card"],
            view["line"],
            view["crew"],
            view["damage"],
            view["hp_max"],
            view["damage_card"],
            None if effect is None else (effect["kind"], effect["left"]),
            tuple(view["commands"]),
        )
    out.update({key: (card, rear) for key, card, rear in face_downs(obs)})
    mine = obs["seats"][me]
    if obs["phase"] == "pick":
        left = fw.deck_left(mine)
        for card in sorted(set(left)):
            out[("pick", card)] = left.count(card)
    for kind, cards in (("hand", mine["units"] or []), ("cmd", mine["commands"] or [])):
        out.update(dict.fromkeys(hand_keys(kind, cards), 0))
    return out
