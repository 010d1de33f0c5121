"""The keyed chain (format version 3): every forgery the hardening run found is caught by
`pbem verify` with the moderator's key, or by a head witness a player kept."""
import os
import re
import secrets
import stat

import pytest

from pbem.cli import main
from pbem.errors import GameFileError
from pbem.gamefile import GENESIS, GameFile, GameHeader
from pbem.gamefile.format import ForgedLineError, UnsealedGameError, render_lines
from pbem.gamefile.key import key_path, load_key
from pbem.gamefile.verify import Witness, verify_file
from pbem.table import Table

THIEF = secrets.token_bytes(32)          # a key that is not the moderator's


@pytest.fixture
def game(tmp_path):
    """A 1882 game with bids, a purchase and an annulment; returns (path, witness after it)."""
    t = Table.create(tmp_path / "g.pbem", "1882", [("Ann", "ann@x.org"), ("Bob", "bob@x.org"),
                                                   ("Cid", "cid@x.org")], 5)
    t.submit("Ann bids 20 for HB; Bob buys SC for 50").check()
    t.submit("Cid bids 80 for NWR", seat="Cid").check()
    t.undo(1, who="moderator", reason="typo")
    gf = GameFile.open(t.file.path)
    return t.file.path, Witness(len(gf.records), gf.head)


def lines(path):
    return path.read_bytes().split(b"\n")[:-1]


def rechain(raws, *, key=None):
    """What a forger does after editing: recompute every plain hash (and, holding some key
    that is not the moderator's, every MAC)."""
    contents = [r.rsplit(b" ", 2)[0].decode() for r in raws]
    if key is not None:
        return render_lines(GENESIS, contents, key=key)[0]
    return render_lines(GENESIS, [r.rsplit(b" ", 1)[0].decode() for r in raws])[0]


def check(path, capsys, *args):
    code = main(["verify", str(path), "--key-file", str(key_path()), *args])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_an_honest_game_verifies_with_the_key(game, capsys):
    path, w = game
    code, text = check(path, capsys, "--head", str(w))
    assert code == 0 and "every line's MAC matches the key" in text and f"witness {w.seq} matches" in text


@pytest.mark.parametrize("keep_macs", [True, False], ids=["old-macs", "thief-key"])
@pytest.mark.parametrize("what,old,new", [
    ("rewritten bid", b'"Bob bids 50 for SC"', b'"Bob bids 60 for SC"'),
    ("changed address", b'"bob@x.org"', b'"thief@evil.org"'),
    ("changed seed", b"seed 5 ", b"seed 6 "),
    ("annulled move", b'"Cid bids 80 for NWR"', b'"Cid bids 90 for NWR"'),
])
def test_an_edited_and_rehashed_line_is_forged(game, capsys, what, old, new, keep_macs):
    path, w = game
    raws = lines(path)
    at = next(i for i, r in enumerate(raws) if old in r)
    raws[at] = raws[at].replace(old, new)
    path.write_bytes(rechain(raws, key=None if keep_macs else THIEF))
    assert GameFile.open(path).records               # the plain chain is sound: anyone can read it
    code, text = check(path, capsys)
    assert code == 1 and f"forged at line {1 if not keep_macs else at + 1}" in text, (what, text)
    code, text = check(path, capsys, "--head", str(w))   # the forgery fails first, the witness too
    assert code == 1
    assert verify_file(path, w).status == "rewritten"    # a player without the key: the witness


def test_a_trusted_run_given_revenue_9990_is_forged(tmp_path, capsys):
    """An imported record's run is stored `trusted` (its revenue is taken as recorded): the
    seal is what stops a forger from raising it."""
    from pathlib import Path

    from pbem.replay.record_file import import_record

    fix = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882" / "5585.json"
    path = tmp_path / "imported.pbem"
    import_record(fix, path)
    raws = lines(path)
    at = next(i for i, r in enumerate(raws) if re.search(rb'" "QLL runs [^"]* via [^"]*"', r))
    edited = re.sub(rb'( "QLL runs [^"]* via [^"]*)"', rb'\1 for 9990 trusted"', raws[at], count=1)
    assert edited != raws[at]
    raws[at] = edited
    path.write_bytes(rechain(raws))
    code, text = check(path, capsys)
    assert code == 1 and f"forged at line {at + 1}" in text


@pytest.mark.parametrize("body", ['move 5 2026-11-22T00:00:00Z "Cid" "Cid bids 80 for NWR" "" "Cid"',
                                  'annul 5 2026-11-22T00:00:00Z "moderator" 2 "forged" ""'],
                         ids=["appended-move", "forged-annulment"])
