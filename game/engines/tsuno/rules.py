"""The fixed rules of Tsuno Senki: components, board, difficulty, dice resolution, seat split.

Section numbers refer to the project's rules file (``rules/tsuno.md``). Every point marked there
as our interpretation is one named constant or option here, so a change is made in one place.
Areas are numbered 1-6 as on the board; lists indexed by area use ``area - 1``.
"""

from __future__ import annotations

from typing import NamedTuple

AREAS = (1, 2, 3, 4, 5, 6)
NUM_AREAS = len(AREAS)

# --- components §1 [interpretation: the counts] ----------------------------------------------
NUM_SOLDIERS = 12  # all in the castle at the start
NUM_REINFORCEMENTS = 12  # at most 2 per area on the board, so the supply never runs dry
NUM_CHIPS = 30  # Ichijo chips in their supply
MAX_BESIDE = 2  # soldiers + reinforcements beside one unit [rules]
MAX_MORALE = 6  # [rules]
MAX_ABSORB = 2  # pieces consumed against one loss [rules]

# --- board §2 [interpretation: the picture is lost] ------------------------------------------
LAYOUT = "layout"
RING = "ring"
GRID = "grid"
# Area -> adjacent areas. Ring: k touches k-1 and k+1, 6 touches 1. Grid: 1-2-3 over 4-5-6.
ADJACENT: dict[str, dict[int, tuple[int, ...]]] = {
    RING: {a: tuple(sorted(((a - 2) % 6 + 1, a % 6 + 1))) for a in AREAS},
    GRID: {1: (2, 4), 2: (1, 3, 5), 3: (2, 6), 4: (1, 5), 5: (2, 4, 6), 6: (3, 5)},
}

# --- area abilities §5, §7 [rules] -------------------------------------------------------------
SKILLED = (2, 5)  # roll one black die fewer in their attack rolls
LURERS = (3, 6)  # may Lure
HEALER = 4  # may Heal
MOBILE = 1  # Relief may target any other area
MOBILITY_WIDENS_REPLENISH = False  # [interpretation: the text ties mobility to Relief only]
LURE_MAY_FORCE_DEFENCE = True  # [interpretation: Lure may bring the AA to 2 chips]
# [interpretation, ours: relieving an area without chips removes nothing and only risks morale,
# so Relief needs a target with a chip; an own-area Attack has no such condition in the text]
RELIEF_NEEDS_CHIPS = True
# [interpretation §9: a castle unit whose area is already clear returns without a roll]
CLEAR_AREA_RETURN_ROLLS = False
# [interpretation §8: when no choice keeps morale >= 1, every piece that can absorb is consumed
# (the article: consume pieces "preferentially"); a retreating unit cannot keep its pieces]
DOOMED_ABSORB_ALL = True

# --- days §4 [interpretation: one appearance roll per day, six days] --------------------------
DAYS = 6

# --- difficulty §12 -----------------------------------------------------------------------------
DIFFICULTY = "difficulty"
BEGINNER = "beginner"
INTERMEDIATE = "intermediate"
ADVANCED = "advanced"
YELLOW_DICE = "yellow_dice"
YELLOW_STATED = "stated"  # 4 players on Advanced roll 3 yellow dice [rules]
YELLOW_ONE = "one"  # always the table's yellow dice


class Preset(NamedTuple):
    black: int  # black dice in the appearance roll and in attack rolls (one fewer for 2 and 5)
    yellow: int  # yellow dice in the appearance roll
    morale: int  # starting morale of every unit


# [interpretation: the article's table is lost; black and yellow dice from the worked examples.
# Starting morale 5 / 4 / 3 as the rules file's table (issue 34). Beginner was once re-tuned to
# 4 because at 5 it is almost never lost (crude greedy 95%, our policy 98%); that was a balance
# decision against the rule book, and a player who finds Beginner too easy picks Intermediate]
PRESETS: dict[str, Preset] = {
    BEGINNER: Preset(black=4, yellow=1, morale=5),
    INTERMEDIATE: Preset(black=5, yellow=1, morale=4),
    ADVANCED: Preset(black=6, yellow=1, morale=3),
}
FOUR_PLAYER_ADVANCED_YELLOW = 3  # [rules]


def preset(difficulty: str, num_players: int, yellow_option: str) -> Preset:
    """The dice and starting morale of a game; 4-player Advanced rolls 3 yellow dice [rules]."""
    base = PRESETS[difficulty]
    if yellow_option == YELLOW_STATED and difficulty == ADVANCED and num_players == 4:
        return base._replace(yellow=FOUR_PLAYER_ADVANCED_YELLOW)
    return base


# --- seats §13 [interpretation] -------------------------------------------------------------
AREAS_OPTION = "areas"
DEFAULT_SPLIT = "default"
ALTERNATE_SPLIT = "alternate"
# The default split of areas over seats, by number of seats.
DEFAULT_SPLITS: dict[int, tuple[tuple[int, ...], ...]] = {
    1: ((1, 2, 3, 4, 5, 6),),
    2: ((1, 2, 3), (4, 5, 6)),
    3: ((1, 2), (3, 4), (5, 6)),
    4: ((1, 2), (3,), (4, 5), (6,)),
    5: ((1, 2), (3,), (4,), (5,), (6,)),
    6: ((1,), (2,), (3,), (4,), (5,), (6,)),
}


