#!/usr/bin/env python3
"""Developer tool: the corpus lines read as moves that leave a piece of the line unexplained (issue #24:
a clause is read only when no piece is left unexplained), to find what the reader drops silently.

A line is read as blind_read.judge reads it (same context); when it reads as moves, the pieces it
writes are listed: numbers (digits), hex coordinates of the title's map, tile numbers ("#57"), and
the names of the game's players, corporations and privates written with their capital (symbol,
full name or alias). A piece is explained when it is a value of a field of a read action (a player
by name or id, a company by any of its names; routes and stops included), when a number is how
many equal actions were read or their percents' sum ("buys 3 shares", "30%") or a run's total, when
it names a company a line of passes alone is told on ("pass on the WVR"), or when it is a word
of a claim's value, of a note, or of the round label in force ("OR 2.1" read as a header). The rest
is printed, one row per line: file:n, the unexplained pieces, the line, and the actions read.
Lines refused or asked about, and lines read as no move, are not listed.

usage: unexplained.py [-c]     (-c: the count only)
Reads tests/data/blind/*.jsonl, tests/data/real/seen.jsonl and tests/data/real/*-scored.jsonl
(never a held-out file).
"""
from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import blind_read  # noqa: E402
from pbem.engine.actions import Pass, RunRoutes  # noqa: E402
from pbem.notation import format_action  # noqa: E402
from pbem.reading.driver import read  # noqa: E402
from pbem.titles.registry import title_data  # noqa: E402

_TILE = re.compile(r"#\s*(\d+)")
#: what is no piece of a move: a log's time of day ("[21:15]"), an ordinal ("a 2nd share", told of the
#: writer's holding and not checked), a greeting's or a signature's name ("Hi Marta", "Cheers, Marta")
_SKIPPED = re.compile(r"\[\d{1,2}:\d{2}(?::\d{2})?\]|\b\d+(?:st|nd|rd|th)\b|"
                      r"\b(?:hi|hello|hey|dear|thanks|thank you|cheers|regards|ta)\b[\s,!]+[A-Z][a-z]+\b")
_HEX = re.compile(r"\b([A-Za-z]{1,2})(\d{1,2})\b")
_NUMBER = re.compile(r"\d+")


def corpus_files() -> list[Path]:
    real = ROOT / "tests/data/real"
    return sorted((ROOT / "tests/data/blind").glob("*.jsonl")) + [real / "seen.jsonl"] + sorted(real.glob("*-scored.jsonl"))


def _map_hexes(title: str, cache: dict = {}) -> frozenset:
    if title not in cache:
        cache[title] = frozenset(h["coord"] for h in title_data(title).get("hexes") or [] if "coord" in h)
    return cache[title]


def _names(ctx) -> list[tuple[str, str]]:
    """(name as written with its capital, the id an action carries), longest first."""
    out = [(n, pid) for pid, n in ctx.players.items()]
    for table, aliases in ((ctx.corporations, ctx.corporation_aliases), (ctx.companies, ctx.company_aliases)):
        out += [(sym, sym) for sym in table] + [(name, sym) for sym, name in table.items()]
        out += [(alias, sym) for alias, sym in aliases.items()]
    ids: dict = {}
    for n, i in out:
        if n[:1].isupper():
            ids.setdefault(n, []).append(i)
    return sorted(((n, "|".join(i)) for n, i in ids.items()), key=lambda p: -len(p[0]))


def pieces(line: str, ctx, title: str) -> list[tuple[str, str]]:
    """The pieces `line` writes, as (text, values that explain it, "|" between): names, trains, tiles, hexes,
    then the other numbers (a number explained also by the word it is written in: "R2", "4T")."""
    out, taken = [], [False] * len(line)

    def take(a: int, b: int, text: str, value: str) -> None:
        if not any(taken[a:b]):
            taken[a:b] = [True] * (b - a)
            out.append((text, value))

    for name, ident in _names(ctx):
        for m in re.finditer(rf"(?<![\w&]){re.escape(name)}(?![\w&])", line):
            take(m.start(), m.end(), name, ident)
    for m in _SKIPPED.finditer(line):
        taken[m.start():m.end()] = [True] * (m.end() - m.start())
    for train in sorted(ctx.trains, key=len, reverse=True):
        for m in re.finditer(rf"(?<![\w+]){re.escape(train)}(?![\w+])", line):
            take(m.start(), m.end(), m.group(0), train)
    for m in _TILE.finditer(line):
        take(m.start(), m.end(), m.group(0), m.group(1))
    board = _map_hexes(title)
    for m in _HEX.finditer(line):
        coord = m.group(1).upper() + m.group(2)
        if coord in board:
            take(m.start(), m.end(), m.group(0), coord)
    for m in _NUMBER.finditer(line):
        word = re.search(r"[\w+/-]*$", line[:m.start()]).group(0) + m.group(0) + re.match(r"[\w+/-]*", line[m.end():]).group(0)
        take(m.start(), m.end(), m.group(0), m.group(0) + "|" + word)
    return out


