"""How a change of the Flat Front table plays on the kit's layer: tiles placed fly in one after
another (or land where this viewer clicked), then pieces drop in, attacks play out (the
attackers pulse, the target is struck, its pieces fall over), and a tile turned up flips off
the pile; while the field grows, everything pans with the camera."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from dataclasses import replace
from typing import Any, cast

import pygame

from game.boards.flatfront.layout import Geometry, camera_target
from game.boards.layer import Motion, Place
from game.engines.flatfront.observation import FlatFrontObservation, TileView
from game.engines.flatfront.previews import attackers

# --- timings (seconds at animation speed 1) ---------------------------------------------------
T_FLIP = 0.55
T_SLIDE = 0.45
T_DROP = 0.35
T_PULSE = 0.35
T_STRIKE = 0.3
T_FALL = 0.55
T_FLASH_HOLD = 1.1
T_CAMERA = 0.5


def plan(
    geo: Geometry,
    previous: FlatFrontObservation,
    obs: FlatFrontObservation,
    places: Mapping[Hashable, Place],
    shown: Collection[Hashable],
    clicked: tuple[int, int] | None,
) -> tuple[dict[Hashable, Motion], float]:
    """The motions of the change from ``previous`` to ``obs`` by key (``places``: where things
    will rest; ``shown``: the keys on the layer now; ``clicked``: the cell this viewer clicked),
    and when they end."""
    (w, h), t = geo.tile, 0.0
    pan = Motion(duration=T_CAMERA, easing="in_out_quad")
    motions: dict[Hashable, Motion] = {}
    if camera_target(previous) != camera_target(obs):
        motions = {key: pan for key in shown}
    old = {tile["id"]: tile for tile in previous["tiles"]}
    for tile in obs["tiles"]:
        if tile["id"] in old:
            continue
        rest = cast(pygame.Rect, places[("tile", tile["id"])])
        here = tuple(tile["cell"]) == clicked
        start = geo.slot
        if here:  # it lands where the viewer clicked, a little lifted
            start = pygame.Rect(0, 0, round(w * 1.15), round(h * 1.15))
            start.center = rest.center
        duration = T_SLIDE * (0.6 if here else 1.0)
        motions[("tile", tile["id"])] = Motion(
            start, delay=t, duration=duration, arc=0.0 if here else h * 0.4, z=1, landing="place"
        )
        t += duration
    for key in shown:
        if cast(tuple[Any, ...], key)[0] == "face_up" and obs["face_up"] is None:
            motions[key] = Motion(exit_to=geo.slot, duration=0.0)  # it became the tile
    for tile in obs["tiles"]:
        before = old.get(tile["id"])
        count = 0 if before is None else len(before["pieces"])
        for i in range(count, len(tile["pieces"])):
            rest = cast(pygame.Rect, places[("piece", tile["id"], i)])
            motions[("piece", tile["id"], i)] = Motion(
                rest.move(0, -round(h * 0.9)), delay=t + (i - count) * 0.09,
                duration=T_DROP, easing="out_bounce", sound="place" if i == count else None,
            )  # fmt: skip
        if len(tile["pieces"]) > count:
            t += T_DROP + 0.09 * (len(tile["pieces"]) - count)
        if before is not None:
            t = _attack(previous, before, tile, motions, pan, t)
    if obs["face_up"] is not None and ("face_up", obs["pile"]) not in shown:
        motions[("face_up", obs["pile"])] = Motion(
            geo.pile, delay=t, duration=T_FLIP, arc=geo.slot.h * 0.35, turn=True,
            easing="in_out_sine", sound="flip",
        )  # fmt: skip
        t += T_FLIP * 0.6
    return motions, t


def _attack(
    previous: FlatFrontObservation,
    before: TileView,
    target: TileView,
    motions: dict[Hashable, Motion],
    pan: Motion,
    t: float,
) -> float:
    """An attack on ``target``, if its pieces fell: the attackers pulse, the target is
    struck, its pieces fall over one after another; returns when it is over."""
    pairs = zip(before["pieces"], target["pieces"], strict=False)
    fell = [i for i, (a, b) in enumerate(pairs) if a["standing"] and not b["standing"]]
    if not fell:
        return t
    base = motions.get(("tile", target["id"]), pan)
    for n, tile in enumerate(attackers(previous, target, 1 - target["owner"])):
        pulse = Motion(effect="pulse", effect_time=2 * T_PULSE, delay=t)
        motions[("tile", tile["id"])] = replace(pulse, sound="attack" if n == 0 else None)
    t += T_PULSE * 0.8
    motions[("tile", target["id"])] = replace(
        base, effect="strike", effect_time=T_STRIKE, delay=t, sound="knock"
    )
    for n, i in enumerate(fell):
        delay = t + T_STRIKE * 0.5 + n * 0.07
        motions[("piece", target["id"], i)] = Motion(effect="fall", effect_time=T_FALL, delay=delay)
    return t + T_STRIKE * 0.5 + T_FALL + 0.07 * len(fell)
