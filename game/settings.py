"""Player settings, persisted as JSON in the user data directory (written atomically).

Unknown or invalid values in the file fall back to the defaults one by one, so an old or
hand-edited settings file never stops the game from starting; an unreadable one is set aside.
"""

from __future__ import annotations

import locale
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.saves import DamagedFileError, data_dir, read_json, set_aside, write_json_atomic

# The animation-speed setting, as a multiplier of every board's tween durations (0 = snap).
ANIMATION_SPEEDS: dict[str, float] = {"off": 0.0, "slow": 0.5, "normal": 1.0, "fast": 2.0}
LANGUAGES = ("en", "ja")
SETTINGS_FILE = "settings.json"


def _system_language() -> str:
    """Japanese when the system locale is Japanese, English otherwise."""
    try:
        name = locale.getlocale()[0] or ""
    except ValueError:
        name = ""
    return "ja" if name.lower().startswith("ja") else "en"


@dataclass
class Settings:
    animation: str = "normal"
    sound: bool = True
    fullscreen: bool = False
    colorblind: bool = False
    language: str = field(default_factory=_system_language)
    # Last match set-up per game id: {"seats": [...], "options": {...}}, so "Play" remembers it.
    last_setup: dict[str, dict] = field(default_factory=dict)
    # Player choices a board keeps per game id (Battle Line's auto-claim): BoardContext.extra.
    board_prefs: dict[str, dict] = field(default_factory=dict)

    @property
    def animation_multiplier(self) -> float:
        return ANIMATION_SPEEDS[self.animation]

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or data_dir() / SETTINGS_FILE
        settings = cls()
        if not path.exists():
            return settings
        try:
            data = read_json(path)
        except DamagedFileError as err:
            set_aside(path, err)
            return settings
        if isinstance(data, dict):
            for f in fields(cls):
                value = data.get(f.name)
                if _valid(f.name, value):
                    setattr(settings, f.name, value)
        return settings

    def save(self, path: Path | None = None) -> None:
        write_json_atomic(path or data_dir() / SETTINGS_FILE, asdict(self))


def _valid(name: str, value: object) -> bool:
    if name == "animation":
        return value in ANIMATION_SPEEDS
    if name == "language":
        return value in LANGUAGES
    if name in ("last_setup", "board_prefs"):
        return isinstance(value, dict) and all(isinstance(v, dict) for v in value.values())
    return isinstance(value, bool)
