"""The grammar's trees read as moves: `READERS`, each base rule's reader `(reader, node, subject) -> actions`
(the shape of a title's readers, pbem/titles/reading.py), and the remarks after a move."""
from __future__ import annotations

import re
import sys
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Callable, Optional

from pbem.engine.actions import (
    Bankrupt, Bid, BuyCompany, BuyShares, BuyTrain, DiscardTrain, Dividend, EndGame, LayTile, Par, Pass, PlaceToken,
    RemoveToken, Route, RunRoutes, SellShares, Stop,
)
from pbem.errors import AmbiguousMoveError

from .claims import comment, parse_paren_claims
from .names import KIND_WORDS
from .parsed import Echo
from .share_quantity import one_per_share

if TYPE_CHECKING:  # pragma: no cover
    from lark import Token, Tree

__all__ = ["READERS", "is_token", "is_tree", "kid", "kids", "read_remark", "shares_bought", "tokens"]

#: what the log writes after "passes" or "declines" ("declines to sell shares", "passes bidding", a private's
#: "ERIE (DH) declines to place token")
_PASS_WORDS = {"to", "sell", "buy", "shares", "bidding", "nationalize", "place", "token"}
#: the step an 18xx.games step description names (None: a step the check does not know)
_STEP_OF_DESC = {
    "lay/upgrade track": "track", "lay track": "track", "place a token": "token",
    "run routes": "route", "buy trains": "buy_train", "buy companies": "buy_company",
    "pay or withhold dividends": "dividend", "discard trains": "discard",
}
_MODS = ("mod_from", "mod_price", "mod_trade")
#: a purchase of shares or of a private that says "trading in a 2 train"
_TRADE_IN_FOR_A_TRAIN = "a train is traded in only when a train is bought: a share or a private is paid for"


def is_tree(x, data=None) -> bool:
    """Whether `x` is a grammar tree (of rule `data`): none exists before the grammar is loaded."""
    lark = sys.modules.get("lark")
    return lark is not None and isinstance(x, lark.Tree) and (data is None or x.data == data)


def is_token(x) -> bool:
    lark = sys.modules.get("lark")
    return lark is not None and isinstance(x, lark.Token)


def tokens(node) -> list[Token]:
    return [node] if is_token(node) else list(node.scan_values(is_token))


def kids(node: Tree, *names: str) -> list:
    """The children of `node` that are trees of the rules, or tokens of the types, `names`, in order."""
    return [c for c in node.children if is_tree(c) and c.data in names or is_token(c) and c.type in names]


def kid(node: Tree, *names: str):
    """The first of `kids(node, *names)`, or None."""
    return next(iter(kids(node, *names)), None)


def train_id(node: Tree) -> Optional[str]:
    """The train's id a canonical line names after its type ("3 train (3-2)": '3-2'), or None."""
    tok = kid(node, "TRAIN_ID")
    return tok.value[1:-1] if tok is not None else None


def _percent(node: Tree, default: Optional[int] = None) -> Optional[int]:
    """The percent `node`'s PERCENT token writes ("20%": 20), else `default`."""
    tok = kid(node, "PERCENT")
    return int(re.match(r"\d+", tok.value).group(0)) if tok is not None else default


# ---------------------------------------------------------------- trade: bids, pars, buys, sales

def _priced(kind: type, kinds: tuple, r, node: Tree, subject) -> list:
    """A player's bid for, or par of, what the node names among `kinds`, at its price."""
    price = r.price(kid(node, "price"))
    named = r.resolve(kid(node, "name"), kinds).ident
    return [kind(r.entity("player", subject, node), named, price)]


_bid = partial(_priced, Bid, ("company", "corporation"))     # a private, or (1861) a minor put up for auction


def _mods(r, node: Tree) -> dict:
    """A purchase's modifiers ("from the pool", "for 60", "trading in a 2 train"), with the nodes of the last two."""
    out: dict = {"source": None, "price": None, "trade": None, "trade_id": None}
    for m in kids(node, *_MODS):
        once = {"mod_from": "source", "mod_price": "price"}.get(m.data)
        if once is not None and out[once] is not None:
            raise r.err(f"two {once}s given", m)
        if m.data == "mod_from":
            out["source"] = m.children[-1]
        elif m.data == "mod_price":
            out.update(price=r.price(m.children[-1]), price_at=m)
        else:
            out.update(trade=r.train(kid(m, "train_ref")), trade_id=train_id(m), trade_at=m)
    return out


