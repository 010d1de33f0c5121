"""What a clause read by its pieces states about its move's result, a claim the table checks
(`pbem/reading/claims.py`): a holding ("that's 40% now"), a dividend per share, what one share
bought cost or what a sale brought in, and a presidency the move takes ("and takes the presidency
from Cid")."""
from __future__ import annotations

import dataclasses
import re
from typing import Optional

from pbem.engine.actions import Action, BuyShares, BuyTrain, Dividend, Par, RunRoutes, SellShares
from pbem.errors import NotationError, PbemError

from .claims import Claim, parse_paren_claims
from .pieces import VERBS, Clause
from .lazy import regex

__all__ = ["clause_claims", "presidency_taken", "comment_only", "names_something", "stated_set_aside", "with_comments", "with_presidency", "with_stated"]

#: "and takes the presidency (from Cid)", "becoming president": the mover is president after the move
_PRESIDENCY = regex(r"^\W*(?:and\s+|so\s+|thus\s+|thereby\s+)*(?:takes?|took|taking|gets?|got|getting|becomes?|became|"
                         r"becoming)\s+(?:the\s+)?(?:new\s+)?(?:presidency|president|director)\b(?:\s+(?:from|off)\s+\w+)?\W*$", re.I)


def clause_claims(line: str, c: Clause, acts: list[Action]) -> tuple[Claim, ...]:
    """The claims of a clause on the last move it makes."""
    said = [Claim("holding", p.value, line[p.start:p.end], p.start + 1) for p in c.of("held")]
    said += [Claim("per_share", p.value, line[p.start:p.end], p.start + 1) for p in c.of("per_share")]
    money = c.of("money") or (c.of("revenue") if len(acts) == 1 and isinstance(acts[0], Dividend) else [])
    if len(money) == 1 and len(acts) == 1 and money[0].before not in ("at", "@"):
        # "buys a NYC share (IPO, $80)", "sells 2 GT for $180": the price of the one move ("at" is a share's)
        kind = "paid" if isinstance(acts[0], BuyShares) else "received" if isinstance(acts[0], SellShares) else None
        if kind is None and isinstance(acts[0], Dividend):
            kind = "revenue"            # "CPR pays out $100", "withholds $40": the run's revenue
        if kind is not None:
            said.append(Claim(kind, money[0].value, line[money[0].start:money[0].end], money[0].start + 1))
    first = c.pieces[0] if c.pieces else None
    if first is not None and first.kind == "name" and len(acts) == 1 and isinstance(acts[0], BuyTrain):
        named = [i for k, i in first.value if k == "player"]     # "Cid buys a 3 train for CPR": Cid presides CPR
        if len(named) == 1:
            said.append(Claim("president", (named[0], acts[0].entity), line[first.start:first.end], first.start + 1))
    return tuple(sorted(said, key=lambda c: c.column))


def presidency_taken(c: Clause) -> bool:
    """Whether a clause set aside only says the mover takes the presidency."""
    return bool(_PRESIDENCY.match(c.text))


def with_presidency(line: str, out: list, taken: list[Clause]) -> tuple[list, list[str]]:
    """The moves with a presidency claim on the share bought before each clause `taken`; the
    clauses no share bought comes before, as asides."""
    left = []
    for c in taken:
        at = [i for i, m in enumerate(out) if m.column <= c.start and isinstance(m.action, BuyShares)]
        if not at:
            left.append(f'"{c.text}"')
            continue
        m = out[at[-1]]
        out[at[-1]] = dataclasses.replace(m, claims=m.claims + (Claim("president", (None, None), c.text.strip(" ,."),
                                                                      c.start + 1),))
    return out, left


_AMOUNT = r"[$₽£]?\s?(\d{1,6})\s?₽?"
#: (pattern, the claim's kind, the kinds of move it is said of)
_STATED = (
    (regex(r"[,.;]?\s*\(?\s*\b(?:(?:and\s+)?(?:cash\s+(?:left|remaining|now|on\s+hand)|remaining\s+(?:free\s+)?cash|"
                r"free\s+cash(?:\s+(?:left|remaining))?|left\s+with|leaving(?:\s+(?:him|her|them|it|me|us))?(?:\s+with)?)|cash)"
                r"\s*:?\s*" + _AMOUNT + r"(?:\s+left)?\s*\)?", re.I), "cash", None),
    (regex(r",?\s*\b(?:and\s+)?receiv(?:es|ed|ing)\s+" + _AMOUNT, re.I), "received", (SellShares,)),
    (regex(r",?\s*(?:(?:and\s+)?(?:the\s+)?(?:president|director|prez)\s+(?:pays|paid|covers|covered|chips\s+in)"
                r"(?:\s+(?:the\s+)?(?:rest|remainder|difference|balance|shortfall))?(?:\s+out\s+of\s+(?:his\s+|her\s+|their\s+)?pocket)?|"
                r"(?:partly\s+)?out\s+of\s+(?:the\s+president'?s\s+|(?:his|her|their)\s+(?:own\s+)?)?pocket)\b", re.I),
     "pocket", (BuyTrain,)),
    (regex(r",?\s*\b(?:and\s+|so\s+|thus\s+|thereby\s+)*(?:becomes?|became|becoming|is\s+now)\s+(?:the\s+)?(?:new\s+)?"
                r"(?:president|director|prez)(?:\s+of\s+(?:the\s+)?([A-Z][\w&-]*))?\b", re.I), "president", (BuyShares, Par)),
)
#: a dividend's payees in brackets: "($40 to Ann, $20 to Bob)", "(Ann $40, Bob $20)", "(Ann: $40; Bob: $20)"
_WHO = r"(?:[A-Z][\w'-]*(?: \d{1,2}(?![\d$₽]))?|me)"      # "Ann", "Player 1", "me" (the writer)
_PAYEE = rf"(?:[$₽]?\s?\d{{1,6}}₽?\s+to\s+{_WHO}|{_WHO}\s*:?\s*[$₽]\s?\d{{1,6}}₽?)"
_PAYEES = regex(r"\(\s*" + _PAYEE + r"(?:\s*[,;]\s*(?:and\s+)?" + _PAYEE + r")*\s*\)")
_PAIR = regex(rf"[$₽]?\s?(\d{{1,6}})₽?\s+to\s+({_WHO})|({_WHO})\s*:?\s*[$₽]\s?(\d{{1,6}})")


