"""What a command loads: only what its work needs (issue #28: the title loaded once per process
and lazily). A record's replay loads no drawing library, no templates, no grammar, no schema
library and no mail code; a status report in text loads the templates but draws nothing and
reads no text with the grammar."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT.parent / "shared" / "fixtures" / "18xx.games" / "1882"
HEAVY = ("PIL", "jinja2", "lark", "jsonschema", "email", "imapclient", "lxml", "inscriptis")


def loaded_by(*args: str, cwd: Path = ROOT) -> list[str]:
    """The heavy libraries `pbem ARGS` has imported when it is done (run as a subprocess)."""
    code = ("import sys; from pbem.cli import main; code = main(sys.argv[1:]); "
            f"print('LOADED', *sorted(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr); "
            "raise SystemExit(code)")
    p = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=cwd)
    assert p.returncode == 0, p.stderr
    line = [ln for ln in p.stderr.splitlines() if ln.startswith("LOADED")][-1]
    return line.split()[1:]


def test_replaying_a_record_loads_none_of_the_heavy_libraries():
    assert loaded_by("replay", str(FIX / "hs_fxmfdndg_26178.json")) == []


def test_a_record_that_breaks_the_schema_loads_the_schema_library_to_word_it(tmp_path):
    data = json.loads((FIX / "hs_fxmfdndg_26178.json").read_text())
    data["actions"][3]["price"] = "55"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code = ("import sys; from pbem.cli import main; code = main(sys.argv[1:]); "
            "print('LOADED', 'jsonschema' in sys.modules, file=sys.stderr)")
    p = subprocess.run([sys.executable, "-c", code, "replay", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert 'field "price": expected an integer, got "55"' in p.stderr
    assert "LOADED True" in p.stderr


def test_a_status_report_loads_the_templates_and_nothing_to_draw_or_read(tmp_path):
    game = tmp_path / "g.pbem"
    subprocess.run([sys.executable, "-m", "pbem", "import-18xx", str(FIX / "10526.json"), str(game)],
                   check=True, capture_output=True, cwd=ROOT)
    assert loaded_by("status", str(game)) == ["jinja2"]


def test_the_grammar_is_loaded_only_for_a_line_it_reads(tmp_path):
    """A canonical move is read exactly and a move in words by the interpreter: neither loads
    lark; a line of several canonical moves is the grammar's."""
    game = tmp_path / "g.pbem"
    subprocess.run([sys.executable, "-m", "pbem", "new", "1882", str(game), "--players", "Ann", "Bob", "Cid"],
                   check=True, capture_output=True, cwd=ROOT)
    assert loaded_by("move", str(game), "Ann bids 20 for HB") == []
    assert loaded_by("move", str(game), "I'll go 85 on the NWR", "--as", "Bob") == []
    assert loaded_by("move", str(game), "Cid bids 145 for TB; Ann passes") == ["lark"]


def compiled_by(*args: str) -> tuple[int, int]:
    """How many of the reader's module-level patterns `pbem ARGS` compiled, of how many."""
    code = ("import sys; from pbem.cli import main; code = main(sys.argv[1:]); "
            "from pbem.notation.lazy import Regex; "
            "pats = [v for n, m in list(sys.modules.items()) if n.startswith(('pbem.notation', 'pbem.reading')) "
            "for v in vars(m).values() if isinstance(v, Regex)]; "
            "print('COMPILED', sum('search' in vars(p) for p in pats), len(pats), file=sys.stderr); "
            "raise SystemExit(code)")
    p = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    line = [ln for ln in p.stderr.splitlines() if ln.startswith("COMPILED")][-1]
    return int(line.split()[1]), int(line.split()[2])


def test_the_reader_compiles_only_the_patterns_a_line_reaches(tmp_path):
    game = tmp_path / "g.pbem"
    subprocess.run([sys.executable, "-m", "pbem", "new", "1882", str(game), "--players", "Ann", "Bob", "Cid"],
                   check=True, capture_output=True, cwd=ROOT)
    used, loaded = compiled_by("move", str(game), "Ann bids 20 for HB")
    assert used <= 3 and loaded > 20                  # a canonical line: the exact reader's own, if any
    used, loaded = compiled_by("move", str(game), "I'll go 85 on the NWR", "--as", "Bob")
    assert 0 < used < loaded // 2, (used, loaded)      # in words: the interpreter's, only those it tried


def test_a_pattern_compiled_when_first_used_reads_as_re_compiles_it():
    import re

    from pbem.notation.lazy import regex

    rx = regex(r"(?P<n>\d+)\s*x", re.I)
    assert "search" not in vars(rx) and rx.pattern == r"(?P<n>\d+)\s*x"
    assert rx.search("a 12 X").group("n") == "12"
    assert "search" in vars(rx)
    assert rx.sub("#", "1x 2X") == "# #" and rx.findall("3x") == ["3"] and rx.groupindex == {"n": 1}
    assert rx.fullmatch("12 x") and not rx.fullmatch("12 y") and rx.flags == re.compile("", re.I).flags


def test_a_pattern_compiled_when_first_used_copies_and_pickles():
    import copy
    import pickle

    from pbem.notation.lazy import regex

    for used in (False, True):
        rx = regex(r"b+", 0)
        if used:
            rx.search("abb")
        for again in (copy.copy(rx), copy.deepcopy(rx), pickle.loads(pickle.dumps(rx))):
            assert again.pattern == "b+" and again.search("abbb").group() == "bbb"


def test_a_moderator_warming_its_reader_compiles_every_pattern():
    """The mail moderator warms the reader before its first mail (pbem.reading.driver.warm):
    then no mail pays for compiling a pattern."""
    code = ("from pbem.reading.driver import warm; from pbem.notation import lazy; "
            "before = sum('search' in vars(p) for p in lazy._MADE); warm('1861'); "
            "print(before, sum('search' in vars(p) for p in lazy._MADE), len(lazy._MADE))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    before, after, made = map(int, p.stdout.split())
    assert before < made // 2 and after == made > 300, (before, after, made)


def test_a_pattern_no_longer_used_is_not_kept_for_compiling():
    """A pattern made per game (its names) goes with the game: the warm list holds it weakly."""
    import gc

    from pbem.notation import lazy

    rx = lazy.regex(r"per-game names")
    assert rx in lazy._MADE
    n = len(lazy._MADE)
    del rx
    gc.collect()
    assert len(lazy._MADE) == n - 1
