"""Reading one line of move notation by the one cascade (`_Reader.read_units`: a title's own kind, the grammar,
the one interpreter, the last tries) and grouping a message's items into moves (`_Reader.finish`)."""
from __future__ import annotations

import dataclasses
import re
from functools import cached_property
from typing import TYPE_CHECKING, Optional, Sequence, Union

from pbem.engine.actions import BuyShares, Dividend, Merge, Par, PlaceToken, RunRoutes
from pbem.errors import AmbiguousMoveError, NotationError, PbemError
from pbem.titles.registry import title_readers

from .lay_words import rotations_now
from . import own_kinds
from .claims import Claim
from .asides import plans_one_now, read_without_asides
from .correction import corrects_itself, read_corrected
from .normalisers import normalise
from .passes import said_twice
from .context import NotationContext, round_kind
from .gate import Gate
from .grammar import get_parser
from .logs import LogLine as _LogNote
from .messages import (
    MOVE_WORDS, caret_block, clip_message, expected_words, keyword_suggestion, notation_error, words_list,
)
from .names import name_index, rewrite_names
from .limits import check_budget

from .parsed import Echo, ParsedMove, Remarks, noted_on_first
from .line_labels import INNER_LABEL, LEAD_LABEL, head_named, labels_only, others_words, turn_context
from .refusals import refusal, rotation_out_of_range
from .terse import read_terse_by_pieces
from .piece_moves import mover_unknown
from .pieces import VERBS, blanked
from .spelling import respelled
from .speakers import read_by_subjects
from .round_moves import out_of_round
from .correction import takes_back
from .trees import READERS, is_token, is_tree, kids, read_remark, shares_bought, tokens
from .values import ValueReader

if TYPE_CHECKING:  # pragma: no cover
    from lark import Tree
    from lark.exceptions import UnexpectedInput

__all__ = ["LAST_TRIES"]

#: the last tries at a line nothing else reads, in order (each re-reads a reworded line whole)
LAST_TRIES = (read_by_subjects, read_corrected, read_without_asides)
#: the longest line given the last tries (each reads the line again; a move statement is far shorter)
_LAST_TRY_CHARS = 400

def _clauses(tree: Tree) -> list:
    """The clauses of a parsed line, in order."""
    return [c for part in kids(tree.children[0], "clauses") for c in part.children if is_tree(c)]


def _lone_echo(item: tuple) -> NotationError:
    """The refusal of a log line's echo (echo, line, column, text, line text) that its move does not go with."""
    echo, line_no, col, text, line_text = item
    if echo.kind == "neutral_removed":
        move = f'the token placement, e.g. "{echo.entity} places a token on {echo.hex} slot 1"'
    else:
        move = f'the par, e.g. "par {echo.corporation or "CPR"} at 100" (the president\'s share comes with it)'
    return notation_error(f"this reports {echo.what} and is not a move by itself; write {move}",
                          line_no=line_no, line_text=line_text, column=col, text=text)


def _result_of(prev_move: ParsedMove, move: ParsedMove) -> bool:
    """Is `move`, as an 18xx.games log writes it, only a report of what `prev_move` did?"""
    prev, a = prev_move.action, move.action
    if "log_half" in prev_move.open and isinstance(a, Dividend) and a.entity == prev.entity \
            and a.kind in ("payout", "withhold"):
        return True    # "X runs for 310₽ and pays half", then its "withholds" and "pays out" lines
    # "MB merges into NW receiving ...", then "N merges into NW receiving ...": one merger
    return isinstance(prev, Merge) and isinstance(a, Merge) and a.corporation == prev.corporation \
        and a.entity != prev.entity and "receiving" in prev_move.open and "receiving" in move.open


def _respelled(reader: _Reader, line_no: int, line: str, first: NotationError) -> list:
    """With no round known, `line` read with its move words' slips put right ("Bob pases"), noted for the
    reply; `first` when a slip is no move word's (a misspelt name is left to the refusal's "did you mean")."""
    fixed, note, words = respelled(line, reader.index)
    if not note or not all(w in VERBS for w in words):
        raise first from None
    return noted_on_first(reader.read_line(line_no, fixed), note)


