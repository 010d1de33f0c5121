"""Write everything the moderator mails after a move: map.png, market.png and the reports."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable, Optional

from pbem.render.map import map_png
from pbem.render.market import market_png
from pbem.render.report import EXTENSIONS, build_report, data_uri, render_report


def write_outputs(game, out_dir, *, highlight: Iterable[str] = (), route_corp: Optional[str] = None,
                  last_moves: Iterable[str] = (), formats: Iterable[str] = ("text", "html", "md"),
                  html_images: str = "files", at=None, game_id: Optional[str] = None,
                  mail: bool = False) -> dict[str, Path]:
    """Render the state into `out_dir`; returns {'map': path, 'market': path, 'text': path, ...}.
    `html_images`: 'files' (src="map.png", next to the report), 'inline' (data: URIs) or 'cid'
    (src="cid:map.png", for a multipart/related mail carrying the PNGs); `mail`: the pictures as
    a report mail carries them (800 px wide, and changed.png around the `highlight` hexes)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    if mail:
        pngs = mail_pngs(game, list(highlight))
    else:
        pngs = {"map": map_png(game, highlight=list(highlight), route_corp=route_corp), "market": market_png(game)}
    paths: dict[str, Path] = {}
    for name, data in pngs.items():
        p = out / f"{name}.png"
        p.write_bytes(data)
        paths[name] = p
    data = build_report(game, last_moves=last_moves, at=at, game_id=game_id)
    for fmt in formats:
        images = {}
        if fmt in ("html", "md"):
            if fmt == "html" and html_images == "inline":
                images = {k: data_uri(v) for k, v in pngs.items()}
            elif fmt == "html" and html_images == "cid":
                images = {k: f"cid:{k}.png" for k in pngs}
            else:
                images = {k: f"{k}.png" for k in pngs}
        p = out / f"report.{EXTENSIONS[fmt]}"
        p.write_text(render_report(data, fmt, images=images), encoding="utf-8")
        paths[fmt] = p
    return paths


def mail_pngs(game, changed: list[str]) -> dict[str, bytes]:
    """A report mail's pictures (docs/mail.md): the part around `changed` (none when empty), the
    whole map at a mail's width with `changed` outlined, and the market drawn for that width."""
    from pbem.render.map import compact_image, png_bytes
    from pbem.render.map_views import MAIL_WIDTH, outline_hexes, overview_view, render_around, render_view

    view = overview_view(game)
    whole = outline_hexes(compact_image(render_view(game, view)), game, changed, view.radius, view.text_scale)
    near = render_around(game, changed) if changed else None
    pngs = {"changed": png_bytes(near, compact=True)} if near is not None else {}
    return {**pngs, "map": png_bytes(whole, compact=True), "market": market_png(game, compact=True, width=MAIL_WIDTH)}
