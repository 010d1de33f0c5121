"""Move words and sentences people write that the other rules did not know (issue 8, area
"vocabulary"): rewordings of the second reading into the notation's own words, each a general
way of telling a move ("I'm raising Bob on the Saskatchewan Central to 70" is a bid, "MKN
nationalises - not buying another train" the choice, "HBR must drop one of its 3s - discard
the 3" the discard). None applies to a question: the second reading refuses those first."""
from __future__ import annotations

import re
from typing import Callable

_NAME = r"[A-Z][\w&-]*"
_AMT = r"[$₽]?\d+(?:\s*₽)?"


def _sub(pattern: str, repl, flags: int = 0) -> Callable[[str], str]:
    rx = re.compile(pattern, flags)
    return lambda s: rx.sub(repl, s)


#: round 2 of the vocabulary: privates and 1861's own moves told in words (a payment for a
#: private, a loan beside the buy it pays for, a merger told as what
#: the group becomes, a nationalisation after its reason, a pass after what is not bought)
PRIVATES_AND_1861: list[Callable[[str], str]] = [
    # a loan's proceeds in brackets: "takes one loan (45₽ in) and buys a 4": the loan is the
    # game's own (18xx.games takes it by itself), the buy is the move
    _sub(r"(\b(?i:loans?))\s*\([^()?]*\)", r"\1"),
    # a private (or a train) bought told as the payment: "CPR pays Priya $40 for the Hudson Bay
    # Company" is CPR buying it from Priya
    _sub(rf"^\s*({_NAME})\s+(?i:pays|is\s+paying)\s+(?:(?i:to)\s+)?([A-Z][\w'-]*)\s+({_AMT})\s+(?i:for)\s+([^?]+?)\s*[.!]?\s*$",
         r"\1 buys \4 from \2 for \3"),
    _sub(rf"^\s*({_NAME})\s+(?i:pays|is\s+paying)\s+({_AMT})\s+(?i:to)\s+([A-Z][\w'-]*)\s+(?i:for)\s+([^?]+?)\s*[.!]?\s*$",
         r"\1 buys \4 from \3 for \2"),
    # a loan told with the train it pays for, then the buy of "it": "takes a loan to pay for the 3
    # train and buys it from the bank" (one buy)
    _sub(r"\b(?i:takes?|took|taking)\s+(?:(?i:a|an|one|two|three)|\d)\s+(?i:loans?)\s+(?i:to\s+(?:pay\s+for|afford|fund))\s+"
         r"((?i:the|a|an)\s+(?:\d\+?\d?|D)(?:[- ](?i:trains?))?)\s*,?\s+(?i:and)\s+((?i:buys?|bought|purchases?))\s+(?i:it)\b",
         r"\2 \1"),
    _sub(r"\b((?i:buys?|bought))\s+((?i:the|a|an)\s+(?:\d\+?\d?|D)(?:[- ](?i:trains?))?)\s*,?\s+(?i:and)\s+(?i:buys?|bought|purchases?|purchased)\s+(?i:it)\b",
         r"\1 \2"),
    # a tile described in words, its number in brackets: "lays the grey Moscow tile (639) on H8"
    _sub(r"\b(?i:the|a|an)\s+(?:[A-Za-z][a-z]+\s+){0,3}(?i:tile)\s*\(\s*(?i:#|no\.?\s*)?(\d{1,4}|[A-Z]\d)\s*\)",
         lambda m: ("#" if m.group(1)[0].isdigit() else "") + m.group(1)),
    # an upgrade told by its colour, then the tile: "upgrades St. Petersburg (E1) to brown, tile 641"
    _sub(r"\b(?i:to)\s+(?i:yellow|green|brown|gr[ae]y)\s*(?:,\s*|\s+|\s*:\s*|\s*\(\s*)(?:(?i:tile|with)\s+)?(?:(?i:#|no\.?\s*))?(\d{1,4}|[A-Z]\d)\b\)?",
         lambda m: "to " + ("#" if m.group(1)[0].isdigit() else "") + m.group(1)),
    # the place before the tile: "builds in Kharkov first: #201", "lays at I15: #57"
    _sub(r"\b((?i:lays?|builds?|upgrades?))\s+((?i:in|on|at))\s+([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)\s*(?:(?i:first)\s*)?:\s*(#?\d{1,4}[A-Za-z]?|[A-Z]\d)\b",
         r"\1 \4 \2 \3"),
    # 1861 mergers: the group named by what it becomes ("MNN becomes the MKN"), a company taken
    # into the merger ("MNN takes KK into the merger"), the adding ended ("Done adding minors;
    # the new company will be the MKN": the pass that closes the group, then the major)
    _sub(rf"^\s*(?:(?i:the)\s+)?({_NAME})\s+(?i:becomes|will\s+become|turns\s+into|is\s+going\s+to\s+become)\s+(?:(?i:the)\s+)?({_NAME})\s*[.!]?\s*$",
         r"\1 merges into \2"),
    _sub(rf"\b({_NAME})\s+(?i:takes|brings|adds|pulls|draws)\s+(?:(?i:in)\s+)?(?:(?i:the)\s+)?({_NAME})\s+(?i:into|to|in)\s+"
         r"(?i:the|its|their|this)\s+(?i:merger|group|merge)\b", r"Adding \2 to merge of \1"),
    _sub(r"^\s*(?:(?i:I'?m|we'?re)\s+)?(?i:done|finished)\s+(?i:adding|merging\s+in|taking\s+in)(?:\s+(?i:minors|companies|others|more))?"
         r"(?:\s+(?i:now|here))?\s*(?=[;,.:–—-]|$)", "pass"),
    _sub(rf"(^|[;,.:–—-]\s*)(?i:the\s+new\s+(?:company|major|corporation|railway))\s+(?i:will\s+be|is|shall\s+be|becomes)\s+"
         rf"(?:(?i:the)\s+)?({_NAME})\b", r"\1merges into \2"),
    # a token told after a lay without its verb: "#57 on F16 (Scranton) and a token there"
    _sub(r"\b((?i:on|in|at))\s+([A-Z]{1,2}\d{1,2})\b((?:\s*\([^()?]*\))?)\s*,?\s+(?i:and)\s+(?i:a|its|the|one)\s+(?i:token|station)\s+(?i:there)\b",
         r"\1 \2\3, token \2"),
    # the company's lack told before the moves that meet it: "ERIE has no train and only $220, so
    # Cid chips in $410 and ERIE buys a 6", "CPR has no cash for the 4 - I sell a CN share"
    _sub(rf"^\s*{_NAME}\s+(?i:has\s+no|has\s+only|hasn'?t\s+(?:got\s+)?enough|can'?t\s+afford|cannot\s+afford|is\s+short\s+of|lacks)\b"
         r"[^?;:.]*?(?:\s*,\s*(?i:so)\s+|\s+[-–—]+\s*(?:(?i:so)\s+)?|\s*;\s*(?:(?i:so)\s+)?)"
         r"(?=(?:[A-Z][\w&-]*|I)\s+(?i:sells?|chips\s+in|contributes|adds|puts\s+in|pays|buys|takes|emergency)\b)", ""),
    # a contribution told before the buy with "and": "Cid chips in $410 and ERIE buys a 6"
    _sub(rf"^(\s*{_NAME}\s+(?i:contributes|chips\s+in|adds|puts\s+in|puts\s+up)\s+{_AMT})\s+(?i:and)\s+(?=[A-Z][\w&-]*\s+(?i:buys|purchases)\b)",
         r"\1; "),
    # a nationalisation after its reason: "MKN has no train and can't buy one - I choose to
    # nationalise it" (the reason states no move)
    _sub(rf"^\s*({_NAME})\s+(?i:has\s+no|hasn'?t\s+(?:got\s+)?(?:a|any)|can'?t|cannot|is\s+unable\s+to|doesn'?t\s+have|lacks)\b[^?]*?"
         r"(?:\s*[-–—;:,.]\s*|\s+)(?:(?i:so|and)\s+)?(?:(?i:I|we)|[A-Z][a-z]+)\s+(?i:choose|chooses|decide|decides|opt|opts|elect|elects)\s+"
         r"(?i:to)\s+(?i:nationali[sz]e)(?:\s+(?i:it|them|the\s+company)|\s+\1)?\s*[.!]?\s*$", r"\1 chooses nationalize"),
]


