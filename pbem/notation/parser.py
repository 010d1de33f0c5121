"""Reading players' move notation into engine actions.

    parse_move(text, ctx) -> Action            one move (one line, one action)
    parse_line(text, ctx) -> list[Action]      every move on one line
    parse_message(text, ctx) -> list[Action]   every move of a whole message
    read_message(text, ctx) -> list[ParsedMove]  the same with line, column, source text
                                               and round label of each move

A message holds moves on separate lines or separated by ";" (or by ",", "and", "then",
"." when a move word follows). The acting entity named at the start of a move ("CPR:",
"Ann buys ...") also acts in the following moves of the message that name nobody. A move
naming nobody is made by `ctx.actor` (the sender) for player moves and by `ctx.current`
(the operating corporation) for corporation moves.

Numbers that count cities are 1-based in the notation and 0-based in the actions:
"token J10 city 2" or "J10#2" or "J10.2" is city (or route node) index 1; so is
"slot 2". A route stop without a number has node None.

Several lines of an 18xx.games log pasted into a mail read as the moves they record;
result lines that belong to the move before are dropped ("buys a 20% share ... from the
IPO" after "pars", "exchanges Saskatchewan Central ... for a 20% share" after the SC par),
and one train per line "runs a 2 train ..." lines of the same corporation merge into one
RunRoutes. Lines "-- ... --" (18xx.games event banners) and blank lines are skipped.
"""
from __future__ import annotations

import dataclasses
import re
import threading
from dataclasses import dataclass
from typing import Iterable, Optional, Sequence, Union

from lark import Token, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from pbem.engine.actions import (
    Action, Bankrupt, Bid, BuyCompany, BuyShares, BuyTrain, Choose, Convert, DiscardTrain, Dividend, EndGame,
    Merge,
    Par, Pass, PlaceToken, RemoveToken, Route, RunRoutes, SellShares, Stop, LayTile,
)
from pbem.errors import AmbiguousMoveError, NotationError, PbemError

from .claims import Claim
from .context import NotationContext
from .limits import check_line, check_message, check_moves
from .grammar import get_parser
from .logs import LogLine as _LogNote, classify
from .messages import (
    MOVE_WORDS, expected_words, keyword_suggestion, notation_error, words_list, caret_block, clip_message,
)
from .names import KIND_WORDS, Entry, NameIndex, hyphen_initials, norm, rewrite_names
from .paraphrase import paraphrase

#: how many times a refused line is reworded and read again
_REWORDINGS = 3
from .remarks import RemarkReader, result_of as _result_of

__all__ = ["ParsedMove", "parse_move", "parse_line", "parse_message", "read_message"]


@dataclass(frozen=True)
class ParsedMove:
    """One move read from a message, with where it was written."""

    action: Action
    line: int            # 1-based line of the message
    column: int          # 1-based column where the move starts
    text: str            # the move as written
    header: Optional[str] = None   # round label in force ("OR 2.1"), if any
    claims: tuple[Claim, ...] = ()  # stated results, checked after the move (claims.py)
    open: tuple[str, ...] = ()      # parts left unsaid that the game must settle ("city")


@dataclass(frozen=True)
class _Remarks:
    """A clause of remarks alone ("Cash left 365."): claims about the move before it."""

    claims: tuple
    line: int
    column: int
    text: str
    line_text: str
    optional: bool = False      # a pasted log line: set aside when no move comes before it
    log: object = None
    forward: bool = False       # about the move that follows ("CPR spends $20 and lays ...")


@dataclass(frozen=True)
class _Echo:
    """A pasted log line that reports a result of the move before it (not a move)."""

    kind: str
    entity: str
    corporation: Optional[str]
    what: str
    hex: Optional[str] = None


# ---------------------------------------------------------------------- public API
def parse_move(text: str, ctx: NotationContext) -> Action:
    """The one action written on one line; NotationError if the line holds more or none."""
    moves = read_message(text, ctx, single_line=True)
    if len(moves) == 1:
        return moves[0].action
    line = text.split("\n", 1)[0] if text else ""
    if not moves:
        raise notation_error("no move found", line_no=1, line_text=line, column=1,
                             text=line.strip(), expected=expected_words(set(MOVE_WORDS)))
    from .formatter import format_action
    raise notation_error(
        f"this line holds {len(moves)} moves ("
        + "; ".join(format_action(m.action, ctx) for m in moves) + "); read it with parse_message",
        line_no=1, line_text=line, column=moves[1].column, text=moves[1].text)


def parse_line(text: str, ctx: NotationContext) -> list[Action]:
    """Every action written on one line."""
    return [m.action for m in read_message(text, ctx, single_line=True)]


def parse_message(text: str, ctx: NotationContext) -> list[Action]:
    """Every action of a message, in order."""
    return [m.action for m in read_message(text, ctx)]


def read_message(text: str, ctx: NotationContext, *, single_line: bool = False,
                 aside: Optional[list] = None, transcript: bool = False) -> list[ParsedMove]:
    """Every move of a message with its position, source text and round label.

    Lines of a pasted 18xx.games log that are not moves (pbem/notation/logs.py) are never
    read as moves: a result of the move before ("CPR's share price moves right from $82
    to $90") becomes a claim on that move; the others (banners, "Ann operates CPR",
    automatic actions, and in a transcript chat) are set aside, listed in `aside` as
    (line number, LogLine) when a list is given.
    """
    if not isinstance(text, str):
        raise NotationError("the move text must be a string", text=repr(text))
    lines = text.split("\n")
    check_message(lines)                        # before the grammar is even loaded
    reader = _Reader(ctx)
    if single_line:
        rest = [ln for ln in lines[1:] if ln.strip()]
        if rest:
            raise notation_error("one move per call: the text has several lines",
                                 line_no=2, line_text=lines[1], column=1, text=lines[1].strip())
    items: list[Union[ParsedMove, tuple]] = []
    for no, raw in enumerate(lines, start=1):
        line = raw.rstrip("\r")
        check_line(line, no)
        if not line.strip():
            continue
        check_moves(len(items), no)          # items: the moves (and remarks) read so far
        log = classify(line, reader.index, ctx, transcript=transcript)
        if log is not None:
            if log.kind == "move":
                col = len(line) - len(line.lstrip()) + 1
                items.extend(ParsedMove(a, no, col, log.text, reader.header,
                                        log.claims if a is log.actions[-1] else (), ("log_half",))
                             for a in log.actions)
            elif log.kind == "consequence" and log.claims:
                col = len(line) - len(line.lstrip()) + 1
                claims = tuple(dataclasses.replace(c, line=no, column=col) for c in log.claims)
                items.append(_Remarks(claims, no, col, log.text, line, optional=True, log=log))
            elif aside is not None:
                aside.append((no, log))
            continue
        items.extend(reader.read_line(no, line))
    check_moves(len(items), len(lines))
    return reader.finish(items, aside)


_BANNER = re.compile(r"^\s*--.*--\s*$")
MOVE_PHRASE_SHORT = "buy, sell, par, bid, pass, lay, token, runs, pays out, ..."
MAX_NAME_WORDS = 12          # words in the longest name anyone writes (players, companies, places)

# ---------------------------------------------------------------------- name index cache
_index_cache: dict = {}
_index_lock = threading.Lock()


def _index_key(ctx: NotationContext) -> tuple:
    def items(m):
        return tuple((k, v if isinstance(v, str) else tuple(v)) for k, v in m.items())
    return (items(ctx.players), items(ctx.corporations), items(ctx.companies), tuple(ctx.trains),
            items(ctx.corporation_aliases), items(ctx.company_aliases), items(ctx.train_aliases),
            items(ctx.locations))


_by_identity: dict = {}


