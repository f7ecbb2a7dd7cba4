"""Files in the per-user data directory: atomic JSON writes, autosaves, and damaged-file handling.

Every write goes to a temporary file in the same directory and is then moved over the target with
``os.replace``, so a crash mid-write leaves the previous file intact. A file that cannot be read as
one of ours is never deleted and never crashes the program: it is renamed ``*.damaged-<timestamp>``
and the caller gets a sentence to show the player.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR_ENV = "FIVEFRONTS_DATA_DIR"
AUTOSAVE_FORMAT = "five-fronts-autosave"
AUTOSAVE_VERSION = 1
_AUTOSAVE_SUFFIX = ".autosave.json"


class DamagedFileError(ValueError):
    """A file that exists but is not a valid file of ours.

    ``reason`` is a short code the UI turns into words ("unreadable", "foreign", "version",
    "incomplete", "illegal"); the message is the English explanation for logs.
    """

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Problem:
    """A damaged file that was found and moved aside, for the UI to report in words."""

    file: str
    reason: str
    detail: str
    moved_to: str | None  # None when it could not be moved either


def data_dir() -> Path:
    """The per-user data directory (``$FIVEFRONTS_DATA_DIR`` overrides it, e.g. in tests)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("FiveFronts", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON so that readers see either the old file or the complete new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_json(path: Path) -> Any:
    """Parse a JSON file; unreadable or malformed content raises DamagedFileError."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise DamagedFileError("unreadable", f"{path.name}: {err}") from err


def move_aside(path: Path) -> Path:
    """Rename a damaged file out of the way (kept for inspection) and return its new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    os.replace(path, target)
    return target


# --- autosaves --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Autosave:
    """One game's autosave: enough to rebuild the match (the record is replayed by the caller)."""

    game_id: str
    seats: list[str]
    seed: int
    record: dict
    saved_at: float
    path: Path


def autosave_path(game_id: str) -> Path:
    return data_dir() / f"{game_id}{_AUTOSAVE_SUFFIX}"


def write_autosave(game_id: str, seats: list[str], seed: int, record: dict) -> None:
    payload = {
        "format": AUTOSAVE_FORMAT,
        "version": AUTOSAVE_VERSION,
        "saved_at": time.time(),
        "game": game_id,
        "seats": list(seats),
        "seed": seed,
        "record": record,
    }
    write_json_atomic(autosave_path(game_id), payload)


def delete_autosave(game_id: str) -> None:
    autosave_path(game_id).unlink(missing_ok=True)


def parse_autosave(data: Any, path: Path) -> Autosave:
    """Check the shape of an autosave; anything foreign raises DamagedFileError."""
    if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT:
        raise DamagedFileError("foreign", f"{path.name} is not a Five Fronts save")
    if data.get("version") != AUTOSAVE_VERSION:
        raise DamagedFileError("version", f"{path.name} has save version {data.get('version')!r}")
    game_id, seats, seed, record = (data.get(k) for k in ("game", "seats", "seed", "record"))
    saved_at = data.get("saved_at", 0.0)
    if (
        not isinstance(game_id, str)
        or not isinstance(seats, list)
        or not all(isinstance(s, str) for s in seats)
        or not isinstance(seed, int)
        or not isinstance(record, dict)
        or not isinstance(saved_at, int | float)
        or record.get("game") != game_id
    ):
        raise DamagedFileError("incomplete", f"{path.name} lacks required fields")
    return Autosave(game_id, seats, seed, record, float(saved_at), path)


def load_autosave(path: Path) -> Autosave:
    return parse_autosave(read_json(path), path)


def scan_autosaves() -> tuple[list[Autosave], list[Problem]]:
    """All readable autosaves, newest first, and the damaged ones (already moved aside)."""
    saves: list[Autosave] = []
    problems: list[Problem] = []
    for path in sorted(data_dir().glob(f"*{_AUTOSAVE_SUFFIX}")):
        try:
            saves.append(load_autosave(path))
        except DamagedFileError as err:
            problems.append(set_aside(path, err))
    saves.sort(key=lambda s: s.saved_at, reverse=True)
    return saves, problems


def set_aside(path: Path, err: DamagedFileError) -> Problem:
    """Move a damaged file out of the way and describe it; never raises."""
    try:
        moved: str | None = move_aside(path).name
    except OSError:
        moved = None
    return Problem(path.name, err.reason, str(err), moved)
