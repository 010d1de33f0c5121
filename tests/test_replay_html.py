"""The HTML replay (`pbem replay GAME --html OUT.html`) opened in a real headless Chromium
(Playwright driving Debian's chromium): the page loads nothing from anywhere, shows the first and
the last map, and the slider, the arrow keys, the move list and a URL fragment change the move
shown, its explanation and its map. The map a move shows is the first picture with the parts
redrawn up to it laid over it: the canvas holds exactly those pixels, and they are the state's
own map drawn afresh; the moves are the replay's own walk, so the page cannot show the wrong move.
At a phone's width (400 px) and a desktop's (1,200 px) the page fits, steps and draws runs."""
from __future__ import annotations

import base64
import io
import json
import shutil
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from pbem.cli import main
from pbem.render.map import render_map
from pbem.replay.explain import explain
from pbem.replay.ledger import ledger
from pbem.replay.page import MAP_RADIUS, unpacked
from pbem.replay.walk import open_replay

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
FIX = FIXTURES / "1882"
SHORT = FIX / "1882_game_end_bankrupt.json"       # the shortest shared 1882 record
LIMIT_LONGEST = 3e6                               # bytes, for the record with the most actions (issue #28)


def chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        pytest.fail("chromium is not installed (scripts/test.sh installs it)")
    return exe


def expected_moves(path: Path) -> list[dict]:
    """The replay's own walk: each move's id, lines, explanation and board."""
    r = open_replay(path)
    out, before = [], ledger(r.game)
    for m in r:
        if not m.moves:
            continue
        text = explain(before, m)
        before = ledger(m.game)
        out.append({"id": m.id, "lines": list(m.lines), "explain": list(text), "board": m.game.state.board.snapshot()})
    return out


def page_data(out: Path) -> dict:
    return json.loads(out.read_text(encoding="utf-8").split('id="data">', 1)[1].split("</script>", 1)[0])


def png(uri: str) -> Image.Image:
    assert uri.startswith("data:image/png;base64,")
    return Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1])))


def composite(data: dict, k: int) -> Image.Image:
    """The map the page paints with k parts laid: the first picture, the parts over it in order."""
    img = png(data["map"]["base"]).convert("RGB")
    for x, y, uri in data["map"]["parts"][:k]:
        img.paste(png(uri).convert("RGB"), (x, y))
    return img


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


def canvas(page) -> Image.Image:
    """The map's canvas as the browser holds it."""
    return png(page.evaluate("document.getElementById('map').toDataURL('image/png')")).convert("RGB")


def state(page) -> dict:
    return page.evaluate("""() => ({
        frame: +document.body.getAttribute('data-frame'),
        parts: +document.getElementById('map').getAttribute('data-parts'),
        move: document.getElementById('move').textContent,
        pos: document.getElementById('pos').textContent,
        explain: [...document.querySelectorAll('#explain li')].map(li => li.textContent),
        selected: [...document.querySelectorAll('#moves li.sel')].map(li => +li.dataset.i),
        marketLoaded: document.getElementById('market').naturalWidth > 0,
        markers: [...document.querySelectorAll('#markers text')].map(t => t.textContent),
        report: document.getElementById('report').textContent,
        hash: location.hash,
        outlined: document.querySelectorAll('#outline polygon').length,
        runs: document.querySelectorAll('#outline polyline').length,
    })""")


