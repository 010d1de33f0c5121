"""`pbem new --option`: only the options a title declares are taken."""
import pytest

from pbem.cli import main
from pbem.errors import RuleError
from pbem.gamefile import GameFile
from pbem.table import Table


def test_a_declared_option_is_stored_and_used(tmp_path):
    path = tmp_path / "g.pbem"
    assert main(["new", "1861", str(path), "--players", "A", "B", "C", "--option", "column_market"]) == 0
    assert GameFile.open(path).header.options == ("column_market",)
    assert "column_market" in Table.open(path).game.options


@pytest.mark.parametrize("title,option", [("1882", "column_market"), ("1861", "Column_Market"),
                                          ("1861", "no-rust"), ("1861", "")])
def test_an_unknown_option_is_refused_and_no_file_is_made(tmp_path, title, option, capsys):
    path = tmp_path / "g.pbem"
    assert main(["new", title, str(path), "--players", "A", "B", "C", "--option", option]) == 2
    err = capsys.readouterr().err
    assert f"has no option {option!r}" in err and len(err.strip().splitlines()) == 1
    assert not path.exists()


def test_table_create_refuses_unknown_options(tmp_path):
    with pytest.raises(RuleError, match="its options: claims-warn"):
        Table.create(tmp_path / "g.pbem", "1882", [("A", ""), ("B", "")], 1, ["short_game"])
    assert not (tmp_path / "g.pbem").exists()
