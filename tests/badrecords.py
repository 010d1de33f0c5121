"""Bad 18xx.games records made from the shared good ones, for the probe test.

Every record made here is wrong in a way pbem must notice: broken JSON, a field missing or of
the wrong type at the top level or inside an action, a value that names nothing in the game,
an undo or redo that cannot be resolved, a result the replay does not reach. Actions are cut
after the damaged one (and the result dropped) so the damage, not the cut, is what fails.
"""
from __future__ import annotations

import copy
import json
import random
from pathlib import Path

FIX = Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games"
SOURCES = sorted(FIX.glob("*/*.json"))

# wrong values for a field that wants an integer, a string, a list
NOT_INT = ["55", 55.5, None, [], {}, True, "", "abc"]
NOT_STR = [55, None, [], {}, True, 1.5]
NOT_LIST = ["x", 5, None, {}, True]

# fields of each action type pbem reads, with the kind of value each wants ("?": may be left out)
READ = {
    "bid": {"price": "int", "company": "str"},
    "par": {"corporation": "str", "share_price": "str"},
    "buy_shares": {"shares": "list"},
    "sell_shares": {"shares": "list", "percent": "int?"},
    "lay_tile": {"hex": "str", "tile": "str", "rotation": "int"},
    "place_token": {"city": "str"},
    "run_routes": {"routes": "list"},
    "dividend": {"kind": "str"},
    "buy_train": {"train": "str", "price": "int?"},
    "buy_company": {"company": "str", "price": "int"},
    "pass": {"entity": "id"},
}

# values that fit the schema but name nothing in the game (or break a rule beyond doubt)
NOWHERE = {
    "bid": [("company", "NOPE"), ("price", 10 ** 9)],
    "par": [("corporation", "NOPE"), ("share_price", "999,0,0")],
    "buy_shares": [("shares", ["NOPE_1"]), ("shares", ["CPR_99"]), ("shares", ["CPR_1", "CNR_2"])],
    "sell_shares": [("shares", ["NOPE_1"]), ("percent", 100)],
    "lay_tile": [("hex", "Z99"), ("tile", "9999-0"), ("tile", "57-99")],
    "place_token": [("city", "Q99-0-0"), ("city", "57-0-9")],
    "buy_train": [("train", "99-0"), ("price", 10 ** 9)],
    "buy_company": [("company", "NOPE")],
    "pass": [("entity", 987654321), ("entity", "NOBODY")],
}


def _bad_values(kind: str) -> list:
    return {"int": NOT_INT, "str": NOT_STR, "list": NOT_LIST, "id": [None, [], {}, 1.5, True]}[kind.rstrip("?")]


def _dump(data) -> bytes:
    return json.dumps(data).encode()


def _cut(data: dict, upto: int) -> dict:
    """The record with only its first `upto` actions and no result to compare with."""
    out = dict(data, actions=copy.deepcopy(data["actions"][:upto]))
    out.pop("result", None)
    return out


