"""The grammar and templates are found wherever pbem runs from (installed or a checkout)."""
from pbem.resources import data_dir


def test_grammar_and_templates_are_found():
    grammar = data_dir("grammar")
    assert (grammar / "pbem.lark").is_file()
    templates = data_dir("templates")
    assert {p.name for p in templates.glob("report.*.j2")} >= {"report.txt.j2", "report.html.j2", "report.md.j2"}


def test_title_data_ships_with_the_package():
    from pbem.titles import load_title

    title = load_title("1882")
    assert title.data["title"] == "1882" and "57" in title.catalogue


def test_a_built_package_plays_each_title_from_outside_the_source_tree(tmp_path):
    """What setuptools builds (the files a wheel holds) carries each title's data file and grammar
    additions and the shared tile catalogue: a title loads and reads its own moves from the build
    alone, run from a folder that is not the checkout."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pbem", "grammar", "templates"):
        shutil.copytree(repo / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(repo / name, src / name)
    build = subprocess.run([sys.executable, "setup.py", "-q", "build", "--build-base", str(tmp_path / "build")],
                           cwd=src, capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-2000:]
    lib = tmp_path / "build" / "lib"
    shipped = {p.relative_to(lib).as_posix() for p in lib.rglob("*") if p.suffix in (".json", ".lark")}
    assert {"pbem/titles/common/tiles.json", "pbem/titles/g1882/data.json",
            "pbem/titles/g1861/data.json", "pbem/titles/g1861/grammar.lark",
            "pbem/_data/grammar/pbem.lark"} <= shipped
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = (
        "import pbem, pathlib, sys\n"
        "from pbem.notation.grammar import get_parser\n"
        f"assert pathlib.Path(pbem.__file__).is_relative_to({str(lib)!r}), pbem.__file__\n"
        "g = pbem.Game.new('1882', ['Ann', 'Bob', 'Cid'], seed=1)\n"
        "get_parser('1882').parse('Ann pars SC at 76')\n"
        "get_parser('1861').parse('MV merges with KR')\n"
        "g = pbem.Game.new('1861', ['Ann', 'Bob', 'Cid'], seed=1)\n"
        "print(g.legal_notation()[0])\n")
    env = {k: v for k, v in __import__("os").environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=str(lib), PBEM_CACHE_DIR="")
    run = subprocess.run([sys.executable, "-c", script], cwd=elsewhere, env=env, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.startswith("Ann bids")
