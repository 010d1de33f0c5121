"""A real incoming mail read into a Letter: who sent it, to whom, about what, its text, and whether a machine sent it.

parse_letter never lets a Python error escape: bad bytes give a best-effort Letter or a LetterError.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime
from email import policy
from email.header import decode_header, make_header
from email.message import EmailMessage
from email.parser import BytesHeaderParser, BytesParser
from email.utils import getaddresses, parsedate_to_datetime
from types import MappingProxyType
from typing import Mapping

from pbem.errors import PbemError
from pbem.mail.text import decode_bytes, html_to_text, normalise_newlines, unflow

# Raw headers kept for routing and for the moderator's own checks.
KEPT_HEADERS = ("X-Pbem-Game", "Reply-To", "Return-Path", "Auto-Submitted", "List-Id", "Precedence")
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_HEADER_SCAN = 256 * 1024  # a too-big mail's headers are looked for only this far
#: the most MIME parts a mail may have (counted as lines that begin "--": a part's boundary line);
#: each costs the mail parser about half a millisecond, so a mail of tiny parts is refused unread
MAX_PARTS = 1000
#: the characters of a header that are parsed: the mail package's header parser takes time and
#: memory that grow faster than a header's length (a Content-Type of 60,000 parameters: 96 s;
#: a Subject of 60,000 encoded words: 3 GB). A longer header of the mail is cut (a list at its last
#: comma, References keeps its end); a longer Content-* header, of the mail or of a part, leaves the
#: mail unread
HEADER_MAX = 8192
#: the values of one header that are parsed (the first ones; a mail may repeat a header many times)
MAX_SAME_HEADER = 20
#: a Content-* header (of the mail or of a part), unfolded: the parser reads these itself
_CONTENT_HEADER = re.compile(rb"^(content-[a-z-]+)[ \t]*:([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)", re.I | re.M)
#: the characters of all the Content-Type and Content-Disposition headers of a mail and its parts
#: together (their parameters cost the parser about 0.3 ms each): some 100 parts' worth
CONTENT_HEADERS_MAX = 16384
_PARAMETRISED = (b"content-type", b"content-disposition")
_MSGID = re.compile(r"<[^<>\s]+>")


class LetterError(PbemError):
    """The mail cannot be read at all; the message says plainly what is wrong."""


@dataclass(frozen=True)
class Letter:
    """What the moderator needs from one incoming mail; `body` is plain text with \\n line ends.

    header_fields (the raw X-Pbem-Game, Reply-To, Return-Path, ... when present) is left out of == and hash.
    """

    message_id: str
    from_addr: str
    from_name: str
    to: tuple[str, ...]
    subject: str
    in_reply_to: str
    references: tuple[str, ...]
    date: datetime | None
    body: str
    body_type: str
    automated: str
    size: int
    header_fields: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    too_big: bool = False
    unread: str = ""        # why the body was not read though the mail is not too big: "has ...", for the reply
    #: (file name, content) of each attached file that has a name (a game's own title data
    #: mailed with CREATE); left out of == and hash
    attachments: tuple[tuple[str, bytes], ...] = field(default=(), hash=False, compare=False)


def parse_letter(raw: bytes, *, max_bytes: int = 1_000_000, size: int | None = None) -> Letter:
    """Read a raw RFC 5322 message. Larger than max_bytes: headers only, body "" and too_big=True;
    of more than MAX_PARTS parts or with a Content-* header longer than HEADER_MAX: headers only,
    body "" and `unread` saying which. `size`: the whole mail's, when `raw` is only its beginning."""
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise LetterError(f"a mail must be given as bytes, not {type(raw).__name__}")
    raw = bytes(raw)
    size = len(raw) if size is None else max(size, len(raw))
    too_big = size > max_bytes or size > len(raw)        # a mail cut short is never read as whole
    unread = "" if too_big else _unreadable(raw)
    try:
        if too_big or unread:
            # the parser reads the Content-Type itself, even of headers alone: only its first words
            head = _CONTENT_HEADER.sub(lambda m: m.group(1) + b":" + _short(m.group(2)), raw[:_head_end(raw)])
            msg = BytesHeaderParser(policy=policy.default).parsebytes(head)
            body, body_type = "", ""
        else:
            msg = BytesParser(policy=policy.default).parsebytes(raw)
            body, body_type = _body(msg)
        letter = _letter(msg, body, body_type, size, too_big)
        if too_big or unread:
            return replace(letter, unread=unread)
        return replace(letter, attachments=_attachments(msg))
    except Exception as exc:  # the email package's own errors on garbage; never a traceback to a user
        raise LetterError(f"the mail could not be read ({type(exc).__name__}: {exc})") from exc


