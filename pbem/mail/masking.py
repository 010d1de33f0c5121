"""A handled mail as the moderator files it: the secret of every SIGNON line written ******.

The secret is masked wherever a reader would find it: in the raw text (7bit/8bit bodies, the
line anchored as players write it, quoted or not), in HTML (the line may follow a tag or hold
`&nbsp;` between its words), and inside base64 and quoted-printable parts, which are decoded,
masked and encoded again with their own transfer encoding. A mail with nothing to mask is
returned byte for byte.
"""
from __future__ import annotations

import base64
import quopri
import re
from email import message_from_bytes
from email.generator import BytesGenerator
from email.policy import compat32
from io import BytesIO

MASK = b"******"
_TEXT = re.compile(rb"(?im)^([ \t>]*SIGNON[ \t]+\S+[ \t]+\S+[ \t]+)(?!\*{6}(?:\s|$))\S+")
_GAP = rb"(?:[ \t\r\n]|&nbsp;|&#160;|&#xa0;|<[^<>]{0,200}>)+"
_HTML = re.compile(rb"(?i)(\bSIGNON" + _GAP + rb"[^\s<&]+" + _GAP + rb"[^\s<&]+" + _GAP + rb")(?!\*{6}[\s<&])[^\s<&]+")
_ENCODED = ("base64", "quoted-printable")


def _mask_bytes(data: bytes) -> bytes:
    return _HTML.sub(rb"\1" + MASK, _TEXT.sub(rb"\1" + MASK, data))


def mask_signons(raw: bytes) -> bytes:
    """`raw` with every SIGNON secret written ******, in every text part however encoded."""
    if b"signon" not in raw.lower() and not re.search(rb"(?i)content-transfer-encoding:[ \t]*(base64|quoted)", raw):
        return raw
    changed = False
    try:
        msg = message_from_bytes(raw, policy=compat32)
        for part in msg.walk():
            cte = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
            if part.is_multipart() or part.get_content_maintype() != "text" or cte not in _ENCODED:
                continue
            data = part.get_payload(decode=True) or b""
            masked = _mask_bytes(data)
            if masked == data:
                continue
            if cte == "base64":
                part.set_payload(base64.encodebytes(masked).decode("ascii"))
            else:
                part.set_payload(quopri.encodestring(masked).decode("ascii"))
            changed = True
        if changed:
            out = BytesIO()
            BytesGenerator(out, mangle_from_=False, maxheaderlen=0).flatten(
                msg, linesep="\r\n" if b"\r\n" in raw else "\n")
            raw = out.getvalue()
    except (ValueError, TypeError, LookupError, UnicodeError, AttributeError):
        pass                                   # a mail the parser cannot take: the raw text is still masked
    return _mask_bytes(raw)
