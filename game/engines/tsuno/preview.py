"""The rules' answers to what a screen asks of an observation: each die's part in a roll
(triple, run, single, a hit on the acting area) and the exact preview of every action (chips
removed, dice, the chance of losing morale and of the worst), as the engine resolves them."""

from __future__ import annotations

from game.engines.tsuno import actions as act
from game.engines.tsuno.observation import AreaView, LastRollView, TsunoObservation
from game.engines.tsuno.odds import attack_loss_odds
from game.engines.tsuno.rules import MAX_ABSORB, RUN_MIN, SKILLED, TRIPLE

TRIPLE_ROLE, RUN_ROLE, SINGLE_ROLE = "triple", "run", "single"


def die_roles(black: list[int]) -> list[str]:
    """Each black die's part, in roll order: triples first, then runs by layers (as the engine
    resolves them), the rest singles."""
    roles = [SINGLE_ROLE] * len(black)
    free = list(range(len(black)))
    for value in range(1, 7):
        same = [i for i in free if black[i] == value]
        while len(same) >= TRIPLE:
            for i in same[:TRIPLE]:
                roles[i] = TRIPLE_ROLE
                free.remove(i)
            same = same[TRIPLE:]
    while free:
        layer: dict[int, int] = {}
        for i in free:
            layer.setdefault(black[i], i)
        values = sorted(layer)
        block: list[int] = []
        for value in [*values, 99]:
            if block and value != block[-1] + 1:
                if len(block) >= RUN_MIN:
                    for v in block:
                        roles[layer[v]] = RUN_ROLE
                block = []
            block.append(value)
        for i in layer.values():
            free.remove(i)
    return roles


def hits(roll: LastRollView) -> list[bool]:
    """Which dice of an attack roll cost the acting area morale: its face, not in a triple."""
    roles = die_roles(roll["black"])
    return [
        face == roll["area"] and role != TRIPLE_ROLE
        for face, role in zip(roll["black"], roles, strict=True)
    ]


def _entry(obs: TsunoObservation) -> AreaView:
    return obs["areas"][obs["area"] - 1]


def attack_dice(obs: TsunoObservation) -> int:
    return obs["dice"]["black"] - (obs["area"] in SKILLED)


def capacity(obs: TsunoObservation) -> int:
    me = _entry(obs)
    if me["unit"] == "area":
        return 1 + me["soldiers"] + me["reinforcements"]
    return 1 + obs["castle"]


def attack_preview(obs: TsunoObservation, target: int) -> dict[str, float | int]:
    """An attack or relief of ``target``: chips removed, dice rolled, and exactly the chance of
    a hit, of losing morale (after the pieces beside the unit absorb all they may) and of the
    unit retreating (or, from the castle, of the castle falling)."""
    me = _entry(obs)
    removed = min(obs["areas"][target - 1]["chips"], capacity(obs))
    dice = attack_dice(obs)
    odds = attack_loss_odds(dice, obs["area"])
    hit = 1.0 - odds[0]
    if me["unit"] == "area":
        absorb = min(MAX_ABSORB, me["soldiers"] + me["reinforcements"])
        morale = sum(p for k, p in enumerate(odds) if k > absorb)
        worst = sum(p for k, p in enumerate(odds) if k - min(absorb, k) >= me["morale"])
    else:
        morale = sum(p for k, p in enumerate(odds) if k > obs["castle"])
        worst = sum(p for k, p in enumerate(odds) if k - obs["castle"] >= me["morale"])
    return {"chips": removed, "dice": dice, "hit": hit, "morale": morale, "worst": worst}


def defend_loss(obs: TsunoObservation) -> int:
    return _entry(obs)["chips"] - 1


def absorb_after(obs: TsunoObservation, action: int) -> int:
    """The acting unit's morale after absorbing ``obs['loss']`` with the pieces of ``action``."""
    soldiers, reinforcements = act.ABSORB_CHOICES[action - act.ABSORB_BASE]
    return _entry(obs)["morale"] - (obs["loss"] - soldiers - reinforcements)
