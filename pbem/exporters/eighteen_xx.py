"""Our game (seed, players, moves) as an 18xx.games JSON record.

The record names things by the ids 18xx.games gives them (docs:
/work/shared/reference/18xx-games-json-format.md): share certificates `<corp>_<index>`, tile
copies `<name>-<copy>` (printed tiles `<hex>-<group>`), cities `<tile id>-<part>`, trains
`<name>-<n>`. pbem counts paper in percent, so `CertTracker` keeps which certificate each holder
has, reconciled with the game after every move; tiles are tracked copy by copy.
"""
from __future__ import annotations

from typing import Any

from pbem.engine import actions as A
from pbem.engine.certificates import company_certificates
from pbem.engine.entities import train_named
from pbem.engine.leases import sellable_trains
from pbem.engine.game import Game


class CertTracker:
    """Which certificate of each corporation each holder ('ipo', 'pool', a player...) has."""

    def __init__(self, game: Game):
        self.game = game
        self.owner: dict[str, dict[int, str]] = {}
        for sym, corp in game.corporations.items():
            sizes = self.sizes(corp)
            self.owner[sym] = {i: "ipo" for i in range(len(sizes))}
        self.given: set[str] = set()
        self.clock = 0
        self.since: dict[tuple[str, int], int] = {}     # when each certificate reached its holder

    def move(self, sym: str, i: int, holder: str) -> None:
        if self.owner[sym][i] != holder:
            self.owner[sym][i] = holder
            self.clock += 1
            self.since[(sym, i)] = self.clock

    @staticmethod
    def sizes(corp) -> list[int]:
        if corp.kind == "minor":
            return [100]
        return [20] + [10] * 8

    def held(self, sym: str, holder: str) -> list[int]:
        return sorted(i for i, h in self.owner[sym].items() if h == holder)

    def pick(self, sym: str, holder: str, percent: int, highest: bool = False) -> list[str]:
        """Certificates of `holder` making up `percent` (ordinary ones, lowest index first)."""
        sizes = self.sizes(self.game.corporations[sym])
        idx = [i for i in self.held(sym, holder) if i != 0 or len(sizes) == 1]
        if highest:
            idx.reverse()
        ordinary = sum(sizes[i] for i in idx)
        out: list[int] = []
        if percent > ordinary and 0 in self.held(sym, holder) and len(sizes) > 1:
            out.append(0)                       # the president's certificate goes, with the rest
            percent -= sizes[0]
        total = 0
        for i in idx:
            if total >= percent:
                break
            out.append(i)
            total += sizes[i]
        return [f"{sym}_{i}" for i in out]

    def partial_swap(self, act: A.SellShares, hints: dict[str, str]) -> None:
        """A president sold (part of) the president's certificate: its new holder gives the two
        shares held longest to the pool; on a partial sale the pool's longest-held share goes back
        to the seller (as 18xx.games swaps)."""
        sym = act.corporation
        corp = self.game.corporations[sym]
        sizes = self.sizes(corp)
        for cert, holder in list(hints.items()):
            self.move(sym, int(cert.rsplit("_", 1)[1]), holder)
        hints.clear()
        new = corp.president
        if new is None or new == act.entity:
            return
        self.move(sym, 0, new)
        mine = sorted((i for i, h in self.owner[sym].items() if h == new and i != 0),
                      key=lambda i: (self.since.get((sym, i), 0), i))
        for i in mine[:sizes[0] // 10]:
            self.move(sym, i, "pool")
        back = corp.percent_of(act.entity) - sum(sizes[i] for i, h in self.owner[sym].items() if h == act.entity)
        while back > 0:
            pool = sorted((i for i, h in self.owner[sym].items() if h == "pool"),
                          key=lambda i: (self.since.get((sym, i), 0), i))
            if not pool:
                break
            self.move(sym, pool[0], act.entity)
            back -= sizes[pool[0]]

    def merger_handout(self, sym: str, owners: list) -> None:
        """18xx.games' merger: minor by minor in operating order, its owner takes the IPO's last
        certificate; an owner who already holds a 10% one gives it back (to the end of the IPO)
        and takes the president's certificate instead."""
        own = self.owner[sym]
        for _key, player in owners:
            mine = sorted((i for i, h in own.items() if h == player), key=lambda i: (self.since.get((sym, i), 0), i))
            if own[0] == "ipo" and len(mine) == 1:
                self.move(sym, mine[0], "ipo")
                self.move(sym, 0, player)
            else:
                ipo = sorted((i for i, h in own.items() if h == "ipo" and i != 0),
                             key=lambda i: (self.since.get((sym, i), 0), i))
                if ipo:
                    self.move(sym, ipo[-1], player)

    def before_move(self) -> tuple[dict, set]:
        """What after_move needs to know from before a move: the minors and the unstarted majors."""
        g = self.game
        minors = {s: (c.president, g.market.order_key(s)) for s, c in g.corporations.items()
                  if c.kind == "minor" and not c.closed and c.sym in g.market.positions}
        unstarted = {s for s, c in g.corporations.items() if c.kind == "major" and not c.ipoed}
        return minors, unstarted

    def after_move(self, act: A.Action, hints: dict[str, str], before: tuple[dict, set]) -> None:
        """Follow a move the game has made: `hints` names certificates the move itself moved
        (certificate -> new holder); swaps and merger handouts are worked out as 18xx.games does."""
        g = self.game
        minors, unstarted = before
        for sym, corp in g.corporations.items():
            if corp.kind == "major" and sym not in unstarted and not corp.ipoed:
                # reset (1861 nationalisation): a fresh charter, every certificate in the IPO in
                # number order (18xx.games reset_corporation)
                self.owner[sym] = {i: "ipo" for i in self.owner[sym]}
                self.since = {k: v for k, v in self.since.items() if k[0] != sym}
        if isinstance(act, A.SellShares) and f"{act.corporation}_0" in hints:
            self.partial_swap(act, hints)
        started = [s for s in unstarted if g.corporations[s].ipoed]
        merged = [s for s in minors if g.corporations[s].closed]
        if len(started) == 1 and merged:
            self.merger_handout(started[0], sorted((minors[m][1], minors[m][0]) for m in merged))
        self.reconcile(hints)

    def reconcile(self, hints: dict[str, str] = {}) -> None:
        """Make the certificates agree with the game's percentages, moving as few as possible."""
        for cert, holder in hints.items():
            sym, i = cert.rsplit("_", 1)
            self.move(sym, int(i), holder)
        for cert in self.game.title.certificates_given(self.game):
            if cert in self.given:
                continue                        # a company ability handed out this certificate
            self.given.add(cert)
            sym, i = cert.rsplit("_", 1)
            corp = self.game.corporations[sym]
            gainer = next((h for h, pct in corp.player_holdings().items()
                           if pct > sum(self.sizes(corp)[k] for k, o in self.owner[sym].items() if o == h)), None)
            if gainer is not None:
                self.move(sym, int(i), gainer)
        for sym, corp in self.game.corporations.items():
            sizes = self.sizes(corp)
            own = self.owner[sym]
            if len(sizes) > 1 and corp.president and own[0] != corp.president:
                self.move(sym, 0, corp.president)       # a presidency swap
            want = dict(corp.shares)
            have: dict[str, int] = {}
            for i, h in own.items():
                have[h] = have.get(h, 0) + sizes[i]
            free: list[int] = []
            for h in list(have):
                while have.get(h, 0) > want.get(h, 0):
                    # the certificates held longest go first (18xx.games' presidency swap)
                    # the IPO hands out its last certificate (18xx.games' mergers)
                    mine = sorted((i for i in own if own[i] == h and (i != 0 or len(sizes) == 1)),
                                  key=lambda i: (self.since.get((sym, i), 0), -i if h == "ipo" else i))
                    if not mine:
                        break
                    own[mine[0]] = ""
                    free.append(mine[0])
                    have[h] -= sizes[mine[0]]
            # the receiver gets them in the order they were given (the giver's longest-held
            # first), which is the order it will give them away again
            for h, pct in want.items():
                while have.get(h, 0) < pct and free:
                    i = free.pop(0)
                    own[i] = ""
                    self.move(sym, i, h)
                    have[h] = have.get(h, 0) + sizes[i]


class TileTracker:
    """Which copy of each tile lies on each hex."""

    def __init__(self, game: Game):
        self.game = game
        self.on_hex: dict[str, str] = {}
        self.used: dict[str, set[int]] = {}
        self.next_unlimited: dict[str, int] = {}

    def tile_id(self, coord: str) -> str:
        if coord in self.on_hex:
            return self.on_hex[coord]
        return f"{coord}-{self.game.board.group(coord)}"

    def sync(self) -> None:
        """A hex given back its printed tile (1882 North West Rebellion) returns its copy."""
        for coord, tid in list(self.on_hex.items()):
            if self.game.board.tile(coord).printed:
                name, k = tid.rsplit("-", 1)
                self.used.setdefault(name, set()).discard(int(k))
                del self.on_hex[coord]

    def lay(self, coord: str, name: str) -> str:
        old = self.on_hex.get(coord)
        if old is not None:
            oname, k = old.rsplit("-", 1)
            self.used.setdefault(oname, set()).discard(int(k))
        count = self.game.data["tiles"].get(name)
        used = self.used.setdefault(name, set())
        if count is None or count == "unlimited":
            k = self.next_unlimited.get(name, 0)
            self.next_unlimited[name] = k + 1
        else:
            k = next(i for i in range(10_000) if i not in used)
        used.add(k)
        self.on_hex[coord] = f"{name}-{k}"
        return self.on_hex[coord]


class RecordWriter:
    """Builds the record's actions while the moves are pushed on a fresh game."""

    def __init__(self, game: Game, ids: dict[str, Any]):
        self.game = game
        self.ids = ids                          # our player id -> the record's
        self.certs = CertTracker(game)
        self.tiles = TileTracker(game)
        self.actions: list[dict] = []

    def entity(self, ent: str) -> dict:
        g = self.game
        if ent in g.players:
            return {"entity": self.ids[ent], "entity_type": "player"}
        if ent in g.corporations:              # 1882's SC is both; its moves are the corporation's
            return {"entity": ent, "entity_type": "corporation"}
        return {"entity": ent, "entity_type": "company"}

    def city(self, coord: str, city: int) -> str:
        return f"{self.tiles.tile_id(coord)}-{self.game.board.city_node(coord, city)}"

    def push(self, act: A.Action) -> None:
        rec, hints = self.convert(act)
        before = self.certs.before_move()
        self.game.push(act)
        self.certs.after_move(act, hints, before)
        self.tiles.sync()
        self.after(act, rec)
        rec = {"type": rec.pop("type"), **self.entity(act.entity), **rec, "id": len(self.actions) + 1}
        self.actions.append(rec)

    def convert(self, act: A.Action) -> tuple[dict, dict]:
        g = self.game
        if isinstance(act, A.Pass):
            return {"type": "pass"}, {}
        if isinstance(act, A.Bid):
            key = "company" if act.company in g.companies else "corporation"
            return {"type": "bid", key: act.company, "price": act.price}, {}
        if isinstance(act, A.Par):
            return {"type": "par", "corporation": act.corporation}, {f"{act.corporation}_0": act.entity}
        if isinstance(act, A.BuyShares):
            certs = self.certs.pick(act.corporation, act.source, act.percent)
            # a private exchanged for a share: the share goes to the private's owner
            taker = g.companies[act.entity].owner if act.entity in g.companies else act.entity
            return ({"type": "buy_shares", "shares": certs, "percent": act.percent},
                    {c: taker for c in certs})
        if isinstance(act, A.SellShares):
            certs = self.certs.pick(act.corporation, act.entity, act.percent, highest=True)
            return {"type": "sell_shares", "shares": certs, "percent": act.percent}, {c: "pool" for c in certs}
        if isinstance(act, A.LayTile):
            return {"type": "lay_tile", "hex": act.hex, "tile": self.tiles.lay(act.hex, act.tile),
                    "rotation": act.rotation}, {}
        if isinstance(act, A.PlaceToken):
            rec = {"type": "place_token", "city": self.city(act.hex, act.city), "slot": act.slot or 0,
                   "_before": list(g.board.slots(act.hex, act.city))}
            if act.neutral:
                rec["token_type"] = "neutral"
            return rec, {}
        if isinstance(act, A.RemoveToken):
            slots = g.board.slots(act.hex, act.city)
            slot = next((k for k, t in enumerate(slots) if t is not None and act.entity in (t.corp, t.laid_by)),
                        next((k for k, t in enumerate(slots) if t is not None), 0))
            return {"type": "remove_token", "city": self.city(act.hex, act.city), "slot": slot}, {}
        if isinstance(act, A.RunRoutes):
            corp = g.corporations[act.entity]
            free = [t for t in corp.trains if not t.operated]
            trains = []
            for r in act.routes:
                t = next(t for t in free if t.name == r.train)
                free.remove(t)
                trains.append(t.id)
            return {"type": "run_routes", "routes": trains}, {}
        if isinstance(act, A.Dividend):
            return {"type": "dividend", "kind": act.kind}, {}
        if isinstance(act, A.BuyTrain):
            corp = g.corporations[act.entity]
            train = g.title.train_for_purchase(g, corp, act)
            rec = {"type": "buy_train", "train": train.id, "price": act.price if act.price is not None
                   else train.price, "variant": train.name}
            if act.exchange:
                rec["exchange"] = train_named(sellable_trains(corp), act.exchange, act.exchange_id).id
            return rec, {}
        if isinstance(act, A.DiscardTrain):
            corp = g.corporations[act.entity]
            # the very train the engine discards: the one named, else the first of the type
            return {"type": "discard_train", "train": train_named(sellable_trains(corp), act.train, act.train_id).id}, {}
        if isinstance(act, A.BuyCompany):
            # a player buying a private from another takes the ordinary certificate that came with it
            hints = {c: act.entity for c in company_certificates(g.data, act.company)
                     if act.entity in g.players and not c.endswith("_0")}
            return {"type": "buy_company", "company": act.company, "price": act.price}, hints
        if isinstance(act, A.Merge):
            return {"type": "merge", "corporation": act.corporation}, {}
        if isinstance(act, A.Choose):
            return {"type": "choose", "choice": act.choice}, {}
        simple = {A.Bankrupt: "bankrupt", A.EndGame: "end_game", A.Convert: "convert"}
        if type(act) in simple:
            return {"type": simple[type(act)]}, {}
        raise ValueError(f"cannot export {type(act).__name__} yet")

    def after(self, act: A.Action, rec: dict) -> None:
        """Fields known only once the move is made: the par cell, the runs as laid on the map."""
        g = self.game
        if "_before" in rec:                     # the slot the station landed in
            before = rec.pop("_before")
            after = list(g.board.slots(act.hex, act.city))
            rec["slot"] = next((k for k, t in enumerate(after) if t is not None
                                and (k >= len(before) or before[k] is not t)), rec["slot"])
        if isinstance(act, A.Par):
            cell = g.market.positions[act.corporation]
            rec["share_price"] = f"{cell.price},{cell.row},{cell.col}"
        elif isinstance(act, A.RunRoutes):
            laid = g.last_run[1] if g.last_run[0] == act.entity else g.corporations[act.entity].last_routes
            rec["routes"] = [{"train": tid, "hexes": [h for h, _ in r.stops],
                              "nodes": [f"{h}-{n}" for h, n in r.stops], "revenue": r.revenue}
                             for tid, r in zip(rec["routes"], laid)]


def export_record(game_factory, moves: list[A.Action], players: list[tuple[str, str]], seed: int,
                  title: str, options: tuple = ()) -> dict:
    """The 18xx.games record of these moves (players as (our id, name), in seat order)."""
    game = game_factory()
    ids = {pid: i + 1 for i, (pid, _name) in enumerate(players)}
    w = RecordWriter(game, ids)
    for act in moves:
        w.push(act)
    result = {str(ids[pid]): game.player_value(pid) for pid, _n in players} if game.finished else {}
    return {"id": f"pbem_{seed}", "title": title, "status": "finished" if game.finished else "active",
            "players": [{"id": ids[pid], "name": name} for pid, name in players],
            "settings": {"seed": seed, "optional_rules": list(options)},
            "actions": w.actions, "result": result, "game_end_reason": game.end_reason}
