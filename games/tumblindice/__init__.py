"""Tumblin' Dice: flick dice down a terraced board (see rules.py)."""

from games.tumblindice.rules import TumblinDice

GAME = TumblinDice()
