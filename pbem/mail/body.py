"""What in a mail body is not a move: quoted mail, reply headers, signatures, greetings, sign-offs, text after SIGNOFF.

Follows the email judges' convention: read up to the signature or quoted block or an explicit SIGNOFF/END line,
and report what was set aside rather than drop it silently.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Collection

from pbem.mail import patterns as p
from pbem.mail.letter import LetterError

_MAX_SHORT_WORDS = 6
#: how much of a line too long to read the reply quotes
_CLIP = 60


@dataclass(frozen=True)
class BodyLine:
    """A line kept for reading as moves or commands: its 1-based number in the body and its text."""

    number: int
    text: str


@dataclass(frozen=True)
class SetAside:
    """A line not read as a move, and why (e.g. "quoted text", "signature", "sign-off")."""

    number: int
    text: str
    why: str


@dataclass(frozen=True)
class Body:
    """The kept lines, the set-aside lines (both in line order) and the SIGNOFF/END line if there was one."""

    lines: tuple[BodyLine, ...]
    set_aside: tuple[SetAside, ...]
    stopped_at: int | None


class BodyTooLong(LetterError):
    """The body has more lines than the moderator reads."""


def split_body(text: str, *, max_lines: int = 2000, max_line_chars: int = 2000,
               names: Collection[str] = ()) -> Body:
    """Split a body into kept lines and set-aside lines; `names` are player names that may end a mail.
    A line longer than `max_line_chars` is no move: set aside unread (as a blank line to the
    rest), its text clipped; a body of more than `max_lines` lines is refused (BodyTooLong)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    count = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
    if count > max_lines:
        raise BodyTooLong(f"the mail has {count} lines; at most {max_lines} are read")
    raw_lines = text.split("\n")[:count]
    long = [SetAside(i + 1, ln[:_CLIP] + "...", f"too long to read: {len(ln):,} characters, at most "
                     f"{max_line_chars:,} are read") for i, ln in enumerate(raw_lines) if len(ln) > max_line_chars]
    if not long:
        return _Splitter(raw_lines, names).run()
    gone = {a.number - 1 for a in long}
    body = _Splitter(["" if i in gone else ln for i, ln in enumerate(raw_lines)], names).run()
    return Body(body.lines, tuple(sorted((*body.set_aside, *long), key=lambda a: a.number)), body.stopped_at)


