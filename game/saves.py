"""Files in the per-user data directory: atomic JSON writes, autosaves, and damaged-file handling.

Every write goes to a temporary file in the same directory and is then moved over the target with
``os.replace``, so a crash mid-write leaves the previous file intact. A file that cannot be read as
one of ours is never deleted and never crashes the program: it is renamed ``*.damaged-<timestamp>``
and the caller gets a sentence to show the player.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import schema
from game.seats import HUMAN

DATA_DIR_ENV = "FIVEFRONTS_DATA_DIR"
AUTOSAVE_FORMAT = "five-fronts-autosave"
AUTOSAVE_VERSION = 1
_AUTOSAVE_SUFFIX = ".autosave.json"
_TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60.0  # a write takes milliseconds: an older temporary file was orphaned
MAX_FILE_BYTES = 8 * 1024 * 1024  # ours are a few kB; a bigger file is not one of ours


class DamagedFileError(ValueError):
    """A file that exists but is not a valid file of ours.

    ``reason`` is a short code the UI turns into words ("unreadable", "special", "foreign",
    "version", "incomplete", "values", "unknown", "seats", "options", "illegal"); the message is
    the English explanation for logs.
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
    """The per-user data directory (``$FIVEFRONTS_DATA_DIR`` overrides it, e.g. in tests).

    Created when missing; when it cannot be (a file in its place, no permission) the path is
    returned all the same: reads then find nothing and writes fail with an OSError the caller
    reports, so the game still runs. ``storage_problem`` says why in advance.
    """
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("FiveFronts", appauthor=False))
    with contextlib.suppress(OSError):
        path.mkdir(parents=True, exist_ok=True)
    return path


def storage_problem() -> str | None:
    """Why settings and saves cannot be written to ``data_dir()`` (a few English words for the
    dialog that names the folder), or None when they can."""
    path = data_dir()
    try:
        if not path.is_dir():
            return "it is not a folder and cannot be created"
    except OSError as err:
        return f"it cannot be reached: {err.strerror or err}"
    if not os.access(path, os.W_OK | os.X_OK):
        return "it is read-only"
    return None


