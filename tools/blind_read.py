#!/usr/bin/env python3
"""Developer tool: how many lines of a corpus written blind (by someone who never saw pbem's
grammar) pbem reads as their writer meant.

A corpus is JSON lines: {"title", "round", "actor", "operating", "players", "line", "means",
"style"}; a corpus of real lines adds "source" and "fair" (false for a line that needs context
its text lacks: such lines are counted apart, beside a "fair lines" figure). `means` lists the
intended moves in 18xx.games' action vocabulary (only the fields the line states), or is empty
for a line that is not a move. A move line counts as read when pbem reads exactly those moves
(the stated fields equal); a non-move line counts as kept out when pbem reads no move from it
(set aside as chat or as a log line, or refused). A non-move line read as a move is a
misreading, the one thing that must never happen.

The scorer has no game, so it stands in for the table in two ways only, and counts the lines
read as meant only thanks to them: a run written without its train is read with the train left
unknown (at the table: the company's one kind of train, or a question when it owns two) and its
train is then not compared; a run of nothing ("run none") its writer meant as no move is set
aside (at the table: when the game skipped the run step itself), and so is a run told only by
its revenue beside its dividend, train and stops unknown (at the table: settled by the route search).

Three readings count as the same moves because the table plays them alike whatever the
position: a depot train written without its price (it has one price per title), the operating
company's step passes said before a later move of its own (a later move passes them itself),
and a dividend the game pays by itself (1861's minors), written or not.

usage: blind_read.py CORPUS.jsonl [-v]     (prints the rates, and with -v every miss)
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem.engine import actions as A  # noqa: E402
from pbem.engine.step import kind_of  # noqa: E402
from pbem.errors import AmbiguousMoveError, PbemError  # noqa: E402
from pbem.table.lines import could_be_move  # noqa: E402
from pbem.notation import context_for_title, parse_message  # noqa: E402


@dataclass
class Verdict:
    line: dict
    ok: bool
    got: str            # what pbem read (or why it refused)
    no_run_aside: bool = False   # a run of nothing set aside as the table would (see judge)


def _pid(name: str) -> str:
    return name.strip().lower()


def _norm_entity(value: str, players: dict[str, str]) -> str:
    low = value.strip().lower()
    return low if low in players else value.strip()


def as_fields(action: A.Action) -> dict:
    """An action as the corpus vocabulary's fields (18xx.games names, simplified values)."""
    kind = kind_of(action) or type(action).__name__
    out: dict = {"type": kind, "entity": action.entity}
    for name in ("company", "corporation", "price", "percent", "hex", "tile", "rotation", "kind", "train",
                 "choice"):
        if hasattr(action, name):
            out[name] = getattr(action, name)
    if isinstance(action, A.BuyShares):
        out["source"] = "market" if action.source == "pool" else action.source
        if action.corporation == action.entity:          # 1861: a corporation redeeming its own share
            out["type"] = "redeem_shares"
    if isinstance(action, A.PlaceToken) and action.neutral:
        out["token_type"] = "neutral"
    if isinstance(action, A.BuyTrain):
        out["source"] = action.source
        out["exchange"] = action.exchange
    if isinstance(action, A.RunRoutes):
        out["routes"] = [{"train": r.train, "hexes": sorted(s.hex for s in r.stops), "revenue": r.revenue}
                         for r in action.routes]
    return out


def _same(want: dict, got: dict, players: dict[str, str], title: Optional[str] = None) -> bool:
    want = dict(want)
    kind = want.pop("type")
    if kind == "bid" and "corporation" in want:          # 1861: minors are auctioned
        want["company"] = want.pop("corporation")
    if kind in ("redeem_shares", "buy_shares") and got["type"] == "redeem_shares" and \
            want.get("corporation") in (None, want.get("entity")):
        pass
    elif kind != got["type"]:
        return False
    for key, value in want.items():
        if value is None:
            continue
        have = got.get(key)
        if key == "entity":
            if _norm_entity(str(value), players) != have:
                return False
        elif key == "routes":
            if len(value) != len(have or []):
                return False
            for w, h in zip(value, have):
                # a train the line does not state is not compared (the stand-in above)
                if h["train"] != UNKNOWN_TRAIN and str(w.get("train")) != str(h["train"]):
                    return False
                # the writer may list a hex the route only passes through (no stop there)
                if "hexes" in w and not set(h["hexes"]) <= set(w["hexes"]):
                    return False
                if w.get("revenue") is not None and w["revenue"] != h["revenue"]:
                    return False
        elif key == "revenue" and kind == "run_routes":
            # a run's total written without its routes: the sum of the routes read
            if sum(r["revenue"] or 0 for r in got.get("routes") or []) != value:
                return False
        elif key in ("tile", "train"):
            if str(value) != str(have):
                return False
        elif key == "source" and value == "ipo" and have in (None, "ipo"):
            continue
        elif key == "price" and kind == "buy_train" and have is None and got.get("source") == "depot" \
                and value == _depot_price(title, str(want.get("train"))):
            continue    # a depot train written without its price costs its one price at the table
        elif have != value and not (isinstance(value, str) and str(have).lower() == value.lower()):
            return False
    return True


