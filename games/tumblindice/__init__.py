"""Tumblin' Dice: flick dice down a terraced board (see rules.py). Work in progress: not in
the registry yet."""
