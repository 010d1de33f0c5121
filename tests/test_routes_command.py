"""`pbem routes GAME [COMPANY] [--at N] [--render OUT.png]`: the best run the route search finds
(`pbem.engine.legal.known_run`), printed train by train with the canonical line a player could
mail back, drawn on the map, and the same run offered first by `pbem legal` and the LEGAL mail
command. Expected values come from the search and the engine, never from this file."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from pbem.cli import main
from pbem.engine.actions import RunRoutes
from pbem.engine.legal import known_run
from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.render.map import map_geometry
from pbem.render.route_overlay import route_color, route_shapes
from pbem.replay.best_run import best_run, cannot_run
from pbem.replay.position import position
from recordkit import cut_as_game
from pbem.table import Table

SHARED = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
REC_1882 = SHARED / "1882" / "5585.json"
REC_1861 = SHARED / "1861" / "29683.json"


def before_run(path: Path, trains: int, nth: int = 0) -> tuple[int, str]:
    """(id of the live action before the `nth` recorded run with at least `trains` routes whose
    company the search finds that many routes for, the running company)."""
    rec = load_record(path)
    ids = [a["id"] for a in rec.live]
    seen = 0
    for run in (a for a in rec.live if a["type"] == "run_routes" and len(a.get("routes") or ()) >= trains):
        prev = ids[ids.index(run["id"]) - 1]
        game = replay_record(rec, stop_at=prev)
        routes, _total = known_run(game, game.corporations[run["entity"]])
        if len(routes) >= trains:
            if seen == nth:
                return prev, run["entity"]
            seen += 1
    raise AssertionError(f"no run of {trains} trains found in {path.name}")


@pytest.fixture(scope="module")
def two_trains():
    """A position of the 1882 record just before a company runs two trains or more."""
    return before_run(REC_1882, 2)


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize("path, trains", [(REC_1882, 2), (REC_1861, 1)])
def test_the_best_run_is_printed_with_a_line_to_mail_back(capsys, path, trains):
    prev, corp = before_run(path, trains)
    rc, out, err = run_cli(capsys, "routes", str(path), "--at", str(prev))
    assert rc == 0, err
    pos = position(path, prev)
    g = pos.game.state
    routes, total = known_run(g, g.corporations[corp])
    lines = out.splitlines()
    assert lines[0].startswith(f"{corp} after action {prev} (") and lines[0].endswith(f"best run found {g.money(total)}")
    assert len(lines) == len(routes) + 2
    for r, shown in zip(routes, lines[1:]):     # each train: its revenue, each stop's hex and the map's name
        assert shown.split()[:2] == [r.train, "train"] and g.money(r.revenue) in shown
        for s in r.stops:
            name = g.board.location_name(s.hex)
            assert (f"{s.hex} {name}" if name else s.hex) in shown
    canonical = pos.game.notation(RunRoutes(corp, tuple(routes)))
    assert lines[-1].strip() == canonical
    # mailed back, the line is read and run for the total printed
    pos.game.push_notation(canonical, as_=g.corporations[corp].president and g.player_name(g.corporations[corp].president))
    ran, resolved = pos.game.state.last_run
    assert ran == corp and sum(r.revenue for r in resolved) == total > 0


def test_the_map_shows_each_train_in_its_own_colour(capsys, tmp_path, two_trains):
    prev, corp = two_trains
    out = tmp_path / "best.png"
    rc, text, err = run_cli(capsys, "routes", str(REC_1882), corp, "--at", str(prev), "--render", str(out))
    assert rc == 0, err
    assert f"map: {out}" in text
    img = Image.open(io.BytesIO(out.read_bytes())).convert("RGB")
    game = position(REC_1882, prev).game
    run = best_run(game, corp)
    g = map_geometry(game.state)
    assert img.size[0] == g.size()[0] and img.size[1] > g.size()[1]          # the legend below the map
    assert len(run.resolved) >= 2
    for i, r in enumerate(run.resolved):
        shape = route_shapes(g, game.state.board, r)
        on = [p for line in shape.lines for p in line]
        assert on, r.describe()
        hits = sum(img.getpixel((int(x), int(y))) == route_color(i) for x, y in on)
        assert hits >= len(on) // 3, (i, r.describe(), hits, len(on))
    # the legend: one swatch line per train in its colour
    legend = img.crop((0, g.size()[1], img.size[0], img.size[1]))
    found = {route_color(i) for i in range(len(run.resolved))} & set(c for _n, c in legend.getcolors(1 << 16))
    assert len(found) == len(run.resolved)


def test_legal_and_the_legal_mail_listing_offer_the_best_run_first(capsys, tmp_path, two_trains):
    prev, corp = two_trains
    path = cut_as_game(REC_1882, prev, tmp_path)
    rc, best, err = run_cli(capsys, "routes", str(path))
    assert rc == 0, err
    line = best.splitlines()[-1].strip()
    rc, listed, err = run_cli(capsys, "legal", str(path))
    assert rc == 0, err
    runs = [ln for ln in listed.splitlines() if ln.startswith(f"{corp} runs ") or ln.startswith(f"{corp} does not run")]
    assert runs and runs[0].split("  (")[0] == line
    mailed = [ln for ln in Table.open(path).legal(limit=60) if ln.startswith(f"{corp} runs ")]
    assert mailed[0].split("  (")[0] == line


def test_every_company_that_can_run_when_none_is_named(capsys):
    rec = load_record(REC_1882)
    stock = next(a["id"] for a in rec.live[200:] if a["type"] in ("buy_shares", "sell_shares"))
    pos = position(REC_1882, stock)
    assert pos.game.state.round.name == "stock"
    can = [s for s in pos.game.state.corporations if cannot_run(pos.game, s) is None]
    assert len(can) >= 2
    rc, out, err = run_cli(capsys, "routes", str(REC_1882), "--at", str(stock))
    assert rc == 0, err
    heads = [ln.split()[0] for ln in out.splitlines() if not ln.startswith(" ")]
    assert heads == can


def test_mistakes_are_one_line_each(capsys, tmp_path, two_trains):
    prev, corp = two_trains
    g = position(REC_1882, prev).game
    trainless = next(s for s in g.state.corporations if not g.state.corporations[s].trains)
    last = load_record(REC_1882).live[-1]["id"]
    cases = [
        (["routes", str(REC_1882), "XYZ", "--at", str(prev)], "there is no company 'XYZ'"),
        (["routes", str(REC_1882), trainless, "--at", str(prev)], f"{trainless} has no train"),
        (["routes", str(REC_1882), "--at", str(last + 1000)], f"no live action with id {last + 1000}"),
        (["routes", str(REC_1882), "--at", "soon"], "--at wants a move number"),
        (["routes", str(REC_1882), "--render", str(tmp_path / "none" / "x.png")], "there is no folder"),
        (["routes", str(tmp_path / "missing.pbem")], "no such file"),
    ]
    for argv, words in cases:
        rc, out, err = run_cli(capsys, *argv)
        assert rc == 2 and out == "", (argv, out)
        assert err.count("\n") == 1 and err.startswith("pbem routes: ") and words in err, (argv, err)
    # a company whose trains have all run in this operating round
    rec = load_record(REC_1882)
    ran = next(a for a in rec.live if a["type"] == "run_routes" and a["id"] > prev
               and all(t.operated for t in position(REC_1882, a["id"]).game.state.corporations[a["entity"]].trains))
    rc, out, err = run_cli(capsys, "routes", str(REC_1882), ran["entity"], "--at", str(ran["id"]))
    assert rc == 2 and "have all run in this operating round" in err and err.count("\n") == 1
