"""1869 through the command line: `pbem new 1869`, the private auction and the first stock round
written as players write them (the names and abbreviations of 1869), the legal moves listed, the
status report and the images of the position, a refusal, and `pbem audit` of the file."""
from __future__ import annotations

from PIL import Image

from pbem.cli import main
from pbem.replay.position import position


def test_an_1869_opening_plays_through_the_cli(tmp_path, capsys):
    game = tmp_path / "g.pbem"
    assert main(["new", "1869", str(game), "--players", "Ann", "Bob", "Cid", "--seed", "3"]) == 0
    capsys.readouterr()
    head = game.read_text()
    assert 'note 1 ' in head and "the stock market is 1830's" in head     # the file says: 1830's market
    assert "certificates are 1830's" in head                               # and 1830's paper, by decision
    assert main(["legal", str(game)]) == 0
    assert "BOM" in capsys.readouterr().out                # the cheapest private is for sale
    lines = [("Ann", "Ann buys the Butterfield for $20"), ("Bob", "Bob buys Daily Overland for 40"),
             ("Cid", "Cid buys the Government Contract for 90"), ("Ann", "Ann buys MEC for 140"),
             ("Bob", "Bob buys the Explosives for 200"), ("Cid", "Cid buys LA-NY for 270"),
             ("Cid", "Cid pars Central Pacific at 100"), ("Ann", "Ann buys NO-SF for 280")]
    for who, text in lines:
        assert main(["move", str(game), text, "--as", who]) == 0, text
    capsys.readouterr()
    g = position(game).game.state
    assert g.round.name == "stock"
    assert g.corporations["CPR"].president == "Cid" and g.corporations["CPR"].par_price == 100
    assert g.corporations["SP"].percent_of("Ann") == 10   # NO-SF's 10% SP share
    assert main(["move", str(game), "Bob pars UP at 90", "--as", "Bob"]) == 0
    assert main(["move", str(game), "Cid buys a CPR share", "--as", "Cid"]) == 0
    # group 2 is not open yet
    assert main(["move", str(game), "Ann pars Northern Pacific at 76", "--as", "Ann"]) != 0
    assert "REFUSED" in capsys.readouterr().err
    assert main(["status", str(game)]) == 0
    out = capsys.readouterr().out
    assert "CPR" in out and "Stock market: 1830's" in out and "Certificates: 1830's" in out
    assert main(["render", str(game), "--out", str(tmp_path / "img")]) == 0
    assert Image.open(tmp_path / "img" / "map.png").size[0] > 800
    assert main(["audit", str(game)]) == 0
    assert "no problem found" in capsys.readouterr().out