def _share_bought(r, node: Tree, subject, corp: str, percent: int, mods: dict, source: str = "ipo") -> BuyShares:
    """A purchase of a `percent` share of `corp`, from `source` unless the modifiers name one."""
    if percent <= 0 or percent > 100:
        raise r.err("a share is between 1% and 100%", node)
    if mods["price"] is not None:
        r.claim("paid", mods["price"], mods["price_at"])
    if mods["trade"] is not None:
        raise r.err(_TRADE_IN_FOR_A_TRAIN, mods["trade_at"])
    src = mods["source"]
    if src is not None and src.data not in ("src_ipo", "src_pool"):
        raise r.err('shares come "from the IPO" or "from the pool"', src, expected=['"IPO"', '"pool"'])
    return BuyShares(r.entity("player", subject, node), corp, src.data[4:] if src is not None else source, percent)


def shares_bought(r, node: Tree, who: str, corp: str, percent: int, count: int = 1, source: str = "ipo") -> list:
    """`count` purchases of a `percent` share of `corp` by `who`, read with the node's modifiers."""
    return one_per_share(_share_bought(r, node, who, corp, percent, _mods(r, node), source), count)


def _company_bought(r, node: Tree, subject, company: str, mods: dict):
    if mods["trade"] is not None:
        raise r.err(_TRADE_IN_FOR_A_TRAIN, mods["trade_at"])
    src = mods["source"]
    seller = None
    if src is not None:
        if src.data != "src_name":
            raise r.err("a private company is bought from its owner", src, expected=[KIND_WORDS["player"]])
        seller = r.resolve(src.children[-1], ("player", "corporation"))
        r.claim("seller", seller.ident, src.children[-1])      # "buys NWR from Bob": Bob owns NWR, checked
    owner = r.ctx.owner_of(company) if r.ctx.owner_of else None
    # a private another player owns (or is named as selling) is bought from them (1830), not bid
    # for; else a player bids for it
    sold_by_player = owner in r.ctx.players or seller is not None and seller.ident in r.ctx.players
    family = "player" if not r.corp_side(subject) and sold_by_player else \
        "corp" if r.corp_side(subject) or seller is not None else None
    if mods["price"] is None:
        example = f'"buys {company} for 40"' if family else \
            f'"bids 20 for {company}" (or "buys a share of ..." for shares)'
        raise r.err(f"give the price: e.g. {example}", node, expected=['"for" and the price'])
    if family is None:
        return Bid(r.entity("player", subject, node), company, mods["price"])
    return BuyCompany(r.entity(family, subject, node), company, mods["price"])


def _train_bought(r, node: Tree, subject, train: str, mods: dict, tid: Optional[str] = None) -> BuyTrain:
    src = mods["source"]
    source = "depot"
    if src is not None and src.data == "src_name":
        source = r.resolve(src.children[-1], ("corporation",)).ident
    elif src is not None and src.data not in ("src_pool", "src_depot"):
        raise r.err("trains come from the depot or from another corporation", src,
                    expected=['"depot"', KIND_WORDS["corporation"]])
    return BuyTrain(r.entity("corp", subject, node), train, source, mods["price"], mods["trade"], train_id=tid,
                    exchange_id=mods["trade_id"])


def _buy(r, node: Tree, subject) -> list:
    what = node.children[1]
    mods = _mods(r, node)
    if what.data == "buy_train":
        return [_train_bought(r, node, subject, r.train(kid(what, "buy_train_ref")), mods, train_id(what))]
    name = kid(what, "name")
    if what.data == "buy_percent":
        return [_share_bought(r, node, subject, r.resolve(name, ("corporation",)).ident, _percent(what), mods)]
    if what.data == "buy_private":
        return [_company_bought(r, node, subject, r.resolve(name, ("company",)).ident, mods)]
    # buy_name: a private ("GT buys NWR from Priya for $160"), or a corporation's shares
    src = mods["source"]
    if src is not None and not r.corp_side(subject) and src.data in ("src_ipo", "src_pool"):
        # "Buy SC from IPO": only shares come from the IPO or the pool (1882: not the private SC)
        entry = r.resolve(name, ("corporation",))
    elif r.corp_side(subject) or mods["price"] is not None:
        # corporations buy privates; "Ann buys Hudson Bay for $20" is the 18xx.games
        # line for buying a private at its price in the auction
        entry = r.resolve(name, ("company", "corporation"))
    else:
        entry = r.resolve(name, ("corporation", "company"), mode="union",
                          hint='; for shares write "buys a share of <corporation>", for the private '
                               'company "buys <private> for <price>"')
    if entry.kind == "corporation":
        return [_share_bought(r, node, subject, entry.ident, r.ctx.share_size(entry.ident), mods)]
    return [_company_bought(r, node, subject, entry.ident, mods)]


