"""Our game (seed, players, moves) as an 18xx.games JSON record.

The record names things by the ids 18xx.games gives them (docs:
/work/shared/reference/18xx-games-json-format.md): share certificates `<corp>_<index>`, tile
copies `<name>-<copy>` (printed tiles `<hex>-<group>`), cities `<tile id>-<part>`, trains
`<name>-<n>`. The game's certificates move as 18xx.games moves them, so `CertTracker` names the
ones a move takes from the game itself; tiles are tracked copy by copy.
"""
from __future__ import annotations

from typing import Any, Optional

from pbem.engine import actions as A
from pbem.engine.entities import train_named
from pbem.engine.leases import sellable_trains
from pbem.engine.steps.trains import train_for_purchase
from pbem.engine.game import Game
from pbem.engine.run_duty import RUN_OPTIONS


class CertTracker:
    """Which certificate of each corporation each holder ('ipo', 'pool', a player...) has: the
    game's own certificates, which move as 18xx.games moves them (`CertificateSet`)."""

    def __init__(self, game: Game):
        self.game = game

    @staticmethod
    def sizes(corp) -> list[int]:
        if corp.kind == "minor":
            return [100]
        return [20] + [10] * 8

    def holder(self, sym: str, i: int) -> Optional[str]:
        """Who holds certificate `i` of `sym` (None: no such certificate, or the corporation left)."""
        corp = self.game.corporations.get(sym)
        certs = corp.certificates.certs if corp is not None else []
        return next((c.holder for c in certs if c.index == i), None)

    def pick(self, sym: str, holder: str, percent: int) -> list[str]:
        """The certificates a move of `percent` from `holder` takes (`CertificateSet.bundle`)."""
        certs, _back = self.game.corporations[sym].certificates.bundle(holder, percent)
        return [f"{sym}_{c.index}" for c in certs]


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
        rec = self.convert(act)
        self.game.push(act)
        self.tiles.sync()
        self.after(act, rec)
        rec = {"type": rec.pop("type"), **self.entity(act.entity), **rec, "id": len(self.actions) + 1}
        self.actions.append(rec)

    def convert(self, act: A.Action) -> dict:
        g = self.game
        if type(act).record_fields is not None:          # a kind that says how its record reads
            return act.to_record(g)
        if isinstance(act, A.Bid):
            key = "company" if act.company in g.companies else "corporation"
            return {"type": "bid", key: act.company, "price": act.price}
        if isinstance(act, A.Par):
            return {"type": "par", "corporation": act.corporation}
        if isinstance(act, A.BuyShares):
            certs = self.certs.pick(act.corporation, act.source, act.percent)
            return {"type": "buy_shares", "shares": certs, "percent": act.percent}
        if isinstance(act, A.SellShares):
            certs = self.certs.pick(act.corporation, act.entity, act.percent)
            return {"type": "sell_shares", "shares": certs, "percent": act.percent}
        if isinstance(act, A.LayTile):
            return {"type": "lay_tile", "hex": act.hex, "tile": self.tiles.lay(act.hex, act.tile),
                    "rotation": act.rotation}
        if isinstance(act, A.PlaceToken):
            rec = {"type": "place_token", "city": self.city(act.hex, act.city), "slot": act.slot or 0,
                   "_before": list(g.board.slots(act.hex, act.city))}
            if act.neutral:
                rec["token_type"] = "neutral"
            return rec
        if isinstance(act, A.RemoveToken):
            slots = g.board.slots(act.hex, act.city)
            slot = next((k for k, t in enumerate(slots) if t is not None and act.entity in (t.corp, t.laid_by)),
                        next((k for k, t in enumerate(slots) if t is not None), 0))
            return {"type": "remove_token", "city": self.city(act.hex, act.city), "slot": slot}
        if isinstance(act, A.RunRoutes):
            corp = g.corporations[act.entity]
            free = [t for t in corp.trains if not t.operated]
            trains = []
            for r in act.routes:
                t = next(t for t in free if t.name == r.train)
                free.remove(t)
                trains.append(t.id)
            return {"type": "run_routes", "routes": trains}
        if isinstance(act, A.Dividend):
            return {"type": "dividend", "kind": act.kind}
        if isinstance(act, A.BuyTrain):
            corp = g.corporations[act.entity]
            train = train_for_purchase(g, corp, act)
            rec = {"type": "buy_train", "train": train.id, "price": act.price if act.price is not None
                   else train.price, "variant": train.name}
            if act.exchange:
                rec["exchange"] = train_named(sellable_trains(corp), act.exchange, act.exchange_id).id
            return rec
        if isinstance(act, A.DiscardTrain):
            corp = g.corporations[act.entity]
            # the very train the engine discards: the one named, else the first of the type
            return {"type": "discard_train", "train": train_named(sellable_trains(corp), act.train, act.train_id).id}
        if isinstance(act, A.BuyCompany):
            return {"type": "buy_company", "company": act.company, "price": act.price}
        if type(act) is A.EndGame:
            return {"type": "end_game"}
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
            "settings": {"seed": seed, "optional_rules": [o for o in options if o not in RUN_OPTIONS]},
            "actions": w.actions, "result": result, "game_end_reason": game.end_reason}
