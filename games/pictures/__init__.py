"""What the games' pictures share, drawn once here so each game's render module keeps only what
its own game draws: the house colours, text at a picture's least size, card faces and hands,
panels and title bars. Built on games.drawing (fonts, sprites, canvases, palettes)."""
