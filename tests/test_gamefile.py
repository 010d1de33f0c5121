"""Tests of the stored game file (pbem.gamefile) on real files under tmp_path."""
from __future__ import annotations

import fcntl
import hashlib
import multiprocessing
import os
import re
import subprocess
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from pbem.errors import GameFileError
from pbem.gamefile import (GENESIS, AnnulRecord, GameFile, GameHeader, MoveRecord, NoteRecord,
                           Player, StaleGameError, TornTailError, chain_hash, dumps, loads,
                           repair)
from pbem.gamefile import store
from pbem.gamefile.format import render_lines
from pbem.gamefile.key import load_key
from pbem.gamefile.verify import Witness, verify_bytes, verify_file

T0 = datetime(2024, 5, 1, 12, 0, 0, tzinfo=timezone.utc)

NASTY = [
    "P1 bid 45 on SV",
    'say "hi"; # not a comment | pipe \\ backslash',
    "' \" ` ~ ! @ # $ % ^ & * ( ) [ ] { } < > ? / = + , . : ; | \\",
    "".join(chr(c) for c in range(0x20, 0x7F)),          # every printable ASCII char
    "tab\there cr\rthere del\x7f nul\x00 bell\x07",
    "  leading and trailing spaces  ",
    "non-ASCII: é ü ß Ω 京都 \u00a0nbsp \u2028ls \u2029ps \ufeffbom \u200bzwsp",
    "astral: 😀 \U000e0001 \U0010ffff",
    "\\u0041 is not A",
    '"',
    "\\",
    "a b  c   d",
    "x" * 2000,
]


def header(**kw) -> GameHeader:
    args = dict(title="1882", players=[("Alice", "alice@example.org"), ("Bob", "bob@example.org"),
                                       ("Carol", "carol@example.org")],
                seed=123456789, options=["optional rule A", "no-rust"], created=T0)
    args.update(kw)
    return GameHeader(**args)


def make_game(tmp_path: Path, moves: int = 3, name: str = "g.game") -> GameFile:
    gf = GameFile.create(tmp_path / name, header())
    for i in range(moves):
        gf.append(["Alice", "Bob", "Carol"][i % 3], f"move number {i + 1}", f"<m{i}@x.org>",
                  time=T0 + timedelta(minutes=i))
    return gf


def line_starts(data: bytes) -> list[int]:
    """Offsets of the start of each line (0-based index i = line i + 1)."""
    starts = [0]
    for i, b in enumerate(data):
        if b == 0x0A and i + 1 < len(data):
            starts.append(i + 1)
    return starts


def replacements(b: int) -> list[int]:
    cands = {ord("x"), ord("0"), ord(" "), ord('"'), ord("\\"), ord("\n"), 0x00, 0xFF, b ^ 0x01, b ^ 0x20}
    cands.discard(b)
    return sorted(cands)


# ------------------------------------------------------------------- round trip

def test_round_trip_header_and_moves(tmp_path):
    p = tmp_path / "g.game"
    h = header(seed=-(2**70), options=NASTY[:4] + [""])
    gf = GameFile.create(p, h)
    written = []
    for i, notation in enumerate(NASTY):
        src = ["", "cli", "<abc@x.org>", '<we"ird|;#id@x>'][i % 4]
        written.append(gf.append(["Alice", "SV", "Bob"][i % 3], notation, src,
                                 time=T0 + timedelta(seconds=i)))
    again = GameFile.open(p)
    assert again.header == h
    assert again.header.players == (Player("Alice", "alice@example.org"),
                                     Player("Bob", "bob@example.org"),
                                     Player("Carol", "carol@example.org"))
    assert again.records == tuple(written) == gf.records
    assert [m.notation for m in again.effective_moves()] == NASTY
    assert [m.seq for m in again.records] == list(range(1, len(NASTY) + 1))
    assert again.records[2].source == "<abc@x.org>"
    assert again.records[3].source == '<we"ird|;#id@x>'
    assert again.records[0].time == T0
    assert again.head == gf.head == again.records[-1].hash
    data = p.read_bytes()
    assert dumps(loads(data)) == data.decode("utf-8")
    assert data.count(b"\n") == len(data.splitlines()) == 4 + 3 + 5 + len(NASTY)  # no stray newlines
    # every move's line number points at its own line
    lines = data.split(b"\n")
    for r in again.records:
        assert lines[r.line - 1].startswith(b"move %d " % r.seq)


def test_file_is_readable_text(tmp_path):
    gf = make_game(tmp_path, 1)
    text = gf.path.read_text("utf-8").splitlines()
    assert text[0].startswith("pbem-game 3 ")                   # new games are sealed (version 3)
    assert text[1].startswith('title "1882" ')
    assert text[4].startswith('player "Alice" "alice@example.org" ')
    assert text[-1].startswith('move 1 2024-05-01T12:00:00Z "Alice" "move number 1" "<m0@x.org>" "" ')
    assert all(len(t.rsplit(" ", 1)[1]) == 32 for t in text)
    assert all(re.fullmatch(r".* [0-9a-f]{32} [0-9a-f]{32}", t) for t in text)   # <content> <mac> <hash>


def test_loads_accepts_str_and_reports_name(tmp_path):
    gf = make_game(tmp_path, 2)
    text = gf.path.read_text("utf-8")
    assert loads(text).records == gf.records
    with pytest.raises(GameFileError, match=r"^copy\.game:10: "):
        loads(text.replace("move number 1", "move number 7"), name="copy.game")


# ------------------------------------------------------------------- seats (format version 2)

