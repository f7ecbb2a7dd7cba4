"""Exact odds of attacks (rules §4.2.3-§4.2.4, §10.7, §12.3): pure functions, no state.

One attack roll is 2d10. On the natural total: 2-3 is friendly fire (no effect on the target),
19-20 destroys the target outright, 18 doubles the power die if it hits; otherwise the roll hits
when natural + modifiers >= the weapon's attack value. A hit deals d10 (x2 on 18) + damage
modifier - defense, at least 0. A weapon fires its rate of fire in rolls; damage adds up within
the phase, and once the target is destroyed the remaining rolls are lost. The engine's rules use
the same constants; the AI folds several attacks on one target with ``fold_attack``.
"""

from __future__ import annotations

from dataclasses import dataclass

D10 = tuple(range(1, 11))
# P(natural 2d10 total = n), n = 2..20.
NATURAL: dict[int, float] = {n: (10 - abs(n - 11)) / 100 for n in range(2, 21)}
FRIENDLY_FIRE = (2, 3)
DOUBLE_POWER = 18
AUTO_DESTROY = (19, 20)


def p_at_least(k: int) -> float:
    """P(2d10 >= k), the reference table of §10.7."""
    return sum(p for n, p in NATURAL.items() if n >= k)


def roll_hits(natural: int, roll_mod: int, value: int) -> bool:
    """Whether one attack roll hits (specials on the natural total, decision §9 #2-#4)."""
    if natural in FRIENDLY_FIRE:
        return False
    if natural in AUTO_DESTROY:
        return True
    return natural + roll_mod >= value


def net_damage(power: int, natural: int, damage_mod: int, defense: int) -> int:
    """Damage of one hit: power (doubled on a natural 18) + modifier - defense, at least 0."""
    base = power * (2 if natural == DOUBLE_POWER else 1) + damage_mod
    return max(0, base - defense)


@dataclass(frozen=True)
class RollOdds:
    """The outcome distribution of one attack roll."""

    friendly_fire: float
    destroy: float  # natural 19-20
    damage: tuple[tuple[int, float], ...]  # (net damage, probability) of the other hits

    @property
    def hit(self) -> float:
        return self.destroy + sum(p for _, p in self.damage)


def roll_odds(value: int, roll_mod: int, damage_mod: int, defense: int) -> RollOdds:
    damage: dict[int, float] = {}
    for natural, p in NATURAL.items():
        if natural in FRIENDLY_FIRE or natural in AUTO_DESTROY:
            continue
        if not roll_hits(natural, roll_mod, value):
            continue
        for power in D10:
            dealt = net_damage(power, natural, damage_mod, defense)
            damage[dealt] = damage.get(dealt, 0.0) + p / 10
    return RollOdds(
        friendly_fire=sum(NATURAL[n] for n in FRIENDLY_FIRE),
        destroy=sum(NATURAL[n] for n in AUTO_DESTROY),
        damage=tuple(sorted(damage.items())),
    )


@dataclass(frozen=True)
class AttackOdds:
    """What one weapon's whole attack (all its rolls) does to one target."""

    hit: float  # P(one roll hits)
    friendly_fire: float  # P(at least one roll is friendly fire)
    lock: float  # P(the target ends at its half HP or worse, destroyed included)
    destroyed: float
    damage: tuple[float, ...]  # P(alive with this much phase damage), index = damage


def fold_attack(
    damage: list[float], destroyed: float, roll: RollOdds, rolls: int, hp_left: int
) -> tuple[list[float], float, float]:
    """Fold ``rolls`` rolls into a distribution of phase damage on a target with ``hp_left``
    (``damage[d]`` = P(alive with d damage)); returns (damage, destroyed, P(any friendly
    fire)). The absorbing state is "destroyed"; later rolls on a dead target are lost."""
    no_ff = 1.0
    for _ in range(rolls):
        new = [0.0] * hp_left
        for dealt_before, p in enumerate(damage):
            if p == 0.0:
                continue
            miss = 1.0 - roll.destroy - sum(q for _, q in roll.damage)
            new[dealt_before] += p * miss
            destroyed += p * roll.destroy
            for dealt, q in roll.damage:
                total = dealt_before + dealt
                if total >= hp_left:
                    destroyed += p * q
                else:
                    new[total] += p * q
        no_ff *= 1.0 - roll.friendly_fire
        damage = new
    return damage, destroyed, 1.0 - no_ff


def attack_odds(
    value: int,
    rolls: int,
    damage_mod: int,
    defense: int,
    hp_left: int,
    half_hp: int,
    roll_mod: int = 0,
) -> AttackOdds:
    """One weapon (attack ``value``, ``rolls`` = its rate of fire) against a target with
    ``hp_left`` remaining and printed ``half_hp``; ``roll_mod`` adds to every attack roll (the
    +2 against field guns, cards). The half-HP effect of a Damage card drawn mid-attack is not
    modelled (it is a lookahead, not a rule)."""
    roll = roll_odds(value, roll_mod, damage_mod, defense)
    start = [0.0] * hp_left
    start[0] = 1.0
    damage, destroyed, ff = fold_attack(start, 0.0, roll, rolls, hp_left)
    lock_from = max(0, hp_left - half_hp)
    lock = destroyed + sum(damage[lock_from:])
    return AttackOdds(roll.hit, ff, lock, destroyed, tuple(damage))
