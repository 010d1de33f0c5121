"""Small questions asked of the grammar's trees (Lark): is this node a rule, its tokens, its first token of a kind.

Shared by the parts of the notation reader (parser.py, the move families, remarks.py) so each reads a tree the same way.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:  # pragma: no cover
    from lark import Token, Tree

__all__ = ["first_tok", "is_stop", "is_token", "is_tree", "subtrees", "tokens", "train_id"]


def is_tree(x, data=None) -> bool:
    """Whether `x` is a grammar tree (of rule `data`): none exists before the grammar is loaded,
    so a line the interpreter reads never imports lark."""
    lark = sys.modules.get("lark")
    return lark is not None and isinstance(x, lark.Tree) and (data is None or x.data == data)


def is_token(x) -> bool:
    lark = sys.modules.get("lark")
    return lark is not None and isinstance(x, lark.Token)


def tokens(node) -> list[Token]:
    if is_token(node):
        return [node]
    return [t for t in node.scan_values(is_token)]


def first_tok(node, type_: str) -> Optional[Token]:
    for t in (node.children if is_tree(node) else [node]):
        if is_token(t) and t.type == type_:
            return t
    return None


def is_stop(x) -> bool:
    return is_tree(x) and x.data in ("stop", "stop_place")


def subtrees(node: Tree, data: str) -> list[Tree]:
    return [c for c in node.children if is_tree(c, data)]


def train_id(node) -> Optional[str]:
    """The train's id a canonical line names after its type ("3 train (3-2)": '3-2'), or None:
    the TRAIN_ID token among `node`'s own children."""
    tok = next((c for c in node.children if is_token(c) and c.type == "TRAIN_ID"), None)
    return tok.value[1:-1] if tok is not None else None
