"""A game's own title data (an organizer's map, market or tables): checked with errors naming
the file, line and field; stored in the game file's header with its digest, so the game
replays with it anywhere; sealed like every header line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import pbem
from pbem.errors import GameFileError
from pbem.gamefile import GameFile
from pbem.table import Table
from pbem.titles import load_title, title_data
from pbem.titles.game_data import GameDataError, read_game_data
from pbem.titles.registry import game_data

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = [("Ann", "ann@x"), ("Bob", "bob@x"), ("Cid", "cid@x")]


def _market_file(tmp_path: Path) -> tuple[Path, list]:
    market = [list(r) for r in title_data("1882")["market"]]
    market[0][0] = "80"                          # the organizer's own first price (the title's is 76)
    path = tmp_path / "club-market.json"
    path.write_text(json.dumps({"_notes": "our club's market", "market": market}, indent=1))
    return path, market


@pytest.mark.parametrize("text, where", [
    ('{\n "market": [\n  ["1", 2]\n ]\n}\n', ":3: market[0][1] is a number, the title's is a string"),
    ('{\n "mapp": []\n}\n', ":2: mapp is no key of the title's data"),
    ('{\n "companies": [\n  {"sym": "HB", "nme": "x", "value": 20}\n ]\n}\n',
     ":3: companies[0].nme is no field the title's companies use"),
    ('{\n "hexes": [\n  {"coord": "Z99"}\n ]\n}\n', ":3: hexes[0] lacks the field 'color'"),
    ('{\n "market": [\n  ["76", "abc"]\n ]\n}\n', ":3: market[0][1] is 'abc', not a price"),
    ('{\n "market": [\n  ["1",\n }\n', ":4: expected a JSON value"),
    ('{\n "market": [], "market": []\n}\n', ":2: the key 'market' is given twice"),
    ('[1, 2]', ":1: a game's own title data is a JSON object"),
    ('{"title": "1830"}', ":1: title is no key of the title's data that a game may replace"),
    ('{"market": ' + "[" * 100_000 + "]" * 100_000 + "}", ":1: values nested more than 32 deep"),
    ('{"market": []} trailing', ":1: text after the JSON object"),
    ('{"market": [[' + "9" * 5000 + ']]}', ":1: a number of 5000 characters is out of range"),   # was a ValueError
    ('{"market": [[1e999]]}', ":1: the number 1e999 is out of range"),
    ('{"market": ["\\q"]}', ":1: Invalid \\escape"),
])
def test_a_bad_file_is_refused_naming_its_line_and_field(tmp_path, text, where):
    path = tmp_path / "data.json"
    path.write_text(text)
    with pytest.raises(GameDataError) as e:
        read_game_data(path, title_data("1882"))
    assert str(e.value).startswith(f"{path}{where}"), str(e.value)


def test_data_a_game_cannot_start_with_is_refused(tmp_path):
    path = tmp_path / "tiles.json"
    tiles = dict(title_data("1882")["tiles"])
    tiles["999"] = 1                             # a tile in the manifest that no catalogue defines
    path.write_text(json.dumps({"tiles": tiles}))
    with pytest.raises(GameDataError, match="a game cannot be set up with it: .*999"):
        game_data("1882", path)


def test_a_game_with_its_own_market_keeps_it_in_its_file_and_replays_with_it_anywhere(tmp_path):
    src, market = _market_file(tmp_path)
    data = read_game_data(src, title_data("1882"))
    assert json.loads(data) == {"market": market}                     # the notes are not stored
    game_path = tmp_path / "club.pbem"
    t = Table.create(game_path, "1882", PLAYERS, 5, (), data)
    assert t.game.data["market"][0][0] == "80"
    header = GameFile.open(game_path).header
    assert header.data == data and header.data_digest.startswith("sha256:")
    line = next(ln for ln in game_path.read_text().splitlines() if ln.startswith("data "))
    assert header.data_digest in line
    # the title's own game is untouched by it
    assert load_title("1882").data["market"][0][0] == "76" and load_title("1882", data).data["market"][0][0] == "80"
    # a fresh process, which has never seen the organizer's file, replays the game with it
    src.unlink()
    code = ("import pbem, sys; g = pbem.read_game(sys.argv[1]); print(g.state.data['market'][0][0])")
    run = subprocess.run([sys.executable, "-c", code, str(game_path)], capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "80"
    assert pbem.read_game(game_path).state.data["market"][0][0] == "80"


def test_the_stored_data_cannot_be_changed_unseen(tmp_path):
    src, _market = _market_file(tmp_path)
    data = read_game_data(src, title_data("1882"))
    game_path = tmp_path / "club.pbem"
    Table.create(game_path, "1882", PLAYERS, 5, (), data)
    text = game_path.read_text()
    assert '[\\"80\\",' in text
    game_path.write_text(text.replace('[\\"80\\",', '[\\"70\\",', 1))
    with pytest.raises(GameFileError, match="hash mismatch"):
        GameFile.open(game_path)


def test_a_data_line_whose_digest_is_wrong_is_refused():
    from pbem.gamefile.encoding import GENESIS
    from pbem.gamefile.format import loads, render_lines

    bodies = ["pbem-game 2", 'title "1882"', "created 2026-11-29T00:00:00Z", "seed 1", 'player "Ann" ""',
              'player "Bob" ""', 'data "sha256:' + "0" * 64 + '" "{\\"market\\":[[\\"1\\"]]}"']
    raw, _ = render_lines(GENESIS, bodies)
    with pytest.raises(GameFileError, match="does not match its digest"):
        loads(raw)


def test_pbem_new_takes_the_organizer_s_file(tmp_path, monkeypatch):
    from pbem.cli import main

    src, _market = _market_file(tmp_path)
    game_path = tmp_path / "g.pbem"
    assert main(["new", "1882", str(game_path), "--players", "Ann <ann@x>", "Bob <bob@x>", "Cid <cid@x>",
                 "--title-data", str(src)]) == 0
    assert GameFile.open(game_path).header.data
    bad = tmp_path / "bad.json"
    bad.write_text('{\n "markt": []\n}\n')
    assert main(["new", "1882", str(tmp_path / "h.pbem"), "--players", "Ann <ann@x>", "Bob <bob@x>",
                 "--title-data", str(bad)]) == 2
    assert not (tmp_path / "h.pbem").exists()


def test_a_huge_or_undecodable_file_is_refused_before_it_is_read(tmp_path):
    from pbem.titles.game_data import MAX_BYTES

    big = tmp_path / "big.json"
    big.write_bytes(b'{"market": [' + b'"1",' * (MAX_BYTES // 4) + b'"1"]}')
    with pytest.raises(GameDataError, match="bytes; a game's title data has at most"):
        read_game_data(big, title_data("1882"))
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"_notes": "caf\u00e9"}'.encode("latin-1"))
    with pytest.raises(GameDataError, match="not UTF-8"):
        read_game_data(latin, title_data("1882"))


def test_a_game_created_by_mail_takes_its_own_data_from_the_file_create_names(tmp_path):
    from mailkit import GAME, GM, GM_SECRET, create_body, mail, text_of
    from pbem.moderator.postmaster import Master, Postmaster
    from pbem.moderator.signon import hash_secret

    pm = Postmaster("moderator@pbem.test", tmp_path / "games", masters=[Master(GM, hash_secret(GM_SECRET))],
                    render_images=False)
    src, market = _market_file(tmp_path)
    body = create_body().replace(" SEED 7", " SEED 7 DATA club-market.json")
    # the file it names is not attached: refused, nothing created
    d = pm.handle("c1", mail(GM, body, files={"other.json": b"{}"}))
    assert d.folder == "Rejected" and not pm.game_path(GAME).exists()
    assert "no such file (attached: other.json)" in text_of(d.outgoing[0].raw)
    # a bad file: refused naming its line and field, nothing created
    d = pm.handle("c2", mail(GM, body, files={"club-market.json": b'{\n "markt": []\n}\n'}))
    assert d.folder == "Rejected" and not pm.game_path(GAME).exists()
    assert "club-market.json:2: markt is no key of the title's data" in text_of(d.outgoing[0].raw)
    # the file attached: the game is made with it, and its file keeps it
    d = pm.handle("c3", mail(GM, body, files={"club-market.json": src.read_bytes()}))
    assert d.folder == "Processed", d.outcome
    assert GameFile.open(pm.game_path(GAME)).header.data == json.dumps({"market": market}, sort_keys=True,
                                                                        separators=(",", ":"))
    assert pm.table(GAME).game.data["market"][0][0] == "80"
    reply = next(o for o in d.outgoing if o.rcpts == (GM,))
    assert "its own market from club-market.json" in text_of(reply.raw)
