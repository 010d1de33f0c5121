"""Rewordings of moves told in whole sentences (issue 8, "phrasings"): 1861 mergers and
conversions, token removals and 1882's North-West Rebellion told as a story, auctions and pars
described in words, dividends, loans and bankruptcy in words.

Each rule turns one general way of telling a move into the notation's own words, as the other
rules of the second reading do (paraphrase_rules.py applies these first); none guesses a value:
every company, amount and place of the result is written in the line.
"""
from __future__ import annotations

import re
from typing import Callable, Optional

from .paraphrase_parts import _HEXP, _I, _sub

__all__ = ["PHRASINGS", "one_pass"]

#: a company's symbol or short name as written ("MKN", "M-K", "St.P-W" is not one)
_NAME = r"[A-Z][\w-]*"
_AMOUNT = r"[$₽]?\d+(?:\s*₽)?"
#: a place written by name, up to three words ("Kiev", "St Petersburg", "Moscow-Nizhny Novgorod")
_PLACE_WORDS = r"[A-Z][\w.'’]*(?:[\s–—-]+[A-Z][\w.'’]*){0,2}"
#: the joins of a list of companies: "A, B and C", "A & B", "A + B"
_JOIN = r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s*\+\s*|\s*/\s*)(?:the\s+)?"
_LIST = rf"{_NAME}(?:{_JOIN}{_NAME})*"
#: the words that name the new major of a merger: "to form W", "forming W", "into W", "and
#: together they form the W", ", new major is W", "-> W"
_FORMING = (r"\s*[,.;:(]?\s*(?:and\s+)?(?:(?:together\s+)?(?:they|both|all\s+three)\s+)?"
            r"(?:to\s+form|forms?|forming|to\s+create|creates?|creating|to\s+make|makes?|making|into|becoming|becomes?|"
            r"become|to\s+become|as|"
            r"[,;:]?\s*(?:the\s+)?(?i:new)\s+(?:major|company|corporation|railway)(?:\s+(?:is|will\s+be|being|called))?\s*:?|"
            r"(?:->|→|=>|=))\s*(?:the\s+)?(?:new\s+)?(?:major\s+)?")
#: what may end a merger sentence: its end, a full stop, or another sentence
_END = r"\)?\s*(?=[.!;]|$)"


def _short(name: str) -> str:
    """A railway named after the two places it joins, by its short form ("Kiev-Brest" -> "K-B",
    as the names index knows it); any other name as written."""
    m = re.fullmatch(r"([A-Z])[a-z]+-([A-Z])[a-z]+", name)
    return f"{m.group(1)}-{m.group(2)}" if m else name


def _adding(entity: str, others: str, major: str, closing: bool = False) -> str:
    """The merger in the notation's words: each other company added, then (when the line says
    the group is closed) the pass that closes it, then the merge into the major."""
    entity, major = _short(entity), _short(major)
    names = [_short(n) for n in re.split(_JOIN, others) if n]
    return "; ".join([f"Adding {n} to merge of {entity}" for n in names] + ([f"{entity} passes"] if closing else [])
                     + [f"{entity} merges into {major}"])


def _merge_told(line: str) -> str:
    """1861 mergers told as a sentence: "X merges with Y and Z to form W", "Merge R-O with StP-W
    and K-B to form NW", "M-K and E merge, forming SE", "MB joins with N, and together they form
    the NW", "KR + MV -> MKN", "E takes in MNN, new major is GRR". The first company named is
    the one that merges (18xx.games' entity); the others are added to it; W is the new major."""
    # the sentence may follow others ("Hi all. ..."), kept as written; a round's name before it
    # ("Merger round:", "MR1:", "For the merger round:") is no label to check and is dropped
    for start in [0] + [m.end() for m in re.finditer(r"[.!]\s+", line)]:
        lead = re.match(r"\s*(?:(?i:(?:for|in|during)\s+)?(?i:the\s+)?(?i:merger(?:\s+round)?(?:\s+\d+(?:\.\d+)?)?|MR\s*\d*(?:\.\d+)?)"
                        r"\s*[:,-]\s*)?", line[start:])
        told = _merger_at(_leader_first(line[start + lead.end():]))
        if told is not None:
            return line[:start] + told
    return line