def _compositions(first: int = 1) -> list[str]:
    """Every split of areas first..6 into consecutive groups, written "12|34|56"."""
    if first > NUM_AREAS:
        return [""]
    splits = []
    for last in range(first, NUM_AREAS + 1):
        group = "".join(str(a) for a in range(first, last + 1))
        splits += [group + ("|" + rest if rest else "") for rest in _compositions(last + 1)]
    return splits


# A custom split names groups of consecutive areas; group i goes to seat i mod the number of
# seats, so any split fits any table ("alternate" is area k to seat (k - 1) mod seats, a seat
# beyond the groups controls no area and watches).
AREA_SPLITS = [DEFAULT_SPLIT, ALTERNATE_SPLIT, *_compositions()]


def seat_of_areas(split: str, num_players: int) -> tuple[int, ...]:
    """The seat controlling each area (indexed by area - 1)."""
    if split == DEFAULT_SPLIT:
        groups: tuple[tuple[int, ...], ...] = DEFAULT_SPLITS[num_players]
    elif split == ALTERNATE_SPLIT:
        groups = tuple((a,) for a in AREAS)
    else:
        groups = tuple(tuple(int(c) for c in part) for part in split.split("|"))
    seats = [0] * NUM_AREAS
    for index, group in enumerate(groups):
        for area in group:
            seats[area - 1] = index % num_players
    return tuple(seats)


# --- active areas §12 [interpretation: a variant, off by default] -----------------------------
# The rules file's open question: with fewer players, fewer areas may be in use (morale dice on
# "all areas in use", die results for unused areas ignored). An area not in use has no unit: it
# takes no action, gets no chips or reinforcements from any roll, and no action can target it.
ACTIVE_OPTION = "active_areas"
ALL_AREAS = "all"  # our reading: all six areas always in play [§13]
PER_PLAYER = "per_player"  # areas 1..n with n players (one each); solitaire keeps all six
ACTIVE_CHOICES = [ALL_AREAS, PER_PLAYER]


def active_areas(option: str, num_players: int) -> tuple[int, ...]:
    """The areas in use; the one place that decides which areas the variant leaves out."""
    if option == PER_PLAYER and num_players > 1:
        return AREAS[:num_players]
    return AREAS


# --- dice resolution §5 -------------------------------------------------------------------------
TRIPLE = 3  # equal black dice that make a triple [rules]
RUN_MIN = 3  # consecutive values that make a run [rules]
RUN_VALUE = 2  # what each die of a run counts [rules]
RUNS_WRAP = False  # [interpretation: no run from 6 to 1]


class Resolution(NamedTuple):
    triples: tuple[int, ...]  # the value of each triple, ascending (reinforcements there)
    counts: tuple[int, ...]  # what the black dice count per area (index area - 1)


_resolutions: dict[tuple[int, ...], Resolution] = {}


def resolve_black(black: tuple[int, ...]) -> Resolution:
    """Triples first, then runs by layers (each layer one die of every value still present;
    every maximal block of >= RUN_MIN consecutive values is a run whose dice count RUN_VALUE),
    other dice count 1. Cached by the sorted dice, as a search meets the same rolls again."""
    key = tuple(sorted(black))
    found = _resolutions.get(key)
    if found is not None:
        return found
    left = [0] * (NUM_AREAS + 2)  # by value, with a zero guard at both ends
    for value in key:
        left[value] += 1
    triples = []
    for value in AREAS:
        while left[value] >= TRIPLE:
            left[value] -= TRIPLE
            triples.append(value)
    counts = [0] * NUM_AREAS
    while any(left):
        present = [v for v in AREAS if left[v]]
        for block in _blocks(present):
            worth = RUN_VALUE if len(block) >= RUN_MIN else 1
            for value in block:
                counts[value - 1] += worth
        for value in present:
            left[value] -= 1
    found = Resolution(tuple(triples), tuple(counts))
    _resolutions[key] = found
    return found


def _blocks(values: list[int]) -> list[list[int]]:
    """Maximal blocks of consecutive values (ascending input)."""
    blocks: list[list[int]] = []
    for value in values:
        if blocks and blocks[-1][-1] == value - 1:
            blocks[-1].append(value)
        else:
            blocks.append([value])
    if RUNS_WRAP and len(blocks) > 1 and blocks[0][0] == 1 and blocks[-1][-1] == NUM_AREAS:
        blocks[0] = blocks.pop() + blocks[0]
    return blocks


def resolve_roll(black: tuple[int, ...], yellow: tuple[int, ...]) -> Resolution:
    """A whole roll: the black dice as above, each yellow die adding 1 to its area singly."""
    black_part = resolve_black(black)
    if not yellow:
        return black_part
    counts = list(black_part.counts)
    for value in yellow:
        counts[value - 1] += 1
    return Resolution(black_part.triples, tuple(counts))
