"""Flat Front's board: ``board`` (the view: where tiles and pieces rest, input, the column) and
``art`` (how tiles, pieces and the table look)."""

from game.boards.flatfront.board import FlatFrontBoard

BOARD = FlatFrontBoard
