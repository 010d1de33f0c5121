"""The pictures of a report mail: each PNG carried once and shown by its cid:, drawn once per
state of the game for every recipient, and legible at a mail's width (the whole map drawn to
800 px with its text enlarged, the part around what changed drawn alone at the map's scale)."""
from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from mailkit import GAME, GM_SECRET, latest, mail, new_game, parse
from pbem.demo import TURNS
from pbem.moderator.signon import hash_secret

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
GAMES = {"1882": FIXTURES / "1882" / "5236.json", "1861": FIXTURES / "1861" / "29683.json",
         "1830": FIXTURES / "1830" / "26855.json"}


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A 1882 game by mail up to the first tile lay (CPR lays 57 in I5), the pictures drawn only
    for that move's report: (postmaster, its decision)."""
    pm, secrets = new_game(tmp_path_factory.mktemp("pics"), hash_secret(GM_SECRET))
    turns = [(who, body.replace("{quote}", "")) for who, body in TURNS if "GT at 77" not in body]
    lay = next(i for i, (_, body) in enumerate(turns) if "lays 57 in I5" in body)
    addr = {"Ann": "ann@pbem.test", "Bob": "bob@pbem.test", "Cid": "cid@pbem.test"}
    decision = None
    for i, (who, body) in enumerate(turns[: lay + 1]):
        pm.render_images = i == lay
        decision = pm.handle(f"k{i}", mail(addr[who], f"SIGNON {GAME} {who} {secrets[who]}\n{body}",
                                           subject=f"[{GAME}]", in_reply_to=latest(pm)))
        assert decision.folder == "Processed", (body, decision.outcome)
    return pm, decision


def reports(decision):
    """The report mails of a decision (the mover's own reply aside)."""
    return [parse(o.raw) for o in decision.outgoing if f".{GAME}.report." in parse(o.raw)["Message-ID"]]


def test_a_report_carries_each_picture_once_shown_by_its_cid(played):
    """Parsed back with the email package, every report mail holds each PNG exactly once, inline
    with a Content-ID, and its HTML shows each of them by cid: and nothing else."""
    _, decision = played
    mails = reports(decision)
    assert len(mails) == 2                        # the player to act alone, the two others together
    for m in mails:
        assert m.get_content_type() == "multipart/related"
        pngs = [p for p in m.walk() if p.get_content_type() == "image/png"]
        cids = [p["Content-ID"].strip("<>") for p in pngs]
        assert sorted(cids) == ["changed.png", "map.png", "market.png"]                  # each once
        assert all(p.get_content().startswith(b"\x89PNG") and p.get_content_disposition() == "inline" for p in pngs)
        html = next(p for p in m.walk() if p.get_content_type() == "text/html").get_content()
        assert sorted(re.findall(r'src="([^"]+)"', html)) == sorted(f"cid:{c}" for c in cids)


def test_a_report_is_drawn_once_for_all_its_recipients_and_kept_for_its_state(played):
    """The two mails of the report share one drawing of each picture (the cache's counts); asking
    again for the same state (a MAP command) draws nothing; the bytes are the same objects."""
    pm, decision = played
    stats = pm.pictures.stats
    assert (stats.maps_drawn, stats.areas_drawn, stats.markets_drawn, stats.asked) == (1, 1, 1, 1)
    pngs = [[p.get_content() for p in m.walk() if p.get_content_type() == "image/png"] for m in reports(decision)]
    assert pngs[0] == pngs[1]
    for who in ("bob", "cid"):                    # the same state asked for by two other mails
        d = pm.handle(f"map-{who}", mail(f"{who}@pbem.test", "MAP", subject=f"[{GAME}]"))
        assert d.folder == "Processed"
    assert (stats.asked, stats.hits) == (3, 1)    # the first MAP outlines no hex: a report of its own
    assert (stats.maps_drawn, stats.areas_drawn, stats.markets_drawn) == (1, 1, 1)   # the same drawings


