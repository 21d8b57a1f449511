"""Lunch Money: a schoolyard card fight (see rules.py)."""