def test_v2_round_trip_with_seats(tmp_path, no_key):
    gf = GameFile.create(tmp_path / "g.game", header(version=2))     # version 2 is still written on request
    assert gf.header.version == 2
    a = gf.append("Alice", "bid 45 on SV", "<m1@x>", seat="Alice", time=T0)
    batch = gf.append_many([("Bob", "buys PRR"), ("PRR", "lays #57 on E7")], "<m2@y>", seat="Bob", time=T0)
    c = gf.append("Carol", "pass", "cli", time=T0)                       # moderator action: no seat
    d = gf.append("SV", 'odd "seat" \\ name', "", seat='Bob "the" \n2nd', time=T0)
    assert [r.seat for r in (a, *batch, c, d)] == ["Alice", "Bob", "Bob", "", 'Bob "the" \n2nd']
    again = GameFile.open(gf.path)
    assert again.records == gf.records == (a, *batch, c, d)
    data = gf.path.read_bytes()
    assert data.startswith(b"pbem-game 2 ")
    assert dumps(loads(data)) == data.decode("utf-8")
    lines = data.decode("utf-8").splitlines()
    assert lines[batch[1].line - 1].startswith('move 3 2024-05-01T12:00:00Z "PRR" "lays #57 on E7" "<m2@y>" "Bob" ')
    assert lines[c.line - 1].startswith('move 4 2024-05-01T12:00:00Z "Carol" "pass" "cli" "" ')
    listing = again.listing().splitlines()
    assert listing[-5].endswith("Alice: bid 45 on SV")                # seat == entity: not repeated
    assert listing[-4].endswith("Bob: buys PRR")
    assert listing[-3].endswith("PRR: lays #57 on E7 (sent by Bob)")
    assert listing[-2].endswith("Carol: pass")
    assert listing[-1].endswith('(sent by "Bob \\"the\\" \\n2nd")')     # unprintable: quoted
    with pytest.raises(GameFileError):
        gf.append("Bob", "x", seat="\ud800")                             # unstorable seat refused
    with pytest.raises(GameFileError):
        gf.append("Bob", "x", seat=None)
    assert gf.path.read_bytes() == data


def test_hash_at_names_each_record_line(tmp_path):
    gf = make_game(tmp_path, 3)
    gf.annul(1, "x", "mod")
    lines = gf.path.read_bytes().split(b"\n")
    assert gf.hash_at(0) == gf.header_hash == lines[8].rsplit(b" ", 1)[1].decode()
    for r in gf.records:
        assert gf.hash_at(r.seq) == lines[r.line - 1].rsplit(b" ", 1)[1].decode()
    assert gf.hash_at(4) == gf.head
    for bad in (5, -1, True, "1"):
        with pytest.raises(GameFileError):
            gf.hash_at(bad)


def test_seat_is_protected_by_the_chain(tmp_path):
    gf = GameFile.create(tmp_path / "g.game", header())
    rec = gf.append("PRR", "lays #57 on E7", "<m@x>", seat="Alice")
    data = gf.path.read_bytes()
    with pytest.raises(GameFileError) as info:
        loads(data.replace(b'"<m@x>" "Alice"', b'"<m@x>" "Bob"'))
    assert info.value.line == rec.line


V1_BODIES = ["pbem-game 1", 'title "1882"', "created 2024-05-01T12:00:00Z", "seed 7",
             'player "Ann" "ann@x.org"', 'player "Bob" "bob@x.org"',
             'player "Cid" "cid@x.org"', 'player "Dee" "dee@x.org"',
             'move 1 2024-05-01T12:00:00Z "Ann" "Ann bids 20 for HB" "<a@x>"',
             'move 2 2024-05-01T12:01:00Z "Bob" "Bob buys SC for 50" "cli"',
             'annul 3 2024-05-01T12:02:00Z "moderator" 2 "typo" ""',
             'move 4 2024-05-01T12:03:00Z "Bob" "Bob buys SC for 50" "<b@x>"']


def test_v1_file_still_opens_and_replays(tmp_path, no_key):
    """A file written by format version 1 (built here by hand, not by the writer)."""
    from pbem.table import Table

    data, head = render_lines(GENESIS, V1_BODIES)
    p = _write(tmp_path / "old.pbem", data)
    gf = GameFile.open(p)
    assert gf.header.version == 1 and gf.head == head
    assert [(m.seq, m.entity, m.seat) for m in gf.effective_moves()] == [(1, "Ann", ""), (4, "Bob", "")]
    assert dumps(gf.log) == data.decode("utf-8")
    t = Table.open(p)
    assert t.seqs == [1, 4] and t.game.companies["SC"].owner == "Bob"
    # a version-2 move line is not valid in a version-1 file
    extra, _ = render_lines(head, ['move 5 2024-05-01T12:04:00Z "Cid" "pass" "" "Cid"'])
    with pytest.raises(GameFileError, match="needs 5 fields, has 6") as info:
        loads(data + extra)
    assert info.value.line == 13


def test_appending_to_a_v1_file_keeps_writing_v1_lines(tmp_path, no_key):
    data, _ = render_lines(GENESIS, V1_BODIES)
    p = _write(tmp_path / "old.pbem", data)
    gf = GameFile.open(p)
    one = gf.append("Cid", "Cid bids 80 for NWR", "<c@x>", seat="Cid", time=T0)
    many = gf.append_many([("Dee", "Dee passes"), ("Ann", "Ann passes")], "<d@x>", seat="Dee", time=T0)
    assert [r.seat for r in (one, *many)] == ["", "", ""]               # v1 has nowhere to store it
    text = p.read_text("utf-8")
    assert text.startswith("pbem-game 1 ")
    new = text.splitlines()[len(V1_BODIES):]
    assert [line.rsplit(" ", 1)[0] for line in new] == [
        'move 5 2024-05-01T12:00:00Z "Cid" "Cid bids 80 for NWR" "<c@x>"',
        'move 6 2024-05-01T12:00:00Z "Dee" "Dee passes" "<d@x>"',
        'move 7 2024-05-01T12:00:00Z "Ann" "Ann passes" "<d@x>"']
    again = GameFile.open(p)
    assert again.header.version == 1 and again.records == gf.records
    v1 = GameFile.create(tmp_path / "new-v1.pbem", header(version=1))    # a v1 file can be made on purpose
    assert v1.path.read_bytes().startswith(b"pbem-game 1 ")
    with pytest.raises(GameFileError):
        header(version=4)


SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.pbem"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_still_opens(path):
    from pbem.table import Table

    gf = GameFile.open(path)
    moves = gf.effective_moves()
    assert moves and gf.head == gf.records[-1].hash
    assert dumps(gf.log) == path.read_text("utf-8")
    assert Table.open(path, moderator=False).seqs == [m.seq for m in moves]     # the plain chain: anyone's read
    # reading made nothing beside it (no lock file, no temp file)
    assert sorted(p.name for p in path.parent.iterdir() if p.name.startswith((path.name, "." + path.name))) \
        == [path.name]


def test_there_are_samples():
    assert len(SAMPLES) >= 2


# ------------------------------------------------------------------- tampering

def test_every_byte_of_a_move_line_is_protected(tmp_path):
    gf = make_game(tmp_path, 3)
    data = gf.path.read_bytes()
    starts = line_starts(data)
    target = gf.records[1].line                      # a move line in the middle
    begin, end = starts[target - 1], starts[target]  # end includes the newline
    tested = 0
    for pos in range(begin, end):
        for new in replacements(data[pos]):
            mutated = data[:pos] + bytes([new]) + data[pos + 1:]
            with pytest.raises(GameFileError) as info:
                loads(mutated)
            assert info.value.line == target, (pos - begin, new, str(info.value))
            tested += 1
    assert tested > 8 * (end - begin)


def test_every_byte_of_the_last_line_is_protected(tmp_path):
    gf = make_game(tmp_path, 3)
    data = gf.path.read_bytes()
    target = gf.records[-1].line
    begin = line_starts(data)[target - 1]
    for pos in range(begin, len(data)):
        for new in replacements(data[pos]):
            mutated = data[:pos] + bytes([new]) + data[pos + 1:]
            with pytest.raises(GameFileError) as info:
                loads(mutated)
            assert info.value.line == target, (pos - begin, new, str(info.value))


def test_every_byte_of_the_header_is_protected(tmp_path):
    gf = make_game(tmp_path, 1)
    data = gf.path.read_bytes()
    starts = line_starts(data)
    header_lines = gf.records[0].line - 1
    assert header_lines == 9
    for number in range(1, header_lines + 1):
        begin, end = starts[number - 1], starts[number]
        for pos in range(begin, end):
            for new in replacements(data[pos]):
                mutated = data[:pos] + bytes([new]) + data[pos + 1:]
                with pytest.raises(GameFileError) as info:
                    loads(mutated)
                assert info.value.line == number, (number, pos - begin, new, str(info.value))


def test_header_field_edits_name_the_line(tmp_path):
    gf = make_game(tmp_path, 2)
    text = gf.path.read_text("utf-8")
    for old, new, line in [('title "1882"', 'title "1830"', 2),
                           ("seed 123456789", "seed 123456780", 4),
                           ('"bob@example.org"', '"bob@evil.org"', 6),
                           ('option "no-rust"', 'option "rust"', 9),
                           ("created 2024-05-01", "created 2024-05-02", 3)]:
        assert old in text
        with pytest.raises(GameFileError) as info:
            GameFile.open(_write(tmp_path / "t.game", text.replace(old, new, 1)))
        assert info.value.line == line


def _write(p: Path, content: str | bytes) -> Path:
    if isinstance(content, str):
        content = content.encode("utf-8")
    p.write_bytes(content)
    return p


def test_deleting_a_line_is_detected(tmp_path):
    gf = make_game(tmp_path, 4)
    lines = gf.path.read_bytes().splitlines(keepends=True)
    for drop in [gf.records[1].line, 5, 1]:            # a move, a player, the magic line
        mutated = b"".join(l for i, l in enumerate(lines, 1) if i != drop)
        with pytest.raises(GameFileError) as info:
            loads(mutated)
        assert info.value.line == drop


def test_swapping_two_lines_is_detected(tmp_path):
    gf = make_game(tmp_path, 4)
    lines = gf.path.read_bytes().splitlines(keepends=True)
    for a, b in [(11, 12), (10, 13), (5, 6)]:          # adjacent moves, distant moves, players
        swapped = list(lines)
        swapped[a - 1], swapped[b - 1] = swapped[b - 1], swapped[a - 1]
        with pytest.raises(GameFileError) as info:
            loads(b"".join(swapped))
        assert info.value.line == a


def test_duplicating_a_line_is_detected(tmp_path):
    gf = make_game(tmp_path, 3)
    lines = gf.path.read_bytes().splitlines(keepends=True)
    dup = lines[:11] + [lines[10]] + lines[11:]
    with pytest.raises(GameFileError) as info:
        loads(b"".join(dup))
    assert info.value.line == 12


def test_cutting_whole_last_lines_needs_the_published_head(tmp_path):
    """Documented limit: dropping complete final lines leaves a valid shorter chain, which
    only a comparison with a head hash published earlier reveals."""
    gf = make_game(tmp_path, 3)
    published = gf.head
    lines = gf.path.read_bytes().splitlines(keepends=True)
    shorter = loads(b"".join(lines[:-1]))
    assert len(shorter.records) == 2
    assert shorter.head != published
    assert published not in {r.hash for r in shorter.records}