def clean_stale_temporary_files(max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the temporary files of writes that were killed half-way (never the targets).

    Only files made by ``write_json_atomic`` (``<name>.<random>.tmp``) older than ``max_age``
    seconds are removed, so a write in progress in another window is left alone.
    """
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = list(data_dir().glob(f"*.*{_TEMP_SUFFIX}"))
    except OSError:
        return removed
    for path in candidates:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > max_age:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON so that readers see either the old file or the complete new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=_TEMP_SUFFIX, dir=path.parent)
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
    """Parse a JSON file of ours; anything else raises DamagedFileError, never hangs.

    Only a regular file is opened (a named pipe in its place would block the start for ever);
    a file far larger than ours is refused unread; nesting too deep for the parser
    (RecursionError) and integers too long for Python (ValueError) count as malformed.
    """
    try:
        info = path.stat()
    except OSError as err:
        raise DamagedFileError("unreadable", f"{path.name}: {err}") from err
    if not stat.S_ISREG(info.st_mode):
        raise DamagedFileError("special", f"{path.name} is not a regular file")
    if info.st_size > MAX_FILE_BYTES:
        raise DamagedFileError("unreadable", f"{path.name} is {info.st_size} bytes long")
    try:
        # Non-blocking, so a file swapped for a pipe since the stat cannot block the open either.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise DamagedFileError("special", f"{path.name} is not a regular file")
            raw = handle.read(MAX_FILE_BYTES + 1)
        return json.loads(raw.decode("utf-8"))
    except DamagedFileError:
        raise
    except (OSError, ValueError, RecursionError, MemoryError) as err:
        # ValueError covers UnicodeDecodeError, JSONDecodeError and over-long integers.
        raise DamagedFileError("unreadable", f"{path.name}: {type(err).__name__}") from err


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
    names: list[str] = field(default_factory=list)  # players' own names, "" for the default
    memory: dict = field(default_factory=dict)  # what undo/redo remember (``Match.undo_memory``)
    remote: list[int] = field(default_factory=list)  # seats played by guests of a hosted table


def autosave_path(game_id: str) -> Path:
    return data_dir() / f"{game_id}{_AUTOSAVE_SUFFIX}"


def write_autosave(
    game_id: str,
    seats: list[str],
    seed: int,
    record: dict,
    names: list[str] | None = None,
    memory: dict | None = None,
    remote: list[int] | None = None,
) -> None:
    payload = {
        "format": AUTOSAVE_FORMAT,
        "version": AUTOSAVE_VERSION,
        "saved_at": time.time(),
        "game": game_id,
        "seats": list(seats),
        "seed": seed,
        "record": record,
        "names": list(names or []),
        "memory": memory or {},
        "remote": list(remote or []),
    }
    write_json_atomic(autosave_path(game_id), payload)


def delete_autosave(game_id: str) -> None:
    autosave_path(game_id).unlink(missing_ok=True)


def parse_autosave(data: Any, path: Path) -> Autosave:
    """Check an autosave against ``schema.AUTOSAVE``; anything outside it raises
    DamagedFileError (whether its seats, options and moves suit the game is ``check_playable``'s
    question, asked when it is opened)."""
    if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT:
        raise DamagedFileError("foreign", f"{path.name} is not a Five Fronts save")
    if data.get("version") != AUTOSAVE_VERSION:
        raise DamagedFileError("version", f"{path.name} has save version {data.get('version')!r}")
    try:
        save = schema.AUTOSAVE(data)
    except schema.Invalid as err:
        raise DamagedFileError(err.reason, f"{path.name}: {err}") from err
    game_id, seats = save["game"], save["seats"]
    if save["record"]["game"] != game_id or path.name != f"{game_id}{_AUTOSAVE_SUFFIX}":
        raise DamagedFileError("incomplete", f"{path.name} is not the save of {game_id!r}")
    return Autosave(
        game_id,
        seats,
        save["seed"],
        save["record"],
        save.get("saved_at", 0.0),
        path,
        save.get("names", [])[: len(seats)],
        save.get("memory", {}),
        save.get("remote", []),
    )


def load_autosave(path: Path) -> Autosave:
    return parse_autosave(read_json(path), path)


def scan_autosaves(
    known_games: Collection[str] | None = None,
) -> tuple[list[Autosave], list[Problem]]:
    """All readable autosaves, newest first, and the damaged ones (already moved aside).

    With ``known_games``, a save for any other game id (a foreign or mistyped file) is a
    problem too; saves of known games that cannot be played yet are the caller's to filter.
    """
    saves: list[Autosave] = []
    problems: list[Problem] = []
    try:
        paths = sorted(data_dir().glob(f"*{_AUTOSAVE_SUFFIX}"))
    except OSError:
        return saves, problems
    for path in paths:
        try:
            save = load_autosave(path)
            if known_games is not None and save.game_id not in known_games:
                raise DamagedFileError("unknown", f"{path.name} is for {save.game_id!r}")
            saves.append(save)
        except DamagedFileError as err:
            problems.append(set_aside(path, err))
    saves.sort(key=lambda s: s.saved_at, reverse=True)
    return saves, problems


def check_playable(save: Autosave) -> None:
    """Check a save's seats and options against its game before replaying its moves.

    Raises DamagedFileError with the reason that is true ("seats", "options", "unknown"),
    so a hand-edited seat list is not reported as an illegal move.
    """
    from ai.agents import LEVELS  # lazy: the title screen should not load the AI
    from game.engines import GAMES

    game = GAMES.get(save.game_id)
    if game is None:
        raise DamagedFileError("unknown", f"{save.path.name} is for {save.game_id!r}")
    record = save.record
    if record["version"] != game.version:
        raise DamagedFileError("version", f"{save.path.name} has rules version {record['version']}")
    try:
        game.resolve_players(len(save.seats))
    except ValueError as err:
        raise DamagedFileError("seats", str(err)) from err
    if record["num_players"] != len(save.seats):
        raise DamagedFileError("seats", f"{len(save.seats)} seats for a record of other size")
    allowed = (HUMAN, *LEVELS)
    if any(seat not in allowed for seat in save.seats):
        raise DamagedFileError("seats", f"seats {save.seats} are not all of {allowed}")
    options = record["options"]
    try:
        resolved = game.resolve_options(options)
        if any(resolved[name] != value for name, value in options.items()):
            raise ValueError(f"options {options!r} are not the game's own values")
    except (ValueError, TypeError) as err:
        raise DamagedFileError("options", str(err)) from err


def set_aside(path: Path, err: DamagedFileError) -> Problem:
    """Move a damaged file out of the way and describe it; never raises."""
    try:
        moved: str | None = move_aside(path).name
    except OSError:
        moved = None
    return Problem(path.name, err.reason, str(err), moved)
