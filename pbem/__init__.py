"""pbem: a play-by-email moderator and log replayer for 18xx railroad games.

    import pbem
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)   # see pbem/game.py
"""

__version__ = "0.1.0"
__all__ = ["Game"]


def __getattr__(name: str):
    # `pbem.Game` is imported on first use: the command line starts without the engine
    if name == "Game":
        from pbem.game import Game

        return Game
    raise AttributeError(f"module 'pbem' has no attribute {name!r}")