def _leader_first(text: str) -> str:
    """A merger naming its leading company in brackets, "M-B and N merge into NW (N leading)":
    the leader named first (the one that merges, 18xx.games' entity) and the bracket dropped;
    a line without such a bracket, or whose leader is not named before it, as written."""
    m = re.search(rf"\s*\(\s*(?:(?i:with)\s+)?({_NAME})\s+(?i:leading|leads|in\s+the\s+lead|as\s+(?:the\s+)?(?:leader|lead|survivor)|survives)"
                  r"\s*\)(?=\s*(?:[.!;]|$))", text)
    if not m:
        return text
    before, leader = text[:m.start()], m.group(1)
    first = re.match(rf"\s*(?:the\s+)?({_NAME})(?=\s*(?:\s(?i:and)|&|\+|,|/))", before)
    if not first:
        return text
    if first.group(1) == leader:
        return before + text[m.end():]
    named = re.search(rf"({_JOIN})(?:the\s+)?{re.escape(leader)}\b", before[first.end():])
    if not named:
        return text
    at = first.end() + named.start()
    rest = before[:at] + before[at + len(named.group(0)):]
    return rest[:first.start(1)] + leader + named.group(1) + rest[first.start(1):] + text[m.end():]


#: "takes in X, closes the group, and forms Y": the choice of companies ended (a pass) before the major is named
_CLOSING = (r"\s*[,;]\s*(?:(?i:then|and)\s+)?(?i:closes|ends|finishes|completes|stops)\s+(?i:the|its)\s+"
            r"(?i:group|selection|list|choice|merger\s+group)\s*(?=[,;]|\s+(?i:and)\b)")


def _merger_at(text: str) -> Optional[str]:
    """The merger sentence at the start of `text` reworded (with what follows it), or None."""
    patterns = (
        # subject first: "X merges with Y (and Z) to form W", "X takes in Y, new major is W"
        rf"(?:the\s+)?({_NAME})\s+(?:will\s+|is\s+going\s+to\s+|is\s+)?(?:(?i:merges?|merging|joins?|joining|combines?|combining)"
        rf"(?:\s+(?i:with))?|(?i:takes\s+in|takes\s+over|absorbs|swallows))\s+(?:the\s+)?({_LIST}){_FORMING}({_NAME}){_END}",
        # all named first: "M-K and E merge, forming SE", "KR + MV -> MKN"
        rf"(?:the\s+)?({_NAME})(?:\s+(?i:and)|\s*&|\s*\+|\s*,|\s*/)\s*(?:the\s+)?({_LIST})"
        rf"(?:\s+(?:will\s+|are\s+going\s+to\s+)?(?i:merge|combine|join)(?:\s+(?i:together))?)?{_FORMING}({_NAME}){_END}",
        # an order: "Merge R-O with StP-W and K-B to form NW"
        rf"(?i:merge|merging|combine)\s*:?\s+(?:the\s+)?({_NAME})\s*(?i:\s+with|\s+and|\+|&|/)\s*(?:the\s+)?({_LIST}){_FORMING}({_NAME}){_END}",
    )
    closing = re.search(_CLOSING, text)
    if closing:     # the pass that closes the group is kept in its place (before the major)
        text = text[:closing.start()] + text[closing.end():]
    for p in patterns:
        m = re.match(p, text)
        if m and m.group(3) not in re.split(_JOIN, m.group(2)) and m.group(1) != m.group(3):
            rest = text[m.end():]
            # a plan told after it is no move of this message: "I'll buy the extra share after",
            # "I'll keep the tokens in Ekaterinburg and Moscow"
            if re.fullmatch(r"\s*[.!;]\s+(?i:I'll|I\s+will|I'm\s+going\s+to)\s+(?i:keep\b[^.?;]*|[^.?;]*\b(?:after|afterwards|later|next)\b[^.?;]*)"
                            r"[.!]?\s*", rest):
                rest = ""
            # a station given up by the new major told after it: "; drop the K-B station in Kiev"
            drop = re.match(rf"\s*[.;,]\s*(?:(?i:and|then)\s+)?(?:(?i:I'll|I\s+will|we)\s+)?(?i:drops?|dropping|removes?|removing|gives?\s+up|giving\s+up)\s+"
                            rf"(?:(?i:its|their|one)|(?i:the)\s+{_NAME}(?:'s)?)\s+(?i:token|station|marker)\s+(?i:in|on|at|from)\s+({_HEXP}|{_PLACE_WORDS})"
                            r"\s*(?=[.!;]|$)", rest)
            if drop:
                rest = f"; {_short(m.group(3))} removes its station from {drop.group(1)}" + rest[drop.end():]
            return _adding(m.group(1), m.group(2), m.group(3), closing is not None) + rest
    return None


