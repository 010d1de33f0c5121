"""The 1867 family's rules shared by its titles (1861 today): the single-item private auction,
the stock round with minor auctions, the operating round with loans, the merger round, a
pending choice that interrupts any round, and the market that moves by corporation type."""
