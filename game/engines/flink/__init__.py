"""Flink: F-pentominoes in 3D on a square or diamond board (see ``state.py``)."""

from game.engines.flink.state import ANCHOR, PASS, PIECES, FlinkGame, FlinkState

__all__ = ["ANCHOR", "PASS", "PIECES", "FlinkGame", "FlinkState"]