def _depot_price(title: Optional[str], train: str) -> Optional[int]:
    """The price of a train bought from the depot: one price per kind of train in every title
    (pbem fills it in at the table; a writer may state it or not)."""
    from pbem.titles.registry import title_data

    for t in title_data(title or "").get("trains", []) if title else ():
        if str(t["name"]) == train:
            return t.get("price")
    return None


def _paid_by_game(move: dict, ctx) -> bool:
    """A dividend the game pays by itself (1861's minors split their revenue, half to the owner,
    half kept: 18xx.games logs it "N withholds 40₽" and "Ann receives 40₽"): however a writer
    names it, written or not, read or set aside, the table plays it alike."""
    return move.get("type") == "dividend" and move.get("entity") in ctx.automatic_dividends


def _steps_said(moves: list[dict], operating: Optional[str]) -> list[dict]:
    """`moves` without the operating company's step passes that come before another move of
    its own ("no tile, no token, runs the 4 ..."): at the table a move of a later step passes
    the steps before it itself (pbem/reading/settle.py), so the two readings play alike."""
    if not operating:
        return moves
    out = []
    for i, m in enumerate(moves):
        later = any(n["entity"] == m["entity"] and n["type"] != "pass" for n in moves[i + 1:])
        if not (m["type"] == "pass" and m["entity"] == operating and later):
            out.append(m)
    return out


