"""The application's colours, each game's accent (its board's ``ACCENT``), and the lookup of a
board's palette.

Scenes and widgets take every colour from here, so the look stays consistent and can be tuned in
one place. Boards keep their own palettes (class attributes ``PALETTES``, keys "normal" and
"colorblind", and ``SEAT_ROLES``, the palette key of each seat's colour); :func:`board_palette`
picks one by the colour-blind setting.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

INK = (14, 17, 25)  # deepest background
BG_TOP = (30, 36, 52)
BG_BOTTOM = (12, 14, 21)
PANEL = (27, 32, 45)
PANEL_HI = (38, 45, 62)
PANEL_EDGE = (64, 74, 98)
TEXT = (238, 233, 221)
TEXT_DIM = (168, 170, 182)
TEXT_FAINT = (112, 117, 133)
GOLD = (231, 182, 92)
GOLD_DARK = (176, 128, 48)
ON_GOLD = (35, 26, 12)
DANGER = (228, 96, 84)
SUCCESS = (118, 196, 128)
BUTTON = (49, 57, 77)
BUTTON_HOVER = (64, 75, 100)
BUTTON_DOWN = (40, 46, 63)
BUTTON_DISABLED = (36, 40, 52)
SHADOW = (0, 0, 0)
SCRIM = (8, 10, 16)  # the dimming under translucent overlays


def accent(game_id: str) -> Colour:
    """The game's colour for its gallery card and scene backdrops (its board's ``ACCENT``)."""
    from game.boards import board_class, has_board  # lazy: the registry imports the boards

    return board_class(game_id).ACCENT if has_board(game_id) else GOLD  # GOLD: coming soon


def mix(a: Colour, b: Colour, k: float) -> Colour:
    """``a`` moved towards ``b`` by ``k`` (0..1)."""
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def board_palette(board_cls: type, colorblind: bool) -> dict[str, Colour]:
    """The board class's palette over the kit's base colours, colour-blind variant if asked."""
    from game.boards.palette import palette_of  # lazy: boards load when a match opens

    return palette_of(board_cls, colorblind)


# Seat colours where a board names none.
SEAT_COLOURS: tuple[Colour, ...] = (
    (86, 140, 226),
    (222, 96, 80),
    (120, 190, 120),
    (226, 182, 80),
    (170, 120, 210),
    (90, 196, 200),
)


def seat_colour(
    game_id: str, palette: dict[str, Colour], seat: int, options: dict | None = None
) -> Colour:
    """Seat ``seat``'s colour: the palette entry its board's seat roles name under the game's
    ``options``, or a default."""
    from game.boards import board_class, has_board  # lazy: the registry imports the boards

    roles = board_class(game_id).seat_roles(options or {}) if has_board(game_id) else ()
    if seat < len(roles) and roles[seat] in palette:
        return palette[roles[seat]]
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
