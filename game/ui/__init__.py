"""Widgets, tweens, layout, palettes, fonts and sound shared by every scene and board."""
