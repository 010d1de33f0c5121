"""1882 (Saskatchewan): rules in `rules.py`."""
