"""Remarks and claims while reading notation: what a line says about the result of its move.

`RemarkReader` is mixed into the parser's reader: it turns the remarks after a move (the log's
"($40 to Ann, $20 to Bob)", "= $10 per share") into `Claim`s on the move (pbem/notation/claims.py). `result_of` tells a pasted 18xx.games line that only
reports what the move before it did.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Optional

from pbem.engine.actions import Dividend, Merge
from pbem.errors import AmbiguousMoveError

from .claims import Claim, parse_paren_claims
from .piece_claims import comment_only, names_something
from .names import KIND_WORDS
from .trees import first_tok, is_tree, subtrees

if TYPE_CHECKING:  # pragma: no cover
    from lark import Token, Tree
    from .parsed import ParsedMove

__all__ = ["RemarkReader", "result_of"]


def result_of(prev_move: "ParsedMove", move: "ParsedMove") -> bool:
    """Is `move`, as an 18xx.games log writes it, only a report of what `prev_move` did?"""
    prev, a = prev_move.action, move.action
    if "log_half" in prev_move.open and isinstance(a, Dividend) and a.entity == prev.entity \
            and a.kind in ("payout", "withhold"):
        return True    # "X runs for 310₽ and pays half", then its "withholds" and "pays out" lines
    # "MB merges into NW receiving ...", then "N merges into NW receiving ...": one merger
    return isinstance(prev, Merge) and isinstance(a, Merge) and a.corporation == prev.corporation \
        and a.entity != prev.entity and "receiving" in prev_move.open and "receiving" in move.open


class RemarkReader:
    """Claims of the clause being read (the parser's reader provides line, err, resolve...)."""

    def claim(self, kind: str, value, node) -> None:
        a, b = self._span(node)
        self.claims.append(Claim(kind, value, self.line[a:b].strip(), a + 1))

    def remark(self, r: Tree, subject: Optional[str], body: Optional[Tree]) -> None:
        if r.data == "r_paren":
            self.paren_remark(r.children[0])
        elif r.data == "r_note":
            self.notes.append("receiving")   # 1861 log: what a merger brought ("receiving 20₽, ...")

    def paren_remark(self, tok: Token) -> None:
        inner = tok.value[1:-1]
        found = parse_paren_claims(inner)
        if found is None and comment_only(inner) and not names_something(inner, self.index):
            # an aside ("(sorry, 2s rust)", "(phase 5, privates close)"): no result to check and
            # nothing of a move in it, so it is set aside and the reply says so
            self.asides.append(f'the remark "{tok.value}" was taken as a comment: nothing in it was checked')
            return
        if found is None:
            raise self.err(f'I cannot read the remark "{tok.value}": a remark in brackets may give '
                           f'the payees ("$40 to Ann, $20 to Bob"), the cash left ("cash 365") or '
                           f'the round ("OR 2.1")', tok,
                           expected=["payees such as ($40 to Ann)", "(cash 365)", "(OR 2.1)"])
        for kind, value, _text in found:
            if kind == "round":
                self.clause_header = value
                continue
            if kind == "payees":
                value = tuple((self._payee(name, tok), amount) for name, amount in value)
            self.claim(kind, value, tok)

    def _payee(self, name: str, tok: Token) -> str:
        if name.strip().lower() in ("me", "myself") and self.ctx.actor:
            return self.ctx.actor            # "(25 to M-K, 25 to me)": the writer
        try:
            entry = self.index.lookup(name, ("player", "corporation", "company"), mode="priority")
        except AmbiguousMoveError as e:
            raise self.ambiguous(e, tok) from None
        if entry is None:
            msg, _ = self.unknown_name(name, ("player", "corporation"))
            raise self.err(f"in the remark: {msg}", tok, expected=[KIND_WORDS["player"]])
        return entry.ident

    def _div_claims(self, node: Tree) -> None:
        """ "pays out $100 = $10 per share": the revenue and the amount per share are claims."""
        amt = next((c for c in node.children if is_tree(c, "div_amount")), None)
        if amt is None:
            return
        prices = subtrees(amt, "price")
        # "= $10 per share", "$12 a share", "$12/share" (but "$120 to shareholders" is the total)
        per = next((c for c in amt.children if is_tree(c, "per_share")
                    and first_tok(c, "SHARE_N") is not None), None)
        if per is not None and len(prices) == 1:
            self.claim("per_share", self._per_share(prices[0]), amt)
            return
        self.claim("revenue", self.price(prices[0]), prices[0])
        if len(prices) == 2:
            self.claim("per_share", self._per_share(prices[1]), prices[1])

    def _per_share(self, node: Tree):
        """An amount per share: whole, or with a fraction ("$4.5 per share") as a Fraction."""
        dec = first_tok(node, "DECIMAL")
        if dec is None:
            return self.price(node)
        value = Fraction(dec.value)
        return int(value) if value.denominator == 1 else value
