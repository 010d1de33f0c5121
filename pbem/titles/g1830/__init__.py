"""1830: Railways & Robber Barons, as 18xx.games plays it (the base of the 1830 family)."""
