"""Track and token moves: tile lays (tile, hex, rotation), token placements and removals.

`TrackMoves` is mixed into the notation reader (parser.py); one method a grammar rule (`_c_<rule>`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.engine.actions import LayTile, PlaceToken, RemoveToken
from pbem.errors import AmbiguousMoveError

from .parsed import Echo
from .trees import first_tok, is_token, is_tree, tokens

if TYPE_CHECKING:  # pragma: no cover
    from lark import Token, Tree

__all__ = ["TrackMoves"]


class TrackMoves:
    """Reads tile lays and token moves (mixed into the reader)."""

    def _c_lay(self, node: Tree, subject):
        """"lays #57 on I5 rot 2"; the log's "lays tile #57 with rotation 2 on I5 (Place)"."""
        got: dict[str, list] = {"li_tile": [], "li_hex": [], "li_rot": []}
        for item in node.children:
            if is_tree(item) and item.data in got:
                got[item.data].append(item)
        for kind, what in (("li_tile", "tiles"), ("li_hex", "hexes"), ("li_rot", "rotations")):
            if len(got[kind]) > 1:
                raise self.err(f"two {what} given in one lay", got[kind][1])
        if not got["li_tile"] or not got["li_hex"]:
            raise self.err('a lay names its tile and hex, e.g. "lays #57 on I5 rot 2"', node,
                           expected=["a tile number such as #57" if not got["li_tile"] else "a hex such as J10"])
        tile = self._tile(got["li_tile"][0].children[0])
        tok = first_tok(got["li_hex"][0], "HEX")
        hex_, idx = self.hex_of(tok)
        if idx is not None:
            raise self.err("a tile is laid on a whole hex: no city number here", tok)
        self.paren(first_tok(got["li_hex"][0], "PAREN"), hex_)
        if got["li_rot"]:
            rotation = self.rotation(got["li_rot"][0].children[0])
        else:
            try:
                rotation = self.ctx.resolve_rotation(tile, hex_, ())
            except AmbiguousMoveError as e:
                raise self.ambiguous(e, node) from None
        return [LayTile(self.entity("corp", subject, node), hex_, tile, rotation)]

    def _tile(self, node) -> str:
        toks = [t for t in tokens(node) if t.type in ("TILE_HASH", "NUMBER", "HEX", "WORD", "TILE_COPY")]
        tok = toks[-1]
        value = tok.value.lstrip("#").strip()
        if tok.type == "TILE_COPY" or (tok.type == "TILE_HASH" and "-" in value):
            # "#57-2": a copy number in 18xx.games records, a rotation in many mails
            base, suffix = value.split("-", 1)
            raise self.ambiguous(AmbiguousMoveError(
                f'"{tok.value}": the part after "-" is a copy number in 18xx.games records but a '
                f'rotation elsewhere; write "#{base} rot {suffix}" for rotation {suffix}, or "#{base}"',
                candidates=[f"#{base}", f"#{base} rot {suffix}"]), tok)
        value = value.upper()
        if value.isdigit():
            value = str(int(value))
        return value

    def _token_items(self, node: Tree) -> dict:
        out = {"hex": None, "city": None, "slot": None, "neutral": False, "hexes": []}
        for item in node.children:
            if is_tree(item) and item.data == "token_mod":
                out["neutral"] = True
                continue
            if not is_tree(item):
                continue
            d = item.data
            if d == "ti_hex":
                tok = first_tok(item, "HEX")
                h, idx = self.hex_of(tok)
                pidx = self.paren(first_tok(item, "PAREN"), h)
                out["hexes"].append((h, tok))
                for v in (idx, pidx):
                    if v is not None:
                        self._set_once(out, "city", v, tok)
            elif d == "ti_place":
                name = next(c for c in item.children if is_tree(c, "name"))
                out["hexes"].append((self.place(name), name))
            elif d == "ti_city":
                self._set_once(out, "city", self._index1(first_tok(item, "NUMBER")), item)
            elif d == "ti_slot":
                self._set_once(out, "slot", self._index1(first_tok(item, "NUMBER")), item)
        if not out["hexes"]:
            raise self.err("where? give the hex, e.g. \"token J10\"", node,
                           expected=["a hex coordinate such as J10"])
        if len(out["hexes"]) > 1:
            raise self.err("two hexes given for one token", out["hexes"][1][1])
        out["hex"] = out["hexes"][0][0]
        return out

    def _set_once(self, out: dict, key: str, value, node):
        if out[key] is not None and out[key] != value:
            raise self.err(f"two different {key} numbers given", node)
        out[key] = value

    def _index1(self, tok: Token) -> int:
        n = int(tok.value)
        if n < 1 or n > 99:
            raise self.err("cities and slots are counted from 1", tok, expected=["1, 2, ..."])
        return n - 1

    def _c_token_placed(self, node: Tree, subject):
        it = self._token_items(node)
        token = PlaceToken(self.entity("corp", subject, node), it["hex"], it["city"] or 0,
                           it["neutral"], it["slot"])
        if it["city"] is None and it["slot"] is None:
            self.open[id(token)] = ("city",)
        return [token]

    def _hex_city(self, node: Tree, start: int) -> tuple[str, int, int]:
        """hex and city index from the children of node beginning at `start`; returns next pos."""
        kids = node.children
        i = start
        while not (is_token(kids[i]) and kids[i].type == "HEX"):
            i += 1
        tok = kids[i]
        h, idx = self.hex_of(tok)
        i += 1
        if i < len(kids) and is_token(kids[i]) and kids[i].type == "PAREN":
            pidx = self.paren(kids[i], h)
            if pidx is not None:
                idx = pidx if idx is None else idx
            i += 1
        if i < len(kids) and is_tree(kids[i], "city_spec"):
            cidx = self._index1(first_tok(kids[i], "NUMBER"))
            if idx is not None and idx != cidx:
                raise self.err("two different city numbers given", kids[i])
            idx = cidx
            i += 1
        return h, idx or 0, i

    def _c_remove_token(self, node: Tree, subject):
        h, city, _ = self._hex_city(node, 0)
        if first_tok(node, "NEUTRAL") is not None:
            # 18xx.games 1882: "SC removes neutral token from J10" reports a home token
            # replacing a neutral one; the place-token line after it is the move
            return [Echo("neutral_removed", self.entity("corp", subject, node), None,
                          "a neutral token replaced by a home token", h)]
        return [RemoveToken(self.entity("mover", subject, node), h, city)]
