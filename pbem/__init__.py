"""pbem: a play-by-email moderator and log replayer for 18xx railroad games.

    import pbem
    g = pbem.Game.new("1882", ["Ann", "Bob", "Cid"], seed=1)   # see pbem/game.py
    g = pbem.read_game("club.pbem")                              # a game file replayed
    g = pbem.read_record("10526.json", stop_at=200)              # an 18xx.games record replayed
"""

__version__ = "0.1.0"
__all__ = ["Game", "read_game", "read_record"]


def __getattr__(name: str):
    # each is imported on first use: the command line starts without the engine
    if name == "Game":
        from pbem.game import Game

        return Game
    if name == "read_game":
        from pbem.replay.gamefile import read_game

        return read_game
    if name == "read_record":
        from pbem.replay.record import read_record

        return read_record
    raise AttributeError(f"module 'pbem' has no attribute {name!r}")