def _sell(r, node: Tree, subject) -> list:
    """ "sells 10% of CPR"; the log's "sells 2 shares of CPR and receives $150"."""
    item = kid(node, "sell_item")
    corp = r.resolve(kid(item, "name"), ("corporation",)).ident
    counted = kid(item, "count")
    percent = (r.count(counted) if counted is not None else 1) * _percent(item, r.ctx.share_size(corp))
    if percent <= 0 or percent > 100:
        raise r.err("a sale is between 1% and 100% of a corporation", item)
    tail = kid(node, "sell_tail")
    if tail is not None:
        r.claim("received", r.price(kid(tail, "price")), tail)
    return [SellShares(r.entity("player", subject, node), corp, percent)]


def _exchange_echo(r, node: Tree, subject) -> list:
    names = kids(node, "name")
    given = r.resolve(names[0], ("company", "corporation"))
    corp = r.resolve(names[-1], ("corporation",)).ident
    size = r.ctx.share_size(corp)
    if given.kind == "company" and r.ctx.share_exchanges.get(given.ident) == corp \
            and kid(node, "price") is None and _percent(node, size) == size:
        # a private the title lets its owner trade for one ordinary share (1830's M&H for a
        # 10% NYC share) is the private's own move; a president's share for a private and
        # cash is a par's echo
        share = _share_bought(r, node, subject, corp, size, _mods(r, node))
        return [BuyShares(given.ident, corp, share.source, share.percent)]
    return [Echo("par_exchange", r.entity("player", subject, node), corp, "the exchange that comes with a par")]


# ---------------------------------------------------------------- track and tokens

def _lay(r, node: Tree, subject) -> list:
    """"lays #57 on I5 rot 2"; the log's "lays tile #57 with rotation 2 on I5 (Place)"."""
    tiles, hexes, rotations = kids(node, "li_tile"), kids(node, "li_hex"), kids(node, "li_rot")
    for got, what in ((tiles, "tiles"), (hexes, "hexes"), (rotations, "rotations")):
        if len(got) > 1:
            raise r.err(f"two {what} given in one lay", got[1])
    if not tiles or not hexes:
        raise r.err('a lay names its tile and hex, e.g. "lays #57 on I5 rot 2"', node,
                    expected=["a tile number such as #57" if not tiles else "a hex such as J10"])
    tile = r.tile(tiles[0].children[0])
    tok = kid(hexes[0], "HEX")
    hex_, idx = r.hex_of(tok)
    if idx is not None:
        raise r.err("a tile is laid on a whole hex: no city number here", tok)
    r.paren(kid(hexes[0], "PAREN"), hex_)
    if rotations:
        rotation = r.rotation(rotations[0].children[0])
    else:
        try:
            rotation = r.ctx.resolve_rotation(tile, hex_, ())
        except AmbiguousMoveError as e:
            raise r.ambiguous(e, node) from None
    return [LayTile(r.entity("corp", subject, node), hex_, tile, rotation)]


def _set_once(r, at: dict, key: str, value: int, node) -> None:
    if at[key] is not None and at[key] != value:
        raise r.err(f"two different {key} numbers given", node)
    at[key] = value


def _token_placed(r, node: Tree, subject) -> list:
    """"places a token on J10 city 2" (or "J10.2", "J10 (city 2)", "slot 2", the place's name)."""
    hexes: list = []
    at: dict = {"city": None, "slot": None}
    for item in kids(node, "ti_hex", "ti_place", "ti_city", "ti_slot"):
        if item.data == "ti_hex":
            tok = kid(item, "HEX")
            hex_, idx = r.hex_of(tok)
            hexes.append((hex_, tok))
            for city in (idx, r.paren(kid(item, "PAREN"), hex_)):
                if city is not None:
                    _set_once(r, at, "city", city, tok)
        elif item.data == "ti_place":
            place = kid(item, "name")
            hexes.append((r.resolve(place, ("location",)).ident, place))
        else:
            _set_once(r, at, item.data[3:], r.index1(kid(item, "NUMBER")), item)
    for cost in kids(node, "ti_cost"):        # "places a token on J10 for $40": what it cost, a claim
        r.claim("spent", r.price(kid(cost, "price")), cost)
    if not hexes:
        raise r.err("where? give the hex, e.g. \"token J10\"", node, expected=["a hex coordinate such as J10"])
    if len(hexes) > 1:
        raise r.err("two hexes given for one token", hexes[1][1])
    token = PlaceToken(r.entity("corp", subject, node), hexes[0][0], at["city"] or 0,
                       kid(node, "token_mod") is not None, at["slot"])
    if at["city"] is None and at["slot"] is None:
        r.open[id(token)] = ("city",)
    return [token]


