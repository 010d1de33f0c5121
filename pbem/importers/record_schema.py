"""The JSON Schema of an 18xx.games game record, and its failures worded as one line.

The schema says what pbem reads from a record (docs/records.md): the top-level fields, the
players, and the fields of every action type the importer converts. It is strict about what
pbem uses (a price is an integer, a share is named `<corp>_<n>`) and leaves alone what
18xx.games records legitimately vary in or pbem never reads (timestamps, UI settings, chat).
Checks the schema cannot express (undo targets, share names of the title) live elsewhere.
A record is checked first by the schema compiled to a quick check (compiled_schema.py); only
one that does not fit it is judged by the `jsonschema` library (imported then), whose first
error is the line reported.
"""
from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, Optional

from pbem.engine.actions import ALL_ACTIONS
from pbem.importers.compiled_schema import Fits, compile_fits

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

# A safe JSON integer (JavaScript's Number.MAX_SAFE_INTEGER): 18xx.games writes no larger one.
MAX_INT = 2 ** 53 - 1

_INT: dict = {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
_COUNT: dict = {"type": "integer", "minimum": 0, "maximum": MAX_INT}
_NAME: dict = {"type": "string", "minLength": 1}


def _named(pattern: str, like: str) -> dict:
    """A string id of the form `pattern`; `like` words it for the error message."""
    return {"type": "string", "pattern": pattern, "description": f"a string like {like}"}


_SHARE = _named(r"^.+_[0-9]{1,4}$", '"CPR_1" (corporation_index)')
_TRAIN = _named(r"^.+-[0-9]{1,6}$", '"3-0" (train-copy)')
_TILE = _named(r"^.+-[0-9]{1,6}$", '"57-0" (tile-copy)')
_CITY = _named(r"^.+-[0-9]{1,6}-[0-9]{1,3}$", '"57-0-0" (tile-copy-part)')
_NODE = _named(r"^.+-[0-9]{1,3}$", '"H8-1" (hex-part)')
_HEX = _named(r"^[A-Za-z]{1,3}-?[0-9]{1,3}$", '"J10"')
_ENTITY: dict = {"type": ["integer", "string"], "minimum": -MAX_INT, "maximum": MAX_INT, "minLength": 1}

_SHARES: dict = {"type": "array", "items": _SHARE, "minItems": 1, "maxItems": 20}
_PERCENT: dict = {"type": "integer", "minimum": 1, "maximum": 100}
# the price paid per share, or false (18xx.games keeps false values)
_SHARE_PRICE: dict = {"anyOf": [_COUNT, {"const": False}], "description": "an integer price or false"}

_ROUTE: dict = {
    "type": "object",
    "required": ["train"],
    "properties": {
        "train": _TRAIN,
        "connections": {"type": "array", "items": {"type": "array", "items": _NAME}},
        "hexes": {"type": "array", "items": _NAME},
        "nodes": {"type": "array", "items": _NODE},
        "revenue": _COUNT,
        "revenue_str": {"type": "string"},
    },
}

#: the schema of an action's field of each declared type (any other type: anything)
_FIELD_TYPES: dict[str, dict] = {"str": _NAME, "int": _INT, "bool": {"type": "boolean"}}


def declared_fields(kind: type) -> tuple[list[str], dict[str, dict]]:
    """The fields a kind's record codec names (`record_fields`, pbem/engine/actions.py): each
    required unless the action's field has a default, checked as its declared type."""
    fields = {f.name: f for f in dataclasses.fields(kind)}
    required, props = [], {}
    for key, name in (kind.record_fields or {}).items():
        f = fields[name]
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            required.append(key)
        props[key] = _FIELD_TYPES.get(f.type if isinstance(f.type, str) else getattr(f.type, "__name__", ""), {})
    return required, props


# the fields each action type must or may carry (beyond type, entity, entity_type, id); the
# kinds that declare their record codec add theirs (pass, bankrupt, convert, merge, choose)
ACTION_FIELDS: dict[str, tuple[list[str], dict[str, dict]]] = {
    "bid": (["price"], {"price": _COUNT, "company": _NAME, "corporation": _NAME, "minor": _NAME}),
    "par": (["corporation", "share_price"],
            {"corporation": _NAME,
             "share_price": _named(r"^[0-9]{1,6},[0-9]{1,3},[0-9]{1,3}$", '"100,0,3" (price,row,column)')}),
    "buy_shares": (["shares"], {"shares": _SHARES, "percent": _PERCENT, "share_price": _SHARE_PRICE}),
    "sell_shares": (["shares"], {"shares": _SHARES, "percent": _PERCENT, "share_price": _SHARE_PRICE}),
    "lay_tile": (["hex", "tile", "rotation"],
                 {"hex": _HEX, "tile": _TILE, "rotation": {"type": "integer", "minimum": 0, "maximum": 5}}),
    "place_token": (["city"], {"city": _CITY, "slot": {"type": "integer", "minimum": 0, "maximum": 99},
                               "token_type": {"type": "string"}}),
    "remove_token": (["city"], {"city": _CITY, "slot": {"type": "integer", "minimum": 0, "maximum": 99}}),
    "run_routes": (["routes"], {"routes": {"type": "array", "items": _ROUTE}, "extra_revenue": _INT, "subsidy": _INT}),
    "dividend": (["kind"], {"kind": {"enum": ["payout", "withhold", "half"]}}),
    "buy_train": (["train"], {"train": _TRAIN, "price": _COUNT, "exchange": _TRAIN, "variant": _NAME}),
    "discard_train": (["train"], {"train": _TRAIN}),
    "buy_company": (["company", "price"], {"company": _NAME, "price": _COUNT}),
    **{kind.record_type or kind.kind_name: declared_fields(kind) for kind in ALL_ACTIONS
       if kind.record_fields is not None},
    "undo": ([], {"action_id": _COUNT}),
    "message": ([], {"message": {"type": "string"}}),
}


_COMMON: dict[str, Any] = {
    "type": {"type": "string", "minLength": 1},
    "entity": _ENTITY,
    "entity_type": {"type": "string"},
    "id": _COUNT,
    "skip": {"type": "boolean"},
}


def action_schema(kind: Optional[str], top_level: bool = True, fields: Optional[tuple] = None) -> dict:
    """The schema of one action of type `kind` (None: a type pbem does not read; only the common
    fields are checked), with `fields` (required, properties) when given instead of its entry in
    ACTION_FIELDS. A top-level action has an id and may carry auto actions."""
    req, props = fields if fields is not None else \
        ACTION_FIELDS.get(kind, ([], {})) if kind is not None else ([], {})
    properties = dict(_COMMON, **props)
    if top_level:
        properties["auto_actions"] = {"type": "array", "items": {"type": "object"}}
    schema = {"type": "object", "required": ["type", "entity"] + (["id"] if top_level else []) + req,
              "properties": properties}
    if kind == "bid":
        schema["anyOf"] = [{"required": ["company"]}, {"required": ["corporation"]}, {"required": ["minor"]}]
        schema["description"] = "a company, corporation or minor to bid on"
    return schema


SCHEMA: dict = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "18xx.games game record (as pbem reads it)",
    "type": "object",
    "required": ["title", "players", "actions"],
    "properties": {
        "id": {"type": ["integer", "string"], "minimum": -MAX_INT, "maximum": MAX_INT},
        "title": {"type": "string", "minLength": 1, "maxLength": 40},
        "players": {
            "type": "array", "minItems": 1, "maxItems": 12,
            "items": {"type": "object",
                      "anyOf": [{"required": ["id"]}, {"required": ["name"]}],
                      "description": "a player with an id or a name",
                      "properties": {"id": _ENTITY, "name": {"type": "string", "minLength": 1, "maxLength": 200}}},
        },
        # each action is checked against action_schema(its type): see schema_problem
        "actions": {"type": "array", "items": {"type": "object"}},
        "settings": {"type": ["object", "null"], "properties": {
            "seed": {"anyOf": [_INT, {"type": "null"}, {"const": ""}],
                     "description": "an integer (or nothing)"},
            "optional_rules": {"type": ["array", "null"], "items": _NAME},
        }},
        "optional_rules": {"type": ["array", "null"], "items": _NAME},
        "result": {"type": ["object", "null"], "additionalProperties": _INT},
        "game_end_reason": {"type": ["string", "null"]},
        "status": {"type": ["string", "null"]},
        "turn": {"type": ["integer", "null"]},
        "round": {"type": ["string", "null"]},
        "acting": {"type": ["array", "null"]},
    },
}


