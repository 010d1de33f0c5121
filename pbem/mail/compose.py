"""Outgoing mail: replies, broadcasts and welcomes as RFC 5322 bytes.

Every mail the moderator sends carries `Auto-Submitted` (RFC 3834) so that autoresponders
never answer it, the game tag in the subject, a deterministic Message-ID (a restart re-sends
the same mail under the same ID), In-Reply-To/References when it answers, and the game
file's head witness (`X-Pbem-Head: N:HASH`).
"""
from __future__ import annotations

import base64
import hashlib
import quopri
import re
import secrets
from dataclasses import dataclass, field
from email.header import Header
from email.utils import formataddr, formatdate
from functools import cached_property
from typing import Iterable, Mapping, Optional, Sequence

_OUR_ID = re.compile(r"<pbem\.([a-z0-9][a-z0-9._-]{0,63}|-)\.([a-z]+)\.(?:r([0-9]{1,9})-([0-9a-f]{16})\.)?"
                     r"[0-9a-f]{24}@[^<>\s]+>")
#: how much of the head hash a Message-ID carries
HEAD_IN_ID = 16


def message_id(game: str, kind: str, domain: str, *parts: str, at: tuple[int, str] | None = None) -> str:
    """A deterministic Message-ID naming the game: `<pbem.GAME.KIND.HASH@DOMAIN>`, and with `at`
    (record number, head hash) the game file's head witness: `<pbem.GAME.KIND.rN-HEAD.HASH@DOMAIN>`,
    so a reply (In-Reply-To, References) says which state of the game it answers."""
    digest = hashlib.sha256("\0".join((game, kind) + parts).encode("utf-8")).hexdigest()[:24]
    witness = f"r{at[0]}-{at[1][:HEAD_IN_ID]}." if at and re.fullmatch(r"[0-9a-f]{16,}", at[1] or "") else ""
    return f"<pbem.{game or '-'}.{kind}.{witness}{digest}@{domain}>"


def heads_in_thread(ids: Iterable[str], game: str) -> set[tuple[int, str]]:
    """The head witnesses (record number, first HEAD_IN_ID hex digits of the head) of `game` named
    by our Message-IDs among `ids` (In-Reply-To, References)."""
    out: set[tuple[int, str]] = set()
    for i in ids:
        for m in _OUR_ID.finditer(i or ""):
            if m.group(1) == game and m.group(3):
                out.add((int(m.group(3)), m.group(4)))
    return out


def games_in_thread(ids: Iterable[str]) -> set[str]:
    """The games named by any of our Message-IDs among `ids` (In-Reply-To, References)."""
    out: set[str] = set()
    for i in ids:
        for m in _OUR_ID.finditer(i or ""):
            if m.group(1) != "-":
                out.add(m.group(1))
    return out


@dataclass(frozen=True)
class Image:
    """A PNG of the mail, shown in the HTML part as cid:NAME (carried once)."""

    name: str            # "map.png"
    data: bytes

    @cached_property
    def base64_lines(self) -> bytes:
        """The body of its MIME part, encoded once however many mails carry it."""
        return base64.encodebytes(self.data).replace(b"\n", b"\r\n")


@dataclass(frozen=True)
class Mail:
    """What a mail says; `build` turns it into bytes."""

    to: str
    subject: str
    text: str
    html: Optional[str] = None
    images: Sequence[Image] = ()
    in_reply_to: str = ""
    references: Sequence[str] = ()
    auto: str = "auto-replied"            # RFC 3834: auto-replied (answers) / auto-generated (broadcasts)
    headers: Mapping[str, str] = field(default_factory=dict)


def build(mail: Mail, *, sender: str, msgid: str, sender_name: str = "pbem moderator") -> bytes:
    """The mail as bytes, ready for SMTP (CRLF line ends).

    Assembled directly rather than through email.message: a report goes to every player with
    the same two PNGs, and encoding them once keeps a move's mail cheap. Structure:
    multipart/related[ multipart/alternative[ text/plain, text/html ], PNGs (Content-ID,
    inline) ]: each picture once, shown in the HTML by its cid: and, by a client that shows
    the plain text, as a picture of the mail (plain text alone for a text-only mail).
    """
    head = [("From", formataddr((sender_name, sender))), ("To", mail.to), ("Subject", _header(mail.subject)),
            ("Date", formatdate(localtime=False, usegmt=True)), ("Message-ID", msgid)]
    if mail.in_reply_to:
        head.append(("In-Reply-To", mail.in_reply_to))
    refs = [r for r in mail.references if r] + ([mail.in_reply_to] if mail.in_reply_to else [])
    if refs:
        head.append(("References", " ".join(dict.fromkeys(refs))))
    head += [("Auto-Submitted", mail.auto), ("X-Auto-Response-Suppress", "All"), ("MIME-Version", "1.0")]
    head += [(k, _header(v)) for k, v in mail.headers.items()]
    text = _text_part("plain", mail.text)
    if mail.html is None:
        body = text
    else:
        body = _multipart("alternative", [text, _text_part("html", mail.html)])
        if mail.images:
            body = _multipart("related", [body] + [_image(i) for i in mail.images],
                              params='; type="multipart/alternative"')
    lines = b"".join(f"{k}: {v}\r\n".encode("utf-8") for k, v in head)
    return lines + body


def _header(value: str) -> str:
    """A header value: ASCII as it is, anything else RFC 2047-encoded; folded lines joined."""
    value = " ".join(value.split())
    if value.isascii():
        return value
    return Header(value, "utf-8").encode()


def _text_part(subtype: str, text: str) -> bytes:
    data = text.replace("\r\n", "\n").encode("utf-8")
    qp = quopri.encodestring(data).replace(b"\n", b"\r\n")
    return (f"Content-Type: text/{subtype}; charset=\"utf-8\"\r\n"
            "Content-Transfer-Encoding: quoted-printable\r\n\r\n").encode() + qp


def _image(img: Image) -> bytes:
    head = (f"Content-Type: image/png; name=\"{img.name}\"\r\nContent-Transfer-Encoding: base64\r\n"
            f"Content-ID: <{img.name}>\r\nContent-Disposition: inline; filename=\"{img.name}\"\r\n\r\n")
    return head.encode() + img.base64_lines


def _multipart(subtype: str, parts: list[bytes], params: str = "") -> bytes:
    boundary = f"=_pbem_{subtype}_{secrets.token_hex(12)}"
    out = [f"Content-Type: multipart/{subtype}; boundary=\"{boundary}\"{params}\r\n\r\n".encode()]
    for p in parts:
        out.append(f"--{boundary}\r\n".encode())
        out.append(p if p.endswith(b"\r\n") else p + b"\r\n")
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out)
