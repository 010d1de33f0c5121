"""A pass as people say it: once, though a line says it twice, and "I'm done" after a sale.

A player passes once a turn in an auction or a stock round ("Olek declines to sell shares and
passes", "Noor passes on N and will pass the rest of this auction"); a company has one choice in
a merger round ("KK declines to merge, pass"); a company's bare pass and its reason in a clause of
its own ("CNR passes; nothing to lay.", "CPR done, no train purchase") are one step passed, the
step it names kept as a claim the game checks. After a sale a player may still buy, so "Sell 20%
CNR, then I'm done." ends with a pass; after a buy the game ends the turn by itself. A bid ends
the bidder's turn in an auction, so a pass after it on the same line is that end said.
"""
from __future__ import annotations

import re

from pbem.engine.actions import Bid, Pass, RunRoutes

from .context import NotationContext
from .parsed import ParsedMove
from .lazy import regex

__all__ = ["one_pass", "pass_said_again", "pass_after_bid", "no_run_said_again"]

#: a pass given its reason in a clause of its own: "CNR passes; nothing to lay."
_REASON = regex(r"^\s*(?:(?:as|since|because)\s+)?(?:there'?s\s+|there\s+is\s+)?nothing\s+to\s+\w+\W*$|"
                     r"^\s*no\s+(?:tiles?|track|tokens?|stations?|trains?|train\s+purchase|purchase)(?:\s+\w+)?\W*$",
                     re.I)
_STEP = regex(r"\b(?:track|tiles?|lay|tokens?|stations?|trains?|run|routes?|dividend)\b", re.I)


def pass_said_again(prev: ParsedMove, item: ParsedMove, ctx: NotationContext) -> bool:
    """Whether `item` (a move read) is the pass `prev` already is, said twice on one line: a
    player passes once a turn in an auction or a stock round ("Olek declines to sell shares and
    passes", "Noor passes on N and will pass the rest of this auction"); a company's bare pass
    and its reason ("CNR passes; nothing to lay.", "CPR done, no train purchase") are one step
    passed."""
    from .piece_moves import round_kind      # (imported here: it imports the reader's parts)

    a, b = getattr(prev, "action", None), getattr(item, "action", None)
    if not (isinstance(a, Pass) and isinstance(b, Pass) and a.entity == b.entity and prev.line == item.line):
        return False
    if ctx.kind_of(a.entity) == "player":
        return round_kind(ctx) in ("auction", "stock")
    if round_kind(ctx) == "merger":
        return True                  # "KK declines to merge, pass": a company's one choice
    said = _REASON.match(item.text) or any(c.kind == "step" for c in item.claims)     # "pass buy trains"
    return bool(said) and not _STEP.search(prev.text) and not any(c.kind == "step" for c in prev.claims)


def pass_after_bid(prev: ParsedMove, item: ParsedMove, ctx: NotationContext) -> bool:
    """Whether `item` is a pass by the bidder of `prev` on the same line of an auction ("Warsaw-
    Vienna, 60, and I'm done bidding for today"): a bid ends the bidder's turn, so the pass is
    that end said, not a second move."""
    from .piece_moves import round_kind      # (imported here: it imports the reader's parts)

    a, b = getattr(prev, "action", None), getattr(item, "action", None)
    return (isinstance(a, Bid) and isinstance(b, Pass) and a.entity == b.entity and prev.line == item.line
            and round_kind(ctx) == "auction")


def no_run_said_again(prev: ParsedMove, item: ParsedMove) -> bool:
    """Whether `item` is the run of nothing `prev` already is, said twice on one line ("SC runs
    nothing, no route."): a company runs once a turn, so it is one run of nothing. Only when the
    second is said without naming the company ("CN does not run; CN does not run" stays two, as
    canonical lines of two turns read back)."""
    a, b = getattr(prev, "action", None), getattr(item, "action", None)
    return (isinstance(a, RunRoutes) and isinstance(b, RunRoutes) and a.entity == b.entity
            and not a.routes and not b.routes and prev.line == item.line
            and not re.search(rf"(?<![\w&-]){re.escape(b.entity)}(?![\w&-])", item.text))


#: a company's symbol or short name as written ("MKN", "M-K")
_NAME = r"[A-Z][\w-]*"
#: the longest line read as one pass: a pass with its reason is short, and some of the patterns
#: take time that grows faster than the line (a 20,000-character line is allowed)
_LONGEST = 600


