"""The HTML replay (`pbem replay GAME --html OUT.html`) opened in a real headless Chromium
(Playwright driving Debian's chromium): the page loads nothing from anywhere, shows the first and
the last map, and the slider, the arrow keys, the move list and a URL fragment change the move
shown, its explanation and its map. The maps shown are compared with the state's own map drawn
afresh, and the moves with the replay's own walk, so the page cannot show the wrong move."""
from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path

import pytest

from pbem.cli import main
from pbem.render.map import map_png
from pbem.replay.explain import explain
from pbem.replay.ledger import ledger
from pbem.replay.page import MAP_RADIUS, unpacked
from pbem.replay.walk import open_replay

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"
SHORT = FIX / "1882_game_end_bankrupt.json"       # the shortest shared 1882 record
LIMIT_LONGEST = 25e6                              # bytes, for the record with the most actions


def chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        pytest.fail("chromium is not installed (scripts/test.sh installs it)")
    return exe


def map_of(game) -> bytes:
    """The state's map as the page draws it, drawn here afresh."""
    return map_png(game, compact=True, radius=MAP_RADIUS, header=False)


def expected_moves(path: Path) -> tuple[list[dict], bytes, bytes]:
    """The replay's own walk: each move's id, lines and explanation; the first and last maps."""
    r = open_replay(path)
    first = map_of(r.game.state)
    out, before = [], ledger(r.game)
    for m in r:
        if not m.moves:
            continue
        text = explain(before, m)
        before = ledger(m.game)
        out.append({"id": m.id, "lines": list(m.lines), "explain": list(text), "board": m.game.state.board.snapshot()})
    return out, first, map_of(r.game.state)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    d = tmp_path_factory.mktemp("html")
    out = d / "replay.html"
    assert main(["replay", str(SHORT), "--html", str(out)]) == 0
    return out, expected_moves(SHORT)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def shown_png(page, sel: str) -> bytes:
    src = page.get_attribute(sel, "src")
    assert src.startswith("data:image/png;base64,")
    return base64.b64decode(src.split(",", 1)[1])


def state(page) -> dict:
    return page.evaluate("""() => ({
        frame: +document.body.getAttribute('data-frame'),
        move: document.getElementById('move').textContent,
        pos: document.getElementById('pos').textContent,
        explain: [...document.querySelectorAll('#explain li')].map(li => li.textContent),
        selected: [...document.querySelectorAll('#moves li.sel')].map(li => +li.dataset.i),
        mapLoaded: document.getElementById('map').complete && document.getElementById('map').naturalWidth > 0,
        marketLoaded: document.getElementById('market').naturalWidth > 0,
        report: document.getElementById('report').textContent,
        hash: location.hash,
        outlined: document.querySelectorAll('#outline polygon').length,
    })""")


def test_the_page_steps_through_the_game_in_a_browser(built, browser, tmp_path):
    out, (moves, first_map, last_map) = built
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-frame]")             # the reports unpacked, the first frame shown
    # the start: the set-up map, no move
    s = state(page)
    assert s["frame"] == 0 and s["selected"] == [0] and s["move"] == "" and s["mapLoaded"] and s["marketLoaded"]
    assert shown_png(page, "#map") == first_map
    assert "Player 1" in s["report"]
    page.screenshot(path=str(tmp_path / "start.png"), full_page=True)
    # End: the last move and the final map
    page.keyboard.press("End")
    s = state(page)
    assert s["frame"] == len(moves) and s["move"] == "; ".join(moves[-1]["lines"])
    assert s["pos"].startswith(f"action {moves[-1]['id']}") and s["hash"] == f"#action={moves[-1]['id']}"
    assert s["explain"] == moves[-1]["explain"] and s["mapLoaded"]
    assert shown_png(page, "#map") == last_map != first_map
    assert "The game is over" in s["report"]
    page.screenshot(path=str(tmp_path / "end.png"), full_page=True)
    # the slider: a move that laid a tile shows that move, its explanation and its own map
    k = next(i for i, m in enumerate(moves) if i > 10 and m["board"] != moves[i - 1]["board"])
    page.fill("#slider", str(k + 1))
    s = state(page)
    assert s["frame"] == k + 1 and s["selected"] == [k + 1]
    assert s["move"] == "; ".join(moves[k]["lines"]) and s["explain"] == moves[k]["explain"]
    assert s["outlined"] >= 1                               # the changed hex is outlined
    at_k = shown_png(page, "#map")
    assert at_k not in (first_map, last_map)
    page.screenshot(path=str(tmp_path / "slider.png"), full_page=True)
    # the left arrow (focus off the slider): the move before, whose map lacks that tile
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowLeft")
    s = state(page)
    assert s["frame"] == k and s["move"] == "; ".join(moves[k - 1]["lines"])
    assert shown_png(page, "#map") != at_k
    page.keyboard.press("ArrowRight")
    assert state(page)["frame"] == k + 1 and shown_png(page, "#map") == at_k
    # a click in the move list
    page.click("#moves li[data-i='3']")
    assert state(page)["move"] == "; ".join(moves[2]["lines"])
    # nothing but the page itself was loaded
    assert requests and all(u == out.as_uri() or u.startswith("data:") for u in requests), requests[:5]
    page.close()


