"""Dent pour dent: a knockout dice brawl between families (see rules.py)."""

from games.dentpourdent.rules import DentPourDent

GAME = DentPourDent()
