"""Read an 18xx.games JSON record and turn its live actions into pbem actions, applying them.

`load_record` checks the record first (guarded JSON, the schema in record_schema.py, undo/redo;
docs/records.md). The importer never skips or guesses: an action our engine refuses stops the
import with the action's position, id and type, the rule that refused it and the action itself,
on one line. `check_result` compares the end of a replay with the record's own `result`.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from pbem.engine import actions as A
from pbem.engine.certificates import CertificateError
from pbem.engine.entities import train_named
from pbem.engine.run_duty import REFERENCE_RUNS
from pbem.engine.leases import sellable_trains
from pbem.engine.game import Game
from pbem.exporters.eighteen_xx import CertTracker
from pbem.errors import PbemError, RuleError
from pbem.importers.json_text import JsonFileError, read_json
from pbem.importers.record_schema import action_label, one_line, schema_problem
from pbem.titles import load_title
from pbem.titles.registry import declared_kinds

IGNORED = {"message", "program_buy_shares", "program_share_pass", "program_disable", "program_close_pass",
           "program_harzbahn_draft_pass", "program_independent_mines", "program_auction_bid", "program_merger_pass"}


class ImportRefused(PbemError):
    """An action of the record was refused by the engine (one line: the action, why, the action's JSON).

    `index` is the action's place among the live actions; `position` its place in the file's
    action list, which the message names."""

    def __init__(self, index: int, action_id, action: dict, reason: str, rule: str = "",
                 position: Optional[int] = None, label: Optional[str] = None):
        self.index = index
        self.position = index if position is None else position
        self.action_id = action_id
        self.action = action
        self.reason = " ".join(reason.split())
        self.rule = rule
        text = json.dumps(action, separators=(",", ":"), default=str)
        if len(text) > 300:
            text = text[:300] + "..."
        super().__init__(one_line(f"{label or action_label(self.position, action)} refused: {self.reason}"
                                  + (f" [rule: {rule}]" if rule else "") + f"; action: {text}"))


class RecordError(PbemError):
    """The file is not an 18xx.games record pbem can read (one line naming the field and action)."""

    def __init__(self, message: str):
        super().__init__(one_line(message))


class ResultMismatch(PbemError):
    """The replay ends with player values other than the record's own `result` (one line)."""

    def __init__(self, message: str):
        super().__init__(one_line(message))


@dataclass
class Record:
    """An 18xx.games game record, with the undo/redo history already resolved."""

    title: str
    game_id: str
    players: list[tuple[str, str]]
    seed: int
    options: tuple[str, ...]              # the optional rules, and pbem's `REFERENCE_RUNS`
    raw: list[dict]
    live: list[dict]
    result: dict[str, int]
    end_reason: Optional[str]
    #: for each live action, its position in `raw` (the file's action list)
    positions: list[int] = field(default_factory=list)

    def position_of(self, live_index: int) -> int:
        return self.positions[live_index] if live_index < len(self.positions) else live_index


def live_actions(actions: list[dict]) -> list[Optional[dict]]:
    """Resolve undo/redo: a list parallel to `actions` holding each action if it is still in force.

    RecordError (naming the action) for an undo of an action that is not before it, or a redo
    with nothing to redo."""
    pos: dict = {}
    for i, a in enumerate(actions):
        pos.setdefault(a.get("id"), i)
    live: list[Optional[dict]] = [None] * len(actions)
    groups: list[list[tuple[int, dict]]] = []
    for i, a in enumerate(actions):
        t = a["type"]
        if t == "undo":
            target = a.get("action_id")
            if target is None:
                s = next((j for j in range(i - 1, -1, -1) if live[j] and live[j]["type"] != "message"), 0)
            elif target == 0:
                s = 0
            elif pos.get(target, i) >= i:
                raise RecordError(f'{action_label(i, a)}: field "action_id": no action with id {target} before it')
            else:
                s = pos[target] + 1
            group = []
            for j in range(s, i):
                if live[j] and live[j]["type"] != "message":
                    group.append((j, live[j]))
                    live[j] = None
            groups.append(group)
        elif t == "redo":
            if not groups:
                raise RecordError(f"{action_label(i, a)}: nothing to redo (no undo before it left to redo)")
            for j, x in groups.pop():
                live[j] = x
        elif t == "message":
            live[i] = a
        else:
            groups.clear()
            live[i] = a
    return live


def load_record(path: str | Path) -> Record:
    """Read an 18xx.games JSON record checked against its schema (record_schema.py) and the
    checks the schema cannot make; RecordError (one line naming the file, action and field)."""
    try:
        data = read_json(path)
    except JsonFileError as e:
        raise RecordError(str(e)) from None
    try:
        return record_from(data)
    except RecordError as e:
        raise RecordError(f"{path}: {e}") from None


def record_from(data: Any) -> Record:
    """The Record in already parsed JSON; RecordError (one line, no file name) when it is not one."""
    if not isinstance(data, dict):
        raise RecordError(f"not an 18xx.games record (the JSON is {_kind(data)}, not an object)")
    missing = [k for k in ("title", "players", "actions") if k not in data]
    if missing:
        raise RecordError(f"not an 18xx.games record (no {', '.join(map(repr, missing))})")
    # the title's own kinds say the fields of their record actions (record_kinds)
    problem = schema_problem(data, record_kinds(data["title"]) if isinstance(data["title"], str) else None)
    if problem:
        raise RecordError(problem)
    players = []
    for p in data["players"]:
        pid = p.get("id", p.get("name"))
        players.append((str(pid), p.get("name", str(pid))))
    ids = [pid for pid, _ in players]
    twice = sorted({pid for pid in ids if ids.count(pid) > 1})
    if twice:
        raise RecordError(f'field "players": the player id {twice[0]} appears twice')
    settings = data.get("settings") or {}
    seed = settings.get("seed")
    if seed is None or seed == "":
        m = re.search(r"\d{1,15}", str(data.get("id", "")))
        seed = int(m.group(0)) if m else 0
    raw = data["actions"]
    _check_ids(raw)
    result = {str(k): v for k, v in (data.get("result") or {}).items()}
    strangers = [k for k in result if k not in ids]
    if strangers:
        raise RecordError(f'field "result": {strangers[0]!r} is not the id of a player of the record')
    marked = live_actions(raw)
    positions = [i for i, a in enumerate(marked) if a is not None]
    options = settings.get("optional_rules") or ()       # as 18xx.games: only the settings' list counts
    # and runs judged as 18xx.games judges them: a decline while a run exists is noted, not refused
    options = tuple(options) + ((REFERENCE_RUNS,) if REFERENCE_RUNS not in options else ())
    return Record(title=data["title"], game_id=str(data.get("id", "")), players=players, seed=int(seed),
                  options=options, raw=raw, live=[raw[i] for i in positions],
                  result=result, end_reason=data.get("game_end_reason"), positions=positions)


def _kind(value: Any) -> str:
    return {list: "a list", str: "a string", int: "a number", float: "a number", bool: "true or false",
            type(None): "null"}.get(type(value), type(value).__name__)


def _check_ids(actions: list[dict]) -> None:
    """Action ids are unique and increasing (gaps allowed): an undo names its target by id."""
    last = None
    for i, a in enumerate(actions):
        if last is not None and a["id"] <= last:
            raise RecordError(f'{action_label(i, a)}: field "id": expected an id above the previous '
                              f"action's {last}, got {a['id']}")
        last = a["id"]


def check_result(rec: Record, game: Game, by_name: bool = False, source: str = "") -> None:
    """The replay's final player values agree with the record's `result` (when it has one);
    ResultMismatch naming the first player that differs. `by_name`: the game knows the players
    by name rather than by the record's ids (as an import into a game file does); `source`
    (the file) starts the message when given."""
    if not rec.result:
        return
    names = dict(rec.players)
    where = f"{source}: " if source else ""
    for pid, name in rec.players:
        want = rec.result.get(pid)
        got = game.player_value(name if by_name else pid)
        if want is None:
            raise ResultMismatch(f"{where}the record's result has no value for player {names[pid]} (id {pid})")
        if want != got:
            raise ResultMismatch(f"{where}the replay does not reach the record's result: player {names[pid]} "
                                 f"(id {pid}) expected {want}, got {got} (skip this check with --no-check-result)")


def record_kinds(title: str) -> dict[str, type[A.Action]]:
    """The kinds of move of a game of `title` that say how an 18xx.games record writes them
    (`record_fields`: the engine's, then the title's own), by the record's `type`."""
    own = declared_kinds(title)
    return {cls.record_type or cls.kind_name: cls for cls in A.KINDS.values()
            if cls.record_fields is not None and (cls.__module__ == A.__name__ or cls in own)}


def _split_last(s: str, sep: str = "-") -> tuple[str, str]:
    i = s.rindex(sep)
    return s[:i], s[i + 1:]


class Converter:
    """Turns 18xx.games action dicts into pbem actions, tracking the ids the record uses."""

    def __init__(self, game: Game):
        self.game = game
        self.left_ipo: set[str] = set()           # certificates that have ever left the IPO
        self.bought: dict[tuple[str, str], list[str]] = {}   # (player, corp) -> certificates bought
        # the game's certificates, which move as 18xx.games moves them
        self.certs = CertTracker(game)
        #: record actions whose shares are not the ones the game moves: (action id, named, moved)
        self.unmatched: list[tuple[Any, list[str], list[str]]] = []
        self.names: dict[str, str] = {}           # record player id -> the game's, where they differ
        self.tile_hex: dict[str, str] = {}        # tile copy id -> hex it lies on
        #: record type -> the kind read by its own record codec (`Action.record_fields`)
        self.codecs = record_kinds(game.title.name)
        #: the route stops made so far, by (hex, node): a stop is immutable, and many runs share them
        self.stops: dict[tuple[str, Optional[int]], A.Stop] = {}

    def hex_of_tile(self, tile_id: str) -> str:
        if tile_id in self.tile_hex:
            return self.tile_hex[tile_id]
        name, _ = _split_last(tile_id)
        if self.game.board.has_hex(name):
            return name
        raise RuleError(f"tile {tile_id} is not on the map", rule="record consistency")

    def city_ref(self, city_id: str) -> tuple[str, int]:
        tile_id, part = _split_last(city_id)
        coord = self.hex_of_tile(tile_id)
        return coord, self.game.board.city_index_of_node(coord, int(part))

    def share_source(self, corp_sym: str, cert: str) -> str:
        """Where a certificate the record names is now: the IPO or the market pool.

        The record does not say. A certificate that ever left the IPO never returns to it, so we
        track the ones the record moved and those handed out by company abilities (for 1882 the
        Trestle Bridge share); when only one source has shares, that source it is."""
        corp = self.game.corporations.get(corp_sym)
        self.left_ipo.update(self.game.title.certificates_given(self.game))
        if corp is not None:
            if corp.pool_percent == 0:
                return "ipo"
            if corp.buyable_ipo_percent == 0:
                return "pool"
            held = self.certs.holder(corp_sym, int(_split_last(cert, "_")[1]))
            if held in ("ipo", "pool"):
                return held
        return "pool" if cert in self.left_ipo else "ipo"

    def certificates_of(self, shares: list[str]) -> str:
        """The corporation whose certificates `shares` names; RuleError unless each one exists
        and all belong to that one corporation."""
        corp = _split_last(shares[0], "_")[0]
        for share in shares:
            sym, index = _split_last(share, "_")
            if sym != corp:
                raise RuleError(f"shares {shares[0]} and {share} belong to different corporations",
                                rule="record consistency")
            c = self.game.corporations.get(sym)
            if c is None:
                raise RuleError(f"share {share}: there is no corporation {sym}", rule="record consistency")
            count = len(CertTracker.sizes(c))
            if int(index) >= count:
                raise RuleError(f"share {share} does not exist ({sym} has {count} certificate(s), "
                                f"{sym}_0 to {sym}_{count - 1})", rule="record consistency")
        return corp

    def grabs_presidency(self, player: str, corp_sym: str) -> bool:
        """A post-merger purchase by a holder of 10% while nobody is president yet."""
        rnd = self.game.round
        corp = self.game.corporations.get(corp_sym)
        return (getattr(rnd, "mode", "") == "shares" and getattr(rnd, "target", None) == corp_sym
                and corp is not None and corp.president is None and corp.percent_of(player) == 10)

    def percent_of(self, shares: list[str]) -> int:
        return sum(20 if _split_last(s, "_")[1] == "0" else 10 for s in shares)

    def convert(self, a: dict) -> list[A.Action]:
        """The pbem actions for one record action (the caller pushes them before the next call)."""
        return self._convert(a)

    def _check_shares(self, a: dict, corp: str, source: str, percent: int) -> None:
        """Note a record action whose certificates are not the ones the game will move: a game
        file made from the record would then hold other paper than the record's game."""
        try:
            moved = self.certs.pick(corp, self.names.get(source, source), percent)
        except (CertificateError, KeyError):
            return                          # the game refuses the move itself
        if sorted(moved) != sorted(a["shares"]):
            self.unmatched.append((a.get("id"), list(a["shares"]), moved))

    def _convert(self, a: dict) -> list[A.Action]:
        t = a["type"]
        ent = str(a["entity"])
        g = self.game
        kind = self.codecs.get(t)
        if kind is not None:                 # a kind that says how its record reads
            return kind.from_record(a, ent, g)
        if t == "bid":
            return [A.Bid(ent, a.get("company") or a.get("corporation") or a.get("minor"), int(a["price"]))]
        if t == "par":
            price = int(str(a["share_price"]).split(",")[0])
            # a par finds every certificate in the IPO (1861: also a major started again after
            # nationalisation reset it, whose certificates had left the IPO before)
            self.left_ipo = {c for c in self.left_ipo if _split_last(c, "_")[0] != a["corporation"]}
            self.left_ipo.add(f"{a['corporation']}_0")
            return [A.Par(ent, a["corporation"], price)]
        if t == "buy_shares":
            shares = a["shares"]
            corp = self.certificates_of(shares)
            source = self.share_source(corp, shares[0])
            if ent == corp:
                # a corporation redeeming its own shares takes them back into its treasury,
                # which is its IPO (1861): from there they are bought as IPO shares again
                self.left_ipo.difference_update(shares)
            elif self.grabs_presidency(ent, corp):
                # 1861/1867 post-merger: a buyer holding 10% while the president's certificate is
                # still in the IPO gives that 10% and the bought share back to the IPO and takes
                # the president's certificate instead (18xx.games PostMergerShares)
                self.left_ipo.difference_update(shares + self.bought.get((ent, corp), []))
                self.bought[(ent, corp)] = [f"{corp}_0"]
            else:
                self.left_ipo.update(shares)
                self.bought.setdefault((ent, corp), []).extend(shares)
            percent = int(a.get("percent") or self.percent_of(shares))
            self._check_shares(a, corp, source, percent)
            return [A.BuyShares(ent, corp, source, percent)]
        if t == "sell_shares":
            shares = a["shares"]
            corp = self.certificates_of(shares)
            self.left_ipo.update(shares)
            held = self.bought.get((ent, corp), [])
            self.bought[(ent, corp)] = [c for c in held if c not in shares]
            percent = int(a.get("percent") or self.percent_of(shares))
            self._check_shares(a, corp, ent, percent)
            return [A.SellShares(ent, corp, percent)]
        if t == "lay_tile":
            name, copy = _split_last(a["tile"])
            count = g.data["tiles"].get(name)
            if isinstance(count, dict):
                count = count.get("count")
            if isinstance(count, int) and int(copy) >= count:
                raise RuleError(f"tile {a['tile']} does not exist (the game has {count} of tile {name}, "
                                f"{name}-0 to {name}-{count - 1})", rule="record consistency")
            self.tile_hex[a["tile"]] = a["hex"]
            return [A.LayTile(ent, a["hex"], name, int(a["rotation"]))]
        if t == "place_token":
            coord, city = self.city_ref(a["city"])
            return [A.PlaceToken(ent, coord, city, neutral=a.get("token_type") == "neutral", slot=a.get("slot"))]
        if t == "remove_token":
            coord, city = self.city_ref(a["city"])
            return [A.RemoveToken(ent, coord, city)]
        if t == "run_routes":
            return [A.RunRoutes(ent, tuple(self.route(r) for r in a.get("routes") or ()))]
        if t == "dividend":
            return [A.Dividend(ent, a["kind"])]
        if t == "buy_train":
            tid = a["train"]
            name = _split_last(tid)[0]
            source = "depot"
            held = g.depot.available(g.phase_names)
            for c in g.corporations.values():
                if any(tr.id == tid for tr in sellable_trains(c)):
                    source, held = c.sym, sellable_trains(c)
            exch = exch_id = None
            if a.get("exchange"):
                exch = _split_last(a["exchange"])[0]
                exch_id = self.train_id(sellable_trains(g.corporations[ent]), exch, a["exchange"]) \
                    if ent in g.corporations else None
            price = int(a["price"]) if a.get("price") is not None else None
            return [A.BuyTrain(ent, name, source, price, exch, train_id=self.train_id(held, name, tid),
                               exchange_id=exch_id)]
        if t == "discard_train":
            tid = a["train"]
            name = _split_last(tid)[0]
            own = sellable_trains(g.corporations[ent]) if ent in g.corporations else []
            return [A.DiscardTrain(ent, name, self.train_id(own, name, tid))]
        if t == "buy_company":
            return [A.BuyCompany(ent, a["company"], int(a["price"]))]
        if t == "end_game":
            return [A.EndGame(ent)]
        if t in IGNORED:
            return []
        raise RuleError(f"action type {t!r} is not supported for {g.title.name}", rule="importer")

    @staticmethod
    def train_id(trains, name: str, tid: str) -> Optional[str]:
        """The record's train id for an action, or None when the engine's default (the first
        train of the type among `trains`) is that very train: a game's lines name a train only
        where which one goes would otherwise be lost."""
        first = train_named(trains, name)
        return None if first is not None and first.id == tid else tid

    def stop(self, coord: str, node: Optional[int]) -> A.Stop:
        found = self.stops.get((coord, node))
        if found is None:
            found = self.stops[(coord, node)] = A.Stop(coord, node)
        return found

    def route(self, r: dict) -> A.Route:
        conns = _chained([list(seg) for seg in r.get("connections") or []])
        nodes = {}
        for sig in r.get("nodes") or []:
            h, k = _split_last(sig)
            nodes.setdefault(h, []).append(int(k))
        stops: list[A.Stop] = []
        if conns:
            hexes = [conns[0][0]] + [seg[-1] for seg in conns]
        else:
            hexes = list(r.get("hexes") or [])
        for h in hexes:
            stops.append(self.stop(h, None))
        if nodes:
            # pin node indexes where the record names them unambiguously
            pinned = []
            for s in stops:
                cand = nodes.get(s.hex, [])
                if len(cand) == 1:
                    pinned.append(self.stop(s.hex, cand[0]))
                else:
                    pinned.append(s)
            stops = pinned
        train = _split_last(r["train"])[0]
        revenue = r.get("revenue")
        via = tuple(tuple(seg) for seg in conns) if conns else None
        return A.Route(train=train, stops=tuple(stops), via=via,
                       revenue=int(revenue) if revenue is not None else None, trusted=False)


def _chained(conns: list[list[str]]) -> list[list[str]]:
    """The record's connections turned to run end to end (18xx.games lists each one in either
    direction), so that the stops read off their ends are the route's stops in order."""
    if len(conns) < 2:
        return conns
    first, second = conns[0], conns[1]
    if first[0] in (second[0], second[-1]) and first[-1] not in (second[0], second[-1]):
        first = first[::-1]
    out = [first]
    for seg in conns[1:]:
        if seg[0] != out[-1][-1] and seg[-1] == out[-1][-1]:
            seg = seg[::-1]
        out.append(seg)
    return out


def replay_record(rec: Record, *, stop_at: Optional[int] = None,
                  each: Optional[Callable[[Game, dict], None]] = None, loading: bool = False) -> Game:
    """Replay the record's live actions; stop after the action with id `stop_at` if given."""
    title = load_title(rec.title)
    game = Game(title, rec.players, rec.seed, rec.options)
    game.loading = loading
    conv = Converter(game)
    for index, a in enumerate(rec.live):
        position = rec.position_of(index)
        apply_record_action(game, conv, index, a, position)
        for k, sub in enumerate(a.get("auto_actions") or ()):
            apply_record_action(game, conv, index, sub, position, label=action_label(position, a, auto=k))
        if each:
            each(game, a)
        if stop_at is not None and a.get("id") == stop_at:
            break
    return game


def apply_record_action(game: Game, conv: Converter, index: int, a: dict, position: Optional[int] = None,
                        label: Optional[str] = None, pushed: Optional[list] = None) -> None:
    """Convert one record action and push it; ImportRefused (one line) when it cannot be applied.
    `pushed`, if given, collects the engine actions pushed (a `pbem.Game`'s history)."""
    if a["type"] == "message":
        return
    try:
        for act in conv.convert(a):
            game.push(act)
            if pushed is not None:
                pushed.append(act)
    except ImportRefused:
        raise
    except RuleError as e:
        raise ImportRefused(index, a.get("id"), a, str(e), e.rule, position, label) from e
    except PbemError as e:
        raise ImportRefused(index, a.get("id"), a, str(e), position=position, label=label) from e
    except (KeyError, ValueError, IndexError, AttributeError, TypeError, StopIteration) as e:
        raise ImportRefused(index, a.get("id"), a, f"internal error {type(e).__name__}: {e}",
                            position=position, label=label) from e
