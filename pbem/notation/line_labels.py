"""The labels a line is headed with: a round's or phase's ("OR 2.1:", "Green phase:"), and a name's
head ("GT:", "HBR: lays 9 G11"), which says who moves in the line and in the lines after it."""
from __future__ import annotations

import dataclasses
import re
from typing import Optional

from .context import NotationContext, round_kind
from .names import NameIndex
from .lazy import regex

__all__ = ["INNER_LABEL", "LEAD_LABEL", "head_named", "labels_only", "others_words", "turn_context"]

_LABEL = (r"(?:(?:in|during)\s+)?(?:(?:SR|OR|stock\s+round|operating\s+round)\s*\d+(?:\.\d+)?"
          r"(?:\s*\(\s*of\s+\d+\s*\))?|(?:the\s+)?(?:yellow|green|brown|gr[ae]y)\s+phase|phase\s+\d+[a-z]?)")
#: a line of labels only: a round's ("OR 2.1:", "-- Operating Round 1.1 (of 1) --") and/or a name's head ("GT:")
_LABELS = regex(rf"^\s*(?:--\s*)?(?P<round>{_LABEL}\s*(?::|,|-(?!\w))?)?\s*(?:--\s*)?"
                     r"(?:(?P<name>[^\s:;,.][^:;,.]{0,39}?)\s*:)?\s*$", re.I)
#: a round or phase label heading a line's moves ("Green phase: CPR lays ...", "In OR 2.1 CPR ...")
LEAD_LABEL = regex(rf"^\s*(?P<round>{_LABEL})\b\s*(?::|,|-(?!\w))?", re.I)
#: a round label told inside the line ("CPR lays #57 on I5 r2 in OR 2.1", "(OR 2.1)")
INNER_LABEL = regex(r"\b(?:(?:in|during)\s+)?(?:SR|OR|stock\s+round|operating\s+round)\s*\d+(?:\.\d+)?\b", re.I)
#: who a head names
_NAMED = ("player", "corporation", "company")
#: a line's head naming who moves ("HBR: lays 9 G11 r0")
_HEAD = regex(r"^\s*([A-Za-z][\w&'’ -]{0,39}?)\s*:\s*\S")


def labels_only(line: str, index: NameIndex) -> Optional[tuple[str, Optional[str]]]:
    """(the round label, the one named) of a line that is only labels ("OR 2.1:", "GT:"), else None."""
    m = _LABELS.match(line)
    if not m or not (m.group("round") or m.group("name")):
        return None
    who = index.ident(m.group("name").strip(), _NAMED) if m.group("name") else None
    if m.group("name") and who is None:
        return None
    return m.group("round") or "", who


def head_named(line: str, index: NameIndex) -> Optional[str]:
    """The player or company a line's "Name:" head names, or None."""
    head = _HEAD.match(line)
    return index.ident(head.group(1).strip(), _NAMED) if head else None


def others_words(ctx: NotationContext, line: str, index: NameIndex, sticky: Optional[str]) -> Optional[str]:
    """The name of another player heading a line of an operating round ("Bob: NYC does not buy a
    train"), or None: the company's moves there are no one's to quote, so the line is refused."""
    who = head_named(line, index) or sticky
    if who is None or ctx.kind_of(who) != "player" or who == ctx.actor or ctx.actor is None:
        return None
    return f'"{ctx.players.get(who, who)}"' if round_kind(ctx) in ("operating", "merger") else None


def turn_context(ctx: NotationContext, line: str, index: NameIndex, sticky: Optional[str]) -> NotationContext:
    """The context a line is read in: a name written as a head on the line, or on a line before
    (a company as the one operating, a player as the writer of player moves)."""
    if ctx.actor is None and ctx.kind_of(ctx.current) == "player":
        ctx = dataclasses.replace(ctx, actor=ctx.current, seatless=True)    # no writer known (a library call): whoever is at turn
    who = head_named(line, index) or sticky
    if who is None or who in (ctx.current, ctx.actor):
        return ctx
    kind = ctx.kind_of(who)
    if kind == "player":
        return ctx.at_turn(actor=who, current=who) if ctx.kind_of(ctx.current) == "player" else ctx.at_turn(actor=who)
    # a company's head in an operating round ("HBR: lays 9 G11"); elsewhere it names what is bought or bid on
    operating = round_kind(ctx) == "operating"
    return ctx.at_turn(current=who) if kind in ("corporation", "company") and operating else ctx
