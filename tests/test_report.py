"""Status reports: every figure read back out of the text, HTML and Markdown output is compared
with the engine's own state (cash, values, certificates, trains, prices), never with a stored
copy of a report."""
import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pbem.importers.eighteen_xx import load_record, replay_record
from pbem.render.report import ACTION_NAMES, build_report, data_uri, money, render_report, rusts_next

FIXTURES = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games" / "1882"

# (record, action id or None for the end): a stock round, operating rounds in several phases, the end
STATES = [("hs_fxmfdndg_26178", 20), ("hs_fxmfdndg_26178", None), ("5236", 250), ("5236", 640),
          ("5585", 400), ("10526", None), ("1882_game_end_bankrupt", None)]


@lru_cache(maxsize=None)
def state(stem, at):
    rec = load_record(FIXTURES / f"{stem}.json")
    if at is not None and not any(a.get("id") == at for a in rec.live):
        at = next(a["id"] for a in rec.live if a["id"] > at)
    return replay_record(rec, stop_at=at)


def ids(s):
    return f"{s[0]}@{s[1] or 'end'}"


def engine_players(game):
    out = {}
    for pid in game.seat_order:
        p = game.players[pid]
        out[p.name] = {"cash": money(game, p.cash), "value": money(game, game.player_value(pid)),
                       "certs": f"{game.shares.num_certs(pid)}/{game.cert_limit}"}
    return out


def engine_corps(game):
    out = {}
    for c in game.corporations.values():
        if c.closed:
            continue
        trains = sorted((t.name for t in c.trains), key=lambda n: (not n.isdigit(), int(n) if n.isdigit() else 0, n))
        out[c.sym] = {"treasury": money(game, c.cash), "trains": " ".join(trains) or "-",
                      "price": money(game, game.market.price(c.sym)) if game.market.price(c.sym) is not None else "-",
                      "ipo": str(c.ipo_percent), "pool": str(c.pool_percent)}
    return out


# --- the dict ------------------------------------------------------------------------------------
@pytest.mark.parametrize("st", STATES, ids=ids)
def test_report_dict_matches_engine(st):
    game = state(*st)
    r = build_report(game, last_moves=["a", "b"])
    assert [p["id"] for p in r["players"]] == game.seat_order
    for p in r["players"]:
        pl = game.players[p["id"]]
        assert p["cash"] == pl.cash
        assert p["value"] == game.player_value(p["id"])
        assert p["certs"] == game.shares.num_certs(p["id"]) and p["cert_limit"] == game.cert_limit
        assert {s["sym"]: s["percent"] for s in p["shares"]} == {
            c.sym: c.percent_of(p["id"]) for c in game.corporations.values() if c.percent_of(p["id"]) and not c.closed}
        assert p["privates"] == [s for s in pl.companies if not game.companies[s].closed]
    syms = {c["sym"] for c in r["corporations"]}
    assert syms == {c.sym for c in game.corporations.values() if not c.closed}
    for c in r["corporations"]:
        corp = game.corporations[c["sym"]]
        assert c["treasury"] == corp.cash
        assert sorted(c["trains"]) == sorted(t.name for t in corp.trains)
        assert c["price"] == game.market.price(corp.sym)
        assert c["tokens_left"] == corp.tokens_left()
        assert (c["ipo"], c["pool"]) == (corp.ipo_percent, corp.pool_percent)
        assert c["last_revenue"] == corp.last_revenue
        assert c["president"] == corp.president
    for v in r["privates"]:
        comp = game.companies[v["sym"]]
        assert v["closed"] == comp.closed and (comp.closed or v["owner"] == comp.owner)
    assert r["bank"] == game.bank
    assert r["phase"]["name"] == game.phase.name
    assert sum(t["left"] for t in r["depot"]["types"]) == len(game.depot.upcoming)
    assert [a["name"] for a in r["depot"]["available"]] == [t.name for t in game.depot.available(game.phase_names)]
    if game.finished:
        assert r["acting"] is None and r["finished"]
    else:
        assert r["acting"]["id"] == game.current_entity()
        assert r["acting"]["legal"] == game.legal_actions()
    assert r["last_moves"] == ["a", "b"]


def test_rusts_next_follows_the_train_table():
    game = state("hs_fxmfdndg_26178", None)                   # phase 2: 2-trains rust on the first 4
    rn = rusts_next(game)
    assert game.phase.name == "2"
    assert rn["trains"] == ["2"] and rn["trigger"] == "4" and rn["phase"] == "4"
    owners = sorted({t.owner for c in game.corporations.values() for t in c.trains if t.name == "2"})
    assert rn["owners"]["2"] == owners
    late = state("10526", None)
    assert late.phase.name == "6" and rusts_next(late)["trains"] == ["4"]


# --- parsing the three formats ---------------------------------------------------------------------
def text_section(text, title):
    lines = text.splitlines()
    i = lines.index(title)
    rows = []
    for line in lines[i + 2:]:
        if not line.strip():
            break
        rows.append(re.split(r"\s{2,}", line.strip()))
    return rows


