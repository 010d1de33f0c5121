"""`pbem explain`: for every move of the shared records and of a random 1861 game with mergers,
conversions and nationalisations, the figures the explanation prints add up to the engine's own
state changes: each payer's and payee's cash, each holder's certificates, each train's stops and
the run's revenue. Every kind of action of 1882 and 1861 is met."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem.cli import main
from pbem.replay.explain import explanation
from pbem.replay.ledger import BANK, ledger
from pbem.replay.walk import open_replay

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
ROOT = Path(__file__).resolve().parents[1]
GAMES = [FIX / "1882" / "5585.json", FIX / "1882" / "1882_game_end_bankrupt.json", FIX / "1861" / "29683.json",
         ROOT / "tests" / "data" / "random" / "1861-seed4.pbem"]
AMOUNT = r"(\d+)"          # lines are read with 1861's "40₽" written "$40"


def _cash(g) -> dict:
    out = {p.name: p.cash for p in g.players.values()}
    out.update({s: c.cash for s, c in g.corporations.items()})
    out[BANK] = g.bank
    return out


def _paper(g) -> dict:
    names = {pid: p.name for pid, p in g.players.items()}
    return {(s, names.get(h, h)): pct for s, c in g.corporations.items() for h, pct in c.shares.items()}


def _amounts(text: str) -> list[tuple[str, int]]:
    return [(who.strip(), int(n)) for who, n in re.findall(r"([^,:]+?) \$" + AMOUNT, text)]


def check_lines(lines: list[str], cash_change: dict, paper_change: dict, revenue) -> set[str]:
    """Check each printed figure against the engine's changes; the kinds of line met."""
    met = set()
    for line in (re.sub(r"(\d+)₽", r"$\1", x) for x in lines):
        m = re.fullmatch(r"(.+?) paid \$" + AMOUNT + r": (.+)", line)
        if m:
            payer, total, rest = m.group(1), int(m.group(2)), _amounts(m.group(3))
            assert total == sum(n for _, n in rest), line
            assert cash_change[payer] == -total, line
            for who, n in rest:
                assert cash_change[who] == n, (line, who)
            met.add("paid")
            continue
        m = re.fullmatch(r"(.+?) received \$" + AMOUNT + r": from (.+)", line)
        if m:
            payee, total, rest = m.group(1), int(m.group(2)), _amounts(m.group(3))
            assert total == sum(n for _, n in rest) == cash_change[payee], line
            for who, n in rest:
                assert cash_change[who] == -n, (line, who)
            met.add("received")
            continue
        m = re.fullmatch(r"(.+?) ([+-])\$" + AMOUNT, line)
        if m:
            assert cash_change[m.group(1)] == int(m.group(3)) * (1 if m.group(2) == "+" else -1), line
            met.add("change")
            continue
        m = re.fullmatch(r"(\S+) certificates: from (.+) to (.+)", line)
        if m:
            corp = m.group(1)
            gave = [x.rsplit(" ", 1) for x in m.group(2).split(", ") if x != "nobody"]
            got = [x.rsplit(" ", 1) for x in m.group(3).split(", ") if x != "nobody"]
            gave = [(w, p.rstrip("%")) for w, p in gave]
            got = [(w, p.rstrip("%")) for w, p in got]
            for who, pct in gave:
                assert paper_change[(corp, who)] == -int(pct), line
            for who, pct in got:
                assert paper_change[(corp, who)] == int(pct), line
            if "nobody" not in line:
                assert sum(int(p) for _, p in gave) == sum(int(p) for _, p in got), line
            met.add("paper")
            continue
        m = re.fullmatch(r"\S+ (\S+)-train: (.+) = \$" + AMOUNT, line)
        if m:
            body = m.group(2)
            stops = [int(v) for v in re.findall(r"[A-Z]+\d+ (\d+)", body)]
            bonus = re.search(r"\+ bonus (\d+)$", body)
            malus = re.search(r" - (\d+)$", body)
            total = sum(stops) + (int(bonus.group(1)) if bonus else 0) - (int(malus.group(1)) if malus else 0)
            assert total == int(m.group(3)), line
            met.add("run")
            continue
        m = re.fullmatch(r"why: the privates' income as OR \S+ begins: (.+)", line)
        if m:
            got: dict = {}
            for sym, n, who in re.findall(r"(\S+) \$" + AMOUNT + r" to ([^,]+)", m.group(1)):
                got[who] = got.get(who, 0) + int(n)
            assert got and all(cash_change[w] == n for w, n in got.items()), line
            met.add("income")
            continue
        m = re.fullmatch(r"(\S+) revenue: \$" + AMOUNT, line)
        if m:
            assert int(m.group(2)) == revenue, line
            met.add("revenue")
    return met


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_printed_figures_add_up_to_the_engine_changes(path):
    replay = open_replay(path)
    before_ledger = ledger(replay.game)
    cash, paper = _cash(replay.game.state), _paper(replay.game.state)
    kinds: set[str] = set()
    met: set[str] = set()
    for m in replay:
        g = m.game.state
        new_cash, new_paper = _cash(g), _paper(g)
        cash_change = {k: new_cash.get(k, 0) - cash.get(k, 0) for k in set(cash) | set(new_cash)}
        paper_change = {k: new_paper.get(k, 0) - paper.get(k, 0) for k in set(paper) | set(new_paper)}
        ex = explanation(before_ledger, m)
        revenue = sum(r.revenue for r in g.last_run[1]) if g.last_run[1] else None
        met |= check_lines(ex.lines, cash_change, paper_change, revenue)
        # every change of cash and paper is told somewhere
        assert {k for k, v in cash_change.items() if v} == set(ex.cash), m.id
        assert {k for k, v in paper_change.items() if v} == set(ex.paper), m.id
        kinds |= {type(a).__name__ for a in m.actions}
        before_ledger, cash, paper = ledger(m.game), new_cash, new_paper
    assert {"paid", "paper", "run", "revenue", "income"} <= met
    common = {"Bid", "Pass", "BuyShares", "LayTile", "RunRoutes", "BuyTrain"}
    assert common <= kinds, common - kinds


def test_every_action_kind_of_both_titles_is_explained():
    kinds: set[str] = set()
    for path in GAMES:
        replay = open_replay(path)
        before = ledger(replay.game)
        for m in replay:
            lines = explanation(before, m).lines
            assert lines[0].startswith(f"move {m.id}: ")
            kinds |= {type(a).__name__ for a in m.actions}
            before = ledger(m.game)
    wanted = {"Bid", "Pass", "Par", "BuyShares", "SellShares", "LayTile", "PlaceToken", "RunRoutes", "Dividend",
              "BuyTrain", "BuyCompany", "DiscardTrain", "Merge", "Convert", "Choose", "Bankrupt"}
    assert wanted <= kinds, wanted - kinds


def test_explain_on_the_command_line(capsys):
    rec = FIX / "1882" / "5585.json"
    assert main(["explain", str(rec), "146"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("move 146: HBR pays out")
    assert "the bank paid $117: HBR $13, Player 1 $26, Player 2 $78" in out
    assert main(["explain", str(rec), "99999"]) == 2
    assert "has no action 99999" in capsys.readouterr().err