#: what a conversion turns a minor into, told before the major's name: "to a public company: the MKV"
_KIND = (r"(?:\s*(?i:an?\s+)?(?i:public|major|full)(?:\s+(?i:company|corporation|railway))?\s*[:,–—-]?\s*"
         r"(?i:called\s+|named\s+|,\s*)?)?")


def _convert_told(line: str) -> str:
    """1861 conversions told as a sentence: "K-R converts, becoming MK", "MV will convert, new
    major MKV", "KK converts to the KKR": the minor converts into the major it names."""
    m = re.match(rf"\s*(?:the\s+)?({_NAME})\s+(?:will\s+|is\s+going\s+to\s+|is\s+)?(?i:converts?|converting)"
                 rf"\s*[,;:.(]?\s*(?:and\s+)?(?:(?i:becoming|becomes|to\s+become|into|to|forming|to\s+form|as)|"
                 rf"(?i:the\s+)?(?i:new\s+(?:major|company|corporation))(?:\s+(?i:is|will\s+be|being))?\s*:?|->|→|=>)"
                 rf"{_KIND}\s*(?:the\s+)?({_NAME}){_END}", line)
    if not m:                                   # an order: "Converting KK, new major SE"
        m = re.match(rf"\s*(?:I\s+|I'll\s+)?(?i:convert|converting)\s+(?:the\s+)?({_NAME})\s*[,;:]?\s*(?:(?i:becoming|into|to|as)|"
                     rf"(?i:the\s+)?(?i:new\s+(?:major|company|corporation))(?:\s+(?i:is|will\s+be|being))?\s*:?|->|→|=>)"
                     rf"\s*(?:the\s+)?({_NAME}){_END}", line)
    if not m:                                   # "KR becomes SE (conversion)"
        m = re.match(rf"\s*(?:the\s+)?({_NAME})\s+(?i:becomes|will\s+become|turns\s+into)\s+(?:the\s+)?({_NAME})\s*"
                     r"(?:\(\s*(?i:a\s+)?(?i:conversion|converts?|converting)\s*\)|[,;-]\s*(?i:a\s+)?(?i:conversion))\s*(?=[.!;]|$)", line)
    if not m or m.group(1) == m.group(2):
        return line
    return f"{_short(m.group(1))} converts into {_short(m.group(2))}" + line[m.end():]


def _exchange_told(line: str) -> str:
    """A private exchanged for a president's certificate told in words (1882's Saskatchewan
    Central): "trades the Sask Central private in for the SC presidency, parring at 76 and
    placing the home token on K3" -> "trades the Sask Central for the SC president's
    certificate, par 76, home token in K3". Only the words change; every name, figure and place
    is the writer's."""
    m = re.search(r"\b((?i:exchang|trad|swap|convert)\w*)\s+(?:(?i:the|my|his|her|their)\s+)?([A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,2}?)"
                  r"(?:\s+(?i:private)(?:\s+(?i:company))?)?(?:\s+(?i:in))?\s+(?i:for|into)\s+(?:(?i:the|a)\s+)?"
                  rf"({_NAME})(?:'s)?\s+(?i:presidency|president(?:'?s)?(?:\s+(?i:certificate|cert|share))?|"
                  r"director(?:'?s)?\s+(?i:certificate|cert|share)|pres(?:\s+cert)?)\b", line)
    if not m:
        return line
    rest = line[m.end():]
    rest = re.sub(r"^\s*(?:,\s*|\s+)(?:(?i:and)\s+)?(?i:parring|parred|pars|setting\s+(?:the\s+)?par|sets\s+(?:the\s+)?par)"
                  rf"(?:\s+(?i:it))?\s+(?i:at|to|of)\s+({_AMOUNT})", r", par \1", rest)
    rest = re.sub(rf"^(\s*,\s*(?i:par)\s+{_AMOUNT})\s*(?:,\s*|\s+)(?:(?i:and)\s+)?(?:(?i:puts?|putting|plac(?:es|e|ing)|lays?|laying|drops?|dropping)\s+)?"
                  r"(?i:the\s+|its\s+|a\s+)?(?i:home)\s+(?i:token|station|marker)\s+(?i:in|on|at)\s+", r"\1, home token in ", rest)
    return f"{line[:m.start()]}{m.group(1)} the {m.group(2)} for the {m.group(3)} president's certificate{rest}"


