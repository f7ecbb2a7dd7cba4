"""The program's version, read from pyproject.toml: one number for the title screen,
``--version`` and the release file names, written in one place.

A source checkout and the PyInstaller bundle (which carries pyproject.toml as data) read the file;
an installed wheel, which has no pyproject.toml, asks the package metadata instead.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import metadata

from game.resources import resource_path

DISTRIBUTION = "five-fronts"


@cache
def version() -> str:
    path = resource_path("pyproject.toml")
    try:
        with path.open("rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        try:
            return metadata.version(DISTRIBUTION)
        except metadata.PackageNotFoundError:
            return "unknown"
