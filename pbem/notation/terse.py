"""The interpreter's entry (`read_terse_by_pieces`): a line read by pieces, with what is said around its
moves weighed first, and a few shapes of postal shorthand put plainly when the pieces read nothing."""
from __future__ import annotations

import dataclasses
import re
from typing import Callable

from pbem.errors import AmbiguousMoveError, NotationError, PbemError

from .context import NotationContext, round_kind
from .names import NameIndex
from .funding import loans_aside, loans_told, sale_first
from .piece_mergers import company_at_turn
from .passes import end_said, pass_with_reason
from .run_words import count_of, in_step_order
from .piece_moves import read_by_pieces
from .pieces import clauses, unknown_subject
from .train_words import exchange_unread
from .speakers import it_named_before, others_set_aside, own_pronouns
from .lay_words import place_beside_hex, with_edges_and_cities
from .claims import Claim, stated_set_aside, with_comments, with_stated
from .spelling import respelled
from .lazy import regex

__all__ = ["TERSE", "price_after_buy", "read_terse_by_pieces", "tersely"]

#: a hex's coordinate
_HEXP = r"[A-Z]{1,2}\d{1,2}"


def _sub(pattern: str, repl, flags: int = re.I) -> Callable[[str], str]:
    """A rule that rewrites every match of `pattern` as `repl`."""
    rx = regex(pattern, flags)
    return lambda s: rx.sub(repl, s)

#: a train's name (a capital D only: "d" is no train)
_T = r"(?:[1-9](?:\+[1-9]E?)?|(?-i:D))"
_REV = r"[$₽]?(\d{2,4})₽?"


_TRAIN_FOR = rf"({_T})(?:\s*-?\s*trains?\b|T\b)?\s+(?:for|=)\s+{_REV}"
_N_TRAINS_REVENUES = regex(
    rf"\b(?:runs?|ran|has\s+run)\s+(?:its\s+)?(?P<n>two|three|four|both|[234])\s+(?:of\s+its\s+)?trains\s*:\s*"
    rf"(?P<list>(?:the\s+)?{_TRAIN_FOR}(?:\s*(?:,\s*(?:and\s+)?|\band\s+|&\s*)(?:the\s+)?{_TRAIN_FOR})+)"
    rf"(?:\s*(?:[-–—,;]\s*)?(?:(?:a\s+)?total(?:\s+of)?\s*:?\s*|=\s*)(?P<total>[$₽]?\d{{2,4}}₽?))?(?![\w-])", re.I)


def _n_trains_revenues(text: str) -> str:
    """ "ran 2 trains: 3 for 100, 4 for 140 = 240" as "runs 3 train for 100, 4 train for 140"."""
    def one(m: re.Match) -> str:
        pairs = re.findall(_TRAIN_FOR, m.group("list"), re.I)
        total = re.sub(r"\D", "", m.group("total")) if m.group("total") else None
        if len(pairs) != count_of(m.group("n")) or total is not None and int(total) != sum(int(r) for _, r in pairs):
            return m.group(0)
        return "runs " + ", ".join(f"{t} train for {r}" for t, r in pairs)
    return _N_TRAINS_REVENUES.sub(one, text)


_BUY_WORD = regex(r"\b(?:buys?|bought|buying|purchases?|purchased|trades?\s+in|traded\s+in|trading\s+in|"
                       r"exchanges?|exchanged|exchanging)\b", re.I)
_RUN_WORD = regex(r"\b(?:runs?|ran|running|routes?|revenue|dividends?|withh[oe]lds?|payout)\b|\bpays?\s+out\b", re.I)
_PAYS_AFTER_TRAIN = regex(
    rf"(\b(?:an?|the|one|another)\s+{_T}(?:\s*-?\s*train|T)?(?:\s+from\s+(?:the\s+)?(?:depot|bank|[A-Z][\w&-]*))?)"
    rf"\s*,?\s*(?:and\s+)?(?:pays|paying|paid)\s+(?=[$₽]\d|\d{{2,4}}\s*₽|\d{{2,4}}\s*[.!]?\s*$)"
    rf"(?![$₽]?\d+₽?\s*(?:dividends?|per\b|a\s+share|each|to\b|out\b|in\s+dividends))")


def price_after_buy(line: str) -> str:
    """ "SC trades in its 6 for a D, pays $800": the amount paid right after a train bought, on a line
    naming no run or dividend, is its price ("for $800"), not a payout."""
    if not _BUY_WORD.search(line) or _RUN_WORD.search(line):
        return line
    return _PAYS_AFTER_TRAIN.sub(r"\1 for ", line)


