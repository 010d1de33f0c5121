"""Readers of other programs' game records: 18xx.games JSON records to actions and game files."""
