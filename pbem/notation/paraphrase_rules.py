"""The second reading's rules, in the order they are applied: each a plain rewording of how people write a move into the notation's own words.

The order matters (a rewording may open the way for a later rule); paraphrase.py applies them.
"""
from __future__ import annotations

import re
from typing import Callable

from .paraphrase_parts import (
    _ARROWS, _HEXP, _I, _PLACE, _PLACE_ONCE, _TRAIN, _TRAINS_AFTER_BUY, _chat_free, _exchange, _nationalise, _slip,
    _state_free, _sub, _there, _trains_list, _uses,
)
from .passes import done_after_sale
from .move_words import VOCABULARY
from .phrasings import PHRASINGS
from .run_lists import RUN_LISTS
from .run_wording import RUN_FIRST, RUN_RULES
from .terse import TERSE

__all__ = ["RULES"]

#: a bracket telling that a count is all the writer's shares ("(all three shares)"): the count of the
#: move, never chat (a count said again, "(three shares out of IPO)", is still set aside)
_COUNTED = r"[^)]*\ball\s+(?:two|three|four|five|six|\d)\s+(?:shares?|certs?|certificates?)\b"

RULES: list[Callable[[str], str]] = [
    *PHRASINGS,
    *VOCABULARY,              # move words the other rules did not know (move_words.py)
    done_after_sale,          # "Sell 20% CNR, then I'm done": the pass (passes.py)
    _uses,
    _exchange,
    _sub(r"^\s*Opening\s+(?=(?:the\s+)?[A-Z])", "start ", 0),
    _nationalise,
    _chat_free,
    _state_free,
    _sub(r"\b(?:moves?|moved|moving)\s+(its|a|the)\s+([A-Z]{1,2}\d{1,2})\s+(token|station)\s+(?:to|into)\b", r"moves \1 \3 from \2 to", 0),
    _sub(r"\b(places?|placed|puts?|put|drops?)\s+it\s+(in|on|at)\b", r"\1 a token \2"),
    _sub(r"\b(buys?|bought)\s+(?:the\s+)?([A-Z][\w-]*)\b([^,;]*?)\s*,?\s+and\s+uses\s+it\s+to\s+", r"\1 \2\3, \2 ", 0),
    _there,
    # shares: "(now 30%)" is the holding claimed; "sells all 3 GT at $70 each"; "2 x GT";
    # "dumps 3 CPR on the market"
    _sub(r"\(\s*now\s+(?:holding\s+|at\s+)?(\d+%)\s*\)", r"now holding \1"),
    _sub(r"\b(sells?|sold|selling)\s+all\s+(\d+|two|three|four|five)\s+(?=(?:of\s+)?(?:my|his|her|their)?\s*[A-Z])", r"\1 \2 "),
    _sub(r"(?<!trains)(?<!\dT)(?<!\ds)\s+at\s+[$₽]?\d+₽?\s+(?:each|a\s+share|per\s+share)\b", ""),
    _sub(r"\b(\d+)\s*[xX×]\s*(?=[A-Z][A-Z])", r"\1 ", 0),
    _sub(r"\s+(?:on|onto|into)\s+the\s+(?:bank\s+)?(?:pool|market)\b", ""),
    # a decision is the act: "decides to pass", "chooses not to place a token", "does not merge"
    _sub(r"\b(?:decides?|decided|chooses?|chose|opts?|opted|elects?|elected)\s+to\s+(?=(?:pass|buy|sell|lay|run|pay|withhold|"
         r"place|bid|par|start|merge|convert|redeem|discard|skip)\w*\b)", ""),
    _sub(r"\b(?:decides?|decided|chooses?|chose|opts?|opted|elects?|elected)\s+not\s+to\s+", "does not "),
    _sub(r"\b(?:does|did)(?:n't|\s+not)\s+(?:lay|build|upgrade)\b[^,;.]*", "passes lay track"),
    _sub(r"\b(?:does|did)(?:n't|\s+not)\s+(?:merge|convert)\b[^,;.]*", "passes"),
    # labelled fields of a postal order: "Tile: #57 on I5. Token: J10. Run: I5-J10 for 60. Dividend: pay out."
    _sub(r"(^|[.;,]\s*)(?:tile|track)\s*:\s*(?:none|no|-)\b", r"\1pass lay track"),
    _sub(r"(^|[.;,]\s*)(?:tile|track)\s*:\s*(?=#?\d|[A-Z]{1,2}\d)", r"\1lays "),
    _sub(r"(^|[.;,]\s*)(?i:token|station)\s*:\s*(?=[A-Z])", r"\1token ", 0),
    _sub(r"(^|[.;,]\s*)(?:run|route|routes)\s*:\s*(?=\d|[A-Z])", r"\1runs "),
    _sub(r"(^|[.;,]\s*)(?:dividend|div)\s*:\s*", r"\1"),
    _sub(r"(^|[.;,]\s*)(?:train|trains)\s*:\s*(?=(?:an?\s+)?\d|D\b)", r"\1buys "),
    _sub(rf"(^|[,;]\s*)((?:{_HEXP}-)+{_HEXP}\s*(?:=|for)\s*[$₽]?\d)", r"\1runs \2"),
    _sub(r"\s+after\s+taking\s+(?:a|one|two|three|\d)\s+loans?\b", ""),
    _sub(r"\btakes?\s+(?:a|one|two|three|\d)\s+loans?\s*(?:,|;)\s*(?:and\s+)?(?:then\s+)?", ""),
    _sub(r"\b(from\s+(?:the\s+)?(?:bank\s+)?(?:pool|market|ipo|bank|depot|treasury))\s*,\s*([$₽]?\d+₽?)\s*\.?$", r"\1 for \2"),
    _sub(r"(?:,\s*(?:and\s+)?|\s+and\s+)(?:buying|taking|getting|buys|takes|gets)\s+the\s+(?:president|director)'?s?\s+"
         r"(?:share|certificate|cert)\b(?!\s+(?:of|in)\b)\.?", ""),
    _sub(r"\b(?:the\s+)?same\s+(?:route|run|routes|runs)(?:\s+(?:again|as\s+(?:last|before)(?:\s+(?:time|OR|turn))?))?\s*:?", ""),
    _sub(r"\blays?\s+track\s*:\s*", "lays "),
    _sub(r"\s+(?:in\s+one\s+go|at\s+once|all\s+at\s+once)\b", ""),
    _sub(r";\s*then\s+", ", then "),
    # a step passed with the step in brackets: "KR passes (no track)"
    _sub(r"\b(pass(?:es|ed)?)\s*\(\s*no\s+(?:track|tiles?)[^)]*\)", r"\1 lay track"),
    _sub(r"\b(pass(?:es|ed)?)\s*\(\s*no\s+(?:tokens?|stations?)[^)]*\)", r"\1 place a token"),
    # what a move leads to, after a dash or as a participle: "for 600 - last purchase before the
    # end", ", emptying the treasury", ", Tomasz making up the difference" (not a claim: "leaving")
    _sub(r"((?<![A-Za-z\d])\d+₽?)\s+[-–—]\s+(?![^-–—]*\b(?:buy|bought|sell|sold|bid|par|lay|laid|upgrade|token|run|ran|pay|paid|"
         r"withh[oe]ld|pass|discard|convert|merge|redeem|nationali[sz]|declare|exchange)\w*)[^-–—]*$", r"\1"),
    _sub(r",\s+(?:[A-Z][a-z]+\s+)?(?!(?:leaving|receiving|holding|trading|paying|withholding|splitting|buying|selling|"
         r"laying|running|passing|bidding|placing|taking|starting|converting|merging|redeeming|discarding|opening|"
         r"forming|becoming)\b)"
         r"[a-z]+ing\b(?![^,;]*\b(?:buy|bought|sell|sold|bid|par|lay|laid|token|run|ran|pay|paid|withh[oe]ld|pass)\w*)"
         r"(?![^,;]*(?:\d|\)|\b[A-Z]{2,}))[^,;]*$", "", 0),
    # a tile on a hex is a lay, never a bid ("GT: yellow 9 on K7", "#R1 on J10 rotation 4")
    _sub(rf"(^|[:;,.]\s*)(?:tile\s+)?(?:(?:yellow|green|brown|gr[ae]y)\s+)?#?(\d+[A-Za-z]?|R\d)\s+(?:in|on|at)\s+({_HEXP}\b)",
         r"\1lays #\2 on \3"),
    _sub(rf"(?:,\s*|\s+)(?:and\s+)?then\s+(?:an?\s+)?(#?\d+[A-Za-z]?)\s+(in|on|at)\s+(?={_HEXP}\b)", r", then lays \1 \2 "),
    # runs told train by train: "the 3 does J10-I11-G11 for 70 and the 2 does B12-G11 for 60"
    _sub(r"\bruns\s+(?:two|2|three|3|both|all)\s+(?:its\s+)?trains\s*:\s*(?=(?:the\s+)?(?:\d|D)\s*(?:-?\s*train)?\s+(?:does|did|goes|went)\b)",
         "runs "),
    _sub(r"\b(?:the\s+)?(\d|D)\s*(?:-?\s*train)?\s+(?:does|did|goes|went)\s+(?=[A-Z])", r"\1 train ", 0),
    _sub(rf"(?<!'s )\b(\d|D)\s*(?:-?\s*train|T)\s*:\s*(?={_HEXP}\b)", r"\1 train "),
    # a tile on a hex is a lay, never a bid ("O-K: 202 on D20 r1", "GT: 9 on K7 (rot 1)")
    _sub(rf"(^|[:;,.]\s*)(?:tile\s+)?#?(\d+[A-Za-z]?)\s+(?:in|on|at)\s+({_HEXP}\b|[A-Z][a-z]+(?=\s+\(?(?:r\d|rot)))",
         r"\1lays #\2 on \3"),
    _sub(r"^\s*nothing\s+(?:runs|ran|to\s+run)\b\s*[,;.]?\s*", ""),
    _sub(r"^\s*(?:she|he|they|it)\s+(?=[a-z])", ""),
    _sub(r"^\s*(?:[Aa]nyway|[Aa]nyhow|[Ss]o|[Ww]ell|[Oo]kay|[Oo]k|[Rr]ight|[Aa]lright|[Nn]ow)\b,?\s+(?=I\b|[A-Z])", "", 0),
    _sub(r"^\s*([A-Z][\w-]*)\s+(?:gets\s+|is\s+)?(?:pars|parr?ed)\s+(?:at\s+)?([$₽]?\d+₽?)", r"par \1 at \2", 0),
    _sub(r"^\s*([A-Z][\w'-]*)\s+[-–—]\s+(?=\S)", r"\1: ", 0),
    _sub(r",?\s*(?:your|ur)\s+(?:go|turn|move)\b.*$", ""),
    _sub(r",\s*half\s+to\s+(?:me|the\s+owner|the\s+president)\b.*$", ""),
    _sub(r"^\s*no\s+more\b.*$", "pass"),
    # who is speaking: "I'll buy", "I'm selling", "Will buy", "My move: ...", "For GT I laid"
    _sub(r"^\s*for\s+(?:the\s+)?([A-Z][\w-]*)\s*(?::|,)\s*", r"\1: "),
    _sub(r"^\s*I\s+run\s+(?:the\s+)?([A-Z][\w-]*)(?:\s+this\s+time)?\s*:\s*", r"\1 runs "),
    _sub(r"^\s*(?:[Hh]as|[Hh]ad)\s+(?=(?:just\s+|also\s+)?(?:bought|sold|laid|run|ran|paid|withheld|passed|parr?ed|placed|bid)\b)", "", 0),
    _sub(r"\b(?:is|am|are)\s+going\s+to\s+(?=[a-z])", ""),
    _sub(r"\band\s+will\s+(?=(?:buy|sell|lay|run|pay|withhold|pass|bid|par|place|token|discard|redeem|convert|merge)\b)", "and "),
    _sub(r"^\s*(?:I'll|I’ll|I\s+will|I'm|I’m|I\s+am|I've|I’ve|I\s+have|I'd\s+like\s+to|I\s+want\s+to|"
         r"let\s+me|will|have|going\s+to|gonna|I)\s+(?=[a-z])", ""),
    _sub(r"\s+(?:for\s+me|please|pls|thanks)\b", ""),
    _sub(r",?\s*(?:thanks|thank\s+you|cheers|please|pls)\b\.?", ""),
    _sub(r",\s*(?=[.!;]|$)", ""),
    _sub(r"^\s*(?:(?-i:(?!OK\s+(?!then\b)[a-z]))(?:ok(?:ay)?|right|so|well|hmm+|ooh+|anyway)\b[^,.!:]*?[,.!:]+\s*)+(?=\S)", ""),
    _sub(r"\s+/\s+", "; "),
    _sub(r",?\s*then\s+I'?m\s+done\b.*$", ""),
    _sub(r"\s+and\s+that'?s\s+(?:its|my|his|her|their)\s+turn\b.*$", ""),
    _sub(r"\.\s*treasury\s+now\s+[$₽]?\d+₽?\.?$", ""),
    _sub(r",\s*(?:having\s+no\s+trains?|trainless),\s*", " "),
    _sub(r";\s*share\s+price\s+(?:from|goes|moves|rises|drops|should)\b.*$", ""),
    _sub(r"\s+and\s+is\s+the\s+first\b.*$", ""),
    _sub(r"^\s*([A-Z][\w-]*)'s\s+(\d|D)\s*-?\s*train\s*:\s*", r"\1 runs \2 train ", 0),
    _sub(r"^.*\b(?:no\s+wait|wait,?\s+no|forget\s+it|sorry,?\s+I\s+mean(?:t)?)\b[.,!:]*\s*", ""),
    # ", done" after a buy in a stock round says nothing; after an operating company's moves
    # (a train, a tile, a token) it ends the turn, as the grammar reads it: kept
    _sub(r"\s+and\s+won\s+it\b.*$", ""),
    _sub(r"\b(?:green|yellow)\s+minor\b", ""),
    _sub(r"\b(?:at|for)\s+face(?:\s+value)?\s*(?:,\s*|\(\s*)([$₽]?\d+₽?)\s*\)?", r"for \1"),
    _sub(r",\s*(?:[A-Z][a-z]+|she|he|they)(?:'s|\s+has)?\s+agreed\b.*$", ""),
    _sub(r"\s+-\s+(?=from\b)", " "),
    _sub(r"\bdeclines\s+nationali[sz]ation\b.*$", "declines to nationalize"),
    _sub(r"^\s*(?:a\s+)?([A-Z][A-Z0-9&-]+)\s+share\b", r"buy a \1 share", 0),
    _sub(r",?\s*(?:phase\s+\d+\s+(?:begins|starts)|triggering\b|with\s+the\s+track\b).*$", ""),
    _sub(r"\s*\(\s*I(?:'ll|'m|\s)[^()]*\)", ""),
    _sub(r"\b([A-Z][a-z]+)'s\s+(?=[A-Z][a-z])", "", 0),
    _sub(r"\s+before\s+\w+ing\b.*$", ""),
    _sub(r"\boff\s+(?=[A-Z])", "from ", 0),
    _sub(r",?\s*(?:and\s+)?(?:I'?m\s+|we'?re\s+)?(?:kept|keeps|keeping)\s+the\s+money\b.*$", "; withholds"),
    _sub(r"\s+(?:as\s+well|too|instead|again)(?=\s*[.!]?\s*$)", ""),
    _sub(r",?\s*(?:and\s+)?that'?s\s+(?:my\s+limit|it|all)\b.*$", ""),
    _sub(r"\s+and\s+will\s+wait\b.*$", ""),
    _sub(r"\s+(?:in|for)\s+(?:the|this)\s+(?:merger|stock|operating)\s+round\b", ""),
    _sub(r"\.\s+then\s+", ", then "),
    _sub(r"^\s*([A-Z][\w'-]*)\s+for\s+(?:the\s+)?([A-Z][\w-]*)\s*:\s*", r"\2: ", 0),
    _sub(r"\s+from\s+me\b", ""),
    _sub(r"\s+this\s+(?:time|turn)\b", ""),
    # common slips on move words
    _sub(r"\bform\s+(?=(?:the\s+)?(?:ipo|pool|market|bank|depot|treasury)\b)", "from "),
    lambda s: re.sub(r"\b[a-z]{4,9}\b", _slip, s),
    # money: "20 roubles", "R95"
    _sub(r"(\d+)\s*(?:roubles|rubles|rub)\b", r"\1₽"),
    _sub(r"\bR(\d{2,})\b", r"₽\1", 0),
    # chat after the move: "over to Lev", "no money left :("
    _sub(r",?\s*(?:over\s+to|back\s+to|your\s+turn)\b.*$", ""),
    # 1861 mergers and conversions as people write them
    _sub(r"\s*\(\s*(?:at|par|@)\s*[$₽]?\d+₽?\s*\)", ""),
    _sub(r"(?:[;,]|\s+and)\s*(?:I|[A-Z][a-z]+|he|she|they)\s+(?:take|takes|took|get|gets|got|receive|receives|received)\s+"
         r"the\s+(?:director|president)'?s?\s+(?:\d+%|(?:share|certificate|cert)\b).*$", ""),
    # auctions: "NWR 90", "Warsaw-Vienna: 60", "70 for the MYR", "raise to 100 on NWR", "opening bid on X: 20"
    _sub(r"^\s*(?:raise|raising|up|go(?:ing)?)\s+(?:it\s+)?(?:to\s+)?([$₽]?\d+)\s+(?:on|for)\s+(.+)$", r"bid \1 on \2"),
    _sub(r"^\s*([$₽]?\d+₽?)\s+(?:for|on)\s+(?:the\s+)?(.+?)\s*\.?$", r"bid \1 on \2"),
    _sub(r"^\s*(?:the\s+)?([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,3})\s*:?\s+([$₽]?\d+₽?)\s*\.?$", r"bid \2 on \1", 0),
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*([$₽]?\d+₽?)\s+(?:on|for)\s+(?:the\s+)?(.+?)\s*\.?$", r"\1 bids \2 on \3", 0),
    _sub(r"^\s*([A-Z][\w'-]*)\s*:\s*((?:the\s+)?[A-Z][\w'-]*)\s+([$₽]?\d+₽?)\s*\.?$", r"\1 bids \3 on \2", 0),
    _sub(r"^\s*([A-Z][\w-]*(?:\s+[A-Z][\w'-]*){0,3})\s+for\s+([$₽]?\d+₽?)\s*\.?$", r"bid \2 on \1", 0),
    _sub(r"\bauctions?\s+([A-Z][\w-]*),?\s+opening\s+(?:bid\s+)?(?:at\s+)?", r"bids on \1 at ", 0),
    _sub(r"\bfor\s+R(\d+)\b", r"for ₽\1", 0),
    _sub(r"\b(?i:putting|put)\s+([$₽]?\d+₽?)\s+on\s+", r"bid \1 on ", 0),
    _sub(r"\b([A-Z][\w-]*)\s+private\b", r"\1", 0),
    # shares: "1 x CNoR from pool", "one more HBR", "GT: sell 20%", "X: buy one share"
    _sub(r"^\s*(\d+|one|a|an)\s*x?\s+(?=[A-Z])", r"buy \1 ", 0),
    _sub(r"^\s*(one|another|a\s+second|second|a\s+third|third)\s+(?:more\s+)?(?=[A-Z])", r"buy \1 ", _I),
    _sub(r"\b(one|two|\d)\s+more\b", r"\1"),
    _sub(r"\ball\s+(two|three|four|five|\d)\s+of\s+(?:my|his|her|their)\s+", r"\1 "),
    _sub(r"\s+and\s+(?:buys|takes|gets|bought|took|got)\s+the\s+(?:20\s*%|president'?s?(?:\s+(?:share|certificate|cert))?)(?:\s+for\s+[$₽]?\d+)?", ""),
    _sub(r"^\s*(?:I'd|I\s+would)\s+like\s+", "buy "),
    _sub(r"\bout\s+of\s+(?:the\s+)?(?=(?:bank\s+)?(?:pool|market|ipo|bank|treasury|depot))", "from the "),
    _sub(r",\s*(pool|ipo|market)\b(?=\s*(?:\.|$))", r" from the \1"),
    _sub(r"^(\s*[A-Z][\w'-]*)\s*:\s*(\d+)\s+([A-Z][\w-]*)\s+from\b", r"\1 buys \2 \3 from", 0),
    _sub(r"\b(\d+)\s+percent\b", r"\1%"),
    _sub(r"\b1\s*x\s*10%\s+", "1 "),
    _sub(r"\b((?i:buys?)\s+(?:\d+%\s+(?:of\s+)?)?[A-Z][\w-]*)\s+((?i:ipo|pool|market))\b", r"\1 from the \2", 0),
    _sub(r"\bbuy\s+([A-Z][\w-]*)\s*[-–—,]\s*par\s+it\s+at\s+", r"par \1 at ", 0),
    _sub(r"\bpass(?:es)?\s+on\s+buying\s+(?:[A-Z][\w-]*\s+)?shares?\b", "passes"),
    _sub(r"\bone\s+of\s+its\s+shares\b", "one share"),
    _sub(r"\btakes?\s+\w+\s+loans?\s+to\s+buy\b", "buys"),
    _sub(r"\b(?:his|her|my|their)\s+([A-Z][\w-]*)\s*\((\d)\s+shares?\)", r"\2 \1"),
    _sub(r"\bbuys?\s+back\s+", "redeems "),
    _sub(r"\b(shares?|certificates?)\s*\(\d+%\)", r"\1"),
    _sub(r"\(\s*(?:the\s+)?(ipo|pool|market|bank\s+pool)\s*\)", r"from the \1"),
    # pars: "buying the president's certificate of GT at $100", "float QLL: par 71"
    _sub(r"\b(buys?|buying|bought|takes?)\s+(?:the\s+)?president'?s\s+(?:certificate|share|cert)\s+(?:of|in)\s+([A-Z][\w-]*)\s+at\s+",
         r"pars \2 at "),
    _sub(r"^\s*float\s+([A-Z][\w-]*)\s*:\s*par\s+", r"par \1 at "),
    _sub(r"\s+and\s+buy\s+the\s+president'?s\s+(?:share|certificate)\b", ""),
    _sub(r"(\b(?:pars?|starts?|starting)\s+([A-Z][\w-]*)\s+(?:at\s+)?[$₽]?\d+₽?)\s*(?:,\s*|\s+with\s+|\s+)(?:(?:its|the|a)\s+)?"
         rf"(?:(?:(?:home|base)\s+(?:token\s+|station\s+)?|token\s+|station\s+)?(?:in|on|at)\s+|home\s+|station\s+)({_HEXP})\b",
         r"\1; \2 places a token on \3"),
    _sub(r"\s+and\s+then\s+", ", then "),
    _sub(rf"\bfor\s+([$₽]?\d+)\s*\(((?:{_HEXP}-)+{_HEXP})\)", r"\2 for \1"),
    _sub(r",\s*([A-Z][\w-]*)\s+an?\s+(\d|D)\s*(?:-?\s*train)?\s*\.?$", r", \1 buys a \2 train", 0),
    _sub(r"\buses\s+its\s+neutral\s+token\s+(?:in|on|at)\s+", "places its neutral token on "),
    _sub(r"\bconverts?\s*(?:->|→|=>)\s*([A-Z][\w-]*)", r"converts into \1", 0),
    _sub(rf"(^|[:;,.]\s*)(?:lay\s+)?#(\d+[A-Za-z]?)\s+({_HEXP})\b", r"\1lays #\2 on \3"),
    _sub(r"\b(?:in|on)\s+its\s+home\s+(?:hex\s+)?", "on "),
    _sub(r"^\s*no\s+merger\s+for\s+([A-Z][\w-]*)\b[^,]*,\s*pass\b\.?", r"\1 passes"),
    _sub(r"\bboth\s+(twos|threes|fours|fives|sixes)\b",
         lambda m: "both " + {"twos": "2", "threes": "3", "fours": "4", "fives": "5", "sixes": "6"}[m.group(1).lower()] + "s"),
    _sub(r"\b(?:runs?|ran)\s+(?:its\s+|the\s+)?(?:two|both|2)\s+(\d)?s?(?:\s*-?\s*trains?)?,?\s+(?:for\s+)?(\d+)\s+and\s+(\d+)",
         lambda m: f"runs the {m.group(1) or '2'} for {m.group(2)} and the {m.group(1) or '2'} for {m.group(3)}"),
    _sub(r"\btakes?\s+\w+\s+loans?\s+to\s+(?:pay\s+for|afford)\s+", "buys "),
    _sub(r"\btoken\s+none\b", "pass place a token"),
    _sub(r"\bdoes(?:n't|\s+not)\s+place\s+a\s+token\b", "passes place a token"),
    _sub(r"\bbuys?\s+nothing\b", "passes"),
    _sub(r"\bhands?\s+in\s+(?:its|the)\s+(\d)\s+and\s+buys\s+(?:a|an|the)\s+(\d|D)(?:\s*-?\s*train)?(\s+for\s+[$₽]?\d+)?",
         r"buys a \2 train\3, trading in its \1"),
    _sub(r"\bruns?\s+(?:its\s+|the\s+)?(?:two|both)\s+(\d)(?:s|-trains|\s+trains)\s+for\s+(\d+)\s*(?:and|\+)\s*(\d+)",
         r"runs the \1 for \2 and the \1 for \3"),
    _sub(r"\bruns?\s+(?:its\s+|the\s+)?(?:two|both)\s+(\d)(?:s|-trains|\s+trains)\s+for\s+(\d+)\s+each",
         r"runs the \1 for \2 and the \1 for \2"),
    _sub(r"\bpays?\s+out\s+in\s+full\b", "pays out"),
    _sub(r";\s*[$₽]?\d+\s+paid\s+out\b", "; pays out"),
    _sub(r"\s+[-–—]\s+(?=(?:pays?|paid|withh|buys?|bought|runs?|ran|lays?|laid|sells?|sold|pass|tokens?|places?|full|payout|half|splits?)\b)", "; "),
    _sub(r"(\b(?:lays?|laid|puts?|put|places?)\s+(?:an?\s+)?#?\d+[A-Za-z]?\s+(?:on|in|at)\s+[A-Z]{1,2}\d{1,2}[^,;.]*?)\s+and\s+(?:an?\s+)(?=#?\d)",
         r"\1, lays "),
    _sub(rf"(^|[:;,.]\s*)#?(\d+[A-Za-z]?)\s+({_HEXP})\s+(?=r\d|rot)", r"\1lays #\2 on \3 "),
    _sub(r"(\btoken\s+(?:on\s+|in\s+)?[A-Z]{1,2}\d{1,2})\s+([$₽]\d+)", r"\1 for \2", 0),
    _sub(r"\b(?:passes|skips)\s+(?:on\s+)?(?:the\s+)?(?:track|tile)\s+and\s+(?:on\s+)?the\s+token\b",
         "passes lay track, passes place a token"),
    _sub(r"\b(?:paid|pays?)\s+it\s*(?=[.,;!]|$)", "pays out"),
    _sub(r"\b(splits?|split)\s+it\b", r"\1"),
    _sub(rf"((?:{_HEXP}|[A-Z][a-z]++)(?:-(?:{_HEXP}|[A-Z][a-z]++))+)\s+([$₽]?\d{{2,}})\b(?!\s*%)", r"\1 for \2"),
    _sub(r"\bfrom\s+(?:the\s+)?depot\s+([$₽]?\d+)\b", r"from the depot for \1"),
    _sub(r"(?:,\s*)?\bthen\s+another\s+(\d|D)\b(?:\s*-?\s*train)?", r", buys a \1 train"),
    _sub(r"\band\s+the\s+other\s+(\d)\b", r"and \1"),
    _sub(r",?\s*paying\s+[$₽]?\d+₽?\s+for\s+the\s+(?:second|2nd|extra)\s+(?:lay|tile)\b", ""),
    _sub(r"\btrades?\s+in\s+(?:its|the|a)\s+(\d|D)(?:\s*-?\s*train)?\s+for\s+(?:a|an|the)\s+(\d|D|Diesel)(?:\s*-?\s*train)?,?\s+(?:(?:paying|for|at)\s+)?([$₽]?\d+)",
         r"buys a \2 train for \3, trading in its \1"),
    _sub(r"\b([A-Z][A-Z-]{0,4})\s*\([A-Z][a-z]+\)", r"\1", 0),
    _sub(r"\bsits?\s+out\b.*$", "passes"),
    _sub(r"\b(splits?|withholds?|pays?\s+out)\s+the\s+(?=[$₽]?\d)", r"\1 "),
    _sub(r"\bpass(es)?\s+on\s+([A-Z][\w-]*)\s+shares?\b", r"pass\1", 0),
    _sub(r"\b(?:takes?|took)\s+(?:a|one|two|three|\d)\s+loans?\s+(?:to\s+pay\s+for\s+[^,;.]*?\s+)?and\s+", ""),
    _sub(r"\b(?i:start|starts|starting|open|opens|opening)\s+(?:the\s+)?([A-Z][\w-]*)\s+with\s+a\s+bid\s+of\s+", r"bid on \1 at ", 0),
    _sub(r"\b(?:the\s+)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?\s*\(([A-Z][A-Z-]{0,4})\)", r"\1", 0),
    _sub(r"\s*\(\s*[$₽]?\d+₽?\s+(?:extra|more|for\s+the\s+(?:second|2nd|extra)\s+tile)\s*\)", ""),
    _sub(rf"([,;:.]\s*)({_TRAIN}\s*(?:-?\s*trains?|T)\s+(?:(?:{_HEXP}|[A-Z][a-z]+)-)+(?:{_HEXP}|[A-Z][a-z]+))", r"\1runs \2"),
    # track: "tile 57 in G11", "D6: #57 rot 2", "K3 #57", "green #24", "to a #63", "9 at D12 and 9 at I9"
    _sub(rf"(^|[:;,.]\s*(?:then\s+)?)(?:tile\s+)?#?(\d+[A-Za-z]?)\s+(?:in|on|at)\s+({_HEXP}\b|[A-Z][a-z]+(?=\s+(?:r\d|rot)))",
         r"\1lays #\2 on \3"),
    _sub(rf"(^|[:;,]\s*)({_HEXP})\s*:?\s+#(\d+[A-Za-z]?)\b", r"\1lays #\3 on \2"),
    _sub(r"\((rot(?:ation)?\.?\s*\d)\)", r"\1"),
    _sub(r"\b(?:yellow|green|brown|gr[ae]y)\s+(?=#?\d)", ""),
    _sub(r"\bto\s+(?:an?|the)\s+(?=#?\d)", "to "),
    _sub(r"\bto\s+(R\d)\b", r"to #\1"),
    _sub(r"\bdrops?\s+(?:the|a|its|their)\s+(\d|D)(?:\s*-?\s*train)?\b", r"discards the \1 train"),
    _sub(r"\bdrops?\s+(?=(?:a|an|its|the|one)\s+(?:free\s+)?(?:neutral\s+)?(?:token|station|marker))", "places "),
    _sub(r"\blays\s+(R\d)\b", r"lays #\1"),
    _sub(rf"\s+and\s+(?:then\s+)?(?:tile\s+)?(#?\d+[A-Za-z]?)\s+(in|on|at)\s+(?={_HEXP}\b)", r", lays \1 \2 "),
    # steps passed: "no tile", "no token", "no train purchase for QLL", "passes on laying track"
    _sub(r"\bno\s+(?:track|tiles?|tile\s+lay|track\s+lay)\b(?:\s+(?:this\s+turn|laid))?", "pass lay track"),
    _sub(r"\bno\s+(?:token|station)s?\b", "pass place a token"),
    _sub(r"\bno\s+train\s+(?:purchase|buy)s?\b", "pass buy trains"),
    _sub(r"\bno\s+merger\b", "pass"),
    # runs and dividends
    _sub(r"(?:,\s*|\s+and\s+)(?:paying\s+a\s+dividend|pays?\s+a\s+(?:full\s+)?dividend|paid\s+a\s+(?:full\s+)?dividend|full\s+payout|pay(?:s|ing)?\s+(?:it\s+)?(?:all\s+)?out)\b(?:\.(?=\s*$))?", "; pays out"),
    _sub(r"\bfull\s+payout\b", "pays out"),
    _sub(r"\s*\(\s*withh\w*\s*\)", ""),
    _sub(r"(\d)\s*,\s*pay(?:s)?\s*\.?\s*$", r"\1; pays out"),
    _sub(r"(\d)\s+pay\s*$", r"\1; pays out"),
    _sub(r",\s*half\s+pay\b", "; pays half"),
    _sub(r"(\d)\s*,?\s+(?:paid(?:\s+out)?|pay\s+out)\s*\.?\s*$", r"\1; pays out"),
    _sub(r"(\d)\s*,?\s+(?:withheld|kept)\s*\.?\s*$", r"\1; withholds"),
    _sub(r"\b(\d+)\s+with\s+the\s+[\w' ]+?bonus\b", r"\1"),
    _sub(rf"\b((?:{_HEXP}|[A-Z][a-z]+))\s+to\s+((?:{_HEXP}|[A-Z][a-z]+))\s+via\s+(.+?)(?=\s*,\s*[$₽]?\d|\s+(?:for\b|=))",
         lambda m: f"{m.group(1)}-{'-'.join(p.strip() for p in re.split(r',|and', m.group(3)))}-{m.group(2)}"),
    _sub(r"(?:,\s*)?\btotal\s+\d+\b,?", ""),
    # "OK runs Odessa-Kiev for 60": no train written, the route is the corporation's (asked
    # unless it owns trains of one kind)
    _sub(rf"^\s*([A-Z][\w-]*)\s+(?:runs|ran|has\s+run)\s+((?:{_HEXP}|{_PLACE})(?:\s*-\s*(?:{_HEXP}|{_PLACE}))+)(?=\s+(?:for|=)|\s*,\s*[$₽]?\d)",
         lambda m: m.group(1) + ": " + _ARROWS.sub("->", m.group(2))),
    _sub(r"\b(?:2nd|second|other|3rd|third)\s+(?=\d\s*-?\s*train\b)", ""),
    _sub(r"\bdoes(?:n't|\s+not)\s+buy\s+(?:a\s+|any\s+)?trains?\b", "passes buy trains"),
    _sub(rf"\bfrom\s+((?:{_HEXP}|[A-Z][\w.' ]+?))\s+(?:via|through)\s+(.+?)\s+to\s+((?:{_HEXP}|[A-Z][\w.' ]+?))(?=\s+(?:for|=)\b)",
         lambda m: f"{m.group(1)}-{'-'.join(p.strip() for p in re.split(r',|and', m.group(2)))}-{m.group(3)}"),
    _sub(r"(\bfor\s+[$₽]?\d+)\s*=\s*[$₽]?\d+\b", r"\1"),
    _sub(rf"((?:(?:{_HEXP}|{_PLACE_ONCE})(?:->|-))+(?:{_HEXP}|{_PLACE_ONCE}))\s*,\s*([$₽]?\d+₽?)(?=\s*(?:[,;.]|$|roubles))", r"\1 for \2"),
    # trains: "HBR's 5 train", "takes a 3 off CN", "KB's old 2", "two 2-trains", "2T, 2T and a 3T"
    _sub(rf"\b(?:the\s+)?([A-Z][\w-]*)'s\s+(?:old\s+)?({_TRAIN})(\s*-?\s*trains?|T\b)?", r"a \2 train from \1"),
    lambda s: _TRAINS_AFTER_BUY.sub(_trains_list, s),
    # remarks in brackets that state nothing checkable are chat
    # (lower case, no figures, no move word: "(double face)", "(sorry, late)")
    _sub(r"\s*\((?!" + _COUNTED + r")(?![^)]*[\dA-Z])(?![^)]*\b(?:pay|paid|withh|hold|keep|kept|buy|bought|sell|sold|run|ran|lay|laid|"
         r"token|pass|bid|par|split|half|rot|city|slot)\w*)[^()]*\)", "", 0),
    _sub(r"(?<![A-Z]\d)(?<![A-Z]\d\d)\s*\((?!" + _COUNTED + r")(?![^)]*\d)(?![^)]*\b(?:pay|paid|withh|hold|keep|kept|buy|bought|sell|sold|run|ran|lay|laid|"
         r"token|pass|bid|par|split|half|rot|city|slot|cities)\w*)[a-z]+\s[^()]*\)", "", _I),
]

# runs as people write them (run_wording.py): a postal order's head first, the rest after the rules above
RULES[:0] = RUN_FIRST
RULES[:0] = RUN_LISTS   # runs told as lists of routes, tiles by place (run_lists.py)
RULES[:0] = TERSE       # terse postal lines, runs told by revenue and train (terse.py)
RULES.extend(RUN_RULES)
