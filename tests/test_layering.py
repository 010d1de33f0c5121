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


def _imports() -> dict[str, set[str]]:
    """module -> the pbem modules it imports anywhere in its text (at the top or inside a
    function; not under `if TYPE_CHECKING:`, which is never run)."""
    import ast

    root = ROOT / "pbem"
    files = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        files[".".join(parts)] = path
    graph: dict[str, set[str]] = {m: set() for m in files}

    def known(name: str) -> str:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name

    for module, path in files.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        todo = list(ast.parse(path.read_text()).body)
        while todo:
            node = todo.pop()
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            todo.extend(ast.iter_child_nodes(node))
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
                start = ".".join(base + ([node.module] if node.module else [])) if node.level else node.module
                names = [start] + [f"{start}.{a.name}" for a in node.names]
            else:
                continue
            for name in names:
                target = known(name or "")
                if target and target != module and target != "pbem" and not module.startswith(target + "."):
                    graph[module].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_itself_round_a_cycle_not_even_inside_a_function():
    """Every import counts, the ones inside functions too, so a cycle cannot be hidden by
    importing late: the modules (and so the packages) of pbem form no cycle."""
    graph = _imports()
    assert "pbem.replay.step" in graph["pbem.replay.gamefile"]          # the walk sees imports
    assert "pbem.replay.gamefile" in graph["pbem.replay.position"]      # inside functions as well
    assert _cycles(graph) == []
    packages: dict[str, set[str]] = {}
    for m, targets in graph.items():
        packages.setdefault(".".join(m.split(".")[:2]), set()).update(
            ".".join(t.split(".")[:2]) for t in targets if t.split(".")[:2] != m.split(".")[:2])
    assert _cycles(packages) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_a_kind_of_action_is_declared_once_by_its_class_and_found_by_its_name():
    """The kinds are an open set: a title declares its own beside the engine's, with no table
    elsewhere to edit; the same name declared by two classes is refused."""
    from dataclasses import dataclass

    import pytest

    from pbem.engine import actions as A
    from pbem.engine.step import kind_of

    assert A.KINDS["merge"] is A.Merge and kind_of(A.Merge("KR", "MK")) == "merge"
    assert kind_of(A.EndGame("Ann")) == ""
    # a kind's own field called "kind" is its own: a dividend's default is still a payout
    assert A.Dividend("CPR").kind == "payout" and kind_of(A.Dividend("CPR", "withhold")) == "dividend"

    @dataclass(frozen=True)
    class Wave(A.Action, kind="wave_a_flag"):
        colour: str

    assert A.KINDS["wave_a_flag"] is Wave and kind_of(Wave("Ann", "red")) == "wave_a_flag"
    with pytest.raises(ValueError, match="declared twice"):
        @dataclass(frozen=True)
        class Other(A.Action, kind="merge"):
            pass
    del A.KINDS["wave_a_flag"]
