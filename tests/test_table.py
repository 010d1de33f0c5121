"""Games on file: import a record, replay it from notation alone; play moves all-or-nothing; undo."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pbem.errors import GameFileError
from pbem.gamefile import GameFile
from pbem.importers.eighteen_xx import load_record
from pbem.replay.record_file import import_record
from pbem.table import MoveRejected, Table

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
ROOT_SAMPLES = Path(__file__).resolve().parents[1] / "samples"
RECORDS = sorted(FIX.glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_imported_record_replays_from_notation_to_the_same_scores(path, tmp_path):
    rec = load_record(path)
    gf = tmp_path / "game.pbem"
    import_record(path, gf)
    table = Table.open(gf)                      # a fresh replay from the file's notation alone
    names = dict(rec.players)
    values = {pid: table.game.player_value(names[pid]) for pid in rec.result}
    assert values == rec.result
    assert table.game.finished and table.game.end_reason == rec.end_reason


def test_opening_a_table_replays_its_file_without_the_free_text_reader(tmp_path):
    """A stored game's lines are canonical, read by the exact reader: opening a table (every
    `pbem status`, every mail's game) does not load the free-text reader and its rewordings."""
    gf = tmp_path / "game.pbem"
    import_record(RECORDS[0], gf)
    code = ("import sys; from pbem.table import Table; t = Table.open(sys.argv[1]); "
            "print(len(t.file.effective_moves()), 'pbem.notation.parser' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(gf)], capture_output=True, text=True, check=True).stdout.split()
    assert int(out[0]) > 300 and out[1] == "False"


def new_table(tmp_path):
    return Table.create(tmp_path / "g.pbem", "1882", [("Ann", "ann@x.org"), ("Bob", "bob@x.org"),
                                                     ("Cid", "cid@x.org"), ("Dee", "dee@x.org")], seed=42)


def test_message_is_all_or_nothing(tmp_path):
    t = new_table(tmp_path)
    t.submit("Ann bids 20 for HB").check()
    before = (tmp_path / "g.pbem").read_bytes()
    with pytest.raises(MoveRejected) as info:
        t.submit("Bob buys SC for 50\nCid bids 81 for NWR").check()      # second move breaks the $5 rule
    assert info.value.move == 2
    assert any("Cid" in line for line in info.value.legal)
    assert (tmp_path / "g.pbem").read_bytes() == before           # the file is untouched
    again = Table.open(tmp_path / "g.pbem")
    assert again.game.companies["SC"].owner is None and len(again.seqs) == 1


def test_sender_may_only_move_for_themselves(tmp_path):
    t = new_table(tmp_path)
    with pytest.raises(MoveRejected, match="may not move for Ann"):
        t.submit("Ann bids 20 for HB", seat="Bob").check()
    t.submit("bid 20 on HB", seat="Ann").check()
    assert t.game.companies["HB"].owner == "Ann"


def test_undo_keeps_annulled_moves_visible(tmp_path):
    t = new_table(tmp_path)
    t.submit("Ann bids 20 for HB; Bob buys SC for 50").check()
    t.undo(1, who="moderator", reason="Bob meant NWR")
    assert t.game.companies["SC"].owner is None and t.game.current_entity() == "Bob"
    listing = GameFile.open(tmp_path / "g.pbem").listing()
    assert "Bob bids 50 for SC" in listing and "ANNULLED" in listing
    t.submit("Bob bids 85 for NWR").check()
    assert Table.open(tmp_path / "g.pbem").game.round.bids["NWR"] == {"Bob": 85}


def test_any_edited_byte_of_a_move_line_is_refused_with_its_line(tmp_path):
    t = new_table(tmp_path)
    t.submit("Ann bids 20 for HB; Bob buys SC for 50; Cid bids 80 for NWR").check()
    path = tmp_path / "g.pbem"
    lines = path.read_bytes().split(b"\n")
    target = next(i for i, l in enumerate(lines) if b"Bob bids 50" in l)
    for pos in range(len(lines[target])):
        bad = list(lines)
        line = bytearray(bad[target])
        line[pos] = ord("Z") if line[pos] != ord("Z") else ord("Y")
        bad[target] = bytes(line)
        path.write_bytes(b"\n".join(bad))
        with pytest.raises(GameFileError) as info:
            Table.open(path)
        assert info.value.line == target + 1, (pos, str(info.value))
    p = subprocess.run([sys.executable, "-m", "pbem", "replay", str(path)], capture_output=True, text=True)
    assert p.returncode != 0 and f"line {target + 1}" in p.stderr


def test_cli_plays_a_game_file(tmp_path):
    gf = tmp_path / "c.pbem"

    def run(*args, stdin=None):
        return subprocess.run([sys.executable, "-m", "pbem", *args], capture_output=True, text=True, input=stdin)

    p = run("new", "1882", str(gf), "--players", "Ann <ann@x.org>", "Bob <bob@x.org>", "Cid <c@x.org>", "--seed", "5")
    assert p.returncode == 0, p.stderr
    p = run("move", str(gf), "-", "--as", "Ann", stdin="bid 20 on HB\n")
    assert p.returncode == 0 and "#1 Ann bids 20 for HB" in p.stdout and "next: Bob" in p.stdout
    p = run("move", str(gf), "Bob bids 3 for SC")
    assert p.returncode == 1 and "nothing applied" in p.stderr and "legal now" in p.stderr
    p = run("legal", str(gf))
    assert "Bob bids 50 for SC" in p.stdout
    p = run("undo", str(gf), "1", "--reason", "test")
    assert p.returncode == 0 and "next: Ann" in p.stdout
    p = run("log", str(gf))
    assert "ANNULLED" in p.stdout
    p = run("replay", str(gf), "--format", "json")
    out = json.loads(p.stdout)
    assert out["finished"] is False and out["actions"] == 0


def test_a_stale_round_label_warns_but_the_move_stands(tmp_path):
    t = new_table(tmp_path)
    t.submit("SR 1: Ann bids 20 for HB").check()            # the auction is not a stock round
    assert t.warnings and "private auction" in t.warnings[0]
    assert t.game.companies["HB"].owner == "Ann"
    t2 = Table.open(ROOT_SAMPLES / "1882-demo-opening.pbem", moderator=False)
    from pbem.table import round_label, round_label_mismatch
    assert round_label(t2.game) == "SR 2"
    assert round_label_mismatch("SR 2", t2.game) == "" and "SR 2" in round_label_mismatch("OR 1.1", t2.game)


def test_the_same_mail_twice_is_applied_once(tmp_path):
    t = new_table(tmp_path)
    mid = "<abc123@mail.example.org>"
    first = t.submit("Ann bids 20 for HB", source=mid).check().applied
    t2 = Table.open(tmp_path / "g.pbem")
    again = t2.submit("Ann bids 20 for HB", source=mid).check().applied
    # the second delivery applies nothing and reports the moves the first one applied
    assert len(first) == 1 and again == first and t2.duplicate and not t.duplicate
    assert len(t2.file.effective_moves()) == 1
    reopened = Table.open(tmp_path / "g.pbem")
    assert len(reopened.seqs) == 1 and reopened.game.current_entity() == "Bob"


def test_the_sender_is_stored_as_the_seat_of_each_move(tmp_path):
    """Replay the demo sample's opening by 'mail': each move sent by the player who may make it
    (a company's move by its president); the moderator's own moves carry no seat."""
    sample = GameFile.open(ROOT_SAMPLES / "1882-demo-opening.pbem")
    players = [(p.name, p.email) for p in sample.header.players]
    t = Table.create(tmp_path / "g.pbem", sample.header.title, players, sample.header.seed)
    sent = []
    for rec in sample.effective_moves():
        ent = rec.entity
        corp = t.game.corporations.get(ent)
        sender = corp.president if corp is not None else ent
        if rec.seq == 1:
            sender = None                                  # the moderator enters this one
        t.submit(rec.notation, seat=sender, source=f"<m{rec.seq}@x>").check()
        sent.append((ent, sender or ""))
    stored = GameFile.open(tmp_path / "g.pbem")
    assert [(r.entity, r.seat) for r in stored.effective_moves()] == sent
    company_moves = [(e, s) for e, s in sent if e != s and s]
    assert company_moves                                   # the sample's operating round
    listing = stored.listing()
    for rec in stored.effective_moves():
        if rec.seat and rec.seat != rec.entity:
            assert f"{rec.entity}: {rec.notation} (sent by {rec.seat})\n" in listing
    assert f"{sent[0][0]}: {stored.records[0].notation}\n" in listing


def test_an_operating_round_label_without_its_number_in_the_set_matches_any_of_the_set():
    """ "OR 2" heads a move of OR 2.1 (record 10526 at HBR's run), "OR 1" does not; words that name
    no round or phase say nothing against the game."""
    import pbem
    from pbem.table import round_label, round_label_mismatch

    g = pbem.read_record(FIX / "10526.json")
    g.back_to(113)
    assert round_label(g.state) == "OR 2.1"
    assert round_label_mismatch("OR 2", g.state) == "" and round_label_mismatch("Operating round 2", g.state) == ""
    assert round_label_mismatch("OR 1", g.state) == "the game is in OR 2.1"
    assert round_label_mismatch("good luck", g.state) == ""


def test_a_wrong_phase_label_warns_like_a_round_label(tmp_path):
    t = new_table(tmp_path)
    t.submit("Green phase: Ann bids 20 for HB").check()          # the game starts in the yellow phase 2
    assert any("yellow phase (phase 2)" in w for w in t.warnings)
    t.submit("Phase 2: Bob bids 50 for SC").check()
    assert not t.warnings


@pytest.mark.parametrize("seat, text", [
    ("Bob", "Ann passes unless Cid bids"),               # a conditional pass written for another player
    ("Bob", "Pass for me if/when Dee arrives"),          # the writer's own pass, out of turn
    ("Bob", "pass for Ann if she is away"),
])
def test_a_conditional_pass_never_passes_for_another_seat(tmp_path, seat, text):
    t = new_table(tmp_path)
    before = (tmp_path / "g.pbem").read_bytes()
    out = t.submit(text, seat=seat)
    assert not out.ok and (tmp_path / "g.pbem").read_bytes() == before
    mine = t.submit("Pass for me if/when Dee arrives", seat="Ann").check()     # the seat on turn: its pass, now
    assert [a.notation for a in mine.applied] == ["Ann passes"]
    assert any("is not kept for later turns" in n for n in mine.notes), mine.notes
