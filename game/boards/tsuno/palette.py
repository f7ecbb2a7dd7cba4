"""Tsuno Senki's colours: lacquer, paper and gold on a dark table, and the six seats'."""

from __future__ import annotations

from game.ui.draw import Colour

SEATS = ("seat0", "seat1", "seat2", "seat3", "seat4", "seat5")

NORMAL: dict[str, Colour] = {
    "bg": (27, 22, 19),
    "panel": (36, 30, 26),
    "panel_edge": (150, 118, 70),
    "paper": (236, 224, 196),
    "paper_dim": (196, 182, 152),
    "ink": (30, 26, 24),
    "lacquer": (170, 38, 32),
    "button": (170, 38, 32),  # the decision bar's buttons: lacquer, with paper letters
    "button_text": (236, 224, 196),
    "gold": (214, 172, 76),
    "chip": (34, 28, 26),
    "die_black": (28, 26, 26),
    "die_yellow": (236, 196, 48),
    "stone": (120, 112, 100),
    "roof": (58, 60, 70),
    "soldier": (240, 234, 220),
    "reinforcement": (224, 176, 60),
    "hit": (226, 64, 48),
    "run": (96, 176, 236),
    "seat0": (196, 52, 42),
    "seat1": (52, 92, 168),
    "seat2": (58, 128, 80),
    "seat3": (196, 140, 40),
    "seat4": (128, 72, 150),
    "seat5": (40, 140, 150),
}

# Seat colours at least CIEDE2000 20 apart under simulated protanopia, deuteranopia and
# tritanopia (tests/test_palettes_cvd.py), of mid lightness (L* 36-60) so that they read as
# text on the paper and as marks on the dark table; shapes and numbers carry the rest.
COLORBLIND: dict[str, Colour] = {
    **NORMAL,
    "seat0": (169, 22, 0),
    "seat1": (185, 104, 235),
    "seat2": (0, 106, 91),
    "seat3": (230, 101, 15),
    "seat4": (117, 56, 157),
    "seat5": (15, 163, 130),
    "hit": (213, 94, 0),
    "run": (86, 180, 233),
}
