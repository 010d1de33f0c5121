"""A title keeps its own state in the Game's one declared field, `extra` (a dataclass the title
declares), never in attributes bolted onto the Game: a whole random game of each title ends with
exactly the attributes a new Game has, and no module reads game state by name with getattr."""
import random
import re
from pathlib import Path

import pytest

from pbem.engine.actions import Dividend, RunRoutes
from pbem.engine.game import Game
from pbem.titles import REGISTRY, load_title

ROOT = Path(__file__).resolve().parent.parent / "pbem"


def declared_attributes() -> set[str]:
    """What every Game has: the attributes of a game whose title's setup adds nothing of its own
    (1882's rules with the standard setup), and the class's methods and properties."""
    from pbem.engine.rules import Rules

    class Bare(type(load_title("1882"))):
        def setup(self, g):
            Rules.setup(self, g)

    return set(vars(Game(Bare(), [("a", "A"), ("b", "B")], 1))) | set(dir(Game))


def random_game(title: str, seed: int, limit: int = 4000) -> Game:
    """Random legal moves (runs and payouts first, so the game reaches its late phases)."""
    rng = random.Random(seed)
    g = Game(load_title(title), [(f"p{i}", f"P{i}") for i in range(4)], seed)
    while not g.finished and g.actions_applied < limit:
        moves = [m.action for m in g.legal_moves()]
        runs = [a for a in moves if isinstance(a, RunRoutes) and a.routes]
        pays = [a for a in moves if isinstance(a, Dividend) and a.kind == "payout"]
        g.push(runs[0] if runs else pays[0] if pays and rng.random() < 0.8 else rng.choice(moves))
    return g


@pytest.mark.parametrize("title", sorted(REGISTRY))
def test_a_whole_game_adds_no_attribute_to_the_game(title):
    fresh = Game(load_title(title), [(f"p{i}", f"P{i}") for i in range(4)], 1)
    rules = load_title(title)
    assert rules.state_class is not None and isinstance(fresh.extra, rules.state_class)
    g = random_game(title, 1)
    assert g.actions_applied > 300
    assert set(vars(g)) == set(vars(fresh)) == set(vars(g)) & declared_attributes(), \
        sorted(set(vars(g)) ^ set(vars(fresh)))
    assert type(g.extra) is rules.state_class


def test_no_module_reads_undeclared_game_state_by_name():
    """getattr/hasattr/setattr on a game may only name what every Game has (a title's state is in
    `extra`, typed): such a call for a title's attribute would hide a missing declaration."""
    declared = declared_attributes()
    pattern = re.compile(r"(?:getattr|hasattr|setattr)\((?:g|game|self\.game), *[\"'](\w+)[\"']")
    found = [f"{p.relative_to(ROOT)}:{i} {m.group(1)}" for p in ROOT.rglob("*.py")
             for i, line in enumerate(p.read_text().splitlines(), 1)
             for m in pattern.finditer(line) if m.group(1) not in declared]
    assert found == []


def test_no_module_assigns_an_undeclared_game_attribute():
    """Every `g.x = ...` in pbem sets an attribute every Game declares (also the branches a
    random game does not reach)."""
    declared = declared_attributes()
    pattern = re.compile(r"\b(?:g|game|self\.game)\.([a-z_]\w*)\s*(?:=|\+=|-=)(?!=)")
    found = [f"{p.relative_to(ROOT)}:{i} {m.group(1)}" for p in ROOT.rglob("*.py")
             for i, line in enumerate(p.read_text().splitlines(), 1)
             for m in pattern.finditer(line) if m.group(1) not in declared]
    assert found == []


def test_how_players_write_a_title_lives_in_its_package():
    """The aliases and extra place names of a title come from pbem/titles/<title>/notation.py
    through the registry; a title without one, or one not registered, has none."""
    from pbem.notation import context_for_title
    from pbem.titles.g1882.notation import NOTATION
    from pbem.titles.registry import notation_extras

    assert notation_extras("1882") == NOTATION and NOTATION["corporation_aliases"]["CNoR"] == "CNR"
    assert notation_extras("1861")["corporation_aliases"]["StP-W"] == "SPW"
    assert notation_extras("1874") == {}
    assert context_for_title("1882").corporation_aliases["CNoR"] == "CNR"