#: the longest line these rules reword: a move told in a sentence is short, and some of the
#: patterns take time that grows faster than the line (a 20,000-character line is allowed)
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


def _p_number(line: str) -> str:
    """1882's privates by their number in the rules, with the name after it: "P1 Hudson Bay
    for $20", "P4 Trestle Bridge - I bid 175" -> "Hudson Bay for $20", "Trestle Bridge - I bid
    175": the name is read (a number that is not the name's is not taken instead of it)."""
    return re.sub(r"(^\s*|\b(?i:on|for|bid|bids|the)\s+)P[1-9]\s+(?:[-–—:]\s*)?((?:the\s+)?[A-Z][a-z][\w'’-]*(?:\s+[A-Z][a-z][\w'’-]*){0,3})"
                  r"(?=\s*(?:[-–—:,]|\s+(?i:for|at|@|on)\b|$))", r"\1\2", line)


def _short_lines(rule: Callable[[str], str]) -> Callable[[str], str]:
    """The rule applied to a line no longer than `_LONGEST` (a longer one is left as written)."""
    return lambda line: rule(line) if len(line) <= _LONGEST else line


_RULES: list[Callable[[str], str]] = [
    # 1861 mergers, conversions and the passes that decline them
    _merge_told,
    _exchange_told,
    # a merger or conversion declined without the word pass: "No merge for N this time."
    # a token given up, and 1882's North-West Rebellion told as a story: "NW drops its Kiev
    # token", "NW drops its token in Kiev to get down to three", "its token moves from J12 to D6"
    _sub(rf"\b(?i:drops?|removes?|lifts?|gives?\s+(?:up|back)|returns?|pulls?)\s+(?i:its|the|their|one)\s+({_HEXP}|{_PLACE_WORDS}?)\s+"
         r"(?i:(token|station|marker))\b", r"removes its \2 from \1", 0),
    # a private's tile and station told as the company using it: "C&O uses the D&H to lay #57 on
    # F16 and put a token there" -> the private lays, the company places its token
    _sub(r"\b(?:plays|played|playing|exercises|exercised|activates|activated|triggers)\s+(?=(?:the\s+|its\s+)?[A-Z][\w-]*(?:'s)?"
         r"(?:\s+(?:private|power|ability))*\s*[:,-])", "uses "),
    _sub(r"\b(?i:moves?)\s+[A-Z][\w-]*(?:'s)?\s+((?i:token|station))\b", r"moves its \1", 0),
    _sub(rf"\b((?i:moves?)\s+(?i:its|the|a)\s+(?i:token|station))\s+({_HEXP})\s+(?i:to)\s+({_HEXP})\b", r"\1 from \2 to \3", 0),
    _sub(rf"(^|[:;,]\s*)(?i:(token|station))\s+(?i:from\s+)?({_HEXP})\s*(?:->|→|=>|(?i:to))\s*({_HEXP})\b", r"\1moves its \2 from \3 to \4", 0),
    # auctions told in words: "Auctioning M-K, opening bid 120", "I'll auction MB, 250 to start",
    # "Put me down for $55 on the Sask Central", "Bidding on the Kharkov minor, K-R, at 100"
    _sub(r"\b(?i:the\s+)?(?:(?i:minor\s+(?:in|at|from|of|based\s+in))\s+" + _PLACE_WORDS + r"|(?:" + _PLACE_WORDS +
         r"\s+)(?i:minor))\s*(?:\(\s*(" + _NAME + r")\s*\)|,\s*(" + _NAME + r")\s*(?:,|(?=\s+(?i:at|for|@)\b)|(?=\s*[.!]?\s*$)))",
         lambda m: m.group(1) or m.group(2), 0),
    _sub(r"\b(?!(?i:green|yellow|brown|gr[ae]y)\b)([A-Z][\w-]*)\s+(?i:minor)\b(?!\s*[(,])", r"\1", 0),
    _sub(r"\b(?i:auction(?:s|ing)?|nominat(?:e|es|ing)|put(?:s|ting)?\s+up|open(?:s|ing)?(?:\s+the\s+bidding\s+(?:on|for))?)\s+"
         rf"(?i:the\s+)?(?:[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?\s*\((?={_NAME}\)))?({_NAME})\)?\s*(?:[,:;]|\s+[-–—])?\s+(?i:with\s+)?(?i:an?\s+)?(?i:(?:opening|starting|first)\s+bid|bid)"
         rf"(?i:\s+(?:of|at))?\s*:?\s*({_AMOUNT})", r"bid \2 on \1", 0),
    _sub(rf"\b(?i:putting|puts?)\s+(?:the\s+)?({_NAME})\s+(?i:up)\s+(?i:for\s+auction\s+)?(?i:at|for)\s+({_AMOUNT})(?:\s*(?i:roubles?|rubles?|dollars?)\b)?", r"bid \2 on \1", 0),
    _sub(rf"\bthe\s+minimum\s*(?:,\s*|\(\s*)({_AMOUNT})\s*(?:,|\))?", r"\1"),
    _sub(rf"\b(?:put|count|sign|pencil)\s+me\s+(?:down|in|up)\s+(?:for|at|with)\s+({_AMOUNT})\s+(?:on|for)\s+", r"bid \1 on "),
    _p_number,
    # a raise in answer to the bid before it: "Ingrid bids 70 for SC, I go to 75" (the other bid is a report)
    # a pass in an auction with its reason: "Passing on the SC auction, 65 is too rich for me",
    # "Not bidding this time around. Pass.", "Out."; a bid in words: "Mattie puts 115 on OK"
    _sub(r"^\s*(?:(?i:I'm\s+|I\s+am\s+|I\s+)?(?i:passing|pass)\s+(?i:on|for)\s+(?:(?i:the)\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?"
         r"(?:\s+(?i:auction|bidding|private))?)\s*(?:[,;:]|\s+[-–—])\s*(?:(?i:as|since|because)\s+)?(?:[$₽]?\d+\s*₽?\s+(?i:is|would\s+be)\s+)?"
         r"(?i:too\s+(?:rich|much|expensive|high|steep|pricey)|not\s+worth\s+it|out\s+of\s+my\s+(?:range|league|budget))(?:\s+(?i:for\s+me))?\s*[.!]?\s*$",
         "pass", 0),
    _sub(r"^\s*(?i:I'm\s+|I\s+am\s+)?(?i:out)\s*[.!]?\s*$", "pass", 0),
    _sub(r"\b(?i:puts?|putting)\s+([$₽]?\d+(?:\s*₽)?)\s+(?i:on)\s+(?:(?i:the)\s+)?([A-Z][A-Z&-]{1,4})(?=\s*[.!]?\s*$)", r"bids \1 on \2", 0),
    # a private taken for what it costs now: "the SC is down to $45 - I'll buy it at 45",
    # "Canadian Pacific is the last one left, so I'll take it at face ($180)"
    # a par after the auction it follows: "Won the CP at 205, so CPR gets a par of 90"
    _sub(rf"^\s*(?i:(?:I\s+)?(?:won|bought|got))\s+(?i:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?\s+(?i:at|for)\s+{_AMOUNT}\s*[,;.]\s*"
         rf"(?i:so\s+|and\s+)?({_NAME})\s+(?i:gets|will\s+get|has)\s+(?i:a\s+)?(?i:par)(?:\s+(?i:price|value))?\s+(?i:of|at)\s+({_AMOUNT})",
         r"par \1 at \2", 0),
    # pars in words: "Buying the HBR president's certificate, par 100", "sc into SC pres, par 80",
    # "parred MKN at 90 with its home in K7", "start the Canadian Northern on 90"
    _sub(rf"\b(?i:buy(?:s|ing)?|takes?|taking|gets?|getting)\s+(?i:the\s+)?({_NAME})(?:'s)?\s+(?i:president|director)(?:'?s)?"
         r"(?i:\s+(?:certificate|cert|share))?\s*(?i:,\s*|\s+(?:at|for|with)\s+(?:a\s+)?)?(?i:par)(?i:\s+(?:price\s+)?(?:of|at))?\s+"
         rf"({_AMOUNT})", r"par \1 at \2", 0),
    _sub(rf"\b((?i:convert|exchange|swap|trade)(?:s|d|ed|ing)?\s+(?:(?i:the|my|his|her|their)\s+)?[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){{0,2}}"
         rf"\s+(?i:into|for|to)\s+(?:(?i:the)\s+)?{_NAME})(?=\s*,\s*(?i:par)\b)", r"\1 president's certificate", 0),
    _sub(rf"\b((?i:convert|exchange|swap|trade)(?:s|d|ed|ing)?\s+(?:(?i:the|my|his|her|their)\s+)?[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){{0,2}}"
         rf"\s+(?i:into|for|to)\s+(?:(?i:the)\s+)?{_NAME}(?:'s)?\s+(?i:president|director)(?:'?s)?(?:\s+(?i:certificate|cert|share))?)"
         rf"\s+(?i:at|@)\s+({_AMOUNT})", r"\1, par \2", 0),
    _sub(r"(\bwith|,)\s+(?:its\s+|the\s+|a\s+)?home\s+(?=(?:in|on|at)\s+)", r"\1 home token "),
    _sub(rf"^\s*({_NAME})\s+(?i:parred|started|floated|is\s+parred|was\s+parred)\s+(?i:at|@)\s+({_AMOUNT})\s+(?i:by)\s+"
         r"(?:(?i:me)|([A-Z][a-z][\w'’-]*))\s*[.!]?\s*$", lambda m: f"{m.group(3) + ' pars' if m.group(3) else 'par'} {m.group(1)} at {m.group(2)}", 0),
    _sub(rf"(^|[:;,.]\s*)(?i:the\s+)?(?i:president|director|pres|prez)(?:'?s)?\s+(?i:certificate|cert|share)\s+(?i:of|in|for)\s+(?:the\s+)?({_NAME})"
         rf"\s*(?:,\s*(?i:par)|\s+(?i:at|@)|\s+(?i:at\s+)?(?i:par))\s+(?i:of\s+|at\s+)?({_AMOUNT})", r"\1par \2 at \3", 0),
    lambda s: re.sub(rf"(?:\b(?i:takes?|taking|buys?|buying|gets?|getting)\s+(?i:the\s+)?)?\b(?<!')({_NAME})\s+"
                     rf"(?i:pres|prez|presidency|president'?s?|director'?s?)(?:\s+(?i:cert|certificate|share))?\s*"
                     rf"(?:,\s*(?i:par)|\s+(?i:at|@)|\s+(?i:at\s+)?(?i:par))\s+(?i:of\s+|at\s+)?({_AMOUNT})",
                     lambda m: m.group(0) if re.search(r"\b(?i:into|for|to)\s+(?:(?i:the)\s+)?$|(?:->|→)\s*$", s[:m.start()])
                     else f"par {m.group(1)} at {m.group(2)}", s),
    _sub(rf"\b(?:pars?|parr?ed|parring|starts?|started|starting|floats?|floated|floating|launch(?:es|ed|ing)?)\s+(?:the\s+)?"
         rf"({_NAME})\s+(?:at|@)\s+({_AMOUNT})\s*,?\s+(?:with\s+(?:(?:its|the|a)\s+)?home(?:\s+(?:token|station))?|home(?:\s+(?:token|station))?)"
         r"\s+(?:in|on|at)\s+", r"pars \1 at \2; \1 places a token on "),
    _sub(r"\b(?i:(starts?|started|starting|pars?|floats?|opens?|launch(?:es)?))\s+((?i:the)\s+)?([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,2})\s+(?i:on)\s+"
         rf"({_AMOUNT})\b", r"\1 \2\3 at \4", 0),
    _sub(rf"\b(?i:(?:start|starts|starting|float|floats|open|opens))\s+(?:the\s+)?({_NAME})\s*,?\s+(?i:par)\s+(?i:at\s+|of\s+)?({_AMOUNT})",
         r"pars \1 at \2", 0),
    # dividends in words: "MKN pays half of 310", "Nikolaev pays the 60 out", "NW withholds,
    # price drops a step" (a claim on the price), "withholding, we need the 6" (a reason)
    _sub(r"\b(pays?|paid|paying)\s+half\s+of\s+(?:the\s+|its\s+)?(?=[$₽]?\d)", r"\1 half "),
    _sub(rf"\b(?:pays?|paid|paying)\s+(?:the\s+|its\s+|all\s+(?:the\s+)?)?({_AMOUNT})\s+out\b", r"pays out \1"),
    _sub(r"\b(?:does(?:n't|\s+not)\s+pay(?:\s+out)?(?:\s+(?:a|any))?(?:\s+dividends?)?|pays?\s+no\s+dividends?)(?=\s*[.,;!]|\s*$|\s+this\s+time)",
         "withholds"),
    _sub(rf"^\s*50\s*/\s*50(?:\s+(?i:split|payout|dividend))?\s+(?i:for|from|by)\s+(?:the\s+)?({_NAME})\s*[.!]?\s*$", r"\1 pays half", 0),
    _sub(r"\bpays?\s+(?:out\s+)?50\s*%(?!\s+of\s+[A-Z])", "pays half", _I),
    _sub(r"\bpays?\s+nothing\s+(?:out|to\s+(?:the\s+)?shareholders)\b|\b(?:everything|all(?:\s+of\s+it)?)\s+(?:goes\s+)?(?:to|into)\s+"
         r"the\s+treasury\b", "withholds"),
    _sub(r"\b(?:keeps?|kept|keeping|puts?|retains?)\s+(?:the\s+|its\s+|all\s+(?:the\s+)?)?(?:[$₽]?\d+\s*₽?|revenue|cash|income)\s+"
         r"in\s+(?:the|its)\s+(?:treasury|company)\b(?:\s+(?:for|to)\b[^,;.]*)?", "withholds"),
    # a train traded in told as an exchange: "PRR exchanges its 4 for a D train, paying $800 to the bank"
    _sub(r"\b(?i:exchanges?|exchanging|trades?\s+in|trading\s+in|swaps?)\s+(?i:its|their|a|the|one)\s+(\d+|[A-Z])(?:[- ]?(?i:train|T))?\s+"
         r"(?i:for|towards|against)\s+(?i:a|the|one)\s+(\d+|[A-Z])(?:[- ]?(?i:train|T))?\s*,?\s*(?i:paying|for|at)\s+([$₽]?\d+(?:\s*₽)?)"
         r"(?:\s+(?i:to\s+the\s+(?:bank|depot)|more|extra|on\s+top))?(?=\s*(?:[.!;,]|$))",
         r"buys a \2 train for \3 trading in a \1", 0),
    # a consequence told after the move, no move itself: "buys PRR, that should float it", "; NYC
    # floats", "; the 2-trains are now obsolete"
    _sub(rf"\s*[,;]\s*(?:(?i:and\s+|so\s+)?(?i:that|this|which)\s+(?i:should|will|would|ought\s+to)\s+(?i:float)\s+(?i:it|{_NAME})|"
         rf"(?i:and\s+|so\s+)?(?:{_NAME}|(?i:it))\s+(?i:floats|is\s+floated|is\s+now\s+floated|has\s+floated))\s*[.!]?\s*$", "", 0),
    # 1861's trainless major declining to be nationalised: "NW is trainless, I decline nationalisation"
    # loans and bankruptcy: "took 2 loans to afford the 3-train", "goes bankrupt, no cash for a train"
    _sub(r"(^|[:;,]\s*)(?:\d|one|two|three|a)\s+loans?(?:\s+taken)?\s*[,;]\s*(?=(?:and\s+|then\s+)?(?:buys?|bought)\b)", r"\1"),
    _sub(rf"^\s*(?i:bankruptcy)\s+(?i:for|of)\s+(?:the\s+)?({_NAME})\s*[.!]?\s*$", r"\1 declares bankruptcy", 0),
    _sub(r"\b(?:took|taking)\s+(?:a|one|two|three|\d)\s+loans?\s+to\s+(?:pay\s+for|afford|buy)\s+", "buys "),
    _sub(r"\b(goes|declares?|declaring)\s+(bankrupt|bankruptcy)\s*(?:[,;:–—-]|\s+as\b|\s+because\b|\s+since\b)\s*[^?]*$",
         r"\1 \2"),
]

PHRASINGS: list[Callable[[str], str]] = [_short_lines(rule) for rule in _RULES]
