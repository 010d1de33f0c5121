"""A pass as people say it (docs/reading.md): once, though said twice, with a refusal or with its
reason ("I'll pass this time, nothing I want."); "that's all" after buys ends the turn, no pass."""
from __future__ import annotations

import re
from typing import Optional

from pbem.engine.actions import Bid, BuyShares, Par, Pass, RunRoutes
from pbem.chat_words import AHEAD, DOUBTS, MODALS, PLANS, words
from pbem.errors import PbemError

from .context import NotationContext, round_kind
from .names import NameIndex
from .parsed import ParsedMove
from .pieces import Clause, blanked, clauses
from .scopes import clause_refusal, line_refusal
from .lazy import regex

__all__ = ["one_pass", "said_twice", "pass_with_reason", "end_said"]

#: a pass given its reason in a clause of its own: "CNR passes; nothing to lay."
_REASON = regex(r"^\s*(?:(?:as|since|because)\s+)?(?:there'?s\s+|there\s+is\s+)?nothing\s+to\s+\w+\W*$|"
                r"^\s*no\s+(?:tiles?|track|tokens?|stations?|trains?|train\s+purchase|purchase)"
                r"(?:\s+\w+)?\W*$", re.I)
_STEP = regex(r"\b(?:track|tiles?|lay|tokens?|stations?|trains?|run|routes?|dividend)\b", re.I)


def said_twice(prev: ParsedMove, item: ParsedMove, ctx: NotationContext) -> bool:
    """Whether `item` is the pass (or run of nothing) `prev` already is, said again on its line by the
    same mover ("60, and I'm done bidding", "SC runs nothing, no route.")."""
    a, b = getattr(prev, "action", None), getattr(item, "action", None)
    if not (isinstance(a, (Pass, Bid, RunRoutes)) and isinstance(b, RunRoutes if isinstance(a, RunRoutes) else Pass)
            and a.entity == b.entity and prev.line == item.line):
        return False
    if isinstance(a, Bid):
        return round_kind(ctx) == "auction"
    if isinstance(a, RunRoutes):
        return not a.routes and not b.routes and not re.search(rf"(?<![\w&-]){re.escape(b.entity)}(?![\w&-])", item.text)
    if ctx.kind_of(a.entity) == "player":
        return round_kind(ctx) in ("auction", "stock")
    if round_kind(ctx) == "merger":
        return True                  # "KK declines to merge, pass": a company's one choice
    said = _REASON.match(item.text) or any(c.kind == "step" for c in item.claims)     # "pass buy trains"
    return bool(said) and not _STEP.search(prev.text) and not any(c.kind == "step" for c in prev.claims)


#: a company's symbol or short name as written ("MKN", "M-K"), as the one who passes
_NAME = r"[A-Z][\w-]*"
_WHO = rf"(?:(?!I\s)(?P<who>{_NAME})\s+)?"
_NOW = r"(?:\s+(?i:this\s+(?:time|round|turn)|for\s+now|the\s+round))?"
#: where the clauses of a pass told with its reason meet: a stop, a comma, a spaced dash, "and"
_JOIN = regex(r"\s*(?:[,;:./!]|\s[-–—]+(?=\s)|[–—]|\s(?i:and|or)(?=\s))\s*")
#: the pass: "KK passes", "so I pass", "CPR is done"
_PASS_CLAUSE = regex(rf"{_WHO}(?i:so\s+)?(?P<me>(?i:I\s+))?(?i:pass(?:es)?|done|is\s+done){_NOW}")
#: the clauses told with a pass, the step each passes, and whether it is told only before the pass: a
#: refusal, a merger or conversion not made, a step not taken, nothing more for the writer
_REASONS = [(regex(p), step, before) for p, step, before in (
    (rf"{_WHO}(?i:declines?\s+to|refuses?\s+to|does(?:n't|\s+not)|do(?:es|se)n[’']?t|won'?t|will\s+not)\s+"
     r"(?i:merge|convert|buy|sell|bid|do\s+anything|nationali[sz]e)\b[^()?]*", "", True),
    (rf"(?i:no\s+(?:merger|merge|merging|conversion|converting))(?:\s+(?i:for|of)\s+(?:the\s+)?(?P<who>{_NAME}))?{_NOW}",
     "", False),
    (rf"(?i:not|no)\s+(?i:converting|merging)\s+(?P<who>{_NAME}){_NOW}", "", True),
    (rf"(?i:no\s+(?:track|tiles?|tile\s+lay|track\s+lay)|nothing\s+to\s+(?:lay|build|upgrade)){_NOW}", " lay track", False),
    (rf"(?i:no\s+(?:tokens?|stations?)|nothing\s+to\s+token){_NOW}", " place a token", False),
    (rf"(?i:no\s+trains?(?:\s+(?:purchase|buy|to\s+buy))?|no\s+train\s+purchase){_NOW}", " buy trains", False),
    (rf"(?i:nothing\s+to\s+buy){_NOW}", "", False),       # a stock round's pass too: no step named
    (r"(?i:no\s+[\w-]+(?:\s+[\w-]+)?\s+for\s+me)", "", True))]