def _unreadable(raw: bytes) -> str:
    """Why the mail's body is not to be parsed at all ("" when it may be): too many parts, or a
    Content-* header too long for the parser's time and memory."""
    parts = raw.count(b"\n--")           # lines that begin "--": one at least for each part
    if parts > MAX_PARTS:
        return f'{parts:,} MIME parts (lines that begin "--"); the moderator reads mails of at most {MAX_PARTS:,}'
    total = 0
    for m in _CONTENT_HEADER.finditer(raw):
        if len(m.group(2)) > HEADER_MAX:
            name = m.group(1).decode("ascii", "replace")
            return f"a {name} header of {len(m.group(2)):,} characters; the moderator reads headers of at most {HEADER_MAX:,}"
        total += len(m.group(2)) if m.group(1).lower() in _PARAMETRISED else 0
    if total > CONTENT_HEADERS_MAX:
        return (f"Content-Type and Content-Disposition headers of {total:,} characters in all; the moderator reads "
                f"at most {CONTENT_HEADERS_MAX:,}")
    return ""


def _short(value: bytes) -> bytes:
    """A Content-* header's value cut at its last ";" before 200 bytes (its type kept)."""
    return value if len(value) <= 200 else value[:max(value.rfind(b";", 0, 200), 0) or 200]


def _head_end(raw: bytes) -> int:
    """Where the mail's own header block ends (looked for only _HEADER_SCAN bytes far)."""
    end = _HEADER_END.search(raw, 0, _HEADER_SCAN)
    return end.end() if end else min(len(raw), _HEADER_SCAN)


def _letter(msg: EmailMessage, body: str, body_type: str, size: int, too_big: bool) -> Letter:
    """Assemble the Letter from a parsed message and its already decoded text."""
    from_name, from_addr = _sender(msg)
    senders = [a for a in _addresses(msg, "From") if a[1] or a[0]]
    from_raw = senders[0][1] if senders else ""          # only to spot a bounce, never to name the sender
    to: dict[str, None] = {}           # in order, once each (a dict: a long list costs no square time)
    for name in ("To", "Cc", "Delivered-To", "X-Original-To"):
        for _, addr in _addresses(msg, name):
            if bare := _bare(addr):
                to.setdefault(bare)
    kept = {name: _fold(v) for name in KEPT_HEADERS if (v := _value(msg, name)) is not None}
    return Letter(
        message_id=_fold(_value(msg, "Message-ID") or ""),
        from_addr=from_addr,
        from_name=_fold(from_name),
        to=tuple(to),
        subject=_fold(_value(msg, "Subject") or ""),
        in_reply_to=_fold(_value(msg, "In-Reply-To") or ""),
        references=_ids(_value(msg, "References") or ""),
        date=_date(msg),
        body=body,
        body_type=body_type,
        automated=_automated(msg, from_raw),
        size=size,
        header_fields=MappingProxyType(kept),
        too_big=too_big,
    )


