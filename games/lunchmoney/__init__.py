"""Lunch Money: a schoolyard card fight (see rules.py)."""

from games.lunchmoney.rules import LunchMoney

GAME = LunchMoney()