def open_page(browser, out: Path, width: int = 1400, height: int = 1000, fragment: str = ""):
    """The page opened and its first move shown; the console's errors gathered in `page.errors`."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(out.as_uri() + fragment)
    page.wait_for_selector("body[data-frame]")
    return page


def test_the_page_steps_through_the_game_in_a_browser(built, browser, tmp_path):
    out, moves = built
    data = page_data(out)
    requests: list[str] = []
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.on("request", lambda r: requests.append(r.url))
    page.goto(out.as_uri())
    page.wait_for_selector("body[data-frame]")             # the pictures decoded, the reports unpacked, the first frame shown
    # the start: the set-up map, no move
    s = state(page)
    assert s["frame"] == 0 and s["selected"] == [0] and s["move"] == "" and s["marketLoaded"] and s["parts"] == 0
    first = canvas(page)
    assert ImageChops.difference(first, composite(data, 0)).getbbox() is None
    assert "Player 1" in s["report"]
    # End: the last move and the final map
    page.keyboard.press("End")
    s = state(page)
    assert s["frame"] == len(moves) and s["move"] == "; ".join(moves[-1]["lines"])
    assert s["pos"].startswith(f"action {moves[-1]['id']}") and s["hash"] == f"#action={moves[-1]['id']}"
    assert s["explain"] == moves[-1]["explain"] and s["parts"] == len(data["map"]["parts"]) > 0
    last = canvas(page)
    assert ImageChops.difference(last, composite(data, s["parts"])).getbbox() is None
    assert ImageChops.difference(last, first).getbbox() is not None
    assert "The game is over" in s["report"]
    # the slider: a move that laid a tile shows that move, its explanation and its own map
    k = next(i for i, m in enumerate(moves) if i > 10 and m["board"] != moves[i - 1]["board"])
    page.fill("#slider", str(k + 1))
    s = state(page)
    assert s["frame"] == k + 1 and s["selected"] == [k + 1]
    assert s["move"] == "; ".join(moves[k]["lines"]) and s["explain"] == moves[k]["explain"]
    assert s["outlined"] >= 1                               # the changed hex is outlined
    at_k = canvas(page)
    assert ImageChops.difference(at_k, composite(data, s["parts"])).getbbox() is None
    # the left arrow (focus off the slider): the move before, whose map lacks that tile; back again
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("ArrowLeft")
    s = state(page)
    assert s["frame"] == k and s["move"] == "; ".join(moves[k - 1]["lines"])
    assert ImageChops.difference(canvas(page), at_k).getbbox() is not None
    page.keyboard.press("ArrowRight")
    assert state(page)["frame"] == k + 1 and ImageChops.difference(canvas(page), at_k).getbbox() is None
    # a click in the move list
    page.click("#moves li[data-i='3']")
    assert state(page)["move"] == "; ".join(moves[2]["lines"])
    # nothing but the page itself was loaded
    assert requests and all(u == out.as_uri() or u.startswith("data:") for u in requests), requests[:5]
    page.close()


def test_each_moves_map_is_the_states_own_map(built):
    """Laid in order, the parts give each move's map as drawn afresh for its state (the same
    palette, a pixel's colour its own alone), sampled across the game."""
    from pbem.replay.position import position

    out, _moves = built
    data = page_data(out)
    palette = png(data["map"]["base"])
    frames = data["frames"][1:]
    seen = set()
    for f in frames[3::max(1, len(frames) // 8)] + [frames[-1]]:
        g = position(SHORT, f["id"]).game.state
        fresh = render_map(g, radius=MAP_RADIUS, header=False).quantize(palette=palette, dither=Image.Dither.NONE)
        shown = composite(data, f["map"])
        differ = ImageChops.difference(shown, fresh.convert("RGB")).convert("L").point(lambda v: 255 if v else 0)
        assert differ.histogram()[255] <= 5, (f["id"], differ.getbbox())
        seen.add(f["map"])
    assert len(seen) >= 4                                   # maps with different parts were compared


def test_a_url_fragment_selects_the_move(built, browser):
    out, moves = built
    m = moves[len(moves) // 2]
    page = open_page(browser, out, fragment=f"#action={m['id']}")
    s = state(page)
    assert s["frame"] == len(moves) // 2 + 1 and s["move"] == "; ".join(m["lines"])
    # an action that is no move (undone, or a chat message): the state after the last move before it
    j = next(j for j in range(len(moves) - 1) if moves[j + 1]["id"] > moves[j]["id"] + 1)
    page.goto(out.as_uri() + f"#action={moves[j]['id'] + 1}")
    page.reload()
    page.wait_for_selector("body[data-frame]")
    s = state(page)
    assert s["frame"] == j + 1 and s["move"] == "; ".join(moves[j]["lines"]) and s["hash"] == f"#action={moves[j]['id']}"
    assert not page.errors
    page.close()


def test_the_page_is_small_and_self_contained(built):
    """Within the longest record's bound, scaled to this record's length; every picture is a
    data: URI; a part is drawn only where a move changed hexes, a market's markers only where
    they moved."""
    out, moves = built
    actions = {p: len(json.loads(p.read_text())["actions"]) for p in FIX.glob("*.json")}
    bound = LIMIT_LONGEST * actions[SHORT] / max(actions.values())
    html = out.read_text(encoding="utf-8")
    assert out.stat().st_size < bound, (out.stat().st_size, bound)
    low = html.lower()
    assert "<link" not in low and "<script src" not in low and "@import" not in low and "url(" not in low
    data = page_data(out)
    assert all(u.startswith("data:image/png;base64,") for u in [data["map"]["base"]] + data["market"]["images"])
    reports = unpacked(data["reports"])                     # gzipped: a report per distinct state
    assert all(f["report"] < len(reports) for f in data["frames"]) and "Player 1" in reports[0]
    boards = [json.dumps(m["board"], sort_keys=True, default=str) for m in moves]
    changes = sum(a != b for a, b in zip(boards, boards[1:])) + 1
    assert 0 < len(data["map"]["parts"]) <= 3 * changes + 10 < len(moves)
    assert [f["map"] for f in data["frames"]] == sorted(f["map"] for f in data["frames"])   # parts only ever added
    assert len(data["market"]["states"]) < len(moves) // 2


def test_a_game_file_works_through_the_same_page(tmp_path, capsys, monkeypatch):
    """A game file's page; the build's progress is told on standard error when it is a terminal
    (one line redrawn), and nothing is when it is a pipe or a log."""
    g = tmp_path / "g.pbem"
    assert main(["new", "1882", str(g), "--players", "Ann", "Bob", "Cid"]) == 0
    assert main(["move", str(g), "Ann bids 20 for HB"]) == 0
    assert main(["move", str(g), "Bob passes"]) == 0
    capsys.readouterr()
    out = tmp_path / "g.html"
    assert main(["replay", str(g), "--html", str(out)]) == 0
    said = capsys.readouterr()
    assert said.out.startswith(f"{out}: 2 moves") and said.err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["replay", str(g), "--html", str(out)]) == 0
    said = capsys.readouterr()
    assert said.err.endswith(f"\rpbem replay: building {out}: step 2/2\n") and said.err.count("\n") == 1
    data = page_data(out)
    assert [f["id"] for f in data["frames"]] == [None, 1, 2]
    assert data["what"] == "move" and data["frames"][1]["lines"] == ["Ann bids 20 for HB"]


def test_the_progress_is_told_while_the_page_builds(tmp_path, capsys):
    """`build_page` tells its progress step by step, up to the last."""
    from pbem.replay.page import build_page

    g = tmp_path / "g.pbem"
    assert main(["new", "1882", str(g), "--players", "Ann", "Bob", "Cid"]) == 0
    for move in ("Ann bids 20 for HB", "Bob passes", "Cid passes"):
        assert main(["move", str(g), move]) == 0
    told = []
    page = build_page(g, progress=lambda done, total: told.append((done, total)))
    assert len(page.replay.steps) == 3 and told == [(1, 3), (2, 3), (3, 3)]


def test_the_market_markers_are_where_the_state_has_them(built, browser, tmp_path):
    """At a move, the market is laid out as the state's own picture and the markers over its
    cells are the companies the state has there, each in its own colour on the screen; at the
    start there are none."""
    from pbem.render.market import market_geometry, market_markers
    from pbem.replay.position import position

    out, moves = built
    data = page_data(out)
    f = data["frames"][len(moves) * 2 // 3]
    g = position(SHORT, f["id"]).game.state
    want = market_markers(g)
    page = open_page(browser, out, fragment=f"#action={f['id']}")
    assert state(page)["markers"] == [s for s, *_ in want.grid + want.par] != []
    drawn = page.evaluate("""() => { const img = document.getElementById('market').getBoundingClientRect();
        return {box: img.toJSON(), circles: [...document.querySelectorAll('#markers circle')].map(c =>
            [+c.getAttribute('cx'), +c.getAttribute('cy'), c.getAttribute('fill')])}; }""")
    page.locator("#market").scroll_into_view_if_needed()
    drawn["box"] = page.evaluate("document.getElementById('market').getBoundingClientRect().toJSON()")
    shot = tmp_path / "market.png"
    page.screenshot(path=str(shot))
    img = Image.open(shot).convert("RGB")
    size = data["market"]["sizes"][data["market"]["states"][f["market"]][0]]
    own = market_geometry(g)                                # laid out as the state's own market picture
    assert size == [own.width, own.height]
    scale = drawn["box"]["width"] / size[0]
    hits = 0
    for cx, cy, fill in drawn["circles"]:
        x, y = drawn["box"]["x"] + (cx + 0.6 * data["market"]["r"]) * scale, drawn["box"]["y"] + cy * scale
        if 0 <= x < img.width and 0 <= y < img.height:
            seen = img.getpixel((int(x), int(y)))
            hits += sum(abs(a - int(fill[j:j + 2], 16)) for a, j in zip(seen, (1, 3, 5))) < 60
    assert hits >= len(drawn["circles"]) * 2 // 3, (hits, len(drawn["circles"]))
    page.keyboard.press("Home")
    assert state(page)["markers"] == []
    page.close()


@pytest.mark.parametrize("width", [400, 1200])
def test_the_page_fits_a_phone_and_a_desktop(built, browser, tmp_path, width):
    """At 400 and 1,200 px: the page loads without a console error, the body never scrolls
    sideways (the pictures fit the width, or scroll in their own box at full size), the controls
    are on the screen, stepping changes the map, and a run is drawn over the map."""
    out, moves = built
    data = page_data(out)
    page = open_page(browser, out, width=width, height=850)
    wide = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    assert page.evaluate(wide) <= width
    for sel in ("#prev", "#next", "#slider", "#zoom"):
        box = page.locator(sel).bounding_box()
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= width and box["y"] + box["height"] <= 850, sel
    before = canvas(page)
    page.click("#next")
    for _ in range(len(moves)):                             # step with the button until the map changes
        if state(page)["parts"]:
            break
        page.click("#next")
    assert ImageChops.difference(canvas(page), before).getbbox() is not None
    k = next(i for i, f in enumerate(data["frames"]) if f["run"])
    page.evaluate(f"location.hash = '#action={data['frames'][k]['id']}'")
    page.wait_for_function(f"document.body.getAttribute('data-frame') === '{k}'")
    assert state(page)["runs"] >= 1
    page.screenshot(path=str(tmp_path / f"run-{width}.png"), full_page=True)
    assert page.evaluate(wide) <= width
    page.click("#zoom")                                     # full size: the map scrolls in its box, the body does not
    box = page.evaluate("(b => [b.scrollWidth, b.clientWidth])(document.querySelector('.box'))")
    assert box[0] == max(box[1], data["map"]["size"][0])                # the map at its own size, in its box
    assert page.evaluate(wide) <= width
    assert not page.errors, page.errors
    page.close()


def test_the_longest_1882_record_page_opens_steps_and_stays_under_3_mb(tmp_path, browser):
    """The acceptance's own case: the shared 1882 record with the most actions, built, opened in
    the browser at its first and last move and moved by the slider; under 3 MB."""
    longest = max(FIX.glob("*.json"), key=lambda p: len(json.loads(p.read_text())["actions"]))
    out = tmp_path / "longest.html"
    assert main(["replay", str(longest), "--html", str(out)]) == 0
    assert out.stat().st_size < LIMIT_LONGEST
    moves = expected_moves(longest)
    data = page_data(out)
    page = open_page(browser, out)
    assert state(page)["frame"] == 0 and ImageChops.difference(canvas(page), composite(data, 0)).getbbox() is None
    page.keyboard.press("End")
    s = state(page)
    assert s["frame"] == len(moves) and s["move"] == "; ".join(moves[-1]["lines"])
    assert ImageChops.difference(canvas(page), composite(data, s["parts"])).getbbox() is None
    mid = len(moves) // 2
    page.fill("#slider", str(mid))
    s = state(page)
    assert s["frame"] == mid and s["move"] == "; ".join(moves[mid - 1]["lines"])
    assert s["explain"] == moves[mid - 1]["explain"] and not page.errors
    page.close()


def test_each_run_is_drawn_on_the_map_of_its_move(built, browser, tmp_path):
    """A move that ran trains shows each route in its own colour along its track over that move's
    map, its stops ringed and a legend line per train; the routes are the engine's own (the
    state's last run, laid out afresh), and the next move shows none."""
    from pbem.render.map import map_geometry
    from pbem.render.route_overlay import route_color, route_shapes
    from pbem.replay.position import position

    out, _moves = built
    data = page_data(out)
    k = next(i for i, f in enumerate(data["frames"]) if len(f["run"]) >= 2)
    frame = data["frames"][k]
    g = position(SHORT, frame["id"]).game.state
    sym, resolved = g.last_run
    assert any(line.startswith(f"{sym} runs ") for line in frame["lines"]) and len(resolved) == len(frame["run"])
    geo = map_geometry(g, MAP_RADIUS)
    page = open_page(browser, out, width=1400, height=1100, fragment=f"#action={frame['id']}")
    drawn = page.evaluate("""() => ({
        lines: [...document.querySelectorAll('#outline polyline')].map(l => [l.getAttribute('stroke'), l.getAttribute('points')]),
        rings: document.querySelectorAll('#outline circle').length,
        legend: [...document.querySelectorAll('#run li')].map(li => li.textContent),
        box: document.getElementById('map').getBoundingClientRect().toJSON(),
        natural: document.getElementById('map').width })""")
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

