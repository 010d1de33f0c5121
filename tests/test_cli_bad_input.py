"""Every verb of `pbem`, fed bad input, answers with one line on stderr and a non-zero exit."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pbem.cli import build_parser, main

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("bad")
    (d / "empty.pbem").write_text("")
    (d / "obj.json").write_text("{}")
    (d / "list.json").write_text("[1, 2]")
    (d / "text.pbem").write_text("hello, this is no game\n")
    (d / "binary.pbem").write_bytes(b"\xff\xfe\x00\x81garbage")
    rec = json.loads((FIX / "5585.json").read_text())
    (d / "title.json").write_text(json.dumps(dict(rec, title="1874")))
    (d / "oneplayer.json").write_text(json.dumps(dict(rec, players=rec["players"][:1])))
    (d / "badaction.json").write_text(json.dumps(dict(rec, actions=[{"id": 1}])))
    (d / "nopl.json").write_text(json.dumps(dict(rec, players=7)))
    (d / "wrongresult.json").write_text(json.dumps(dict(rec, result={k: v + 1 for k, v in rec["result"].items()})))
    (d / "strprice.json").write_text(json.dumps(dict(rec, actions=[dict(a, price="55") if a["type"] == "bid" else a
                                                                   for a in rec["actions"]])))
    assert main(["new", "1882", str(d / "g.pbem"), "--players", "Ann", "Bob", "Cid"]) == 0
    (d / "torn.pbem").write_bytes((d / "g.pbem").read_bytes() + b"move 1 2026-11-")
    return d


BAD = {
    "replay": [["{missing}"], ["{dir}"], ["{empty}"], ["{obj}"], ["{list}"], ["{text}"], ["{binary}"],
               ["{title}"], ["{oneplayer}"], ["{badaction}"], ["{nopl}"], ["{g}", "--format", "xml"],
               ["{wrongresult}"], ["{strprice}", "--no-check-result"], ["{rec}", "--no-check-result=no"],
               ["{missing}", "--html", "{new}.html"], ["{dir}", "--html", "{new}.html"],
               ["{text}", "--html", "{new}.html"], ["{badaction}", "--html", "{new}.html"],
               ["{wrongresult}", "--html", "{new}.html"], ["{strprice}", "--no-check-result", "--html", "{new}.html"],
               ["{g}", "--html", "{dir}"], ["{g}", "--html", "{out}/replay.html"], ["{g}", "--html"]],
    "show": [["{missing}"], ["{dir}"], ["{obj}"], ["{g}", "--at", "abc"], ["{g}", "--at", "9999"],
             ["{g}", "--at", "-1"], ["{rec}", "--at", "abc"], ["{rec}", "--at", "99999"], ["{text}"],
             ["{binary}"], ["{title}"], ["{wrongresult}"], ["{strprice}", "--no-check-result"],
             ["{rec}", "--no-check-result=no"], ["{g}", "--render", "{text}"]],
    "render": [["{missing}"], ["{dir}"], ["{g}", "--at", "x"], ["{g}", "--at", "9999"],
               ["{g}", "--formats", "pdf", "--out", "{out}"], ["{g}", "--routes", "XX", "--out", "{out}"],
               ["{obj}"], ["{text}"], ["{g}", "--moves", "many"], ["{wrongresult}", "--out", "{out}"],
               ["{strprice}", "--no-check-result", "--out", "{out}"], ["{g}", "--mail", "--routes", "CPR", "--out", "{out}"]],
    "new": [["1882", "{new}", "--players", "Ann <a@x>"],
            ["1882", "{new}", "--players", "A", "B", "C", "D", "E", "F", "G"],
            ["1882", "{new}", "--players", "Bob <bob"], ["1874", "{new}", "--players", "A", "B"],
            ["1882", "{g}", "--players", "A", "B"], ["1882", "{dir}", "--players", "A", "B"],
            ["1882", "{dir}/no/such/folder/g.pbem", "--players", "A", "B"],
            ["1882", "{new}", "--players", "Ann", "Ann"], ["1882", "{new}", "--players", "A", "B", "--seed", "x"],
            ["1882", "{new}"], ["1882", "{new}", "--players", "A", "B", "--option", "no-such-rule"],
            ["1861", "{new}", "--players", "A", "B", "C", "--option", "column_market", "--option", "column_market"]],
    "move": [["{missing}", "CPR passes"], ["{dir}", "x"], ["{text}", "x"], ["{rec}", "x"], ["{g}", ""],
             ["{g}", "gibberish !!"], ["{g}", "Ann passes", "--as", "Zed"], ["{g}", "Bob bids 9999 for CP"]],
    "status": [["{missing}"], ["{dir}"], ["{empty}"], ["{text}"], ["{binary}"], ["{rec}"],
               ["{g}", "--format", "pdf"], ["{g}", "--moves", "x"]],
    "legal": [["{missing}"], ["{dir}"], ["{text}"], ["{rec}"], ["{g}", "--limit", "x"]],
    "log": [["{missing}"], ["{dir}"], ["{text}"], ["{rec}"]],
    "undo": [["{missing}"], ["{dir}"], ["{text}"], ["{g}"], ["{g}", "5"], ["{g}", "-1"], ["{g}", "x"],
             ["{g}", "--head", "nothex"], ["{g}", "--head", "0" * 32]],
    "import-18xx": [["{missing}", "{new}"], ["{dir}", "{new}"], ["{obj}", "{new}"], ["{text}", "{new}"],
                    ["{title}", "{new}"], ["{badaction}", "{new}"], ["{rec}", "{g}"], ["{rec}", "{dir}"],
                    ["{wrongresult}", "{new}"], ["{strprice}", "{new}", "--no-check-result"]],
    "demo": [["--out", "{text}"], ["--bogus"]],
    "verify": [["{missing}"], ["{dir}"], ["{text}"], ["{empty}"], ["{g}", "--head", "x"], ["{g}", "--head", "99:ab"],
               ["{g}", "--head", "0:" + "0" * 32],
               ["{g}", "--key-file", "{missing}"], ["{g}", "--key-file", "{text}"], ["{g}", "--key-file", "{dir}"]],
    "repair": [["{missing}"], ["{dir}"], ["{text}"], ["{empty}"], ["{torn}"], ["{g}", "--yes", "extra"]],
    "seal": [["{missing}"], ["{dir}"], ["{text}"], ["{empty}"], ["{torn}"], ["{g}", "--head", "x"],
             ["{g}", "--key-file", "{missing}"], ["{g}", "--key-file", "{text}"], ["{g}", "--key-file", "{dir}"]],
    "moderate": [["--config", "{missing}"], ["--config", "{text}"], ["--config", "{dir}"], ["--config", "{obj}"],
                 ["--bogus"], []],
    "mail-in": [["--maildir", "{text}", "--from", "a@x.org", "hi"], ["--from", "a@x.org", "hi"],
                ["--maildir", "{dir}", "hi"]],
    "hash-secret": [[], ["--bogus"]],
    "paste": [["{missing}", "{text}"], ["{g}", "{missing}"], ["{g}", "{binary}"], ["{g}", "{dir}"],
              ["{g}", "{text}", "--answer", "x"], ["{rec}", "{text}"]],
    "audit": [["{missing}"], ["{dir}"], ["{empty}"], ["{text}"], ["{binary}"], ["{obj}"], ["{title}"],
              ["{badaction}"], ["{g}", "--key-file", "{missing}"], ["{g}", "--key-file", "{text}"],
              ["{g}", "--format", "xml"], ["{torn}"]],
    "explain": [["{missing}", "1"], ["{dir}", "1"], ["{text}", "1"], ["{g}", "x"], ["{g}", "-1"], ["{g}", "5"],
                ["{rec}", "99999"], ["{obj}", "1"], ["{rec}", "2", "--format", "xml"], ["{g}"]],
    "diff": [["{missing}", "{g}"], ["{g}", "{missing}"], ["{dir}", "{g}"], ["{text}", "{rec}"], ["{g}"],
             ["{binary}", "{g}"], ["{rec}", "{title}"]],
    "whatif": [["{missing}", "1", "x"], ["{g}", "1", "Ann passes"], ["{rec}", "99999", "x"],
               ["{rec}", "2", "gibberish !!"], ["{rec}", "x", "x"], ["{text}", "1", "x"], ["{rec}", "2"]],
    "routes": [["{missing}"], ["{dir}"], ["{text}"], ["{binary}"], ["{obj}"], ["{title}"], ["{badaction}"],
               ["{g}"], ["{g}", "CPR"], ["{g}", "--at", "9999"], ["{rec}", "--at", "99999"], ["{rec}", "--at", "x"],
               ["{rec}", "XX", "--at", "200"], ["{rec}", "SC", "--at", "20"], ["{rec}", "--at", "200", "--render", "{dir}"],
               ["{rec}", "--at", "200", "--render", "{out}/x/map.png"], ["{rec}", "--bogus"]],
    "export-18xx": [["{missing}", "{new}"], ["{dir}", "{new}"], ["{text}", "{new}"], ["{rec}", "{new}"],
                    ["{g}", "{dir}"], ["{g}"]],
}


def fill(args, d):
    names = {"missing": d / "no-such-file.pbem", "dir": d, "new": d / "new.pbem", "out": d / "out",
             "rec": FIX / "5585.json"}
    names.update({p.stem: p for p in d.iterdir() if p.is_file()})
    return [a.format(**{k: str(v) for k, v in names.items()}) for a in args]


def verbs():
    sub = next(a for a in build_parser()._actions if a.dest == "cmd")
    return set(sub.choices)


def test_every_verb_has_bad_inputs():
    assert verbs() <= set(BAD), f"add bad inputs for {sorted(verbs() - set(BAD))}"


CASES = [(verb, args) for verb, lists in BAD.items() for args in lists]


@pytest.mark.parametrize("verb,args", CASES, ids=[f"{v}-{'_'.join(a)}" for v, a in CASES])
def test_bad_input_gives_one_line_and_nonzero_exit(verb, args, files, capsys):
    code = main([verb, *fill(args, files)])
    out = capsys.readouterr()
    assert code != 0, out
    assert "Traceback" not in out.err + out.out
    lines = out.err.strip().splitlines()
    assert len(lines) >= 1 and lines[0].startswith(("pbem", "REFUSED")), out.err
    assert len(lines) == 1 or lines[0].startswith("REFUSED"), out.err   # a refused move lists the legal ones
    assert "internal error" not in out.err, out.err
    assert not (files / "new.pbem").exists()


@pytest.mark.parametrize("argv", [[], ["frobnicate"], ["--bogus"], ["show"]])
def test_bad_command_lines(argv, capsys):
    code = main(argv)
    err = capsys.readouterr().err
    assert code != 0 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_closed_pipe_is_quiet():
    p = subprocess.run(f"{sys.executable} -m pbem show {FIX / '5585.json'} --format text | head -1",
                       shell=True, capture_output=True, text=True, cwd=ROOT)
    assert p.stdout.startswith("after action") and "Traceback" not in p.stderr and p.stderr == ""


def test_show_text_is_for_people_on_game_files_and_records(files, capsys):
    assert main(["show", str(files / "g.pbem"), "--format", "text"]) == 0
    game_out = capsys.readouterr().out
    assert main(["show", str(FIX / "5585.json"), "--at", "56", "--format", "text"]) == 0
    rec_out = capsys.readouterr().out
    for out in (game_out, rec_out):
        assert out.startswith("after ") and "{" not in out and "None" not in out and "['" not in out
    assert game_out.startswith("after move 0: auction round")
    assert "QLL: " in rec_out and "trains none" in rec_out


def test_failed_new_leaves_no_file_and_new_then_works(tmp_path, capsys):
    path = tmp_path / "g.pbem"
    assert main(["new", "1882", str(path), "--players", "Ann <a@x>"]) != 0
    assert list(tmp_path.iterdir()) == []
    assert main(["new", "1882", str(path), "--players", "Ann <a@x>", "Bob <b@x>"]) == 0
    assert main(["status", str(path)]) == 0
    assert "Ann" in capsys.readouterr().out