class Tables(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.cur, self.row, self.cell = {}, None, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.cur = self.tables.setdefault(a.get("id"), [])
        elif tag == "tr" and self.cur is not None:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self.cur = None
        elif tag == "tr" and self.row is not None:
            self.cur.append(self.row)
            self.row = None
        elif tag in ("td", "th") and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def md_table(md, heading):
    lines = md.splitlines()
    i = lines.index(heading)
    rows = [ln for ln in lines[i + 1:] if ln.startswith("|")]
    end = next((k for k, ln in enumerate(lines[i + 1:]) if ln.startswith("###")), None)
    block = lines[i + 1: i + 1 + end] if end is not None else lines[i + 1:]
    rows = [ln for ln in block if ln.startswith("|")]
    return [[c.strip() for c in ln.strip("|").split(" | ")] for ln in rows[2:]]


@pytest.mark.parametrize("st", STATES, ids=ids)
def test_text_report_figures(st):
    game = state(*st)
    text = render_report(build_report(game), "text")
    want_p, want_c = engine_players(game), engine_corps(game)
    rows = text_section(text, "PLAYERS")
    assert len(rows) == len(want_p)
    for row in rows:
        name, cash, certs, _shares, _privs, value = row[:6]
        assert want_p[name] == {"cash": cash, "value": value, "certs": certs}, row
    rows = text_section(text, "CORPORATIONS")
    assert {r[0] for r in rows} == set(want_c)
    for row in rows:
        sym, _pres, price, _par, treasury, trains, _tokens, ipo, pool = row[:9]
        assert want_c[sym] == {"treasury": treasury, "trains": trains, "price": price, "ipo": ipo, "pool": pool}, row
    if not game.finished:
        acting = next(ln for ln in text.splitlines() if ln.startswith("Now acting:"))
        for kind in game.legal_actions():
            assert ACTION_NAMES.get(kind, kind) in acting


@pytest.mark.parametrize("st", STATES, ids=ids)
def test_html_report_figures(st):
    game = state(*st)
    html = render_report(build_report(game, last_moves=["x <y> & z"]), "html",
                         images={"map": "cid:map.png", "market": "cid:market.png"})
    t = Tables()
    t.feed(html)
    want_p, want_c = engine_players(game), engine_corps(game)
    rows = t.tables["players"][1:]
    assert len(rows) == len(want_p)
    for name, cash, certs, _s, _p, value in rows:
        name = name.replace(" (priority)", "")
        assert want_p[name] == {"cash": cash, "value": value, "certs": certs}
    rows = t.tables["corporations"][1:]
    assert {r[0] for r in rows} == set(want_c)
    for sym, _pres, price, _par, treasury, trains, _tok, ipo, pool, _last in rows:
        assert want_c[sym] == {"treasury": treasury, "trains": trains, "price": price, "ipo": ipo, "pool": pool}
    assert 'src="cid:map.png"' in html and 'src="cid:market.png"' in html
    assert "x &lt;y&gt; &amp; z" in html                            # moves are escaped
    assert "changed.png" not in html
    near = render_report(build_report(game), "html",
                         images={"changed": "cid:changed.png", "map": "cid:map.png", "market": "cid:market.png"})
    assert near.index('src="cid:changed.png"') < near.index('src="cid:map.png"')   # what changed, first


@pytest.mark.parametrize("st", STATES, ids=ids)
def test_markdown_report_figures(st):
    game = state(*st)
    md = render_report(build_report(game), "md", images={"map": "map.png"})
    want_p, want_c = engine_players(game), engine_corps(game)
    rows = md_table(md, "### Players")
    assert len(rows) == len(want_p)
    for name, cash, certs, _s, _p, value in rows:
        name = re.sub(r" \(priority\)| \*\*acting\*\*", "", name)
        assert want_p[name] == {"cash": cash, "value": value, "certs": certs}
    rows = md_table(md, "### Corporations")
    for sym, _pres, price, _par, treasury, trains, _tok, ipo, pool, _last in rows:
        sym = sym.replace(" **acting**", "")
        assert want_c[sym] == {"treasury": treasury, "trains": trains, "price": price, "ipo": ipo, "pool": pool}
    assert "![map](map.png)" in md


def test_depot_lists_trains_left_from_the_engine():
    game = state("5236", 640)
    text = render_report(build_report(game), "text")
    counts = {}
    for t in game.depot.upcoming:
        counts[t.name] = counts.get(t.name, 0) + 1
    for name, n in counts.items():
        shown = "unlimited" if name in game.depot.unlimited else str(n)
        assert re.search(rf"^\s+{re.escape(name)}\s+\$\d+\s+left {shown}\b", text, re.M), (name, shown)


def test_html_escapes_player_names_and_inlines_images():
    rec = load_record(FIXTURES / "hs_fxmfdndg_26178.json")
    rec.players = [(pid, f"<b>{name}</b> & co") for pid, name in rec.players]
    game = replay_record(rec)
    html = render_report(build_report(game), "html", images={"map": data_uri(b"\x89PNG fake")})
    assert "<b>Player" not in html and "&lt;b&gt;" in html
    assert 'src="data:image/png;base64,' in html


def test_last_moves_and_unknown_format():
    game = state("hs_fxmfdndg_26178", 20)
    data = build_report(game, last_moves=["P1 bids 45 on SC", "P2 passes"])
    for fmt in ("text", "html", "md"):
        out = render_report(data, fmt)
        assert "P1 bids 45 on SC" in out and "P2 passes" in out
    with pytest.raises(ValueError):
        render_report(data, "pdf")


def test_markdown_lists_each_legal_move_on_its_own_line():
    game = state("hs_fxmfdndg_26178", 20)
    data = build_report(game)
    moves = data.acting.moves if hasattr(data, "acting") else data["acting"]["moves"]
    assert len(moves) >= 2
    md = render_report(data, "md")
    lines = md.splitlines()
    for m in moves:
        assert f"- `{m}`" in lines, m
