"""Dog: the Swiss team race game for 2-6 players (dog.nl.txt), classic and Dog Royal."""

from games.dog.rules import Dog

GAME = Dog()

__all__ = ["GAME", "Dog"]