class _Reader(ValueReader):
    """Reads the lines of one message, keeping the acting entity between moves (values and names: values.py)."""

    def __init__(self, ctx: NotationContext) -> None:
        self.ctx = ctx
        self.index = name_index(ctx)
        self.sticky: Optional[str] = None  # who moves where a clause names nobody ("HBR:" heads the lines after it)
        self.header: Optional[str] = None  # the round label in force
        self.line_no = 0
        self.line = ""
        self.how = "grammar"               # how the last line was read, for the trace (pbem/reading/driver.py)
        self.asked = [False]               # whether a clause's reading asked the game anything (sequence.py)
        self.transcript = False            # a pasted transcript: no reading by pieces
        self.correcting = False            # reading the correction a line ends with (correction.py)
        self._new_clause()

    def _new_clause(self) -> None:
        self.claims: list[Claim] = []      # claims of the clause being read
        self.open: dict[int, tuple] = {}   # id(action) -> parts left unsaid
        self.notes: list[str] = []         # marks of the clause's log form ("receiving")
        self.asides: list[str] = []        # what the clause set aside, for the reply
        self.clause_header: Optional[str] = None
        self.forward = False               # its remarks are about the move after it

    def turn(self) -> tuple:
        """What reading a clause changes in the reader between clauses: who moves and the round label."""
        return self.sticky, self.header

    def restore(self, turn: tuple) -> None:
        self.sticky, self.header = turn

    def _span(self, node) -> tuple[int, int]:
        """Where a token, or a tree by its tokens (the grammar keeps no positions of its own), is written."""
        if is_token(node):
            return node.start_pos or 0, node.end_pos or 0
        toks = tokens(node) if node is not None else []
        return (toks[0].start_pos, toks[-1].end_pos) if toks else (0, len(self.line))

    def text_of(self, node) -> str:
        a, b = self._span(node)
        return self.line[a:b]

    def err(self, message: str, node=None, *, expected: Sequence[str] = ()) -> NotationError:
        a, b = self._span(node) if node is not None else (0, len(self.line))
        return notation_error(message, line_no=self.line_no, line_text=self.line, column=a + 1,
                              text=self.line[a:b].strip(), expected=expected, length=b - a)

    def ambiguous(self, e: AmbiguousMoveError, node) -> AmbiguousMoveError:
        a, b = self._span(node)
        msg = (f"line {self.line_no}, column {a + 1}: {clip_message(str(e))}\n"
               f"{caret_block(self.line, a + 1, b - a)}")
        return AmbiguousMoveError(msg, candidates=e.candidates)

    def read_line(self, line_no: int, line: str) -> list:
        """The items of one line read on one state, the reader left as its last clause left it (the last tries)."""
        _text, units, _count = self.read_units(line_no, line, live=False)
        items: list = []
        for clause, kept in units:
            items.extend(kept[0])
            if clause is not None:
                self.restore(kept[1])
        return items

    def read_units(self, no: int, line: str, *, live: bool = True) -> tuple[str, list, int]:
        """The line read by the one cascade: the text read, its units and how many items they hold. A unit is
        (None, ([move],)) for a move read with the whole line, or (a grammar clause, (its items, the `turn` after
        them, whether they asked the game anything) or None: read in its turn). `live` (moves made between
        clauses): a parsed line nothing reads on this state is handed on clause by clause."""
        self.how = "grammar"
        own = own_kinds.read_line(line, self.ctx)      # a title's own kind, read as its class says
        if own is not None:
            return self._whole("a title's own kind of move", line, [ParsedMove(own, no, 1, line.strip(), self.header)])
        corrected = self.corrected_first(no, line)      # "sells 2 GT, sorry, 3 GT": the correction only
        if corrected is not None:
            return self._whole("the correction it ends with", line, corrected)
        if self._labels_only(line):
            return self._whole("a label for the lines after it", line, [])
        if (lead := LEAD_LABEL.match(line)) and line[lead.end():].strip():
            self.read_header(lead.group("round"))   # "Green phase: CPR lays ...": it heads the lines after it too
            line = blanked(line, [(0, lead.end())])
        before = self.turn()
        normal = normalise(line)             # the declared normalisers (normalisers.py)
        try:
            return self._read_normal(no, normal, before, live)
        except NotationError as e:
            if normal == line:
                raise
            # a refusal of the line as normalised quotes the line as the player wrote it
            why = re.sub(r"^line \d+, column \d+: ", "", str(e).split("\n")[0])
            at = line.find(e.text) if e.text and e.text in line else -1      # the word refused, where written
            text = e.text if at >= 0 else line.strip()
            raise notation_error(f'{why} (read as "{normal.strip()}")', line_no=no, line_text=line,
                                 column=(at if at >= 0 else len(line) - len(line.lstrip())) + 1, text=text) from None

    def _read_normal(self, no: int, line: str, before: tuple, live: bool) -> tuple[str, list, int]:
        """`read_units` of a line the normalisers have had: the grammar's clauses, else the interpreter's reading."""
        tree, kept = None, None
        try:
            tree = self._parse_tree(no, line)
            kept = self._read_clauses(tree)
        except NotationError as first:
            self.restore(before)
            pieces = self.interpret(no, line)        # the one interpreter
            if isinstance(pieces, list) and not live:
                pieces = rotations_now(pieces, self.ctx)    # read against one state: no later board
            try:                            # the pieces, then the last tries
                return self._whole("by the pieces it names", line, self.by_pieces(no, line, first, pieces))
            except PbemError:
                # (the interpreter's question stands); else each clause may read on the state it meets in its turn
                if tree is None or not live or getattr(first, "out_of_round", False) \
                        or isinstance(pieces, AmbiguousMoveError):
                    raise
        except PbemError:
            self.restore(before)     # a reading that depends on the state: read clause by clause
            if not live:
                raise
        self.restore(before)
        clauses = _clauses(tree)
        units = list(zip(clauses, kept or [None] * len(clauses)))
        return line, units, sum(len(k[0]) for k in kept or ()) or len(units)

    def _whole(self, how: str, line: str, items: list) -> tuple[str, list, int]:
        """The units of a line read whole, one per item."""
        self.how = how
        return line, [(None, ([i],)) for i in items], len(items)

    def _parse_tree(self, no: int, text: str):
        """The grammar's tree of one line (no clause is read yet); NotationError if it does not parse."""
        self.line_no, self.line = no, text
        if not self.transcript and not self.gate.canonical(text):
            own = self.gate.title_rule(text, lambda: self.parser, self.index)
            if own is not None:
                return own                  # a title's own rule for its own kind of move
            e = self.err("the grammar reads canonical lines only")
            e.defer = True
            raise e
        parser = self.parser
        from lark.exceptions import LarkError, UnexpectedInput      # (loaded with the grammar)
        try:
            return parser.parse(rewrite_names(self.index, text))
        except UnexpectedInput as e:
            raise self._syntax_error(e) from None
        except LarkError as e:  # pragma: no cover - any other lark failure
            raise self.err(f"could not read this line ({e.__class__.__name__})") from None

    @cached_property
    def gate(self) -> Gate:
        """What the grammar reads (gate.py), for this reader's game."""
        return Gate(self.ctx)

    @cached_property
    def parser(self):
        """The title's grammar, loaded at the first line that needs it (a line the interpreter
        reads needs none)."""
        return get_parser(self.ctx.title)

    def _read_clauses(self, tree) -> list[tuple[list, tuple, bool]]:
        """Each clause of a parsed line read: its items, the `turn` after it, whether it asked the game anything;
        NotationError (marked `out_of_round`) when a move read is of a kind the round cannot hold."""
        kept = []
        for clause in _clauses(tree):
            self.asked[0] = False
            kept.append((self.clause(clause), self.turn(), self.asked[0]))
        # (not for a pasted transcript, whose lines are exact and may run into the next round)
        why = None if self.transcript else out_of_round(
            (getattr(i, "action", None) for k in kept for i in k[0]), round_kind(self.ctx), self.ctx.kind_of)
        if why is not None:
            e = self.err(why)
            e.out_of_round = True          # no later reading of the line on the same state reads it
            raise e
        return kept

    def read_header(self, header: str) -> None:
        label = re.sub(r"[\s:,\-]+$", "", str(header)).strip()
        self.header = re.sub(r"^(?:(?:in|during)\s+)?(?:the\s+)?", "", label, flags=re.I)

    def corrected_first(self, line_no: int, line: str) -> Optional[list]:
        """The items of a line that corrects itself ("sells 2 GT, sorry, 3 GT"), read by its correction only
        (never as written: that would make the move taken back too); None for any other line."""
        back = None if self.transcript else takes_back(line)
        if back is not None:       # "Buy 1 GT. Scrap that.": nothing of it is a move to make
            at = line.find(back)
            what = "takes back the line before it" if not line[:at].strip(" -–—.,:;!") else "takes its move back"
            raise notation_error(f'the line {what} ("{back}"): send only the moves you mean',
                                 line_no=line_no, line_text=line, column=at + 1, text=back)
        if self.transcript or self.correcting or len(line) > _LAST_TRY_CHARS or not corrects_itself(line):
            return None
        why = notation_error("the line corrects itself, but its correction cannot be read: send only the move "
                             "you mean", line_no=line_no, line_text=line, column=1, text=line.strip())
        return read_corrected(self, line_no, line, why)

    def _labels_only(self, line: str) -> bool:
        """Whether `line` is only labels (line_labels.py): a round's heads the lines after it, a name moves in them."""
        found = labels_only(line, self.index)
        if found is None:
            return False
        label, who = found
        if label:
            self.read_header(label)
        if who is not None:
            self.sticky = who
        return True

    def interpret(self, line_no: int, line: str) -> Union[list, PbemError, None]:
        """The line read by the one interpreter (piece_moves.py): its items, why it reads no move (NotationError)
        or several (AmbiguousMoveError); None where it does not read (a transcript; no round known)."""
        if self.transcript:
            return None
        try:
            if plans_one_now(line):      # "three CNR, one at a time - one now": not the count (asides.py)
                raise NotationError("a plan of several buys", text=line.strip())
            if rotation_out_of_range(line):      # "rot 7": refused where it is written (refusals.py)
                raise NotationError("a rotation is a number from 0 to 5", text=line.strip())
            if (quoted := others_words(self.ctx, line, self.index, self.sticky)):
                raise NotationError(f"the line is headed by {quoted}: another player's words are no move of "
                                    "the writer's", text=line.strip())
            header = self.header
            if inner := INNER_LABEL.search(line):
                header = re.sub(r"^(?:(?:in|during)\s+)?", "", inner.group(0), flags=re.I)
            moves = read_terse_by_pieces(line, turn_context(self.ctx, line, self.index, self.sticky), self.index)
        except AmbiguousMoveError as e:
            return None if self.ctx.round_kind is None else \
                AmbiguousMoveError(f"line {line_no}: {clip_message(str(e))}", candidates=e.candidates)
        except NotationError as e:
            return e if self.ctx.round_kind is not None else None
        self.line_no, self.line = line_no, line
        if (who := head_named(line, self.index)) is not None:
            self.sticky = who             # "HBR: lays 9 G11 r0": HBR moves in the lines after it too
        return [ParsedMove(m.action, line_no, m.column, m.text, header, m.claims, m.open, m.notes) for m in moves]

    def by_pieces(self, line_no: int, line: str, first: NotationError, got) -> list:
        """A line the grammar does not read: the interpreter's reading `got`, its question, else the last tries."""
        if isinstance(got, list):
            return got
        if isinstance(got, AmbiguousMoveError):
            raise got from None
        if not self.transcript and len(line) <= _LAST_TRY_CHARS:
            # "sell 1 CPR? no wait, buy a CNoR", "Morning all - ...", "buyng", "CRP" (a round not known: slips only)
            for last_try in LAST_TRIES if got is not None else (_respelled,):
                check_budget()          # each last try reads the line again
                try:
                    return last_try(self, line_no, line, first)
                except NotationError:
                    continue
        if getattr(first, "defer", False) or getattr(got, "asks", False):
            # the grammar left this reading to the interpreter, or the interpreter asks for a value the
            # line leaves out ("NYC lays a tile and passes": which tile?): its refusal stands
            why = re.sub(r'^read by its pieces: (?:"[^"]*": )?', "", str(got)) if isinstance(got, NotationError) \
                else (mover_unknown(line, self.ctx, self.index) or "the round being played is not known") \
                if round_kind(self.ctx) is None else "no move is told"
            raise refusal(why, line, line_no, self.ctx, self.index, round_kind(self.ctx)) from None
        raise first from None

    def _syntax_error(self, e: UnexpectedInput) -> NotationError:
        """Where the grammar stopped reading the line, what it expected there, and the move word found may misspell."""
        from lark.exceptions import UnexpectedToken
        line = self.line
        if isinstance(e, UnexpectedToken):
            expected = set(getattr(e, "accepts", None) or e.expected or ())
            at_end = e.token.type == "$END"
            col = len(line.rstrip()) + 1 if at_end else e.token.column or 1
            raw = None if at_end else line[e.token.start_pos:e.token.end_pos]
        else:  # UnexpectedCharacters (LALR raises no UnexpectedEOF)
            expected = set(e.allowed or ())
            col = e.column or 1
            m = re.match(r"\S+", line[col - 1:]) if col - 1 < len(line) else None
            raw = m.group(0) if m else line[col - 1:col]
        if col <= 1 or not line[:col - 1].strip():
            expected.discard("$END")
        phrases = expected_words(expected)
        before = line[:col - 1].rstrip()
        where = ""
        if before:
            tail = before if len(before) <= 30 else "…" + before[-29:]
            where = f'after "{tail.strip()}", '
        found = "the end of the line" if raw is None else f'"{raw}"'
        msg = f"{where}expected {words_list(phrases)}, but found {found}"
        w = re.match(r"[A-Za-z]+", raw or "")
        if w:
            sugg = keyword_suggestion(w.group(0), None if any(n in MOVE_WORDS for n in expected) else ())
            if sugg and sugg.lower() != w.group(0).lower():
                msg += f' — did you mean "{sugg}"?'
        return notation_error(msg, line_no=self.line_no, line_text=line, column=col,
                              text=(raw or "").strip(), expected=phrases, length=max(1, len(raw or "")))

    def finish(self, items: list, aside: Optional[list] = None) -> list[ParsedMove]:
        """A message's moves from its items: remarks and echoes joined to their move, the rest set aside in `aside`."""
        aside = [] if aside is None else aside
        out: list[ParsedMove] = []
        pending = None   # an echo reporting what the next move does
        ahead: list = []  # log lines reporting a result of the next move
        for item in items:
            prev = out[-1] if out else None
            if pending is not None:
                echo, line_no, _col, text, _line_text = pending
                a = getattr(item, "action", None)
                if not (isinstance(a, PlaceToken) and a.entity == echo.entity and a.hex == echo.hex):
                    raise _lone_echo(pending)
                pending = None
                if "city" in item.open:    # the token takes the neutral one's place
                    item = dataclasses.replace(item, open=item.open + ("neutral",))
                aside.append((line_no, _LogNote("consequence", text)))
            if isinstance(item, Remarks):
                if item.forward:
                    ahead.append(item)     # belongs to the next move
                elif prev is not None:
                    out[-1] = dataclasses.replace(prev, claims=prev.claims + item.claims)
                elif item.optional:
                    aside.append((item.line, item.log))
                else:
                    raise notation_error("this remark belongs to no move: write the move before it",
                                         line_no=item.line, line_text=item.line_text,
                                         column=item.column, text=item.text)
                continue
            if isinstance(item, tuple) and item[0].kind == "neutral_removed":
                pending = item
                continue
            if isinstance(item, tuple):  # (echo, line, column, text)
                echo, line_no, col, text, line_text = item
                if (prev and isinstance(prev.action, Par) and prev.action.entity == echo.entity
                        and echo.corporation in (None, prev.action.corporation)):
                    aside.append((line_no, _LogNote("consequence", text)))
                    continue
                raise _lone_echo(item)
            a = item.action
            if prev and _result_of(prev, item):
                # a line reporting what the move before did ("MKN withholds 150₽" after its
                # half payout, "N merges into NW" after the merger into NW): its claims stay
                kept = tuple(c for c in item.claims if c.kind in ("payees", "per_share"))
                out[-1] = dataclasses.replace(prev, claims=prev.claims + tuple(
                    dataclasses.replace(c, line=item.line) for c in kept))
                aside.append((item.line, _LogNote("consequence", item.text)))
                continue
            if (prev and isinstance(a, BuyShares) and isinstance(prev.action, Par)
                    and prev.action.entity == a.entity and prev.action.corporation == a.corporation
                    and a.source == "ipo" and a.percent >= 2 * self.ctx.share_size(a.corporation)):
                # the president's certificate bought by the par itself
                aside.append((item.line, _LogNote("consequence", item.text)))
                continue
            if (prev and isinstance(a, RunRoutes) and isinstance(prev.action, RunRoutes)
                    and a.entity == prev.action.entity and a.routes and prev.action.routes):
                merged = RunRoutes(a.entity, prev.action.routes + a.routes)
                out[-1] = ParsedMove(merged, prev.line, prev.column, prev.text + "; " + item.text,
                                     prev.header, prev.claims + item.claims)
                if item.line != prev.line:   # another train of the same run
                    aside.append((item.line, _LogNote("move", item.text)))
                continue
            if prev and said_twice(prev, item, self.ctx):
                # "declines to sell shares and passes": one pass (passes.py); the step it names is
                # a claim the game checks ("done, no train purchase")
                out[-1] = dataclasses.replace(prev, claims=prev.claims + item.claims)
                continue
            if ahead:
                item = dataclasses.replace(item, claims=item.claims + tuple(c for r in ahead for c in r.claims))
                ahead = []
            out.append(item)
        if pending is not None:
            raise _lone_echo(pending)
        for r in ahead:          # no move followed: set aside like any other log line
            if r.log is None:
                raise notation_error("this says what the next move costs, but no move follows",
                                     line_no=r.line, line_text=r.line_text, column=r.column, text=r.text)
            aside.append((r.line, r.log))
        return out

    def clause(self, c: Tree) -> list:
        """The items of one clause: the moves its body reads as, the claims of its remarks on the last (or Remarks)."""
        self._new_clause()
        subject = self.subject(c.children[0]) if c.data == "with_subject" else None
        if subject is not None:
            self.sticky = subject
        trees = [k for k in c.children if is_tree(k)]
        body = next(k for k in trees[(1 if c.data == "with_subject" else 0):] if not k.data.startswith("r_"))
        results = list(self.read_rule(body, subject))
        for r in trees:
            if r.data.startswith("r_"):
                read_remark(self, r)
        a, b = self._span(c)
        text = self.line[a:b].strip()
        moves = [r for r in results if not isinstance(r, Echo)]
        header = self.clause_header or self.header
        out: list = []
        for r in results:
            if isinstance(r, Echo):
                out.append((r, self.line_no, a + 1, text, self.line))
                continue
            last = r is moves[-1]
            out.append(ParsedMove(r, self.line_no, a + 1, text, header, tuple(self.claims) if last else (),
                                  self.open.pop(id(r), ()) + tuple(self.notes), tuple(self.asides) if last else ()))
        if self.claims and not moves:
            out.append(Remarks(tuple(self.claims), self.line_no, a + 1, text, self.line, forward=self.forward))
        return out

    def read_rule(self, node: Tree, subject: Optional[str]) -> list:
        """The actions a clause's body reads as, by its rule's reader: trees.READERS, else the title's."""
        read = READERS.get(node.data) or title_readers(self.ctx.title).get(node.data)
        if read is None:  # pragma: no cover - grammar rule without a reader
            raise self.err(f"this kind of move ({node.data}) cannot be read yet", node)
        return read(self, node, subject)

    def claim(self, kind: str, value, node) -> None:
        """A claim of the clause being read, on what its move does (claims.py)."""
        a, b = self._span(node)
        self.claims.append(Claim(kind, value, self.line[a:b].strip(), a + 1))

    def buy_shares(self, node: Tree, who: str, corporation: str, percent: int, count: int = 1,
                   source: str = "ipo") -> list:
        """`count` purchases of a `percent` share by `who`, with the node's modifiers (a title's readers)."""
        return shares_bought(self, node, who, corporation, percent, count, source)
