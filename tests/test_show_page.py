"""`pbem show` as a page for people: whose turn and what they may do, players with certificates
and worth, corporations with presidents, market cells, IPO and pool, stations; privates, the
depot (for sale, to come, rusted) and a map summary; `--render DIR` writes the images of the
same state. The figures are the engine's own."""
from __future__ import annotations

import re
from pathlib import Path

from PIL import Image

from pbem.cli import main
from pbem.replay.position import position

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"


def test_the_page_of_a_record_in_an_operating_round(capsys, tmp_path):
    rec = FIX / "1882" / "5585.json"
    assert main(["show", str(rec), "--at", "400", "--render", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    g = position(rec, 400).game.state
    sections = ["players:", "corporations:", "privates:", "map summary:"]
    assert all(f"\n{s}" in out for s in sections), out
    assert re.search(r"^to act: \w+ \(president Player \d\); may ", out, re.M)
    for pid in g.seat_order:
        p = g.players[pid]
        assert f"  {p.name}: ${p.cash}; certificates {g.shares.num_certs(pid)}/{g.cert_limit};" in out
    for c in g.corporations.values():
        if c.president:
            assert f"  {c.sym}: president {g.player_name(c.president)}; ${c.cash};" in out
    assert re.search(r"^depot: for sale now \S+ for \$\d+", out, re.M)
    assert "rusted: 2 x" in out                       # the 2-trains are gone by then
    img = Image.open(tmp_path / "map.png")
    assert img.format == "PNG" and img.size[0] > 800
    assert (tmp_path / "report.txt").read_text().strip()


def test_the_json_keeps_its_shape_and_json_full_adds_the_turn_the_depot_and_the_market(capsys):
    import json

    from pbem.replay.state import state_json

    rec = FIX / "1882" / "5585.json"
    g = position(rec, 400).game.state
    base = state_json(g, 400)
    assert main(["show", str(rec), "--at", "400", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == base            # exactly what the reference dump tool writes
    assert main(["show", str(rec), "--at", "400", "--format", "json-full"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {k: out[k] for k in base} == base
    assert out["turn"]["to_act"] == g.current_entity() and out["turn"]["may"] == g.legal_actions()
    assert out["depot"]["rusted"]["2"] >= 1
    assert out["market"]["CPR"]["price"] == g.market.price("CPR")
    assert out["limits"]["certificates"] == g.cert_limit


def test_the_page_of_a_new_game_file(capsys, tmp_path):
    path = tmp_path / "g.pbem"
    assert main(["new", "1861", str(path), "--players", "Ann", "Bob", "Cid"]) == 0
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("after move 0:")
    assert "to act: Ann; may " in out and "priority deal: Ann" in out
    cash = position(path).game.state.players["Ann"].cash
    assert f"  Ann: {cash}₽; certificates 0/" in out
    assert "still to come 2 x" in out and "rusted" not in out