def _remove_token(r, node: Tree, subject) -> list:
    hex_, idx = r.hex_of(kid(node, "HEX"))
    told = r.paren(kid(node, "PAREN"), hex_)
    at = {"city": idx if idx is not None else told}
    spec = kid(node, "city_spec")
    if spec is not None:
        _set_once(r, at, "city", r.index1(kid(spec, "NUMBER")), spec)
    if kid(node, "NEUTRAL") is not None:
        # 18xx.games 1882: "SC removes neutral token from J10" reports a home token
        # replacing a neutral one; the place-token line after it is the move
        return [Echo("neutral_removed", r.entity("corp", subject, node), None,
                     "a neutral token replaced by a home token", hex_)]
    token = RemoveToken(r.entity("mover", subject, node), hex_, at["city"] or 0)
    if at["city"] is None:
        r.open[id(token)] = ("city",)     # "removes token from D14": the city the game finds it in
    return [token]


# ---------------------------------------------------------------- trains and money

def _route(r, node: Tree) -> Route:
    """One train's route: its stops, the via path between them, the revenue told, "trusted"."""
    train_ref, rest = [k for k in node.children if is_tree(k)]
    train = r.train(train_ref)
    stops, revenue = (), None
    parts = [p for c in rest.children for p in (c.children if is_tree(c, "route_rest_after_stops") else [c])]
    for p in parts:
        if is_tree(p, "stops"):
            stops = tuple(Stop(*r.hex_of(s.children[0])) for s in kids(p, "stop"))
        elif is_tree(p, "revenue"):
            revenue = r.price(kid(p, "price"))
        elif is_tree(p, "trusted") and not r.ctx.allow_trusted:
            raise r.err('"trusted" revenue is accepted only from imported records', p)
    via = next((p for p in parts if is_tree(p, "via")), None)
    trusted = any(is_tree(p, "trusted") for p in parts)
    return Route(train, stops, _via(r, via, stops) if via is not None else None, revenue, trusted)


def _via(r, via: Tree, stops: tuple) -> tuple:
    legs = []
    for leg in kids(via, "leg"):
        hexes = []
        for tok in kids(leg, "HEX"):
            hex_, idx = r.hex_of(tok)
            if idx is not None:
                raise r.err("no city numbers inside a via path", tok)
            hexes.append(hex_)
        legs.append(tuple(hexes))
    if len(legs) != len(stops) - 1:
        raise r.err(f"the via part gives {len(legs)} legs for {len(stops)} stops "
                    f"(one leg between each two stops, e.g. I5>I6>J10)", via)
    for i, leg in enumerate(legs):
        if leg[0] != stops[i].hex or leg[-1] != stops[i + 1].hex:
            raise r.err(f"leg {i + 1} of the via part should run from {stops[i].hex} to {stops[i + 1].hex}", via)
    return tuple(legs)


def _run(r, node: Tree, subject) -> list:
    routes = tuple(_route(r, route) for route in kids(node, "route"))
    return [RunRoutes(r.entity("corp", subject, node), routes)]


def _per_share(r, node: Tree):
    """An amount per share: whole, or with a fraction ("$4.5 per share") as a Fraction."""
    dec = kid(node, "DECIMAL")
    if dec is None:
        return r.price(node)
    value = Fraction(dec.value)
    return int(value) if value.denominator == 1 else value


def _dividend(kind: str, r, node: Tree, subject) -> list:
    """ "pays out $100 = $10 per share": the revenue and the amount per share are claims."""
    amount = kid(node, "div_amount")
    if amount is not None:
        prices = kids(amount, "price")
        # "= $10 per share", "$12 a share", "$12/share" (but "$120 to shareholders" is the total)
        per = next((c for c in kids(amount, "per_share") if kid(c, "SHARE_N") is not None), None)
        if per is not None and len(prices) == 1:
            r.claim("per_share", _per_share(r, prices[0]), amount)
        else:
            r.claim("revenue", r.price(prices[0]), prices[0])
            if len(prices) == 2:
                r.claim("per_share", _per_share(r, prices[1]), prices[1])
    return [Dividend(r.entity("corp", subject, node), kind)]