def test_an_appended_line_without_the_key_is_forged(game, capsys, body):
    path, w = game
    data = path.read_bytes()
    extra, _ = render_lines(GameFile.open(path).head, [body], key=THIEF)
    path.write_bytes(data + extra)
    assert len(GameFile.open(path).records) == w.seq + 1      # readable, and the chain is sound
    code, text = check(path, capsys)
    assert code == 1 and f"forged at line {len(lines(path))}" in text
    with pytest.raises(ForgedLineError):                   # the moderator never builds on it
        GameFile.open(path).note("builds on a forgery?", "moderator")
    assert path.read_bytes() == data + extra


def test_a_cut_tail_with_its_annulment_is_found_by_the_witness(game, capsys):
    path, w = game
    raws = lines(path)
    assert raws[-1].startswith(b"annul ")
    path.write_bytes(b"".join(r + b"\n" for r in raws[:-1]))     # revives the annulled move
    assert [m.seq for m in GameFile.open(path).effective_moves()] == [1, 2, 3]
    code, text = check(path, capsys)
    assert code == 0                                  # every remaining line is the moderator's own
    code, text = check(path, capsys, "--head", str(w))
    assert code == 1 and f"history cut: the witness names record {w.seq}" in text


def test_stripping_the_seals_is_not_accepted_with_the_key(game, capsys):
    path, w = game
    contents = [r.rsplit(b" ", 2)[0].decode() for r in lines(path)]
    contents[0] = "pbem-game 2"
    path.write_bytes(render_lines(GENESIS, contents)[0])
    assert GameFile.open(path).header.version == 2
    code, text = check(path, capsys)
    assert code == 1 and "not sealed" in text
    assert verify_file(path, w).status == "rewritten"


def test_another_key_does_not_vouch_for_the_game(game, tmp_path, capsys):
    path, _ = game
    other = tmp_path / "other.key"
    other.write_text(THIEF.hex() + "\n")
    other.chmod(0o600)                               # a key file others may read is refused outright
    assert main(["verify", str(path), "--key-file", str(other)]) == 1
    assert "forged at line 1" in capsys.readouterr().err
    assert main(["verify", str(path)]) == 0          # without a key: the plain chain only


def test_new_makes_a_private_key_file_once(tmp_path, monkeypatch, capsys):
    kf = tmp_path / "conf" / "pbem" / "key"
    monkeypatch.setenv("PBEM_KEY_FILE", str(kf))
    assert main(["new", "1882", str(tmp_path / "a.pbem"), "--players", "A", "B"]) == 0
    assert f"sealed with the moderator's key {kf} (made now" in capsys.readouterr().out
    key = kf.read_bytes()
    assert stat.S_IMODE(os.stat(kf).st_mode) == 0o600 and len(key) == 65
    assert main(["new", "1882", str(tmp_path / "b.pbem"), "--players", "A", "B"]) == 0
    out = capsys.readouterr().out
    assert f"sealed with the moderator's key {kf}\n" in out and "made now" not in out
    assert kf.read_bytes() == key                     # the second game uses the same key
    assert main(["verify", str(tmp_path / "b.pbem"), "--key-file", str(kf)]) == 0
    assert load_key() == bytes.fromhex(key.decode())


def test_a_sealed_game_cannot_be_continued_without_the_key(game, tmp_path, monkeypatch):
    path, _ = game
    before = path.read_bytes()
    monkeypatch.setenv("PBEM_KEY_FILE", str(tmp_path / "none" / "key"))
    with pytest.raises(GameFileError, match="needs the moderator's key"):
        GameFile.open(path).append("Ann", "Ann passes")
    assert path.read_bytes() == before
    old = GameFile.create(tmp_path / "v2.pbem", GameHeader("1882", [("A", ""), ("B", "")], 1, version=2))
    old.append("A", "A passes")           # with no key anywhere there is nothing to check a seal against
    assert GameFile.open(old.path).header.version == 2 and not (tmp_path / "none").exists()
    load_key(create=True)                 # once the moderator has a key, an unsealed file is refused until sealed:
    kept = old.path.read_bytes()          # it is what a forger makes of a sealed game (test_game_security.py)
    with pytest.raises(UnsealedGameError, match="not sealed .* but a moderator key exists"):
        old.append("B", "B passes")
    assert old.path.read_bytes() == kept


def test_bad_key_files_are_one_line(game, tmp_path, capsys):
    path, _ = game
    bad = tmp_path / "bad.key"
    bad.write_text("not a key\n")
    for kf in (bad, tmp_path / "missing.key", tmp_path):
        assert main(["verify", str(path), "--key-file", str(kf)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("pbem verify:") and len(err.strip().splitlines()) == 1, err
