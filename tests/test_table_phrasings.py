"""The moves of the shared 18xx.games records, each written as players write it and read at its
place in the game as the table reads it (`pbem.Game.push_notation`): what the reference engine let
its players do, pbem reads from the plain words for it, at every kind of position the records hold
(a pool the only seller, a private's price between its bounds, a par at each price, each rotation).
Each move is written one way, the ways of its kind taken in turn from move to move."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import pytest

import pbem
from pbem.errors import PbemError
from pbem.engine.actions import (Action, Bid, BuyCompany, BuyShares, BuyTrain, Dividend, LayTile, Par, PlaceToken,
                                 RunRoutes, SellShares)

#: the shared records; or, for a developer, the records in the folder PBEM_PHRASING_RECORDS names
#: (games tools/refgen.rb played inside the reference engine: docs/reading.md)
RECORDS = sorted(Path(os.environ["PBEM_PHRASING_RECORDS"]).glob("*.json")) if os.environ.get("PBEM_PHRASING_RECORDS") \
    else sorted((Path(__file__).resolve().parents[2] / "shared" / "fixtures" / "18xx.games").glob("*/*.json"))


def phrasings(a: Action, ctx) -> list[str]:
    """How players write `a` (none for a kind not written here)."""
    name = ctx.companies.get
    if isinstance(a, Bid):
        return [f"bid {a.price} on {a.company}", f"{a.price} for the {name(a.company, a.company)}",
                f"{a.company} {a.price}", f"I bid {a.price} on the {name(a.company, a.company)}"]
    if isinstance(a, Par):
        return [f"par {a.corporation} at {a.price}", f"start {a.corporation} at ${a.price}", f"{a.corporation} @ {a.price}",
                f"I'll open {a.corporation} at {a.price}", f"par {a.corporation} {a.price}", f"float {a.corporation} at {a.price}"]
    private = a.entity in ctx.companies and a.entity not in ctx.players    # (a player's id may be a private's symbol)
    if isinstance(a, BuyShares) and private:       # a private exchanged for a share
        return [f"exchange {a.entity} for a {a.corporation} share" + (" from the pool" if a.source == "pool" else "")]
    if isinstance(a, LayTile) and private:         # a private's own lay
        return [f"{a.entity} lays #{a.tile} on {a.hex} rot {a.rotation}"]
    if isinstance(a, BuyShares) and a.source in ("ipo", "pool") and a.entity != a.corporation:
        where = "IPO" if a.source == "ipo" else "pool"
        return [f"buy {a.percent}% of {a.corporation} from the {where}", f"buy a {a.corporation} share from the {where}",
                f"1 {a.corporation} from {where}", f"buy one {a.corporation} ({where})"]
    if isinstance(a, SellShares):
        n = a.percent // ctx.share_size(a.corporation)
        return [f"sell {a.percent}% of {a.corporation}", f"dump {a.percent}% {a.corporation}", f"sell {n} {a.corporation}",
                f"sell {n} shares of {a.corporation}"]
    if isinstance(a, LayTile):
        return [f"#{a.tile} {a.hex} rot {a.rotation}", f"lay tile {a.tile} on {a.hex}, rotation {a.rotation}",
                f"#{a.tile} @ {a.hex} rot {a.rotation}", f"tile {a.tile} {a.hex} r{a.rotation}"]
    if isinstance(a, PlaceToken) and a.neutral and a.entity not in ctx.companies:     # 1882's neutral station
        return [f"neutral token {a.hex}" + (f" city {a.city + 1}" if a.city else "")]
    if isinstance(a, PlaceToken) and not a.neutral:       # (a private's token: named, whose it is)
        named = f"{a.entity} places a station in {a.hex}, city {a.city + 1}"
        return [named] if a.entity in ctx.companies else [f"token {a.hex} city {a.city + 1}", named]
    if isinstance(a, BuyTrain) and a.exchange is None:
        if a.source == "depot":
            return [f"buy a {a.train} train", f"{a.entity} buys a {a.train}-train", f"buy {a.train}T",
                    f"buys a {a.train} from the depot"]
        return [f"buy a {a.train} from {a.source} for {a.price}"]
    if isinstance(a, RunRoutes) and a.routes and all(r.revenue is not None for r in a.routes):
        stops = ["-".join(s.hex for s in r.stops) for r in a.routes]       # (a hex's two cities: it twice)
        total = sum(r.revenue for r in a.routes)
        return ["runs " + ", ".join(f"{r.train}: {w} for {r.revenue}" for r, w in zip(a.routes, stops)),
                "; ".join(f"{r.train}T {w} = {r.revenue}" for r, w in zip(a.routes, stops))] + \
            ([f"runs {' and '.join(stops)} for {total}"] if _one_kind_one_city(a, ctx) else []) + \
            ([", ".join(f"{r.train}T: " + " > ".join(_place(ctx, s.hex) for s in r.stops) + f" = {r.revenue}" for r in a.routes)]
             if all(_place(ctx, s.hex) for r in a.routes for s in r.stops)
             and all(len({s.hex for s in r.stops}) == len(r.stops) for r in a.routes) else [])
    if isinstance(a, RunRoutes) and a.routes and all(r.revenue is None for r in a.routes):
        stops = ["-".join(s.hex for s in r.stops) for r in a.routes]       # the revenue left to the game
        return [", ".join(f"{r.train}T {w}" for r, w in zip(a.routes, stops)),
                "runs " + ", ".join(f"the {r.train} {w}" for r, w in zip(a.routes, stops))]
    if isinstance(a, Dividend):
        return {"payout": ["pay out", "full dividend", "pays out"], "withhold": ["withhold", "keeps the money"],
                "half": ["pays half"]}.get(a.kind, [])
    if isinstance(a, BuyCompany) and a.entity in ctx.players:       # from another player (1830)
        return [f"buy {a.company} for {a.price}", f"I buy the {name(a.company, a.company)} for ${a.price}"]
    if isinstance(a, BuyCompany):
        return [f"buy {a.company} for {a.price}", f"{a.entity} buys the {name(a.company, a.company)} for ${a.price}"]
    return []


def _place(ctx, hex_: str) -> Optional[str]:
    """The one name of the place on `hex_` ("Albany"), if it has one, no other hex has it and it
    holds no remark of the map's ("Ekaterinburg (₽80 if includes M)")."""
    name = ctx.locations.get(hex_)
    name = name if isinstance(name, str) or not name else name[0]
    if not name or "(" in name or sum(1 for v in ctx.locations.values() if v == name or not isinstance(v, str) and name in v) > 1:
        return None
    return name