#: "Noor passes on N and will pass the rest of this auction": a pass, and the plan to keep passing
_KEEPS_PASSING = regex(r"(.*?\b(?i:pass(?:es)?)\b[^,;.]*?)\s*,?\s+"
                       r"(?i:and\s+(?:will|I'?ll)\s+(?:keep\s+passing|pass|sit\s+out)\b)"
                       r"[^,;.]*\b(?i:rest|remainder|until|till|from\s+now)\b[^,;.?]*[.!]?\s*$")
#: the longest line read as one pass (some patterns take time that grows faster than the line)
_LONGEST = 600


def one_pass(line: str) -> str:
    """A refusal, a step not taken or a plan told with a pass as that one pass, else the line."""
    if len(line) > _LONGEST or not re.search(r"(?i:pass|done)", line):
        return line
    said = [c.strip() for c in _JOIN.split(line) if c.strip()]
    head = said.pop(0) if len(said) > 2 and re.fullmatch(_NAME, said[0]) else None     # "Felix: no merger, pass"
    whos, steps, passes, me, told = {head} - {None}, set(), 0, False, False
    for c in said:
        m = _PASS_CLAUSE.fullmatch(c)
        if m is not None:
            passes, me = passes + 1, me or bool(m.group("me"))
            if told and m.group("who"):
                break                 # "OK declines to merge, KK passes": the refusal's mover is named by it
        else:
            m, step, before = next(((m, step, before) for rx, step, before in _REASONS for m in [rx.fullmatch(c)]
                                    if m and not (before and passes)), (None, "", False))
            if m is None:
                break
            steps.add(step)
            told = told or before
        whos |= {m.groupdict().get("who")} - {None}
    else:
        if passes == 1 and len(said) > 1 and len(steps - {""}) <= 1 and (me or len(whos) <= 1):
            who = None if me else next(iter(whos), None)
            return (f"{who} passes" if who else "pass") + "".join(steps)
    m = _KEEPS_PASSING.match(line)
    return m.group(1) if m else line


#: a reason's words that read like a retraction or a wait elsewhere ("hold on to it", "wait for the 3s")
_REASON_WORDS = regex(r"\bhold(?:ing)?\s+on\s+to\b|\bwait(?:ing)?\s+(?:for|to|and\s+see|until\s+the)\b", re.I)
#: a time to come anywhere on the line: a plan, not the pass's reason ("passes this turn and the next")
_LATER = regex(rf"\b{words(('next',), AHEAD, PLANS)}\b", re.I)
#: a doubt or a modal before the pass ("I might pass")
_DOUBT = regex(rf"\b{words(DOUBTS, MODALS)}\b", re.I)
#: brackets: their words are a clause of their own here
_BRACKETS = regex(r"[()]")
#: where a reason meets the pass without a comma ("I can't float so pass me", "pass me I have no money")
_RUN_ON = regex(r"\s(?:so|because|since|coz|cos)\s|(?<=[a-z])\s(?=I\s)", re.I)
#: a move told in the past tense: a report unless the writer says "has"/"have" (a move of now)
_REPORTED = regex(r"(?<!\bhas\s)(?<!\bhave\s)(?<!\bhas\sjust\s)\b(?:bought|sold|laid|ran|parred|started|passed|took|"
                  r"opened|merged|converted|discarded|placed|upgraded|raised|kept|grabbed|dumped)\b", re.I)
_ARTICLES = frozenset({"the", "a", "an", "this", "that", "my", "its"})
#: a condition told after the pass, to the end of its sentence ("autopass unless someone sells", "pass me if I'm late")
_STANDING = regex(r"\b(?:unless|if|when|whenever|until|till)\b[^.;!?]*", re.I)
#: the pass's own word, before which a condition is the pass's (a condition before it sets an order: refused)
_PASS_WORD = regex(r"\b(?:auto[\s-]*|perma)?pass(?:es)?\b", re.I)