TERSE: list[Callable[[str], str]] = [
    # runs told by revenue and train: "has run 80 with the 2 and 60 with the 3 - total 140"
    _n_trains_revenues,
    # an off-board area added to a route in words: "D8 - D6 - C3 plus the fishing exit, 100"
    _sub(rf"({_HEXP})\s+(?:plus|then|and\s+on\s+to|and\s+out\s+to)\s+(?:the\s+)?(?=[a-z]+\s+(?:exit|port|area|offboard|off-board)\b)", r"\1 - "),
    # a train bought from a company told as the line's continuation: "and the 3 from CNR as well, also $5"
    _sub(rf"^(\s*)(?:and|also|plus)\s+(?:the|a|an|one)\s+({_T})(?:\s*-?\s*train|T)?\s+from\s+((?-i:[A-Z])[\w&-]*)"
         rf"(?:\s+(?:as\s+well|too))?\s*,?\s*(?:also\s+|for\s+|at\s+)?([$₽]?\d{{1,4}}₽?)\s*\.?\s*$",
         r"\1buys a \2 train from \3 for \4"),
]


#: the longest line the terse rules reword (a terse line is short)
LONGEST = 1000


def tersely(line: str) -> str:
    """The line with the rules above applied; a line longer than `LONGEST` as written (some patterns
    grow with the square of a long run of letters and dashes)."""
    if len(line) > LONGEST:
        return line
    for rule in TERSE:
        line = rule(line)
    return line


#: the longest line whose slips are put right: a move statement is far shorter
_SLIPS_CHARS = 400
#: a name heading a line ("Ann: NWR 85")
_HEADING = regex(r"^\s*([A-Za-z][\w'’.-]*)\s*:\s*(?=[A-Z])")


def _heading_writer(line: str, ctx: NotationContext) -> NotationContext:
    """`ctx` with the player the line's heading names ("Ann: NWR 85") as the writer, when none is known."""
    m = _HEADING.match(line) if ctx.actor is None else None
    name = m.group(1).lower() if m else None
    found = [i for i, shown in dict(ctx.players).items() if name in (str(i).lower(), str(shown).lower())]
    return ctx.at_turn(actor=found[0]) if len(found) == 1 else ctx


def read_terse_by_pieces(line: str, ctx: NotationContext, index: NameIndex) -> list:
    """The reading by pieces of the line, with what it states beside its moves made claims on them."""
    plain, stated = stated_set_aside(line, index, ctx.actor)       # claims.py
    stated += [(Claim("loans", n, text, column), "loan") for n, text, column in loans_told(plain)]     # funding.py
    moves = with_stated(in_step_order(_by_pieces(plain, ctx, index)), stated)     # run_words.py
    return with_comments(with_edges_and_cities(moves, line, ctx), line, index)


def _by_pieces(line: str, ctx: NotationContext, index: NameIndex) -> list:
    """The reading by pieces (piece_moves.py) of the line as written, respelled, as a pass with its
    reason, or put plainly (`tersely`); the refusal of the line as written stands when all fail."""
    line = loans_aside(sale_first(line))    # a sale that funds a train first; a loan beside a buy set aside
    written, line = line, own_pronouns(line, ctx, index)       # "Ann has $300 left, so she sells ..." (speakers.py)
    ctx = company_at_turn(line, ctx, index)     # "MNN passes" in a merger round no company is at turn in
    ctx = _heading_writer(line, ctx)            # "Ann: NWR 85" when who writes is not known
    if (told := exchange_unread(clauses(line, ctx, index))) is not None:     # train_words.py
        raise NotationError(f'"{told}": an exchange of what, for what?', text=line.strip())
    if (why := place_beside_hex(line, ctx)) is not None:     # lay_words.py
        raise NotationError(why, text=line.strip())
    subject = unknown_subject(line, ctx, index)
    if subject is not None:
        raise NotationError(f'"{subject[1]}" names no player or company: a move starts with who makes it',
                            text=line.strip())
    try:
        return _as_written(end_said(read_by_pieces(line, ctx, index), round_kind(ctx)), written, line)   # "buy CPR ipo, that's all"
    except PbemError as first:
        fixed, note, _ = respelled(line, index) if len(line) <= _SLIPS_CHARS else (line, "", ())
        if note and not isinstance(first, AmbiguousMoveError):
            try:
                moves = read_terse_by_pieces(fixed, ctx, index)
            except PbemError:
                pass
            else:
                return [dataclasses.replace(moves[0], notes=moves[0].notes + (note,)), *moves[1:]]
        reasoned = None if isinstance(first, AmbiguousMoveError) else (
            pass_with_reason(line, ctx, index, round_kind(ctx)) or others_set_aside(line, ctx, index, round_kind(ctx))
            or it_named_before(line, ctx, index, str(first)))
        if reasoned:
            return reasoned          # "I'll pass this time, nothing I want."
        plain = tersely(line)
        if plain == line or isinstance(first, AmbiguousMoveError):
            raise
        try:
            return read_by_pieces(plain, ctx, index)
        except PbemError:
            raise first from None


def _as_written(moves: list, written: str, blanked: str) -> list:
    """Each move's text as written where roles and pronouns were blanked for reading."""
    if written == blanked or len(written) != len(blanked):
        return moves
    out = []
    for m in moves:
        at = blanked.find(m.text, max(0, m.column - 1)) if m.text else -1
        out.append(m if at < 0 else dataclasses.replace(m, text=written[at:at + len(m.text)]))
    return out