def test_a_url_fragment_selects_the_move(built, browser):
    out, (moves, _first, _last) = built
    m = moves[len(moves) // 2]
    page = browser.new_page()
    page.goto(out.as_uri() + f"#action={m['id']}")
    page.wait_for_selector("body[data-frame]")
    s = state(page)
    assert s["frame"] == len(moves) // 2 + 1 and s["move"] == "; ".join(m["lines"]) and s["mapLoaded"]
    # an action that is no move (undone, or a chat message): the state after the last move before it
    j = next(j for j in range(len(moves) - 1) if moves[j + 1]["id"] > moves[j]["id"] + 1)
    page.goto(out.as_uri() + f"#action={moves[j]['id'] + 1}")
    page.reload()
    page.wait_for_selector("body[data-frame]")
    s = state(page)
    assert s["frame"] == j + 1 and s["move"] == "; ".join(moves[j]["lines"]) and s["hash"] == f"#action={moves[j]['id']}"
    page.close()


def test_the_page_is_small_and_self_contained(built):
    """Within the longest record's bound, scaled to this record's length; every picture is a
    data: URI, each embedded once, and far fewer maps than moves."""
    out, (moves, _first, _last) = built
    actions = {p: len(json.loads(p.read_text())["actions"]) for p in FIX.glob("*.json")}
    bound = LIMIT_LONGEST * actions[SHORT] / max(actions.values())
    html = out.read_text(encoding="utf-8")
    assert out.stat().st_size < bound, (out.stat().st_size, bound)
    low = html.lower()
    assert "<link" not in low and "<script src" not in low and "@import" not in low and "url(" not in low
    data = json.loads(html.split('id="data">', 1)[1].split("</script>", 1)[0])
    assert all(u.startswith("data:image/png;base64,") for u in data["images"])
    assert len(set(data["images"])) == len(data["images"])
    reports = unpacked(data["reports"])                     # gzipped: a report per distinct state
    assert all(f["report"] < len(reports) for f in data["frames"]) and "Player 1" in reports[0]
    boards = {json.dumps(m["board"], sort_keys=True, default=str) for m in moves}
    maps = {f["map"] for f in data["frames"]}
    assert len(maps) <= len(boards) + 1 + 10 < len(moves) // 4     # a map per board (and blockers), not per move


def test_a_game_file_works_through_the_same_page(tmp_path, capsys):
    g = tmp_path / "g.pbem"
    assert main(["new", "1882", str(g), "--players", "Ann", "Bob", "Cid"]) == 0
    assert main(["move", str(g), "Ann bids 20 for HB"]) == 0
    assert main(["move", str(g), "Bob passes"]) == 0
    capsys.readouterr()
    out = tmp_path / "g.html"
    assert main(["replay", str(g), "--html", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"{out}: 2 moves")
    html = out.read_text(encoding="utf-8")
    data = json.loads(html.split('id="data">', 1)[1].split("</script>", 1)[0])
    assert [f["id"] for f in data["frames"]] == [None, 1, 2]
    assert data["what"] == "move" and data["frames"][1]["lines"] == ["Ann bids 20 for HB"]


def test_shared_pictures_are_the_states_own(built):
    """A picture reused over several moves (drawn once per state) is each of those states' own
    map and market, drawn afresh: sampled across the game, the chosen pictures match."""
    from pbem.render.market import market_png
    from pbem.replay.position import position

    out, (moves, _first, _last) = built
    data = json.loads(out.read_text(encoding="utf-8").split('id="data">', 1)[1].split("</script>", 1)[0])
    frames = data["frames"][1:]
    png = lambda i: base64.b64decode(data["images"][i].split(",", 1)[1])  # noqa: E731
    for f in frames[5::len(frames) // 8]:
        g = position(SHORT, f["id"]).game.state
        assert png(f["map"]) == map_of(g), f["id"]
        assert png(f["market"]) == market_png(g, compact=True, header=False), f["id"]


def test_the_longest_1882_record_page_opens_steps_and_stays_under_25_mb(tmp_path, browser):
    """The acceptance's own case: the shared 1882 record with the most actions, built, opened in
    the browser at its first and last move and moved by the slider; under 25 MB."""
    longest = max(FIX.glob("*.json"), key=lambda p: len(json.loads(p.read_text())["actions"]))
    out = tmp_path / "longest.html"
    assert main(["replay", str(longest), "--html", str(out)]) == 0
    assert out.stat().st_size < LIMIT_LONGEST
    moves, first_map, last_map = expected_moves(longest)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-frame]")
    assert state(page)["frame"] == 0 and shown_png(page, "#map") == first_map
    page.keyboard.press("End")
    s = state(page)
    assert s["frame"] == len(moves) and s["move"] == "; ".join(moves[-1]["lines"]) and s["mapLoaded"]
    assert shown_png(page, "#map") == last_map
    mid = len(moves) // 2
    page.fill("#slider", str(mid))
    s = state(page)
    assert s["frame"] == mid and s["move"] == "; ".join(moves[mid - 1]["lines"])
    assert s["explain"] == moves[mid - 1]["explain"]
    page.screenshot(path=str(tmp_path / "longest-mid.png"), full_page=False)
    page.close()


def test_each_run_is_drawn_on_the_map_of_its_move(built, browser, tmp_path):
    """A move that ran trains shows each route in its own colour along its track over that move's
    map, its stops ringed and a legend line per train; the routes are the engine's own (the
    state's last run, laid out afresh), and the next move shows none."""
    from PIL import Image

    from pbem.render.map import map_geometry
    from pbem.render.route_overlay import route_color, route_shapes
    from pbem.replay.position import position

    out, (moves, _first, _last) = built
    data = json.loads(out.read_text(encoding="utf-8").split('id="data">', 1)[1].split("</script>", 1)[0])
    k = next(i for i, f in enumerate(data["frames"]) if len(f["run"]) >= 2)
    frame = data["frames"][k]
    g = position(SHORT, frame["id"]).game.state
    sym, resolved = g.last_run
    assert any(line.startswith(f"{sym} runs ") for line in frame["lines"]) and len(resolved) == len(frame["run"])
    geo = map_geometry(g, MAP_RADIUS)
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    page.goto(out.as_uri() + f"#action={frame['id']}")
    page.wait_for_selector("body[data-frame]")
    drawn = page.evaluate("""() => ({
        lines: [...document.querySelectorAll('#outline polyline')].map(l => [l.getAttribute('stroke'), l.getAttribute('points')]),
        rings: document.querySelectorAll('#outline circle').length,
        legend: [...document.querySelectorAll('#run li')].map(li => li.textContent),
        box: document.getElementById('map').getBoundingClientRect().toJSON(),
        natural: document.getElementById('map').naturalWidth })""")
    want_lines, rings = [], 0
    for i, r in enumerate(resolved):
        shape = route_shapes(geo, g.board, r)
        colour = "#%02x%02x%02x" % route_color(i)
        want_lines += [[colour, " ".join(f"{x:.1f},{y:.1f}" for x, y in line)] for line in shape.lines]
        rings += len(shape.rings)
    assert drawn["lines"] == want_lines and drawn["rings"] == rings > 0
    total = sum(r.revenue for r in resolved)
    assert drawn["legend"][0] == f"{sym} ran for {g.money(total)}"
    assert [t.split()[0] for t in drawn["legend"][1:]] == [f"{r.train}-train" for r in resolved]
    # on the screen: the middle of each drawn path is in its route's colour
    shot = tmp_path / "run.png"
    page.screenshot(path=str(shot), full_page=False)
    img = Image.open(shot).convert("RGB")
    scale = drawn["box"]["width"] / drawn["natural"]
    hits = 0
    for colour, pts in drawn["lines"]:
        xy = [tuple(map(float, p.split(","))) for p in pts.split()]
        x, y = xy[len(xy) // 2]
        seen = img.getpixel((int(drawn["box"]["x"] + x * scale), int(drawn["box"]["y"] + y * scale)))
        want = tuple(int(colour[j:j + 2], 16) for j in (1, 3, 5))
        hits += sum(abs(a - b) for a, b in zip(seen, want)) < 90
    assert hits >= len(drawn["lines"]) * 2 // 3, (hits, len(drawn["lines"]))
    page.keyboard.press("ArrowRight")
    after = page.evaluate("() => [document.querySelectorAll('#outline polyline').length, "
                          "document.querySelectorAll('#run li').length]")
    assert not data["frames"][k + 1]["run"] and after == [0, 0]           # the dividend after it: no run drawn
    page.close()