@lru_cache(maxsize=None)
def final(title: str):
    import pbem

    return pbem.read_record(GAMES[title]).state


@pytest.mark.parametrize("title", sorted(GAMES))
def test_the_whole_map_is_drawn_to_a_mails_width_with_text_that_reads(title):
    """The whole map is 800 px wide, not shrunk from a bigger picture, and its names, revenues
    and costs are drawn at least 9 px high (1861's 17 columns are the widest map); the part
    around a change is 800 x 480 with names at least 12 px."""
    from pbem.render.map import NAME_SIZE, SMALL_SIZE
    from pbem.render.map_views import NEAR, overview_view, render_around, render_view

    game = final(title)
    view = overview_view(game)
    img = render_view(game, view)
    assert img.width == 800
    assert min(NAME_SIZE, SMALL_SIZE) * view.radius * view.text_scale >= 9
    assert min(NAME_SIZE, SMALL_SIZE) * NEAR.radius * NEAR.text_scale >= 12
    hexes = game.board.hex_coords()
    assert render_around(game, [hexes[len(hexes) // 2]]).size == (800, 480)


@pytest.mark.parametrize("title", sorted(GAMES))
def test_the_part_around_a_change_is_the_whole_pictures_pixels_drawn_alone(title):
    """Drawing only the hexes near a change gives the pixels the whole picture has there (but for
    a rare pixel where a coordinate's last bit rounds the other way), with the change outlined."""
    from pbem.render import style
    from pbem.render.map import render_map
    from pbem.render.map_views import NEAR, crop_window, render_area

    game = final(title)
    hexes = game.board.hex_coords()
    changed = [hexes[len(hexes) // 2]]
    area = crop_window(game, changed)
    part = render_area(game, area, NEAR, changed)
    whole = render_map(game, radius=NEAR.radius, text_scale=NEAR.text_scale, highlight=changed).crop(area)
    assert part.size == whole.size
    differ = ImageChops.difference(part, whole).convert("L").point(lambda v: 255 if v else 0).histogram()[255]
    assert differ <= 0.0002 * part.width * part.height, differ
    cx, cy = NEAR.geometry(game).centre(changed[0])
    assert area[0] < cx < area[2] and area[1] < cy < area[3]
    assert style.HIGHLIGHT in {c for _, c in part.getcolors(1 << 16)}


@pytest.mark.parametrize("title", sorted(GAMES))
def test_the_part_around_a_change_at_the_maps_edge_names_its_columns_and_rows_once(title):
    """A change in the top right corner of the map: the part around it reaches into the map's
    margins, where the whole picture names the columns and rows; the part names them in its own
    band along its top and left edges and not again inside (they were drawn twice, and cut at
    its right edge)."""
    from pbem.render.map_views import CROP_SIZE, EDGE_BAND, NEAR, crop_window, render_area, render_around

    game = final(title)
    g = NEAR.geometry(game)
    corner = min(game.board.hex_coords(), key=lambda c: (g.centre(c)[1], -g.centre(c)[0]))   # top right
    band = int(round(EDGE_BAND * NEAR.text_scale * NEAR.radius))
    area = crop_window(game, [corner], NEAR, (CROP_SIZE[0] - band, CROP_SIZE[1] - band))
    named = render_area(game, area, NEAR, [corner])
    bare = render_area(game, area, NEAR, [corner], coordinates=False)
    assert ImageChops.difference(named, bare).getbbox() is not None   # the margins hold names there
    part = render_around(game, [corner])
    inside = part.crop((band, band, part.width, part.height))
    assert ImageChops.difference(inside, bare).getbbox() is None


def test_a_move_that_changed_no_hex_has_no_part_around_it():
    from pbem.moderator.pictures import PictureCache

    pics = PictureCache().for_report(final("1882"), "h", [])
    assert pics.near is None and Image.open(io.BytesIO(pics.whole)).width == 800


def test_a_map_that_shows_the_same_is_encoded_once_and_an_outline_keeps_its_colour():
    """Reports on two states whose board is the same and that changed no hex carry the very bytes
    of one encoding of the map; a report that outlines a hex draws it in the highlight colour on
    the kept, quantised map (the outline's colour added to its palette)."""
    from pbem.moderator.pictures import PictureCache
    from pbem.render import style

    game, cache = final("1882"), PictureCache()
    first, second = cache.for_report(game, "h1", []), cache.for_report(game, "h2", [])
    assert second.whole is first.whole and cache.stats.maps_drawn == 1
    hexes = game.board.hex_coords()
    outlined = Image.open(io.BytesIO(cache.for_report(game, "h3", [hexes[len(hexes) // 2]]).whole))
    assert outlined.mode == "P" and cache.stats.maps_drawn == 1
    assert style.HIGHLIGHT in {c for _, c in outlined.convert("RGB").getcolors(1 << 16)}
    assert style.HIGHLIGHT not in {c for _, c in Image.open(io.BytesIO(first.whole)).convert("RGB").getcolors(1 << 16)}


@pytest.mark.parametrize("title", sorted(GAMES))
def test_a_games_map_brought_up_to_date_is_the_map_drawn_whole(title):
    """Move by move through a record's first 200 actions, a game's map is its last one with the
    hexes whose look changed and the title line redrawn (drawn whole only for new tile
    colours); at every 25th action and at the end it is the whole drawing's pixels (under 0.1%
    may differ)."""
    import pbem
    from pbem.moderator.pictures import PictureCache
    from pbem.render.map_views import overview_view, render_view

    record = pbem.read_record(GAMES[title])
    actions = list(record.moves)[:200]
    record.back_to(0)
    cache = PictureCache()
    view = overview_view(record.state)
    for i, action in enumerate(actions, 1):
        record.push(action)
        drawn = cache.drawing(record.state, "game")
        if i % 25 == 0 or i == len(actions):
            whole = render_view(record.state, view)
            off = ImageChops.difference(drawn, whole).convert("L").point(lambda v: 255 if v > 40 else 0)
            assert off.histogram()[255] < 0.001 * whole.width * whole.height, (i, off.getbbox())
    assert cache.stats.maps_redrawn > 5 * cache.stats.maps_drawn, cache.stats          # most maps redrawn in part


def test_each_games_last_pictures_are_kept_for_its_next_report_among_many_games():
    """Twenty games in twenty states, reported on in turn, then each after its next move: the
    second round draws no map whole (each is its game's last map brought up to date, most of
    them unpacked, as only the last 4 games are kept as pictures here), and the map so drawn
    is the whole drawing's pixels (under 0.1% may differ)."""
    import pbem
    from pbem.moderator.pictures import PictureCache
    from pbem.render.map_views import overview_view, render_view

    record = pbem.read_record(GAMES["1882"])
    actions = list(record.moves)
    games = []
    for i in range(20):
        game = record.copy()
        game.back_to(100 + 15 * i)
        games.append(game)
    cache = PictureCache(drawings=4)
    for i, game in enumerate(games):
        cache.for_report(game.state, f"a{i}", [], f"g{i}")
    drawn = cache.stats.maps_drawn
    for i, game in enumerate(games):
        game.push(actions[100 + 15 * i])
        cache.for_report(game.state, f"b{i}", [], f"g{i}")
    assert cache.stats.maps_drawn == drawn and cache.memory.unpacked >= 16
    for game in games[:2]:
        whole = render_view(game.state, overview_view(game.state))
        off = ImageChops.difference(cache.drawing(game.state), whole).convert("L").point(lambda v: 255 if v > 40 else 0)
        assert off.histogram()[255] < 0.001 * whole.width * whole.height


def test_pbem_render_mail_writes_the_pictures_a_report_mail_carries(tmp_path):
    """`pbem render --mail` writes what a report mail shows: the map and market 800 px wide and
    changed.png around the last move's hexes, which report.html shows first."""
    from pbem.cli import main
    from pbem.importers.eighteen_xx import load_record

    lay = next(a["id"] for a in load_record(str(GAMES["1861"])).live if a.get("type") == "lay_tile")
    assert main(["render", str(GAMES["1861"]), "--at", str(lay), "--out", str(tmp_path), "--mail"]) == 0
    sizes = {n: Image.open(tmp_path / f"{n}.png").size for n in ("changed", "map", "market")}
    assert sizes["changed"] == (800, 480) and sizes["map"][0] == 800 and sizes["market"][0] == 800
    html = (tmp_path / "report.html").read_text()
    assert html.index('src="changed.png"') < html.index('src="map.png"') < html.index('src="market.png"')


def test_a_markets_png_compresses_its_header_line_alone_and_reads_as_the_whole_picture():
    """Markets whose markers rest (the same cells, another round, phase and bank in the line at
    the top) are each one PNG that any decoder reads as the picture `with_header` draws, pixel
    for pixel and in its palette, while the cells below the line are compressed only once."""
    import pbem
    from pbem.moderator.pictures import PictureCache
    from pbem.render.map_views import MAIL_WIDTH
    from pbem.render.market import compact_market, market_key, with_header
    from pbem.render.png_rows import RestingRows

    record = pbem.read_record(GAMES["1882"])
    cache, calls, states = PictureCache(), [], []
    real = RestingRows.__init__

    def counted(self, *a, **k):
        calls.append(1)
        real(self, *a, **k)
    RestingRows.__init__ = counted
    try:
        actions = list(record.moves)[:40]
        record.back_to(0)
        for action in actions:
            record.push(action)
            if not states or market_key(record.state) == market_key(states[0].state):
                states.append(record.copy())
        assert len(states) >= 3 and len({s.state.bank for s in states}) >= 2    # the line differs
        for s in states:
            png = Image.open(io.BytesIO(cache.market_png(s.state, "g")))
            png.load()
            body = compact_market(s.state, MAIL_WIDTH)
            want = with_header(body, s.state)
            assert png.mode == "P" and png.size == want.size
            assert png.getpalette() == want.getpalette()
            assert png.tobytes() == want.tobytes()
    finally:
        RestingRows.__init__ = real
    assert len(calls) == 1                        # the cells compressed once for every state


def test_adler32_of_two_pieces_joined_is_the_checksum_of_the_whole():
    import random
    import zlib

    from pbem.render.png_rows import adler32_joined

    rng = random.Random(7)
    for n in (0, 1, 5, 5552, 70_000, 900_000):
        data = bytes(rng.getrandbits(8) for _ in range(min(n, 4000))) * (n // 4000 + 1)
        data = data[:n]
        for cut in {0, n // 3, n}:
            first, second = data[:cut], data[cut:]
            assert adler32_joined(zlib.adler32(first), zlib.adler32(second), len(second)) == zlib.adler32(data)


def test_the_map_with_nothing_outlined_is_encoded_only_when_a_report_shows_it(monkeypatch):
    """A report that outlines the hexes its move changed encodes that picture and the part around
    them, not the map with nothing outlined; a later report of the same board that changed no
    hex encodes it then, once."""
    from pbem.moderator import pictures
    from pbem.render import map as render_map

    encoded = []
    real = render_map.png_bytes
    monkeypatch.setattr(render_map, "png_bytes", lambda img, **kw: encoded.append(img.size) or real(img, **kw))
    game, cache = final("1882"), pictures.PictureCache()
    hexes = game.board.hex_coords()
    cache.for_report(game, "h1", [hexes[len(hexes) // 2]])
    assert len(encoded) == 2                      # the outlined map and the part around the change
    first = cache.for_report(game, "h2", [])
    second = cache.for_report(game, "h3", [])
    assert len(encoded) == 3 and second.whole is first.whole
    assert Image.open(io.BytesIO(first.whole)).width == 800
