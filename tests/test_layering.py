"""The layers stay apart (docs/architecture.md): the import-linter contracts in pyproject.toml
hold (the engine imports no notation, render, mail, moderator, title or CLI module; notation and
render import no mail; nothing imports the CLI), and the engine calls no hook only a family of
titles declares."""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LINT = ("import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True, no_logo=True))")


def test_import_contracts_hold():
    run = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def test_the_engine_calls_no_hook_only_a_title_family_declares():
    family = (ROOT / "pbem/titles/family1867/rules.py").read_text()
    hooks = re.findall(r"^    def ([a-z]\w*)\(", family, flags=re.M)
    assert "nationalize" in hooks and "buying_power" in hooks
    calls = re.compile(r"\.(" + "|".join(hooks) + r")\(")
    found = [f"{p.relative_to(ROOT)}:{i}" for p in (ROOT / "pbem/engine").rglob("*.py")
             for i, line in enumerate(p.read_text().splitlines(), 1) if calls.search(line)]
    assert found == []


def test_no_engine_file_names_a_title():
    """The engine is the same for every title: no module, comment or docstring in pbem/engine
    names a title, a planned one or a family (the examples name the feature instead)."""
    from pbem.titles import PLANNED, REGISTRY

    names = sorted({*REGISTRY, *PLANNED, "1867"})
    title = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    found = [f"{p.relative_to(ROOT)}:{i}: {line.strip()}" for p in (ROOT / "pbem/engine").rglob("*.py")
             for i, line in enumerate(p.read_text().splitlines(), 1) if title.search(line)]
    assert found == []


def test_an_18xx_games_record_replays_without_the_grammar():
    """Replaying a record turns JSON into actions: it must not load the notation reader (Lark),
    so `python3 -m pbem replay RECORD` works where only the record's needs are installed."""
    record = ROOT.parent / "shared" / "fixtures" / "18xx.games" / "1882" / "5585.json"
    code = ("import sys; sys.modules['lark'] = None; sys.argv = ['pbem', 'replay', sys.argv[1], '--format', 'json']; "
            "from pbem.cli import main; sys.exit(main())")
    run = subprocess.run([sys.executable, "-c", code, str(record)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout)["actions"] == 657 and "lark" not in run.stderr
