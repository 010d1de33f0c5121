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
from typing import Any, Callable, Optional

__all__ = ["Fits", "compile_fits"]

Fits = Callable[[Any], bool]

#: keywords that only annotate: they never make a value fail
_ANNOTATIONS = frozenset({"$schema", "title", "description"})

#: JSON types as Python types (bool is no integer, as JSON Schema has it; a float that is a
#: whole number would be an integer to the library: left unsure, that is False here)
_TYPES: dict[str, tuple[type, ...]] = {"string": (str,), "integer": (int,), "number": (int, float),
                                       "array": (list,), "object": (dict,), "boolean": (bool,),
                                       "null": (type(None),)}


def _type_set(names: tuple[str, ...]) -> frozenset:
    """The Python types of values of JSON types `names` (bool only for "boolean"; nothing but
    bool when a name is unknown, whose values are then left unsure)."""
    known = all(n in _TYPES for n in names)
    kinds = {t for n in names for t in _TYPES.get(n, ()) if t is not bool} if known else set()
    if "boolean" in names:
        kinds.add(bool)
    return frozenset(kinds)


class _Never(Exception):
    """A schema (or a part of one) no value is sure to fit."""


class _Writer:
    """Writes the quick check of a schema as the source of one Python function: each keyword an
    `if` that returns False when the value breaks it (or might), nested where the schema nests;
    a sub-schema of `anyOf` is a function of its own. The constants the checks compare with are
    the function's globals."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {}
        self.defs: list[str] = []
        self.count = 0

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def const(self, value: Any) -> str:
        name = self.fresh("_c")
        self.names[name] = value
        return name

    def function(self, schema: Any) -> str:
        """The name of a new function checking `schema`."""
        name = self.fresh("_fits")
        body = ["    v = value"]
        try:
            body += self.checks(schema, "v", 1)
        except _Never:
            body = []
        self.defs.append(f"def {name}(value):\n" + "\n".join(body + ["    return " + ("True" if body else "False")]))
        return name

    def checks(self, schema: Any, v: str, depth: int) -> list[str]:
        """Lines (at `depth` indents) that return False unless the value in `v` fits `schema`;
        _Never when no value would."""
        if not isinstance(schema, dict):
            raise _Never
        pad = "    " * depth
        out: list[str] = []
        for name, arg in schema.items():
            if name in _ANNOTATIONS:
                continue
            if name == "additionalProperties":
                if not isinstance(arg, dict):
                    raise _Never
                k, x = self.fresh("k"), self.fresh("x")
                named = self.const(frozenset(schema.get("properties", ())))
                inner = self._inner(arg, x, depth + 3)
                if inner is not None:
                    out += [f"{pad}if type({v}) is dict:", f"{pad}    for {k}, {x} in {v}.items():",
                            f"{pad}        if {k} not in {named}:"] + inner
                continue
            out += self.keyword(name, arg, v, depth)
        return out

    def _inner(self, schema: Any, x: str, depth: int) -> Optional[list[str]]:
        """The checks of a nested value (a failing `return False` when none fits), None when
        it has none."""
        try:
            lines = self.checks(schema, x, depth)
        except _Never:
            return ["    " * depth + "return False"]
        return lines or None

    def keyword(self, name: str, arg: Any, v: str, depth: int) -> list[str]:
        pad = "    " * depth
        if name == "type":
            kinds = self.const(_type_set((arg,) if isinstance(arg, str) else tuple(arg)))
            return [f"{pad}if type({v}) not in {kinds}:", f"{pad}    return False"]
        if name in ("minimum", "maximum"):
            op = ">=" if name == "minimum" else "<="
            return [f"{pad}if (type({v}) is int or type({v}) is float) and not {v} {op} {self.const(arg)}:",
                    f"{pad}    return False"]
        if name in ("minLength", "maxLength", "minItems", "maxItems"):
            kind = "str" if name.endswith("Length") else "list"
            op = "<" if name.startswith("min") else ">"
            return [f"{pad}if type({v}) is {kind} and len({v}) {op} {self.const(arg)}:", f"{pad}    return False"]
        if name == "pattern":
            search = self.const(re.compile(arg).search)
            return [f"{pad}if type({v}) is str and {search}({v}) is None:", f"{pad}    return False"]
        if name in ("const", "enum"):
            options = [arg] if name == "const" else list(arg)
            same = " or ".join(f"(type({v}) is {self.const(type(e))} and {v} == {self.const(e)})" for e in options)
            return [f"{pad}if not ({same or 'False'}):", f"{pad}    return False"]
        if name == "anyOf":
            subs = [self.function(s) for s in arg]
            return [f"{pad}if not ({' or '.join(f'{f}({v})' for f in subs) or 'False'}):", f"{pad}    return False"]
        if name == "required":
            keys = " and ".join(f"{self.const(k)} in {v}" for k in arg)
            if not keys:
                return []
            return [f"{pad}if type({v}) is dict and not ({keys}):", f"{pad}    return False"]
        if name == "properties":
            out = []
            for key, sub in arg.items():
                x = self.fresh("x")
                inner = self._inner(sub, x, depth + 2)
                if inner is not None:
                    out += [f"{pad}    {x} = {v}.get({self.const(key)}, _MISSING)", f"{pad}    if {x} is not _MISSING:"] + inner
            return [f"{pad}if type({v}) is dict:"] + out if out else []
        if name == "items":
            if not isinstance(arg, dict):
                raise _Never
            x = self.fresh("x")
            inner = self._inner(arg, x, depth + 2)
            return [f"{pad}if type({v}) is list:", f"{pad}    for {x} in {v}:"] + inner if inner is not None else []
        raise _Never


def compile_fits(schema: dict) -> Fits:
    """The quick check of `schema` (see the module docstring), as one generated function."""
    w = _Writer()
    top = w.function(schema)
    scope: dict[str, Any] = dict(w.names, _MISSING=_MISSING)
    exec(compile("\n\n".join(w.defs), "<compiled schema>", "exec"), scope)   # noqa: S102 - our own source
    return scope[top]


_MISSING = object()
