"""One way to find bundled files, from a source checkout or inside the PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_path(*parts: str) -> Path:
    """Path of a bundled resource, e.g. resource_path("assets", "fonts", "Mplus1-Regular.otf")."""
    base = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))
    return base.joinpath(*parts)