VOCABULARY: list[Callable[[str], str]] = [
    # 1861's trainless major nationalised, with the reason after it
    _sub(rf"^\s*({_NAME})\s+(?i:nationali[sz]es|chooses\s+nationali[sz]ation|chooses\s+to\s+(?:be\s+)?nationali[sz]e[ds]?|"
         r"is\s+nationali[sz]ed)\s*[-–—,;:]\s*(?i:not\s+buying|won'?t\s+buy|can'?t\s+afford|cannot\s+afford|no\s+money\s+for|"
         r"no\s+cash\s+for|rather\s+than\s+buy(?:ing)?)\b[^?]*?\b(?i:trains?|\d[DT]?)\b[^?]*$", r"\1 chooses nationalize"),
    # a pass as what the writer is not buying now: "I'm not buying anything after the conversion"
    _sub(r"^\s*(?:(?:I'?m|I\s+am)\s+)?(?i:not\s+buying|buying)\s+(?i:anything|nothing)(?:\s+(?i:else|more|further))?"
         r"(?:\s+(?i:after|this|in|for|at)\b(?![^?]*\b(?i:until|unless|if|when|yet|once)\b)[^?]*)?\s*[.!]?\s*$", "pass"),
    # 1861: the merged group named after "then": "KK merges with KB, then the group forms MKV"
    _sub(r"\s*,?\s*(?:(?i:and)\s+)?(?i:then)\s+(?i:the\s+(?:merged\s+)?group|the\s+new\s+company|they)\s+(?i:forms?|becomes?)\s+",
         " to form "),
    # a raise over another bidder: "I'm raising Bob on the Saskatchewan Central to 70"
    _sub(rf"\b(?i:raising|raises?|I\s+raise)\s+(?:{_NAME}\s+)?(?i:on|for)\s+((?:(?i:the)\s+)?[A-Z][\w&'-]*(?:\s+[A-Z][\w&'-]*){{0,3}})"
         rf"\s+(?i:to)\s+({_AMT})(?!\d)", r"bids \2 on \1"),
    # what the president puts in, told before the train it pays for: the buy is the move
    _sub(rf"^\s*{_NAME}\s+(?i:contributes|chips\s+in|adds|puts\s+in|puts\s+up)\s+{_AMT}(?:\s+(?i:from|out\s+of)\s+"
         r"(?i:his|her|their|my)\s+(?i:own\s+)?(?i:pocket|cash|money|funds))?\s*[;,:.]\s*(?=[A-Z][\w&-]*\s+(?i:buys|purchases)\b)", ""),
    # a discard told with its need: "HBR must drop one of its 3s - discard the 3"
    _sub(rf"^\s*({_NAME})\s+(?:(?i:obviously|now|clearly|then|therefore|unfortunately|sadly|also)\s+|[a-z]+ly\s+)?"
         r"(?i:must|has\s+to|needs\s+to)\s+(?i:drop|discard|lose|give\s+up)\s+(?i:one\s+of\s+its|a|one)\b[^-–—:;,?]*"
         r"[-–—:;,]\s*(?:(?i:so|and|thus)\s+)?(?:(?i:I|we|it)\s+)?(?=(?i:discards?|drops?)\b)", r"\1 "),
    # the payout of a company by its president, its revenue named: "Priya pays out GT's $160"
    _sub(rf"^\s*{_NAME}\s+((?i:pays\s+out|withholds))\s+({_NAME})'s\s+(?:(?i:revenue\s+of\s+)?{_AMT}|(?i:revenue|earnings|run))"
         r"(?:\s+(?i:revenue|run))?\s*[.!]?\s*$", r"\2 \1"),
    # a company's home named with its hex: "lays a #57 in its home hex, D8"
    _sub(r"\b((?i:in|on|at))\s+(?i:its)\s+(?i:home)(?:\s+(?i:hex|city|station|spot))?\s*,\s*([A-Z]{1,2}\d{1,2})\b", r"\1 \2"),
    # a sale told in the past, a buy promised after it: "I sold 3 CNR, then I'll buy 1 CPR"
    _sub(r"(?:,\s*|\s+)(?i:and\s+)?(?i:then)\s+(?i:I'?ll|I\s+will)\s+(?=(?i:buy|sell|par|pass|bid|take)\b)", ", then "),
    # a percent after the company: "buys CN, 10% from the Initial Offering"
    _sub(rf"\b((?i:buys?|bought|buying))\s+({_NAME})\s*,\s*(\d+%)\s+(?=(?i:from|out\s+of)\b)", r"\1 \3 \2 "),
    _sub(r"\b(?i:the\s+)?(?i:initial\s+(?:public\s+)?offering)\b", "IPO"),
    # a sale of the writer's own shares with a slip: "sold of her three HBR shares"
    _sub(r"\b((?i:sells?|sold|selling))\s+(?i:of)\s+(?i:my|his|her|their)\s+(?=(?:\d+|(?i:two|three|four|five|all))\b)", r"\1 "),
    _sub(r"\b(?i:out\s+of)\s+(?:(?i:the)\s+)?IPO\b", "from the IPO"),
    # a bid in postal form with the private's name in words: "Len: Trestle Bridge, $150"
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*(?:P[1-9]\s+)?((?:(?i:the)\s+)?[A-Z][a-z][\w'-]*(?:\s+[A-Z][a-z][\w'-]*){1,3})\s*,\s*([$₽]?\d+(?:\s*₽)?)\s*[.!]?\s*$",
         r"\1 bids \3 on \2"),
    # the president's certificate told in brackets after the par: it comes with the par
    _sub(r"(\b(?i:pars?|parr?ed|parring|starts?|started)\b[^()]*?)\s*\((?=[^()]*\b(?i:president|director)'?s?\s+(?i:certificate|share|cert)\b)"
         r"[^()?]*\)", r"\1"),
    # a step not taken this turn told in the future: "SC will not buy a train this turn"
    _sub(r"\b(?i:will\s+not|won'?t)\s+(?=(?i:buy|lay|place|run|merge|convert)\b[^?]*\b(?i:this\s+(?:turn|time|OR|round))\s*[.!]?\s*$)",
         "does not "),
    # a home upgraded by its hex: "MV upgrades its home I13 with a #14"
    _sub(r"\b((?i:upgrades?|upgrading))\s+(?i:its)\s+(?i:home)(?:\s+(?i:hex|city|station))?\s+(?=[A-Z]{1,2}\d{1,2}\b)", r"\1 "),
    # a tile put "into" a hex: "Tile 8 into C5"
    *PRIVATES_AND_1861,
]
