"""Helpers for the mail tests: write real mails (bytes) and read the moderator's answers."""
from __future__ import annotations

import re
from email import policy
from email.policy import SMTP
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import formatdate
from itertools import count
from typing import Optional

MOD = "moderator@pbem.test"
GM = "gm@pbem.test"
GM_SECRET = "gm-secret-0001"
PLAYERS = [("Ann", "ann@pbem.test"), ("Bob", "bob@pbem.test"), ("Cid", "cid@pbem.test")]
GAME = "club-1882"

_n = count(1)


def mail(sender: str, body: str, *, subject: str = "", to: str = MOD, msgid: Optional[str] = None,
         headers: Optional[dict] = None, charset: str = "utf-8", cte: Optional[str] = None,
         html: Optional[str] = None, in_reply_to: str = "", files: Optional[dict] = None) -> bytes:
    """A mail as a mail program writes it; `files`: file name -> bytes, attached."""
    m = EmailMessage()
    m["From"] = sender
    m["To"] = to
    m["Subject"] = subject
    m["Date"] = formatdate(usegmt=True)
    m["Message-ID"] = msgid or f"<t{next(_n)}.{abs(hash(body)) % 10**8}@client.example>"
    if in_reply_to:
        m["In-Reply-To"] = in_reply_to
        m["References"] = in_reply_to
    for k, v in (headers or {}).items():
        m[k] = v
    if html is not None and body is None:
        m.set_content(html, subtype="html", charset=charset, cte=cte)
    else:
        m.set_content(body, charset=charset, cte=cte)
        if html is not None:
            m.add_alternative(html, subtype="html")
    for name, data in (files or {}).items():
        m.add_attachment(data, maintype="application", subtype="json", filename=name)
    return m.as_bytes(policy=SMTP)          # CRLF line ends, as mail programs send


def parse(raw: bytes):
    return BytesParser(policy=policy.default).parsebytes(raw)


def text_of(raw: bytes) -> str:
    part = parse(raw).get_body(preferencelist=("plain",))
    return part.get_content().replace("\r\n", "\n") if part else ""


def secret_in(raw: bytes, name: str) -> str:
    m = re.search(rf"SIGNON \S+ {name} (\S+)", text_of(raw))
    assert m, text_of(raw)
    return m.group(1)


def create_body(game: str = GAME, seed: int = 7, players=PLAYERS, secret: str = GM_SECRET) -> str:
    lines = [f"SIGNON {game} moderator {secret}", f"CREATE {game} 1882 SEED {seed}"]
    lines += [f"PLAYER {n} {a}" for n, a in players]
    return "\n".join(lines)


def latest(pm, game: str = GAME) -> str:
    """What a player's reply to the moderator's latest mail about `game` carries in In-Reply-To:
    a Message-ID of the moderator's naming the game's head now (built by the moderator's own code)."""
    from pbem.mail.compose import Mail

    return pm.outgoing(Mail(to="player@pbem.test", subject="", text=""), "report", game, "latest").message_id


def new_game(tmp_path, gm_hash: str, **options):
    """A postmaster (no pictures) with one new 3-player 1882 game created by mail, and the
    players' secrets from their welcome mails."""
    from pbem.moderator.postmaster import Master, Postmaster

    pm = Postmaster(MOD, tmp_path / "games", masters=[Master(GM, gm_hash)], render_images=False, **options)
    d = pm.handle("k0", mail(GM, create_body()))
    assert d.folder == "Processed", d.outcome
    secrets = {}
    for out in d.outgoing:
        for name, addr in PLAYERS:
            if out.rcpts == (addr,) and "welcome" in str(parse(out.raw)["Subject"]):
                secrets[name] = secret_in(out.raw, name)
    return pm, secrets
