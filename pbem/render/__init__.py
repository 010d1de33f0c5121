"""Pictures and reports of a game's state: the map and stock market as PNG (Pillow) and the
status report as text, HTML and Markdown (Jinja2 templates in templates/).

    from pbem.render import render_map, render_market, build_report, render_report, write_outputs
"""
__all__ = [
    "MapGeometry", "map_geometry", "map_png", "render_map", "market_geometry", "market_png", "render_market",
    "build_report", "render_report", "write_outputs",
]

#: each name's module, imported on first use: a report in text needs no drawing library
_HOMES = {"MapGeometry": "geometry", "map_geometry": "map", "map_png": "map", "render_map": "map",
          "market_geometry": "market", "market_png": "market", "render_market": "market",
          "write_outputs": "output", "build_report": "report", "render_report": "report"}


def __getattr__(name: str):
    if name in _HOMES:
        import importlib

        return getattr(importlib.import_module(f"pbem.render.{_HOMES[name]}"), name)
    raise AttributeError(f"module 'pbem.render' has no attribute {name!r}")
