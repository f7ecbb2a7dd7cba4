"""Tsuno Senki's log phrases worded in English (the state names each action as a phrase, key +
arguments; the board words it in the player's language) and a custom split's groups."""

from __future__ import annotations

PHRASES = {
    "die": "{colour} die ({roll} roll): {face}",
    "defend": "Area {area} defends",
    "attack": "Area {area} attacks",
    "return": "Area {area} returns from the castle",
    "relief": "Area {area} relieves area {target}",
    "replenish": "Area {area} sends a soldier to area {target}",
    "rest": "Area {area} rests {count} soldier(s)",
    "lure": "Area {area} lures a chip from area {target}",
    "heal": "Area {area} heals a wounded soldier",
    "wait": "Area {area} waits",
    "absorb": (
        "Area {area} absorbs with {soldiers} soldier(s) and {reinforcements} reinforcement(s)"
    ),
    "unknown": "unknown action {action}",
}


def english_phrase(key: str, args: dict[str, int | str]) -> str:
    return PHRASES[key].format(**args)


def split_groups(split: str) -> str:
    """A custom split's groups of consecutive areas as ranges: "12|3|456" -> "1–2 · 3 · 4–6"."""
    return " · ".join(
        group if len(group) == 1 else f"{group[0]}–{group[-1]}" for group in split.split("|")
    )
