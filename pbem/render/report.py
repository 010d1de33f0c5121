"""Status reports: a plain dict of figures from the Game, rendered by the Jinja2 templates in
templates/ (found through pbem.resources.data_dir('templates')) as plain text, HTML (for
mail; images by cid: or inline data: URIs) and Markdown (for forums).

    data = build_report(game, last_moves=["CPR lays 57 on K3", ...])
    text = render_report(data, "text")            # "text" | "html" | "md"
    html = render_report(data, "html", images={"map": "cid:map.png", "market": "cid:market.png"})

`last_moves` are strings in canonical notation supplied by the caller (the notation module
writes them); the report shows them as given.
"""
from __future__ import annotations

import base64
from typing import Iterable, Optional

from pbem.render.labels import round_label

FORMATS = {"text": "report.txt.j2", "html": "report.html.j2", "md": "report.md.j2"}
EXTENSIONS = {"text": "txt", "html": "html", "md": "md"}

ACTION_NAMES = {
    "bid": "bid on a private", "pass": "pass", "par": "start a company (par)", "buy_shares": "buy a share",
    "sell_shares": "sell shares", "lay_tile": "lay a tile", "place_token": "place a station",
    "run_routes": "run trains", "dividend": "pay or withhold", "buy_train": "buy a train",
    "buy_company": "buy a private", "discard_train": "discard a train", "bankrupt": "declare bankruptcy",
}


def money(game, amount: Optional[int]) -> str:
    if amount is None:
        return "-"
    cur = game.data.get("currency", "$%s") or "$%s"
    if amount < 0:
        return "-" + (cur % -amount if "%s" in cur else f"${-amount}")
    return cur % amount if "%s" in cur else f"${amount}"


def _entity_name(game, ent: Optional[str]) -> str:
    if ent is None:
        return ""
    if ent in game.players:
        return game.players[ent].name
    if ent in game.corporations:
        corp = game.corporations[ent]
        pres = game.player_name(corp.president) if corp.president else "no president"
        return f"{ent} ({pres})"
    return ent


def rusts_next(game) -> Optional[dict]:
    """The next phase change that rusts trains: {'phase', 'trigger', 'trains': [names], 'owners': {train: [corps]}}."""
    live = [t for t in game.owned_trains()] + list(game.depot.upcoming)
    for i in range(game.phase_index + 1, len(game.phases)):
        ph = game.phases[i]
        names = sorted({t.name for t in live if t.rusts_on == ph.name and not t.rusted}, key=_train_key)
        if names:
            owners = {n: sorted({t.owner for t in game.owned_trains() if t.name == n}) for n in names}
            return {"phase": ph.name, "trigger": ph.on, "trains": names, "owners": owners}
    return None


def _train_key(name: str):
    return (0, int(name)) if name.isdigit() else (1, name)


MAX_LEGAL_LISTED = 12


