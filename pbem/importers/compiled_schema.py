"""A JSON Schema compiled once to a quick yes-or-unsure check of a value.

`compile_fits(schema)` gives a function that answers True only when the value certainly fits
the schema as the `jsonschema` library judges it (draft 2020-12), for the keywords the record
schema uses (record_schema.py); it answers False when the value breaks the schema, or where
it cannot be sure (a keyword it does not know, a float written for an integer). So a record
that fits is checked without the library, and any other is judged and worded by the library
(`record_schema.schema_problem`); tests/test_compiled_schema.py holds the two to one verdict.
"""
from __future__ import annotations

import re
from typing import Any, Callable

__all__ = ["Fits", "compile_fits"]

Fits = Callable[[Any], bool]

#: keywords that only annotate: they never make a value fail
_ANNOTATIONS = frozenset({"$schema", "title", "description"})

#: JSON types as Python types (bool is no integer, as JSON Schema has it; a float that is a
#: whole number would be an integer to the library: left unsure, that is False here)
_TYPES: dict[str, tuple[type, ...]] = {"string": (str,), "integer": (int,), "number": (int, float),
                                       "array": (list,), "object": (dict,), "boolean": (bool,),
                                       "null": (type(None),)}


def _never(_value: Any) -> bool:
    return False


def _is_type(names: tuple[str, ...]) -> Fits:
    kinds = tuple(t for n in names for t in _TYPES.get(n, ()))
    known = all(n in _TYPES for n in names)

    def check(value: Any) -> bool:
        if type(value) is bool:
            return "boolean" in names
        return known and type(value) in kinds
    return check


def _same(expected: Any) -> Fits:
    """Equal as JSON values, without Python's True == 1 (only plain values are compared)."""
    return lambda value: type(value) is type(expected) and value == expected


def _keyword(name: str, arg: Any) -> Fits:
    """The check one keyword makes; _never for one this module does not know."""
    if name == "type":
        return _is_type((arg,) if isinstance(arg, str) else tuple(arg))
    if name in ("minimum", "maximum"):
        low = name == "minimum"
        return lambda v: type(v) not in (int, float) or (v >= arg if low else v <= arg)
    if name in ("minLength", "maxLength"):
        low = name == "minLength"
        return lambda v: type(v) is not str or (len(v) >= arg if low else len(v) <= arg)
    if name in ("minItems", "maxItems"):
        low = name == "minItems"
        return lambda v: type(v) is not list or (len(v) >= arg if low else len(v) <= arg)
    if name == "pattern":
        search = re.compile(arg).search
        return lambda v: type(v) is not str or search(v) is not None
    if name == "const":
        return _same(arg)
    if name == "enum":
        options = [_same(e) for e in arg]
        return lambda v: any(o(v) for o in options)
    if name == "anyOf":
        subs = [compile_fits(s) for s in arg]
        return lambda v: any(s(v) for s in subs)
    if name == "required":
        keys = tuple(arg)
        return lambda v: type(v) is not dict or all(k in v for k in keys)
    if name == "properties":
        props = {k: compile_fits(s) for k, s in arg.items()}
        return lambda v: type(v) is not dict or all(props[k](x) for k, x in v.items() if k in props)
    if name == "items":
        if not isinstance(arg, dict):
            return _never
        each = compile_fits(arg)
        return lambda v: type(v) is not list or all(each(x) for x in v)
    return _never


def compile_fits(schema: dict) -> Fits:
    """The quick check of `schema` (see the module docstring)."""
    if not isinstance(schema, dict):
        return _never
    checks: list[Fits] = []
    for name, arg in schema.items():
        if name in _ANNOTATIONS:
            continue
        if name == "additionalProperties":
            if not isinstance(arg, dict):
                return _never
            named, other = set(schema.get("properties", ())), compile_fits(arg)
            checks.append(lambda v: type(v) is not dict or all(other(x) for k, x in v.items() if k not in named))
            continue
        checks.append(_keyword(name, arg))
    if len(checks) == 1:
        return checks[0]
    return lambda value: all(c(value) for c in checks)
