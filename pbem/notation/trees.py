"""Small questions asked of the grammar's trees (Lark): is this node a rule, its tokens, its first token of a kind.

Shared by the parts of the notation reader (parser.py, the move families, remarks.py) so each reads a tree the same way.
"""
from __future__ import annotations

from typing import Optional

from lark import Token, Tree

__all__ = ["first_tok", "is_stop", "is_tree", "subtrees", "tokens", "train_id"]


def is_tree(x, data=None) -> bool:
    return isinstance(x, Tree) and (data is None or x.data == data)


def tokens(node) -> list[Token]:
    if isinstance(node, Token):
        return [node]
    return [t for t in node.scan_values(lambda v: isinstance(v, Token))]


def first_tok(node, type_: str) -> Optional[Token]:
    for t in (node.children if isinstance(node, Tree) else [node]):
        if isinstance(t, Token) and t.type == type_:
            return t
    return None


def is_stop(x) -> bool:
    return isinstance(x, Tree) and x.data in ("stop", "stop_place")


def subtrees(node: Tree, data: str) -> list[Tree]:
    return [c for c in node.children if isinstance(c, Tree) and c.data == data]


def train_id(node) -> Optional[str]:
    """The train's id a canonical line names after its type ("3 train (3-2)": '3-2'), or None:
    the TRAIN_ID token among `node`'s own children."""
    tok = next((c for c in node.children if isinstance(c, Token) and c.type == "TRAIN_ID"), None)
    return tok.value[1:-1] if tok is not None else None