def bad_records(n_per_kind: int = 1, seed: int = 2026) -> list[tuple[str, bytes]]:
    """(what was done, the bytes of the bad record) for every probe; deterministic."""
    rnd = random.Random(seed)
    records = {f"{p.parent.name}/{p.stem}": json.loads(p.read_text()) for p in SOURCES}
    texts = {name: p.read_bytes() for name, p in zip(records, SOURCES)}
    out: list[tuple[str, bytes]] = []
    small = {name: _cut(d, 30) for name, d in records.items()}

    # the file itself
    for name, raw in texts.items():
        for _ in range(4):
            at = rnd.randrange(1, len(raw) - 2)
            out.append((f"{name} truncated at byte {at}", raw[:at]))
    out += [("empty", b""), ("blank", b" \n\t "), ("binary", bytes(range(256))), ("latin-1", "{\"title\": \"é\"}".encode("latin-1")),
            ("utf-16", '{"title": "1882"}'.encode("utf-16")), ("null", b"null"), ("list", b"[1, 2]"),
            ("string", b'"record"'), ("number", b"5"), ("deep list", b"[" * 100000 + b"]" * 100000),
            ("deep object", b'{"a":' * 50000 + b"1" + b"}" * 50000), ("NaN", b'{"title": NaN}'),
            # a byte-order mark is skipped, and the truncation behind it still noticed
            ("bom", b"\xef\xbb\xbf" + texts[next(iter(texts))][:-2])]
    base = small["1882/5585"]
    huge = b"9" * 5000
    out.append(("5000-digit seed", _dump(dict(base, settings={"seed": "HUGE"})).replace(b'"HUGE"', huge)))
    first = dict(base["actions"][0], id="HUGE")
    out.append(("5000-digit action id", _dump(dict(base, actions=[first] + base["actions"][1:])).replace(b'"HUGE"', huge)))
    out.append(("huge float price", _dump(base).replace(b'"price": ', b'"price": 1e400, "x": ', 1)))

    # the top level
    for name, d in small.items():
        for key in ("title", "players", "actions"):
            out.append((f"{name}: no {key}", _dump({k: v for k, v in d.items() if k != key})))
        for key, wrong in [("title", NOT_STR), ("players", NOT_LIST + [[]]), ("actions", NOT_LIST)]:
            for v in rnd.sample(wrong, 2):
                out.append((f"{name}: {key} = {v!r}", _dump(dict(d, **{key: v}))))
        settings = d.get("settings") or {}
        for v in rnd.sample(["abc", 1.5, [], {}, True, "12x"], 2):
            out.append((f"{name}: seed = {v!r}", _dump(dict(d, settings=dict(settings, seed=v)))))
        for v in rnd.sample(["abc", 5, {}, [5], [None], True], 2):
            out.append((f"{name}: optional_rules = {v!r}", _dump(dict(d, settings=dict(settings, optional_rules=v)))))
        out.append((f"{name}: settings = list", _dump(dict(d, settings=[1]))))
        out.append((f"{name}: result = list", _dump(dict(d, result=[1, 2]))))
        out.append((f"{name}: result with a stranger", _dump(dict(d, result={"no-one": 5}))))
        out.append((f"{name}: result with text", _dump(dict(d, result={str(d["players"][0].get("id")): "5"}))))
        p = rnd.randrange(len(d["players"]))
        players = copy.deepcopy(d["players"])
        players[p] = {}
        out.append((f"{name}: player {p} empty", _dump(dict(d, players=players))))
        players = copy.deepcopy(d["players"])
        players[p]["id"] = rnd.choice([None, [], 1.5, {}])
        out.append((f"{name}: player {p} id {players[p]['id']!r}", _dump(dict(d, players=players))))
        players = copy.deepcopy(d["players"])
        players[p]["id"] = players[p - 1]["id"]
        if p:
            out.append((f"{name}: players {p - 1} and {p} share an id", _dump(dict(d, players=players))))
        out.append((f"{name}: one player", _dump(dict(d, players=d["players"][:1]))))
        out.append((f"{name}: players are numbers", _dump(dict(d, players=[1, 2, 3]))))

    # inside actions
    for name, d in records.items():
        actions = d["actions"]
        for kind, fields in READ.items():
            where = [i for i, a in enumerate(actions[:300]) if a["type"] == kind]
            if not where:
                continue
            for _ in range(n_per_kind):
                i = rnd.choice(where)
                for fld, want in fields.items():
                    bad = _cut(d, i + 1)
                    action = bad["actions"][i]
                    if fld in action and want != "id" and not want.endswith("?"):
                        gone = dict(bad)
                        gone["actions"] = bad["actions"][:i] + [{k: v for k, v in action.items() if k != fld}]
                        out.append((f"{name}: action {i} ({kind}) without {fld}", _dump(gone)))
                    v = rnd.choice(_bad_values(want))
                    action[fld] = v
                    out.append((f"{name}: action {i} ({kind}) {fld} = {v!r}", _dump(bad)))
                for fld, v in NOWHERE.get(kind, ()):
                    bad = _cut(d, i + 1)
                    bad["actions"][i][fld] = v
                    out.append((f"{name}: action {i} ({kind}) {fld} = {v!r}", _dump(bad)))
        i = next((i for i, a in enumerate(actions) if a["type"] == "bid"), None)
        for v in ("55", 55.5) if i is not None else ():
            bad = _cut(d, i + 1)
            bad["actions"][i]["price"] = v
            out.append((f"{name}: action {i} (bid) price = {v!r}", _dump(bad)))
        i = rnd.randrange(1, 200)
        for what, change in [("type removed", lambda a: a.pop("type")), ("type = 5", lambda a: a.update(type=5)),
                             ("type unknown", lambda a: a.update(type="teleport")),
                             ("id = 'x'", lambda a: a.update(id="x")), ("no id", lambda a: a.pop("id")),
                             ("is a string", None), ("entity removed", lambda a: a.pop("entity"))]:
            bad = _cut(d, i + 1)
            if change is None:
                bad["actions"][i] = "pass"
            else:
                change(bad["actions"][i])
            out.append((f"{name}: action {i} {what}", _dump(bad)))
        bad = _cut(d, i + 1)
        bad["actions"][i]["id"] = bad["actions"][i - 1]["id"]
        out.append((f"{name}: action {i} repeats the id before it", _dump(bad)))
        # undo and redo that cannot be resolved
        last = actions[i]["id"]
        bad = _cut(d, i + 1)
        bad["actions"].append({"type": "undo", "entity": 1, "id": last + 1, "action_id": last + 50})
        out.append((f"{name}: undo of an unknown action after {i}", _dump(bad)))
        bad = _cut(d, i + 1)
        bad["actions"].append({"type": "redo", "entity": 1, "id": last + 1})
        out.append((f"{name}: redo without undo after {i}", _dump(bad)))
        bad = _cut(d, i + 1)
        bad["actions"].append({"type": "undo", "entity": 1, "id": last + 1, "action_id": "x"})
        out.append((f"{name}: undo of action 'x' after {i}", _dump(bad)))
        bad = _cut(d, i + 1)
        bad["actions"].append({"type": "lay_tile", "entity": "CPR", "id": last + 1, "hex": "J10",
                               "tile": "57-0", "rotation": 0, "auto_actions": [{"type": "pass"}]})
        out.append((f"{name}: auto action without entity after {i}", _dump(bad)))
    return out


def wrong_results() -> list[tuple[str, bytes]]:
    """Whole records (1882 and 1861) whose result one player's value differs from the replay's."""
    out = []
    for p in SOURCES:
        if p.parent.name not in ("1882", "1861") or p.stem not in ("5585", "29683"):
            continue
        d = json.loads(p.read_text())
        pid = next(iter(d["result"]))
        d["result"][pid] += 1
        out.append((f"{p.parent.name}/{p.stem}: result of {pid} off by one", _dump(d)))
    return out