@lru_cache(maxsize=None)
def _validator(kind: Optional[str], top_level: bool, title_kind: Optional[type] = None) -> "Draft202012Validator":
    """The library's validator of the record (`kind` "record"), or of an action of `kind` (None: a
    type pbem does not read; `title_kind`: a title's own kind, from its record codec)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(_schema(kind, top_level, title_kind))


@lru_cache(maxsize=None)
def _fits(kind: Optional[str], top_level: bool, title_kind: Optional[type] = None) -> Fits:
    """The quick check of the same schema as `_validator`."""
    return compile_fits(_schema(kind, top_level, title_kind))


def _schema(kind: Optional[str], top_level: bool, title_kind: Optional[type]) -> dict:
    if kind == "record":
        return SCHEMA
    if title_kind is not None:
        return action_schema(title_kind.record_type or title_kind.kind_name, top_level, declared_fields(title_kind))
    return action_schema(kind, top_level)


def _action_kind(action: Any, kinds: Optional[dict] = None) -> tuple[Optional[str], Optional[type]]:
    """The schema an action is checked against: its type's (None: a type pbem does not read), or
    a title's own kind's."""
    kind = action.get("type") if isinstance(action, dict) else None
    if isinstance(kind, str) and kind not in ACTION_FIELDS and kinds and kind in kinds:
        return kind, kinds[kind]
    return (kind if isinstance(kind, str) and kind in ACTION_FIELDS else None), None


def record_fits(data: Any, kinds: Optional[dict]) -> bool:
    """The whole record certainly fits the schema (the quick check; False: the library judges)."""
    if not _fits("record", True)(data):
        return False
    # (the record's check makes each action an object; its checks are found once per type)
    found: dict = {}
    for action in data["actions"]:
        t = action.get("type")
        fits = found.get(t) if type(t) is str else None
        if fits is None:
            kind, own = _action_kind(action, kinds)
            fits = _fits(kind, True, own)
            if type(t) is str:
                found[t] = fits
        if not fits(action):
            return False
        for sub in action.get("auto_actions") or ():
            kind, own = _action_kind(sub, kinds)
            if not _fits(kind, False, own)(sub):
                return False
    return True


_TYPE_WORDS = {"integer": "an integer", "string": "a string", "array": "a list", "object": "an object",
               "boolean": "true or false", "null": "null", "number": "a number"}


def shown(value: Any, limit: int = 60) -> str:
    """A JSON value as the error shows it, cut short."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= limit else text[:limit] + "..."


