"""The two readers of a message agree: `parse_message` (the scorer's, `pbem parse`) and the
move-by-move reader the table and `pbem.Game.push_notation` use (`notation/sequence.py`), on
every line of the blind corpora. They once differed: the table reworded a refused line once,
without the game's names and places, and never tried the reading by pieces on a line whose
grammar tree parsed, so the scorer counted lines the table refused."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tools"))

import blind_read  # noqa: E402

from pbem.errors import PbemError  # noqa: E402
from pbem.notation import context_for_title, parse_message  # noqa: E402
from pbem.notation.sequence import iter_moves  # noqa: E402

CORPORA = sorted((HERE / "data" / "blind").glob("lines*.jsonl"))


def _context_maker(item: dict):
    names = item.get("players") or ["Ann", "Bob", "Cid", "Dee"]
    players = {n.lower(): n for n in names}
    actor = (item.get("actor") or names[0]).lower()
    current = item.get("operating") or actor
    if current.lower() in players:
        current = current.lower()
    return lambda: context_for_title(item["title"], players, actor=actor, current=current,
                                     rotation_resolver=blind_read._no_board, round_kind=item.get("round"))


def _reading(read) -> object:
    try:
        return [repr(a) for a in read()]
    except PbemError:
        return "refused"


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda p: p.stem)
def test_the_table_reads_each_line_as_the_reader_alone_does(corpus):
    differ = []
    items = [json.loads(ln) for ln in corpus.read_text().splitlines() if ln.strip()]
    for item in items:
        make = _context_maker(item)
        alone = _reading(lambda: parse_message(item["line"], make()))
        table = _reading(lambda: [pm.action for pm in iter_moves(item["line"], make)])
        if alone != table:
            differ.append((item["line"], alone, table))
    assert len(items) > 100
    assert not differ, differ[:5]