def _one_share_each(want: list[dict], ctx) -> list[dict]:
    """`want` with a buy of several shares as that many buys of one share: the reader reads a
    count of shares so (pbem/notation/share_quantity.py), as the rules buy them, one certificate
    per action; a writer meaning "one buy of 40%" means the same shares."""
    out = []
    for w in want:
        pct, corp = w.get("percent"), w.get("corporation") or w.get("entity")
        size = ctx.share_size(corp) if corp else 0
        if w.get("type") in ("buy_shares", "redeem_shares") and pct and size and pct > size and pct % size == 0:
            out.extend(dict(w, percent=size) for _ in range(pct // size))
        else:
            out.append(w)
    return out


def _no_board(tile: str, hex_: str, edges: tuple) -> int:
    """Without a board no rotation can be worked out: a lay written without one is read with
    rotation 0 here and compared only when the corpus line gives the rotation."""
    if edges:
        raise AmbiguousMoveError("no board to work out a rotation from edges")
    return 0


#: the train of a run written without one, as the scorer reads it: at the table the train is the
#: operating company's one kind (the context's `trains_of`) and with two kinds the reply asks; the
#: scorer has no game, so it stands in for a company of one kind whose kind it does not know
UNKNOWN_TRAIN = "?"


def _one_unknown_kind(corporation: str) -> list[str]:
    """The scorer's `trains_of`: one kind of train, not known (compared with nothing)."""
    return [UNKNOWN_TRAIN]


def by_stand_in(v: Verdict) -> bool:
    """Whether a line was read as meant only because the scorer stood in for the table: a run
    whose train it left unknown, or a run of nothing it set aside."""
    return v.ok and bool(v.line.get("means")) and (f'"train": "{UNKNOWN_TRAIN}"' in v.got or v.no_run_aside)


def context_of(item: dict):
    """What the scorer knows of the game of a corpus line: the title, the seats, who writes, who
    operates and the kind of round (no position: no legal moves to choose among)."""
    names = item.get("players") or ["Ann", "Bob", "Cid", "Dee"]
    players = {_pid(n): n for n in names}
    actor = _pid(item.get("actor") or names[0])
    current: Optional[str] = item.get("operating") or actor
    if current and current.lower() in players:
        current = current.lower()
    return context_for_title(item["title"], players, actor=actor, current=current,
                             rotation_resolver=_no_board, round_kind=item.get("round"),
                             trains_of=_one_unknown_kind)


def judge(item: dict) -> Verdict:
    ctx = context_of(item)
    players = dict(ctx.players)
    actor = ctx.actor
    # 18xx.games takes 1861's loans by itself (no action): a loan a line mentions is not a move;
    # nor is a dividend the game pays by itself (1861's minors split their revenue)
    want = [w for w in item.get("means") or [] if w.get("type") != "take_loan" and not _paid_by_game(w, ctx)]
    text = item["line"]
    if not want and not could_be_move(text):
        return Verdict(item, True, "chat")
    try:
        got = parse_message(text, ctx)
    except PbemError as e:
        return Verdict(item, not want, f"refused: {str(e).splitlines()[0][:160]}")
    fields = [f for f in (as_fields(a) for a in got) if not _paid_by_game(f, ctx)]
    # a run of nothing ("run none") is set aside at the table when the game skipped the run
    # step itself, the company having no train (pbem/reading/settle.py); without a game the
    # scorer sets it aside when its writer meant no run
    # likewise a run told only by its revenue beside its dividend ("..., pays out 210"), whose train
    # and stops the table settles (the company's one kind; the route search): its writer meant the dividend
    kept = [f for f in fields if f["type"] != "run_routes" or f["routes"] and not all(
        r["train"] == UNKNOWN_TRAIN and not r["hexes"] for r in f["routes"])]
    aside = bool(want) and len(kept) != len(fields) and not any(w.get("type") == "run_routes" for w in want)
    fields = kept if aside else fields
    if not want:
        # a log line of another player's move is read, and the table refuses it for the seat
        # (a message is applied all or nothing: one move for another seat refuses it all)
        other = any(f["entity"] in players and f["entity"] != actor for f in fields)
        return Verdict(item, not fields or other, "no move" if not fields else
                       f"another player's move, refused by the table: {fields}" if other else f"READ AS {fields}")
    operating = item.get("operating")
    said = _steps_said(fields, operating)
    ok = any(len(said) == len(w) and all(_same(x, g, players, item["title"]) for x, g in zip(w, said))
             for w in (want, _one_share_each(want, ctx), _steps_said(want, operating),
                       _steps_said(_one_share_each(want, ctx), operating)))
    return Verdict(item, ok, json.dumps(fields), no_run_aside=aside)


def main(argv: list[str]) -> int:
    path = Path(argv[0])
    verbose = "-v" in argv
    verdicts = [judge(json.loads(ln)) for ln in path.read_text().splitlines() if ln.strip()]
    moves = [v for v in verdicts if v.line.get("means")]
    others = [v for v in verdicts if not v.line.get("means")]
    misread = [v for v in others if not v.ok]
    for v in verdicts:
        if verbose and not v.ok:
            unfair = " not fair" if v.line.get("fair", True) is False else ""
            print(f"MISS [{v.line['title']} {v.line.get('style')}{unfair}] {v.line['line']!r}\n   want {json.dumps(v.line.get('means'))}\n   got  {v.got}")
    rate = f"move lines read as meant: {sum(v.ok for v in moves)}/{len(moves)}" \
           f" ({100 * sum(v.ok for v in moves) / max(1, len(moves)):.0f}%)"
    if any("fair" in v.line for v in verdicts):
        # a corpus of real lines marks the lines that need context the text lacks ("fair": false)
        fair = [v for v in moves if v.line.get("fair", True)]
        unfair = [v for v in moves if not v.line.get("fair", True)]
        rate += f"; fair lines: {sum(v.ok for v in fair)}/{len(fair)} ({100 * sum(v.ok for v in fair) / max(1, len(fair)):.0f}%)"
        rate += f"; not fair: {sum(v.ok for v in unfair)}/{len(unfair)}"
    print(rate)
    fair_note = ""
    if any("fair" in v.line for v in verdicts):
        fair_others = [v for v in others if v.line.get("fair", True)]
        fair_note = f" (fair lines: {sum(not v.ok for v in fair_others)}/{len(fair_others)})"
    print(f"non-move lines read as moves: {len(misread)}/{len(others)}{fair_note}")
    print(f"read only thanks to the scorer's stand-in for the table (a run without its train, "
          f"a run of nothing set aside): {sum(by_stand_in(v) for v in moves)}")
    styles: dict[str, list[bool]] = {}
    for v in moves:
        styles.setdefault(str(v.line.get("style")), []).append(v.ok)
    print("by style: " + ", ".join(f"{k} {sum(x)}/{len(x)}" for k, x in sorted(styles.items(), key=lambda kv: -len(kv[1]))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