def test_forged_chain_with_bad_semantics_is_rejected(tmp_path):
    """Lines whose hashes are right but whose content breaks the format rules."""
    gf = make_game(tmp_path, 2)
    data = gf.path.read_bytes()
    head = gf.head
    cases = {
        'move 4 2024-05-01T13:00:00Z "Bob" "x" "" ""': "sequence number 4, expected 3",
        'move 3 2024-05-01T13:00:00Z "Bob" "\\u0078" "" ""': "canonical",
        'move 3 2024-05-01T13:00:00Z "Bob" "x" ""  ""': "empty field",
        'move 3 2024-05-01T13:00:00Z "Bob" "" "" ""': "non-empty",
        'move 3 2024-05-01T13:00:00 "Bob" "x" "" ""': "bad time",
        'move 3 2024-05-01T13:00:00Z "Bob" "x" ""': "needs 6 fields, has 5",      # a v1 move in a v2 file
        'annul 3 2024-05-01T13:00:00Z "mod" 1 "r" ""': "does not match",
        'annul 3 2024-05-01T13:00:00Z "mod" 1,2,3 "r" ""': "does not match",
        'player "Dan" "d@x"': "after the first record",
        'bogus 3': "unknown line kind",
    }
    for body, message in cases.items():
        extra, _ = render_lines(head, [body], key=load_key())       # sealed with the right key
        with pytest.raises(GameFileError, match=message) as info:
            loads(data + extra)
        assert info.value.line == 12, body


def test_not_a_game_file_and_unknown_version(tmp_path):
    with pytest.raises(GameFileError, match="not a pbem game file") as info:
        loads(b"hello world\n")
    assert info.value.line == 1
    for future in ("pbem-game 4", "pbem-game 0", "pbem-game 10"):
        data, _ = render_lines(GENESIS, [future])
        with pytest.raises(GameFileError, match="unsupported format version") as info:
            loads(data)
        assert info.value.line == 1
    negative, _ = render_lines(GENESIS, ["pbem-game -1", 'title "1882"'])
    with pytest.raises(GameFileError, match="unsupported format version -1"):
        loads(negative)
    with pytest.raises(GameFileError, match="empty"):
        loads(b"")
    only_magic, _ = render_lines(GENESIS, ["pbem-game 1", 'title "1882"'])
    with pytest.raises(GameFileError, match="header incomplete") as info:
        loads(only_magic)
    assert info.value.line == 2


# ------------------------------------------------------------------- verify (chain + witness)

def _forge(data: bytes, old: bytes, new: bytes) -> bytes:
    """What a forger with the file does: edit a line, then recompute every hash after it."""
    bodies = [raw.rsplit(b" ", 1)[0].decode("utf-8") for raw in data.split(b"\n")[:-1]]
    edited = [b.replace(old.decode(), new.decode()) for b in bodies]
    assert edited != bodies
    return render_lines(GENESIS, edited)[0]


def test_verify_a_clean_file(tmp_path):
    gf = make_game(tmp_path, 5)
    gf.annul(1, "x", "mod")
    res = verify_file(gf.path)
    assert res.ok and res.status == "ok" and res.records == 6 and res.head == gf.head
    assert res.message == f"ok: 6 records, head 6:{gf.head}"
    for seq in range(0, 7):                             # every earlier witness matches
        w = Witness.parse(f"{seq}:{gf.hash_at(seq)}")
        got = verify_file(gf.path, w)
        assert got.ok and got.message == f"ok: 6 records, head 6:{gf.head} (witness {seq} matches)"
    empty = GameFile.create(tmp_path / "empty.game", header())
    assert verify_file(empty.path).message == f"ok: 0 records, head 0:{empty.header_hash}"


def test_verify_catches_a_cut_with_a_witness_from_before_it(tmp_path):
    gf = make_game(tmp_path, 5)
    witness = Witness(5, gf.head)                       # quoted in the mail after move 5
    lines = gf.path.read_bytes().splitlines(keepends=True)
    cut = _write(tmp_path / "cut.game", b"".join(lines[:-2]))
    assert verify_file(cut).ok                          # the shorter chain itself is valid
    res = verify_file(cut, witness)
    assert not res.ok and res.status == "cut" and res.records == 3
    assert res.message == "history cut: the witness names record 5 but the file ends at record 3"
    assert verify_file(cut, Witness(3, gf.hash_at(3))).ok   # an older witness cannot see the cut


def test_verify_catches_a_rewritten_and_rehashed_history(tmp_path):
    gf = make_game(tmp_path, 6)
    forged = _write(tmp_path / "forged.game", _forge(gf.path.read_bytes(), b"move number 3", b"move number 9"))
    assert GameFile.open(forged).records[2].notation == "move number 9"    # the chain alone is fooled
    assert verify_file(forged).ok
    file_hash = GameFile.open(forged).hash_at(5)
    res = verify_file(forged, Witness(5, gf.hash_at(5)))
    assert not res.ok and res.status == "rewritten"
    assert res.message == (f"history rewritten: record 5's hash is {file_hash} in the file "
                           f"but {gf.hash_at(5)} in the witness")
    assert verify_file(forged, Witness(3, gf.hash_at(3))).status == "rewritten"
    assert verify_file(forged, Witness(2, gf.hash_at(2))).ok           # before the edit: unchanged
    header_forged = _write(tmp_path / "h.game", _forge(gf.path.read_bytes(), b"seed 123456789", b"seed 1"))
    res = verify_file(header_forged, Witness(0, gf.hash_at(0)))
    assert res.status == "rewritten" and "the header's hash (record 0)" in res.message


def test_verify_reports_the_first_damaged_line(tmp_path):
    gf = make_game(tmp_path, 4)
    data = gf.path.read_bytes()
    edited = _write(tmp_path / "e.game", data.replace(b"move number 2", b"move number 7"))
    res = verify_file(edited, Witness(4, gf.head))
    assert res.status == "damaged" and res.line == 11 and res.records == 0
    assert res.message.startswith("the file is damaged or edited at line 11: hash mismatch (stored ")
    assert str(edited) not in res.message
    torn = _write(tmp_path / "t.game", data[:-5])
    res = verify_file(torn)
    assert res.status == "damaged" and res.line == 13 and "incomplete" in res.message
    for junk in (b"", b"hello\n", b"\xff\xfe\x00garbage"):
        res = verify_bytes(junk)
        assert res.status == "damaged" and res.line == 1 and "\n" not in res.message
    with pytest.raises(FileNotFoundError):
        verify_file(tmp_path / "missing.game")