def _clean(text: str) -> str:
    """Undo the parser's surrogate escapes of 8-bit header bytes: UTF-8 if it is, else Windows-1252."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        data = text.encode("utf-8", errors="surrogateescape")
        return decode_bytes(data, None)


def _fold(text: str) -> str:
    """Whitespace runs (folded header lines included) become one space."""
    return " ".join(_clean(text).split())


def _raw(msg: EmailMessage, name: str) -> list[str]:
    """Every raw value of a header, unparsed."""
    return [v for k, v in msg.raw_items() if k.lower() == name.lower()]


def _headers(msg: EmailMessage, name: str, sep: str = " ", most: int = MAX_SAME_HEADER) -> list[object]:
    """The first `most` values of a header parsed by the default policy (8-bit bytes decoded first); a str if
    it won't parse. A value longer than HEADER_MAX is cut at its last `sep` before that (References: its
    first after its last HEADER_MAX characters, the latest mails it names)."""
    out: list[object] = []
    for raw in _raw(msg, name)[:most]:
        value = _clean(raw.replace("\r", "").replace("\n", ""))
        if len(value) > HEADER_MAX and name.lower() == "references":
            value = value[len(value) - HEADER_MAX:].partition(sep)[2]
        elif len(value) > HEADER_MAX:
            value = value[:max(value.rfind(sep, 0, HEADER_MAX), 0)]
        try:
            out.append(policy.default.header_factory(name, value))
        except Exception:
            try:
                out.append(str(make_header(decode_header(value))))
            except Exception:
                out.append(value)
    return out


def _value(msg: EmailMessage, name: str) -> str | None:
    """The first value of a header, RFC 2047 decoded; None when absent."""
    values = _headers(msg, name, most=1)
    return str(values[0]) if values else None


def _addresses(msg: EmailMessage, name: str) -> list[tuple[str, str]]:
    """(display name, address) pairs of every occurrence of an address header."""
    out: list[tuple[str, str]] = []
    for header in _headers(msg, name, ","):
        try:
            addresses = getattr(header, "addresses", None)
            if addresses is None:
                out += getaddresses([str(header)])
            else:
                out += [(a.display_name, a.addr_spec) for a in addresses]
        except Exception:
            continue
    return out


# RFC 2047 encoded words are opaque atoms until the address is split off: what they decode to
# (CR, '<', ':', '@', another address) can never steer which address sent the mail.
_ENCODED_WORD = re.compile(r"=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=")
_SPECIALS = set('()<>[]:;@\\,"')
_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_DOMAIN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*")


def _sender(msg: EmailMessage) -> tuple[str, str]:
    """(display name, lower-cased addr-spec) of the one From header, or ("", "") when there is
    not exactly one From header holding exactly one mailbox that parses.

    The header is split into its address before anything in it is decoded: a display name is
    text, quoted strings, encoded words and comments; the address is the addr-spec in the one
    pair of angle brackets, or the whole value when there are none. Several addresses, groups
    (':' ';'), routes, CR or LF other than folding, NUL, a second '<' or anything after '>'
    give no sender."""
    values = _raw(msg, "From")
    if len(values) != 1:
        return "", ""
    value = re.sub(r"\r?\n(?=[ \t])", "", values[0])            # unfold
    if any(c in value for c in "\r\n\x00"):
        return "", ""
    try:
        return _one_mailbox(_clean(value))
    except ValueError:
        return "", ""


def _one_mailbox(value: str) -> tuple[str, str]:
    """Split `display-name <addr-spec>` or a bare `addr-spec` (comments allowed around either)."""
    words: list[str] = []            # the display name's parts, still encoded
    addr: str | None = None
    bare: list[str] = []             # a value without angle brackets: its one token
    i, n = 0, len(value)
    while i < n:
        c = value[i]
        if c in " \t":
            i += 1
        elif c == "(":                                   # a comment, nested, dropped
            depth, i = 1, i + 1
            while i < n and depth:
                if value[i] == "\\":
                    i += 1
                elif value[i] == "(":
                    depth += 1
                elif value[i] == ")":
                    depth -= 1
                i += 1
            if depth:
                raise ValueError("unclosed comment")
        elif addr is not None:
            raise ValueError("text after the address")
        elif c == '"':                                   # a quoted display name
            j, out = i + 1, []
            while j < n and value[j] != '"':
                if value[j] == "\\":
                    j += 1
                out.append(value[j:j + 1])
                j += 1
            if j >= n:
                raise ValueError("unclosed quote")
            words.append("".join(out))
            i = j + 1
        elif c == "<":
            j = value.find(">", i + 1)
            if j < 0 or bare:
                raise ValueError("angle brackets")
            addr = value[i + 1:j]
            i = j + 1
        else:
            m = _ENCODED_WORD.match(value, i)
            if m:
                words.append(m.group(0))
                i = m.end()
                continue
            j = i
            while j < n and value[j] not in " \t(\"<" and (value[j] not in _SPECIALS or value[j] in "@."):
                j += 1
            if j == i:
                raise ValueError(f"{c!r} outside quotes")
            token = value[i:j]
            (bare if "@" in token else words).append(token)
            i = j
    if addr is None:
        if len(bare) != 1 or words:
            raise ValueError("not one address")
        addr = bare[0]
    elif bare:
        raise ValueError("an address in the display name")
    local, at, domain = addr.rpartition("@")
    if not at or not _LOCAL.fullmatch(local) or not _DOMAIN.fullmatch(domain) or "." not in domain \
            and domain.lower() != "localhost":
        raise ValueError("not an addr-spec")
    return _display(words), addr.lower()


def _display(words: list[str]) -> str:
    """The display name's words, encoded words decoded (only now, after the address is split off)."""
    out: list[str] = []
    for w in words:
        if _ENCODED_WORD.fullmatch(w):
            try:
                w = str(make_header(decode_header(w)))
            except Exception:
                pass
        out.append(w)
    return " ".join(out)


