"""1830 through the command line: a new game, moves written as players write them, the legal
moves listed, the status report and the images of the position."""
from __future__ import annotations

from PIL import Image

from pbem.cli import main
from pbem.replay.position import position


def test_an_1830_game_plays_through_the_cli(tmp_path, capsys):
    game = tmp_path / "g.pbem"
    assert main(["new", "1830", str(game), "--players", "Ann", "Bob", "Cid", "--seed", "3"]) == 0
    capsys.readouterr()
    assert main(["legal", str(game)]) == 0
    assert "SV" in capsys.readouterr().out                 # the cheapest private is for sale
    assert main(["move", str(game), "Ann buys the Schuylkill Valley for $20", "--as", "Ann"]) == 0
    assert main(["move", str(game), "Bob bids 45 on C&StL", "--as", "Bob"]) == 0
    assert main(["move", str(game), "Cid passes", "--as", "Cid"]) == 0
    capsys.readouterr()
    g = position(game).game.state
    assert g.companies["SV"].owner == "Ann" and g.players["Ann"].cash == 800 - 20
    assert main(["status", str(game)]) == 0
    assert "Ann" in capsys.readouterr().out
    assert main(["render", str(game), "--out", str(tmp_path / "img")]) == 0
    assert Image.open(tmp_path / "img" / "map.png").size[0] > 800
    assert main(["move", str(game), "Ann bids 5 for BO", "--as", "Ann"]) != 0     # not Ann's turn
    assert "REFUSED" in capsys.readouterr().err