def build_report(game, *, last_moves: Iterable[str] = (), title: Optional[str] = None, at=None,
                 game_id: Optional[str] = None, list_moves: bool = True) -> dict:
    """Every figure of the status report as plain data (ints, strings, lists, dicts).
    `list_moves=False`: name the kinds of move the acting entity may make, not the moves (listing
    them can take the route search)."""
    m = lambda v: money(game, v)  # noqa: E731
    ent = game.current_entity()
    legal = game.legal_actions()
    acting = None
    if ent is not None:
        moves, more = [], 0
        if list_moves:
            from pbem.game_notation import describe_legal

            every = game.legal_moves()
            moves = describe_legal(game, limit=MAX_LEGAL_LISTED, moves=every)
            more = max(0, len(every) - MAX_LEGAL_LISTED)
        acting = {"id": ent, "name": _entity_name(game, ent),
                  "kind": "player" if ent in game.players else "corporation",
                  "legal": list(legal), "legal_text": [ACTION_NAMES.get(a, a.replace("_", " ")) for a in legal],
                  "moves": moves[:MAX_LEGAL_LISTED], "more_moves": more}
    corps_live = [c for c in game.corporations.values() if not c.closed]

    players = []
    for pid in game.seat_order:
        p = game.players[pid]
        shares = []
        for c in corps_live:
            pct = c.percent_of(pid)
            if pct:
                shares.append({"sym": c.sym, "percent": pct, "president": c.president == pid})
        privates = [s for s in p.companies if not game.companies[s].closed]
        value = game.player_value(pid)
        shares_text = ", ".join(f"{s['sym']} {s['percent']}%" + ("P" if s["president"] else "") for s in shares)
        players.append({
            "id": pid, "name": p.name, "cash": p.cash, "cash_text": m(p.cash),
            "certs": game.shares.num_certs(pid), "cert_limit": game.cert_limit,
            "shares": shares, "shares_text": shares_text or "-",
            "privates": privates, "privates_text": " ".join(privates) or "-",
            "value": value, "value_text": m(value), "bankrupt": p.bankrupt,
            "priority": bool(game.priority_order) and game.priority_order[0] == pid,
            "acting": ent == pid,
        })

    corporations = []
    for c in game.corporations.values():
        if c.closed:
            continue
        price = game.market.price(c.sym)
        trains = sorted((t.name for t in c.trains), key=_train_key)
        marked = sorted(((t.name, game.title.train_status(game, c, t)) for t in c.trains),
                        key=lambda x: _train_key(x[0]))
        notes = list(game.title.corporation_status(game, c))
        total_tokens = sum(1 for t in c.tokens if not t.neutral)
        status = "floated" if c.floated else ("started" if c.ipoed or c.par_price else "not started")
        corporations.append({
            "sym": c.sym, "name": c.name, "color": c.color, "text_color": c.text_color,
            "president": c.president, "president_name": game.player_name(c.president) if c.president else "-",
            "price": price, "price_text": m(price) if price is not None else "-",
            "par": c.par_price, "par_text": m(c.par_price) if c.par_price is not None else "-",
            "treasury": c.cash, "treasury_text": m(c.cash),
            "trains": trains,
            "trains_text": " ".join(f"{n}({w})" if w else n for n, w in marked) or "-",
            "tokens_left": c.tokens_left(), "tokens_total": total_tokens,
            "ipo": c.ipo_percent, "pool": c.pool_percent,
            "last_revenue": c.last_revenue, "last_revenue_text": m(c.last_revenue),
            "privates": [s for s in c.companies if not game.companies[s].closed],
            "floated": c.floated, "operated": c.operated, "status": status, "acting": ent == c.sym,
            "notes": notes, "notes_text": ", ".join(notes),
        })
    corporations.sort(key=lambda x: (x["price"] is None, -(x["price"] or 0), x["sym"]))

    privates = []
    for comp in game.companies.values():
        if comp.hidden:
            continue                     # a rules marker (1861's "3"), not a private
        owner = None if comp.closed else comp.owner
        privates.append({
            "sym": comp.sym, "name": comp.name, "value": comp.value, "value_text": m(comp.value),
            "revenue": comp.revenue, "revenue_text": m(comp.revenue), "closed": comp.closed,
            "owner": owner, "owner_name": ("closed" if comp.closed else
                                           game.company_owner_name(comp) if comp.owner else "bank"),
        })

    depot_types: list[dict] = []
    unlimited = set(game.depot.unlimited)
    for t in game.depot.upcoming:
        if depot_types and depot_types[-1]["name"] == t.name:
            depot_types[-1]["left"] += 1
            continue
        depot_types.append({"name": t.name, "price": t.price, "price_text": m(t.price), "left": 1,
                            "rusts_on": t.rusts_on, "unlimited": t.name in unlimited})
    for d in depot_types:
        d["left_text"] = "unlimited" if d["unlimited"] else str(d["left"])
        d["rusts_text"] = f"phase {d['rusts_on']}" if d["rusts_on"] else "-"
    available = [{"name": t.name, "price": t.price, "price_text": m(t.price)}
                 for t in game.depot.available(game.phase_names)]
    rn = rusts_next(game)
    if rn:
        held = {n: o for n, o in rn["owners"].items() if o}
        if len(held) == 1:
            owners = ", ".join(next(iter(held.values())))
        else:
            owners = "; ".join(f"{n}-trains: {', '.join(o)}" for n, o in held.items())
        rn["text"] = (f"{', '.join(n + '-trains' for n in rn['trains'])} rust when the first "
                      f"{rn['trigger']}-train is bought (phase {rn['phase']})" + (f" - held by {owners}" if owners else ""))
    ph = game.phase
    next_phase = game.phases[game.phase_index + 1] if game.phase_index + 1 < len(game.phases) else None
    return {
        "title": title or game.data.get("title", ""),
        "game_id": game_id, "at": at,
        "round": round_label(game), "round_kind": getattr(game.round, "name", ""),
        "finished": game.finished, "end_reason": game.end_reason,
        "phase": {"name": ph.name, "train_limit": _limit_text(ph.train_limit), "tiles": list(ph.tiles),
                  "operating_rounds": ph.operating_rounds},
        "next_phase": ({"name": next_phase.name, "trigger": next_phase.on} if next_phase else None),
        "bank": game.bank, "bank_text": m(game.bank),
        "notice": game.data.get("report_note", ""),
        "acting": acting,
        "priority": game.player_name(game.priority_order[0]) if game.priority_order else "",
        "players": players,
        "standings": [{"name": game.player_name(pid), "value": v, "value_text": m(v)} for pid, v in game.standings()],
        "corporations": corporations,
        "privates": privates,
        "depot": {"types": depot_types, "available": available,
                  "available_text": ", ".join(f"{a['name']} ({a['price_text']})" for a in available) or "none",
                  "removed": len(game.depot.removed)},
        "rusts_next": rn,
        "last_moves": [str(x) for x in last_moves],
    }


