"""Dog pictures: the public board for the channel and a player's hand for their DM.

Each entry point takes a view model only (games/dog/views.py), so a picture can show nothing
the view does not: identical views give byte-identical PNGs, which the secrets tests rely on.
"""

from games.dog.render.board import render_board
from games.dog.render.hand import render_hand

__all__ = ["render_board", "render_hand"]
