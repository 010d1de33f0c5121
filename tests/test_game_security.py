"""Security of a game by mail (issue 22, items 1, 2 and 7): the attacks that once succeeded,
each shown failing. docs/game-file.md, *Threat model*, says which check stops each.

1. Stripping the seals: a sealed game rewritten as an unsealed version-2 file (plain chain
   recomputed) with an edit is refused by every moderator read and write once a key exists.
2. The moderator never vouches for a forged file: a STATUS (or MAP, LEGAL, LOG, HELP) mail
   about it is answered with "failed verification" and no head witness; the game master is told.
7. A path swapped for a link while a write is under way is refused with nothing written
   anywhere; a read-only game file is never written, for one move or several.
"""
from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

import pytest

from mailkit import GAME, GM, PLAYERS, latest, mail, parse, text_of
from pbem.cli import main
from pbem.gamefile import (GENESIS, ForgedLineError, GameFile, GameHeader, UnsealedGameError, WriteRefusedError,
                           repair, store)
from pbem.gamefile.format import render_lines
from pbem.gamefile.key import load_key
from pbem.gamefile.verify import Witness, verify_file
from pbem.moderator.signon import hash_secret
from pbem.table import Table

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "1882-18xx.games-5585.pbem"
UPTO = 117                                 # QLL has withheld (116) and passed; CPR's turn next


