"""Whole 18xx.games transcripts pasted into a new game with the record's seed (issue 8).

The transcripts in tests/data/transcripts were made from the shared records with the
reference engine (tools/ref_transcript.rb). Replaying one must reach the record's final
result; altering one consequence line must stop the replay at exactly that line.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem.engine.game import Game
from pbem.importers.eighteen_xx import load_record
from pbem.moderator.transcript import TranscriptError, play_transcript
from pbem.titles import load_title

HERE = Path(__file__).resolve().parent
TRANSCRIPTS = HERE / "data" / "transcripts"
FIX = HERE.parents[1] / "shared" / "fixtures" / "18xx.games"
#: every shared record's transcript, 1882 and 1861
WHOLE = sorted(p.stem for p in TRANSCRIPTS.glob("*.txt"))


def _game(stem: str):
    title, name = stem.split("_", 1)
    rec = load_record(FIX / title / f"{name}.json")
    names = dict(rec.players)
    return rec, names, Game(load_title(rec.title), [(n, n) for n in names.values()], rec.seed, rec.options)


@pytest.mark.parametrize("stem", WHOLE)
def test_whole_transcript_reaches_the_records_result(stem):
    rec, names, game = _game(stem)
    lines = play_transcript((TRANSCRIPTS / f"{stem}.txt").read_text(), game)
    assert game.finished
    assert {pid: game.player_value(names[pid]) for pid in rec.result} == rec.result
    kinds = {t.kind for t in lines}
    assert {"move", "consequence", "banner", "turn", "automatic"} <= kinds
    assert sum(t.kind == "move" for t in lines) > 50


def _altered(text: str, pattern: str, change) -> tuple[str, int]:
    lines = text.split("\n")
    for i, ln in enumerate(lines):
        if re.search(pattern, ln):
            lines[i] = change(ln)
            return "\n".join(lines), i + 1
    raise AssertionError(f"no line matches {pattern}")


ALTERATIONS = [
    # (what is altered, regex of the first line to alter, how)
    ("price move", r"share price moves", lambda s: re.sub(r"to \$(\d+)", lambda m: f"to ${int(m.group(1)) + 1}", s)),
    ("payee", r"pays out .*\(\$\d+ to", lambda s: re.sub(r"\(\$(\d+)", lambda m: f"(${int(m.group(1)) + 5}", s)),
    ("president", r"becomes the president of CNR", lambda s: s.replace("Player", "Player 9").replace("Player 9 ", "Player 1", 1) if "Player 1" not in s else s.replace("Player 1", "Player 2")),
    ("float capital", r"receives \$\d+$", lambda s: re.sub(r"\$(\d+)$", lambda m: f"${int(m.group(1)) - 10}", s)),
    ("operating company", r"operates CNR", lambda s: s.replace("CNR", "HBR")),
]


@pytest.mark.parametrize("what,pattern,change", ALTERATIONS, ids=[a[0] for a in ALTERATIONS])
def test_one_altered_consequence_line_is_refused_at_that_line(what, pattern, change):
    stem = "1882_hs_fxmfdndg_26178"
    text, no = _altered((TRANSCRIPTS / f"{stem}.txt").read_text(), pattern, change)
    _, _, game = _game(stem)
    with pytest.raises(TranscriptError) as info:
        play_transcript(text, game)
    assert info.value.line == no, str(info.value)


def _bump_price(line: str) -> str:
    return re.sub(r"to (\$?)(\d+)", lambda m: f"to {m.group(1)}{int(m.group(2)) + 7}", line, count=1)


def _bump_payee(line: str) -> str:
    return re.sub(r"(\$?)(\d+)(₽?) to (Player)", lambda m: f"{m.group(1)}{int(m.group(2)) + 5}{m.group(3)} to {m.group(4)}",
                  line, count=1)


@pytest.mark.parametrize("stem", WHOLE)
@pytest.mark.parametrize("what,pattern,change", [
    ("price move", r"share price moves \w+ from", _bump_price),
    ("payee", r"pays out .*\(.*\d+₽? to Player", _bump_payee),
], ids=["price move", "payee"])
def test_every_transcript_refuses_an_altered_consequence_at_its_line(stem, what, pattern, change):
    text, no = _altered((TRANSCRIPTS / f"{stem}.txt").read_text(), pattern, change)
    _, _, game = _game(stem)
    with pytest.raises(TranscriptError) as info:
        play_transcript(text, game)
    assert info.value.line == no, str(info.value)
