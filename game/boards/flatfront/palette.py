"""Flat Front's colours by role, over the kit's (text, panels, hint, legal, the table's wood and
felt: ``palette.palette_of``); the scene passes one palette as ctx.palette."""

from __future__ import annotations

from game.ui.draw import Colour

PALETTES: dict[str, dict[str, Colour]] = {
    "normal": {
        "parchment": (232, 219, 189),
        "back": (58, 66, 80),
        "gold": (216, 176, 92),
        "blue": (56, 94, 148),
        "red": (168, 58, 44),
        "fallen": (150, 146, 140),
        "target": (250, 176, 60),
        "attacker": (255, 244, 214),
    },
    # Okabe-Ito colours: blue and vermillion stay apart for every common colour deficiency.
    "colorblind": {
        "parchment": (236, 228, 206),
        "back": (60, 60, 66),
        "gold": (240, 228, 66),
        "blue": (0, 114, 178),
        "red": (213, 94, 0),
        "fallen": (150, 150, 150),
        "target": (240, 228, 66),
        "attacker": (255, 255, 255),
    },
}