def one_line(text: str) -> str:
    """`text` with line breaks and other control characters escaped: an error stays one line
    whatever a record puts in a name."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else json.dumps(c)[1:-1] for c in text)


def field_path(path: Iterable) -> str:
    """`["routes", 0, "train"]` -> `routes[0].train`."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def action_label(position: int, action: Any, auto: Optional[int] = None) -> str:
    """`action 57 (id 61, buy_shares)`: the position in the file's action list, its id and type;
    `auto` adds which of its auto actions (`, auto action 0 (pass)`)."""
    label = f"action {position}" + _about(action)
    if auto is not None and isinstance(action, dict) and isinstance(action.get("auto_actions"), list) \
            and auto < len(action["auto_actions"]):
        label += f", auto action {auto}" + _about(action["auto_actions"][auto])
    return label


def _about(action: Any) -> str:
    """` (id 61, buy_shares)`, or less when the action lacks them."""
    if not isinstance(action, dict):
        return ""
    parts = []
    if "id" in action:
        parts.append(f"id {action['id']}" if isinstance(action["id"], int) else f"id {shown(action['id'], 20)}")
    if isinstance(action.get("type"), str):
        parts.append(action["type"][:30])
    return f" ({', '.join(parts)})" if parts else ""


def _expected(e: ValidationError) -> str:
    """What the failing schema wanted, in words."""
    if isinstance(e.schema, dict) and "description" in e.schema and e.validator in ("pattern", "anyOf"):
        return str(e.schema["description"])
    v = e.validator_value
    if e.validator == "type":
        kinds = [v] if isinstance(v, str) else list(v)
        return " or ".join(_TYPE_WORDS.get(k, k) for k in kinds)
    if e.validator == "enum":
        return "one of " + ", ".join(shown(x) for x in v)
    if e.validator == "const":
        return shown(v)
    if e.validator == "minimum":
        return f"at least {v}"
    if e.validator == "maximum":
        return f"at most {v}"
    if e.validator == "minLength":
        return "a non-empty string"
    if e.validator == "maxLength":
        return f"a string of at most {v} characters"
    if e.validator == "minItems":
        return f"a list of at least {v} item(s)"
    if e.validator == "maxItems":
        return f"a list of at most {v} items"
    return e.message