def name_index(ctx: NotationContext) -> NameIndex:
    """The (cached) name tables of a context.

    Looked up first by the identity of the context's name mappings (cheap; copies made
    with `at_turn` share them), then by their content. Changing a mapping in place is
    noticed only when its length changes, so replace mappings instead of editing them.
    """
    maps = (ctx.players, ctx.corporations, ctx.companies, ctx.trains, ctx.corporation_aliases,
            ctx.company_aliases, ctx.train_aliases, ctx.locations)
    ident = tuple(id(m) for m in maps)
    hit = _by_identity.get(ident)
    if hit is not None and all(a is b for a, b in zip(hit[0], maps)) \
            and hit[1] == tuple(len(m) for m in maps):
        return hit[2]
    key = _index_key(ctx)
    idx = _index_cache.get(key)
    if idx is None:
        idx = NameIndex(ctx)
    with _index_lock:
        if len(_index_cache) > 64:
            _index_cache.clear()
        if len(_by_identity) > 64:
            _by_identity.clear()
        _index_cache[key] = idx
        _by_identity[ident] = (maps, tuple(len(m) for m in maps), idx)
    return idx


# ---------------------------------------------------------------------- helpers
_HEX_RE = re.compile(r"([A-Za-z]{1,2})0*(\d{1,3})(?:[.#](\d{1,2}))?$")
_COMPASS_NORM = {
    "north": "N", "south": "S", "east": "E", "west": "W",
    "northeast": "NE", "northwest": "NW", "southeast": "SE", "southwest": "SW",
}
#: the operating step a word after "pass" names ("skips the tile and the token")
_STEP_OF_WORD = {"tile": "track", "tiles": "track", "track": "track", "upgrade": "track",
                 "token": "token", "tokens": "token", "station": "token",
                 "train": "train", "trains": "train"}

_PASS_WORDS = {
    "lay", "lays", "track", "tile", "tiles", "place", "places", "a", "the", "token", "tokens",
    "station", "buy", "buys", "train", "trains", "company", "companies", "private", "privates",
    "bidding", "bid", "bids", "auction", "run", "routes", "route", "sell", "sells", "shares",
    "share", "selling", "buying", "this", "turn", "round", "stock", "dividend", "to", "my",
    "for", "now", "again", "everything", "all", "it", "special", "ability", "action",
    "actions", "operating", "step", "purchase", "upgrade", "par", "and", "or", "any", "more",
    "anything", "nothing", "further", "rest", "of", "time", "priority", "trade", "nwr",
    "nationalize", "nationalise", "nationalization", "nationalisation", "merge", "convert",
}
#: the step an 18xx.games step description names (None: a step the check does not know)
_STEP_OF_DESC = {
    "lay/upgrade track": "track", "lay track": "track", "place a token": "token",
    "run routes": "route", "buy trains": "buy_train", "buy companies": "buy_company",
    "pay or withhold dividends": "dividend", "discard trains": "discard",
}
_KEEP_WORDS = {"money", "revenue", "it", "earnings", "cash", "everything", "all", "funds",
               "income", "treasury", "the", "its"}
_EDGE_IN_PAREN = re.compile(r"^\s*(?:connect\w*|toward\w*|join\w*|exit\w*|pointing|link\w*|to)\b", re.I)
_EDGE_ITEMS = re.compile(
    r"\b[A-Za-z]{1,2}\d{1,3}\b|\b(?:north|south)(?:[\s-]?(?:east|west))?\b|\b(?:east|west|NE|NW|SE|SW|N|S|E|W)\b",
    re.I)
_ROT_IN_PAREN = re.compile(r"^\s*(?:rot(?:ation|ated)?\.?|r)\s*(\d)\s*$", re.I)
_CITY_IN_PAREN = re.compile(r"^\s*(?:city|slot)\s*#?\s*(\d+)\s*$", re.I)


def _compass(text: str) -> str:
    t = re.sub(r"[\s-]", "", text.lower())
    return _COMPASS_NORM.get(t, t.upper())


def _is_tree(x, data=None) -> bool:
    return isinstance(x, Tree) and (data is None or x.data == data)


def _tokens(node) -> list[Token]:
    if isinstance(node, Token):
        return [node]
    return [t for t in node.scan_values(lambda v: isinstance(v, Token))]


def _first_tok(node, type_: str) -> Optional[Token]:
    for t in (node.children if isinstance(node, Tree) else [node]):
        if isinstance(t, Token) and t.type == type_:
            return t
    return None


def _is_stop(x) -> bool:
    return isinstance(x, Tree) and x.data in ("stop", "stop_place")


def _subtrees(node: Tree, data: str) -> list[Tree]:
    return [c for c in node.children if isinstance(c, Tree) and c.data == data]