def test_witness_parsing():
    h = "0123456789abcdef" * 2
    assert Witness.parse(f"57:{h}") == Witness(57, h)
    assert Witness.parse(f" 57:{h.upper()}\n") == Witness(57, h)
    assert str(Witness(57, h)) == f"57:{h}"
    for bad in ["", "57", f"{h}", f"57:{h[:-1]}", f"57:{h}0", f"-1:{h}", f"x:{h}", f"57 {h}",
                f"57:{h[:-1]}g", f"5 7:{h}", f"57::{h}", None, 57]:
        with pytest.raises(ValueError, match="N:HASH"):
            Witness.parse(bad)


# ------------------------------------------------------------------- hash spec

def test_example_in_the_docs_is_a_valid_file():
    doc = (Path(__file__).resolve().parent.parent / "docs" / "game-file.md").read_text("utf-8")
    example = doc.split("## Example\n\n```\n", 1)[1].split("```", 1)[0]
    log = loads(example)
    assert [m.seq for m in log.effective_moves()] == [1, 6]
    assert log.records[0].notation == 'P1 bid 45 on SV; #x | "q" \\ \t é \u2028 😀 \x7f'
    assert dumps(log) == example


def test_hash_chain_matches_the_documented_rule(tmp_path):
    """Recompute every hash with hashlib exactly as docs/game-file.md describes."""
    gf = make_game(tmp_path, 3)
    gf.annul(1, "typo", "moderator")
    prev = "0" * 32
    for raw in gf.path.read_bytes().split(b"\n")[:-1]:
        body, stored = raw.rsplit(b" ", 1)
        assert hashlib.sha256(prev.encode() + body).hexdigest()[:32] == stored.decode()
        assert chain_hash(prev, body) == stored.decode()
        prev = stored.decode()
    assert prev == gf.head
    assert gf.header_hash == gf.path.read_bytes().split(b"\n")[8].rsplit(b" ", 1)[1].decode()


VERIFY_SH = r'''
export LC_ALL=C
prev=00000000000000000000000000000000
n=0
while IFS= read -r line; do
  n=$((n+1))
  body=${line% *}; stored=${line##* }
  calc=$(printf '%s%s' "$prev" "$body" | sha256sum | cut -c1-32)
  if [ "$calc" != "$stored" ]; then echo "line $n: bad hash"; exit 1; fi
  prev=$stored
done < "$1"
echo "ok, head $prev"
'''


def test_documented_shell_verifier(tmp_path):
    doc = (Path(__file__).resolve().parent.parent / "docs" / "game-file.md").read_text("utf-8")
    assert VERIFY_SH.strip() in doc                       # the doc shows this very script
    gf = GameFile.create(tmp_path / "g.game", header())
    for i, n in enumerate(NASTY[:6] + NASTY[7:9]):       # skip the NUL/CR one: bash strings
        gf.append("Alice", n, time=T0)
    script = tmp_path / "verify.sh"
    script.write_text(VERIFY_SH)
    ok = subprocess.run(["bash", str(script), str(gf.path)], capture_output=True, text=True)
    assert ok.stdout.strip() == f"ok, head {gf.head}"
    text = gf.path.read_text("utf-8").replace("P1 bid 45", "P1 bid 46")
    bad = _write(tmp_path / "bad.game", text)
    out = subprocess.run(["bash", str(script), str(bad)], capture_output=True, text=True)
    assert out.returncode == 1 and out.stdout.strip() == "line 10: bad hash"
    v1 = Path(__file__).resolve().parent.parent / "samples" / "1882-demo-opening.pbem"
    assert GameFile.open(v1).header.version == 1                 # the same script checks version 1
    ok = subprocess.run(["bash", str(script), str(v1)], capture_output=True, text=True)
    assert ok.stdout.strip() == f"ok, head {GameFile.open(v1).head}"


# ------------------------------------------------------------------- torn tail

