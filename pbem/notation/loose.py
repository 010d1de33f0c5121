"""A move written loosely, reworded as a last try at a refused line.

What is set aside: the greeting before the move and the sign-off after it ("Morning all - ...",
"Hi Marek, ... Cheers"); what led to it ("Having won the CP, I par ...", "Nobody wanted SC at 50,
so I'll take it now at 45": "it" is the one company named there); a move weighed and not made
("Thought about selling GT but I'll hold on to it. Pass."); what was not done ("... and upgrades
nothing else"); what is said to others around a pass ("- Dieter can have it"); remarks after the
move (", which closes the privates", "(It's in the brown, ...)"). What is put plainly: a train
bought again ("then another"), a price for each ("two 3-trains at 180 each"), postal shorthand
("1 sh HBR", "S 2 GT, B 1 HBR pool", "Theo: P"). Every rewording only drops words or repeats what
the line names, never a question mark; the reworded line is read by the whole reader, and nothing
is read when it fails.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Optional

from pbem.errors import NotationError

from pbem.chat_words import ADDRESSEES, FOREIGN_GREETINGS, GREETINGS, SIGN_OFFS, words
from .pieces import VERBS
from .retry import read_reworded
from .share_wording import share_reworded

if TYPE_CHECKING:
    from .parser import _Reader

__all__ = ["reworded", "read_loose"]

_GREETING = re.compile(
    rf"^\s*{words(GREETINGS, FOREIGN_GREETINGS)}\b"
    rf"(?:\s+(?:{words(ADDRESSEES)}|[A-Z][a-z]+))?"
    r"\s*[!,.:;]*(?:\s+[-–—]+)?\s+", re.I)
_SIGNOFF = re.compile(rf"(?:[.!,;]|\s[-–—])\s*{words(SIGN_OFFS)}"
                      rf"(?:\s+{words(ADDRESSEES)})?\s*(?:[,!.-]\s*[A-Z][a-z]+)?\s*[!.]*\s*$", re.I)
#: what led to the move: "Having won the CP, ", "Having won CP I'll ...", "After winning HB, "
_LEADING = re.compile(r"^\s*(?:having|after|since|now\s+that)\s+[^,;.:]*?"
                      r"(?:,\s*|:\s*|\s+(?=I\b|I'll\b|I'm\b|I\s+will\b))", re.I)
#: who the writer is to make the move: "As priority holder I run the RSR: ...", "As president, ..."
_AS_HOLDER = re.compile(r"^\s*as\s+(?:the\s+)?(?:priority(?:\s+deal)?\s+holder|holder\s+of\s+(?:the\s+)?priority"
                        r"(?:\s+deal)?|(?:its\s+)?president(?:\s+of\s+[\w&-]+)?)\s*,?\s+(?=I\b)", re.I)
#: a postal order headed by the company's turn: "GT operates: lay #69 on K9. ..."
_OPERATES = re.compile(r"^(\s*[A-Z][\w&-]*)\s+operates\s*:\s*")
#: a move weighed and not made before the one made: "Thought about selling GT but I'll hold on to it."
_WEIGHED = re.compile(r"^\s*(?:I\s+)?(?:thought\s+about|considered|was\s+tempted\s+to|was\s+going\s+to)\b[^.;!?]*?"
                      r"\bbut\s+(?=I\b|I'll\b|I'm\b)", re.I)
#: a statement of what did not happen before the move: "Nobody wanted SC at 50, so ...",
#: "Jo floats nothing yet - starts CNR at 67"
_NOT_DONE = re.compile(r"^\s*(?P<lead>[^.;:!?]*?\b(?:nobody|no\s+one|nothing|none)\b[^.;:!?]*?)"
                       r"(?:,?\s+so\b,?|\s+[-–—]+|[.;])\s+(?=\S)", re.I)
#: "and upgrades nothing else", ", nothing else": the steps not taken, said for completeness
_NOTHING_ELSE = re.compile(r"\s*(?:,|\band\b)\s*(?:\w+\s+)?nothing\s+(?:else|more)\s*([.!]?)\s*$", re.I)
#: a reason given after the move: ", as there's nothing to build"
_NOTHING_TO = re.compile(r"\s*[,;]?\s*(?:as|since|because)\s+(?:there'?s|there\s+is|I\s+have|I've)\s+"
                         r"nothing\s+to\s+\w+\s*([.!]?)\s*$", re.I)
#: what is said to others around a pass or a move: "- Dieter can have it", "Fine, you win CP - ",
#: "Nope, I'm out", "no post-merger buy for me, pass", "pass - no merger for MV this time"
_OTHERS_KEEP = re.compile(r"\s*(?:[-–—,;]\s*)(?:[A-Z][a-z]+|you|he|she|they)\s+can\s+(?:have|keep|take)\s+"
                          r"(?:it|them)\W*$")
_YOU_WIN = re.compile(r"^\s*(?:fine|ok|okay|alright|well)[,!.]?\s+you\s+(?:win|take|get)\s+"
                      r"(?:it|the\s+\w+|\w+)\s*[-–—,.;]\s*", re.I)
_NOPE = re.compile(r"^\s*(?:nope|nah|no)[,!.]\s+(?=I'?m\s+out\b|I\s+pass\b|pass\b|I\s+drop\s+out\b|out\b)", re.I)
_NO_BEFORE_PASS = re.compile(r"^\s*(?:no|not)\s+[^,.;:!?]*?[,.;:]\s*"
                             r"(?=(?:so\s+)?(?:I\s+)?pass(?:es)?(?:\s+on\s+(?:the\s+)?[\w&'-]+)?\W*$)", re.I)
_NO_AFTER_PASS = re.compile(r"^(\s*(?:I\s+)?pass(?:es)?)\s*[-–—,;]\s*no\s+[^.?!]*\.?\s*$", re.I)
#: a remark after the move: ", if that's allowed", ", his third", ", which closes the privates",
#: ", we need the 6", "to save for a 4", "(It's in the brown, so I can take several.)"
_IF_ALLOWED = re.compile(r"\s*,?\s*if\s+(?:that's|that\s+is|it's|it\s+is)\s+"
                         r"(?:allowed|ok|okay|legal|possible|alright|fine)\s*([.!]?)\s*$", re.I)
_WHOSE = re.compile(r"\s*,\s*(?:his|her|my|their)\s+(?:\d(?:st|nd|rd|th)|second|third|fourth|fifth|sixth)"
                    r"(?:\s+(?:share|one|cert(?:ificate)?))?\s*([.!]?)\s*$", re.I)
_WHICH = re.compile(r"\s*,\s*which\s+[^,;]*?([.!]?)\s*$", re.I)
_WE_NEED = re.compile(r"\s*[,;]\s*(?:we|I)\s+need\s+[^,;]*?([.!]?)\s*$", re.I)
_SAVE_FOR = re.compile(r"\s+to\s+save\s+(?:up\s+)?for\s+(?:a|an|the)\s+\w+(?:[\s-]trains?)?", re.I)
_BRACKET_CHAT = re.compile(r"\s*\((?:it's|it\s+is|this\s+is|that's|since|as|because)\b[^()]*\)\s*$", re.I)
#: a plan put off before the move made now: "I'll hold off on the D until next OR, just passing ..."
_HOLD_OFF = re.compile(r"^\s*(?:I'll|I\s+will|I'm\s+going\s+to)\s+(?:hold\s+off|wait)\b[^,;.?]*[,;.]\s*"
                       r"(?:so\s+)?(?:just\s+)?", re.I)
#: "Runs the same as last time: ...": the move is written after it
_SAME_AS = re.compile(r"\s+(?:the\s+)?same\s+(?:as\s+)?(?:last\s+time|before|usual|last\s+OR)\s*:", re.I)
#: postal shorthand: "1 sh HBR", "S 2 GT, B 1 HBR pool", "Theo: P"
_SH = re.compile(r"\b(\d|a|one|two|three|four)\s+sh(s?)\b\.?", re.I)
_SB = re.compile(r"(^|[,;:]\s*|\s[-–—]\s*)([SB])\s+(?=\d\s+[A-Z])")
_P = re.compile(r"^\s*((?:[A-Z][\w'-]*\s*:\s*)?)[Pp]\s*[.!]?\s*$")
_EACH = re.compile(r"\b(?:at|@)\s+([$₽]?\s?\d{2,4}\s*₽?)\s+each\b", re.I)
_TRAIN = re.compile(r"\b(?:a|an|one|the|its)\s+(\d)(?:\s*-?\s*(?:trains?|T)\b)?(?!\s*(?:%|shares?))"
                    r"|\b(\d)\s*-?\s*(?:trains?|T)\b", re.I)
_ANOTHER = re.compile(r"\b[Aa]nother\b(?!\s+(?:\d|share|[A-Z]))")
_NAME = re.compile(r"\b[A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)?\b")
_MOVE_WORD = re.compile(r"\b(?:" + "|".join(sorted((re.escape(w) for w in VERBS if " " not in w), key=len,
                                                   reverse=True)) + r")\b", re.I)


def _another(line: str) -> str:
    """"buys a 2 train, then another": the train named before is bought again."""
    m = _ANOTHER.search(line)
    if m is None:
        return line
    trains = {a or b for a, b in _TRAIN.findall(line[:m.start()])}
    if len(trains) != 1:
        return line
    return line[:m.start()] + f"another {trains.pop()} train" + line[m.end():]


def _not_done(line: str) -> str:
    m = _NOT_DONE.match(line)
    if m is None or not _MOVE_WORD.search(line[m.end():]) and not re.search(r"\btake\b", line[m.end():], re.I):
        return line
    rest = line[m.end():]
    names = {n for n in _NAME.findall(m.group("lead")) if n.upper() == n and len(n) > 1}
    if re.search(r"\bit\b", rest) and len(names) == 1:
        rest = re.sub(r"\bit\b", names.pop(), rest, count=1)       # "so I'll take it now at 45"
    return rest


def reworded(line: str) -> Optional[str]:
    """The line with its loose wording put plainly, or None when there is none."""
    text = _GREETING.sub("", line, count=1)
    text = _BRACKET_CHAT.sub("", text)
    held = _HOLD_OFF.match(text)
    if held and re.search(r"\bpass", text[held.end():], re.I):
        text = text[held.end():]             # what is put off is no move; the pass made now is
    text = _SAME_AS.sub("", text, count=1)
    text = _OTHERS_KEEP.sub("", text)
    text = _YOU_WIN.sub("", text, count=1)
    text = _NOPE.sub("", text, count=1)
    text = _NO_BEFORE_PASS.sub("", text, count=1)
    text = _NO_AFTER_PASS.sub(r"\1", text)
    text = _IF_ALLOWED.sub(r"\1", text)
    text = _WHOSE.sub(r"\1", text)
    text = _WHICH.sub(r"\1", text)
    text = _WE_NEED.sub(r"\1", text)
    text = _SAVE_FOR.sub("", text)
    text = _SIGNOFF.sub("", text)
    text = _LEADING.sub("", text, count=1)
    text = _AS_HOLDER.sub("", text, count=1)
    text = _OPERATES.sub(r"\1: ", text, count=1)
    text = _WEIGHED.sub("", text, count=1)
    text = _not_done(text)
    text = _NOTHING_ELSE.sub(r"\1", text)
    text = _NOTHING_TO.sub(r"\1", text)
    text = _EACH.sub(r"for \1 each", text)
    text = _SH.sub(lambda m: m.group(1) + (" shares" if m.group(2) or m.group(1) not in ("1", "a", "one") else " share"),
                   text)
    text = _SB.sub(lambda m: m.group(1) + ("sell " if m.group(2) == "S" else "buy "), text)
    text = _P.sub(r"\1pass", text)
    text = _another(text)
    text = share_reworded(text)
    text = text.strip()
    if text.count("?") != line.count("?"):
        return None              # a question is never worded away ("..., which closes the privates?")
    return text if text and text != line.strip() else None


def read_loose(reader: "_Reader", line_no: int, line: str, first: NotationError) -> list:
    """The items of `line` reworded (`reworded`); `first` when there is nothing to reword or the
    rewording does not read either."""
    return read_reworded(reader, line_no, line, first, "loosening", lambda: reworded(line))