"""`pbem audit`, `diff` and `whatif`: every shared record audits clean with money conserved after
every move, and planted mistakes are named with their move and rule: a money transfer changed in
the engine, an illegal buy slipped into a keyed game file by someone holding the key, a wrong
revenue claim, a run by a train that had rusted; diff finds a changed bid, whatif where a changed
move makes the rest of the game illegal."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pbem.cli import main
from pbem.gamefile import GameFile
from pbem.replay.record_file import import_record
from pbem.replay.audit import audit
from pbem.replay.diff import diff
from pbem.replay.ledger import ledger
from pbem.replay.walk import open_replay
from pbem.replay.whatif import whatif

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
RECORDS = sorted(p for t in ("1882", "1861", "1830") for p in (FIX / t).glob("*.json"))
R5585 = FIX / "1882" / "5585.json"


@pytest.fixture(scope="module")
def g5585(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("audit") / "g5585.pbem"
    import_record(R5585, path)
    return path


def _copy(src: Path, dst: Path) -> Path:
    dst.write_bytes(src.read_bytes())
    return dst


def _rewrite(path: Path, seq: int, new_line: str) -> Path:
    """A new game file: the moves of `path` with move `seq`'s line replaced, written through the
    store under the moderator's key (as a forger holding the key would: the chain is whole)."""
    gf = GameFile.open(path)
    out = path.with_name(f"{path.stem}-{seq}.pbem")
    if out.exists():
        out.unlink()
    GameFile.create(out, gf.header)
    moves = [(r.entity, new_line if r.seq == seq else r.notation) for r in gf.effective_moves()]
    GameFile.open(out).append_many(moves, "forged")
    return out


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shared_record_audits_clean_with_money_conserved(path):
    report = audit(path)
    assert report.ok, str(report.problem)
    assert report.moves > 20 and report.money in (9000, 12000, 15000)
    replay = open_replay(path)
    total = ledger(replay.game).money()
    for m in replay:                       # money after every move, counted independently of the audit
        g = m.game.state
        assert g.bank + sum(p.cash for p in g.players.values()) + sum(c.cash for c in g.corporations.values()) \
            == total, f"money at {m.id}"


def test_the_audit_of_a_game_file_summarises_it(g5585, capsys):
    assert main(["audit", str(g5585)]) == 0
    out = capsys.readouterr().out
    assert "657 moves replayed and checked, no problem found" in out
    assert re.search(r"game over \(bank\); standings: Player 1 \d+", out)


def test_a_money_transfer_changed_in_the_engine_is_named(monkeypatch):
    from pbem.engine.shares import ShareLedger

    original = ShareLedger.buy
    state = {"done": False}

    def skim(self, player, corp, source, percent, *a, **k):
        paid = original(self, player, corp, source, percent, *a, **k)
        if not state["done"]:
            state["done"] = True
            self.game.bank -= 5            # five dollars vanish from the first purchase of a share
        return paid

    monkeypatch.setattr(ShareLedger, "buy", skim)
    report = audit(R5585)
    first_buy = next(a["id"] for a in json.loads(R5585.read_text())["actions"] if a["type"] == "buy_shares")
    assert not report.ok
    assert report.problem.move == first_buy and report.problem.rule == "money is conserved"
    assert "-5" in report.problem.what


def test_an_illegal_buy_slipped_in_with_the_key_is_named(g5585, capsys):
    gf = GameFile.open(g5585)
    # the first stock round's first buy, made from the pool: nothing can be in the pool yet
    buy = next(r for r in gf.effective_moves() if "buys a 10% share" in r.notation)
    forged = _rewrite(g5585, buy.seq, buy.notation.replace("from the IPO", "from the pool"))
    assert main(["verify", str(forged)]) == 0            # the chain and seals are whole
    capsys.readouterr()
    assert main(["audit", str(forged)]) == 1
    err = capsys.readouterr().err
    assert f"move {buy.seq}:" in err and "rule: " in err
    report = audit(forged)
    assert report.problem.move == buy.seq and report.problem.rule == "buying shares"
    assert "pool has no" in report.problem.what


def test_a_wrong_revenue_claim_is_named(g5585):
    gf = GameFile.open(g5585)
    run = next(r for r in gf.effective_moves() if " runs " in r.notation and "for" not in r.notation)
    forged = _rewrite(g5585, run.seq, run.notation + " for 990")
    report = audit(forged)
    assert report.problem.move == run.seq
    assert "990" in report.problem.what


def test_a_run_by_a_rusted_train_is_named(g5585):
    gf = GameFile.open(g5585)
    moves = gf.effective_moves()
    rust = next(r for r in moves if "buys a 4 train" in r.notation)
    run = next(r for r in moves if r.seq > rust.seq + 5 and re.search(r"runs 3 train \S+ via", r.notation)
               and "," not in r.notation)
    forged = _rewrite(g5585, run.seq, run.notation.replace("runs 3 train", "runs 2 train"))
    report = audit(forged)
    assert report.problem.move == run.seq
    assert "2" in report.problem.what and report.problem.rule


def test_diff_names_the_first_move_written_differently_and_the_state_difference(g5585, tmp_path):
    rec = json.loads(R5585.read_text())
    bid = next(a for a in rec["actions"] if a["type"] == "bid" and a["id"] > 5)
    bid["price"] += 5
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(rec))
    assert diff(R5585, g5585).index is None                # the record and its game file agree
    d = diff(g5585, changed)
    text = "\n".join(d.lines())
    assert d.index is not None and d.first_written is not None and d.first_written < d.index
    assert f"bids {bid['price']} for {bid['company']}" in text and f"bids {bid['price'] - 5}" in text
    assert "cash the bank" in text


def test_whatif_reports_where_the_game_stops_being_legal(g5585, capsys):
    moves = GameFile.open(g5585).effective_moves()
    payout = next(r for r in moves if r.notation.endswith("pays out"))
    w = whatif(g5585, payout.seq, payout.notation.replace("pays out", "withholds"))
    assert w.replaced == [payout.notation] and w.alternative[0].endswith("withholds")
    assert w.stopped_at is not None and w.stopped_at > payout.seq and w.rule
    assert 0 <= w.carried < w.later
    assert main(["whatif", str(g5585), str(payout.seq), "QLL bids 5 for XX"]) == 2
    assert capsys.readouterr().err.startswith(f"REFUSED: the alternative to move {payout.seq} cannot be made there")
    # the same move again: every later move stays legal and the standings are the record's
    same = whatif(g5585, payout.seq, payout.notation)
    assert same.stopped_at is None and same.carried == same.later and same.finished
    assert same.standings[0][0] == "Player 1"
