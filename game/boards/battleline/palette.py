"""Battle Line's colours by role, normal and colour-blind."""

from __future__ import annotations

from game.ui.draw import Colour

# Battle Line's own colour roles; text, panels, gold and the hint come from the kit's base
# palettes (game/boards/base.py), and the scene passes the merged palette as ctx.palette.
PALETTES: dict[str, dict[str, Colour]] = {
    "normal": {
        "table": (84, 58, 40),
        "table_grain": (62, 42, 28),
        "felt": (40, 70, 58),
        "felt_edge": (104, 84, 58),
        "ridge": (58, 88, 70),
        "parchment": (240, 232, 212),
        "ink": (44, 36, 30),
        "suit0": (206, 52, 48),  # Red
        "suit1": (236, 128, 32),  # Orange
        "suit2": (230, 186, 36),  # Yellow
        "suit3": (52, 150, 78),  # Green
        "suit4": (52, 104, 196),  # Blue
        "suit5": (138, 68, 176),  # Purple
        "ink0": (172, 30, 30),
        "ink1": (196, 92, 12),
        "ink2": (160, 118, 6),
        "ink3": (30, 112, 52),
        "ink4": (30, 72, 158),
        "ink5": (108, 44, 142),
        "tactic_face": (46, 38, 54),
        "tactic_medal": (70, 54, 76),
        "troop_back": (34, 64, 92),
        "troop_trim": (196, 208, 220),
        "tactic_back": (112, 34, 40),
        "pennant": (226, 212, 180),
        "pole": (104, 76, 50),
        "side0": (62, 112, 188),
        "side1": (186, 64, 52),
        "legal": (146, 222, 120),
        "selected": (255, 214, 110),
        "claim": (255, 206, 84),
        "danger": (232, 92, 72),
    },
    # Six troop colours chosen to stay at least CIEDE2000 20 apart under simulated protanopia,
    # deuteranopia and tritanopia (tests/test_palettes_cvd.py); every colour still has its own
    # suit symbol. Okabe-Ito's vermillion and orange fell to 12-18 there.
    "colorblind": {
        "table": (74, 64, 56),
        "table_grain": (58, 50, 44),
        "felt": (48, 58, 66),
        "felt_edge": (110, 104, 96),
        "ridge": (62, 74, 84),
        "parchment": (244, 240, 228),
        "ink": (30, 30, 30),
        "suit0": (147, 0, 17),  # crimson
        "suit1": (184, 110, 39),  # ochre orange
        "suit2": (235, 191, 0),  # golden yellow
        "suit3": (5, 180, 146),  # bluish green
        "suit4": (10, 80, 149),  # blue
        "suit5": (159, 117, 242),  # violet
        "ink0": (122, 0, 14),
        "ink1": (140, 78, 20),
        "ink2": (120, 96, 0),
        "ink3": (0, 112, 90),
        "ink4": (8, 62, 120),
        "ink5": (104, 66, 190),
        "tactic_face": (40, 40, 46),
        "tactic_medal": (62, 62, 70),
        "troop_back": (36, 60, 80),
        "troop_trim": (210, 214, 220),
        "tactic_back": (96, 60, 20),
        "pennant": (232, 228, 214),
        "pole": (100, 84, 70),
        "side0": (86, 180, 233),
        "side1": (213, 94, 0),
        "legal": (0, 200, 150),
        "selected": (255, 236, 120),
        "claim": (240, 228, 66),
        "danger": (204, 121, 167),
    },
}
