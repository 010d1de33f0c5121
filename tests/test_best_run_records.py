"""The best run at every run decision of the shared 18xx.games records and the regression records
(tests/data/refgen): proven, made of routes the engine's own check accepts at the revenue the
search gives, never below the run the players declared, and the duty to run: wherever it
earns something, a game played in pbem refuses "does not run" there (neither listed nor
accepted), while a game under the reference's rules (every record) accepts it."""
from __future__ import annotations

from pathlib import Path

import pytest

import pbem
from pbem.engine import actions as A
from pbem.engine.best_run import best_run
from pbem.engine.legal import legal_moves
from pbem.engine.routes import check_routes
from pbem.engine.run_duty import MUST_RUN, REFERENCE_RUNS
from pbem.errors import RuleError
from pbem.importers.eighteen_xx import ImportRefused

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "fixtures" / "18xx.games"
REGRESSION = ROOT / "tests" / "data" / "refgen"
RECORDS = sorted(SHARED.glob("*/*.json")) + sorted(REGRESSION.glob("*.json"))
#: regression records that pin a refusal of the reference's looseness: the id of the last action pbem accepts
REFUSED = {"1830-p4-s27-sales.json": 303, "1861-p5-s3-mv.json": 40, "1882-p2-s10-sales.json": 308}


def _run_step(st):
    return st.round.step_named("route")


def _check_decision(st, corp, action: A.RunRoutes) -> int:
    """The checks at one run decision; returns the best revenue."""
    found = best_run(st, corp)
    assert found.proven
    if found.routes:
        dist = {t.name: st.title.train_distance(st, corp, t) for t in corp.trains}
        res = check_routes(st.board, corp.sym, list(found.routes), dist, st.tile_colors,
                           lambda s: st.title.route_bonus(st, corp, s))
        st.title.check_resolved_routes(st, corp, res)
        assert [r.revenue for r in res] == [r.revenue for r in found.routes]
        assert sum(r.revenue for r in res) == found.revenue
    options = st.options
    assert REFERENCE_RUNS in options                     # a record is judged by the reference's rules
    decline = A.RunRoutes(corp.sym, ())
    assert any(m.action == decline for m in legal_moves(st))
    st.options = tuple(o for o in options if o != REFERENCE_RUNS)     # as a game played in pbem
    try:
        listed = any(m.action == decline for m in legal_moves(st))
        try:
            _run_step(st).check_run_routes(decline)
            refused = None
        except RuleError as e:
            refused = e
    finally:
        st.options = options
    if found.revenue > 0:
        assert not listed and refused is not None and refused.rule == MUST_RUN
        assert st.money(found.revenue) in str(refused)
    else:
        assert listed and refused is None
    return found.revenue


@pytest.mark.parametrize("path", RECORDS, ids=[p.name for p in RECORDS])
def test_the_best_run_at_every_run_decision(path):
    g = pbem.read_record(path) if path.name not in REFUSED else None
    if g is None:
        with pytest.raises(ImportRefused):
            pbem.read_record(path)
        g = pbem.read_record(path, stop_at=REFUSED[path.name])
    moves = list(g.moves)
    g.back_to(0)
    decisions = 0
    for action in moves:
        st = g.state
        if isinstance(action, A.RunRoutes) and any(not t.operated for t in st.corporations[action.entity].trains):
            corp = st.corporations[action.entity]
            best = _check_decision(st, corp, action)
            g.push(action)
            sym, resolved = g.state.last_run
            ran = sum(r.revenue for r in resolved) if action.routes and sym == action.entity else 0
            assert best >= ran, (path.name, action)
            decisions += 1
        else:
            g.push(action)
    assert decisions > 0 or REFUSED.get(path.name, 0) < 100      # a record refused before any run


def test_the_rules_notes_reach_the_outcome_of_a_message(tmp_path, no_key):
    """A decline the reference's rules accept comes back as a note of the message's outcome (the
    position's game carries option reference-runs; its company has a paying run)."""
    import shutil

    from pbem.table import Table

    path = tmp_path / "v.pbem"
    shutil.copy(ROOT / "tests" / "data" / "positions" / "1861-v-two-offboards.pbem", path)
    t = Table.open(path, moderator=False)
    st = t.game
    corp = st.current_entity()
    found = best_run(st, st.corporations[corp])
    assert found.revenue > 0
    out = t.submit(f"{corp} does not run")
    assert not out.refusals
    assert [n for n in out.notes if "did not run although a run of" in n] == [
        f"move 1: {corp} did not run although a run of {st.money(found.revenue)} existed "
        f"({found.describe(st.money)}): the rules oblige it (a company with a legal route must run its trains)"]


def test_the_audit_notes_a_decline_the_reference_rules_accepted(tmp_path):
    """refplay 1861 seed 5 (made to agree with the 18xx.games engine, option reference-runs): NW
    does not run at move 409 while a 100₽ run exists; the game replays, and the audit notes it."""
    import shutil

    from pbem.replay.audit import audit

    path = tmp_path / "g.pbem"
    shutil.copy(ROOT / "tests" / "data" / "refplay" / "1861-seed5.pbem", path)
    report = audit(path)
    assert report.ok
    assert report.notes[0] == ("move 409: NW did not run although a run of 100₽ existed (3: H8-I5-G5-E1 (100₽) = 100₽): "
                               "the rules oblige it (a company with a legal route must run its trains)")
    assert f"note: {report.notes[0]}" in report.summary()


def test_the_value_bounds_leave_the_best_run_unchanged(monkeypatch):
    """The bounds that cut the search (a two-part distance's `value_bound`: the K best stop values
    times the multiplier plus the bonus) lose no run: at every run decision of the 1861 record
    29683, the search without them (every route enumerated) finds the same revenue."""
    from pbem.engine.best_run import STEP_BUDGET, _search
    from pbem.titles.family1867.distance import TwoPartDistance

    g = pbem.read_record(SHARED / "1861" / "29683.json")
    moves = list(g.moves)
    g.back_to(0)
    compared = 0
    for action in moves:
        if isinstance(action, A.RunRoutes) and action.routes:
            st = g.state
            corp = st.corporations[action.entity]
            names = tuple(t.name for t in corp.trains if not t.operated)
            bounded = _search(st, corp, names, STEP_BUDGET)
            with monkeypatch.context() as m:
                m.setattr(TwoPartDistance, "value_bound", lambda self: None)
                every = _search(st, corp, names, 10 ** 8)
            assert bounded.proven and every.proven
            assert bounded.revenue == every.revenue, (action, bounded.describe(), every.describe())
            compared += 1
        g.push(action)
    assert compared >= 80
