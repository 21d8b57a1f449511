"""Shapes drawn with smooth edges: Pillow draws discs, polygons and rounded boxes with hard
edges, so a part (a tooth, a coin, a die) is drawn SS times its size and shrunk with Lanczos,
which blends its edges into the ground it lies on."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.drawing import Sprite

SS = 4  # how many times larger a part is drawn than it is shown


class Supersampled:
    """A part `size` px large, drawn on `draw` SS times larger, on `ground` (RGB, or RGBA
    with `mode` "RGBA" for a part that lies on nothing)."""

    def __init__(self, size: tuple[int, int], ground: tuple[int, ...], mode: str = "RGB") -> None:
        self.size = size
        self.image = Image.new(mode, (size[0] * SS, size[1] * SS), ground)
        self.draw = ImageDraw.Draw(self.image)

    def shrunk(self) -> Image.Image:
        """The part at its size, its edges smooth."""
        return self.image.resize(self.size, Image.Resampling.LANCZOS)

    def sprite(self) -> Sprite:
        return Sprite(self.shrunk())