def _scalars(value) -> list:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [x for f in dataclasses.fields(value) for x in _scalars(getattr(value, f.name))]
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in _scalars(k) + _scalars(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [x for v in value for x in _scalars(v)]
    return [value]


def explained(moves, ctx) -> tuple[set, str]:
    """The values the read moves hold (lower case), and the text of their claims, notes and headers."""
    values: set = set()
    for pm in moves:
        values |= {str(v).lower() for v in _scalars(pm.action) if v is not None}
    for action, n in Counter(pm.action for pm in moves).items():
        values.add(str(n))
        pct = getattr(action, "percent", None)
        if isinstance(pct, int):                # "sells 2 GT", "buys 3 shares", "30%"
            size = ctx.share_size(action.corporation) or 10
            values |= {str(pct * n), str(pct // size * n)}
    for pm in moves:
        if isinstance(pm.action, RunRoutes):    # a run's total ("total 110", "pays out 80")
            values.add(str(sum(r.revenue or 0 for r in pm.action.routes)))
    if all(isinstance(pm.action, Pass) for pm in moves):     # what a pass is told on ("pass on the WVR")
        values |= {s.lower() for s in list(ctx.corporations) + list(ctx.companies)}
    values |= {ctx.players[v].lower() for v in list(values) if v in ctx.players}
    words = [str(x) for pm in moves for c in pm.claims for x in _scalars(c.value)]
    words += [n for pm in moves for n in pm.notes] + [pm.header for pm in moves if pm.header]
    return values, "\n".join(words)


def unexplained(item: dict):
    """(pieces left unexplained, the moves read) for a corpus line read as moves, else None."""
    v = blind_read.judge(item)
    if not item["line"].strip() or v.got in ("chat", "no move") or v.got.startswith("refused"):
        return None
    ctx = blind_read.context_of(item)
    reading = read(item["line"], ctx)
    if not reading.ok or not reading.moves:
        return None
    values, text = explained(reading.moves, ctx)
    low = text.lower()
    places = {str(n).lower(): h.lower() for h, ns in ctx.locations.items() for n in ([ns] if isinstance(ns, str) else ns)}
    left = [shown for shown, value in pieces(item["line"], ctx, item["title"])
            if not any(v in values or _said(v, low) for v in value.lower().split("|"))
            and places.get(shown.lower()) not in values]
    return left, reading.moves, ctx


def _said(value: str, text: str) -> bool:
    """Whether `text` says `value`: a word, or a number anywhere ("2" in a header "OR2.1")."""
    edge = r"\d" if value.isdigit() else r"\w"
    return bool(re.search(rf"(?<!{edge}){re.escape(value)}(?!{edge})", text))


def main(argv: list[str]) -> int:
    count = 0
    for f in corpus_files():
        for i, raw in enumerate(x for x in f.read_text().splitlines() if x.strip()):
            item = json.loads(raw)
            found = unexplained(item)
            if not found or not found[0]:
                continue
            count += 1
            if "-c" not in argv:
                left, moves, ctx = found
                said = "; ".join(_shown(pm.action, ctx) for pm in moves)
                print(f"{f.name}:{i}\t{' '.join(left)}\t{item['line']}\t{said}")
    print(f"lines read as moves with a piece unexplained: {count}")
    return 0


def _shown(action, ctx) -> str:
    try:
        return format_action(action, ctx)
    except Exception:               # a move the writer cannot write is still shown
        return repr(action)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
