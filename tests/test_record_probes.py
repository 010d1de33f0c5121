"""Hundreds of bad 18xx.games records (tests/badrecords.py) each end in one of pbem's own
errors: through the CLI a non-zero exit and one line on stderr, never a traceback, never an
"internal error"; through the API a PbemError and nothing else."""
import random
import subprocess
import sys

import pytest

from badrecords import bad_records, wrong_results
from pbem.cli import main
from pbem.errors import PbemError
from pbem.importers.eighteen_xx import check_result, load_record, replay_record

ALL = bad_records()
# every probe of the file and its top level, a fixed sample of those inside actions (each of
# those replays up to its action), and the records whose result is off
OUTSIDE = [p for p in ALL if ": action " not in p[0]]
INSIDE = [p for p in ALL if ": action " in p[0] and ") price = " in p[0]]
INSIDE += random.Random(7).sample([p for p in ALL if ": action " in p[0] and p not in INSIDE], 250)
PROBES = OUTSIDE + INSIDE + wrong_results()


def test_there_are_enough_probes_of_every_kind():
    names = " ".join(name for name, _ in PROBES)
    assert len(PROBES) >= 300
    for words in ("truncated", "empty", "binary", "no title", "no players", "no actions", "players = None",
                  "actions = 'x'", "seed = 'abc'", "optional_rules = 'abc'", "undo of an unknown action",
                  "redo without undo", "deep list", "5000-digit seed", "result of", "CPR_99", "price = '55'"):
        assert words in names, words


def test_every_bad_record_is_one_line_from_the_cli(tmp_path, capsys):
    failures = []
    for k, (what, raw) in enumerate(PROBES):
        path = tmp_path / f"bad{k}.json"
        path.write_bytes(raw)
        code = main(["replay", str(path)])
        out = capsys.readouterr()
        lines = out.err.strip().splitlines()
        if code == 0 or len(lines) != 1 or not lines[0].startswith("pbem replay: ") \
                or "internal error" in out.err or "Traceback" in out.err:
            failures.append(f"{what}: exit {code}: {out.err.strip()[:200]!r}")
        path.unlink()
    assert not failures, f"{len(failures)} of {len(PROBES)} bad records:\n" + "\n".join(failures[:20])


def test_every_bad_record_is_a_pbem_error_from_the_api(tmp_path):
    failures = []
    for k, (what, raw) in enumerate(PROBES[::4]):
        path = tmp_path / f"bad{k}.json"
        path.write_bytes(raw)
        try:
            rec = load_record(path)
            check_result(rec, replay_record(rec))
            failures.append(f"{what}: accepted")
        except PbemError as e:
            if "internal error" in str(e) or "\n" in str(e):
                failures.append(f"{what}: {e}")
        except Exception as e:  # noqa: BLE001 - exactly what this test looks for
            failures.append(f"{what}: {type(e).__name__}: {e}")
    assert not failures, "\n".join(failures[:20])


@pytest.mark.parametrize("what", ["deep list", "5000-digit seed", "binary", "redo without undo", "result of"])
def test_a_real_process_prints_no_traceback(tmp_path, what):
    name, raw = next(p for p in PROBES if what in p[0])
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    p = subprocess.run([sys.executable, "-m", "pbem", "replay", str(path)], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2, (name, p.stderr)
    assert len(p.stderr.strip().splitlines()) == 1 and "Traceback" not in p.stderr, p.stderr


@pytest.mark.parametrize("verb", ["show", "render", "import-18xx"])
def test_other_verbs_that_read_records_give_one_line_too(tmp_path, capsys, verb):
    failures = []
    for k, (what, raw) in enumerate(PROBES[::10]):
        path = tmp_path / f"bad{k}.json"
        path.write_bytes(raw)
        extra = {"show": [], "render": ["--out", str(tmp_path / "out")], "import-18xx": [str(tmp_path / "g.pbem")]}
        code = main([verb, str(path), *extra[verb]])
        err = capsys.readouterr().err
        if code == 0 or len(err.strip().splitlines()) != 1 or "internal error" in err or "Traceback" in err:
            failures.append(f"{what}: exit {code}: {err.strip()[:200]!r}")
        assert not (tmp_path / "g.pbem").exists(), what
    assert not failures, "\n".join(failures[:20])
