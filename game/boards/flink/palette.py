"""Flink's colours: the normal palette and one for colour-blind players, and which colour is whose
piece."""

from __future__ import annotations

from game.ui.draw import Colour

PALETTES: dict[str, dict[str, Colour]] = {
    "normal": {
        "bg": (24, 22, 26),
        "felt": (64, 92, 84),
        "felt_alt": (58, 84, 77),
        "slab": (44, 38, 34),
        "white_piece": (236, 228, 210),
        "black_piece": (72, 74, 86),
        "white_side": (246, 238, 214),
        "black_side": (84, 86, 104),
        "legal": (120, 220, 120),
        "illegal": (232, 80, 64),
        "threat": (255, 150, 50),
        "win": (255, 214, 92),
        "text": (246, 239, 226),
        "text_dim": (196, 184, 164),
        "panel": (32, 30, 34),
        "panel_edge": (118, 106, 92),
    },
    # Light and dark already differ for every colour deficiency; greens and reds become the
    # Okabe-Ito bluish green and vermillion, and the frame of Black's sides gets a light rim.
    "colorblind": {
        "bg": (22, 22, 24),
        "felt": (70, 86, 100),
        "felt_alt": (62, 78, 92),
        "slab": (40, 40, 44),
        "white_piece": (240, 236, 226),
        "black_piece": (60, 62, 70),
        "white_side": (250, 246, 232),
        "black_side": (80, 80, 92),
        "legal": (0, 178, 130),
        "illegal": (213, 94, 0),
        "threat": (230, 159, 0),
        "win": (240, 228, 66),
        "text": (246, 244, 238),
        "text_dim": (196, 192, 184),
        "panel": (30, 30, 34),
        "panel_edge": (120, 116, 110),
    },
}
SEAT_ROLES = ("white_piece", "black_piece")
