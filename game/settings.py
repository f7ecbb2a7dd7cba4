"""Player settings, persisted as JSON in the user data directory (written atomically).

The file is checked against ``schema.SETTINGS`` value by value: a value outside it falls back to
its default, the file is set aside (kept for inspection) and described in ``problems`` for the
app to report, and the values that passed are written back at once, so one bad value never
costs the others. An unreadable file is set aside the same way; unknown keys (from a newer
version) are ignored. Saving never raises: a read-only folder or a full disk is recorded in
``write_error`` and the app says so once.
"""

from __future__ import annotations

import locale
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game import schema
from game.saves import (
    DamagedFileError,
    Problem,
    data_dir,
    read_json,
    set_aside,
    write_json_atomic,
)

# The animation-speed setting, as a multiplier of every board's tween durations (0 = snap).
ANIMATION_SPEEDS = dict(zip(schema.ANIMATIONS, (0.0, 0.5, 1.0, 2.0), strict=True))
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
    player_name: str = ""  # this player's name at a networked table, as host or guest
    # Seats this player was let into by knocking, to rejoin after a restart (game.net.rejoin).
    kept_seats: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        # Not fields: they are not stored, and two settings are equal whatever happened on disk.
        self.problems: list[Problem] = []  # a damaged settings file set aside by ``load``
        self.write_error: str | None = None  # why the last ``save`` failed, None when it worked
        # Values given for this session only (``--lang``, ``--fullscreen``): name -> (session
        # value, stored value). Saving writes the stored value while the session's is in force.
        self.session_only: dict[str, tuple[object, object]] = {}

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
        kept, wrong = schema.SETTINGS.fields(data)
        for name, value in kept.items():
            setattr(settings, name, value)
        if wrong:
            detail = "; ".join(str(err) for err in wrong)
            settings.problems.append(set_aside(path, DamagedFileError(wrong[0].reason, detail)))
            settings.save(path)  # what passed, so the next start has it too
        return settings

    def for_session(self, name: str, value: object) -> None:
        """Use ``value`` for ``name`` until the player changes it, without storing it: a
        command-line choice must not become the player's lasting setting."""
        stored = self.session_only.get(name, (None, getattr(self, name)))[1]
        self.session_only[name] = (value, stored)
        setattr(self, name, value)

    def save(self, path: Path | None = None) -> bool:
        """Store the settings; False (and ``write_error`` set) when the disk refuses."""
        data = asdict(self)
        for name, (session, stored) in list(self.session_only.items()):
            if data[name] == session:
                data[name] = stored
            else:  # the player chose anew: that choice is theirs to keep
                del self.session_only[name]
        try:
            write_json_atomic(path or data_dir() / SETTINGS_FILE, data)
        except OSError as err:
            self.write_error = err.strerror or str(err)
            return False
        self.write_error = None
        return True
