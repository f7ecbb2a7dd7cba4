"""The kit's colours: the roles its own marks use (text, panels, gold, hint, last move, the
table picture), normal and colour-blind, under which each board lays its own palette."""

from __future__ import annotations

from game.ui.draw import Colour

# Colours the kit's own marks use; a board's palette may override any of them.
BASE_PALETTE: dict[str, Colour] = {
    "bg": (20, 16, 13),
    "panel": (24, 20, 17),
    "panel_edge": (118, 96, 72),
    "text": (246, 239, 226),
    "text_dim": (196, 184, 164),
    "gold": (222, 182, 96),
    "hint": (104, 222, 246),
    "last_move": (255, 236, 150),
    "highlight": (190, 150, 255),
    "legal": (138, 214, 120),  # what may be done (the switch that is on, a free place)
    "illegal": (226, 84, 66),
    "table": (92, 64, 44),  # the kit's table picture (game/ui/table.py): wood, grain, cloth
    "table_grain": (72, 49, 33),
    "felt": (46, 72, 62),
}
# The same roles in the colour-blind palettes (Okabe-Ito yellow and sky blue), under a board's own.
BASE_COLORBLIND: dict[str, Colour] = {
    "bg": (18, 18, 18),
    "panel": (22, 22, 24),
    "panel_edge": (120, 116, 110),
    "text": (246, 244, 238),
    "text_dim": (196, 192, 184),
    "gold": (240, 228, 66),
    "hint": (86, 180, 233),
    "legal": (0, 178, 130),
    "illegal": (204, 121, 167),
    "table": (78, 66, 58),
    "table_grain": (62, 52, 46),
    "felt": (52, 62, 70),
}


def palette_of(board_cls: type, colorblind: bool) -> dict[str, Colour]:
    """The board's palette over the kit's base colours, colour-blind variant if asked."""
    palettes: dict[str, dict[str, Colour]] = getattr(board_cls, "PALETTES", {})
    name = "colorblind" if colorblind and "colorblind" in palettes else "normal"
    base = {**BASE_PALETTE, **BASE_COLORBLIND} if name == "colorblind" else BASE_PALETTE
    return {**base, **palettes.get(name, {})}