def stated_set_aside(line: str, index, writer: Optional[str] = None) -> tuple[str, list[tuple[Claim, tuple]]]:
    """The line with what it states after its moves blanked (the same length), and each claim
    with the kinds of move it is said of (None: the last move); "me" among payees is `writer`."""
    said: list[tuple[Claim, tuple]] = []
    out = list(line)
    for m in _PAYEES.finditer(line):
        pairs = []
        for p in _PAIR.finditer(m.group(0)):
            name, amount = (p.group(2), p.group(1)) if p.group(1) else (p.group(3), p.group(4))
            if name == "me" and writer is not None:
                pairs.append((writer, int(amount)))
                continue
            who = index.ident(name, ("player", "corporation"), mode="union")
            if who is None:
                raise NotationError(f'"{name}" is no player or company: who was paid?', text=line.strip())
            pairs.append((who, int(amount)))
        said.append((Claim("payees", tuple(pairs), m.group(0), m.start() + 1), (Dividend, RunRoutes)))   # (a minor splits its run)
        out[m.start():m.end()] = " " * (m.end() - m.start())
    for m in _BRACKETED.finditer("".join(out)):     # "(ran for 60)", "(cash 365)": said of the move before
        found = parse_paren_claims(m.group(1))
        if found and all(kind in ("cash", "revenue") for kind, _, _ in found):
            said.extend((Claim(kind, value, m.group(0), m.start() + 1), None) for kind, value, _ in found)
            out[m.start():m.end()] = " " * (m.end() - m.start())
    for rx, kind, of in _STATED:
        for m in rx.finditer("".join(out)):
            if kind == "president":
                corp = None
                if m.group(1):
                    entry = index.lookup(m.group(1), ("corporation",))
                    if entry is None:
                        continue
                    corp = entry.ident
                value = (None, corp)
            else:
                value = int(m.group(1)) if kind != "pocket" else None
            said.append((Claim(kind, value, m.group(0).strip(" ,.;()"), m.start() + 1 + len(m.group(0)) - len(m.group(0).lstrip(" ,.;("))), of))
            out[m.start():m.end()] = " " * (m.end() - m.start())
    return "".join(out), said


def with_stated(moves: list, said: list[tuple[Claim, tuple]]) -> list:
    """The moves with each claim stated given to the last move before it of the kinds it is said of."""
    moves = list(moves)
    for claim, of in sorted(said, key=lambda x: x[0].column):
        at = [i for i, m in enumerate(moves) if m.column <= claim.column and (of is None or isinstance(m.action, of))]
        if not at:
            if of is None and moves:
                at = [len(moves) - 1]
            else:
                raise NotationError(f'"{claim.text}" is said of no move on the line', text=claim.text)
        m = moves[at[-1]]
        moves[at[-1]] = dataclasses.replace(m, claims=m.claims + (claim,))
    return moves


#: what makes a remark in brackets more than a comment: a move word, or a count, percent,
#: amount or piece of equipment a move could be made of ("(2 shares)", "(and a 3 train)")
_MOVE_STUFF = regex(r"\b(?:shares?|certs?|certificates?|trains?|tiles?|tokens?|stations?|x\s*\d|\d\s*x|"
                         r"pool|ipo|market|bank|depot|treasury|initial|rot\w*|par|home|president\w*|neutral|"
                         r"loans?|via|route|both|all|each|half|full)\b|"
                         r"[%$₽#]|\b\d+\s*(?:[-+]\s*\d|T\b)", re.I)


def comment_only(inner: str) -> bool:
    """Whether a remark in brackets that states no claim is a plain comment: no word of a move
    and nothing a move is made of (read by the pieces' vocabulary)."""
    words = re.findall(r"[a-z']+", inner.lower())
    return "?" not in inner and bool(words) and not any(w in VERBS for w in words) and not _MOVE_STUFF.search(inner)


_BRACKETED = regex(r"\(([^()\n]*)\)")


def with_comments(moves: list, line: str, index) -> list:
    """The moves with a note on each bracket after them that is a plain comment ("(ouch)", "(sorry,
    2s rust)"): no claim, no move word and nothing a move is made of, no name; nothing in it was checked."""
    out = list(moves)
    for m in _BRACKETED.finditer(line):
        inner = m.group(1)
        before = [i for i, mv in enumerate(out) if mv.column <= m.start() + 1]
        if not before or parse_paren_claims(inner) is not None or not comment_only(inner) or names_something(inner, index):
            continue
        i = before[-1]
        note = f'the remark "{m.group(0)}" was taken as a comment: nothing in it was checked'
        out[i] = dataclasses.replace(out[i], notes=out[i].notes + (note,))
    return out


def names_something(text: str, index) -> bool:
    """Whether `text` names a hex, a player, a company or a place ("(new major MKV)" is a move's part, no comment)."""
    if re.search(r"\b[A-Za-z]{1,2}\d{1,2}\b", text):
        return True
    for word in re.findall(r"[\w&'’-]+", text):
        try:
            if index.lookup(word, ("player", "corporation", "company", "location"), mode="priority"):
                return True
        except PbemError:
            return True
    return False
