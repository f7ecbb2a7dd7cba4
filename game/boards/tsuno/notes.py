"""Notes that keep clear of what the player reads: a teammate's words beside the area where its
turn ended, the hint's caption by its button; placed once per text and surroundings."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.boards.tsuno.art import TsunoArt
from game.boards.tsuno.layout import Geo, text_px
from game.ui import overlays
from game.ui.draw import Colour

NOTE_MIN_EMS = 14  # the narrowest note, in its text's size


class NotePlacer:
    """Finds each note a clear place (the search is kept: a note is drawn every frame)."""

    def __init__(self, art: TsunoArt, geo: Geo) -> None:
        self.art, self.geo = art, geo
        self.spots: dict[Hashable, tuple[int, pygame.Rect]] = {}  # placements found

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        anchor: pygame.Rect,
        bounds: pygame.Rect,
        avoid: list[pygame.Rect],
        widths: list[int],
        accent: Colour,
    ) -> pygame.Rect:
        """A note of ``text`` near ``anchor`` inside ``bounds`` that covers none of ``avoid``,
        wrapped to the first of ``widths`` (widest first) unless a narrower one lies nearer
        (over the date or the dice tray when no other place is clear, under ``anchor`` when
        none at all is): a teammate's words, the hint's caption."""
        geo, px = self.geo, text_px(self.geo.unit, 1.3)
        # No narrower than NOTE_MIN_EMS letters: a teammate's words once stood in a 90 px column.
        widths = sorted({max(w, px * NOTE_MIN_EMS) for w in widths}, reverse=True)
        key = (text, tuple(anchor), tuple(bounds), tuple(map(tuple, avoid)), tuple(widths))
        spots = self.spots
        if key not in spots:
            gap = max(2, geo.unit // 2)

            def nearest(avoiding: list[pygame.Rect]) -> tuple[int, pygame.Rect] | None:
                found: list[tuple[float, int, pygame.Rect]] = []
                for n, width in enumerate(widths):
                    if found and min(f[0] for f in found) <= n * geo.unit:
                        break  # no narrower note can be nearer
                    size = overlays.note_size(self.art, text, width, px)
                    near = anchor.inflate(2 * gap, 2 * gap)
                    spot = overlays.nearest_clear(size, near, bounds, avoiding)
                    if spot is not None:  # a narrower note is taller: only worth it when nearer
                        found.append((overlays.gap_between(spot, anchor) + n * geo.unit, width,
                                      spot))  # fmt: skip
                return min(found, key=lambda f: f[0])[1:] if found else None

            # Where nothing is clear (six areas' buttons at 800x540), the date and the dice of
            # the roll already made may be covered, the field and the buttons never.
            spare = (geo.date, geo.tray)
            chosen = nearest(avoid) or nearest([r for r in avoid if r not in spare])
            if chosen is None:
                spot = pygame.Rect((0, 0), overlays.note_size(self.art, text, widths[0], px))
                spot.midtop = (anchor.centerx, anchor.bottom + gap)
                chosen = (widths[0], spot.clamp(bounds))
            if len(spots) > 8:
                spots.clear()
            spots[key] = chosen
        width, spot = spots[key]

        def place(note: pygame.Rect) -> None:
            note.topleft = spot.topleft

        return overlays.note(surface, self.art, text, width, place, bounds, accent, px)
