"""Turning a mail part's bytes into text: charsets as mail programs really use them, and HTML as plain lines.

Nothing here raises on bad input: a mail's text is decoded by best effort, never refused.
"""
from __future__ import annotations

import codecs
import html as html_module
import re
from bisect import bisect_left, bisect_right
from typing import Any

import lxml.html
from inscriptis.css_profiles import CSS_PROFILES
from inscriptis.html_engine import Inscriptis
from inscriptis.html_properties import Display
from inscriptis.model.config import ParserConfig
from inscriptis.model.html_element import HtmlElement as InscriptisElement
from inscriptis.model.tag import CustomHtmlTagHandlerMapping

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


# HTML is laid out by inscriptis (tables as rows of cells, lists, <pre>, entities); what is ours is how
# a mail must come out for the body reader (docs/mail.md, "HTML mail"): blockquote lines "> "-quoted
# per level, list items without numbers ("1." would be read as an amount), paragraphs without blank
# margins, and no text lost to the HTML parser's nesting limit.
_CSS = {**CSS_PROFILES["strict"], **{tag: InscriptisElement(display=Display.block) for tag in ("p", "ul", "ol")}}
_MAX_DEPTH = 200        # deeper elements are unwrapped (their text kept): inscriptis lays out by recursion


def _li_start(state: Any, _attrs: dict) -> None:
    """A list item starts a line of its own, with no bullet or number."""
    state.tags[-1].list_bullet = ""
    state.tags[-1].write("")


_CONFIG = ParserConfig(css=_CSS, annotation_rules={"blockquote": ["quote"]},
                       custom_html_tag_handler_mapping=CustomHtmlTagHandlerMapping({"li": _li_start}, {}))


def _flatten(root: Any, limit: int) -> None:
    """Unwrap the elements nested deeper than `limit`, keeping their text and children in place; an
    outermost blockquote is kept, so quoted text stays quoted."""
    deep = []
    stack = [(root, 0, False)]
    while stack:
        element, depth, quoted = stack.pop()
        for child in element:
            if not isinstance(child.tag, str):
                continue
            is_quote = child.tag == "blockquote"
            if depth + 1 > limit and not (is_quote and not quoted):
                deep.append(child)
            stack.append((child, depth + 1, quoted or is_quote))
    for element in reversed(deep):          # children before their parents
        element.drop_tag()


def _plain(html: str) -> str:
    """The last resort for HTML the parser gives up on: a block tag ends a line, other tags are
    dropped, entities decoded, blank lines left out (nothing is marked as quoted)."""
    text = _TAG.sub("", _BLOCK_TAG.sub("\n", html))
    return "\n".join(line for line in (html_module.unescape(raw).strip() for raw in text.split("\n")) if line)


_BLOCK_TAG = re.compile(r"<\s*/?\s*(br|p|div|li|tr|table|blockquote|pre|hr|h[1-6])\b[^>]*>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def html_to_text(html: str) -> str:
    """The readable text of an HTML mail: blocks and table rows on lines of their own, blockquotes
    "> "-quoted per level, entities decoded; never raises."""
    if not html.strip():
        return ""
    try:
        parser = lxml.html.HTMLParser(huge_tree=True)
        tree = lxml.html.document_fromstring(html, parser=parser)
        if any(error.type_name == "ERR_RESOURCE_LIMIT" for error in parser.error_log):
            return _plain(html).strip("\n")          # nested past the parser's limit: text would be lost
        _flatten(tree, _MAX_DEPTH)
        engine = Inscriptis(tree, _CONFIG)
        text = engine.get_text()
        quotes = [(a.start, a.end) for a in engine.get_annotations()]
    except Exception:  # lxml refuses some bytes (a document of nothing but a comment); never refuse a mail
        return _plain(html).strip("\n")
    starts, ends = sorted(s for s, _ in quotes), sorted(e for _, e in quotes)
    lines, pos = [], 0
    for line in text.split("\n"):
        stripped = line.strip()
        # blockquotes covering any of the line: started before its end, not ended by its start
        depth = bisect_left(starts, pos + len(line)) - bisect_right(ends, pos) if stripped else 0
        lines.append("> " * depth + stripped if depth > 0 else line.rstrip())
        pos += len(line) + 1
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