def describe(path: list, e: ValidationError, data: Any) -> str:
    """One line: where in the record (`path`: action, field) and what was expected instead of what."""
    where = ""
    if len(path) >= 2 and path[0] == "actions" and isinstance(path[1], int):
        action = data["actions"][path[1]]
        rest = path[2:]
        auto = None
        if len(rest) >= 2 and rest[0] == "auto_actions" and isinstance(rest[1], int):
            auto, rest = rest[1], rest[2:]
        where = action_label(path[1], action, auto)
        path = rest
    if e.validator == "required":
        missing = [k for k in e.validator_value if isinstance(e.instance, dict) and k not in e.instance]
        name = field_path(path + missing[:1])
        what = f'missing field "{name}"'
    elif e.validator == "anyOf" and isinstance(e.schema, dict) and "description" in e.schema \
            and all(s.get("required") for s in e.validator_value):
        what = (f'field "{field_path(path)}": ' if path else "") + f"missing {e.schema['description']}"
    else:
        name = field_path(path)
        what = (f'field "{name}": ' if name else "") + f"expected {_expected(e)}, got {shown(e.instance)}"
    return f"{where}: {what}" if where else what


def _first(errors: list[ValidationError]) -> Optional[ValidationError]:
    """The error to report: the earliest in the record, by its innermost cause unless the
    failing schema words it (a `description`)."""
    if not errors:
        return None
    first = min(errors, key=_order)
    while first.context and not (isinstance(first.schema, dict) and "description" in first.schema):
        first = min(first.context, key=_order)
    return first


def _order(e: ValidationError) -> tuple:
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, str(p)) for p in e.relative_path)


def schema_problem(data: Any, kinds: Optional[dict] = None, *, quick: bool = True) -> Optional[str]:
    """The first way `data` breaks the schema, worded as one line; None when it fits.
    The top level first, then each action (and its auto actions) against its type's schema;
    `kinds` (record type -> kind) the title's own kinds whose record codec says their fields.
    `quick=False`: the library judges even a record the quick check passes (the tests compare)."""
    if quick and record_fits(data, kinds):
        return None
    first = _first(list(_validator("record", True).iter_errors(data)))
    if first is not None:
        return describe(list(first.absolute_path), first, data)
    for i, action in enumerate(data["actions"]):
        kind, own = _action_kind(action, kinds)
        first = _first(list(_validator(kind, True, own).iter_errors(action)))
        if first is not None:
            return describe(["actions", i] + list(first.absolute_path), first, data)
        for k, sub in enumerate(action.get("auto_actions") or ()):
            kind, own = _action_kind(sub, kinds)
            first = _first(list(_validator(kind, False, own).iter_errors(sub)))
            if first is not None:
                return describe(["actions", i, "auto_actions", k] + list(first.absolute_path), first, data)
    return None
