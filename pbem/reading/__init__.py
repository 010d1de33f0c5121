"""The reading of a written move that goes beyond its words: what the game settles (implied passes,
a token's city, a run's stops), what a line only reports, and the claims it makes (`move.play_move`)."""
