"""Turning a mail part's bytes into text: charsets as mail programs really use them, and HTML as plain lines.

Nothing here raises on bad input: a mail's text is decoded by best effort, never refused.
"""
from __future__ import annotations

import codecs
import re
from html.parser import HTMLParser

# Labels that mail programs use for what is really Windows-1252 (as the WHATWG encoding standard does).
_LATIN1_LABELS = {"iso-8859-1", "latin-1", "latin1", "l1", "iso8859-1", "iso_8859-1", "cp819", "windows-1252", "cp1252"}
_ASCII_LABELS = {"us-ascii", "ascii", "646", "ansi_x3.4-1968"}


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Decode a text part by its declared charset; fall back to UTF-8, then Windows-1252, never raising."""
    label = (charset or "").strip().strip('"').lower()
    if label in _LATIN1_LABELS:
        return data.decode("cp1252", errors="replace")
    if label and label not in _ASCII_LABELS:
        try:
            if codecs.lookup(label)._is_text_encoding:  # type: ignore[attr-defined]
                return data.decode(label)
        except (LookupError, UnicodeError, ValueError, TypeError):
            pass
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def normalise_newlines(text: str) -> str:
    """CRLF and lone CR become LF; other control characters but tab are dropped."""
    return _CONTROLS.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


_BLOCK_TAGS = {"p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6",
               "pre", "hr", "dl", "dt", "dd", "section", "article", "header", "footer", "center",
               "address", "blockquote", "body", "html"}
_DROPPED_TAGS = {"script", "style", "head", "title", "template", "noscript"}
_CELL_TAGS = {"td", "th"}
_SPACES = re.compile(r"[ \t\n\r\f\v\u00a0]+")


class _HtmlText(HTMLParser):
    """Collects the text of an HTML part as lines; blockquote lines get "> " per level."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._buffer: list[str] = []
        self._quote = 0
        self._dropped = 0
        self._pre = 0

    def _flush(self, always: bool = False) -> None:
        text = "".join(self._buffer)
        if not self._pre:
            text = _SPACES.sub(" ", text).strip(" ")
        self._buffer = []
        if text or always:
            self.lines.append(("> " * self._quote + text).rstrip() if self._quote else text.rstrip())

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in _DROPPED_TAGS:
            self._dropped += 1
        elif tag in _CELL_TAGS:
            self._buffer.append(" ")        # a table's cells are words apart on their row's line
        elif tag == "br":
            self._flush(always=True)
        elif tag in _BLOCK_TAGS:
            self._flush()
            self._quote += tag == "blockquote"
            self._pre += tag == "pre"

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        if tag == "br":
            self._flush(always=True)
        elif tag in _BLOCK_TAGS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in _DROPPED_TAGS:
            self._dropped = max(0, self._dropped - 1)
        elif tag in _BLOCK_TAGS:
            self._flush()
            if tag == "blockquote":
                self._quote = max(0, self._quote - 1)
            if tag == "pre":
                self._pre = max(0, self._pre - 1)

    def handle_data(self, data: str) -> None:
        if self._dropped:
            return
        if self._pre:
            parts = data.replace("\u00a0", " ").split("\n")
            self._buffer.append(parts[0])
            for part in parts[1:]:
                self._flush(always=True)
                self._buffer.append(part)
        else:
            self._buffer.append(data)


_TAG = re.compile(r"<[^>]*>")


def html_to_text(html: str) -> str:
    """The readable text of an HTML mail: block tags end lines, blockquotes are "> "-quoted, entities decoded."""
    parser = _HtmlText()
    try:
        parser.feed(html)
        parser.close()
        parser._flush()
        lines = parser.lines
    except Exception:  # html.parser is lenient; this is a last resort so a mail is never refused
        import html as html_module
        lines = [html_module.unescape(_TAG.sub("", line)).strip() for line in html.split("\n")]
    return "\n".join(lines).strip("\n")


def unflow(text: str, *, delsp: bool = False) -> str:
    """Undo RFC 3676 format=flowed: a line ending in a space continues on the next line of the same quote depth.

    Thunderbird and Apple Mail send plain text this way, so a long move line would otherwise arrive in pieces.
    """
    out: list[tuple[int, str]] = []
    open_line = False
    for line in text.split("\n"):
        stripped = line.lstrip(">")
        depth = len(line) - len(stripped)
        if stripped.startswith(" "):
            stripped = stripped[1:]
        if open_line and out and out[-1][0] == depth:
            out[-1] = (depth, out[-1][1] + stripped)
        else:
            out.append((depth, stripped))
        open_line = stripped.endswith(" ") and stripped != "-- "
        if open_line and delsp:
            out[-1] = (depth, out[-1][1][:-1])
    return "\n".join(("> " * depth if depth else "") + body for depth, body in out)
