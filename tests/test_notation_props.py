"""Property tests for the notation: robustness on any text, and format/parse round trips."""
from __future__ import annotations

import dataclasses
import string

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from notation_kit import round_of as kit_round_of

from pbem.engine.actions import (
    Bankrupt, Bid, BuyCompany, BuyShares, BuyTrain, DiscardTrain, Dividend, EndGame, LayTile,
    Par, Pass, PlaceToken, RemoveToken, Route, RunRoutes, SellShares, Stop,
)
from pbem.errors import AmbiguousMoveError, NotationError
from pbem.notation import (
    NotationContext, context_for_title, format_action, parse_message, parse_move,
)

PLAYERS = {"ann": "Ann", "bob": "Bob", "p3": "Player 3", "1047": "Jean-Luc Picard"}
CTX = context_for_title("1882", PLAYERS, actor="ann", current="CPR", round_kind="operating")
CTX_SR = context_for_title("1882", PLAYERS, actor="bob", current="bob", round_kind="stock")
CTX_AU = context_for_title("1882", PLAYERS, actor="bob", current="bob", round_kind="auction")
GENERIC = NotationContext()      # a bare context: no names and no round, the least the reader can know

# derandomized, as the project's other fuzzing is: CI runs the same examples every time. Known open
# (found by a random run): "NWR : runs 2-train $60", a company that is not operating named by a
# label, reads as its run, while its canonical line "NWR runs 2 train for 60" is refused as naming
# a company that is not operating.
SETTINGS = settings(max_examples=300, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

ALLOWED = (NotationError, AmbiguousMoveError)

# ---------------------------------------------------------------------- strategies
players = st.sampled_from(sorted(PLAYERS))
corps = st.sampled_from(sorted(CTX.corporations))
companies = st.sampled_from(sorted(CTX.companies))
trains = st.sampled_from(list(CTX.trains))
letters = st.sampled_from(list(string.ascii_uppercase))
rows = st.one_of(letters, st.builds(lambda a, b: a + b, letters, letters))
hexes = st.builds(lambda r, n: f"{r}{n}", rows, st.integers(1, 999))
tiles = st.one_of(st.integers(1, 9999).map(str),
                  st.builds(lambda l, n: f"{l}{n}", letters, st.integers(1, 99)))
money = st.integers(0, 100_000)
small_index = st.integers(0, 3)
corp_entities = st.one_of(corps, st.just("NWR"))


@st.composite
def routes(draw):
    stops = draw(st.lists(st.builds(Stop, hexes, st.one_of(st.none(), small_index)),
                          min_size=1, max_size=6))
    via = None
    if len(stops) > 1 and draw(st.booleans()):
        via = tuple((a.hex, *draw(st.lists(hexes, max_size=3)), b.hex)
                    for a, b in zip(stops, stops[1:]))
    revenue = draw(st.one_of(st.none(), st.integers(0, 5000)))
    return Route(draw(trains), tuple(stops), via, revenue)


actions = st.one_of(
    st.builds(Pass, st.one_of(players, corps, st.just("NWR"))),
    st.builds(Bid, players, companies, money),
    st.builds(Par, players, corps, st.integers(1, 1000)),
    st.builds(BuyShares, players, corps, st.sampled_from(["ipo", "pool"]), st.integers(1, 100)),
    st.builds(SellShares, players, corps, st.integers(1, 100)),
    st.builds(LayTile, corp_entities, hexes, tiles, st.integers(0, 5)),
    st.builds(PlaceToken, corp_entities, hexes, small_index, st.booleans(),
              st.one_of(st.none(), small_index)),
    st.builds(RemoveToken, st.just("NWR"), hexes, small_index),
    st.builds(RunRoutes, corps, st.lists(routes(), max_size=3).map(tuple)),
    st.builds(Dividend, corps, st.sampled_from(["payout", "withhold", "half"])),
    st.builds(BuyTrain, corps, trains, st.one_of(st.just("depot"), corps),
              st.one_of(st.none(), money), st.one_of(st.none(), trains)),
    st.builds(DiscardTrain, corps, trains),
    st.builds(BuyCompany, corps, companies, money),
    st.builds(Bankrupt, corps),
    st.builds(EndGame, players),
)

VOCAB = [
    "CPR", "GT", "HBR", "QLL", "CNR", "CN", "SC", "NWR", "HB", "TB", "CP", "Ann", "Bob",
    "Player 3", "Jean-Luc Picard", "Canadian Pacific", "Hudson Bay", "Saskatchewan Central",
    "lays", "lay", "upgrades", "57", "#57", "#R1", "tile", "I5", "J10", "J10.2", "J10#2", "r2",
    "rot", "rotation", "orientation", "2", "0", "5", "on", "at", "in", "to", "token", "tokens",
    "places", "a", "the", "city", "slot", "neutral", "home", "runs", "2-train", "3T", "D",
    "diesel", "train", "for", "$60", "60$", "=", "+", "-", "->", ",", ";", ":", ".", "pays", "out",
    "withholds", "keeps", "dividend", "full", "half", "buys", "buy", "sells", "sold", "20%",
    "share", "shares", "of", "from", "IPO", "pool", "market", "bank", "depot", "par", "pars",
    "starts", "@", "bid", "bids", "pass", "passes", "done", "discards", "trading in", "via",
    ">", "moves", "removes", "Saskatoon", "Regina", "Swift Current", "(Regina)", "(city 2)",
    "convert", "exchanges", "and", "then", "does not run", "goes bankrupt", "ends the game",
    "OR 2.1:", "SR 3", "[12:00]", "joining", "NE", "S", "north-east", "/", "57-1", "yellow",
    "hex", "trusted", "private", "spends", "receives", "per", "one", "two", "I", "we", "(", ")",
    "\n", "\t", "  ", "é", "€", "--", "x", "Canadain", "buyz",
]

token_text = st.lists(st.sampled_from(VOCAB), min_size=0, max_size=12).map(" ".join)
tight_text = st.lists(st.sampled_from(VOCAB), min_size=1, max_size=8).map("".join)


def _check_total(text, ctx):
    try:
        result = parse_message(text, ctx)
    except ALLOWED:
        return None
    assert isinstance(result, list)
    return result


# ---------------------------------------------------------------------- robustness
@SETTINGS
@given(st.text())
def test_any_text_raises_only_notation_errors(text):
    for ctx in (CTX, CTX_SR, CTX_AU, GENERIC):
        _check_total(text, ctx)
        try:
            parse_move(text, ctx)
        except ALLOWED:
            pass


@SETTINGS
@given(st.text(alphabet=string.printable + "€£→–’é", max_size=80))
def test_any_printable_text_raises_only_notation_errors(text):
    _check_total(text, CTX)


@SETTINGS
@given(st.one_of(token_text, tight_text))
def test_token_soup_raises_only_notation_errors(text):
    for ctx in (CTX, CTX_SR, CTX_AU, GENERIC):
        _check_total(text, ctx)


@SETTINGS
@given(token_text)
def test_whatever_parses_formats_and_reads_back_the_same(text):
    result = _check_total(text, CTX)
    assume(result)
    for action in result:
        assert parse_move(format_action(action, CTX), CTX) == action


@SETTINGS
@given(token_text)
def test_errors_carry_a_position_inside_the_message(text):
    try:
        parse_message(text, CTX)
    except NotationError as e:
        assert e.line is not None and e.column is not None
        lines = text.split("\n")
        assert 1 <= e.line <= len(lines)
        assert 1 <= e.column <= len(lines[e.line - 1].rstrip("\r")) + 1
        assert str(e).startswith(f"line {e.line}, column {e.column}:")
        assert "$END" not in str(e) and "__ANON" not in str(e)
    except AmbiguousMoveError as e:
        assert str(e).startswith("line ")


def _hook_raises(tile, hex_, edges):
    raise AmbiguousMoveError("several rotations fit", candidates=["rot 1", "rot 4"])


@SETTINGS
@given(token_text)
def test_engine_hook_errors_pass_through_as_ambiguity(text):
    ctx = context_for_title("1882", PLAYERS, actor="ann", current="CPR", rotation_resolver=_hook_raises,
                            round_kind="operating")
    _check_total(text, ctx)


# ---------------------------------------------------------------------- round trips
def round_of(action) -> str:
    """The round a move of this kind is written in (`notation_kit.round_of`)."""
    return kit_round_of(action, PLAYERS)


def in_round(action, ctx=CTX):
    """`ctx` (its seats and turn) in the round `action` is written in."""
    return dataclasses.replace(ctx, round_kind=round_of(action))


@SETTINGS
@given(actions)
def test_format_then_parse_is_identity(action):
    line = format_action(action, CTX)
    assert "\n" not in line
    assert parse_move(line, in_round(action, CTX)) == action
    assert parse_move(line, in_round(action, CTX_SR)) == action          # independent of whose turn it is


@SETTINGS
@given(actions)
def test_canonical_line_is_stable(action):
    line = format_action(action, CTX)
    assert format_action(parse_move(line, in_round(action)), CTX) == line


def _separable(acts):
    """Insert passes where parse_message would join neighbours (merged runs, par echoes)."""
    out = []
    for a in acts:
        if out:
            prev = out[-1]
            if (isinstance(a, RunRoutes) and isinstance(prev, RunRoutes) and a.entity == prev.entity
                    and a.routes and prev.routes):
                out.append(Pass("ann"))
            elif (isinstance(a, BuyShares) and isinstance(prev, Par) and a.entity == prev.entity
                  and a.corporation == prev.corporation and a.source == "ipo"
                  and a.percent >= 2 * CTX.share_size(a.corporation)):      # read as the par's own buy
                out.append(Pass("ann"))
        out.append(a)
    return out


#: CPR's turn with no round, kept for the message of any canonical lines: in a stock round a
#: player's pass said twice ("Ann passes; Ann passes") is read as one pass
CTX0 = context_for_title("1882", PLAYERS, actor="ann", current="CPR")


@SETTINGS
@given(st.lists(actions, min_size=1, max_size=8).map(_separable),
       st.sampled_from(["\n", "; ", "\r\n", " ; "]))
def test_message_of_canonical_lines_reads_back(acts, sep):
    text = sep.join(format_action(a, CTX0) for a in acts)
    assert parse_message(text, CTX0) == acts


@SETTINGS
@given(st.lists(routes(), min_size=1, max_size=3), st.lists(routes(), min_size=1, max_size=3), corps)
def test_run_lines_of_one_corporation_merge(first, second, corp):
    text = format_action(RunRoutes(corp, tuple(first)), CTX) + "\n" + \
        format_action(RunRoutes(corp, tuple(second)), CTX)
    assert parse_message(text, CTX) == [RunRoutes(corp, tuple(first) + tuple(second))]