def _one_kind_one_city(a: RunRoutes, ctx) -> bool:
    """Whether a run's routes may be written by their stops alone, one total after them: the company
    runs one kind of train, and no stop is a second city of its hex (else the reply asks which)."""
    return len(set(ctx.trains_of(a.entity))) == 1 and all(s.node in (None, 0) for r in a.routes for s in r.stops)


def _same(got: Action, want: Action) -> bool:
    """The move read is the record's (a tile, a token's city or a train named by what the line says)."""
    if isinstance(want, LayTile) and isinstance(got, LayTile):
        return (got.hex, got.tile, got.rotation) == (want.hex, want.tile, want.rotation)
    if isinstance(want, PlaceToken) and isinstance(got, PlaceToken):
        return (got.hex, got.city) == (want.hex, want.city)
    if isinstance(want, RunRoutes) and isinstance(got, RunRoutes):
        return sorted((r.train, r.revenue, tuple(s.hex for s in r.stops)) for r in got.routes) == \
            sorted((r.train, r.revenue, tuple(s.hex for s in r.stops)) for r in want.routes)
    if isinstance(want, BuyTrain) and isinstance(got, BuyTrain):
        return (got.train, got.source, got.price in (None, want.price)) == (want.train, want.source, True)
    return got == want


#: how players join the moves of one turn in one message
JOINERS = (", ", "; ", "\n", " then ")