# --------------------------------------------------------------------------- templates
_ENV = None


def environment():
    """The Jinja2 environment over templates/ (HTML autoescaped)."""
    global _ENV
    if _ENV is None:
        from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

        from pbem.resources import data_dir

        _ENV = Environment(loader=FileSystemLoader(str(data_dir("templates"))),
                           autoescape=select_autoescape(enabled_extensions=("html", "html.j2"), default=False),
                           undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                           keep_trailing_newline=True)
        _ENV.filters["pad"] = lambda v, n: str(v).ljust(int(n))
        _ENV.filters["rpad"] = lambda v, n: str(v).rjust(int(n))
        _ENV.filters["mdcell"] = lambda v: str(v).replace("|", "\\|").replace("\n", " ")
    return _ENV


def render_report(data: dict, fmt: str = "text", *, images: Optional[dict] = None) -> str:
    """Render the report dict in `fmt` ('text', 'html' or 'md'). `images` maps 'map' and
    'market' to an image source (a cid: URI for mail, a file name, or a data: URI)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r}; use one of {', '.join(FORMATS)}")
    tpl = environment().get_template(FORMATS[fmt])
    return tpl.render(r=data, images=images or {}, widths=_widths(data))


def data_uri(png: bytes) -> str:
    """An inline image source for HTML: data:image/png;base64,..."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _widths(data: dict) -> dict:
    """Column widths for the plain-text tables."""
    def w(rows, key, head):
        return max([len(str(head))] + [len(str(r[key])) for r in rows])
    ps, cs, pv = data["players"], data["corporations"], data["privates"]
    return {
        "p_name": w(ps, "name", "Player"), "p_cash": w(ps, "cash_text", "Cash"),
        "p_value": w(ps, "value_text", "Value"), "p_shares": w(ps, "shares_text", "Shares"),
        "p_priv": w(ps, "privates_text", "Privates"),
        "c_sym": w(cs, "sym", "Corp"), "c_pres": w(cs, "president_name", "President"),
        "c_price": w(cs, "price_text", "Price"), "c_par": w(cs, "par_text", "Par"),
        "c_cash": w(cs, "treasury_text", "Treasury"), "c_trains": w(cs, "trains_text", "Trains"),
        "c_rev": w(cs, "last_revenue_text", "Last run"),
        "v_sym": w(pv, "sym", "Private"), "v_name": w(pv, "name", "Name"), "v_value": w(pv, "value_text", "Value"),
        "v_rev": w(pv, "revenue_text", "Revenue"),
    }


def _limit_text(limit) -> str:
    """A phase's train limit: a number, or per corporation type ("minor 2, major 4")."""
    if isinstance(limit, dict):
        return ", ".join(f"{kind} {n}" for kind, n in limit.items() if n)
    return str(limit)
