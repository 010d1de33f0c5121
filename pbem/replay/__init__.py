"""Stored games replayed: a game file (`gamefile.py`) or an 18xx.games record (`record.py`) into a
`pbem.Game`, the state at any move of either by one code path (`position.py`), and the state as
JSON (`state.py`)."""
