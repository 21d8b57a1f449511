"""What the games' pictures share, drawn once here so that each game's render module keeps
only what its own game draws: the house colours and palettes (colours), text at a picture's
least size (lettering), card faces and hands (cards), the board's frame, title bar, panels and
tags (panels), and shapes drawn larger for smooth edges (sprites). Built on games.drawing
(fonts, sprites, canvases)."""
