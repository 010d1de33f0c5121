"""A map kept up to date by redrawing only the parts around the hexes whose look changed
(`pbem/render/map_updates.py`): through a whole game of each title, the first picture with the
parts laid over it in order is, at every sampled move, the state's own map drawn whole."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from pbem.render.map import MapRenderer
from pbem.render.map_updates import MapUpdates, hex_looks, indexed_pngs
from pbem.replay.walk import open_replay

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
GAMES = {"1882": FIXTURES / "1882" / "1882_game_end_bankrupt.json", "1861": FIXTURES / "1861" / "29683.json",
         "1830": FIXTURES / "1830" / "26855.json"}
RADIUS = 52.0


def laid(updates: MapUpdates, k: int) -> Image.Image:
    img = updates.base.copy()
    for p in updates.parts[:k]:
        img.paste(p.image, p.area[:2])
    return img


def differing(a: Image.Image, b: Image.Image) -> int:
    return ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0).histogram()[255]


@pytest.mark.parametrize("title", sorted(GAMES))
def test_the_parts_laid_in_order_give_each_states_own_map(title):
    replay = open_replay(GAMES[title])
    g = replay.game.state
    updates = MapUpdates.start(g, RADIUS)
    checked, phases = 0, {g.phase.name}
    for m in replay:
        done = len(updates.parts)
        updates.update(g)
        phases.add(g.phase.name)
        if len(updates.parts) // 20 > done // 20:                          # about every 20th part
            whole = MapRenderer(g, radius=RADIUS).render(header=False)
            assert differing(laid(updates, len(updates.parts)), whole) <= 5, (title, m.id)
            checked += 1
    whole = MapRenderer(g, radius=RADIUS).render(header=False)
    assert differing(laid(updates, len(updates.parts)), whole) <= 5
    assert checked >= 3 and len(phases) >= 3
    # far fewer pixels drawn than a whole map per change
    drawn = sum(p.image.width * p.image.height for p in updates.parts)
    assert drawn < 0.5 * len(updates.parts) * whole.width * whole.height


def test_a_look_changes_with_what_the_hex_shows_and_nothing_else():
    """A tile laid changes its hex's look; a private bought by a player shows its blocker on the
    hexes it blocks and changes nothing else; a share bought or sold changes none."""
    replay = open_replay(GAMES["1882"])
    g = replay.game.state
    before = hex_looks(g)
    lay = blocked = None
    for m in replay:
        now = hex_looks(g)
        changed = {c for c in now if now[c] != before[c]}
        kinds = {type(a).__name__ for a in m.actions}
        if kinds <= {"BuyShares", "SellShares"}:
            assert not changed, (m.id, kinds, changed)
        if blocked is None and kinds == {"Bid"} and changed:
            blocked = changed
            assert any(set(c.blocks_hexes) == changed and c.owner for c in g.companies.values())
        if lay is None and "LayTile" in kinds:
            assert next(a.hex for a in m.actions if type(a).__name__ == "LayTile") in changed
            lay = m.id
        before = now
    assert lay is not None and blocked


def test_one_palette_keeps_equal_pixels_equal():
    """Indexed with one palette made from them all, a colour maps to the same index in every
    picture (the parts' colours are the first picture's)."""
    a = Image.new("RGB", (40, 20), (236, 228, 208))
    a.paste((96, 182, 72), (0, 0, 20, 20))
    b = Image.new("RGB", (10, 10), (96, 182, 72))
    pa, pb = (Image.open(io.BytesIO(x)) for x in indexed_pngs([a, b]))
    assert pa.mode == pb.mode == "P" and pa.getpalette() == pb.getpalette()
    assert pa.getpixel((5, 5)) == pb.getpixel((5, 5)) != pa.getpixel((30, 5))
    assert pa.convert("RGB").getpixel((5, 5)) == (96, 182, 72)
