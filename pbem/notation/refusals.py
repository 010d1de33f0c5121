"""What the writer of a line nothing reads is told: the word that could not be placed with what it may
be (a slip of a name or move word, a train, a rotation), else why the line reads no move."""
from __future__ import annotations

import difflib
import re
from typing import Optional

from pbem.errors import AmbiguousMoveError, NotationError

from .context import NotationContext
from .messages import MOVE_PHRASE, MOVE_PHRASE_SHORT, keyword_suggestion, notation_error, words_list
from .names import NameIndex, name_spans, norm
from .pieces import FILLERS, VERBS
from .beside_moves import sum_disagreeing
from .spelling import ENGLISH, VOCABULARY, common_english, slips
from .lazy import regex

__all__ = ["refusal", "rotation_out_of_range"]

#: what each kind of round expects, as the notation writes it
_EXPECTED = {
    "auction": ('a bid ("bids 100 for <private>")', '"passes"'),
    "stock": ('a buy ("buys a 10% share of <company> from the IPO")', 'a sale ("sells 20% of <company>")',
              'a par ("pars <company> at 100")', '"passes"'),
    "operating": ('a tile ("lays #57 on I5 rot 2")', 'a token ("places a token on J10")',
                  'a run ("runs 2 train I5-J10 for 60")', '"pays out" or "withholds"',
                  'a train ("buys a 3 train from the depot")', '"passes"'),
}
#: words that may stand where a train's name goes ("buys the only train"): never an unknown train
_QUALIFIERS = frozenset("only last first next new same other one".split())
_NO_TRAIN = frozenset("a an the its my his her our your their this that".split()) | _QUALIFIERS
_TRAIN_NAMED = regex(r"\b(?:runs?|buys?|discards?|a|an|the|its)\s+([A-Za-z0-9+]{1,4})[\s-]*trains?\b", re.I)
_ROTATION = regex(r"\b(?i:rot(?:ation)?|orientation)\s*(\d+)\b|\br([6-9])\b")
_WORD = regex(r"(?<![\w#$@.&-])[A-Za-z][A-Za-z'’]*(?![\w&-])")


def refusal(why: str, line: str, line_no: int, ctx: NotationContext, index: NameIndex,
            round_kind: Optional[str]) -> NotationError | AmbiguousMoveError:
    """The refusal of `line`: at the first thing in it the interpreter could not place, else at the line."""
    expected = list(_EXPECTED.get(round_kind or "", (MOVE_PHRASE,)))
    unknown = re.match(r'"([^"]+)" names no player or company', why)
    if unknown and (at := line.find(unknown.group(1))) >= 0:      # the interpreter's own refusal, at the name
        names = [*ctx.players.values(), *ctx.corporations, *ctx.companies]
        close = difflib.get_close_matches(unknown.group(1), names, n=1, cutoff=0.75)
        return notation_error(why + (f': did you mean "{close[0]}"?' if close else ""), line_no=line_no, line_text=line,
                              column=at + 1, text=unknown.group(1), expected=close or ["a player's or company's name"])
    named = name_spans(line, index)
    several = _prefix_of_several(line, line_no, index, _KINDS.get(round_kind or "", ("corporation", "company")), named)
    if several is not None:
        return several
    found = _unfinished(line) or _odd_character(line) or _sum(line) or _train(line, ctx) \
        or rotation_out_of_range(line) or _hex_slip(line) or _slip(line, ctx, index, named)
    if found is None and (why.endswith("makes this line no move") or why.startswith("no move word")) \
            and not any(w.lower() in VERBS for w in _WORD.findall(line)) \
            and not named:
        why = f'no move found: "{line.strip()}" is neither a move word ({MOVE_PHRASE_SHORT}) nor a known name'
    quoted = re.match(r'"([^"]+)"', why)
    if found is None and quoted and (at := line.find(quoted.group(1))) > 0:      # at what the reason quotes
        return notation_error(why, line_no=line_no, line_text=line, column=at + 1, text=quoted.group(1),
                              expected=expected, length=len(quoted.group(1)))
    if found is None:
        return notation_error(why, line_no=line_no, line_text=line, column=len(line) - len(line.lstrip()) + 1,
                              text=line.strip(), expected=expected, length=len(line.strip()))
    start, end, message, choices = found
    return notation_error(message, line_no=line_no, line_text=line, column=start + 1, text=line[start:end],
                          expected=choices or expected)


