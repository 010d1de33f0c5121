"""The generic 18xx engine: entities, market, map, rounds and rules. No I/O beyond loading title data."""
