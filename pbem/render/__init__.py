"""Pictures and reports of a game's state: the map and stock market as PNG (Pillow) and the
status report as text, HTML and Markdown (Jinja2 templates in templates/).

    from pbem.render import render_map, render_market, build_report, render_report, write_outputs
"""
from pbem.render.geometry import MapGeometry
from pbem.render.map import map_geometry, map_png, render_map
from pbem.render.market import market_geometry, market_png, render_market
from pbem.render.output import write_outputs
from pbem.render.report import build_report, render_report

__all__ = [
    "MapGeometry", "map_geometry", "map_png", "render_map", "market_geometry", "market_png", "render_market",
    "build_report", "render_report", "write_outputs",
]