def lines(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")[:-1]


def stripped(raws: list[bytes], edit=lambda contents: contents) -> bytes:
    """What a forger makes of a sealed file: the seals and hashes cut off, line 1 saying version
    2, the edit made, and the plain chain recomputed (no key needed)."""
    contents = [r.rsplit(b" ", 2)[0].decode() for r in raws]
    contents[0] = "pbem-game 2"
    return render_lines(GENESIS, edit(contents))[0]


@pytest.fixture(scope="module")
def sealed_5585(tmp_path_factory) -> bytes:
    """The bytes of a sealed game: the first 117 moves of 18xx.games game 5585 (auction, stock
    round, operating rounds with payouts and a withhold)."""
    load_key(create=True)
    sample = GameFile.open(SAMPLE)
    path = tmp_path_factory.mktemp("sealed") / "g.pbem"
    h = sample.header
    gf = GameFile.create(path, GameHeader(h.title, [(p.name, f"p{i}@x.org") for i, p in enumerate(h.players)],
                                          h.seed, h.options))
    gf.append_many([(m.entity, m.notation) for m in sample.effective_moves() if m.seq <= UPTO], "18xx.games:5585")
    return path.read_bytes()


def _replace(old: str, new: str):
    def edit(contents):
        hits = [i for i, c in enumerate(contents) if old in c]
        assert len(hits) == 1, (old, hits)
        contents[hits[0]] = contents[hits[0]].replace(old, new)
        return contents
    return edit


def _append_move(contents):
    last = contents[-1].split(" ")
    seq = int(last[1]) + 1
    return contents + [f'move {seq} {last[2]} "CPR" "CPR lays #9 on J4 rot 1" "<never@sent>" ""']


FORGERIES = {
    "bid lowered": _replace('"Player 1 bids 55 for SC"', '"Player 1 bids 50 for SC"'),
    "withhold made a payout": _replace('"QLL withholds"', '"QLL pays out"'),
    "move never sent appended": _append_move,
    "address changed": _replace('"p1@x.org"', '"thief@evil.org"'),
    "seed changed": lambda c: [("seed 987654" if x.startswith("seed ") else x) for x in c],
}


@pytest.mark.parametrize("kind", FORGERIES)
def test_a_game_stripped_of_its_seals_is_refused_by_every_moderator_command(sealed_5585, tmp_path, capsys, kind):
    path = tmp_path / "g.pbem"
    path.write_bytes(sealed_5585)
    path.write_bytes(stripped(lines(path), FORGERIES[kind]))
    forged = path.read_bytes()
    gf = GameFile.open(path)                              # the plain chain is whole: anyone's read accepts it
    assert gf.header.version == 2 and verify_file(path).ok
    for argv in (["move", str(path), "CPR lays #9 on J4 rot 1"], ["status", str(path)], ["undo", str(path)]):
        assert main(argv) != 0, argv
        err = capsys.readouterr().err
        assert f"{path} is not sealed (format version 2) but a moderator key exists: refusing" in err, err
        assert f"pbem seal {path}" in err
    with pytest.raises(UnsealedGameError):
        Table.open(path)
    with pytest.raises(UnsealedGameError):                # the library's writes refuse it too
        gf.append("CPR", "CPR passes")
    with pytest.raises(UnsealedGameError):
        gf.note("builds on a forgery?", "moderator")
    assert path.read_bytes() == forged                    # nothing was written


def test_seals_that_do_not_verify_are_refused_for_reads_too(sealed_5585, tmp_path, capsys):
    """An edit re-hashed with the old seals kept, or sealed again with a thief's key: refused by
    `pbem status` (a read), not only by the writes."""
    path = tmp_path / "g.pbem"
    for key in (None, secrets.token_bytes(32)):
        path.write_bytes(sealed_5585)
        contents = [r.rsplit(b" ", 2 if key else 1)[0].decode() for r in lines(path)]
        contents = _replace('"QLL withholds"', '"QLL pays out"')(contents)
        path.write_bytes(render_lines(GENESIS, contents, key=key)[0])
        assert verify_file(path).ok                       # the plain chain is whole
        assert main(["status", str(path)]) != 0
        assert "does not match the moderator's key" in capsys.readouterr().err
        with pytest.raises(ForgedLineError):
            Table.open(path)


def test_an_old_game_is_sealed_by_an_explicit_logged_command(tmp_path, monkeypatch, capsys):
    kf = tmp_path / "conf" / "key"
    monkeypatch.setenv("PBEM_KEY_FILE", str(kf))
    path = tmp_path / "old.pbem"
    old = GameFile.create(path, GameHeader("1882", [("Ann", ""), ("Bob", ""), ("Cid", "")], 1, version=2))
    Table.open(path).submit("Ann bids 20 for HB").check()        # no key anywhere: nothing to check a seal against
    witness = Witness(len(GameFile.open(path).records), GameFile.open(path).head)
    before = path.read_bytes()
    load_key(create=True)                                 # the moderator makes a key (e.g. a new game)
    assert main(["move", str(path), "Bob passes"]) == 2
    assert "is not sealed (format version 2) but a moderator key exists" in capsys.readouterr().err
    assert path.read_bytes() == before
    assert main(["seal", str(path), "--head", f"{witness.seq}:{'0' * 32}"]) == 2     # not the head mailed
    assert "does not match the witness" in capsys.readouterr().err and path.read_bytes() == before
    assert main(["seal", str(path), "--head", str(witness)]) == 0
    out = capsys.readouterr().out
    gf = GameFile.open(path, moderator=True)
    assert f"sealed {path}: format version 2 -> 3, 1 records" in out and f"old head {witness}" in out
    note = gf.records[-1]
    assert note.kind == "note" and note.source == "pbem seal" and f"head {witness}" in note.text
    assert main(["verify", str(path), "--key-file", str(kf)]) == 0
    assert main(["move", str(path), "Bob passes"]) == 0  # the sealed game goes on
    # the old file, and so the witnesses mailed before the note, can be recomputed from the new one
    contents = [r.rsplit(b" ", 2)[0].decode() for r in lines(path)[: -2]]
    contents[0] = "pbem-game 2"
    assert render_lines(GENESIS, contents)[0] == before
    capsys.readouterr()
    assert main(["seal", str(path)]) == 0 and "sealed already" in capsys.readouterr().out
    assert old.header.version == 2


# ------------------------------------------------------------------------------ by mail
@pytest.fixture
def world(tmp_path):
    from mailkit import GM_SECRET, new_game

    return new_game(tmp_path, hash_secret(GM_SECRET))


@pytest.mark.parametrize("how", ["re-hashed", "seals stripped"])
def test_the_mail_moderator_never_vouches_for_a_forged_file(world, how):
    pm, s = world
    ann, bob = dict(PLAYERS)["Ann"], dict(PLAYERS)["Bob"]
    d = pm.handle("k1", mail(ann, f"SIGNON {GAME} Ann {s['Ann']}\nAnn bids 20 for HB", subject=f"[{GAME}] x",
                             in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome
    path = pm.games_dir / f"{GAME}.pbem"
    raws = lines(path)
    edit = _replace('"Ann bids 20 for HB"', '"Ann bids 95 for HB"')
    if how == "re-hashed":
        contents = edit([r.rsplit(b" ", 1)[0].decode() for r in raws])        # the old seals kept
        forged = render_lines(GENESIS, contents)[0]
    else:
        forged = stripped(raws, edit)
    st = os.stat(path)
    path.write_bytes(forged)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))   # size and mtime as before: the cache is not fooled
    forged_head = GameFile.open(path).head
    for n, cmd in enumerate(("STATUS", "MAP", "LEGAL", "LOG 5", "HELP")):
        d = pm.handle(f"k{n + 2}", mail(bob, cmd, subject=f"[{GAME}] {cmd}", msgid=f"<c{n}@client.example>"))
        assert d.folder == "Rejected" and "failed verification" in d.outcome, (cmd, d.outcome)
        assert {o.rcpts for o in d.outgoing} == {(bob,), (GM,)}       # the sender, and the game's moderator
        for o in d.outgoing:
            m = parse(o.raw)
            assert m["X-Pbem-Head"] is None, cmd                         # no witness of a head not verified
            body = text_of(o.raw).replace(str(pm.games_dir), "")             # the folder's name may hold "95"
            assert forged_head not in body and "95" not in body.replace(GAME, "")
        reply = text_of(next(o for o in d.outgoing if o.rcpts == (bob,)).raw)
        assert str(pm.games_dir) not in reply                            # the server's folders are not the player's
        assert f"The game file of {GAME} failed verification" in reply
    d = pm.handle("k9", mail(bob, f"SIGNON {GAME} Bob {s['Bob']}\nBob passes", subject=f"[{GAME}] x",
                             in_reply_to=latest(pm)))
    assert d.folder == "Rejected" and path.read_bytes() == forged


# ---------------------------------------------------------------------- swaps and modes
def _game(tmp_path) -> Path:
    t = Table.create(tmp_path / "g.pbem", "1882", [("Ann", ""), ("Bob", ""), ("Cid", "")], 1)
    t.submit("Ann bids 20 for HB").check()
    return t.file.path


def _swap_for_a_link(path: Path, other: Path):
    """A hook that puts a link to `other` in place of the game file at the given stage."""
    def swap(stage, real, *, when):
        if stage == when:
            os.rename(path, path.with_name("moved-away.pbem"))
            path.symlink_to(other)
    return swap


# one move is appended through the locked descriptor (checked before and after); several are
# written as a new file renamed over the one held (checked before the rename)
@pytest.mark.parametrize("count,when", [(1, "before_write"), (1, "after_write"), (2, "before_write")],
                         ids=["append-before", "append-after", "rewrite-before"])
def test_a_link_swapped_in_during_a_move_is_refused_and_nothing_is_written(tmp_path, monkeypatch, when, count):
    path = _game(tmp_path)
    before = path.read_bytes()
    other = tmp_path / "other.txt"
    other.write_bytes(b"someone else's file\n")
    t = Table.open(path)
    hook = _swap_for_a_link(path, other)
    monkeypatch.setattr(store, "WRITE_HOOK", lambda stage, real: hook(stage, real, when=when))
    with pytest.raises(WriteRefusedError, match="was replaced .* nothing was written"):
        t.submit("\n".join(["Bob passes", "Cid passes"][:count])).check()
    monkeypatch.setattr(store, "WRITE_HOOK", None)
    assert other.read_bytes() == b"someone else's file\n"                  # nothing written there
    assert path.with_name("moved-away.pbem").read_bytes() == before         # the game lost nothing, gained nothing
    assert len(t.seqs) == 1 and t.file.head == GameFile.open(path.with_name("moved-away.pbem")).head


@pytest.mark.parametrize("torn", ["cut", "completed"])
def test_a_link_swapped_in_during_a_repair_is_refused(tmp_path, monkeypatch, torn):
    path = _game(tmp_path)
    data = path.read_bytes()
    tail = data + b"move 2 torn" if torn == "cut" else data[:-1]    # a torn line, or a whole one without newline
    path.write_bytes(tail)
    other = tmp_path / "other.txt"
    other.write_bytes(b"x" * 10)
    hook = _swap_for_a_link(path, other)
    monkeypatch.setattr(store, "WRITE_HOOK", lambda stage, real: hook(stage, real, when="before_write"))
    with pytest.raises(WriteRefusedError):
        repair(path)
    monkeypatch.setattr(store, "WRITE_HOOK", None)
    assert other.read_bytes() == b"x" * 10                       # neither truncated nor extended
    assert path.with_name("moved-away.pbem").read_bytes() == tail


@pytest.mark.parametrize("count", [1, 2], ids=["one move", "two moves"])
def test_a_read_only_game_file_is_never_written(tmp_path, capsys, count):
    path = _game(tmp_path)
    os.chmod(path, 0o444)
    before = path.read_bytes()
    ino = os.stat(path).st_ino
    text = "\n".join(["Bob passes", "Cid passes"][:count])
    assert main(["move", str(path), text]) != 0
    assert "read-only" in capsys.readouterr().err
    with pytest.raises((WriteRefusedError, PermissionError)):
        GameFile.open(path).append_many([("Bob", "Bob passes")] * count)
    assert main(["undo", str(path)]) != 0
    assert path.read_bytes() == before and os.stat(path).st_ino == ino       # not written, not replaced
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o444


def test_a_read_only_game_file_is_not_repaired(tmp_path):
    path = _game(tmp_path)
    torn = path.read_bytes() + b"move 2 torn"
    path.write_bytes(torn)
    os.chmod(path, 0o444)
    with pytest.raises(WriteRefusedError, match="read-only"):
        repair(path)
    assert path.read_bytes() == torn


def test_the_rewrite_helper_never_replaces_a_read_only_file(tmp_path):
    from pbem.gamefile.atomic import write_file

    p = tmp_path / "f"
    p.write_bytes(b"old")
    os.chmod(p, 0o444)
    with pytest.raises(PermissionError):
        write_file(p, b"new", replace=True)
    assert p.read_bytes() == b"old"


@pytest.mark.parametrize("how", ["re-hashed", "seals stripped"])
def test_a_header_forged_to_take_the_references_rule_on_declines_is_refused(world, how):
    """A player adds option reference-runs to the game file (a decline to run would then be
    noted instead of refused): the moderator refuses the forged file, and the move with it."""
    pm, s = world
    path = pm.games_dir / f"{GAME}.pbem"
    raws = lines(path)

    def add_option(contents):
        at = max(i for i, c in enumerate(contents) if c.startswith("player "))
        return contents[:at + 1] + ['option "reference-runs"'] + contents[at + 1:]
    if how == "re-hashed":
        forged = render_lines(GENESIS, add_option([r.rsplit(b" ", 1)[0].decode() for r in raws]))[0]
    else:
        forged = stripped(raws, add_option)
    path.write_bytes(forged)
    ann = dict(PLAYERS)["Ann"]
    d = pm.handle("k1", mail(ann, f"SIGNON {GAME} Ann {s['Ann']}\nAnn bids 20 for HB", subject=f"[{GAME}] x",
                             in_reply_to=latest(pm)))
    # re-hashed, the added line carries no seal of its own (a damaged file); stripped, the seals fail
    assert d.folder == "Rejected" and ("failed verification" in d.outcome or "damaged game file" in d.outcome), \
        d.outcome
    assert path.read_bytes() == forged