#: a line that stops where a value must follow: the word it stops at -> what was expected
_NEEDS = {"at": "an amount such as $60", "for": "an amount such as $60", "on": "a hex coordinate such as J10",
          "to": "a hex coordinate such as J10", "from": "the IPO, the pool or a company", "rot": "a rotation from 0 to 5",
          "rotation": "a rotation from 0 to 5", "city": "a city number such as 2", "of": "a company's name",
          "a": "what is bought: a share, a train or a private", "buys": "what is bought", "sells": "what is sold",
          "token": "a hex coordinate such as J10", "runs": "a train and its route, or \"for max\" (the best run)"}
_LAST_WORD = regex(r"(?<!\w)(\w++)\W*+$")        # (from a word's start, giving nothing back: linear)
_RUN_ALONE = regex(r"\s*(?:[\w&-]+\s*:?\s*)?run\W*", re.I)
#: a hex written with the letter O for a zero ("J1O")
_HEX_O = regex(r"(?<![\w#$])([A-Z]{1,2})(\d*O\d*)(?![\w])")


#: the kinds of company a round's moves name
_KINDS = {"stock": ("corporation",), "auction": ("company",)}


def _prefix_of_several(line: str, line_no: int, index: NameIndex, kinds: tuple, named: list) -> Optional[AmbiguousMoveError]:
    """The question for a word that begins the names of several companies ("sells 2 Canadian"),
    outside the names written (`named`)."""
    for m in _WORD.finditer(line):
        w = m.group(0)
        if not w[0].isupper() or len(w) < 3 or w.lower() in VERBS or w.lower() in FILLERS \
                or any(a <= m.start() < b for a, b, _ in named):
            continue
        q = norm(w)
        begun = [e for k in kinds for e in index.entries[k] if any(f.startswith(q) for f in e.exact)]
        if len({e.ident for e in begun}) > 1:
            try:
                index.lookup(w, kinds)
            except AmbiguousMoveError as e:
                return AmbiguousMoveError(f"line {line_no}, column {m.start() + 1}: {e}", candidates=e.candidates)
    return None


def _unfinished(line: str):
    """A line that stops where a value must follow ("par CPR at")."""
    m = _LAST_WORD.search(line.rstrip())
    what = _NEEDS.get(m.group(1).lower()) if m else None
    if m and what is None and _RUN_ALONE.fullmatch(line):      # "run", "CPR: run": the run's word alone
        what = _NEEDS["runs"]
    if what is None:
        return None
    end = len(line.rstrip())
    return end, end, f'after "{line.strip()}", expected {what}, but found the end of the line', [what]


#: a character no notation writes, standing where a value must be ("for ?60")
_ODD = regex(r"(?<!\w)(\w++)\s*+([?!~^*`|\\{}<>]++)(?=\s*\w)")      # (from a word's start only: linear)


def _odd_character(line: str):
    """A character no notation writes, right after a word a value must follow ("for ?60")."""
    for m in _ODD.finditer(line):
        what = _NEEDS.get(m.group(1).lower())
        if what is not None:
            what = "a number, " + what if what.startswith("an amount") else what
            return m.start(2), m.end(2), f'after "{m.group(1)}", expected {what}, but found "{m.group(2)}"', [what]
    return None


def _sum(line: str):
    found = sum_disagreeing(line)
    return found and (*found, [])