def _bare(addr: str) -> str:
    """A lower-cased addr-spec, or "" when it is not one (no @, spaces, empty parts)."""
    addr = _clean(addr).strip().strip("<>").lower()
    local, at, domain = addr.rpartition("@")
    if not at or not local or not domain or "@" in local.strip('"') or any(c.isspace() for c in addr):
        return ""
    return addr


def _ids(text: str) -> tuple[str, ...]:
    """The message ids of a References header, in order."""
    found = _MSGID.findall(text)
    return tuple(found) if found else tuple(text.split())


def _date(msg: EmailMessage) -> datetime | None:
    """The Date header as a datetime, or None when absent or unreadable."""
    for header in _headers(msg, "Date", most=1):
        try:
            return getattr(header, "datetime", None) or parsedate_to_datetime(str(header))
        except Exception:
            return None
    return None


_BOUNCE_SENDERS = ("mailer-daemon", "postmaster")
_LIST_PRECEDENCE = ("list", "bulk", "junk")


def _automated(msg: EmailMessage, from_raw: str) -> str:
    """Why this mail must never be answered ("" when a person sent it)."""
    # the type read from its first word: the header parser would take each parameter too
    kind = next(iter(_raw(msg, "Content-Type")), "")
    content_type = "multipart/report" if re.match(r"\s*multipart\s*/\s*report\b", kind, re.I) else ""
    # the null sender of a bounce or auto-reply; a mail delivered twice over may carry the
    # header twice ("Return-Path: <>" from each hop), so each value counts alone
    null_sender = any(re.sub(r"\s+", "", value) == "<>" for value in _raw(msg, "Return-Path"))
    local = _clean(from_raw).lower().rpartition("@")[0] or _clean(from_raw).lower()
    if (content_type == "multipart/report" or null_sender
            or local.strip() in _BOUNCE_SENDERS):
        return "a delivery report (bounce)"
    auto = (_value(msg, "Auto-Submitted") or "").split(";")[0].strip().lower()
    if auto and auto != "no":
        return f"Auto-Submitted: {auto[:40]}"
    for name in ("X-Autoreply", "X-Autorespond", "X-Autoresponder"):
        if _raw(msg, name):
            return "an out-of-office reply (X-Autoreply / X-Autorespond)"
    for name in ("List-Id", "List-Unsubscribe"):
        if _raw(msg, name):
            return f"a mailing-list mail ({name})"
    precedence = (_value(msg, "Precedence") or "").strip().lower()
    if precedence in _LIST_PRECEDENCE:
        return f"a mailing-list mail (Precedence: {precedence})"
    return ""


def _body(msg: EmailMessage) -> tuple[str, str]:
    """The mail's text and where it came from: text/plain preferred, else HTML made plain."""
    try:
        part = msg.get_body(preferencelist=("plain", "html"))
    except Exception:
        part = None
    if part is None:
        return "", ""
    content_type = part.get_content_type()
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    if not isinstance(payload, bytes):
        raw = part.get_payload()
        payload = raw.encode("utf-8", errors="surrogateescape") if isinstance(raw, str) else b""
    try:
        charset = part.get_content_charset()
    except Exception:
        charset = None
    text = normalise_newlines(decode_bytes(payload, charset))
    if content_type == "text/html":
        return normalise_newlines(html_to_text(text)), "text/html"
    if _param(part, "format") == "flowed":
        text = unflow(text, delsp=_param(part, "delsp") == "yes")
    return text, "text/plain"


def _attachments(msg: EmailMessage) -> tuple[tuple[str, bytes], ...]:
    """(file name, decoded content) of each attached part with a file name; a part that will not
    decode is left out (the mail is already bounded by its size)."""
    out = []
    try:
        parts = list(msg.iter_attachments())
    except Exception:
        return ()
    for part in parts:
        try:
            name = part.get_filename()
            data = part.get_payload(decode=True)
        except Exception:
            continue
        if name and isinstance(data, bytes):
            out.append((_fold(name), data))
    return tuple(out)


def _param(part: EmailMessage, name: str) -> str:
    """A Content-Type parameter, lower-cased; "" when absent or unreadable."""
    try:
        return str(part.get_param(name) or "").strip().lower()
    except Exception:
        return ""
