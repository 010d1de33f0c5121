"""Outgoing mail: replies, broadcasts and welcomes as RFC 5322 bytes.

Every mail the moderator sends carries `Auto-Submitted` (RFC 3834) so that autoresponders
never answer it, the game tag in the subject, a deterministic Message-ID (a restart re-sends
the same mail under the same ID), In-Reply-To/References when it answers, and the game
file's head witness (`X-Pbem-Head: N:HASH`).
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import formatdate
from typing import Iterable, Mapping, Optional, Sequence

_OUR_ID = re.compile(r"<pbem\.([a-z0-9][a-z0-9._-]{0,63})\.([a-z]+)\.[0-9a-f]{24}@[^<>\s]+>")


def message_id(game: str, kind: str, domain: str, *parts: str) -> str:
    """A deterministic Message-ID naming the game: `<pbem.GAME.KIND.HASH@DOMAIN>`."""
    digest = hashlib.sha256("\0".join((game, kind) + parts).encode("utf-8")).hexdigest()[:24]
    return f"<pbem.{game or '-'}.{kind}.{digest}@{domain}>"


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
    """A PNG shown inline in the HTML part (as cid:NAME) and also attached."""

    name: str            # "map.png"
    data: bytes


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
    """The mail as bytes, ready for SMTP (CRLF line ends)."""
    m = EmailMessage(policy=SMTP)
    m["From"] = f"{sender_name} <{sender}>"
    m["To"] = mail.to
    m["Subject"] = mail.subject
    m["Date"] = formatdate(localtime=False, usegmt=True)
    m["Message-ID"] = msgid
    if mail.in_reply_to:
        m["In-Reply-To"] = mail.in_reply_to
    refs = [r for r in mail.references if r] + ([mail.in_reply_to] if mail.in_reply_to else [])
    if refs:
        m["References"] = " ".join(dict.fromkeys(refs))
    m["Auto-Submitted"] = mail.auto
    m["X-Auto-Response-Suppress"] = "All"
    for k, v in mail.headers.items():
        m[k] = v
    m.set_content(mail.text, charset="utf-8", cte="quoted-printable")
    if mail.html is not None:
        m.add_alternative(mail.html, subtype="html", charset="utf-8", cte="quoted-printable")
        if mail.images:
            html_part = m.get_payload()[1]
            for img in mail.images:
                html_part.add_related(img.data, "image", "png", cid=f"<{img.name}>", filename=img.name,
                                      disposition="inline")
    for img in mail.images:
        m.add_attachment(img.data, maintype="image", subtype="png", filename=img.name)
    return m.as_bytes()
