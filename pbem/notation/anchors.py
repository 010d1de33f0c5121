"""What every move names. A move line names something a move needs: a figure (an amount, a
count, a tile, a hex), a player, company, private, place or train, a move word or a word of
the idioms the second reading rewrites into moves, or a slip of one of these. A line naming
none of them is never read as a move (`read_message` and the table's `sequence.iter_moves` refuse
such a reading), so the moderator can tell it is chat without reading it
(`pbem/moderator/classify.py`).
"""
from __future__ import annotations

import re
import types
from functools import lru_cache

from pbem.errors import AmbiguousMoveError

from .names import NameIndex, norm, rewrite_names
from .spelling import slips

__all__ = ["names_something", "naming_nothing"]

_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_'’&]*")
_LETTERS = re.compile(r"[A-Za-z]{2,}")

#: words no move is made of: they appear in the rules' patterns only beside the words that matter
_FUNCTION = frozenset("""
a an the to of and or but if so as at by on in for from with into onto than then this that these those
it its i i'm im me my mine we us our you your he she they them their his her is are was were be been being am
do does did have has had will would shall should can could may might must not yes all any some each every more
most very just too also only still even here there now please pls thanks thank""".split())


def _words_of(obj, seen: set) -> set[str]:
    """The words in a rule's strings: its pattern and replacement, or a function's constants and
    the module-level strings and patterns it uses (nested code included)."""
    out: set[str] = set()
    if id(obj) in seen:
        return out
    seen.add(id(obj))
    if isinstance(obj, str):
        out.update(w.lower() for w in _LETTERS.findall(obj))
    elif isinstance(obj, re.Pattern):
        out.update(_words_of(obj.pattern, seen))
    elif isinstance(obj, (list, tuple, frozenset, set)):
        for x in obj:
            out.update(_words_of(x, seen))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out.update(_words_of(k, seen) | _words_of(v, seen))
    elif isinstance(obj, types.CodeType):
        for c in obj.co_consts:
            out.update(_words_of(c, seen))
    elif callable(obj) and hasattr(obj, "__code__"):
        out.update(_words_of(obj.__code__, seen))
        for cell in obj.__closure__ or ():
            try:
                out.update(_words_of(cell.cell_contents, seen))
            except ValueError:          # an empty cell
                pass
        g = getattr(obj, "__globals__", {})
        for name in obj.__code__.co_names:
            v = g.get(name)
            if isinstance(v, (str, re.Pattern, list, tuple, frozenset, set, dict)):
                out.update(_words_of(v, seen))
    return out


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """The words that make a line possibly a move: the reader's move words and every word of the
    second reading's rules (less function words), lower case."""
    from .messages import MOVE_WORDS, OTHER_WORDS
    from .paraphrase_rules import RULES
    from .pieces import FILLERS, VERBS
    from .spelling import VOCABULARY

    words: set[str] = set()
    for w in [*VOCABULARY, *VERBS, *OTHER_WORDS, *FILLERS, *(p for ps in MOVE_WORDS.values() for p in ps)]:
        words.update(x.lower() for x in _LETTERS.findall(w))
    seen: set = set()
    for rule in RULES:
        if not _only_strips(rule):
            words.update(_words_of(rule, seen))
    return frozenset(words - _FUNCTION)


def _only_strips(rule) -> bool:
    """A rule that only drops text: marked so (`strips_only`: the chat and state sentences), or a
    pattern whose replacement writes no word (it drops or reshapes what it matched: "please",
    punctuation). Its words make no move."""
    if getattr(rule, "strips_only", False):
        return True
    cells = [c.cell_contents for c in getattr(rule, "__closure__", None) or ()]
    pats = [c for c in cells if isinstance(c, re.Pattern)]
    reps = [c for c in cells if isinstance(c, str)]
    if len(pats) != 1 or len(reps) != 1 or len(cells) != 2:
        return False
    return not _LETTERS.search(re.sub(r"\\(?:\d+|g<\w+>)", "", reps[0]))


def names_something(line: str, index: NameIndex) -> bool:
    """Whether `line` names anything a move needs (see the module's text)."""
    if any(ch.isdigit() for ch in line):
        return True
    from .piece_own_kinds import title_verbs

    vocab = vocabulary()
    own = title_verbs(getattr(index, "title", None))      # a title's own kinds' words
    kinds = tuple(index.entries)
    for m in _TOKEN.finditer(rewrite_names(index, line)):
        token = m.group(0)
        low = token.lower().strip("'’")
        if low in _FUNCTION:
            continue
        if low in vocab or low in own or len(low) == 1:            # one letter: "p", "b 2 GT"
            return True
        if not norm(token):
            continue
        try:
            if index.lookup(token, kinds) is not None:
                return True
        except AmbiguousMoveError:
            return True
    return bool(slips(line, index))


def naming_nothing(line: str, line_no: int):
    """The refusal of a move read from a line that names nothing a move needs."""
    from .messages import notation_error

    return notation_error("the line names nothing a move needs: no amount, tile or hex, no player, company, "
                          "private, place or train, no move word", line_no=line_no, line_text=line, column=1,
                          text=line.strip())
