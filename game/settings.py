"""Player settings, persisted as JSON in the user data directory (written atomically).

Unknown or invalid values in the file fall back to the defaults one by one, so an old or
hand-edited settings file never stops the game from starting; an unreadable one is set aside and
described in ``problems`` for the app to report. Saving never raises: a read-only folder or a
full disk is recorded in ``write_error`` and the app says so once.
"""

from __future__ import annotations

import locale
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.saves import (
    DamagedFileError,
    Problem,
    data_dir,
    read_json,
    set_aside,
    write_json_atomic,
)

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
    volume: float = 1.0  # 0..1, the loudness of every sound when sound is on
    window_size: list[int] | None = None  # the windowed size the player left, [width, height]

    def __post_init__(self) -> None:
        # Not fields: they are not stored, and two settings are equal whatever happened on disk.
        self.problems: list[Problem] = []  # a damaged settings file set aside by ``load``
        self.write_error: str | None = None  # why the last ``save`` failed, None when it worked

    @property
    def animation_multiplier(self) -> float:
        return ANIMATION_SPEEDS[self.animation]

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or data_dir() / SETTINGS_FILE
        settings = cls()
        try:
            if not path.exists():
                return settings
        except OSError:  # a folder we may not even look into: the app says it cannot save
            return settings
        try:
            data = read_json(path)
            if not isinstance(data, dict):
                raise DamagedFileError("foreign", f"{path.name} is not a table of settings")
        except DamagedFileError as err:
            settings.problems.append(set_aside(path, err))
            return settings
        for f in fields(cls):
            value = _clean(f.name, data.get(f.name))
            if value is not None:
                setattr(settings, f.name, value)
        return settings

    def save(self, path: Path | None = None) -> bool:
        """Store the settings; False (and ``write_error`` set) when the disk refuses."""
        try:
            write_json_atomic(path or data_dir() / SETTINGS_FILE, asdict(self))
        except OSError as err:
            self.write_error = err.strerror or str(err)
            return False
        self.write_error = None
        return True


def _clean(name: str, value: object) -> object | None:
    """The stored value made safe to use, or None to keep the default."""
    if name == "animation":
        return value if value in ANIMATION_SPEEDS else None
    if name == "language":
        return value if value in LANGUAGES else None
    if name == "volume":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
        return float(value) if ok else None  # type: ignore[arg-type]
    if name == "window_size":
        sides = value if isinstance(value, list) and len(value) == 2 else []
        ok = all(isinstance(v, int) and not isinstance(v, bool) and 0 < v < 100_000 for v in sides)
        return sides if sides and ok else None
    if name == "last_setup":
        if not isinstance(value, dict):
            return None
        return {k: v for k, v in value.items() if isinstance(k, str) and _valid_setup(v)}
    if name == "board_prefs":
        if not isinstance(value, dict):
            return None
        return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, dict)}
    return value if isinstance(value, bool) else None


_PLAIN = (str, int, float, bool)


def _valid_setup(entry: object) -> bool:
    """A remembered set-up: seat kinds as strings, options as names to plain values.

    Whether the kinds and values suit the game is the set-up screen's check; this one only
    keeps a hand-edited file from handing it the wrong types.
    """
    if not isinstance(entry, dict):
        return False
    seats = entry.get("seats", [])
    options = entry.get("options", {})
    names = entry.get("names", [])
    return (
        isinstance(seats, list)
        and all(isinstance(s, str) for s in seats)
        and isinstance(options, dict)
        and all(isinstance(k, str) and isinstance(v, _PLAIN) for k, v in options.items())
        and isinstance(names, list)
        and all(isinstance(n, str) for n in names)
    )