def test_torn_tail_is_reported_and_repaired(tmp_path):
    gf = make_game(tmp_path, 3)
    good = gf.path.read_bytes()
    extra, _ = render_lines(gf.head, ['move 4 2024-05-01T13:00:00Z "Bob" "buy 10% NYC" "cli" "Bob"'])
    for cut in (1, len(extra) // 2, len(extra) - 2):    # partial line, no newline
        torn = good + extra[:cut]
        gf.path.write_bytes(torn)
        with pytest.raises(TornTailError) as info:
            GameFile.open(gf.path)
        assert info.value.line == 13 and not info.value.complete
        assert "interrupted" in str(info.value)
        with pytest.raises(TornTailError):             # no append on top of a torn tail
            gf.append("Alice", "pass")
        assert gf.path.read_bytes() == torn
        result = repair(gf.path)
        assert result.removed == extra[:cut] and result.line == 13 and not result.completed
        assert gf.path.read_bytes() == good
    again = GameFile.open(gf.path)
    assert again.records == gf.records
    rec = again.append("Alice", "pass")
    assert rec.seq == 4 and rec.line == 13


def test_garbage_tail_is_torn(tmp_path):
    gf = make_game(tmp_path, 2)
    good = gf.path.read_bytes()
    gf.path.write_bytes(good + b"\x00" * 300)           # zero-filled block after a crash
    with pytest.raises(TornTailError) as info:
        GameFile.open(gf.path)
    assert info.value.line == 12
    assert repair(gf.path).removed == b"\x00" * 300
    assert gf.path.read_bytes() == good


def test_repair_keeps_a_complete_line_missing_only_its_newline(tmp_path):
    gf = make_game(tmp_path, 3)
    good = gf.path.read_bytes()
    gf.path.write_bytes(good[:-1])
    with pytest.raises(TornTailError) as info:
        GameFile.open(gf.path)
    assert info.value.complete and info.value.line == 12
    result = repair(gf.path)
    assert result.completed and result.removed == b"" and result.line == 12
    assert gf.path.read_bytes() == good


def test_repair_never_cuts_a_complete_line(tmp_path):
    gf = make_game(tmp_path, 3)
    good = gf.path.read_bytes()
    assert repair(gf.path) == store.RepairResult() and not repair(gf.path).changed
    assert gf.path.read_bytes() == good
    # last line complete (has its newline) but altered: corruption, not a torn tail
    bad = good.replace(b"move number 3", b"move number 9")
    gf.path.write_bytes(bad)
    with pytest.raises(GameFileError) as info:
        repair(gf.path)
    assert info.value.line == 12 and not isinstance(info.value, TornTailError)
    assert gf.path.read_bytes() == bad
    # torn tail, but an earlier line is corrupt: refuse to touch the file
    bad2 = good.replace(b"move number 2", b"move number 8") + b"move 4 20"
    gf.path.write_bytes(bad2)
    with pytest.raises(GameFileError) as info:
        repair(gf.path)
    assert info.value.line == 11
    assert gf.path.read_bytes() == bad2


# ------------------------------------------------------------------- locking

def _appender(path: str, who: str, count: int, barrier) -> None:
    gf = GameFile.open(path)
    barrier.wait()
    for i in range(count):
        gf.append(who, f"{who} move {i}", f"<{who}-{i}@x>")


def _mp():
    try:
        return multiprocessing.get_context("fork")
    except ValueError:
        return multiprocessing.get_context("spawn")


def test_concurrent_appends_from_two_processes(tmp_path):
    p = tmp_path / "g.game"
    GameFile.create(p, header())
    ctx = _mp()
    barrier = ctx.Barrier(2)
    procs = [ctx.Process(target=_appender, args=(str(p), who, 50, barrier)) for who in ("Alice", "Bob")]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(60)
        assert proc.exitcode == 0
    gf = GameFile.open(p)
    moves = gf.effective_moves()
    assert [m.seq for m in moves] == list(range(1, 101))
    notations = [m.notation for m in moves]
    assert sorted(notations) == sorted(f"{w} move {i}" for w in ("Alice", "Bob") for i in range(50))
    for who in ("Alice", "Bob"):                         # each process's order is kept
        assert [n for n in notations if n.startswith(who)] == [f"{who} move {i}" for i in range(50)]
    assert len(p.read_bytes().splitlines()) == 9 + 100


def _link_appender(path: str, who: str, barrier) -> None:
    """Single appends and two-line batches (a rewrite by os.replace) through `path`."""
    gf = GameFile.open(path)
    barrier.wait()
    for i in range(4):
        gf.append(who, f"{who} single {i}", seat=who)
        gf.append_many([(who, f"{who} batch {i}a"), (who, f"{who} batch {i}b")], seat=who)


def _link_round(d: Path, ctx) -> list[str]:
    """One round of two writers, one through a symlink, one through its target: what went wrong."""
    d.mkdir()
    target = d / "game.pbem"
    link = d / "link.pbem"
    GameFile.create(target, header())
    link.symlink_to("game.pbem")
    barrier = ctx.Barrier(2)
    procs = [ctx.Process(target=_link_appender, args=(str(p), who, barrier))
             for p, who in ((link, "Alice"), (target, "Bob"))]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(60)
    problems = [f"writer exit code {proc.exitcode}" for proc in procs if proc.exitcode != 0]
    if not link.is_symlink() or os.readlink(link) != "game.pbem":
        problems.append("the link is no longer a link to game.pbem")
    try:
        gf = GameFile.open(target)                       # verifies the whole chain
    except GameFileError as e:
        return problems + [f"chain broken: {e}"]
    want = sorted(f"{w} {kind} {i}{x}" for w in ("Alice", "Bob") for i in range(4)
                  for kind, x in (("single", ""), ("batch", "a"), ("batch", "b")))
    got = sorted(m.notation for m in gf.effective_moves())
    if got != want:
        problems.append(f"moves lost or doubled: {len(got)} of {len(want)}")
    if GameFile.open(link).records != gf.records:
        problems.append("the link and its target read differently")
    if sorted(p.name for p in d.iterdir()) != ["game.pbem", "link.pbem"]:
        problems.append(f"unexpected files {sorted(p.name for p in d.iterdir())}")
    return problems


def test_a_symlink_and_its_target_share_one_lock(tmp_path):
    """Writers through `link -> game` and through `game` itself must serialise: the lock is
    the real file's, and a rewrite replaces the target, not the link."""
    ctx = _mp()
    bad = {}
    for r in range(30):
        problems = _link_round(tmp_path / f"round{r}", ctx)
        if problems:
            bad[r] = problems
    assert bad == {}, f"{len(bad)} of 30 rounds went wrong: {bad}"


def test_every_path_to_a_game_locks_its_real_file(tmp_path):
    target = tmp_path / "real" / "game.pbem"
    target.parent.mkdir()
    GameFile.create(target, header())
    (tmp_path / "link.pbem").symlink_to(target)
    (tmp_path / "dirlink").symlink_to(tmp_path / "real", target_is_directory=True)
    inode = os.stat(target).st_ino
    for p in (target, tmp_path / "link.pbem", tmp_path / "dirlink" / "game.pbem"):
        with store._locked(p, exclusive=False) as held:
            assert held.real == Path(os.path.realpath(target)) and os.fstat(held.fd).st_ino == inode
    gf = GameFile.open(tmp_path / "dirlink" / "game.pbem")
    gf.append_many([("Alice", "a"), ("Bob", "b")])
    assert (tmp_path / "link.pbem").is_symlink() and (tmp_path / "dirlink").is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dirlink", "link.pbem", "real"]
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.pbem"]
    assert [m.notation for m in GameFile.open(target).effective_moves()] == ["a", "b"]
    assert repair(tmp_path / "link.pbem") == store.RepairResult()
    with pytest.raises(GameFileError, match="refusing to overwrite"):
        GameFile.create(tmp_path / "link.pbem", header())       # never through an existing link
    (tmp_path / "dangling.pbem").symlink_to(tmp_path / "nowhere.pbem")
    with pytest.raises(GameFileError, match="refusing to overwrite"):
        GameFile.create(tmp_path / "dangling.pbem", header())
    assert not (tmp_path / "nowhere.pbem").exists()


def _append_one(path: str) -> None:
    GameFile.open(path).append("Bob", "waited for the lock")


def test_append_waits_for_the_lock(tmp_path):
    gf = make_game(tmp_path, 1)
    before = gf.path.read_bytes()
    fd = os.open(gf.path, os.O_RDONLY)                   # the lock is the game file's own
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        # spawn, not fork: a forked child would inherit our locked descriptor
        proc = multiprocessing.get_context("spawn").Process(target=_append_one, args=(str(gf.path),))
        proc.start()
        time.sleep(0.7)
        assert proc.is_alive()
        assert gf.path.read_bytes() == before              # blocked: nothing written yet
    finally:
        os.close(fd)
    proc.join(30)
    assert proc.exitcode == 0
    gf.reload()
    assert gf.records[-1].notation == "waited for the lock" and gf.records[-1].seq == 2


def test_stale_object_appends_with_the_right_sequence(tmp_path):
    a = make_game(tmp_path, 1)
    b = GameFile.open(a.path)
    a.append("Bob", "from a")
    rec = b.append("Carol", "from b")                   # b had not seen a's move
    assert rec.seq == 3
    assert [r.notation for r in b.records] == ["move number 1", "from a", "from b"]
    assert GameFile.open(a.path).records == b.records


def test_expect_head_refuses_when_the_game_moved_on(tmp_path):
    a = make_game(tmp_path, 1)
    b = GameFile.open(a.path)
    seen = b.head
    a.append("Bob", "pass")
    before = a.path.read_bytes()
    with pytest.raises(StaleGameError):
        b.append("Carol", "validated against an old state", expect_head=seen)
    assert a.path.read_bytes() == before
    assert b.head == a.head                              # b now shows the current state
    assert b.append("Carol", "pass", expect_head=b.head).seq == 3


# ------------------------------------------------------------------- create

def test_create_refuses_to_overwrite(tmp_path):
    gf = make_game(tmp_path, 2)
    before = gf.path.read_bytes()
    with pytest.raises(GameFileError, match="refusing to overwrite"):
        GameFile.create(gf.path, header(title="1830"))
    assert gf.path.read_bytes() == before
    other = tmp_path / "notes.txt"
    other.write_text("not a game")
    with pytest.raises(GameFileError):
        GameFile.create(other, header())
    assert other.read_text() == "not a game"


def test_create_leaves_no_temp_files(tmp_path):
    gf = make_game(tmp_path, 0)
    gf.append_many([("Alice", "a"), ("Bob", "b")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.game"]
    assert GameFile.open(gf.path).header == header()
    with pytest.raises(FileNotFoundError):
        GameFile.open(tmp_path / "missing.game")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.game"]


def _append_batches(path: str) -> None:
    """Rewrite the file again and again (three-line batches) until killed."""
    gf = GameFile.open(path)
    while True:
        gf.append_many([("Alice", "x"), ("Bob", "y"), ("Carol", "z")])


def test_writers_killed_mid_write_leave_nothing_beside_the_game(tmp_path):
    gf = make_game(tmp_path, 1)
    ctx = _mp()
    for round_ in range(12):
        proc = ctx.Process(target=_append_batches, args=(str(gf.path),))
        proc.start()
        time.sleep(0.05 + 0.02 * round_)
        os.kill(proc.pid, 9)
        proc.join(10)
        gf = GameFile.open(gf.path)                     # verifies; sweeps what a killed write left
        assert len(gf.records) % 3 == 1, "a batch was written in part"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["g.game"], round_
    assert len(gf.records) > 1                          # the writers did write


def test_leftovers_of_a_killed_write_go_at_the_next_read(tmp_path):
    gf = make_game(tmp_path, 1)
    (tmp_path / ".g.game.4242.0badf00d.tmp").write_bytes(b"half a rewrite")
    (tmp_path / "g.game.lock").write_bytes(b"")         # the sidecar lock of older versions
    (tmp_path / "h.game.lock").write_bytes(b"")         # another file's: kept
    assert GameFile.open(gf.path).records == gf.records
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.game", "h.game.lock"]


def test_invalid_values_are_refused(tmp_path):
    with pytest.raises(GameFileError):
        header(players=[])
    with pytest.raises(GameFileError):
        header(players=[("A", "a@x"), ("A", "b@x")])
    with pytest.raises(GameFileError):
        header(created=datetime(2024, 1, 1))            # naive time
    with pytest.raises(GameFileError):
        header(seed="7")
    gf = make_game(tmp_path, 1)
    before = gf.path.read_bytes()
    for entity, notation in [("", "x"), ("Bob", ""), ("Bob", "\ud800"), ("Bob", 5)]:
        with pytest.raises(GameFileError):
            gf.append(entity, notation)
    with pytest.raises(GameFileError):
        gf.append("Bob", "x", time=datetime(2024, 1, 1))
    assert gf.path.read_bytes() == before


# ------------------------------------------------------------------- append_many

def test_append_many_writes_all_lines_in_one_go(tmp_path):
    gf = make_game(tmp_path, 1)
    recs = gf.append_many([("Alice", "buy PRR"), ("PRR", "lay 57 E7"), ("PRR", "run 2: 40")],
                          "<one-mail@x.org>", time=T0)
    assert [r.seq for r in recs] == [2, 3, 4]
    assert all(r.source == "<one-mail@x.org>" for r in recs)
    assert GameFile.open(gf.path).records[1:] == tuple(recs)
    assert gf.append_many([]) == []


def test_append_many_is_all_or_nothing_on_a_bad_item(tmp_path):
    gf = make_game(tmp_path, 2)
    before, records = gf.path.read_bytes(), gf.records
    with pytest.raises(GameFileError):
        gf.append_many([("Alice", "fine"), ("Bob", "also fine"), ("", "no entity")])
    with pytest.raises(GameFileError):
        gf.append_many([("Alice", "fine"), ("Bob",)])
    with pytest.raises(GameFileError):
        gf.append_many([("Alice", "fine"), "ab"])
    assert gf.path.read_bytes() == before and gf.records == records


def test_append_many_is_all_or_nothing_on_a_write_failure(tmp_path, monkeypatch):
    gf = make_game(tmp_path, 2)
    before, records = gf.path.read_bytes(), gf.records

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.os, "replace", boom)
    with pytest.raises(OSError):
        gf.append_many([("Alice", "one"), ("Bob", "two"), ("Carol", "three")])
    monkeypatch.undo()
    assert gf.path.read_bytes() == before and gf.records == records
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.game"]
    assert [r.seq for r in gf.append_many([("Alice", "one"), ("Bob", "two")])] == [3, 4]


def test_single_append_rolls_back_a_partial_write(tmp_path, monkeypatch):
    gf = make_game(tmp_path, 2)
    before = gf.path.read_bytes()
    real = store._pwrite_all

    def half(fd, data, offset):
        real(fd, data[: len(data) // 2], offset)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "_pwrite_all", half)
    with pytest.raises(OSError):
        gf.append("Alice", "a move that does not fit")
    monkeypatch.undo()
    assert gf.path.read_bytes() == before
    assert GameFile.open(gf.path).records == gf.records


# ------------------------------------------------------------------- annulments

def test_annulment_semantics(tmp_path):
    gf = make_game(tmp_path, 5)
    ann = gf.annul(2, "wrong bid entered", "moderator", "cli", time=T0)
    assert isinstance(ann, AnnulRecord) and ann.seq == 6 and ann.targets == (4, 5)
    assert [m.seq for m in gf.effective_moves()] == [1, 2, 3]
    assert [m.annulled_by for m in gf.records if isinstance(m, MoveRecord)] == [None, None, None, 6, 6]
    assert gf.records[3].annulled and not gf.records[2].annulled
    nxt = gf.append("Alice", "the right bid")
    assert nxt.seq == 7                                   # numbers keep increasing
    note = gf.note("Alice asked for the undo", "moderator")
    assert isinstance(note, NoteRecord) and note.seq == 8
    ann2 = gf.annul(2, "both wrong", "moderator")        # skips the note and annulled moves
    assert ann2.targets == (3, 7)
    assert [m.seq for m in gf.effective_moves()] == [1, 2]
    again = GameFile.open(gf.path)                        # the same after reading back
    assert again.records == gf.records
    assert [m.notation for m in again.effective_moves()] == ["move number 1", "move number 2"]
    assert len([r for r in again.records if isinstance(r, MoveRecord)]) == 6   # all kept
    listing = again.listing()
    assert "move number 4   [ANNULLED by #6]" in listing
    assert "the right bid   [ANNULLED by #9]" in listing
    assert "move number 1\n" in listing and "ANNUL #4, #5 by moderator: wrong bid entered" in listing
    assert "NOTE by moderator: Alice asked for the undo" in listing
    text = gf.path.read_text("utf-8")
    assert '\nannul 6 2024-05-01T12:00:00Z "moderator" 4,5 "wrong bid entered" "cli" ' in text


def test_annulling_too_many_is_an_error(tmp_path):
    gf = make_game(tmp_path, 3)
    gf.annul(1, "x", "mod")
    before = gf.path.read_bytes()
    for n in (3, 10, 0, -1):
        with pytest.raises(GameFileError):
            gf.annul(n, "too many", "mod")
    assert gf.path.read_bytes() == before
    gf.annul(2, "all the rest", "mod")
    assert gf.effective_moves() == []
    with pytest.raises(GameFileError, match="only 0 in force"):
        gf.annul(1, "nothing left", "mod")


def test_tampering_with_an_annulment_is_detected(tmp_path):
    gf = make_game(tmp_path, 3)
    ann = gf.annul(1, "x", "mod")
    data = gf.path.read_bytes()
    with pytest.raises(GameFileError) as info:
        loads(data.replace(b" 3 \"x\"", b" 2 \"x\""))
    assert info.value.line == ann.line == 13


def test_extend_reads_only_new_lines_and_equals_a_full_read(tmp_path):
    """An append verifies only the lines it has not verified before; the result is the same as
    reading the whole file, and any change to earlier bytes is still found (full read)."""
    from pbem.gamefile.format import extend, loads

    gf = GameFile.create(tmp_path / "g.pbem", GameHeader(title="1882", players=(Player("Ann", "a@x"),), seed=1))
    gf.append("Ann", "Ann passes", source="<a@x>", seat="Ann")
    old = (tmp_path / "g.pbem").read_bytes()
    log = loads(old)
    other = GameFile.open(tmp_path / "g.pbem")           # another process appends meanwhile
    other.append_many([("Ann", "Ann bids 20 for HB"), ("Ann", "Ann passes")], source="<b@x>", seat="Ann")
    other.annul(1, "oops", "moderator")
    new = (tmp_path / "g.pbem").read_bytes()
    assert extend(log, old, new) == loads(new)
    assert extend(log, old, old) is log
    tampered = new.replace(b"Ann passes", b"Ann passed", 1)
    with pytest.raises(GameFileError):
        extend(log, old, tampered)
    # and through the store: a stale object appends on top of the other process's lines
    gf.append("Ann", "Ann passes", source="<c@x>", seat="Ann")
    assert GameFile.open(tmp_path / "g.pbem").records == gf.records and len(gf.records) == 5
