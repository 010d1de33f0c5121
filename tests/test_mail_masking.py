"""A handled mail is filed with every SIGNON secret masked (issue 22): in plain, base64,
quoted-printable and HTML bodies, in a Maildir and in the IMAP folders of a real Dovecot."""
from __future__ import annotations

import quopri
import uuid
from email.message import EmailMessage
from email.policy import SMTP

import pytest

from pbem.mail.imap import ImapMailbox
from pbem.mail.maildir import file_masked as maildir_file_masked
from pbem.mail.masking import mask_signons

MOD = "moderator@pbem.test"
ANN = "ann@pbem.test"
SECRET = "k7q2m-9xw4r-td8pz"
NAME = "j\u00e9r\u00f4me"


def _mail(cte: str, *, html: bool = False) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = ANN, MOD, f"[club] move {cte}"
    m["Message-ID"] = f"<{uuid.uuid4().hex}@client.example>"
    text = f"Hello,\nSIGNON club Ann {SECRET}\nAnn passes\n\n{NAME if cte != '7bit' else 'jerome'}\n"
    m.set_content(text, charset="utf-8", cte=cte)
    if html:
        m.add_alternative(f"<div>Hello</div><div>SIGNON&nbsp;club <b>Ann</b> {SECRET}<br>Ann passes</div>",
                          subtype="html", charset="utf-8", cte=cte)
    return m.as_bytes(policy=SMTP)


def _readable(raw: bytes) -> str:
    """Everything a reader of the filed mail could decode from it."""
    from email import message_from_bytes
    from email.policy import default

    msg = message_from_bytes(raw, policy=default)
    return raw.decode("latin-1") + "".join(p.get_content() for p in msg.walk() if p.get_content_maintype() == "text")


CASES = [("7bit", False), ("8bit", False), ("base64", False), ("quoted-printable", False),
         ("base64", True), ("quoted-printable", True)]


@pytest.mark.parametrize("cte,html", CASES)
def test_the_secret_is_masked_after_decoding_and_the_part_encoded_again(cte, html):
    raw = _mail(cte, html=html)
    assert SECRET in _readable(raw)
    masked = mask_signons(raw)
    text = _readable(masked)
    assert SECRET not in text
    assert "SIGNON club Ann ******" in text and "Ann passes" in text and (NAME in text or cte == "7bit")
    if cte in ("base64", "quoted-printable"):
        assert f"Content-Transfer-Encoding: {cte}".encode() in masked
    assert mask_signons(masked) == masked                     # masking again changes nothing


def test_a_mail_without_a_secret_is_filed_byte_for_byte():
    m = EmailMessage()
    m["From"], m["Subject"] = ANN, "STATUS"
    m.set_content("STATUS\nsignon later\n", charset="utf-8", cte="base64")
    raw = m.as_bytes(policy=SMTP)
    assert mask_signons(raw) == raw
    plain = b"From: a@b\r\nSubject: x\r\n\r\nAnn passes\r\n"
    assert mask_signons(plain) == plain


def test_a_quoted_printable_secret_split_by_a_soft_line_break_is_masked():
    body = (f"SIGNON club Ann {SECRET}" + "x" * 80 + "\nAnn passes\n").encode()
    raw = b"From: a@b\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" \
        + quopri.encodestring(body).replace(b"\n", b"\r\n")
    assert SECRET not in _readable(mask_signons(raw))


@pytest.mark.parametrize("cte,html", CASES)
def test_maildir_filing_masks_encoded_bodies(tmp_path, cte, html):
    src = tmp_path / "working" / "cur"
    src.mkdir(parents=True)
    (src / "m1").write_bytes(_mail(cte, html=html))
    maildir_file_masked(src / "m1", tmp_path / "processed")
    [filed] = (tmp_path / "processed" / "cur").iterdir()
    assert SECRET not in _readable(filed.read_bytes()) and not (src / "m1").exists()


def _box(mail) -> ImapMailbox:
    return ImapMailbox(mail.host, mail.imap_port, *mail.user(MOD), security="none", ca_file=mail.ca_file)


@pytest.mark.parametrize("cte,html", CASES)
def test_imap_filing_leaves_no_secret_on_the_server(mail, cte, html):
    """Once the moderator files a handled mail over IMAP, neither Working nor Processed holds
    its secret, however its body was encoded: the masked copy is there, the original is gone."""
    mail.send(_mail(cte, html=html), ANN, MOD)
    with _box(mail) as box:
        [got] = box.claim_next()
        assert SECRET in _readable(got.raw)
        box.finish(got.key, "Processed")
    assert mail.messages(MOD, "Working") == []
    [filed] = mail.messages(MOD, "Processed")
    text = _readable(filed)
    assert SECRET not in text and "SIGNON club Ann ******" in text and "Ann passes" in text
    assert mail.messages(MOD) == []                 # (a message flagged \\Deleted but kept would be listed)


def test_imap_filing_appends_before_it_deletes(mail, monkeypatch):
    """A crash after the masked copy is appended leaves the original in Working (handled again
    later, as already handled): the mail is never lost."""
    from imapclient import IMAPClient

    mail.send(_mail("base64"), ANN, MOD)

    def crash(*a, **k):
        raise KeyboardInterrupt("crash between append and delete")
    with _box(mail) as box:
        [got] = box.claim_next()
        monkeypatch.setattr(IMAPClient, "add_flags", crash)
        with pytest.raises(KeyboardInterrupt):
            box.finish(got.key, "Processed")
    monkeypatch.undo()
    assert len(mail.messages(MOD, "Working")) == 1 and len(mail.messages(MOD, "Processed")) == 1
    with _box(mail) as box:                        # the restart files it again
        [again] = box.claim_next()
        box.finish(again.key, "Processed")
    assert mail.messages(MOD, "Working") == []
    assert all(SECRET not in _readable(r) for r in mail.messages(MOD, "Processed"))
