"""The probability code reproduces rules §10.7 exactly (rounded to whole percents)."""

from __future__ import annotations

import pytest

from game.engines.frontline.cards import COLUMN_OF_TYPE, FIELD_GUN, UNIT_INDEX, UNITS
from game.engines.frontline.probability import (
    attack_odds,
    net_damage,
    p_at_least,
    roll_hits,
    roll_odds,
)

# §10.7: attacker, weapon row (0-based), target, P(a roll hits), P(half HP or worse),
# P(destroyed), in percent.
TABLE = [
    ("us_m4a1_sherman", 0, "ge_pz4h", 45, 29, 5),
    ("ge_pz4h", 0, "us_m4a1_sherman", 45, 29, 5),
    ("ge_tiger1", 0, "us_m4a1_sherman", 55, 40, 10),
    ("us_m4a1_sherman", 0, "ge_tiger1", 45, 21, 4),
    ("us_m10_wolverine", 0, "ge_tiger1", 55, 25, 4),
    ("us_bazooka_team", 0, "ge_pz4h", 36, 20, 5),
    ("ge_panzerschreck_team", 0, "us_m4a1_sherman", 45, 29, 5),
    ("ge_pak40", 0, "us_m4a1_sherman", 64, 40, 5),
    ("us_m4a1_sherman", 0, "ge_pak40", 64, 64, 52),
    ("ge_mg42_team", 0, "us_rifle_squad", 45, 85, 72),
    ("us_30cal_mg_team", 0, "ge_grenadier_squad", 55, 85, 69),
    ("us_105mm_howitzer", 0, "ge_grenadier_squad", 55, 55, 45),
    ("us_p47d_thunderbolt", 1, "ge_pz4h", 36, 30, 11),
    ("ge_flak36_88", 0, "us_p47d_thunderbolt", 36, 36, 30),
    ("us_m4a1_sherman", 2, "ge_fw190f8", 21, 30, 16),
    ("ge_flak38_20", 0, "us_p47d_thunderbolt", 36, 62, 39),
]


@pytest.mark.parametrize(("attacker", "row", "target", "hit", "lock", "destroyed"), TABLE)
def test_table_10_7(attacker: str, row: int, target: str, hit: int, lock: int, destroyed: int):
    a, t = UNITS[UNIT_INDEX[attacker]], UNITS[UNIT_INDEX[target]]
    weapon = a.weapons[row]
    bonus = 2 if t.type == FIELD_GUN else 0  # decision §9 #1
    odds = attack_odds(
        weapon.attack[COLUMN_OF_TYPE[t.type]],
        weapon.rof,
        weapon.damage_mod,
        t.defense,
        t.hp,
        t.half_hp,
        roll_mod=bonus,
    )
    assert (round(odds.hit * 100), round(odds.lock * 100), round(odds.destroyed * 100)) == (
        hit,
        lock,
        destroyed,
    )


def test_2d10_reference_row() -> None:
    table = {2: 100, 3: 99, 4: 97, 5: 94, 6: 90, 7: 85, 8: 79, 9: 72, 10: 64, 11: 55, 12: 45}
    table |= {13: 36, 14: 28, 15: 21, 16: 15, 17: 10, 18: 6, 19: 3, 20: 1}
    assert {k: round(p_at_least(k) * 100) for k in table} == table


def test_special_results_use_the_natural_total() -> None:
    """§9 #2-#4: 2-3 never hits even with modifiers; 19-20 always hits; 18 below the value
    misses; 18 doubles the power die before the modifier."""
    assert not roll_hits(3, 20, 5)
    assert roll_hits(19, -10, 30)
    assert not roll_hits(18, 0, 19)
    assert net_damage(4, 18, 2, 3) == 7 and net_damage(4, 17, 2, 3) == 3
    assert net_damage(1, 10, 0, 5) == 0
    odds = roll_odds(12, 0, 6, 4)
    assert odds.friendly_fire == pytest.approx(0.03) and odds.destroy == pytest.approx(0.03)
    assert odds.hit == pytest.approx(0.45)
