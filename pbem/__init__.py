"""pbem: a play-by-email moderator and log replayer for 18xx railroad games."""

__version__ = "0.1.0"