class _Reader(RemarkReader):
    """Reads the lines of one message, keeping the acting entity between moves."""

    def __init__(self, ctx: NotationContext) -> None:
        self.ctx = ctx
        self.index = name_index(ctx)
        self.parser = get_parser(ctx.title)
        #: short forms ("O-K") of the corporations named after two places, when no private
        #: company's name has the same initials
        taken = {hyphen_initials(full) for full in ctx.companies.values() if full}
        self.pairs = {short: full for full in ctx.corporations.values()
                      if full and (short := hyphen_initials(full)) and short not in taken}
        #: place names of one hex only -> the hex (a route written with places)
        named: dict[str, set] = {}
        for e in self.index.entries["location"]:
            for n in e.shown[1:]:
                named.setdefault(n, set()).add(e.ident)
        self.places = {n: next(iter(h)) for n, h in named.items() if len(h) == 1 and not re.search(r"[()&/]", n)}
        self.sticky: Optional[str] = None
        self.orphan: Optional[tuple] = None    # a name written alone, not yet used by a move
        self.header: Optional[str] = None
        self.line_no = 0
        self.line = ""
        self.claims: list[Claim] = []      # claims of the clause being read
        self.open: dict[int, tuple] = {}   # id(action) -> parts left unsaid
        self.notes: list[str] = []         # marks of the clause's log form ("receiving")
        self.clause_header: Optional[str] = None

    # ------------------------------------------------------------------ errors
    def _span(self, node) -> tuple[int, int]:
        if isinstance(node, Token):
            return node.start_pos or 0, node.end_pos or 0
        if isinstance(node, Tree) and not node.meta.empty:
            return node.meta.start_pos, node.meta.end_pos
        toks = _tokens(node) if node is not None else []
        if toks:
            return toks[0].start_pos, toks[-1].end_pos
        return 0, len(self.line)

    def text_of(self, node) -> str:
        a, b = self._span(node)
        return self.line[a:b]

    def err(self, message: str, node=None, *, expected: Sequence[str] = ()) -> NotationError:
        a, b = self._span(node) if node is not None else (0, len(self.line))
        return notation_error(message, line_no=self.line_no, line_text=self.line, column=a + 1,
                              text=self.line[a:b].strip(), expected=expected, length=b - a)

    def ambiguous(self, e: AmbiguousMoveError, node) -> AmbiguousMoveError:
        a, b = self._span(node)
        msg = f"line {self.line_no}, column {a + 1}: {clip_message(str(e))}\n{caret_block(self.line, a + 1, b - a)}"
        return AmbiguousMoveError(msg, candidates=e.candidates)

    # ------------------------------------------------------------------ lines
    def read_line(self, line_no: int, line: str) -> list:
        """The moves of one line; a line the grammar refuses is read once more reworded
        (notation/paraphrase.py), and the first refusal stands if that fails too."""
        # what a line read halfway may change: a reading that fails leaves no trace on the next
        saved = (self.header, self.sticky, self.orphan)
        try:
            return self._read_line(line_no, line)
        except NotationError as first:
            # the rules reword in one pass; a rewording may open the way for an earlier rule,
            # so a line still refused is reworded again (a few times at most)
            again: Optional[str] = line
            for _ in range(_REWORDINGS):
                again = paraphrase(again, self.pairs, self.places)
                if again is None:
                    break
                self.header, self.sticky, self.orphan = saved
                try:
                    return self._read_line(line_no, again)
                except PbemError:
                    continue
            self.line_no, self.line = line_no, line
            self.header, self.sticky, self.orphan = saved
            raise first from None

    def _read_line(self, line_no: int, line: str) -> list:
        self.line_no, self.line = line_no, line
        text = rewrite_names(self.index, line)
        try:
            tree = self.parser.parse(text)
        except UnexpectedInput as e:
            raise self._syntax_error(e, text) from None
        except LarkError as e:  # pragma: no cover - any other lark failure
            raise self.err(f"could not read this line ({e.__class__.__name__})") from None
        line_tree = tree.children[0]
        out = []
        for child in line_tree.children:
            if isinstance(child, Token) and child.type == "ROUND_HEADER":
                label = re.sub(r"[\s:,\-]+$", "", child.value).strip()
                self.header = re.sub(r"^(?:(?:in|during)\s+)?(?:the\s+)?", "", label, flags=re.I)
            elif _is_tree(child, "clauses"):
                for clause in child.children:
                    if isinstance(clause, Tree):
                        out.extend(self.clause(clause))
        return out

    def _syntax_error(self, e: UnexpectedInput, text: str) -> NotationError:
        line = self.line
        if isinstance(e, UnexpectedToken):
            tok = e.token
            expected = set(getattr(e, "accepts", None) or e.expected or ())
            if tok.type == "$END":
                col = len(line.rstrip()) + 1
                found, found_word, length = "the end of the line", None, 1
            else:
                col = tok.column or 1
                raw = line[tok.start_pos:tok.end_pos]
                found, found_word, length = f'"{raw}"', raw, max(1, len(raw))
        elif isinstance(e, UnexpectedCharacters):
            expected = set(e.allowed or ())
            col = e.column or 1
            m = re.match(r"\S+", line[col - 1:]) if col - 1 < len(line) else None
            raw = m.group(0) if m else line[col - 1:col]
            found, found_word, length = f'"{raw}"', raw, max(1, len(raw))
        else:  # pragma: no cover - UnexpectedEOF is not raised by LALR
            expected, col, found, found_word, length = set(), len(line) + 1, "the end of the line", None, 1
        if col <= 1 or not line[:col - 1].strip():
            expected.discard("$END")
        phrases = expected_words(expected)
        before = line[:col - 1].rstrip()
        where = ""
        if before:
            tail = before if len(before) <= 30 else "…" + before[-29:]
            where = f'after "{tail.strip()}", '
        msg = f"{where}expected {words_list(phrases)}, but found {found}"
        if found_word:
            w = re.match(r"[A-Za-z]+", found_word)
            if w:
                sugg = keyword_suggestion(w.group(0), None if any(n in MOVE_WORDS for n in expected) else ())
                if sugg and sugg.lower() != w.group(0).lower():
                    msg += f' — did you mean "{sugg}"?'
        return notation_error(msg, line_no=self.line_no, line_text=line, column=col,
                              text=(found_word or "").strip(), expected=phrases, length=length)

    # ------------------------------------------------------------------ results
    def finish(self, items: list, aside: Optional[list] = None) -> list[ParsedMove]:
        out: list[ParsedMove] = []
        pending = None   # an echo reporting what the next move does
        ahead: list = []  # log lines reporting a result of the next move
        for item in items:
            prev = out[-1] if out else None
            if pending is not None:
                echo, line_no, col, text, line_text = pending
                pending = None
                a = getattr(item, "action", None)
                if not (isinstance(a, PlaceToken) and a.entity == echo.entity and a.hex == echo.hex):
                    raise notation_error(
                        f"this reports {echo.what} and is not a move by itself; write the token "
                        f"placement, e.g. \"{echo.entity} places a token on {echo.hex} slot 1\"",
                        line_no=line_no, line_text=line_text, column=col, text=text)
                if "city" in item.open:    # the token takes the neutral one's place
                    item = dataclasses.replace(item, open=item.open + ("neutral",))
                if aside is not None:
                    aside.append((line_no, _LogNote("consequence", text)))
            if isinstance(item, _Remarks) and (item.forward or getattr(item.log, "forward", False)):
                ahead.append(item)     # belongs to the next move
                continue
            if isinstance(item, _Remarks):
                if prev is None and item.optional:
                    if aside is not None:
                        aside.append((item.line, item.log))
                    continue
                if prev is None:
                    raise notation_error("this remark belongs to no move: write the move before it",
                                         line_no=item.line, line_text=item.line_text,
                                         column=item.column, text=item.text)
                out[-1] = dataclasses.replace(prev, claims=prev.claims + item.claims)
                continue
            if isinstance(item, tuple) and item[0].kind == "neutral_removed":
                pending = item
                continue
            if isinstance(item, tuple):  # (echo, line, column, text)
                echo, line_no, col, text, line_text = item
                if (prev and isinstance(prev.action, Par) and prev.action.entity == echo.entity
                        and echo.corporation in (None, prev.action.corporation)):
                    if aside is not None:
                        aside.append((line_no, _LogNote("consequence", text)))
                    continue
                corp = echo.corporation or "CPR"
                raise notation_error(
                    f"this reports {echo.what} and is not a move by itself; write the par, "
                    f"e.g. \"par {corp} at 100\" (the president's share comes with it)",
                    line_no=line_no, line_text=line_text, column=col, text=text)
            a = item.action
            if prev and _result_of(prev, item):
                # a line reporting what the move before did ("MKN withholds 150₽" after its
                # half payout, "N merges into NW" after the merger into NW): its claims stay
                kept = tuple(c for c in item.claims if c.kind in ("payees", "per_share"))
                out[-1] = dataclasses.replace(prev, claims=prev.claims + tuple(
                    dataclasses.replace(c, line=item.line) for c in kept))
                if aside is not None:
                    aside.append((item.line, _LogNote("consequence", item.text)))
                continue
            if (prev and isinstance(a, BuyShares) and isinstance(prev.action, Par)
                    and prev.action.entity == a.entity and prev.action.corporation == a.corporation
                    and a.source == "ipo" and a.percent >= 2 * self.ctx.share_size(a.corporation)):
                if aside is not None:   # the president's certificate bought by the par itself
                    aside.append((item.line, _LogNote("consequence", item.text)))
                continue
            if (prev and isinstance(a, RunRoutes) and isinstance(prev.action, RunRoutes)
                    and a.entity == prev.action.entity and a.routes and prev.action.routes):
                merged = RunRoutes(a.entity, prev.action.routes + a.routes)
                out[-1] = ParsedMove(merged, prev.line, prev.column, prev.text + "; " + item.text,
                                     prev.header, prev.claims + item.claims)
                if aside is not None and item.line != prev.line:   # another train of the same run
                    aside.append((item.line, _LogNote("move", item.text)))
                continue
            if ahead:
                item = dataclasses.replace(item, claims=item.claims + tuple(c for r in ahead for c in r.claims))
                ahead = []
            out.append(item)
        if pending is not None:
            echo, line_no, col, text, line_text = pending
            raise notation_error(
                f"this reports {echo.what} and is not a move by itself; write the token "
                f"placement, e.g. \"{echo.entity} places a token on {echo.hex} slot 1\"",
                line_no=line_no, line_text=line_text, column=col, text=text)
        for r in ahead:          # no move followed: set aside like any other log line
            if r.log is None:
                raise notation_error("this says what the next move costs, but no move follows",
                                     line_no=r.line, line_text=r.line_text, column=r.column, text=r.text)
            if aside is not None:
                aside.append((r.line, r.log))
        return out

    # ------------------------------------------------------------------ clauses
    def clause(self, c: Tree) -> list:
        kind = c.data
        subject = None
        self.claims = []
        self.notes = []
        self.forward = False
        self.clause_header = None
        orphan, self.orphan = self.orphan, None
        if orphan is not None and kind in ("named_route", "with_subject", "subject_only"):
            # "KR and MV merge into MKN": a name with no move of its own before another name's
            # move would be dropped without a word; say so instead
            raise self.err(f'"{orphan[0]}" has no move of its own here: write its move, e.g. '
                           f'"{orphan[0]} passes; ..."', orphan[1],
                           expected=expected_words(set(MOVE_WORDS)))
        if kind == "named_route":
            return self._wrap(c, self.named_route(c))
        trees = [k for k in c.children if isinstance(k, Tree)]
        remarks = [k for k in trees if k.data.startswith("r_")]
        if kind == "remark_only":
            for r in remarks:
                self.remark(r, None, None)
            a, b = self._span(c)
            if self.clause_header is not None and not self.claims:
                self.header = self.clause_header
                return []
            return [_Remarks(tuple(self.claims), self.line_no, a + 1, self.line[a:b].strip(), self.line)]
        if kind in ("subject_only", "with_subject"):
            subject = self.subject(c.children[0], alone=(kind == "subject_only"))
            if subject is not None:
                self.sticky = subject
        if kind == "subject_only":
            self.orphan = (self.text_of(c.children[0]).strip().rstrip(":").strip(), c.children[0])
            return []
        body = next(k for k in trees[(1 if kind == "with_subject" else 0):] if not k.data.startswith("r_"))
        handler = getattr(self, "_c_" + body.data, None)
        if handler is None:  # pragma: no cover - grammar rule without a handler
            raise self.err(f"this kind of move ({body.data}) cannot be read yet", body)
        results = handler(body, subject)
        for r in remarks:
            self.remark(r, subject, body)
        return self._wrap(c, results)

    def _wrap(self, c: Tree, results: Iterable) -> list:
        a, b = self._span(c)
        text = self.line[a:b].strip()
        out = []
        results = list(results)
        moves = [r for r in results if not isinstance(r, _Echo)]
        header = self.clause_header or self.header
        for r in results:
            if isinstance(r, _Echo):
                out.append((r, self.line_no, a + 1, text, self.line))
            else:
                claims = tuple(self.claims) if r is moves[-1] else ()
                out.append(ParsedMove(r, self.line_no, a + 1, text, header, claims,
                                      self.open.pop(id(r), ()) + tuple(self.notes)))
        if self.claims and not moves:
            out.append(_Remarks(tuple(self.claims), self.line_no, a + 1, text, self.line,
                                forward=self.forward))
        self.claims = []
        return out

    # ------------------------------------------------------------------ entities
    def subject(self, node: Tree, alone: bool = False) -> Optional[str]:
        pron = _first_tok(node, "PRONOUN")
        if pron is not None:
            if self.ctx.actor is None:
                raise self.err(f'who is "{pron.value}"? start the move with your name', pron)
            return self.ctx.actor
        name = next(c for c in node.children if _is_tree(c, "name"))
        colon = _first_tok(node, "COLON")
        paren = _first_tok(node, "PAREN")
        if alone and colon is None:
            entry = self._try_lookup(self.text_of(name), ("player", "corporation", "company"))
            if entry is None:
                self._no_move_word(name)
        entry = self.resolve(name, ("player", "corporation", "company"), mode="priority")
        ident = entry.ident
        if paren is not None:
            inner = paren.value[1:-1]
            try:
                sub = self.index.lookup(inner, ("company",), mode="priority")
            except AmbiguousMoveError:
                sub = None
            if sub is not None:
                ident = sub.ident
        return ident

    def _try_lookup(self, text: str, kinds) -> Optional[Entry]:
        try:
            return self.index.lookup(text, kinds, mode="priority")
        except AmbiguousMoveError:
            return None

    def _no_move_word(self, name: Tree):
        words = [t for t in name.children if isinstance(t, Token)]
        # which leading words name someone: no name is longer than MAX_NAME_WORDS words, so
        # a line of 2,000 words costs a dozen look-ups, not 2,000 ever longer ones
        for i in range(min(len(words) - 1, MAX_NAME_WORDS), 0, -1):
            a = words[0].start_pos
            b = words[i - 1].end_pos
            if self._try_lookup(self.line[a:b], ("player", "corporation", "company")):
                bad = words[i]
                raw = self.line[bad.start_pos:bad.end_pos]
                msg = (f'after "{self.line[a:b]}", expected {expected_words(set(MOVE_WORDS))[0]}, '
                       f'but found "{raw}"')
                sugg = keyword_suggestion(raw)
                if sugg:
                    msg += f' — did you mean "{sugg}"?'
                raise self.err(msg, bad, expected=expected_words(set(MOVE_WORDS)))
        first = words[0]
        raw = self.line[first.start_pos:first.end_pos]
        sugg = keyword_suggestion(raw)
        if sugg:
            raise self.err(f'expected a move, but found "{raw}" — did you mean "{sugg}"?', first,
                           expected=expected_words(set(MOVE_WORDS)))
        text = self.text_of(name).strip()
        _, sugg = self.index.unknown_message(text, ("player", "corporation", "company"))
        msg = (f'no move found: "{text}" is neither a move word ({MOVE_PHRASE_SHORT}) '
               f'nor a known name')
        if sugg:
            msg += f' — did you mean "{sugg[0]}"?'
        raise self.err(msg, name, expected=expected_words(set(MOVE_WORDS)))

    def resolve(self, node, kinds: Sequence[str], *, mode: str = "priority") -> Entry:
        text = self.text_of(node)
        try:
            entry = self.index.lookup(text, kinds, mode=mode)
        except AmbiguousMoveError as e:
            raise self.ambiguous(e, node) from None
        if entry is None:
            msg, _ = self.index.unknown_message(text, kinds)
            if kinds == ("location",):
                msg = msg.split(" (known:")[0] + ": give a hex coordinate such as J10"
                if self.index.entries["location"]:
                    msg += " or a place name"
            if " did you mean" not in msg:
                w = re.match(r"\s*([A-Za-z]+)", text)
                sugg = keyword_suggestion(w.group(1), others=True) if w else None
                if sugg:
                    msg += f' — did you mean the word "{sugg}"?'
            raise self.err(msg, node, expected=[KIND_WORDS[k] for k in kinds])
        return entry

    def entity(self, family: str, subject: Optional[str], node) -> str:
        """Who makes a move of `family` ('player', 'corp', 'any', 'mover')."""
        ctx = self.ctx
        kind = ctx.kind_of
        cand = subject if subject is not None else self.sticky
        corpish = ("corporation", "company")
        if family == "mover":
            if cand is not None and kind(cand) == "company":
                return cand
            if ctx.token_mover:
                return ctx.token_mover
            family = "corp"
        if family == "player":
            if cand is not None and (kind(cand) == "player" or subject is not None):
                return cand
            if ctx.actor is not None:
                return ctx.actor
            if ctx.current is not None and kind(ctx.current) != "corporation":
                return ctx.current
            raise self.err("who makes this move? start it with the player's name, e.g. \"Ann: ...\"",
                           node, expected=[KIND_WORDS["player"]])
        if family == "corp":
            if cand is not None and kind(cand) in corpish:
                return cand
            if ctx.current is not None and kind(ctx.current) in corpish:
                return ctx.current
            if cand is not None and kind(cand) == "player":
                raise self.err(f'"{ctx.players.get(cand, cand)}" is a player; name the company that '
                               f'makes this move, e.g. "CPR: ..."', node,
                               expected=[KIND_WORDS["corporation"]])
            if cand is not None:
                return cand
            raise self.err("which company makes this move? start it with its name, e.g. \"CPR: ...\"",
                           node, expected=[KIND_WORDS["corporation"]])
        # any
        if cand is not None:
            return cand
        if ctx.current is not None and kind(ctx.current) in corpish:
            return ctx.current
        if ctx.actor is not None:
            return ctx.actor
        if ctx.current is not None:
            return ctx.current
        raise self.err("who makes this move? start it with a name, e.g. \"Ann: pass\"", node,
                       expected=[KIND_WORDS["player"], KIND_WORDS["corporation"]])

    def corp_side(self, subject: Optional[str]) -> bool:
        """Does a move naming `subject` (or nobody) come from a corporation?"""
        kind = self.ctx.kind_of
        cand = subject if subject is not None else self.sticky
        if cand is not None and kind(cand) is not None:
            return kind(cand) in ("corporation", "company")
        return kind(self.ctx.current) in ("corporation", "company")

    # ------------------------------------------------------------------ values
    def price(self, node: Tree) -> int:
        num = _first_tok(node, "NUMBER")
        if num is None:      # "$11.0": 18xx.games writes amounts per share with a decimal
            dec = _first_tok(node, "DECIMAL")
            whole, frac = dec.value.split(".")
            if int(frac) != 0:
                raise self.err("an amount of whole money units is expected here", node,
                               expected=["an amount such as $60"])
            num = Token("NUMBER", whole)
        value = int(num.value)
        if value > 10 ** 9:
            raise self.err("this amount is too large", node)
        return value

    def count(self, node: Tree) -> int:
        tok = node.children[0]
        if tok.type == "NUMBER":
            n = int(tok.value)
        else:
            n = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten"].index(tok.value.lower()) + 1
        if n <= 0 or n > 100:
            raise self.err("a count of shares is 1 or more", node)
        return n

    def hex_of(self, tok: Token) -> tuple[str, Optional[int]]:
        m = _HEX_RE.match(tok.value)
        if not m:  # pragma: no cover - the terminal guarantees the shape
            raise self.err("not a hex coordinate", tok)
        idx = None
        if m.group(3) is not None:
            idx = int(m.group(3))
            if idx == 0:
                raise self.err("cities are counted from 1 (J10.1 is the first city)", tok)
            idx -= 1
        return m.group(1).upper() + m.group(2), idx

    def place(self, node) -> str:
        return self.resolve(node, ("location",)).ident

    def paren(self, tok: Optional[Token], hex_: str) -> tuple[Optional[int], tuple]:
        """Check '(Name)' after a hex; returns (city index from '(city 2)', edges)."""
        if tok is None:
            return None, ()
        inner = tok.value[1:-1].strip()
        if not inner:
            return None, ()
        m = _CITY_IN_PAREN.match(inner)
        if m:
            n = int(m.group(1))
            if n == 0:
                raise self.err("cities are counted from 1", tok)
            return n - 1, ()
        if _EDGE_IN_PAREN.match(inner):
            body = _EDGE_IN_PAREN.sub("", inner)
            body = re.sub(r"^\s*(?:track\s+)?(?:to|towards?)?\s*", "", body, flags=re.I)
            edges = tuple(self._edge_text(x) for x in _EDGE_ITEMS.findall(body))
            return None, edges
        # a place name: must agree with the hex when we know the map
        entries = {e.ident: e for e in self.index.entries["location"]}
        q = norm(inner)
        own = entries.get(hex_)
        if own is not None:
            if any(f == q or f.startswith(q) or q.startswith(f) for f in own.exact):
                return None, ()
            other = self._try_lookup_place(inner)
            where = f"; {inner} is {other.ident}" if other is not None and other.ident != hex_ else ""
            raise self.err(f'{hex_} is {own.shown[1] if len(own.shown) > 1 else hex_}, not "{inner}"{where}',
                           tok, expected=["the place name of that hex"])
        other = self._try_lookup_place(inner)
        if other is not None and other.ident != hex_ and q in other.exact:
            raise self.err(f'"{inner}" is {other.ident}, not {hex_}', tok)
        return None, ()

    def _try_lookup_place(self, text: str) -> Optional[Entry]:
        try:
            return self.index.lookup(text, ("location",))
        except AmbiguousMoveError:
            return None

    def _edge_text(self, raw: str) -> str:
        m = _HEX_RE.match(raw)
        if m and m.group(3) is None:
            return m.group(1).upper() + m.group(2)
        c = _compass(raw)
        if c not in self.ctx.compass_sides():
            raise self.err(f'"{raw}" is not a side of this map\'s hexes (sides: '
                           f'{", ".join(self.ctx.compass_sides())})', None)
        return c

    def rotation(self, node: Tree) -> int:
        toks = [t for t in node.children if isinstance(t, Token)]
        last = toks[-1]
        if last.type == "R_ROT":
            return int(last.value[-1])
        if last.type == "NUMBER":
            r = int(last.value)
            if not 0 <= r <= 5:
                raise self.err("a rotation is a number from 0 to 5", last, expected=["0-5"])
            return r
        # COMPASS
        c = _compass(last.value)
        sides = self.ctx.compass_sides()
        if c not in sides:
            raise self.err(f'"{last.value}" is not a side of this map\'s hexes (sides: '
                           f'{", ".join(sides)})', last, expected=list(sides))
        return sides[c]

    def train(self, node) -> str:
        toks = [t for t in _tokens(node) if t.type in ("NUMBER", "PLUS", "SLASH", "WORD", "COMPASS")]
        text = "".join(t.value for t in toks)
        if not text:  # pragma: no cover
            raise self.err("which train?", node)
        if not self.ctx.trains:
            return text.upper() if not text.isdigit() else str(int(text))
        q = norm(text)
        for e in self.index.entries["train"]:
            if q in e.exact:
                return e.ident
        sugg = [e.ident for e in self.index.entries["train"]]
        raise self.err(f'unknown train "{text}" (trains: {", ".join(sugg)})', node,
                       expected=["a train such as " + (sugg[0] if sugg else "2")])

    def train_word(self, text: str) -> Optional[str]:
        """The train a bare name like "D" or "Diesel" stands for, if any."""
        q = norm(text)
        for e in self.index.entries["train"]:
            if q in e.exact:
                return e.ident
        return None

    # ------------------------------------------------------------------ stock moves
    def _c_pass(self, node: Tree, subject):
        for tail in node.children:
            if _is_tree(tail, "pass_on"):
                name = next(c for c in tail.children if _is_tree(c, "name"))
                words = [w.value.lower() for w in name.children]
                if not all(w in _PASS_WORDS for w in words):
                    self.resolve(name, ("company", "corporation"), mode="priority")
            elif _is_tree(tail, "pass_step"):
                self.claim("step", _STEP_OF_DESC.get(re.sub(r"\s+", " ", tail.children[0].value.lower())), tail)
            elif _is_tree(tail, "pass_words"):
                words = [t.children[0] for t in tail.children]
                for w in words:
                    if w.value.lower().strip("'") not in _PASS_WORDS:
                        raise self.err(
                            f'after "pass" I expected nothing more (or what is passed, e.g. '
                            f'"pass on SC"), but found "{w.value}"', w,
                            expected=["the end of the move"])
                # "skips the tile and the token": two steps passed, two passes
                low = [w.value.lower() for w in words]
                if "and" in low:
                    steps = {_STEP_OF_WORD[w] for w in low if w in _STEP_OF_WORD}
                    if len(steps) > 1:
                        return [Pass(self.entity("any", subject, node)) for _ in steps]
        return [Pass(self.entity("any", subject, node))]

    def _c_bid_price_first(self, node: Tree, subject):
        return self._bid(node, subject)

    def _c_bid_name_first(self, node: Tree, subject):
        return self._bid(node, subject)

    def _bid(self, node: Tree, subject):
        name = next(c for c in node.children if _is_tree(c, "name"))
        price = self.price(next(c for c in node.children if _is_tree(c, "price")))
        # a private, or (1861) a minor put up for auction
        company = self.resolve(name, ("company", "corporation"), mode="priority").ident
        return [Bid(self.entity("player", subject, node), company, price)]

    def _c_par(self, node: Tree, subject):
        name = next(c for c in node.children if _is_tree(c, "name"))
        price = self.price(next(c for c in node.children if _is_tree(c, "price")))
        word = (_first_tok(node, "PAR").value or "").lower()
        if word.startswith(("open", "start")):
            # "opens the Black Sea Shipping at 30": the first bid on a private company
            text = self.text_of(name)
            company = self._try_lookup(text, ("company",))
            if company is not None and self._try_lookup(text, ("corporation",)) is None:
                return [Bid(self.entity("player", subject, node), company.ident, price)]
        corp = self.resolve(name, ("corporation",)).ident
        if word.startswith(("open", "start")) and corp in self.ctx.auctioned:
            # "opens the Nikolaev at 100": 1861's minors are started by an auction
            return [Bid(self.entity("player", subject, node), corp, price)]
        return [Par(self.entity("player", subject, node), corp, price)]

    def _c_title_action(self, node: Tree, subject):
        inner = node.children[0]
        if not isinstance(inner, Tree):
            raise self.err("this cannot be read as a move", node)
        handler = getattr(self, "_c_" + inner.data, None)
        if handler is None:  # pragma: no cover
            raise self.err(f"this kind of move ({inner.data}) cannot be read yet", inner)
        return handler(inner, subject)

    def _c_convert(self, node: Tree, subject):
        names = [c for c in node.children if _is_tree(c, "name")]
        price = self.price(next(c for c in node.children if _is_tree(c, "price")))
        if len(names) == 2:
            self.resolve(names[0], ("company", "corporation"), mode="priority")
            corp = self.resolve(names[1], ("corporation",)).ident
        else:
            corp = self.resolve(names[0], ("corporation",)).ident
        return [Par(self.entity("player", subject, node), corp, price)]

    def _c_convert61(self, node: Tree, subject):
        """1861: "KR converts" (then a merge names the major), or "KR converts into MK"."""
        ent = self.entity("corp", subject, node)
        out = [Convert(ent)]
        name = next((c for c in node.children if _is_tree(c, "name")), None)
        if name is not None:
            out.append(Merge(ent, self.resolve(name, ("corporation",)).ident))
        return out

    def _c_merge(self, node: Tree, subject):
        """1861: "MV merges KR" (add a minor) or "MV merges into GRR" (name the major)."""
        name = next(c for c in node.children if _is_tree(c, "name"))
        return [Merge(self.entity("corp", subject, node), self.resolve(name, ("corporation",)).ident)]

    def _c_merge_add(self, node: Tree, subject):
        """1861 log: "Adding N to merge of MB" (or "of MB,KR"): the merger MB started takes in N."""
        names = _subtrees(node, "name")
        added = self.resolve(names[0], ("corporation",)).ident
        first = self.resolve(names[1], ("corporation",)).ident
        return [Merge(first, added)]

    def _c_redeem(self, node: Tree, subject):
        """1861: "GRR redeems a 10% share from the market": the major buys back its own share."""
        ent = self.entity("corp", subject, node)
        name = next((c for c in node.children if _is_tree(c, "name")), None)
        corp = self.resolve(name, ("corporation",)).ident if name is not None else ent
        pct_tok = _first_tok(node, "PERCENT")
        cnt = next((c for c in node.children if _is_tree(c, "count")), None)
        percent = int(re.match(r"\d+", pct_tok.value).group(0)) if pct_tok is not None else \
            (self.count(cnt) if cnt is not None else 1) * self.ctx.share_size(corp)
        mods = self._mods([c for c in node.children if isinstance(c, Tree) and c.data.startswith("mod_")])
        if mods["source"] is None:
            mods["source"] = Tree("src_pool", [])
        return [self._buy_shares(node, ent, corp, percent, mods)]

    def _c_nationalize(self, node: Tree, subject):
        return [Choose(self.entity("corp", subject, node), "nationalize")]

    def _mods(self, mods: list[Tree]) -> dict:
        out: dict = {"source": None, "price": None, "trade": None, "for": None, "nodes": {}}
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
                out["trade"] = self.train(m.children[-1])
                out["nodes"]["trade"] = m
            elif m.data == "mod_for":
                if out.get("for") is not None:
                    raise self.err("two companies named after \"for\"", m)
                out["for"] = m
                out["nodes"]["for"] = m
        return out

    def _c_buy(self, node: Tree, subject):
        what = node.children[1]
        mods = self._mods([c for c in node.children[2:] if isinstance(c, Tree)])
        d = what.data
        if d == "buy_train":
            self._one_train_only(what)
            return [self._buy_train(node, subject, self.train(what.children[-1]), mods)]
        name = next((c for c in what.children if _is_tree(c, "name")), None)
        shares_word = _first_tok(what, "SHARE_N") is not None
        if d == "buy_percent":
            pct = int(re.match(r"\d+", _first_tok(what, "PERCENT").value).group(0))
            corp = self.resolve(name, ("corporation",)).ident
            return [self._buy_shares(node, subject, corp, pct, mods)]
        if d in ("buy_count_shares", "buy_count_name"):
            # "a share of CPR", "2 shares of CPR", "2 CPR", "a 2nd share of CPR"
            cnt_node = next((c for c in what.children if _is_tree(c, "count")), None)
            cnt = self.count(cnt_node) if cnt_node is not None else 1
            corp = self.resolve(name, ("corporation",)).ident
            return [self._buy_shares(node, subject, corp, cnt * self.ctx.share_size(corp), mods)]
        if d == "buy_name" and shares_word:
            corp = self.resolve(name, ("corporation",)).ident
            return [self._buy_shares(node, subject, corp, self.ctx.share_size(corp), mods)]
        if d == "buy_private":
            comp = self.resolve(name, ("company",)).ident
            return [self._buy_company(node, subject, comp, mods)]
        # buy_name: a corporation (shares), a private, or a train named by a word ("D")
        text = self.text_of(name)
        corp_side = self.corp_side(subject)
        tname = self.train_word(text)
        if tname is not None:
            try:
                hit = self.index.lookup(text, ("corporation", "company"), mode="union")
            except AmbiguousMoveError:
                hit = None
            if hit is None or norm(text) not in hit.exact:
                return [self._buy_train(node, subject, tname, mods)]
        if corp_side or mods["price"] is not None:
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
        self._no_for(mods)
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
            elif src.data == "src_bank":
                raise self.ambiguous(AmbiguousMoveError(
                    '"from the bank" could mean the IPO or the bank pool; write "from the IPO" '
                    'or "from the pool"', candidates=["ipo", "pool"]), src)
            else:
                raise self.err('shares come "from the IPO" or "from the pool"', src,
                               expected=['"IPO"', '"pool"'])
        return BuyShares(self.entity("player", subject, node), corp, source, percent)

    def _no_for(self, mods: dict) -> None:
        if mods.get("for") is not None:
            raise self.err('"for" names the company a train is bought for; give a price here',
                           mods["nodes"]["for"], expected=["an amount such as $60"])

    def _buy_company(self, node, subject, company: str, mods: dict):
        self._no_for(mods)
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
        if self.corp_side(subject) or seller is not None:
            if price is None:
                raise self.err(f"give the price: e.g. \"buys {company} for 40\"", node,
                               expected=['"for" and the price'])
            return BuyCompany(self.entity("corp", subject, node), company, price)
        if price is None:
            raise self.err(f"give the price: e.g. \"bids 20 for {company}\" (or \"buys a share of ...\" "
                           f"for shares)", node, expected=['"for" and the price'])
        return Bid(self.entity("player", subject, node), company, price)

    def _one_train_only(self, what: Tree) -> None:
        """"buys 2 trains" (a number, the plural, no article) may mean two trains or one 2-train."""
        toks = _tokens(what)
        words = [t for t in toks if t.type == "TRAIN_N"]
        nums = [t for t in toks if t.type == "NUMBER"]
        if (len(words) != 1 or len(nums) != 1 or any(t.type == "ARTICLE" for t in toks)
                or not words[0].value.lower().endswith("s")):
            return
        word, num = words[0], nums[0]
        raise self.ambiguous(AmbiguousMoveError(
            f'"{num.value} {word.value}" could mean one {num.value}-train or {num.value} trains; a move buys '
            f'one train: write "buys a {num.value} train"', candidates=[f"buys a {num.value} train"]), what)

    def _buy_train(self, node, subject, train: str, mods: dict):
        source = "depot"
        src = mods["source"]
        if src is not None:
            if src.data in ("src_pool", "src_bank", "src_depot"):
                source = "depot"
            elif src.data == "src_name":
                source = self.resolve(src.children[-1], ("corporation",)).ident
            else:
                raise self.err('trains come from the depot or from another corporation', src,
                               expected=['"depot"', KIND_WORDS["corporation"]])
        buyer = self.entity("corp", subject, node) if mods.get("for") is None else self._for_corp(mods["for"], subject)
        return BuyTrain(buyer, train, source, mods["price"], mods["trade"])

    def _for_corp(self, m: Tree, subject: Optional[str]) -> str:
        """ "Cid is buying a 4 train for CPR": the corporation named after "for" buys."""
        corp = self.resolve(next(c for c in m.children if _is_tree(c, "name")), ("corporation",)).ident
        who = subject if subject is not None else self.sticky
        if who is not None and self.ctx.kind_of(who) == "corporation" and who != corp:
            raise self.err(f"{who} cannot buy for {corp}: name one company", m)
        if who is not None and self.ctx.kind_of(who) == "player":
            self.claims.append(Claim("president", (who, corp), self.text_of(m).strip(), self._span(m)[0] + 1))
        return corp

    def _c_sell(self, node: Tree, subject):
        items = [c for c in node.children if _is_tree(c, "sell_item") or _is_tree(c, "sell_all")]
        entity = self.entity("player", subject, node)
        out = []
        for it in items:
            if it.data == "sell_all":
                out.append(self._sell_all(it, entity))
                continue
            name = next(c for c in it.children if _is_tree(c, "name"))
            corp = self.resolve(name, ("corporation",)).ident
            cnt_node = next((c for c in it.children if _is_tree(c, "count")), None)
            pct_tok = _first_tok(it, "PERCENT")
            size = self.ctx.share_size(corp)
            cnt = self.count(cnt_node) if cnt_node is not None else None
            pct = int(re.match(r"\d+", pct_tok.value).group(0)) if pct_tok is not None else None
            if pct is not None and cnt is not None:
                percent = cnt * pct
            elif pct is not None:
                percent = pct
            else:
                percent = (cnt or 1) * size
            if percent <= 0 or percent > 100:
                raise self.err("a sale is between 1% and 100% of a corporation", it)
            out.append(SellShares(entity, corp, percent))
        tail = next((c for c in node.children if _is_tree(c, "sell_tail")), None)
        if tail is not None and len(out) == 1:
            self.claim("received", self.price(next(c for c in tail.children if _is_tree(c, "price"))), tail)
        return out

    def _sell_all(self, it: Tree, entity: str) -> SellShares:
        """ "sells all her GT" (the whole holding), "sold both his CPR shares" (two shares)."""
        name = next(c for c in it.children if _is_tree(c, "name"))
        corp = self.resolve(name, ("corporation",)).ident
        word = it.children[0]
        if self.ctx.holdings is None:
            raise self.ambiguous(AmbiguousMoveError(
                f'"{word.value}" of {corp}: how many shares is not known here; write the count, '
                f'e.g. "sells 2 {corp}"', candidates=[f"sells {n} {corp}" for n in (1, 2, 3)]), word)
        held = self.ctx.holdings(entity, corp)
        size = self.ctx.share_size(corp)
        if held <= 0:
            raise self.err(f"{self.ctx.players.get(entity, entity)} holds no {corp}", it)
        if word.value.lower() == "both" and held != 2 * size:
            raise self.err(f'"both": {self.ctx.players.get(entity, entity)} holds {held}% of {corp}, '
                           f"not two shares", word, expected=["the number of shares"])
        return SellShares(entity, corp, held)

    def _c_exchange_echo(self, node: Tree, subject):
        names = [c for c in node.children if _is_tree(c, "name")]
        self.resolve(names[0], ("company", "corporation"), mode="priority")
        corp = self.resolve(names[-1], ("corporation",)).ident
        return [_Echo("par_exchange", self.entity("player", subject, node), corp,
                      "the exchange that comes with a par")]

    def _c_pay_for_shares(self, node: Tree, subject):
        return [_Echo("par_buy", self.entity("player", subject, node), None,
                      "the payment for the president's share")]

    # ------------------------------------------------------------------ track and tokens
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
                tok = _first_tok(item, "HEX")
                h, idx = self.hex_of(tok)
                if idx is not None:
                    raise self.err("a tile is laid on a whole hex: no city number here", tok)
                ptok = _first_tok(item, "PAREN")
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
                name = next(c for c in item.children if _is_tree(c, "name"))
                h = self.place(name)
                _, e = self.paren(_first_tok(item, "PAREN"), h)
                edges.extend(e)
                hexes.append((h, name))
            elif d == "li_to":
                to_items.append(item)
            elif d == "li_rot":
                rots.append((self.rotation(item.children[0]), item))
            elif d == "li_edges":
                for t in item.children:
                    if _is_tree(t, "edge_target"):
                        edges.append(self._edge(t))
            elif d == "li_color":
                raise self.err("say which tile by its number, e.g. \"#57\"; a colour can mean "
                               "several tiles", item, expected=["a tile number such as #57"])
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
        toks = [t for t in _tokens(node) if t.type in ("TILE_HASH", "NUMBER", "HEX", "WORD", "TILE_COPY")]
        tok = toks[-1]
        if tok.type == "TILE_COPY":
            base, suffix = tok.value.split("-", 1)
            raise self.ambiguous(AmbiguousMoveError(
                f'"{tok.value}": the part after "-" is a copy number in 18xx.games records but a '
                f'rotation elsewhere; write "#{base} rot {suffix}" for rotation {suffix}, or "#{base}"',
                candidates=[f"#{base}", f"#{base} rot {suffix}"]), tok)
        value = tok.value.lstrip("#").strip()
        if tok.type == "TILE_HASH" and "-" in value:
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
            c = _compass(first.value)
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
                tok = _first_tok(item, "HEX")
                h, idx = self.hex_of(tok)
                pidx, _ = self.paren(_first_tok(item, "PAREN"), h)
                out["hexes"].append((h, tok))
                for v in (idx, pidx):
                    if v is not None:
                        self._set_once(out, "city", v, tok)
            elif d == "ti_place":
                name = next(c for c in item.children if _is_tree(c, "name"))
                h = self.place(name)
                pidx, _ = self.paren(_first_tok(item, "PAREN"), h)
                out["hexes"].append((h, name))
                if pidx is not None:
                    self._set_once(out, "city", pidx, name)
            elif d == "ti_city":
                self._set_once(out, "city", self._index1(_first_tok(item, "NUMBER")), item)
            elif d == "ti_slot":
                self._set_once(out, "slot", self._index1(_first_tok(item, "NUMBER")), item)
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
        if i < len(kids) and _is_tree(kids[i], "city_spec"):
            cidx = self._index1(_first_tok(kids[i], "NUMBER"))
            if idx is not None and idx != cidx:
                raise self.err("two different city numbers given", kids[i])
            idx = cidx
            i += 1
        return h, idx or 0, i

    def _c_remove_token(self, node: Tree, subject):
        h, city, _ = self._hex_city(node, 0)
        if _first_tok(node, "NEUTRAL") is not None:
            # 18xx.games 1882: "SC removes neutral token from J10" reports a home token
            # replacing a neutral one; the place-token line after it is the move
            return [_Echo("neutral_removed", self.entity("corp", subject, node), None,
                          "a neutral token replaced by a home token", h)]
        return [RemoveToken(self.entity("mover", subject, node), h, city)]

    def _c_remove_token_place(self, node: Tree, subject):
        """'NW removes its token from Kiev': the place named where the hex is expected."""
        name = next(c for c in node.children if _is_tree(c, "name"))
        spec = next((c for c in node.children if _is_tree(c, "city_spec")), None)
        city = self._index1(_first_tok(spec, "NUMBER")) if spec is not None else 0
        return [RemoveToken(self.entity("mover", subject, node), self.place(name), city)]

    def _c_move_token(self, node: Tree, subject):
        h1, c1, i = self._hex_city(node, 0)
        h2, c2, _ = self._hex_city(node, i)
        who = self.entity("mover", subject, node)
        return [RemoveToken(who, h1, c1), PlaceToken(who, h2, c2)]

    # ------------------------------------------------------------------ trains
    def _c_run(self, node: Tree, subject):
        routes = [self.route(r) for r in _subtrees(node, "route")]
        return [RunRoutes(self.entity("corp", subject, node), tuple(routes))]

    def _c_bare_route(self, node: Tree, subject):
        train = self.train(node.children[0])
        return [RunRoutes(self.entity("corp", subject, node), (self._route(train, node.children[1]),))]

    def named_route(self, c: Tree) -> list:
        subj, rest = c.children[0], c.children[1:]
        name = next((x for x in subj.children if _is_tree(x, "name")), None)
        train = self.train_word(self.text_of(name)) if name is not None else None
        if train is None:
            if name is not None and not self.ctx.trains and len(name.children) == 1:
                train = name.children[0].value.upper()
            elif (only := self._only_train(name)) is not None:
                train = only              # "SPW: A9-B8-E1 for 80": SPW has trains of one kind
            else:
                raise self.err('which train runs? write it before the stops, e.g. "2 train: I5-J10"',
                               subj, expected=["a train such as 2"])
        route = self._route_parts(train, rest, c)
        return [RunRoutes(self.entity("corp", None, c), (route,))]

    def _c_run_untrained(self, node: Tree, subject):
        corp = self.entity("corp", subject, node)
        kinds = set(self.ctx.trains_of(corp)) if self.ctx.trains_of is not None else set()
        if len(kinds) != 1:
            raise self.err('which train runs? write it before the stops, e.g. "runs 2 train I5-J10"',
                           node, expected=["a train such as 2"])
        stops = next(c for c in node.children if _is_tree(c, "untrained_stops"))
        kids = [Tree("stop", [k]) if isinstance(k, Token) and k.type == "HEX" else k for k in stops.children]
        rest = [Tree("stops", kids), *(c for c in node.children if _is_tree(c, "route_rest_after_stops"))]
        return [RunRoutes(corp, (self._route_parts(kinds.pop(), rest, node),))]

    def _only_train(self, name) -> Optional[str]:
        """The kind of train a corporation named as a route's subject owns, if it owns one kind."""
        if name is None or self.ctx.trains_of is None:
            return None
        corp = self._try_lookup(self.text_of(name), ("corporation",))
        if corp is None:
            return None
        kinds = set(self.ctx.trains_of(corp.ident))
        return kinds.pop() if len(kinds) == 1 else None

    def route(self, r: Tree) -> Route:
        kids = [k for k in r.children if isinstance(k, Tree)]
        train = self.train(kids[0])
        return self._route(train, kids[1])

    def _route(self, train: str, rest: Tree) -> Route:
        if rest.data == "route_from":
            return self._route_from(train, rest)
        if rest.data == "rest_revenue_only":
            # "runs the 3 for 80": no stops; the table finds the route that earns that
            return Route(train, (), None, self._revenue(rest.children[0]))
        return self._route_parts(train, rest.children, rest)

    def _route_parts(self, train: str, parts, node) -> Route:
        stops = None
        revenue = None
        via = None
        trusted = False
        flat = []
        for p in parts:
            if _is_tree(p, "route_rest_after_stops"):
                flat.extend(p.children)
            else:
                flat.append(p)
        for p in flat:
            if not isinstance(p, Tree):
                continue
            if p.data == "stops":
                stops = tuple(self._stop(s) for s in p.children if _is_stop(s))
            elif p.data == "revenue":
                revenue = self._revenue(p)
            elif p.data == "via":
                via = p
            elif p.data == "trusted":
                trusted = self._trusted(p)
        if not stops:  # pragma: no cover - the grammar requires stops
            raise self.err("which stops?", node)
        via_t = self._via(via, stops) if via is not None else None
        return Route(train, stops, via_t, revenue, trusted)

    def _trusted(self, p: Tree) -> bool:
        if not self.ctx.allow_trusted:
            raise self.err('"trusted" revenue is accepted only from imported records', p)
        return True

    def _route_from(self, train: str, rest: Tree) -> Route:
        first = self._stop(next(c for c in rest.children if _is_stop(c)))
        stops = [first]
        legs = []
        any_via = False
        revenue = None
        trusted = False
        for p in rest.children:
            if _is_tree(p, "via_leg"):
                mids = [self.hex_of(t)[0] for t in p.children if isinstance(t, Token) and t.type == "HEX"]
                stop = self._stop(next(c for c in p.children if _is_stop(c)))
                any_via = any_via or bool(mids)
                legs.append((stops[-1].hex, *mids, stop.hex))
                stops.append(stop)
            elif _is_tree(p, "revenue"):
                revenue = self._revenue(p)
            elif _is_tree(p, "trusted"):
                trusted = self._trusted(p)
        return Route(train, tuple(stops), tuple(legs) if any_via else None, revenue, trusted)

    def _stop(self, s: Tree) -> Stop:
        if s.data == "stop_place":      # a place by name: "from Regina to Saskatoon"
            return Stop(self.place(s.children[0]), None)
        h, idx = self.hex_of(s.children[0])
        return Stop(h, idx)

    def _revenue(self, p: Tree) -> int:
        sums = []
        for e in _subtrees(p, "rev_expr"):
            sums.append(sum(self.price(x) for x in _subtrees(e, "price")))
        if len(set(sums)) > 1:
            raise self.err("the revenue figures disagree: " + " = ".join(str(s) for s in sums), p)
        return sums[0]

    def _via(self, via: Tree, stops: tuple) -> tuple:
        legs = []
        for leg in _subtrees(via, "leg"):
            hexes = []
            for t in leg.children:
                if isinstance(t, Token) and t.type == "HEX":
                    h, idx = self.hex_of(t)
                    if idx is not None:
                        raise self.err("no city numbers inside a via path", t)
                    hexes.append(h)
            legs.append(tuple(hexes))
        if len(legs) != len(stops) - 1:
            raise self.err(f"the via part gives {len(legs)} legs for {len(stops)} stops "
                           f"(one leg between each two stops, e.g. I5>I6>J10)", via)
        for i, leg in enumerate(legs):
            if leg[0] != stops[i].hex or leg[-1] != stops[i + 1].hex:
                raise self.err(f"leg {i + 1} of the via part should run from {stops[i].hex} to "
                               f"{stops[i + 1].hex}", via)
        return tuple(legs)

    def _c_no_run(self, node: Tree, subject):
        return [RunRoutes(self.entity("corp", subject, node), ())]

    def _c_div_pay(self, node: Tree, subject):
        self._div_claims(node)
        return [Dividend(self.entity("corp", subject, node), "payout")]

    def _c_div_half(self, node: Tree, subject):
        self._div_claims(node)
        return [Dividend(self.entity("corp", subject, node), "half")]

    def _c_div_withhold(self, node: Tree, subject):
        w = _first_tok(node, "WORD")
        if w is not None and w.value.lower() not in _KEEP_WORDS:
            raise self.err(f'after "{node.children[0].value}" I expected nothing more or an '
                           f'amount, but found "{w.value}"', w, expected=["an amount such as $60"])
        self._div_claims(node)
        return [Dividend(self.entity("corp", subject, node), "withhold")]

    def _c_discard(self, node: Tree, subject):
        tr = next(c for c in node.children if _is_tree(c, "train_ref"))
        return [DiscardTrain(self.entity("corp", subject, node), self.train(tr))]

    def _c_exchange_train(self, node: Tree, subject):
        trains = [c for c in node.children if isinstance(c, Tree) and c.data in ("buy_train_ref", "train_ref")]
        old, new = self.train(trains[0]), self.train(trains[1])
        mods = self._mods([c for c in node.children if isinstance(c, Tree) and c.data.startswith("mod_")])
        if mods["trade"] is not None and mods["trade"] != old:
            raise self.err("two different trains traded in", mods["nodes"]["trade"])
        mods["trade"] = old
        return [self._buy_train(node, subject, new, mods)]

    def _c_bankrupt(self, node: Tree, subject):
        return [Bankrupt(self.entity("corp", subject, node))]

    def _c_end_game(self, node: Tree, subject):
        name = next((c for c in node.children if _is_tree(c, "name")), None)
        if name is not None:
            return [EndGame(self.resolve(name, ("player",)).ident)]
        return [EndGame(self.entity("player", subject, node))]

    def _c_spend(self, node: Tree, subject):
        """ "CPR spends $20 and lays tile ...": what the next move costs, a claim on it."""
        self.claim("spent", self.price(next(c for c in node.children if _is_tree(c, "price"))), node)
        self.forward = True
        return []