def _exchange_train(r, node: Tree, subject) -> list:
    old, new = [r.train(t) for t in kids(node, "buy_train_ref", "train_ref")]
    mods = _mods(r, node)
    if mods["trade"] is not None and mods["trade"] != old:
        raise r.err("two different trains traded in", mods["trade_at"])
    mods["trade"] = old
    return [_train_bought(r, node, subject, new, mods)]


# ---------------------------------------------------------------- the turn

def _pass(r, node: Tree, subject) -> list:
    for tail in kids(node, "pass_on", "pass_step", "pass_words"):
        if tail.data == "pass_on":
            # the log's "passes on Hudson Bay": the private or corporation passed on
            r.resolve(kid(tail, "name"), ("company", "corporation"))
        elif tail.data == "pass_step":
            r.claim("step", _STEP_OF_DESC.get(re.sub(r"\s+", " ", tail.children[0].value.lower())), tail)
        else:
            for t in tail.children:
                if t.children[0].value.lower() not in _PASS_WORDS:
                    raise r.err(f'after "passes" I expected nothing more (or what is passed, e.g. '
                                f'"passes on SC"), but found "{t.children[0].value}"', t,
                                expected=["the end of the move"])
    return [Pass(r.entity("any", subject, node))]


def _end_game(r, node: Tree, subject) -> list:
    name = kid(node, "name")
    return [EndGame(r.resolve(name, ("player",)).ident if name is not None else r.entity("player", subject, node))]


def _spend(r, node: Tree, subject) -> list:
    """ "CPR spends $20 and lays tile ...": what the next move costs, a claim on it."""
    r.claim("spent", r.price(kid(node, "price")), node)
    r.forward = True
    return []


#: each rule (or alias) of the base grammar -> its reader; a title's added rules are its own (`title_action`)
READERS: dict[str, Callable[..., list]] = {
    "bid_price_first": _bid, "bid_name_first": _bid, "par": partial(_priced, Par, ("corporation",)),
    "buy": _buy, "sell": _sell,
    "exchange_echo": _exchange_echo, "exchange_train": _exchange_train,
    "lay": _lay, "token_placed": _token_placed, "remove_token": _remove_token,
    "run": _run, "no_run": lambda r, node, subject: [RunRoutes(r.entity("corp", subject, node), ())],
    "div_pay": partial(_dividend, "payout"), "div_half": partial(_dividend, "half"),
    "div_withhold": partial(_dividend, "withhold"),
    "discard": lambda r, node, subject: [
        DiscardTrain(r.entity("corp", subject, node), r.train(kid(node, "train_ref")), train_id(node))],
    "pass": _pass, "bankrupt": lambda r, node, subject: [Bankrupt(r.entity("corp", subject, node))],
    "end_game": _end_game, "spend": _spend,
    "title_action": lambda r, node, subject: r.read_rule(node.children[0], subject),
}


# ---------------------------------------------------------------- remarks

def read_remark(r, node: Tree) -> None:
    """A remark after a move: claims on its result ("($40 to Ann)", "(cash 365)", "(OR 2.1)"), or an aside."""
    if node.data == "r_note":
        r.notes.append("receiving")   # 1861 log: what a merger brought ("receiving 20₽, ...")
        return
    tok = node.children[0]
    note = comment(tok.value, r.index)
    if note is not None:
        # an aside ("(sorry, 2s rust)", "(phase 5, privates close)"): no result to check and
        # nothing of a move in it, so it is set aside and the reply says so
        r.asides.append(note)
        return
    found = parse_paren_claims(tok.value[1:-1])
    if found is None:
        raise r.err(f'I cannot read the remark "{tok.value}": a remark in brackets may give '
                    f'the payees ("$40 to Ann, $20 to Bob"), the cash left ("cash 365") or '
                    f'the round ("OR 2.1")', tok,
                    expected=["payees such as ($40 to Ann)", "(cash 365)", "(OR 2.1)"])
    for kind, value, _text in found:
        if kind == "round":
            r.clause_header = value
            continue
        if kind == "payees":
            value = tuple((_payee(r, name, tok), amount) for name, amount in value)
        r.claim(kind, value, tok)


def _payee(r, name: str, tok: Token) -> str:
    if name.strip().lower() in ("me", "myself") and r.ctx.actor:
        return r.ctx.actor            # "(25 to M-K, 25 to me)": the writer
    try:
        entry = r.index.lookup(name, ("player", "corporation", "company"), mode="priority")
    except AmbiguousMoveError as e:
        raise r.ambiguous(e, tok) from None
    if entry is None:
        msg, _ = r.unknown_name(name, ("player", "corporation"))
        raise r.err(f"in the remark: {msg}", tok, expected=[KIND_WORDS["player"]])
    return entry.ident