def _hex_slip(line: str):
    """A hex written with the letter O for a zero ("J1O")."""
    for m in _HEX_O.finditer(line):
        if any(ch.isdigit() for ch in m.group(2)):
            fixed = m.group(1) + m.group(2).replace("O", "0")
            return m.start(), m.end(), f'"{m.group(0)}" is no hex: did you mean {fixed} (a hex coordinate such as J10)?', [fixed]
    return None


def _train(line: str, ctx: NotationContext):
    """A train the game has none of ("runs 7 train"), with the trains it has."""
    if not ctx.trains:
        return None
    for m in _TRAIN_NAMED.finditer(line):
        t = m.group(1)
        if t.lower() in _QUALIFIERS:       # "buys the only train": the game knows which, the line does not say
            return m.start(1), m.end(1), f'which train is "{m.group(0)}"? name it, e.g. ' \
                f'"a {ctx.trains[0]} train"', [f"a {x} train" for x in ctx.trains]
        if t.lower() not in _NO_TRAIN and t.upper() not in {x.upper() for x in ctx.trains} \
                and t.upper() not in {a.upper() for a in ctx.train_aliases}:
            return m.start(1), m.end(1), f'unknown train "{t}": the trains are {", ".join(ctx.trains)}', list(ctx.trains)
    return None


def rotation_out_of_range(line: str):
    """A rotation above 5 ("rot 7"), where it is written, or None."""
    m = _ROTATION.search(line)
    if m is None or int(m.group(1) or m.group(2)) <= 5:
        return None
    at = 1 if m.group(1) else 2
    return m.start(at), m.end(at), f'a rotation is a number from 0 to 5, not {m.group(at)}', ["0 to 5"]


def _slip(line: str, ctx: NotationContext, index: NameIndex, named: list):
    """The first word that names nothing here but is close to a name or a move word."""
    names = dict.fromkeys([*ctx.players.values(), *ctx.corporations, *ctx.companies, *ctx.corporations.values(),
                           *ctx.companies.values()])
    lowered = [n.lower() for n in names]
    for m in _WORD.finditer(line):          # a misspelt name of several words ("Canadain Pacific Railway")
        at = m.start()
        if not m.group(0)[0].isupper() or any(line[at:at + len(n)].lower().startswith(n) for n in lowered):
            continue                    # no name's start, or a name as written
        close = [n for n in names if " " in n
                 and difflib.SequenceMatcher(None, line[at:at + len(n)].lower(), n.lower()).ratio() >= 0.85]
        if close:
            n = max(close, key=len)
            return at, at + len(n), f'"{line[at:at + len(n)]}" is no name here: did you mean "{n}"?', [n]
    found = slips(line, index)
    if found:
        s = found[0]
        said = words_list([f'"{c}"' for c in s.choices])
        said = said if any(c in VERBS or c[:1].isupper() for c in s.choices) else f"the word {said}"
        return s.start, s.end, f'"{s.word}" is no name or move word here: did you mean {said}?', list(s.choices)
    for m in _WORD.finditer(line):
        w = m.group(0)
        low = w.lower()
        if any(a <= m.start() < b for a, b, _ in named):
            continue                    # a word of a name ("Player 3")
        if low in FILLERS or low in VERBS or low in VOCABULARY or low in ENGLISH or norm(w) in index.every_form \
                or common_english(low, often=1e-6):       # a word of English, if rare ("corporation")
            continue
        close = difflib.get_close_matches(w, list(names), n=1, cutoff=0.75) if w[0].isupper() else []
        if close:
            return m.start(), m.end(), f'"{w}" is no name here: did you mean "{close[0]}"?', close
        k = keyword_suggestion(w, others=True)
        if k and k != low:
            word = f'"{k}"' if k in VERBS else f'the word "{k}"'
            return m.start(), m.end(), f'"{w}" is no name or move word here: did you mean {word}?', [k]
    return None
