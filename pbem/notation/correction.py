"""A line that corrects itself: "sell 1 CPR? no wait, I don't have any. Buy a CNoR instead.",
"buys two shares of SE... sorry, one share", "lays 9 at H16? ok that's wrong hex, lays 9 on H18".

Only what follows the writer's marker of a correction is meant: the correction is read as a
whole move (with the writer's own name or label from before it), or, when it only names the
piece put right ("I mean J8", "one share"), as the move before the marker with that piece
replaced. A take-back with nothing after it stays refused (sequence `_taken_back`); a correction
that does not read leaves the line refused as written.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Optional

from pbem.errors import NotationError, PbemError

from .parsed import ParsedMove, noted_on_first
from .pieces import VERBS
from .lazy import regex

if TYPE_CHECKING:
    from .parser import _Reader

__all__ = ["MARKER", "corrections", "corrects_itself", "read_corrected"]

#: the writer's marker of a correction: "? no wait", "no —", "sorry,", "I mean", "that's the
#: wrong hex,", "scratch that", "forget it", "correction:", "make that", "actually,"
MARKER = regex(
    r"(?:\?|\.\.\.|…|\s[-–—]+)?\s*(?:(?:ok|oh|ah|hmm|er+m?|uh)[,.]?\s+)?"
    r"(?:\bno\s*,?\s*wait\b|\bwait\s*,?\s*no\b|(?<![A-Za-z]\s)(?<![A-Za-z])\bwait\b(?=\s*[,:—–-])|(?<=\.\.\.\s)wait\b|(?<=…\s)wait\b|(?<=\?\s)wait\b|\b(?:er+m?|uhm?)\b(?=\s*,)|\bno\b(?=\s*[,—–-])|"
    r"\bnope\b|\bsorry\b|\boops\b|\bI\s+mean(?:t)?\b|"
    r"\b(?:that's|that\s+is|that\s+was)\s+(?:the\s+|a\s+)?wrong\s+\w+|\bscratch\s+that\b|\bforget\s+(?:it|that)\b|\bcorrection\b|"
    r"\bmake\s+that\b|\bactually\b|(?:\b(?:that|it|this)\s+|(?<=[-–—,.] ))should\s+(?:have\s+)?be(?:en)?\b(?=\s*(?:#|[$₽]|\d|[A-Z]{1,2}\d|rot|r\s?\d|tile|an?\s+(?:#|\d)|the\s+(?:#|\d)|(?:in|on|at)\s+[A-Z]{1,2}\d))|\bnever\s*mind\b|\bnvm\b)"
    r"(?:\s*[,:;—–-]+)?", re.I)
#: a correction that only names the piece put right, and the pieces of its kind
_PIECES = {
    "hex": r"\b[A-Z]{1,2}\d{1,2}\b",
    "rotation": r"\b(?:rot(?:ation)?|r)\s*\.?\s*[0-5]\b",
    "shares": r"\b(?:a|an|one|two|three|four|five|\d)\s+(?:more\s+)?(?:shares?|certs?|certificates?)\b",
    "tile": r"#\s?\d{1,4}\b|\btile\s+#?\d{1,4}\b",
    "count": r"\b\d\s+(?:x\s+)?[A-Z][A-Za-z-]{1,4}\b",     # "sells 2 GT, sorry, 3 GT"
    "amount": r"[$₽]\s?\d{1,6}\b|\b\d{2,6}(?:\s*₽|\$)?(?!\s*%)",
}
_MOVE_WORD = regex(r"\b(?:" + "|".join(sorted((re.escape(w) for w in VERBS if " " not in w), key=len,
                                                   reverse=True)) + r")\b", re.I)
_SENTENCE = regex(r"(?<=[.!;])\s+")
#: the writer's name or a label before the first move word ("SR2. Gwen: ", "Priya ")
_HEAD = regex(r"^(?P<head>.*?)(?=\b(?:" + "|".join(sorted((re.escape(w) for w in VERBS if " " not in w),
                                                                  key=len, reverse=True)) + r")\b)", re.I)


def _lead(attempt: str) -> str:
    """The attempt up to and with its first move word when that is a short subject and verb
    ("Priya buys", "SR2. Gwen: sell"), else ""."""
    m = _HEAD.match(attempt)
    if m is None:
        return ""
    end = m.end() + _MOVE_WORD.match(attempt, m.end()).end() - m.end()
    lead = attempt[:end]
    return lead if len(lead.split()) <= 4 else ""


def _head(attempt: str) -> str:
    """The writer's name or label before the attempt's move word ("SR2. Gwen: ", "Priya: "), or ""."""
    lead = _lead(attempt)
    head = re.sub(r"^\s*(?:then|and|so|now)\s+", "", lead[:_HEAD.match(lead).end()] if lead else "", flags=re.I)
    if not lead or not re.fullmatch(r"\s*(?:(?:SR|OR|MR|AR)\s*[\d.]*\s*[.:,-]?\s*)?(?:[A-Z][\w'-]*)?\s*:?\s*",
                                    head):
        # "CNR uses NWR to ...": the company whose move it is ("If Pieter dumps ...": no name
        # of the writer's)
        company = re.match(r"^\s*(?:[A-Z][a-z]+\s*:\s*)?([A-Z][A-Z&-]+)\s+[a-z]+s\b", attempt)
        return company.group(1) + ": " if company else ""
    return head.rstrip(" :,-") + ": " if head.strip() else ""


def _replaced(attempt: str, fix: str) -> Optional[str]:
    """The attempt with the one piece the correction names put in place of its piece of that
    kind (the last one written), or None when the correction is not one such piece."""
    fix = re.sub(r"^\s*(?:just|only|it's|its|it\s+is|to|on|at|in|for)\s+", "", fix.strip(" .,!()"), flags=re.I)
    attempt = re.sub(r"\s*\([^)]*$", "", attempt)          # "on I5 (typo, I meant I7)"
    for kind, rx in _PIECES.items():
        m = re.fullmatch(rx, fix, re.I if kind in ("shares", "rotation") else 0)
        if m is None:
            continue
        found = list(re.finditer(rx, attempt, re.I if kind in ("shares", "rotation") else 0))
        if not found and kind == "rotation" and re.search(_PIECES["hex"], attempt):
            return attempt.rstrip(" .,") + ", " + fix     # "lays 57 on J8 - should be rotation 2": the one missing
        if not found:
            return None
        last = found[-1]
        return attempt[:last.start()] + fix + attempt[last.end():]
    return None


#: a route of hexes, the piece a run's correction names ("I5-J8... sorry, I5-J10 for 50")
_ROUTE = r"\b[A-Z]{1,2}\d{1,2}(?:\s*-\s*[A-Z]{1,2}\d{1,2})+\b"


_FILLER = regex(r"\b(?:just|only|in|on|at|to|into|for|and|the|a|an|tile|hex|rotation|rot|orientation)\b|"
                     r"[\s,.;:!-]+", re.I)


def _opens_with_piece(sentence: str) -> bool:
    """Whether a sentence of a correction is made of a move's pieces alone, tile first or hex
    first ("#9 in M7, rot 1"), and no move word; not "G7 is preprinted"."""
    text = re.sub(r"^\s*(?:just|only)\s+", "", sentence, flags=re.I)
    if _MOVE_WORD.match(text) or not re.match(_PIECES["tile"] + "|" + _PIECES["hex"], text, re.I):
        return False
    for kind in ("tile", "hex", "rotation"):
        text = re.sub(_PIECES[kind], " ", text, flags=re.I if kind == "rotation" else 0)
    return not _FILLER.sub("", text)


def _continued(attempt: str, fix: str) -> Optional[str]:
    """The attempt with its last piece, a route or a hex, replaced by the one the correction
    begins with, and the rest of the correction carried on after it ("runs its 2 train I5-J8...
    sorry, I5-J10 for 50 and pays out"); None unless the attempt ends with a piece of that kind."""
    fix = re.sub(r"^[^,.;?]*?,\s*so\s+", "", fix.strip())       # "H12 has no city, so just G11-I13: 50"
    fix = re.sub(r"^\s*(?:just|only)\s+", "", fix, flags=re.I)
    for rx in (_ROUTE, _PIECES["hex"]):
        m = re.match(rx, fix.strip())
        last = list(re.finditer(rx, attempt))
        if m is None or not last or attempt[last[-1].end():].strip(" .,…-"):
            continue
        return attempt[:last[-1].start()] + fix.strip()
    return None


#: "Just the tile.": of the moves before the correction, only the one of that kind is kept
_ONLY_THE = regex(r"^\s*(?:just|only)\s+(?:the\s+)?(tile|lay|upgrade|token|station|train|buy|run|sale|bid|"
                       r"share|purchase)(?:\s+then)?\s*[.!]?\s*$", re.I)
_KEPT_FAMILY = {"tile": "lay", "lay": "lay", "upgrade": "lay", "token": "token", "station": "token",
                "train": "buy", "buy": "buy", "run": "run", "sale": "sell", "bid": "bid", "share": "buy",
                "purchase": "buy"}


def _only_the(attempt: str, whole: str) -> Optional[str]:
    """The attempt without its last clause when the correction keeps only the move of one kind
    and that move is in the clauses before ("upgrades G11 to #15, and drops a token there? no
    wait ... Just the tile."); None otherwise."""
    m = _ONLY_THE.match(whole)
    cut = list(re.finditer(r",?\s+(?:and|then|plus)\s+|,\s+", attempt))
    if m is None or not cut:
        return None
    kept, dropped = attempt[:cut[-1].start()], attempt[cut[-1].end():]
    family = _KEPT_FAMILY[m.group(1).lower()]
    families = {VERBS[w.lower()].strip() for w in _MOVE_WORD.findall(kept)}
    gone = {VERBS[w.lower()].strip() for w in _MOVE_WORD.findall(dropped)}
    if family not in families or not gone or family in gone:
        return None
    return kept


def _substantial(fix: str) -> bool:
    return bool(re.search(r"\d|\b[A-Z]{2}", fix) or re.search(
        r"\b(?:one|two|three|four|five|shares?|trains?)\b|" + _MOVE_WORD.pattern, fix, re.I))


def _last_run(line: str) -> Optional[tuple[int, int]]:
    """Where the last run of markers with a correction after it stands (markers written one
    after another, "? no wait I mean", are one run), or None."""
    runs: list[list[int]] = []
    for m in MARKER.finditer(line):
        if not m.group(0).strip():
            continue
        if runs and not line[runs[-1][1]:m.start()].strip():
            runs[-1][1] = m.end()
        else:
            runs.append([m.start(), m.end()])
    for a, b in reversed(runs):
        fix = line[b:].strip()
        if line[:a].strip() and _substantial(fix) and "?" not in fix:
            return a, b             # not "..., sorry for the confusion": no correction after it
    return None


#: "lays a 9 on M7, a 23 wait no, just the 9": a second piece begun and taken back, the first kept
_BEGUN_BACK = regex(r"\s*,\s*(?:and\s+)?(?:a|an)\s+#?(?P<begun>[\w+]+)\s*[,—–-]?\s*(?:wait\s*,?\s*no|no\s*,?\s*wait|sorry|"
                         r"I\s+mean)\s*[,:;—–-]*\s*(?:just|only)\s+(?:the\s+)?#?(?P<kept>[\w+]+)\b", re.I)


def _begun_back(line: str) -> str:
    """"a 9 on M7, a 23 wait no, just the 9": the taken-back "a 23" and the "just the 9" that
    keeps the piece named before are dropped; only when the kept piece stands before them."""
    m = _BEGUN_BACK.search(line)
    if m is None or m.group("begun").lower() == m.group("kept").lower():
        return line
    kept = re.escape(m.group("kept"))
    if not re.search(rf"(?<![\w#])#?{kept}(?![\w+])", line[:m.start()]):
        return line
    return line[:m.start()] + line[m.end():]


def corrections(line: str) -> list[tuple[str, str]]:
    """The readings a self-correcting line may stand for, likeliest first, each with what the
    writer adds after the correction (read apart: it may only restate the move or be chat): the
    correction as a whole move, then the move before the marker with the corrected piece. Empty
    when the line has no marker with a correction after it."""
    kept = _begun_back(line)
    if kept != line:
        return [(kept, "")]
    found = _last_run(line)
    if found is not None:
        a, b = found
        attempt, fix = line[:a].strip(), line[b:].strip()
        # a correction puts right the sentence it follows: the sentences before it stand
        # ("... Run: 4 train G19-F20 for 110. Half? no - full payout.")
        ends = [m.end() for m in _SENTENCE.finditer(attempt)]
        before, attempt = (attempt[:ends[-1]], attempt[ends[-1]:]) if ends else ("", attempt)
        return [(before + text if before else text, rest) for text, rest in _corrected(attempt, fix, line[a:b])]
    return []


def _corrected(attempt: str, fix: str, marker: str) -> list[tuple[str, str]]:
    """The readings of one sentence `attempt` put right by `fix` after `marker` (see `corrections`)."""
    head = _head(attempt)
    sentences = [s for s in _SENTENCE.split(fix) if s.strip()]
    while len(sentences) > 1 and not _MOVE_WORD.search(sentences[0]) and not _opens_with_piece(sentences[0]):
        sentences.pop(0)             # "I don't have any. Buy a CNoR ...": the reason given first
    whole = " ".join(sentences)
    out = []
    if not _STRONG.search(marker):
        whole = ""                   # "sorry", "oops": only a piece put right ("oops, forgot: ..." adds a move)
    kept = _only_the(attempt, sentences[-1] if sentences else "")
    if kept is not None:
        out.append((kept, ""))       # "..., and drops a token there? no wait ... Just the tile."
    if sentences and _lead(attempt) and _opens_with_piece(sentences[0]):
        out.append((_lead(attempt) + " " + whole, ""))   # "GT lays 57 M7... that should be #9 in M7"
    if _MOVE_WORD.search(whole):
        out.append((head + whole if head and not whole.lower().startswith(head.rstrip(": ").lower()) else whole, ""))
    parts = re.split(r",|\.\s|;", fix, maxsplit=1)
    replaced = _replaced(attempt, parts[0])
    if replaced is not None:
        rest = parts[1].strip() if len(parts) > 1 else ""
        out.append((replaced, head + rest if rest else ""))
    continued = _continued(attempt, fix)
    if continued is not None:
        out.append((continued, ""))   # "runs its 2 train I5-J8... sorry, I5-J10 for 50 and pays out"
    if not out and whole and _lead(attempt):
        out.append((_lead(attempt) + " " + whole, ""))      # "buys four CPR? no, just one CPR"
    return out


#: markers that always take back what comes before them (not "sorry", "oops" or "actually" alone:
#: "oops, forgot: GT also buys a 2" adds a move)
_STRONG = regex(r"no\s*,?\s*wait|wait|I\s+mean|make\s+that|correction|scratch|forget|wrong|should|never\s*mind|nvm|"
                     r"^\s*\?", re.I)


def corrects_itself(line: str) -> bool:
    """Whether `line` is read by its correction before it is read as written: a marker that
    takes back what comes before ("no wait", "I mean", "make that") with a correction after
    it, or an apology before a piece alone ("sells 2 GT, sorry, 3 GT"). Otherwise the
    correction is only the last try at a refused line."""
    found = _last_run(line)
    if found is None:
        return False
    a, b = found
    if _STRONG.search(line[a:b]):
        return True
    first = re.split(r",|\.\s|;", line[b:], maxsplit=1)[0]
    return _replaced(line[:a].strip(), first) is not None or _one_piece(first)


def _one_piece(fix: str) -> bool:
    """Whether a correction is one piece alone ("rot 2", "I7", "#9", "$90"): after an apology
    it puts a piece of the move right, so the line is read by its correction or refused
    ("CPR buys a 3, sorry, rot 2" names a piece the move has not: never the buy alone)."""
    fix = re.sub(r"^\s*(?:just|only|it's|its|it\s+is|to|on|at|in|for)\s+", "", fix.strip(" .,!()"), flags=re.I)
    return any(re.fullmatch(rx, fix, re.I if kind in ("shares", "rotation") else 0)
               for kind, rx in _PIECES.items())


def read_corrected(reader: "_Reader", line_no: int, line: str, first: NotationError) -> list:
    """The items of the correction `line` ends with (`corrections`), noted for the reply;
    `first` (the refusal of the line as written) when no correction reads."""
    if getattr(reader, "correcting", False):
        raise first from None
    saved = (reader.header, reader.sticky)
    reader.correcting = True
    try:
        for text, rest in corrections(line):
            reader.header, reader.sticky = saved
            try:
                items = reader.read_line(line_no, text)
            except PbemError:
                continue
            moves = [i.action for i in items if isinstance(i, ParsedMove)]
            if moves and _restates(reader, line_no, rest, moves):
                return noted_on_first(items, f'read as corrected: "{text.strip()}"')
    finally:
        reader.correcting = False
    reader.header, reader.sticky = saved
    reader.line_no, reader.line = line_no, line
    raise first from None


def _restates(reader: "_Reader", line_no: int, rest: str, moves: list) -> bool:
    """Whether what the writer adds after a corrected piece only restates the move or is chat."""
    if not rest or not _substantial(rest):
        return True
    saved = (reader.header, reader.sticky)
    try:
        again = [i.action for i in reader.read_line(line_no, rest) if isinstance(i, ParsedMove)]
    except PbemError:
        return False
    finally:
        reader.header, reader.sticky = saved
    return again == moves
