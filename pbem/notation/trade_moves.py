"""Moves that trade: bids, pars, buys (shares, private companies, trains), sales.

`TradeMoves` is mixed into the notation reader (parser.py); one method a grammar rule (`_c_<rule>`)
and the checks a purchase shares (source, price, the company bought for), the purchase of
shares also offered to a title's readers (`buy_shares`, pbem/titles/reading.py).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Optional

from pbem.engine.actions import Bid, BuyCompany, BuyShares, BuyTrain, Par, SellShares
from pbem.errors import AmbiguousMoveError

from .names import KIND_WORDS
from .parsed import Echo
from .share_counts import one_per_share
from .trees import first_tok, is_tree, train_id

if TYPE_CHECKING:  # pragma: no cover
    from lark import Tree

__all__ = ["TradeMoves"]


class TradeMoves:
    """Reads the moves that buy, sell, bid and par (mixed into the reader)."""

    def _c_bid_price_first(self, node: Tree, subject):
        return self._bid(node, subject)

    def _c_bid_name_first(self, node: Tree, subject):
        return self._bid(node, subject)

    def _bid(self, node: Tree, subject):
        name = next(c for c in node.children if is_tree(c, "name"))
        price = self.price(next(c for c in node.children if is_tree(c, "price")))
        # a private, or (1861) a minor put up for auction
        company = self.resolve(name, ("company", "corporation"), mode="priority").ident
        return [Bid(self.entity("player", subject, node), company, price)]

    def _c_par(self, node: Tree, subject):
        name = next(c for c in node.children if is_tree(c, "name"))
        price = self.price(next(c for c in node.children if is_tree(c, "price")))
        return [Par(self.entity("player", subject, node), self.resolve(name, ("corporation",)).ident, price)]

    def buy_shares(self, node: Tree, who: str, corporation: str, percent: int, count: int = 1,
                   source: str = "ipo") -> list:
        """`count` purchases of a `percent` share of `corporation` by `who`, read with the node's
        purchase modifiers ("from the pool", "for 60"), from `source` ('ipo' or 'pool') when
        they name none (a title's readers ask it: 1861's redemption, from the pool)."""
        mods = self._mods([c for c in node.children if is_tree(c) and c.data.startswith("mod_")])
        if mods["source"] is None and source == "pool":
            from lark import Tree      # (a tree is read: lark is loaded)
            mods["source"] = Tree("src_pool", [])
        return one_per_share(self._buy_shares(node, who, corporation, percent, mods), count)

    def _mods(self, mods: list[Tree]) -> dict:
        out: dict = {"source": None, "price": None, "trade": None, "trade_id": None, "nodes": {}}
        for m in mods:
            if m.data == "mod_from":
                src = m.children[-1]
                if out["source"] is not None:
                    raise self.err("two sources given", m)
                out["source"] = src
                out["nodes"]["source"] = m
            elif m.data == "mod_price":
                if out["price"] is not None:
                    raise self.err("two prices given", m)
                out["price"] = self.price(m.children[-1])
                out["nodes"]["price"] = m
            elif m.data == "mod_trade":
                out["trade"] = self.train(next(c for c in m.children if is_tree(c, "train_ref")))
                out["trade_id"] = train_id(m)
                out["nodes"]["trade"] = m
        return out

    def _c_buy(self, node: Tree, subject):
        what = node.children[1]
        mods = self._mods([c for c in node.children[2:] if is_tree(c)])
        d = what.data
        if d == "buy_train":
            ref = next(c for c in what.children if is_tree(c, "buy_train_ref"))
            return [self._buy_train(node, subject, self.train(ref), mods, train_id(what))]
        name = next((c for c in what.children if is_tree(c, "name")), None)
        if d == "buy_percent":
            pct = int(re.match(r"\d+", first_tok(what, "PERCENT").value).group(0))
            corp = self.resolve(name, ("corporation",)).ident
            return [self._buy_shares(node, subject, corp, pct, mods)]
        if d == "buy_private":
            comp = self.resolve(name, ("company",)).ident
            return [self._buy_company(node, subject, comp, mods)]
        # buy_name: a private ("GT buys NWR from Priya for $160"), or a corporation's shares
        corp_side = self.corp_side(subject)
        src = mods["source"]
        if src is not None and not corp_side and src.data in ("src_ipo", "src_pool"):
            # "Buy SC from IPO": only shares come from the IPO or the pool (1882: not the private SC)
            entry = self.resolve(name, ("corporation",))
        elif corp_side or mods["price"] is not None:
            # corporations buy privates; "Ann buys Hudson Bay for $20" is the 18xx.games
            # line for buying a private at its price in the auction
            entry = self.resolve(name, ("company", "corporation"), mode="priority")
        else:
            try:
                entry = self.resolve(name, ("corporation", "company"), mode="union")
            except AmbiguousMoveError as e:
                raise AmbiguousMoveError(
                    f'{e}; for shares write "buys a share of <corporation>", for the private '
                    f'company "buys <private> for <price>"', candidates=e.candidates) from None
        if entry.kind == "corporation":
            return [self._buy_shares(node, subject, entry.ident, self.ctx.share_size(entry.ident), mods)]
        return [self._buy_company(node, subject, entry.ident, mods)]

    def _buy_shares(self, node, subject, corp: str, percent: int, mods: dict):
        if percent <= 0 or percent > 100:
            raise self.err("a share is between 1% and 100%", node)
        if mods["price"] is not None:
            self.claim("paid", mods["price"], mods["nodes"]["price"])
        if mods["trade"] is not None:
            raise self.err("only trains are traded in", mods["nodes"]["trade"])
        source = "ipo"
        src = mods["source"]
        if src is not None:
            if src.data == "src_ipo":
                source = "ipo"
            elif src.data == "src_pool":
                source = "pool"
            else:
                raise self.err('shares come "from the IPO" or "from the pool"', src,
                               expected=['"IPO"', '"pool"'])
        return BuyShares(self.entity("player", subject, node), corp, source, percent)

    def _buy_company(self, node, subject, company: str, mods: dict):
        if mods["trade"] is not None:
            raise self.err("only trains are traded in", mods["nodes"]["trade"])
        price = mods["price"]
        src = mods["source"]
        seller = None
        if src is not None:
            if src.data != "src_name":
                raise self.err("a private company is bought from its owner", src,
                               expected=[KIND_WORDS["player"]])
            seller = self.resolve(src.children[-1], ("player", "corporation"), mode="priority")
        owner = self.ctx.owner_of(company) if self.ctx.owner_of else None
        if not self.corp_side(subject) and (seller in self.ctx.players or owner in self.ctx.players):
            # a private another player owns is bought from them (1830), not bid for
            if price is None:
                raise self.err(f"give the price: e.g. \"buys {company} for 40\"", node,
                               expected=['"for" and the price'])
            return BuyCompany(self.entity("player", subject, node), company, price)
        if self.corp_side(subject) or seller is not None:
            if price is None:
                raise self.err(f"give the price: e.g. \"buys {company} for 40\"", node,
                               expected=['"for" and the price'])
            return BuyCompany(self.entity("corp", subject, node), company, price)
        if price is None:
            raise self.err(f"give the price: e.g. \"bids 20 for {company}\" (or \"buys a share of ...\" "
                           f"for shares)", node, expected=['"for" and the price'])
        return Bid(self.entity("player", subject, node), company, price)

    def _buy_train(self, node, subject, train: str, mods: dict, tid: Optional[str] = None):
        source = "depot"
        src = mods["source"]
        if src is not None:
            if src.data in ("src_pool", "src_depot"):
                source = "depot"
            elif src.data == "src_name":
                source = self.resolve(src.children[-1], ("corporation",)).ident
            else:
                raise self.err('trains come from the depot or from another corporation', src,
                               expected=['"depot"', KIND_WORDS["corporation"]])
        return BuyTrain(self.entity("corp", subject, node), train, source, mods["price"], mods["trade"], train_id=tid,
                        exchange_id=mods.get("trade_id"))

    def _c_sell(self, node: Tree, subject):
        """ "sells 10% of CPR"; the log's "sells 2 shares of CPR and receives $150"."""
        it = next(c for c in node.children if is_tree(c, "sell_item"))
        corp = self.resolve(next(c for c in it.children if is_tree(c, "name")), ("corporation",)).ident
        cnt_node = next((c for c in it.children if is_tree(c, "count")), None)
        pct_tok = first_tok(it, "PERCENT")
        cnt = self.count(cnt_node) if cnt_node is not None else 1
        percent = cnt * (int(re.match(r"\d+", pct_tok.value).group(0)) if pct_tok is not None
                         else self.ctx.share_size(corp))
        if percent <= 0 or percent > 100:
            raise self.err("a sale is between 1% and 100% of a corporation", it)
        tail = next((c for c in node.children if is_tree(c, "sell_tail")), None)
        if tail is not None:
            self.claim("received", self.price(next(c for c in tail.children if is_tree(c, "price"))), tail)
        return [SellShares(self.entity("player", subject, node), corp, percent)]

    def _c_exchange_echo(self, node: Tree, subject):
        names = [c for c in node.children if is_tree(c, "name")]
        given = self.resolve(names[0], ("company", "corporation"), mode="priority")
        corp = self.resolve(names[-1], ("corporation",)).ident
        pct_tok = first_tok(node, "PERCENT")
        if given.kind == "company" and self.ctx.share_exchanges.get(given.ident) == corp \
                and not any(is_tree(c, "price") for c in node.children) \
                and (pct_tok is None or int(re.match(r"\d+", pct_tok.value).group(0)) == self.ctx.share_size(corp)):
            # a private the title lets its owner trade for one ordinary share (1830's M&H for a
            # 10% NYC share) is the private's own move; a president's share for a private and
            # cash is a par's echo
            mods = self._mods([c for c in node.children if is_tree(c) and c.data.startswith("mod_")])
            share = self._buy_shares(node, subject, corp, self.ctx.share_size(corp), mods)
            return [BuyShares(given.ident, corp, share.source, share.percent)]
        return [Echo("par_exchange", self.entity("player", subject, node), corp,
                      "the exchange that comes with a par")]
