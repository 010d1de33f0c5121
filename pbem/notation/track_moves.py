"""Track and token moves: tile lays (tile, hex, rotation or the edges it joins), token placements, removals and moves.

`TrackMoves` is mixed into the notation reader (parser.py); one method a grammar rule (`_c_<rule>`).
"""
from __future__ import annotations

import re

from lark import Token, Tree

from pbem.engine.actions import LayTile, PlaceToken, RemoveToken
from pbem.errors import AmbiguousMoveError

from .parsed import Echo
from .trees import first_tok, is_tree, tokens
from .values import compass

__all__ = ["TrackMoves"]

_ROT_IN_PAREN = re.compile(r"^\s*(?:rot(?:ation|ated)?\.?|r)\s*(\d)\s*$", re.I)


class TrackMoves:
    """Reads tile lays and token moves (mixed into the reader)."""

    def _c_lay(self, node: Tree, subject):
        tiles: list[tuple[str, object]] = []
        hexes: list[tuple[str, object]] = []
        rots: list[tuple[int, object]] = []
        edges: list[str] = []
        to_items: list[Tree] = []
        for item in node.children:
            if not isinstance(item, Tree):
                continue
            d = item.data
            if d == "li_tile":
                tiles.append((self._tile(item.children[0]), item))
            elif d == "li_hex":
                tok = first_tok(item, "HEX")
                h, idx = self.hex_of(tok)
                if idx is not None:
                    raise self.err("a tile is laid on a whole hex: no city number here", tok)
                ptok = first_tok(item, "PAREN")
                prot = _ROT_IN_PAREN.match(ptok.value[1:-1]) if ptok is not None else None
                if prot:                          # "#8 at I7 (rot 5)": the rotation in brackets
                    if int(prot.group(1)) > 5:
                        raise self.err("a rotation is a number from 0 to 5", ptok,
                                       expected=["a rotation such as r2"])
                    rots.append((int(prot.group(1)), ptok))
                    ptok = None
                _, e = self.paren(ptok, h)
                edges.extend(e)
                hexes.append((h, tok))
            elif d == "li_place":
                name = next(c for c in item.children if is_tree(c, "name"))
                h = self.place(name)
                _, e = self.paren(first_tok(item, "PAREN"), h)
                edges.extend(e)
                hexes.append((h, name))
            elif d == "li_to":
                to_items.append(item)
            elif d == "li_rot":
                rots.append((self.rotation(item.children[0]), item))
            elif d == "li_edges":
                for t in item.children:
                    if is_tree(t, "edge_target"):
                        edges.append(self._edge(t))
            elif d == "li_color":
                e = self.err("say which tile by its number, e.g. \"#57\"; a colour can mean "
                             "several tiles", item, expected=["a tile number such as #57"])
                # with the game known and a place named, the interpreter reads the colour against
                # the lays the game allows there: its answer stands
                e.defer = self.ctx.lays_on is not None and any(
                    isinstance(i, Tree) and i.data in ("li_hex", "li_place", "li_to") for i in node.children)
                raise e
        for item in to_items:
            tgt = item.children[-1]
            first = tgt.children[0]
            if isinstance(first, Token) and first.type in ("TILE_HASH", "NUMBER", "TILE_N"):
                tiles.append((self._tile(tgt), tgt))
            elif isinstance(first, Token) and first.type == "COMPASS":
                edges.append(self._edge_text(first.value))
            elif isinstance(first, Token) and first.type == "HEX":
                h, _ = self.hex_of(first)
                if hexes or len(to_items) > 1 and item is not to_items[0]:
                    edges.append(h)
                else:
                    hexes.append((h, first))
            else:
                h = self.place(tgt)
                if hexes:
                    edges.append(h)
                else:
                    hexes.append((h, tgt))
        # "lays R1 J10": an rN or a HEX standing where the tile number belongs
        if not tiles:
            for r, item in list(rots):
                tok = item.children[0].children[0]
                if tok.type == "R_ROT" and " " not in tok.value:
                    tiles.append((tok.value.upper(), item))
                    rots.remove((r, item))
                    break
        if not tiles and len(hexes) == 2:
            tiles.append((hexes[0][0], hexes[0][1]))
            hexes = hexes[1:]
        if not tiles:
            raise self.err("which tile? give its number, e.g. \"lays #57 on I5 rot 2\"", node,
                           expected=["a tile number such as #57"])
        if len(tiles) > 1:
            raise self.err("two tiles given in one lay: " + ", ".join(t for t, _ in tiles), tiles[1][1])
        if not hexes:
            raise self.err(f"where? give the hex, e.g. \"lays #{tiles[0][0]} on I5 rot 2\"", node,
                           expected=["a hex coordinate such as J10"])
        if len(hexes) > 1:
            if re.fullmatch(r"R\d+", hexes[1][0]):
                raise self.err("a rotation is a number from 0 to 5 (r0-r5)", hexes[1][1],
                               expected=["a rotation such as r2"])
            raise self.err("two hexes given in one lay: " + ", ".join(h for h, _ in hexes), hexes[1][1])
        if len(rots) > 1:
            raise self.err("two rotations given", rots[1][1])
        tile, hex_ = tiles[0][0], hexes[0][0]
        if rots:
            rotation = rots[0][0]
            if edges and self.ctx.rotation_resolver is not None:
                try:
                    want = self.ctx.resolve_rotation(tile, hex_, tuple(edges))
                except AmbiguousMoveError:
                    want = rotation
                if want != rotation:
                    raise self.err(f"rotation {rotation} does not join {' and '.join(edges)} "
                                   f"(rotation {want} does)", rots[0][1])
        else:
            try:
                rotation = self.ctx.resolve_rotation(tile, hex_, tuple(edges))
            except AmbiguousMoveError as e:
                raise self.ambiguous(e, node) from None
            if not isinstance(rotation, int) or not 0 <= rotation <= 5:
                raise self.err(f"the rotation worked out for #{tile} on {hex_} is not 0-5", node)
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

    def _edge(self, t: Tree) -> str:
        first = t.children[0]
        if isinstance(first, Token) and first.type == "HEX":
            h, _ = self.hex_of(first)
            return h
        if isinstance(first, Token) and first.type == "COMPASS":
            c = compass(first.value)
            if c not in self.ctx.compass_sides():
                raise self.err(f'"{first.value}" is not a side of this map\'s hexes (sides: '
                               f'{", ".join(self.ctx.compass_sides())})', first)
            return c
        return self.place(first)

    def _token_items(self, node: Tree) -> dict:
        out = {"hex": None, "city": None, "slot": None, "neutral": False, "hexes": []}
        for item in node.children:
            if isinstance(item, Tree) and item.data == "token_mod":
                if item.children[0].type == "NEUTRAL":
                    out["neutral"] = True
                continue
            if not isinstance(item, Tree):
                continue
            d = item.data
            if d == "ti_hex":
                tok = first_tok(item, "HEX")
                h, idx = self.hex_of(tok)
                pidx, _ = self.paren(first_tok(item, "PAREN"), h)
                out["hexes"].append((h, tok))
                for v in (idx, pidx):
                    if v is not None:
                        self._set_once(out, "city", v, tok)
            elif d == "ti_place":
                name = next(c for c in item.children if is_tree(c, "name"))
                h = self.place(name)
                pidx, _ = self.paren(first_tok(item, "PAREN"), h)
                out["hexes"].append((h, name))
                if pidx is not None:
                    self._set_once(out, "city", pidx, name)
            elif d == "ti_city":
                self._set_once(out, "city", self._index1(first_tok(item, "NUMBER")), item)
            elif d == "ti_slot":
                self._set_once(out, "slot", self._index1(first_tok(item, "NUMBER")), item)
            elif d == "ti_mod":
                mod = item.children[0].children[0]
                if mod.type == "NEUTRAL":
                    out["neutral"] = True
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

    def _c_token_verb(self, node: Tree, subject):
        return self._token(node, subject)

    def _c_token_placed(self, node: Tree, subject):
        return self._token(node, subject)

    def _token(self, node: Tree, subject):
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
        while not (isinstance(kids[i], Token) and kids[i].type == "HEX"):
            i += 1
        tok = kids[i]
        h, idx = self.hex_of(tok)
        i += 1
        if i < len(kids) and isinstance(kids[i], Token) and kids[i].type == "PAREN":
            pidx, _ = self.paren(kids[i], h)
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

    def _c_remove_token_place(self, node: Tree, subject):
        """'NW removes its token from Kiev': the place named where the hex is expected."""
        name = next(c for c in node.children if is_tree(c, "name"))
        spec = next((c for c in node.children if is_tree(c, "city_spec")), None)
        city = self._index1(first_tok(spec, "NUMBER")) if spec is not None else 0
        return [RemoveToken(self.entity("mover", subject, node), self.place(name), city)]

    def _c_move_token(self, node: Tree, subject):
        h1, c1, i = self._hex_city(node, 0)
        h2, c2, _ = self._hex_city(node, i)
        who = self.entity("mover", subject, node)
        return [RemoveToken(who, h1, c1), PlaceToken(who, h2, c2)]
