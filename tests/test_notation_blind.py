"""Lines written blind: corpora of move statements written, for these tests, by writers who
read only the shared notes on how people write 18xx moves, the rules and the maps, never
pbem's grammar, docs or tests (tests/data/blind/*.jsonl; tools/blind_read.py scores them).

The goals of issue 8 are ≥ 90% of fair human statements read as meant, and no line that is
not a move read as one. The floor below is what pbem reads today: it only goes up.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tools"))

import blind_read  # noqa: E402

BLIND = HERE / "data" / "blind"
#: corpus -> the share of its move lines read as meant today (the floor only goes up). Each was
#: written by a different writer; each was first scored unseen, then used to improve the reader
#: (corpora 8-11 by the reading by pieces, pbem/notation/piece_moves.py, fixed by pattern;
#: 14-16 were scored unseen, then studied; 17 and 18 were scored unseen at the end of that work,
#: then studied; 19 and 20 were scored unseen last; 21-23 were scored unseen at the start of the
#: next session, then studied, 24-27 unseen at its end and 28-29 unseen last: docs/reading.md).
FLOORS = {"lines.jsonl": 0.99, "lines2.jsonl": 0.98, "lines3.jsonl": 1.0, "lines4.jsonl": 1.0,
          "lines5.jsonl": 1.0, "lines6.jsonl": 1.0, "lines7.jsonl": 0.98, "lines8.jsonl": 0.938,
          "lines9.jsonl": 0.97, "lines10.jsonl": 0.98, "lines11.jsonl": 0.99, "lines12.jsonl": 1.0,
          "lines13.jsonl": 0.98, "lines14.jsonl": 1.0, "lines15.jsonl": 0.98, "lines16.jsonl": 0.98,
          "lines17.jsonl": 1.0, "lines18.jsonl": 1.0, "lines19.jsonl": 0.98, "lines20.jsonl": 0.98,
          "lines21.jsonl": 0.98, "lines22.jsonl": 1.0, "lines23.jsonl": 1.0, "lines24.jsonl": 0.97,
          "lines25.jsonl": 0.97, "lines26.jsonl": 0.98, "lines27.jsonl": 0.98, "lines28.jsonl": 0.96,
          "lines29.jsonl": 0.98}


def _load(name):
    return [json.loads(ln) for ln in (BLIND / name).read_text().splitlines() if ln.strip()]


CORPORA = {name: _load(name) for name in FLOORS}
LINES = [x for lines in CORPORA.values() for x in lines]
OTHERS = [x for x in LINES if not x["means"]]


def test_the_corpora_are_large_and_mixed():
    assert len(LINES) >= 3000
    assert {x["title"] for x in LINES} == {"1882", "1861", "1830"}
    assert len(OTHERS) >= 180


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_most_move_lines_are_read_as_their_writer_meant(name):
    read = [blind_read.judge(x) for x in CORPORA[name] if x["means"]]
    rate = sum(v.ok for v in read) / len(read)
    missed = [v.line["line"] for v in read if not v.ok]
    assert rate >= FLOORS[name], f"{rate:.0%} read; missed e.g. {missed[:5]}"


#: lines their writers counted as no move that pbem reads as one: "[08:40] Hamish buys a 20%
#: share of GT from the IPO for $200" is the president's certificate a pasted par line buys;
#: alone (the par line not pasted with it) pbem reads a buy of the president's certificate,
#: which the rules then refuse without the par. "MKN removes a token from D14" is, in 18xx.games'
#: 1861, the player's choice of which station a merger gives up. "[23:11] SC buys a 6 train ..."
#: is another player's move quoted from a log: read as the move it states, and refused at the
#: table, where a message moves only for its sender. "RSR runs a 5-train ..." is the run of the
#: national, which in 1861 the player with priority deal chooses (a move, not an automatic one).
#: "Done for this OR. Who's next, Marta?" is read as the operating company's pass of what is
#: left of its turn, as "done" is read in a mail. "RSR operates: runs 3 train for 70, withholds"
#: is, as above, the national's run, which a player makes (refused at the table for any other);
#: so is "RSR runs for 120 and withholds" (corpus 28).
#: Listed so that no other joins.
DISPUTED = {"[08:40] Hamish buys a 20% share of GT from the IPO for $200",
            "[21:12] MKN removes a token from D14 (Kiev)",
            "[23:11] SC buys a 6 train for $630 from The Depot",
            "[19:02] RSR runs a 5-train for 210₽: H8-G15-D14",
            "Done for this OR. Who's next, Marta?",
            "RSR operates: runs 3 train for 70, withholds",
            "RSR runs for 120 and withholds"}


@pytest.mark.parametrize("item", OTHERS, ids=[x["line"][:60] for x in OTHERS])
def test_no_line_that_is_not_a_move_is_read_as_one(item):
    v = blind_read.judge(item)
    assert v.ok or item["line"] in DISPUTED, v.got


def test_a_miss_is_reported_with_what_was_read():
    first = next(x for x in LINES if x["means"] and x["means"][0]["type"] != "pass")
    wrong = dict(first, means=[{"type": "pass", "entity": first["actor"]}])
    v = blind_read.judge(wrong)
    assert not v.ok and v.got


def _item(title, line, means, operating=None, round_="OR"):
    return {"title": title, "round": round_, "actor": "Ann", "operating": operating,
            "players": ["Ann", "Bob", "Cid"], "line": line, "means": means, "style": "test"}


@pytest.mark.parametrize("price, ok", [(80, True), (None, True), (100, False)])
def test_a_depot_train_written_without_its_price_costs_the_title_s_price(price, ok):
    want = {"type": "buy_train", "entity": "CPR", "train": "2", "source": "depot", "price": price}
    assert blind_read.judge(_item("1882", "CPR buys a 2 train.", [want], "CPR")).ok is ok


def test_a_stated_price_is_still_compared():
    want = {"type": "buy_train", "entity": "CPR", "train": "2", "source": "depot", "price": 80}
    assert not blind_read.judge(_item("1882", "CPR buys a 2 train for 90.", [want], "CPR")).ok


@pytest.mark.parametrize("means, ok", [
    ([{"type": "run_routes", "entity": "GT", "routes": [{"train": "4", "revenue": 130}]}], True),
    ([{"type": "pass", "entity": "GT"}, {"type": "pass", "entity": "GT"},
      {"type": "run_routes", "entity": "GT", "routes": [{"train": "4", "revenue": 130}]}], True),
    # the passes said before a later move play alike; a pass after the last move does not
    ([{"type": "run_routes", "entity": "GT", "routes": [{"train": "4", "revenue": 130}]},
      {"type": "pass", "entity": "GT"}], False),
])
def test_step_passes_before_a_later_move_are_what_the_table_does_itself(means, ok):
    line = "GT: no tile, no token, runs the 4 for 130."
    assert blind_read.judge(_item("1882", line, means, "GT")).ok is ok


def test_a_minor_s_dividend_is_the_game_s_and_a_major_s_is_not():
    pays = [{"type": "dividend", "entity": "N", "kind": "payout"}]
    assert "N" in blind_read.context_for_title("1861", {}, round_kind="OR").automatic_dividends
    assert blind_read.judge(_item("1861", "N runs a 2 train for 40, pays out.",
                                  [{"type": "run_routes", "entity": "N", "routes": [{"train": "2", "revenue": 40}]},
                                   *pays], "N")).ok
    # 18xx.games logs the split as "N withholds 40₽": so written, it is the same move
    assert blind_read.judge(_item("1861", "N withholds", [{"type": "dividend", "entity": "N", "kind": "withhold"}],
                                  "N")).ok
    # a major's payout stays a move to be read
    assert not blind_read.judge(_item("1861", "GRR runs a 2 train for 40.",
                                      [{"type": "run_routes", "entity": "GRR", "routes": [{"train": "2", "revenue": 40}]},
                                       {"type": "dividend", "entity": "GRR", "kind": "payout"}], "GRR")).ok


@pytest.mark.parametrize("total, ok", [(130, True), (120, False)])
def test_a_run_s_total_may_stand_for_its_routes(total, ok):
    want = [{"type": "run_routes", "entity": "GT", "revenue": total}]
    line = "GT runs the 3 for 90 and the 2 for 40."
    assert blind_read.judge(_item("1882", line, want, "GT")).ok is ok


#: real lines people wrote or pasted (tests/data/real/README.md): only seen.jsonl is read here;
#: unseen.jsonl is scored once, at the end of the reader's rework (issue #24)
REAL_SEEN = [json.loads(ln) for ln in (HERE / "data" / "real" / "seen.jsonl").read_text().splitlines() if ln.strip()]
#: the share of the real seen move lines that need no missing context read as meant today
REAL_FLOOR = 1.0


def test_real_lines_are_read_as_their_writers_meant():
    fair = [x for x in REAL_SEEN if x.get("fair", True)]
    moves = [blind_read.judge(x) for x in fair if x["means"]]
    others = [blind_read.judge(x) for x in fair if not x["means"]]
    rate = sum(v.ok for v in moves) / len(moves)
    assert len(moves) >= 80 and len(others) >= 20
    assert rate >= REAL_FLOOR, f"{rate:.0%} read; missed e.g. {[v.line['line'] for v in moves if not v.ok][:5]}"
    assert [v.line["line"] for v in others if not v.ok] == []          # no real chat line read as a move


#: the real lines scored once and seen since (tests/data/real/*-scored.jsonl): the fair move lines
#: each reads as meant today, a floor that only goes up
SCORED_FLOORS = {"unseen-scored.jsonl": 42, "unseen-human-scored.jsonl": 18, "unseen-human3-scored.jsonl": 0,
                 "unseen-human4-scored.jsonl": 3, "unseen-human5-scored.jsonl": 3,
                 "unseen-human6-scored.jsonl": 2, "unseen-human7-scored.jsonl": 17,
                 "unseen-human8-scored.jsonl": 0, "unseen-human9-scored.jsonl": 1}


@pytest.mark.parametrize("name", sorted(SCORED_FLOORS))
def test_real_lines_scored_once_read_no_worse(name):
    lines = [json.loads(ln) for ln in (HERE / "data" / "real" / name).read_text().splitlines() if ln.strip()]
    fair = [x for x in lines if x.get("fair", True)]
    verdicts = [blind_read.judge(x) for x in fair]
    read = sum(v.ok for v, x in zip(verdicts, fair) if x["means"])
    assert read >= SCORED_FLOORS[name], [v.line["line"] for v, x in zip(verdicts, fair) if x["means"] and not v.ok]
    assert [v.line["line"] for v, x in zip(verdicts, fair) if not x["means"] and not v.ok] == []   # no chat read as a move


def test_every_scored_real_file_has_a_floor():
    assert {p.name for p in (HERE / "data" / "real").glob("*-scored.jsonl")} == set(SCORED_FLOORS)
