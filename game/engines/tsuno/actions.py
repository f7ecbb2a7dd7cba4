"""Action ids of Tsuno Senki: small ints in disjoint ranges.

A die landing is a chance action (its face); an area's action of the day is one decision, its
target (Relief, Replenish, Lure) part of the same id; choosing which pieces absorb a loss is a
second, separate decision by the same seat.
"""

from __future__ import annotations

FACE_BASE = 0  # 0-5 (chance): the die being rolled shows face 1-6
DEFEND = 6  # forced at >= 2 chips
ATTACK = 7
WAIT = 8
RELIEF_BASE = 9  # 9-14: Relief of area 1-6
REPLENISH_BASE = 15  # 15-20: a castle soldier to the unit of area 1-6
REST_BASE = 20  # 21, 22: return 1 or 2 soldiers from beside the unit to the castle
LURE_BASE = 23  # 23-28: lure a chip from area 1-6
HEAL = 29
ABSORB_BASE = 30  # 30-35: consume (soldiers, reinforcements) against a loss, see ABSORB_CHOICES
ABSORB_CHOICES = ((0, 0), (1, 0), (0, 1), (2, 0), (1, 1), (0, 2))
NUM_ACTIONS = ABSORB_BASE + len(ABSORB_CHOICES)

REST_1 = REST_BASE + 1
REST_2 = REST_BASE + 2


def face_action(face: int) -> int:
    return FACE_BASE + face - 1


def relief_action(area: int) -> int:
    return RELIEF_BASE + area - 1


def replenish_action(area: int) -> int:
    return REPLENISH_BASE + area - 1


def lure_action(area: int) -> int:
    return LURE_BASE + area - 1


def absorb_action(soldiers: int, reinforcements: int) -> int:
    return ABSORB_BASE + ABSORB_CHOICES.index((soldiers, reinforcements))


def is_face(action: int) -> bool:
    return FACE_BASE <= action < DEFEND


def is_relief(action: int) -> bool:
    return RELIEF_BASE <= action < REPLENISH_BASE


def is_replenish(action: int) -> bool:
    return REPLENISH_BASE <= action < REST_1


def is_rest(action: int) -> bool:
    return action in (REST_1, REST_2)


def is_lure(action: int) -> bool:
    return LURE_BASE <= action < HEAL


def is_absorb(action: int) -> bool:
    return ABSORB_BASE <= action < NUM_ACTIONS


def target_of(action: int) -> int:
    """The area named by a Relief, Replenish or Lure action."""
    if is_relief(action):
        return action - RELIEF_BASE + 1
    if is_replenish(action):
        return action - REPLENISH_BASE + 1
    return action - LURE_BASE + 1
