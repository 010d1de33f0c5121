"""The 1830 family: the rules 1830 defines that later titles written as "1830 with these
differences" (1869, 1876v2) take over, overriding small hooks and their data."""
