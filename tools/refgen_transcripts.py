#!/usr/bin/env python3
"""Developer tool: paste the transcript of every record tools/refgen.rb generated inside the
18xx.games engine into a new pbem game, as a player pastes the site's "Copy transcript".

Each record's transcript is written by the reference engine (tools/ref_transcript.rb) and played
with `pbem.table.transcript.play_transcript`; per record it prints `exact` (every line taken,
the game finished with the record's result) or the first line pbem could not take, with why.
A line the log does not settle (a token's city) is answered with the record's own move.

usage: REF18XX=/tmp/ref18xx refgen_transcripts.py DIR [DIR ...] [-v]
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pbem.engine.game import Game  # noqa: E402
from pbem.importers.eighteen_xx import load_record  # noqa: E402
from pbem.table.transcript import TranscriptError, TranscriptQuestion, play_transcript  # noqa: E402
from pbem.titles import load_title  # noqa: E402

ENV = dict(os.environ, REF18XX=os.environ.get("REF18XX", "/tmp/ref18xx"))


def transcript(path: Path) -> str:
    """The site's transcript of the record at `path`, written by the reference engine."""
    r = subprocess.run(["ruby", str(HERE / "ref_transcript.rb"), str(path)], capture_output=True,
                       text=True, env=ENV, timeout=1800)
    if r.returncode:
        raise RuntimeError((r.stderr.strip().splitlines() or ["ref_transcript.rb failed"])[-1])
    return r.stdout


def paste(path: Path) -> tuple[str, str, int]:
    """(verdict, detail, lines taken) for one record: 'exact', 'stops' or 'unfinished'."""
    rec = load_record(path)
    names = dict(rec.players)
    text = transcript(path)
    answers: dict[int, str] = {}
    for _ in range(50):
        game = Game(load_title(rec.title), [(n, n) for n in names.values()], rec.seed, rec.options)
        try:
            taken = play_transcript(text, game, answers)
        except TranscriptQuestion as q:
            if q.line in answers:
                return "stops", str(q), q.line - 1
            answers[q.line] = q.candidates[0]
            continue
        except TranscriptError as e:
            return "stops", str(e), e.line - 1
        if not game.finished:
            return "unfinished", f"the transcript's {len(taken)} lines leave the game unfinished", len(taken)
        got = {pid: game.player_value(names[pid]) for pid in rec.result}
        if got != rec.result:
            return "stops", f"result {got}, the record's {rec.result}", len(taken)
        return "exact", f"{len(taken)} lines" + (f", {len(answers)} answered" if answers else ""), len(taken)
    return "stops", "too many questions", 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+", type=Path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    verdicts: Counter = Counter()
    for d in args.dirs:
        for path in sorted(d.glob("*.json")):
            verdict, detail, _ = paste(path)
            verdicts[verdict] += 1
            if verdict != "exact" or args.verbose:
                print(f"{path.name}: {verdict}: {detail}", flush=True)
    print(", ".join(f"{k} {v}" for k, v in sorted(verdicts.items())))
    return 0 if set(verdicts) <= {"exact"} else 1


if __name__ == "__main__":
    sys.exit(main())
