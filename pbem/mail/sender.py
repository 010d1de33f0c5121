"""Outgoing mail: one Sender interface, sent over SMTP or dropped into local Maildirs.

Failures become SendError with `transient` set when trying again later may work (4xx replies,
refused or reset connections, timeouts) and cleared when it will not (5xx for every recipient).
"""
from __future__ import annotations

import smtplib
import ssl
from pathlib import Path
from typing import Protocol, Sequence, runtime_checkable

from pbem.errors import PbemError
from pbem.mail.reasons import describe
from pbem.mail.maildir import write_message

SECURITY = ("tls", "starttls", "none")


class SendError(PbemError):
    """A message could not be sent. `refused` maps each refused recipient to (code, reply);
    when it names fewer than all recipients the others did get the message."""

    def __init__(self, message: str, *, transient: bool,
                 refused: dict[str, tuple[int, str]] | None = None):
        super().__init__(message)
        self.transient = transient
        self.refused = refused or {}


@runtime_checkable
class Sender(Protocol):
    """What the moderator needs to send a message."""

    def send(self, sender: str, recipients: Sequence[str], raw: bytes) -> None:
        """Send raw bytes to every recipient (envelope from `sender`) or raise SendError."""
        ...


def _reply(code: int, resp: bytes | str) -> str:
    text = resp.decode("utf-8", "replace") if isinstance(resp, bytes) else str(resp)
    return f"{code} {' '.join(text.split())}"


def _refusals(refused: dict[str, tuple[int, bytes]]) -> tuple[dict[str, tuple[int, str]], str]:
    plain = {rcpt: (code, _reply(code, resp)) for rcpt, (code, resp) in refused.items()}
    return plain, "; ".join(f"{rcpt}: {reply}" for rcpt, (_c, reply) in plain.items())


class SmtpSender:
    """Sends through one SMTP server, keeping one connection open between messages."""

    def __init__(self, host: str, port: int, *, security: str, user: str | None = None,
                 password: str | None = None, ca_file: str | None = None, timeout: float = 30):
        if security not in SECURITY:
            raise SendError(f"unknown SMTP security {security!r} (use tls, starttls or none)",
                            transient=False)
        self.host, self.port, self.security = host, port, security
        self.user, self._password, self.ca_file, self.timeout = user, password, ca_file, timeout
        self._smtp: smtplib.SMTP | None = None

    @property
    def where(self) -> str:
        return f"{self.host}:{self.port}"

    def _connect(self) -> smtplib.SMTP:
        ctx = ssl.create_default_context(cafile=self.ca_file)
        if self.security == "tls":
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout,
                                                  context=ctx)
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        try:
            smtp.ehlo()
            if self.security == "starttls":
                smtp.starttls(context=ctx)
                smtp.ehlo()
            if self.user is not None:
                smtp.login(self.user, self._password or "")
        except BaseException:
            smtp.close()
            raise
        return smtp

    def send(self, sender: str, recipients: Sequence[str], raw: bytes) -> None:
        """Send once; a kept connection that the server dropped meanwhile is reopened once."""
        if not recipients:
            raise SendError("a message needs at least one recipient", transient=False)
        for attempt in (1, 2):
            reused = self._smtp is not None
            try:
                if self._smtp is None:
                    self._smtp = self._connect()
                refused = self._smtp.sendmail(sender, list(recipients), raw)
            except smtplib.SMTPServerDisconnected as exc:
                self.close()
                if reused and attempt == 1:
                    continue
                raise self._error(exc) from None
            except (smtplib.SMTPException, OSError) as exc:
                self.close()
                raise self._error(exc) from None
            if refused:
                plain, listing = _refusals(refused)
                raise SendError(f"the SMTP server {self.where} refused some recipients "
                                f"({listing}); the others got the message",
                                transient=any(400 <= c < 500 for c, _r in plain.values()),
                                refused=plain)
            return

    def _error(self, exc: BaseException) -> SendError:
        """Map an smtplib or socket failure to a SendError with a plain message."""
        at = f"the SMTP server {self.where}"
        if isinstance(exc, smtplib.SMTPRecipientsRefused):
            plain, listing = _refusals(exc.recipients)
            return SendError(f"{at} refused every recipient ({listing})", refused=plain,
                             transient=any(400 <= c < 500 for c, _r in plain.values()))
        if isinstance(exc, smtplib.SMTPAuthenticationError):
            return SendError(f"{at} refused the login for {self.user}: "
                             f"{_reply(exc.smtp_code, exc.smtp_error)}",
                             transient=400 <= exc.smtp_code < 500)
        if isinstance(exc, smtplib.SMTPSenderRefused):
            return SendError(f"{at} refused the sender {exc.sender}: "
                             f"{_reply(exc.smtp_code, exc.smtp_error)}",
                             transient=400 <= exc.smtp_code < 500)
        if isinstance(exc, smtplib.SMTPResponseException):
            return SendError(f"{at} answered {_reply(exc.smtp_code, exc.smtp_error)}",
                             transient=400 <= exc.smtp_code < 500)
        if isinstance(exc, smtplib.SMTPNotSupportedError):
            return SendError(f"{at} does not support what pbem needs: {exc}", transient=False)
        if isinstance(exc, smtplib.SMTPServerDisconnected):
            return SendError(f"{at} closed the connection", transient=True)
        if isinstance(exc, ssl.SSLCertVerificationError):
            return SendError(f"TLS with {at} failed: {describe(exc)}", transient=False)
        if isinstance(exc, OSError):
            return SendError(f"cannot reach {at}: {describe(exc)}", transient=True)
        return SendError(f"{at} failed: {exc}", transient=False)

    def close(self) -> None:
        """Say QUIT if the connection still works, and forget it either way."""
        smtp, self._smtp = self._smtp, None
        if smtp is not None:
            try:
                smtp.quit()
            except (smtplib.SMTPException, OSError):
                smtp.close()


def mailbox_name(address: str) -> str:
    """The folder name for an address: lower case, and never a path or a hidden file."""
    name = address.strip().lower()
    if not name or "/" in name or "\0" in name or name.startswith("."):
        raise SendError(f"cannot deliver to the address {address!r}", transient=False)
    return name


class MaildirSender:
    """The embedded default: each recipient's copy goes into ROOT/<address>/new, a real Maildir
    any mail reader opens (mutt -f ROOT/ann@example.org). The bytes are stored unchanged."""

    def __init__(self, root: Path):
        self.root = Path(root)

    def send(self, sender: str, recipients: Sequence[str], raw: bytes) -> None:
        if not recipients:
            raise SendError("a message needs at least one recipient", transient=False)
        folders = [self.root / mailbox_name(r) for r in recipients]
        for folder in folders:
            try:
                write_message(folder, raw)
            except OSError as exc:
                raise SendError(f"cannot write to {folder}: {describe(exc)}",
                                transient=True) from None

    def close(self) -> None:
        """Nothing to release for local folders."""
