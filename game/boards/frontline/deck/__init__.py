"""Frontline General's deck builder, the game's second screen: the view and how it looks."""
