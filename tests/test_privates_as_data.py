"""1882's and 1830's privates are data: no rule of theirs names a private (the rules ask which
private has which ability, `pbem.engine.abilities`); only the notation, which says how players
write them, may name one."""
from __future__ import annotations

import ast
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("pbem/titles/g1882", "pbem/titles/family1830", "pbem/titles/g1830")


def _privates() -> set[str]:
    out: set[str] = set()
    for title in ("g1882", "g1830"):
        data = json.loads((ROOT / "pbem/titles" / title / "data.json").read_text())
        out |= {c["sym"] for c in data["companies"]}
    return out


def _named(path: Path, names: set[str], root: Path = ROOT) -> list[str]:
    """Every string constant of the module's code that is one of `names`, but docstrings and a
    map icon's name looked for among a hex's icons (`"NWR" in g.board.icons(h)`: 1882's
    rebellion hexes carry an icon of that name)."""
    tree = ast.parse(path.read_text())
    skip = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    skip |= {id(n.left) for n in ast.walk(tree)
             if isinstance(n, ast.Compare) and len(n.ops) == 1 and isinstance(n.ops[0], ast.In)
             and isinstance(n.comparators[0], ast.Call) and isinstance(n.comparators[0].func, ast.Attribute)
             and n.comparators[0].func.attr == "icons"}
    return [f"{path.relative_to(root)}:{n.lineno}: {n.value!r}" for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in names and id(n) not in skip]


def test_no_rule_of_1882_or_1830_names_a_private():
    names = _privates()
    assert {"TB", "CP", "NWR", "SC", "HB", "DH", "MH", "CA", "BO", "CS", "SV"} <= names
    found = [hit for pkg in PACKAGES for path in sorted((ROOT / pkg).glob("*.py")) if path.name != "notation.py"
             for hit in _named(path, names)]
    assert found == []


def test_the_scan_sees_a_private_named_in_code(tmp_path):
    bad = tmp_path / "rules.py"
    bad.write_text('"""Names TB in a docstring, which is fine."""\n\ndef f(c, g, h):\n'
                   '    return c.sym == "NWR" or "NWR" in g.board.icons(h) or g.companies["TB"]\n')
    hits = [h.split(": ", 1)[1] for h in _named(bad, {"TB", "NWR"}, tmp_path)]
    assert sorted(hits) == ["'NWR'", "'TB'"]


def test_every_ability_of_the_titles_is_read_into_its_typed_value():
    from pbem.engine import abilities as AB
    from pbem.titles import title_data

    for title in ("1830", "1882", "1861", "1869"):
        data = title_data(title)
        raw = [a for c in data["companies"] for a in c.get("abilities") or []]
        read = AB.all_of(data)
        assert len(read) == len(raw) and [a.type for a in read] == [a["type"] for a in raw]
    nwr = AB.of(title_data("1882"), "NWR", "token_move")[0]
    assert isinstance(nwr, AB.TokenMove) and nwr.hexes == ("C3", "D4", "D6", "E5") and nwr.connection is False
    assert AB.of(title_data("1830"), "MH", "exchange")[0].sources == ("ipo", "pool")


def test_an_ability_pbem_cannot_read_is_refused_naming_the_private_and_the_field(tmp_path):
    import pytest

    from pbem.engine.abilities import AbilityDataError, parse
    from pbem.titles import title_data
    from pbem.titles.game_data import GameDataError
    from pbem.titles.registry import game_data

    with pytest.raises(AbilityDataError, match=r"private NWR, ability 1: unknown type 'teleportt'"):
        parse("NWR", 0, {"type": "teleportt"})
    with pytest.raises(AbilityDataError, match=r"private NWR, ability 2 \(token_move\): unknown field 'hexs'"):
        parse("NWR", 1, {"type": "token_move", "hexs": ["C3"]})
    with pytest.raises(AbilityDataError, match=r"field 'count' is 'one'"):
        parse("CS", 0, {"type": "tile_lay", "count": "one"})
    # an organizer's companies with a misspelt ability are refused before a game is made
    companies = json.loads(json.dumps(title_data("1882")["companies"]))
    companies[2]["abilities"][0]["hexs"] = companies[2]["abilities"][0].pop("hexes")
    path = tmp_path / "companies.json"
    path.write_text(json.dumps({"companies": companies}))
    with pytest.raises(GameDataError, match="unknown field 'hexs'"):
        game_data("1882", path)