def _turn_wrong(g: "pbem.Game", turn: list, first: int, joiner: str) -> Optional[str]:
    """Two or more moves in a row by one player or company, each written as below and sent in one
    message joined by `joiner`: what is wrong with its reading (None: read as those moves, each
    against the state the moves before it leave), or "" when a move of it is not written here."""
    ctx = g.context()
    if not all(phrasings(a, ctx) for a in turn):        # (before the copy, which costs)
        return ""
    trial, lines = g.copy(), []
    for k, a in enumerate(turn):
        written = phrasings(a, trial.context())
        if not written:
            return ""
        lines.append(written[(first + k) % len(written)])
        trial.push(a)
    text = joiner.join(lines)
    who = turn[0].entity
    try:
        got = g.copy().push_notation(text, who if who in g.state.players else g.state.controller(who))
    except PbemError as e:
        return f"moves {first}-: {text!r} refused: {str(e).splitlines()[0][:160]}"
    if not all(any(type(x) is type(a) and _same(x, a) for x in got) for a in turn):
        return f"moves {first}-: {text!r} read as {got}"
    return None


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_each_move_of_a_record_written_as_players_write_it_is_read_as_that_move(path):
    """Each move alone; and each turn of two or more moves in a row by one player or company, sent as
    one message, its moves joined as players join them (a joiner per turn, taken in turn)."""
    g = pbem.read_record(path)
    moves = list(g.moves)
    g.back_to(0)
    wrong: list[str] = []
    read = turns = 0
    for i, a in enumerate(moves):
        if i == 0 or moves[i - 1].entity != a.entity:
            end = next((j for j in range(i + 1, len(moves)) if moves[j].entity != a.entity), len(moves))
            if end - i > 1 and (why := _turn_wrong(g, moves[i:end], i, JOINERS[turns % len(JOINERS)])) != "":
                turns += 1
                wrong += [why] if why else []
        written = phrasings(a, g.context())
        for line in [written[i % len(written)]] if written else ():      # one way, taken in turn
            # read on the game itself (a refused message leaves it as it was): a copy per move
            # was half the test's time; a reading other than the move alone is taken back
            seat: Optional[str] = a.entity if a.entity in g.state.players else None
            try:
                try:
                    got = g.push_notation(line, seat)
                except PbemError as e:
                    if not (isinstance(a, PlaceToken) and "no free slot" in str(e)):
                        raise
                    # a home the rules put in a full city's slot (1882's SC): said with its slot
                    got = g.push_notation(f"{line} slot {a.slot + 1}", seat)
            except PbemError as e:
                assert len(g.moves) == i, f"move {i}: a refused message changed the game"
                wrong.append(f"move {i} {a}: {line!r} refused: {str(e).splitlines()[0][:160]}")
                continue
            read += 1
            if list(got) == [a] and len(g.moves) == i + 1:
                continue                  # read as the move itself, and made: the game is where it should be
            kept = [x for x in got if type(x) is type(a)]
            if not kept or not _same(kept[-1], a):
                wrong.append(f"move {i} {a}: {line!r} read as {got}")
            g.back_to(i)
        if len(g.moves) == i:
            g.push(a)
    assert read > 20 and turns > 0 and not wrong, f"{len(wrong)} of {read + turns}:\n" + "\n".join(wrong[:15])



#: a game played inside the 18xx.games engine (tests/data/refgen-transcripts) where players buy
#: privates from each other in 1830's stock rounds
_PRIVATE_SALES = Path(__file__).resolve().parent / "data" / "refgen-transcripts" / "1830-p3-s1.json.gz"


@pytest.fixture(scope="module")
def first_private_sale():
    import gzip
    import json

    g = pbem.read_record(json.loads(gzip.decompress(_PRIVATE_SALES.read_bytes())))
    moves = list(g.moves)
    i = next(i for i, a in enumerate(moves) if isinstance(a, BuyCompany) and a.entity in g.state.players)
    g.back_to(i)
    return g, moves[i]


@pytest.mark.parametrize("line", [
    "buy {c} for {p}", "I buy the {name} for ${p}", "buy {c} from {seller} for {p}",
    "buy the {name} off {seller} for {p}",
])
def test_a_private_bought_from_another_player_is_read_in_words(first_private_sale, line):
    g, want = first_private_sale
    comp = g.state.companies[want.company]
    text = line.format(c=want.company, p=want.price, name=comp.name, seller=g.state.player_name(comp.owner))
    assert list(g.copy().push_notation(text, want.entity)) == [want]


def test_a_private_bought_from_someone_who_does_not_own_it_or_without_its_price_is_refused(first_private_sale):
    g, want = first_private_sale
    owner = g.state.companies[want.company].owner
    other = next(p for p in g.state.players if p not in (owner, want.entity))
    with pytest.raises(PbemError, match="not what the move does"):
        g.copy().push_notation(f"buy {want.company} from {g.state.player_name(other)} for {want.price}", want.entity)
    with pytest.raises(PbemError, match="how much"):
        g.copy().push_notation(f"buy {want.company}", want.entity)