def one_pass(line: str) -> str:
    """A refusal and a pass told together are one pass (the grammar reads each as a pass, and
    the second would pass the next step or company): "KK declines to merge, pass", "SPW
    doesn't merge this time, pass", "Olek declines to sell shares and passes", "pass - no
    merger for MV this time"."""
    if len(line) > _LONGEST or not re.search(r"(?i:pass|done)", line):
        return line
    m = re.match(r"\s*(?:(" + _NAME + r")\s+)?(?i:declines?\s+to|refuses?\s+to|does(?:n't|\s+not)|do(?:es|se)n[’']?t|won'?t|will\s+not)\s+"
                 r"(?i:merge|convert|buy|sell|bid|do\s+anything|nationali[sz]e)\b[^,;.()?]*?(?:[,;.]|\s+[-–—]|\s+and)\s*(?:(?i:so\s+)?((?i:I\s+))?)?"
                 r"(?i:pass(?:es)?)(?:\s+(?i:the\s+round|this\s+time|for\s+now))?\s*[.!]?\s*$", line)
    if m:       # "Bob won't sell, so I pass": the writer's pass, whoever refused
        return f"{m.group(1)} passes" if m.group(1) and not m.group(2) else "pass"
    m = re.match(r"\s*(?i:pass(?:es)?)\s*[-–—,;:]\s*(?i:no\s+(?:merger|merge|conversion)\s+(?:for|of)\s+(?:the\s+)?)"
                 rf"({_NAME})(?:\s+(?i:this\s+(?:time|round|turn)))?\s*[.!]?\s*$", line)
    if m:
        return f"{m.group(1)} passes"
    skip = r"(?i:no\s+(?:merger|merge|merging|conversion|converting))(?:\s+(?i:this\s+(?:time|round|turn)|for\s+now))?"
    m = re.match(rf"\s*(?:({_NAME})\s*[:,–—-]?\s+)?(?:{skip}\s*(?:[,;/]|\s+(?i:and|or))\s*)*{skip}\s*(?:[,;:.–—-]|\s+(?i:so))\s*"
                 r"(?i:(?:I\s+)?pass(?:es)?)\s*[.!]?\s*$", line) or \
        re.match(rf"\s*(?:({_NAME})\s*:?\s+)?(?i:pass(?:es)?)\s*[,;:–—-]\s*{skip}(?:\s+(?i:this\s+(?:time|round|turn)))?\s*[.!]?\s*$", line)
    if m:
        return f"{m.group(1)} passes" if m.group(1) else "pass"
    # "Not converting KB this time - pass.": the company named after what it does not do passes
    m = re.match(rf"\s*(?i:not|no)\s+(?i:converting|merging)\s+({_NAME})(?:\s+(?i:this\s+(?:time|round|turn)|for\s+now))?"
                 r"\s*[,;:.–—-]\s*(?i:pass(?:es)?)\s*[.!]?\s*$", line)
    if m:
        return f"{m.group(1)} passes"
    # a pass with the one step it passes told beside it: "CNR passes; nothing to lay", "CPR done,
    # no train purchase", "no token, pass": one pass of that step
    steps = ((r"(?:no\s+(?:track|tiles?|tile\s+lay|track\s+lay)|nothing\s+to\s+(?:lay|build|upgrade))", "lay track"),
             (r"(?:no\s+(?:tokens?|stations?)|nothing\s+to\s+token)", "place a token"),
             (r"(?:no\s+trains?(?:\s+(?:purchase|buy|to\s+buy))?|no\s+train\s+purchase|nothing\s+to\s+buy)", "buy trains"))
    done = r"(?i:pass(?:es)?|done|is\s+done)"
    for words, step in steps:
        m = re.match(rf"\s*(?:({_NAME})\s*:?\s+)?{done}\s*[,;:.–—-]\s*(?i:{words})(?:\s+(?i:this\s+(?:time|turn)))?\s*[.!]?\s*$", line) or \
            re.match(rf"\s*(?:({_NAME})\s*:?\s+)?(?i:{words})(?:\s+(?i:this\s+(?:time|turn)))?\s*[,;:.–—-]\s*(?i:so\s+)?(?i:I\s+)?"
                     rf"{done}\s*[.!]?\s*$", line)
        if m:
            return f"{m.group(1)} passes {step}" if m.group(1) else f"pass {step}"
    # "no post-merger buy for me, pass": what is not done, then the pass
    if re.match(r"\s*(?i:no\s+[\w-]+(?:\s+[\w-]+)?\s+for\s+me)\s*[,;:.–—-]\s*(?i:(?:so\s+)?(?:I\s+)?pass)\s*[.!]?\s*$", line):
        return "pass"
    # "Noor passes on N and will pass the rest of this auction": a pass, and the plan to keep passing
    m = re.match(r"(.*?\b(?i:pass(?:es)?)\b[^,;.]*?)\s*,?\s+(?i:and\s+(?:will|I'?ll)\s+(?:keep\s+passing|pass|sit\s+out)\b)"
                 r"[^,;.]*\b(?i:rest|remainder|until|till|from\s+now)\b[^,;.?]*[.!]?\s*$", line)
    return m.group(1) if m else line
