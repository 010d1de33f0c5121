"""A line that takes back ("Buy 1 GT. Scrap that.": refused, `takes_back`) or corrects itself ("buys two
shares of SE... sorry, one share": read by its correction, `corrections`)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Iterable, Optional

from pbem.errors import NotationError, PbemError

from .parsed import ParsedMove, noted_on_first
from .pieces import VERBS
from .lazy import regex

if TYPE_CHECKING:
    from .parser import _Reader

__all__ = ["MARKER", "corrections", "corrects_itself", "read_corrected", "read_reworded", "takes_back"]

#: the writer's marker of a correction: "? no wait", "sorry,", "I mean", "that's the wrong hex,", "make that"
MARKER = regex(r"(?:\?|\.\.\.|…|\s[-–—]+)?\s*(?:(?:ok|oh|ah|hmm|er+m?|uh)[,.]?\s+)?(?:"
               r"\bno\s*,?\s*wait\b|\bwait\s*,?\s*no\b|(?<![A-Za-z]\s)(?<![A-Za-z])\bwait\b(?=\s*[,:—–-])|"
               r"(?:(?<=\.\.\.\s)|(?<=[…?]\s))wait\b|\b(?:er+m?|uhm?)\b(?=\s*,)|\bno\b(?=\s*[,—–-])|"
               r"\b(?:nope|sorry|oops|I\s+mean(?:t)?|scratch\s+that|forget\s+(?:it|that)|correction|"
               r"make\s+that|actually|never\s*mind|nvm)\b|"
               r"\b(?:that's|that\s+is|that\s+was)\s+(?:the\s+|a\s+)?wrong\s+\w+|"
               r"(?:\b(?:that|it|this)\s+|(?<=[-–—,.] ))should\s+(?:have\s+)?be(?:en)?\b(?=\s*(?:#|[$₽]|\d|"
               r"[A-Z]{1,2}\d|rot|r\s?\d|tile|an?\s+(?:#|\d)|the\s+(?:#|\d)|(?:in|on|at)\s+[A-Z]{1,2}\d))"
               r")(?:\s*[,:;—–-]+)?", re.I)
#: markers that always take back what comes before them (not "oops" alone: "oops, forgot: GT also buys a 2")
_STRONG = regex(r"no\s*,?\s*wait|wait|I\s+mean|make\s+that|correction|scratch|forget|wrong|should|"
                r"never\s*mind|nvm|^\s*\?", re.I)
#: a correction that only names the piece put right, and the pieces of its kind
_PIECES = {
    "hex": r"\b[A-Z]{1,2}\d{1,2}\b",
    "rotation": r"(?i:\b(?:rot(?:ation)?|r)\s*\.?\s*[0-5]\b)",
    "shares": r"(?i:\b(?:a|an|one|two|three|four|five|\d)\s+(?:more\s+)?(?:shares?|certs?|certificates?)\b)",
    "tile": r"#\s?\d{1,4}\b|\btile\s+#?\d{1,4}\b",
    "count": r"\b\d\s+(?:x\s+)?[A-Z][A-Za-z-]{1,4}\b",     # "sells 2 GT, sorry, 3 GT"
    "amount": r"[$₽]\s?\d{1,6}\b|\b\d{2,6}(?:\s*₽|\$)?(?!\s*%)",
}
#: a route of hexes, the piece a run's correction names ("I5-J8... sorry, I5-J10 for 50")
_ROUTE = r"\b[A-Z]{1,2}\d{1,2}(?:\s*-\s*[A-Z]{1,2}\d{1,2})+\b"
_VERB = r"\b(?:" + "|".join(sorted(map(re.escape, VERBS), key=len, reverse=True)) + r")\b"
_MOVE_WORD = regex(_VERB, re.I)
#: the writer's name or a label before the first move word ("SR2. Gwen: ", "Priya ")
_HEAD = regex(r"^(?P<head>.*?)(?=" + _VERB + ")", re.I)
#: a label and a name as the writer's head ("SR2. Gwen: ")
_LABEL = regex(r"\s*(?:(?:SR|OR|MR|AR)\s*[\d.]*\s*[.:,-]?\s*)?(?:[A-Z][\w'-]*)?\s*:?\s*")
_SENTENCE = regex(r"(?<=[.!;])\s+")
_FILLER = regex(r"\b(?:just|only|in|on|at|to|into|for|and|the|a|an|tile|hex|rotation|rot|orientation)\b|"
                r"[\s,.;:!-]+", re.I)
#: "Just the tile.": of the moves before the correction, only the one of that kind (its family) is kept
_KEPT_FAMILY = {"tile": "lay", "lay": "lay", "upgrade": "lay", "token": "token", "station": "token",
                "train": "buy", "buy": "buy", "run": "run", "sale": "sell", "bid": "bid", "share": "buy",
                "purchase": "buy"}
_ONLY_THE = regex(r"^\s*(?:just|only)\s+(?:the\s+)?(" + "|".join(_KEPT_FAMILY) + r")(?:\s+then)?\s*[.!]?\s*$",
                  re.I)
#: "lays a 9 on M7, a 23 wait no, just the 9": a second piece begun and taken back, the first kept
_BEGUN_BACK = regex(r"\s*,\s*(?:and\s+)?(?:a|an)\s+#?(?P<begun>[\w+]+)\s*[,—–-]?\s*"
                    r"(?:wait\s*,?\s*no|no\s*,?\s*wait|sorry|I\s+mean)\s*[,:;—–-]*\s*"
                    r"(?:just|only)\s+(?:the\s+)?#?(?P<kept>[\w+]+)\b", re.I)


def _subject(attempt: str) -> tuple[str, str]:
    """The attempt up to and with its first move word when that is a short subject and verb ("Priya
    buys", "SR2. Gwen: sell") or "", and the writer's name or label before it ("SR2. Gwen: ") or ""."""
    m = _HEAD.match(attempt)
    lead = attempt[:_MOVE_WORD.match(attempt, m.end()).end()] if m else ""
    lead = lead if len(lead.split()) <= 4 else ""
    head = re.sub(r"^\s*(?:then|and|so|now)\s+", "", m["head"], flags=re.I) if lead else ""
    if lead and _LABEL.fullmatch(head):
        return lead, (head.rstrip(" :,-") + ": " if head.strip() else "")
    # "CNR uses NWR to ...": the company whose move it is ("If Pieter dumps ...": no name of the writer's)
    company = re.match(r"^\s*(?:[A-Z][a-z]+\s*:\s*)?([A-Z][A-Z&-]+)\s+[a-z]+s\b", attempt)
    return lead, (company.group(1) + ": " if company else "")


def _piece(fix: str) -> tuple[Optional[str], str]:
    """The kind of the one piece a correction names alone ("I7", "rot 2", "one share", "$90") or
    None, and that piece."""
    fix = re.sub(r"^\s*(?:just|only|it's|its|it\s+is|to|on|at|in|for)\s+", "", fix.strip(" .,!()"),
                 flags=re.I)
    return next((kind for kind, rx in _PIECES.items() if re.fullmatch(rx, fix)), None), fix


def _replaced(attempt: str, fix: str) -> Optional[str]:
    """The attempt with the one piece the correction names put in place of its last piece of that
    kind, or None when the correction is not one such piece."""
    kind, fix = _piece(fix)
    if kind is None:
        return None
    attempt = re.sub(r"\s*\([^)]*$", "", attempt)          # "on I5 (typo, I meant I7)"
    found = list(re.finditer(_PIECES[kind], attempt))
    if not found and kind == "rotation" and re.search(_PIECES["hex"], attempt):
        return attempt.rstrip(" .,") + ", " + fix     # "lays 57 on J8 - should be rotation 2"
    return attempt[:found[-1].start()] + fix + attempt[found[-1].end():] if found else None


def _opens_with_piece(sentence: str) -> bool:
    """Whether a sentence of a correction is a move's pieces alone, tile or hex first, and no move
    word ("#9 in M7, rot 1"; not "G7 is preprinted")."""
    text = re.sub(r"^\s*(?:just|only)\s+", "", sentence, flags=re.I)
    if _MOVE_WORD.match(text) or not re.match(_PIECES["tile"] + "|" + _PIECES["hex"], text, re.I):
        return False
    for kind in ("tile", "hex", "rotation"):
        text = re.sub(_PIECES[kind], " ", text)
    return not _FILLER.sub("", text)


def _continued(attempt: str, fix: str) -> Optional[str]:
    """The attempt ending with a route or a hex, that piece replaced by the one the correction
    begins with and the rest carried on ("I5-J8... sorry, I5-J10 for 50 and pays out"), or None."""
    fix = re.sub(r"^[^,.;?]*?,\s*so\s+", "", fix.strip())       # "H12 has no city, so just G11-I13: 50"
    fix = re.sub(r"^\s*(?:just|only)\s+", "", fix, flags=re.I)
    for rx in (_ROUTE, _PIECES["hex"]):
        last = list(re.finditer(rx, attempt))
        if re.match(rx, fix) and last and not attempt[last[-1].end():].strip(" .,…-"):
            return attempt[:last[-1].start()] + fix
    return None


def _only_the(attempt: str, whole: str) -> Optional[str]:
    """The attempt without its last clause when the correction keeps only the move of one kind and
    that move is in the clauses before ("... drops a token there? no wait ... Just the tile."), or None."""
    m = _ONLY_THE.match(whole)
    cut = list(re.finditer(r",?\s+(?:and|then|plus)\s+|,\s+", attempt))
    if m is None or not cut:
        return None
    kept, dropped = attempt[:cut[-1].start()], attempt[cut[-1].end():]
    family = _KEPT_FAMILY[m.group(1).lower()]
    gone = {VERBS[w.lower()] for w in _MOVE_WORD.findall(dropped)}
    if family not in {VERBS[w.lower()] for w in _MOVE_WORD.findall(kept)} or not gone or family in gone:
        return None
    return kept


def _substantial(fix: str) -> bool:
    return bool(re.search(r"\d|\b[A-Z]{2}", fix) or re.search(
        r"\b(?:one|two|three|four|five|shares?|trains?)\b|" + _MOVE_WORD.pattern, fix, re.I))


def _last_run(line: str) -> Optional[tuple[int, int]]:
    """Where the last run of markers with a correction after it stands (markers written one after
    another, "? no wait I mean", are one run), or None."""
    runs: list[list[int]] = []
    for m in MARKER.finditer(line):
        if runs and not line[runs[-1][1]:m.start()].strip():
            runs[-1][1] = m.end()
        else:
            runs.append([m.start(), m.end()])
    for a, b in reversed(runs):
        fix = line[b:].strip()
        if line[:a].strip() and _substantial(fix) and "?" not in fix:
            return a, b             # not "..., sorry for the confusion": no correction after it
    return None


def _begun_back(line: str) -> str:
    """"a 9 on M7, a 23 wait no, just the 9" without the taken-back "a 23" and the "just the 9" that
    keeps the piece named before; only when the kept piece stands before them."""
    m = _BEGUN_BACK.search(line)
    if m is None or m["begun"].lower() == m["kept"].lower() or not re.search(
            rf"(?<![\w#])#?{re.escape(m['kept'])}(?![\w+])", line[:m.start()]):
        return line
    return line[:m.start()] + line[m.end():]


def corrections(line: str) -> list[tuple[str, str]]:
    """The readings a self-correcting line may stand for, likeliest first, each with what the writer
    adds after the correction (read apart: a restatement or chat); empty without a correction."""
    kept = _begun_back(line)
    if kept != line:
        return [(kept, "")]
    found = _last_run(line)
    if found is None:
        return []
    a, b = found
    attempt, fix = line[:a].strip(), line[b:].strip()
    # a correction puts right the sentence it follows: the sentences before it stand
    ends = [m.end() for m in _SENTENCE.finditer(attempt)]
    before, attempt = (attempt[:ends[-1]], attempt[ends[-1]:]) if ends else ("", attempt)
    return [(before + text, rest) for text, rest in _corrected(attempt, fix, line[a:b])]


def _corrected(attempt: str, fix: str, marker: str) -> list[tuple[str, str]]:
    """The readings of one sentence `attempt` put right by `fix` after `marker` (see `corrections`)."""
    lead, head = _subject(attempt)
    sentences = [s for s in _SENTENCE.split(fix) if s.strip()]
    while len(sentences) > 1 and not _MOVE_WORD.search(sentences[0]) and not _opens_with_piece(sentences[0]):
        sentences.pop(0)             # "I don't have any. Buy a CNoR ...": the reason given first
    # "sorry", "oops": only a piece put right ("oops, forgot: ..." adds a move)
    whole = " ".join(sentences) if _STRONG.search(marker) else ""
    out = []
    kept = _only_the(attempt, sentences[-1] if sentences else "")
    if kept is not None:
        out.append((kept, ""))       # "..., and drops a token there? no wait ... Just the tile."
    if sentences and lead and _opens_with_piece(sentences[0]):
        out.append((lead + " " + whole, ""))   # "GT lays 57 M7... that should be #9 in M7"
    if _MOVE_WORD.search(whole):
        named = head and not whole.lower().startswith(head.rstrip(": ").lower())
        out.append((head + whole if named else whole, ""))
    parts = re.split(r",|\.\s|;", fix, maxsplit=1)
    replaced = _replaced(attempt, parts[0])
    if replaced is not None:
        rest = parts[1].strip() if len(parts) > 1 else ""
        out.append((replaced, head + rest if rest else ""))
    continued = _continued(attempt, fix)
    if continued is not None:
        out.append((continued, ""))   # "runs its 2 train I5-J8... sorry, I5-J10 for 50 and pays out"
    if not out and whole and lead:
        out.append((lead + " " + whole, ""))      # "buys four CPR? no, just one CPR"
    return out


def corrects_itself(line: str) -> bool:
    """Whether `line` is read by its correction before as written: a marker that takes back what
    comes before ("no wait", "make that") or an apology before a piece alone ("sells 2 GT, sorry, 3 GT")."""
    found = _last_run(line)
    if found is None:
        return False
    a, b = found
    first = re.split(r",|\.\s|;", line[b:], maxsplit=1)[0]
    return bool(_STRONG.search(line[a:b])) or _piece(first)[0] is not None


def read_corrected(reader: "_Reader", line_no: int, line: str, first: NotationError) -> list:
    """The items of the correction `line` ends with (`corrections`), noted for the reply;
    `first` (the refusal of the line as written) when no correction reads."""
    def restates(rest: str, moves: list) -> bool:
        """Whether what the writer adds after a corrected piece only restates the move or is chat."""
        if not rest or not _substantial(rest):
            return True
        saved = (reader.header, reader.sticky)      # as the correction left them
        try:
            return [i.action for i in reader.read_line(line_no, rest) if isinstance(i, ParsedMove)] == moves
        except PbemError:
            return False
        finally:
            reader.header, reader.sticky = saved

    return read_reworded(reader, line_no, line, first, "correcting", lambda saved: corrections(line),
                         'read as corrected: "{}"', restates)


def read_reworded(reader: "_Reader", line_no: int, line: str, first: NotationError, flag: str,
                  readings: Callable[[tuple], Iterable[tuple[str, str]]],
                  note: "str | Callable[[str], str]", fits: Callable[[str, list], bool] = lambda rest, moves: True) -> list:
    """The items of the first of `readings` (a rewording, and what it leaves over) that reads as moves `fits`
    accepts, noted (`note` with the rewording at its "{}", or of it); else `first`. `flag` marks the try under way, so it never recurses into itself."""
    if getattr(reader, flag, False):
        raise first from None
    saved = (reader.header, reader.sticky)
    setattr(reader, flag, True)
    try:
        for text, rest in readings(saved):
            reader.header, reader.sticky = saved
            try:
                items = reader.read_line(line_no, text)
            except PbemError:
                continue
            moves = [i.action for i in items if isinstance(i, ParsedMove)]
            if moves and fits(rest, moves):
                return noted_on_first(items, note(text.strip()) if callable(note) else note.format(text.strip()))
    finally:
        setattr(reader, flag, False)
    reader.header, reader.sticky = saved
    reader.line_no, reader.line = line_no, line
    raise first from None


#: what a line's taking back names: "that", "the above", "my last move", "what I said"
_UNDONE = (r"(?:that|this|the\s+above|all\s+(?:of\s+)?that|(?:my\s+)?(?:last|previous)"
           r"(?:\s+(?:line|move|order|one|mail|message))?|what\s+I\s+(?:just\s+)?(?:said|wrote))")
_UNDO = r"scrap|ignore|cancel|disregard|strike|delete|undo|retract|belay|scratch"
#: "scrap that", "forget my last move", "cancel it all", "never mind" (the line's own move, at its end)
_BACK = regex(rf"\b(?:(?:{_UNDO}|forget|drop|withdraw)\s+(?:it|everything|{_UNDONE})|"
              r"never\s*mind(?:\s+(?:that|this|all\s+that))?)\b", re.I)
#: what may follow the taking back to the end of the line: marks, and words that say nothing
_AFTER = regex(r"^(?:[\s.!,;:)\-–—]|\b(?:please|pls|sorry|then|thanks|lol|oops|for\s+now|entirely)\b)*$",
               re.I)
#: a line that begins by taking back the line before it (not "forget it", which also says "I give up")
_FIRST = regex(rf"^\W*(?:(?:oops|sorry|wait|no)\W+)*((?:{_UNDO})\s+{_UNDONE}|never\s*mind)\b", re.I)


def takes_back(line: str) -> Optional[str]:
    """The words by which `line` takes back what it says (at its end) or what the line before it
    said (at its start), or None."""
    first = _FIRST.match(line)
    if first:
        return first.group(1)
    return next((m.group(0) for m in _BACK.finditer(line) if _AFTER.match(line[m.end():])), None)
