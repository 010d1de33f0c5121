"""Slips of the keyboard in move words and names ("buyng", "trian", "CRP"): a word no one knows, one edit
from one word of the reader's vocabulary or a company's symbol, is put right."""
from __future__ import annotations

import functools
import gzip
import json
import re
from dataclasses import dataclass
from importlib import resources

from .messages import MOVE_WORDS, OTHER_WORDS
from .names import NameIndex, norm
from .pieces import FILLERS, VERBS
from .lazy import regex

__all__ = ["ENGLISH", "Slip", "common_english", "slips", "respelled"]

#: the words a slip is corrected to: the reader's move words and the nouns of moves
VOCABULARY = frozenset(
    [w for w in VERBS if len(w) >= 3]
    + [w for words in MOVE_WORDS.values() for w in words if " " not in w and len(w) >= 3]
    + [w for w in OTHER_WORDS if len(w) >= 3]
    + """train trains rotation share shares pool market treasury dividend token tokens station stations
    passing buying selling bidding laying upgrading running paying withholding another private president
    certificate each""".split())

#: words of plain English chat and of the notation that are never corrected
ENGLISH = frozenset("""
about above after again against ago all almost also although always am among and any anyway are around as
ask at away back bad be because been before being below best better between big both bit but by can cannot
case cash cheers come could day did didn do does doing done don down each either else end enough even ever every
everyone everybody evening few fine first folks for from gets get getting give go goes going good got great guys had
half hand has have having he hello her here hers hey hi him his hold hope how however hmm i if in into is it its
just keep kind know last late later least less let like little long look lot lots luck made make many may maybe
me mean meant might mine more morning most move much must my need never new next nice night no nobody none nope
not nothing now of off ok okay old on once one only or other others our out over own per perhaps please pls plus
price put quite rather really right round same say see seems set shall she should since so some something sorry
soon still such sure take than thank thanks that the their them then there these they thing think this those
though thought time to today too turn under until up upon us very via wait want was way we well went were what
when where whether which while who whole why will with without won would yes yet you your yours hello bye
folks all ya yeah yep nah ah oh oops ha haha lol thx ty gl gg hf np btw imo fyi tho though whoops meh phew
instead again rest next already actually hmm ooh eh sir mate mates team nah cool close closes closed
privates privates' company companies major minor minors merger
zero two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty seventy eighty ninety
hundred route routes lost send floor phase range board count thoughts drawn gone far says said fun ends depends
operate operates rust rusts wrote tiles holds status taken rises restart spare zone tie till row lets bump boy bug solid rounds
action actions space spaces slot slots city cities change changes changed
don't dont doesn't doesnt didn't didnt won't wont can't cant isn't isnt wasn't aren't haven't hasn't shouldn't
wouldn't couldn't i'm im i'll i'd i've it's that's let's
""".split())

#: a doubled letter written once, or two neighbours swapped: the likeliest slips
_STRONG = "strong"
#: a company's symbol written with a zero for its letter O ("B&0", "C&0")
_ZERO = regex(r"(?<![\w&#-])[A-Z][A-Z&]*0[A-Z&0]*(?![\w&-])")
_WORD = regex(r"(?<![\w#$@.-])[A-Za-z][A-Za-z'’]*(?![\w-])")


#: how often a word of English is written, at least, to be read as itself and no slip of another word
#: (five in a million words: "pas", a slip of "pass", is written 2.4 times in a million)
COMMON = 5e-6


@functools.cache
def _english(often: float) -> frozenset[str]:
    counts = json.loads(gzip.decompress((resources.files("spellchecker") / "resources" / "en.json.gz").read_bytes()))
    least = often * sum(counts.values())
    return frozenset(w for w, n in counts.items() if n >= least)


def common_english(word: str, often: float = COMMON) -> bool:
    """Whether English writes `word` at least `often` (a share of all words written: "plays", "pair", "bin"),
    by pyspellchecker's word counts, where slips of move words are rare ("mores", "toke")."""
    return word in _english(often)


