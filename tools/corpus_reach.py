#!/usr/bin/env python3
"""Developer tool: how many corpus lines reach each statement of the reader, to find rules that
fire on a single corpus line (issue #24 allows none) and code no corpus line reaches.

Runs every line of tests/data/blind/*.jsonl, tests/data/real/seen.jsonl and unseen-scored.jsonl
through `blind_read.judge` under coverage, one coverage context per line, then counts, for the
statements inside functions of `pbem/notation/` and `pbem/reading/`, those reached by no corpus
line, by exactly one and by two or more. Needs `pip install coverage`.

usage: corpus_reach.py            (the totals and the modules with most statements reached by one line)
       corpus_reach.py --blocks   (also each run of statements reached by one line, with that line)
"""
from __future__ import annotations

import ast
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

CORPORA = sorted((ROOT / "tests/data/blind").glob("*.jsonl")) + [ROOT / "tests/data/real/seen.jsonl",
                                                                 ROOT / "tests/data/real/unseen-scored.jsonl"]


def _measure(data_file: str):
    import coverage
    cov = coverage.Coverage(data_file=data_file, source=["pbem.notation", "pbem.reading"])
    cov.start()
    import blind_read
    for f in CORPORA:
        for i, text in enumerate(x for x in f.read_text().splitlines() if x.strip()):
            cov.switch_context(f"{f.name}:{i}")
            blind_read.judge(json.loads(text))
    cov.stop()
    cov.save()
    return cov.get_data()


def _in_functions(source: str) -> set[int]:
    """The line numbers inside the bodies of functions (not module or class level, run at import)."""
    inside: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for stmt in node.body:
                inside.update(range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1))
    return inside


def main(argv: list[str]) -> int:
    from coverage.python import PythonParser
    with tempfile.TemporaryDirectory() as tmp:
        data = _measure(str(Path(tmp) / "reach"))
        totals: Counter = Counter()
        rows, blocks = [], []
        for path in sorted(data.measured_files()):
            name = Path(path).resolve().relative_to(ROOT).as_posix()
            by_line = data.contexts_by_lineno(path)
            parser = PythonParser(filename=path)
            parser.parse_source()
            inside = _in_functions(Path(path).read_text())
            reach = {n: set(by_line.get(n, ())) - {""} for n in sorted(parser.statements) if n in inside}
            counts = Counter(min(len(c), 2) for c in reach.values())
            totals.update(counts)
            rows.append((name, counts[0], counts[1], counts[2]))
            run: list = []
            for n, c in reach.items():
                if len(c) == 1 and run and run[1] == c and n - run[3] <= 4:
                    run[3] = n
                elif len(c) == 1:
                    run and blocks.append(run)
                    run = [name, c, n, n]
            run and blocks.append(run)
    print(f"statements in functions: {sum(totals.values())}; reached by no corpus line {totals[0]}, "
          f"by exactly one {totals[1]}, by two or more {totals[2]}")
    print("modules with most statements reached by exactly one line (module, by none, by one, by more):")
    for row in sorted(rows, key=lambda r: -r[2])[:15]:
        print("  %-40s %5d %5d %5d" % row)
    if "--blocks" in argv:
        for name, c, a, b in blocks:
            print(f"{name}:{a}-{b}  {next(iter(c))}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