class _Splitter:
    """One pass over the lines, with a mode that says how the rest of the body is read."""

    def __init__(self, raw_lines: list[str], names: Collection[str]) -> None:
        self.raw = raw_lines
        self.lines = [line.rstrip() for line in raw_lines]
        self.names = {n.strip().lower() for n in names}
        self.kept: list[BodyLine] = []
        self.aside: list[SetAside] = []
        self.stopped_at: int | None = None

    def run(self) -> Body:
        """Classify every line, then take the sign-off lines off the end of what was kept."""
        i, rest_why = 0, ""
        while i < len(self.lines):
            text = self.lines[i]
            if not text.strip():
                i += 1
                continue
            if rest_why:
                self._aside(i, rest_why)
                i += 1
                continue
            taken, rest_why = self._classify(i)
            i += taken
        self._take_sign_offs()
        self.aside.sort(key=lambda s: s.number)
        return Body(tuple(self.kept), tuple(self.aside), self.stopped_at)

    def _aside(self, i: int, why: str) -> None:
        """Set line i aside for the given reason."""
        self.aside.append(SetAside(i + 1, self.lines[i], why))

    def _classify(self, i: int) -> tuple[int, str]:
        """Set aside or keep line i (and any lines joined to it); returns (lines taken, why for all the rest)."""
        text = self.lines[i]
        if p.SIGNOFF.fullmatch(text):
            self.stopped_at = i + 1
            self._aside(i, "after SIGNOFF")
            return 1, "after SIGNOFF"
        if p.SIGNATURE_DELIMITER.fullmatch(self.raw[i]):
            self._aside(i, "signature")
            return 1, "signature"
        if p.MOBILE_SIGNATURE.fullmatch(text):
            self._aside(i, "signature")
            return 1, ""
        if p.QUOTED.match(text):
            self._aside(i, "quoted text")
            return 1, ""
        if p.FORWARD_BANNER.fullmatch(text):
            self._aside(i, "forwarded-message banner")
            return 1 + self._header_block_after(i + 1, "forwarded-message banner"), "quoted text"
        if p.ORIGINAL_BANNER.fullmatch(text):
            self._aside(i, "reply header")
            return 1 + self._header_block_after(i + 1, "reply header"), "quoted text"
        block = self._outlook_block(i)
        if block:
            self._mark(i, block, "reply header")
            return block, "quoted text"
        joined = self._reply_header(i)
        if joined:
            self._mark(i, joined, "reply header")
            after = self._next_text(i + joined)
            quoted_below = after is None or p.QUOTED.match(self.lines[after])
            return joined, "" if quoted_below else "quoted text"
        if not self.kept and self._short(text) and p.GREETING.fullmatch(text):
            self._aside(i, "greeting")
            return 1, ""
        self.kept.append(BodyLine(i + 1, text))
        return 1, ""

    def _mark(self, i: int, count: int, why: str) -> None:
        """Set aside the non-blank lines of a header block."""
        for k in range(i, i + count):
            if self.lines[k].strip():
                self._aside(k, why)

    def _header_block_after(self, i: int, why: str) -> int:
        """Lines from i up to the end of a "From: ... Sent/Date: ..." block right after a banner; 0 if none follows."""
        nxt = self._next_text(i)
        block = self._outlook_block(nxt) if nxt is not None else 0
        if not block:
            return 0
        self._mark(nxt, block, why)
        return nxt - i + block

    def _next_text(self, i: int) -> int | None:
        """The index of the next non-blank line from i on."""
        while i < len(self.lines) and not self.lines[i].strip():
            i += 1
        return i if i < len(self.lines) else None

    def _reply_header(self, i: int) -> int:
        """How many lines (1 to 3) starting at i make an "On ... wrote:" header; 0 if none."""
        if p.REPLY_HEADER.fullmatch(self.lines[i]):
            return 1
        if not p.REPLY_HEADER_START.match(self.lines[i]):
            return 0
        joined = self.lines[i]
        for k in range(i + 1, min(i + 3, len(self.lines))):
            if not self.lines[k].strip() or p.QUOTED.match(self.lines[k]):
                return 0
            joined += " " + self.lines[k].strip()
            if p.REPLY_HEADER.fullmatch(joined):
                return k - i + 1
        return 0

    def _outlook_block(self, i: int) -> int:
        """Lines of an Outlook "From: ... Sent: ..." header (with the rule of underscores above it); 0 if none."""
        start = i
        if p.UNDERSCORE_RULE.fullmatch(self.lines[i]):
            nxt = self._next_text(i + 1)
            if nxt is None:
                return 0
            i = nxt
        if not p.OUTLOOK_FROM.match(self.lines[i]):
            return 0
        for k in range(i + 1, min(i + 5, len(self.lines))):
            if p.OUTLOOK_SENT.match(self.lines[k]):
                end = k + 1
                while end < len(self.lines) and self.lines[end].strip() and ":" in self.lines[end][:30]:
                    end += 1
                return end - start
        return 0

    def _short(self, text: str) -> bool:
        """A line short enough to be a greeting or sign-off: no digits, at most six words."""
        return not any(c.isdigit() for c in text) and len(text.split()) <= _MAX_SHORT_WORDS

    def _is_sign_off(self, text: str) -> bool:
        """"Thanks,", "Cheers, Ann", "Best regards,", "-Ann": a short sign-off word line or a dashed name."""
        return self._short(text) and bool(p.SIGN_OFF.fullmatch(text) or p.DASH_NAME.fullmatch(text))

    def _is_last_name(self, index: int) -> bool:
        """The last kept line as a name: a player name, one capitalised word that is no move word,
        or a full name ("Ann Smith") right under a sign-off line."""
        text = self.kept[index].text.strip()
        if text.lower() in self.names:
            return True
        if text.lower() in p.MOVE_WORDS or not p.FULL_NAME.fullmatch(text):
            return False
        return bool(p.BARE_NAME.fullmatch(text)) or (index > 0 and self._is_sign_off(self.kept[index - 1].text))

    def _take_sign_offs(self) -> None:
        """Move sign-off lines ("Thanks,", "Cheers, Ann", "-Ann", a name last) from the end of the kept lines."""
        if self.kept and self._is_last_name(len(self.kept) - 1):
            self._pop_sign_off()
        while self.kept and self._is_sign_off(self.kept[-1].text):
            self._pop_sign_off()

    def _pop_sign_off(self) -> None:
        """Set the last kept line aside as a sign-off."""
        line = self.kept.pop()
        self.aside.append(SetAside(line.number, line.text, "sign-off"))
