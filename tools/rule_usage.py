#!/usr/bin/env python3
"""Developer tool (issue #24): which rewording rules (pbem/notation/paraphrase_rules.RULES) still
take part in a reading that succeeds, now that the interpreter reads a refused line first and the
rules only see what it does not read.

usage: rule_usage.py [--tests]     (--tests: also every notation test, run in this process)
Prints, for each rule, its index, how many successful readings it took part in, and its pattern;
a rule at 0 changes no reading of the corpora (nor of the tests, with --tests).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import blind_read  # noqa: E402
from pbem.notation import paraphrase as paraphrase_module, paraphrase_rules, parser, sequence  # noqa: E402

USED: dict[int, int] = {}
_CHANGED: dict[str, list[int]] = {}      # a rewording's text -> the rules that made it
_NOW: list[int] = []


def _wrap(i: int, rule):
    def wrapped(text: str) -> str:
        out = rule(text)
        if out != text:
            _NOW.append(i)
        return out
    wrapped.__wrapped__ = rule
    return wrapped


def install() -> None:
    """Count, for each rule, the rewordings it changed that then read."""
    for i, rule in enumerate(list(paraphrase_rules.RULES)):
        paraphrase_rules.RULES[i] = _wrap(i, rule)
    real = paraphrase_module.paraphrase

    def paraphrase(line, *a, **k):
        _NOW.clear()
        out = real(line, *a, **k)
        if out is not None:
            _CHANGED[out] = list(_NOW)
        return out
    parser.paraphrase = sequence.paraphrase = paraphrase
    read_line, handle = parser._Reader._read_line, sequence._handle

    def _read_line(self, line_no, line):
        out = read_line(self, line_no, line)
        for i in _CHANGED.get(line, ()):
            USED[i] = USED.get(i, 0) + 1
        return out

    def _handle(reader, tree):
        n = handle(reader, tree)
        for i in _CHANGED.get(reader.line, ()):
            USED[i] = USED.get(i, 0) + 1
        return n
    parser._Reader._read_line, sequence._handle = _read_line, _handle


def main() -> int:
    install()
    for f in sorted((ROOT / "tests/data/blind").glob("*.jsonl")) + [ROOT / "tests/data/real/seen.jsonl",
                                                                   ROOT / "tests/data/real/unseen-scored.jsonl"]:
        for line in f.read_text().splitlines():
            if line.strip():
                blind_read.judge(json.loads(line))
    if "--tests" in sys.argv[1:]:
        import pytest
        pytest.main(["-q", "-p", "no:cacheprovider", *map(str, sorted((ROOT / "tests").glob("test_notation*.py"))),
                     *map(str, sorted((ROOT / "tests").glob("test_interpreter*.py"))), str(ROOT / "tests/test_read_once.py")])
    for i, rule in enumerate(paraphrase_rules.RULES):
        f = getattr(rule, "__wrapped__", rule)
        cells = [c.cell_contents for c in (getattr(f, "__closure__", None) or ())]
        pattern = next((c.pattern for c in cells if hasattr(c, "pattern")), getattr(f, "__name__", ""))
        print(f"{i}\t{USED.get(i, 0)}\t{pattern[:120]}")
    print(f"rules taking part in a reading: {len(USED)} of {len(paraphrase_rules.RULES)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
