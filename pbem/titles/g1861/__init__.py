"""1861 (The Railways of the Russian Empire): rules in `rules.py`, with loans, the national and
runs in `loans.py`, `national.py` and `routes.py`; the 1867 family's rounds in pbem.titles.family1867."""
