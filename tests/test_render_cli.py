"""`pbem render` as a user runs it (a subprocess)."""
import subprocess
import sys
from pathlib import Path

from PIL import Image

from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.render.map import map_geometry
from pbem.render.report import money

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
ROOT = Path(__file__).resolve().parents[1]


def pbem(*args):
    return subprocess.run([sys.executable, "-m", "pbem", *args], capture_output=True, text=True, cwd=ROOT)


def test_render_writes_images_and_reports(tmp_path):
    path = FIX / "5236.json"
    p = pbem("render", str(path), "--at", "499", "--out", str(tmp_path), "--highlight", "--routes", "CPR")
    assert p.returncode == 0, p.stderr
    for name in ("map.png", "market.png", "report.txt", "report.html", "report.md"):
        assert (tmp_path / name).stat().st_size > 0, name
    assert "highlighted J12" in p.stdout                       # action 499 lays tile 57 on J12
    game = replay_record(load_record(path), stop_at=499)
    img = Image.open(tmp_path / "map.png")
    geo = map_geometry(game)
    assert img.size[0] == geo.size()[0] and img.size[1] > geo.size()[1]   # + route legend
    text = (tmp_path / "report.txt").read_text()
    assert "(after move 499)" in text and "SC lays #57 on J12 rot 0" in text
    for pid in game.seat_order:
        pl = game.players[pid]
        assert any(ln.startswith(pl.name) and money(game, pl.cash) in ln and money(game, game.player_value(pid)) in ln
                   for ln in text.splitlines())
    html = (tmp_path / "report.html").read_text()
    assert 'src="map.png"' in html and 'src="market.png"' in html


def test_render_at_a_chat_message_shows_the_move_before(tmp_path):
    p = pbem("render", str(FIX / "5236.json"), "--at", "500", "--out", str(tmp_path), "--formats", "text")
    assert p.returncode == 0, p.stderr
    assert "state after action 499" in p.stdout
    assert not (tmp_path / "report.html").exists()


def test_render_default_is_the_end_with_inline_images(tmp_path):
    p = pbem("render", str(FIX / "hs_fxmfdndg_26178.json"), "--out", str(tmp_path), "--formats", "html",
             "--html-images", "inline")
    assert p.returncode == 0, p.stderr
    html = (tmp_path / "report.html").read_text()
    assert html.count('src="data:image/png;base64,') == 2
    assert "The game is over" in html


def test_render_refuses_bad_input(tmp_path):
    p = pbem("render", str(FIX / "5236.json"), "--at", "999999", "--out", str(tmp_path))
    assert p.returncode == 2 and "no live action with id 999999" in p.stderr
    p = pbem("render", str(FIX / "5236.json"), "--routes", "XYZ", "--out", str(tmp_path))
    assert p.returncode == 2 and "no corporation" in p.stderr
    gamefile = tmp_path / "game.pbem"
    gamefile.write_text("pbem-game 1 00000000000000000000000000000000\n")
    p = pbem("render", str(gamefile), "--out", str(tmp_path))
    assert p.returncode == 2 and "Traceback" not in p.stderr and p.stderr.startswith("pbem render:")


def test_render_game_file_matches_the_record_it_was_imported_from(tmp_path):
    """samples/1882-18xx.games-5585.pbem is record 5585 in pbem's own format: same final map."""
    a, b = tmp_path / "a", tmp_path / "b"
    p = pbem("render", str(ROOT / "samples" / "1882-18xx.games-5585.pbem"), "--out", str(a), "--formats", "text")
    assert p.returncode == 0, p.stderr
    q = pbem("render", str(FIX / "5585.json"), "--out", str(b), "--formats", "text")
    assert q.returncode == 0, q.stderr
    ia, ib = Image.open(a / "map.png").convert("RGB"), Image.open(b / "map.png").convert("RGB")
    assert ia.size == ib.size and ia.tobytes() == ib.tobytes()


def test_render_game_file_at_a_move(tmp_path):
    p = pbem("render", str(ROOT / "samples" / "1882-demo-opening.pbem"), "--at", "28", "--out", str(tmp_path),
             "--highlight", "--formats", "text,md")
    assert p.returncode == 0, p.stderr
    assert "state after move 28" in p.stdout and "highlighted E7" in p.stdout
    text = (tmp_path / "report.txt").read_text()
    assert "28. CNR lays #9 on E7 rot 1" in text
