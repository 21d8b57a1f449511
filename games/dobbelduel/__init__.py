"""Dobbelduel: a two-player dice deduction game (see rules.py)."""

from games.dobbelduel.rules import Dobbelduel

GAME = Dobbelduel()