@dataclass(frozen=True)
class Slip:
    """A word written, where it stands, and the words it may be a slip for."""

    start: int
    end: int
    word: str
    choices: tuple[str, ...]


def _edit(written: str, word: str) -> str:
    """'strong' (a doubled letter written once, two neighbours swapped), 'weak' (any other
    single edit) or '' (not one edit apart)."""
    if written == word or abs(len(written) - len(word)) > 1:
        return ""
    if len(written) == len(word):
        diff = [i for i in range(len(word)) if written[i] != word[i]]
        if len(diff) == 2 and diff[1] == diff[0] + 1 and written[diff[0]] == word[diff[1]] \
                and written[diff[1]] == word[diff[0]]:
            return _STRONG
        return "weak" if len(diff) == 1 else ""
    short, long_ = (written, word) if len(written) < len(word) else (word, written)
    for i in range(len(long_)):
        if long_[:i] + long_[i + 1:] == short:
            doubled = len(written) < len(word) and (i > 0 and long_[i - 1] == long_[i]
                                                    or i + 1 < len(long_) and long_[i + 1] == long_[i])
            return _STRONG if doubled else "weak"
    return ""


def _best(written: str, pool) -> tuple[str, ...]:
    found = {w: k for w in pool if (k := _edit(written, w))}
    strong = tuple(sorted(w for w, k in found.items() if k == _STRONG))
    return strong or tuple(sorted(found))


def slips(line: str, index: NameIndex) -> list[Slip]:
    """The words of `line` that may be slips, with what each may stand for."""
    out: list[Slip] = []
    symbols = [e.ident for k in ("corporation", "company") for e in index.entries[k] if len(e.ident) >= 2]
    words = index.name_words
    for m in _WORD.finditer(line):
        word = m.group(0)
        low = word.lower().replace("’", "'")
        if low in ENGLISH or low in VOCABULARY or low in FILLERS or low in words or norm(word) in index.exact_forms \
                or re.search(r"[a-z]{2}ed$", low) or common_english(low) \
                or re.sub(r"is(e|es|ed|ing|ation)$", r"iz\1", low) in VOCABULARY:  # "purchased", "plays", "nationalise": words
            continue
        if word.isupper() and len(word) >= 3:
            choices = _best(word, symbols)
        elif word == "n" and re.match(r"\s+\S", line[m.end():]) and line[:m.start()].endswith(" "):
            choices = ("and",)                       # "rot 5 n buy 2 trian": shorthand for "and"
        elif word[1:].islower():
            bare = low.replace("'", "")
            if len(bare) < 3 or bare in VOCABULARY:
                continue
            named = tuple(words[w] for w in _best(bare, words)) if word[0].isupper() and len(bare) >= 4 else ()
            choices = named or _best(bare, VOCABULARY)       # "Canadian Pacfic", else "Buyng"
        else:
            continue
        if choices:
            out.append(Slip(m.start(), m.end(), word, choices))
    for m in _ZERO.finditer(line):        # "B&0": a zero typed for the letter O of a symbol
        fixed = m.group(0).replace("0", "O")
        if fixed in symbols:
            out.append(Slip(m.start(), m.end(), m.group(0), (fixed,)))
    return sorted(out, key=lambda s: s.start)


#: the most slips a line may have
_MOST_SLIPS = 4


def respelled(line: str, index: NameIndex) -> tuple[str, str, tuple[str, ...]]:
    """The line with each slip that stands for one word (or forms of one move word) put right ("lyas" ->
    "lays"), the note of what was read as what ("" when nothing was) and the words put in."""
    found = [s for s in slips(line, index) if len(s.choices) == 1 or len({VERBS.get(w) for w in s.choices} - {None}) == 1
             and all(w in VERBS for w in s.choices)]      # "selll": "sell" or "sells", one move word either way
    if not found or len(found) > _MOST_SLIPS:
        return line, "", ()
    for s in sorted(found, key=lambda s: -s.start):
        line = line[:s.start] + s.choices[0] + line[s.end:]
    return line, "read " + ", ".join(f'"{s.word}" as "{s.choices[0]}"' for s in found), tuple(s.choices[0] for s in found)