def _standing(line: str, ctx: NotationContext, index: NameIndex) -> tuple[str, list[str]]:
    """The line without a condition told after its pass, and that condition: the pass's exception ("unless
    someone sells") or a time naming only players ("if I don't right away", "when Dee arrives"): pbem passes now."""
    first = _PASS_WORD.search(line)
    m = _STANDING.search(line, first.end()) if first else None
    if m is None or not m.group(0).lower().startswith("unless") and any(
            p.kind != "me" and not (p.kind == "name" and all(k == "player" for k, _ in p.value))
            for c in clauses(m.group(0), ctx, index) for p in c.pieces):
        return line, []     # "pass if the price tops 100", "pass if Ann buys CPR": an order on the game's state
    return blanked(line, [m.span()]), [m.group(0).strip()]


def pass_with_reason(line: str, ctx: NotationContext, index: NameIndex,
                     kind: Optional[str]) -> Optional[list]:
    """[the writer's pass] when the line is the writer's pass in an auction or stock round and its reason, else None."""
    from .piece_moves import PieceMove, read_by_pieces

    if kind not in ("auction", "stock") or "?" in line or _LATER.search(line):
        return None
    plain, standing = _standing(_BRACKETS.sub(",", blanked(line, (m.span() for m in _REASON_WORDS.finditer(line)))), ctx, index)
    plain = _RUN_ON.sub(lambda m: "," + " " * (len(m.group(0)) - 1), plain)
    if line_refusal(plain) is not None:
        return None
    found = clauses(plain, ctx, index)
    passes, reasons = [], []
    for c in found:
        moves = {p.value for p in c.of("verb") if not _noun(c, p)} - {"steppass"}
        refused = clause_refusal(c.text) is not None
        if moves == {"pass"} and not refused:
            passes.append(c)
        elif moves and not refused or _quantity(c):
            return None               # another move named ("a sale of 10% GT"): not a pass alone
        else:
            reasons.append(c.text)
    c = passes[0] if len(passes) == 1 else None
    if c is None or _REPORTED.search(c.text) or _DOUBT.search(plain[:c.end]):
        return None     # "..., so I passed": a report; "Next turn: pass": a plan or a modal before the pass
    others = [d for d in found if d is not c and d.pieces and all(
        p.kind == "name" and all(k == "player" and i != ctx.actor for k, i in p.value) for p in d.pieces)]
    if others and not c.of("me"):
        return None           # "Bob: pass, nothing he wants": Bob's pass, unless "from me"
    try:
        got = read_by_pieces(c.text, ctx, index)
    except PbemError:
        return None
    if [m.action for m in got] != [Pass(ctx.actor)] or not reasons + standing:
        return None
    why = ("read as a pass with its reason: " + ", ".join(f'"{r}"' for r in reasons),) if reasons else ()
    why += ("read as a pass now: its condition " + ", ".join(f'"{r}"' for r in standing) + " is not kept for later turns",) \
        if standing else ()
    return [PieceMove(Pass(ctx.actor), (), c.start + 1, c.text, notes=why)]


def _quantity(c: Clause) -> bool:
    """Whether a clause tells shares or a price of a company ("GT at 90"): a move, never a reason."""
    kinds = {p.kind for p in c.pieces}
    company = any(k in ("corporation", "company") for p in c.of("name") for k, _ in p.value)
    return bool(kinds & {"percent", "count", "source", "size"} or company and kinds & {"money", "number"})


def _noun(c: Clause, p) -> bool:
    """Whether a move word is a noun: after an article or a company's name ("on the SC auction")."""
    before = [q for q in c.pieces if q.end <= p.start]
    named = bool(before) and before[-1].kind == "name" and all(k != "player" for k, _ in before[-1].value)
    return p.before in _ARTICLES or named and p.start - before[-1].end <= 1


#: the end of a stock-round turn said: "that's all (for me)", "that's it", "I'm done for the round"
_ALL = regex(r"^\W*(?:and\s+|then\s+|so\s+)?(?:that['’]?s\s+(?:all|it)\b(?:\s+for\s+(?:me|now|this\s+(?:turn|"
             r"round)))?|I['’]?m\s+done\s+for\s+(?:the|this)\s+round)\W*$", re.I)


def end_said(moves: list, kind: str) -> list:
    """The moves read without a last pass that only says a stock-round turn is over."""
    said, last = [m.action for m in moves[:-1]], moves[-1] if moves else None
    if kind != "stock" or not said or not isinstance(last.action, Pass) or not _ALL.match(last.text):
        return moves
    # "Ann sells 2 HBR (20%), that's all.": what the writer does, all told
    told = re.search(r"\ball\b", last.text, re.I) and not any(isinstance(a, Pass) for a in said)
    return moves[:-1] if told or all(isinstance(a, (BuyShares, Par)) for a in said) else moves
