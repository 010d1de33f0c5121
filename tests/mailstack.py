"""Real mail servers on 127.0.0.1 for tests: a private Dovecot (IMAP, IMAPS, LMTP) and an aiosmtpd
SMTP server that delivers into Dovecot over LMTP. No mocks: the code under test talks to sockets.

Pitfalls this works around (see the project's mail-stack notes): Dovecot refuses uid 0 for mail, so
mail belongs to uid 65534; every directory above the root needs o+x for Dovecot's helper users;
Dovecot runs in the foreground as our own child in its own process group so a kill leaves no zombie.
"""
from __future__ import annotations

import asyncio
import os
import shutil
import signal
import smtplib
import socket
import ssl
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from imapclient import IMAPClient

DOMAIN = "pbem.test"
LOCAL_USERS = ("moderator", "ann", "bob", "cid", "dee", "gm", "mallory")
MAIL_UID = 65534
STANDARD_FOLDERS = ("INBOX", "Working", "Processed", "Rejected", "Sent")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def find_dovecot() -> str:
    """The dovecot binary, or a plain failure saying how to install it (tests must not skip)."""
    path = shutil.which("dovecot", path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin")
    if path is None:
        raise RuntimeError("dovecot is not installed: the mail tests need real servers; run "
                           "apt-get install dovecot-imapd dovecot-lmtpd (scripts/test.sh does this)")
    return path


def open_path(root: Path) -> None:
    """chmod 755 the root and o+x every parent: Dovecot's auth and mail processes are not root."""
    root.chmod(0o755)
    for parent in root.parents:
        mode = parent.stat().st_mode
        if not mode & 0o001:
            parent.chmod(mode | 0o055)


def render_dovecot_conf(root: Path, imap: int, imaps: int, lmtp: int) -> str:
    """A self-contained Dovecot 2.3 configuration for this test instance (reads nothing from /etc)."""
    folders = "\n".join(f"  mailbox {name} {{\n    auto = subscribe\n  }}"
                        for name in ("Working", "Processed", "Rejected"))
    return f"""\
protocols = imap lmtp
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
instance_name = pbem-test-{imap}
log_path = {root}/dovecot.log
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/users.passwd
}}
userdb {{
  driver = static
  args = uid={MAIL_UID} gid={MAIL_UID} home={root}/mail/%u
}}
first_valid_uid = 1
mail_location = maildir:~/Maildir
# throw-away test data: no fsync
mail_fsync = never
namespace inbox {{
  inbox = yes
  separator = /
{folders}
  mailbox Sent {{
    auto = subscribe
    special_use = \\Sent
  }}
}}
ssl = yes
ssl_cert = <{root}/tls/cert.pem
ssl_key = <{root}/tls/key.pem
# high-performance login mode: one long-lived login process instead of one per connection
service imap-login {{
  service_count = 0
  process_min_avail = 1
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps}
    ssl = yes
  }}
}}
# no growing delays after the tests' deliberate wrong passwords
service anvil {{
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp}
  }}
}}
protocol lmtp {{
  postmaster_address = postmaster@{DOMAIN}
}}
"""


def make_certificate(tls: Path) -> None:
    """A self-signed certificate for localhost and 127.0.0.1 (the tests' CA file is the cert itself)."""
    tls.mkdir(mode=0o755)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(tls / "key.pem"), "-out", str(tls / "cert.pem")],
                   check=True, capture_output=True)


def live_members(pgid: int) -> list[int]:
    """Processes of a process group that still run (zombies waiting for init do not count)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rpartition(")")[2].split()   # after "(comm)": state, ppid, pgrp, ...
            if int(fields[2]) == pgid and fields[0] != "Z":
                pids.append(int(entry.name))
    return pids


def wait_for_port(port: int, deadline: float, proc: subprocess.Popen | None = None) -> None:
    """Block until 127.0.0.1:port accepts a connection; fail if the process died or time ran out."""
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if proc is not None and proc.poll() is not None:
                raise RuntimeError(f"the server exited with status {proc.returncode}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"nothing listens on 127.0.0.1:{port}")
            time.sleep(0.005)


@dataclass
class LmtpHandler:
    """aiosmtpd handler: local recipients only, each delivered in its own LMTP transaction."""

    lmtp_port: int
    users: frozenset[str]
    refuse: bool = False
    received: list[tuple[str, list[str]]] = field(default_factory=list)

    async def handle_RCPT(self, server, session, envelope, address: str, rcpt_options) -> str:
        if self.refuse:
            return "451 4.3.0 Try again later"
        local, _, domain = address.lower().rpartition("@")
        if domain != DOMAIN:
            return "550 5.7.1 Relaying denied"
        if local not in self.users:
            return "550 5.1.1 User unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope) -> str:
        return await asyncio.to_thread(self.deliver, envelope.mail_from, list(envelope.rcpt_tos),
                                       envelope.original_content)

    def deliver(self, mail_from: str, rcpts: list[str], content: bytes) -> str:
        """Hand the message to Dovecot's LMTP, one recipient per transaction (smtplib reads one reply)."""
        try:
            for rcpt in rcpts:
                with smtplib.LMTP("127.0.0.1", self.lmtp_port) as lmtp:
                    lmtp.sendmail(mail_from, [rcpt], content)
        except (OSError, smtplib.SMTPException) as exc:
            return f"451 4.3.0 Local delivery failed: {exc}"
        self.received.append((mail_from, rcpts))
        return "250 Message accepted for delivery"


class MailStack:
    """Dovecot + aiosmtpd under one root directory; see the module docstring."""

    host = "127.0.0.1"
    domain = DOMAIN

    def __init__(self, root: Path):
        self.root = root
        self.dovecot = find_dovecot()
        self.imap_port, self.imaps_port, self.lmtp_port, self.smtp_port, self.smtps_port = (
            free_port(), free_port(), free_port(), free_port(), free_port())
        self.ca_file = str(root / "tls" / "cert.pem")
        self.conf = root / "dovecot.conf"
        self.proc: subprocess.Popen | None = None
        self.controller: Controller | None = None
        self.tls_controller: Controller | None = None
        self.handler = LmtpHandler(self.lmtp_port, frozenset(LOCAL_USERS))
        self.addresses = tuple(f"{u}@{DOMAIN}" for u in LOCAL_USERS)

    # -- set-up and tear-down ---------------------------------------------------------------
    def start(self) -> float:
        """Build the root, start both servers; returns the seconds it took."""
        t0 = time.monotonic()
        open_path(self.root)
        make_certificate(self.root / "tls")
        for sub in ("run", "state"):
            (self.root / sub).mkdir(mode=0o755)
        mail = self.root / "mail"
        mail.mkdir(mode=0o755)
        os.chown(mail, MAIL_UID, MAIL_UID)
        (self.root / "users.passwd").write_text(
            "".join(f"{a}:{{PLAIN}}{self.user(a)[1]}::::::\n" for a in self.addresses))
        self.conf.write_text(render_dovecot_conf(self.root, self.imap_port, self.imaps_port,
                                                 self.lmtp_port))
        self.start_dovecot()
        self.start_smtp()
        return time.monotonic() - t0

    def start_dovecot(self) -> None:
        """Start (or restart, same ports and data) `dovecot -F` as a child in its own process group."""
        (self.root / "run" / "master.pid").unlink(missing_ok=True)
        log = open(self.root / "dovecot.stderr", "ab")
        self.proc = subprocess.Popen([self.dovecot, "-F", "-c", str(self.conf)],
                                     stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                     start_new_session=True)
        log.close()
        deadline = time.monotonic() + 10
        try:
            for port in (self.imap_port, self.imaps_port, self.lmtp_port):
                wait_for_port(port, deadline, self.proc)
        except RuntimeError as exc:
            self.kill_dovecot()
            raise RuntimeError(f"dovecot did not start ({exc}):\n{self.log_tail()}") from None

    def kill_dovecot(self, *, settle: bool = False) -> None:
        """SIGKILL Dovecot's whole process group (master, logins, open IMAP sessions) and reap it.
        With settle, also wait until no process of the group is left (before deleting its files)."""
        if self.proc is None:
            return
        pgid = self.proc.pid
        try:
            os.killpg(pgid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
        self.proc = None
        deadline = time.monotonic() + 5
        while settle and live_members(pgid) and time.monotonic() < deadline:
            time.sleep(0.01)
        # the killed children exit a moment later; until then a listener may still answer
        deadline = time.monotonic() + 5
        for port in (self.imap_port, self.imaps_port, self.lmtp_port):
            while time.monotonic() < deadline:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                except OSError:
                    break
                time.sleep(0.005)

    def start_smtp(self) -> None:
        """Start the SMTP servers (STARTTLS offered on smtp_port, implicit TLS on smtps_port;
        AUTH optional on both), sharing one handler."""
        ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        ctx.load_cert_chain(self.ca_file, str(self.root / "tls" / "key.pem"))
        common = dict(hostname=self.host, authenticator=self._authenticate,
                      auth_require_tls=False)
        self.controller = Controller(self.handler, port=self.smtp_port, tls_context=ctx,
                                     **common)
        self.controller.start()
        self.tls_controller = Controller(self.handler, port=self.smtps_port, ssl_context=ctx,
                                         **common)
        self.tls_controller.start()

    def stop_smtp(self) -> None:
        """Stop both SMTP servers (open sessions are dropped)."""
        for controller in (self.controller, self.tls_controller):
            if controller is not None:
                controller.stop()
        self.controller = self.tls_controller = None

    def _authenticate(self, server, session, envelope, mechanism, auth_data) -> AuthResult:
        ok = (isinstance(auth_data, LoginPassword)
              and auth_data.login.decode() in self.addresses
              and self.user(auth_data.login.decode())[1] == auth_data.password.decode())
        return AuthResult(success=ok, handled=False)

    def stop(self) -> None:
        """Stop every server; nothing is left running."""
        self.stop_smtp()
        self.kill_dovecot(settle=True)

    def log_tail(self, lines: int = 20) -> str:
        """The end of Dovecot's logs, for failure messages."""
        text = ""
        for name in ("dovecot.stderr", "dovecot.log"):
            path = self.root / name
            if path.exists():
                text += "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) + "\n"
        return text

    # -- what tests use ---------------------------------------------------------------------
    def user(self, addr: str) -> tuple[str, str]:
        """(login, password) of a test user: the password is "pw-" + the local part."""
        return addr, "pw-" + addr.partition("@")[0]

    def smtp_refuse(self, on: bool) -> None:
        """While on, the SMTP server answers every recipient 451 4.3.0 (a sender must retry)."""
        self.handler.refuse = on

    def send(self, raw: bytes, mail_from: str, rcpt_to: str | Sequence[str]) -> None:
        """Submit a message through the SMTP server (which delivers it over LMTP)."""
        rcpts = [rcpt_to] if isinstance(rcpt_to, str) else list(rcpt_to)
        with smtplib.SMTP(self.host, self.smtp_port, timeout=10) as smtp:
            smtp.sendmail(mail_from, rcpts, raw)

    def imap(self, addr: str) -> IMAPClient:
        """A logged-in plain IMAP connection for checking folders."""
        client = IMAPClient(self.host, self.imap_port, ssl=False, timeout=10)
        client.login(*self.user(addr))
        return client

    def messages(self, addr: str, folder: str = "INBOX") -> list[bytes]:
        """Every message in one folder, in UID order, read without setting \\Seen."""
        with self.imap(addr) as client:
            client.select_folder(folder, readonly=True)
            uids = sorted(client.search(["ALL"]))
            data = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
            return [data[uid][b"BODY[]"] for uid in uids if uid in data]   # skip just-moved ones

    def count(self, addr: str, folder: str = "INBOX") -> int:
        """How many messages a folder holds (IMAP STATUS)."""
        with self.imap(addr) as client:
            return client.folder_status(folder, [b"MESSAGES"])[b"MESSAGES"]

    def clear(self) -> None:
        """Empty every user's standard folders and drop any other folder (keeps tests independent)."""
        with ThreadPoolExecutor(len(self.addresses)) as pool:
            list(pool.map(self._clear_user, self.addresses))

    def _clear_user(self, addr: str) -> None:
        with self.imap(addr) as client:
            for _flags, _sep, name in client.list_folders():
                if name not in STANDARD_FOLDERS:
                    client.delete_folder(name)
                elif client.folder_status(name, [b"MESSAGES"])[b"MESSAGES"]:
                    client.select_folder(name)
                    client.delete_messages(client.search(["ALL"]))
                    client.expunge()
                    client.unselect_folder()


# --------------------------------------------------------------------------------- Postfix
POSTFIX_MAIN_CF = """compatibility_level = 3.6
queue_directory = {root}/spool
data_directory = {root}/data
meta_directory = /etc/postfix
maillog_file = {root}/log/postfix.log
maillog_file_prefixes = /var, /dev/stdout, /tmp
myhostname = mail.pbem.test
mydomain = pbem.test
myorigin = $mydomain
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
mydestination =
alias_maps =
alias_database =
local_recipient_maps =
biff = no
smtputf8_enable = no
virtual_mailbox_domains = pbem.test
virtual_transport = lmtp:inet:127.0.0.1:{lmtp}
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
default_transport = error:no mail leaves this test machine
queue_run_delay = 5s
minimal_backoff_time = 5s
maximal_backoff_time = 10s
"""

POSTFIX_SERVICES = [
    "{smtp_addr} inet n - n - - smtpd", "pickup unix n - n 60 1 pickup", "cleanup unix n - n - 0 cleanup",
    "qmgr unix n - n 300 1 qmgr", "rewrite unix - - n - - trivial-rewrite", "bounce unix - - n - 0 bounce",
    "defer unix - - n - 0 bounce", "trace unix - - n - 0 bounce", "verify unix - - n - 1 verify",
    "flush unix n - n 1000? 0 flush", "proxymap unix - - n - - proxymap", "smtp unix - - n - - smtp",
    "relay unix - - n - - smtp", "showq unix n - n - - showq", "error unix - - n - - error",
    "retry unix - - n - - error", "discard unix - - n - - discard", "lmtp unix - - n - - lmtp",
    "anvil unix - - n - 1 anvil", "scache unix - - n - 1 scache", "postlog unix-dgram n - n - 1 postlogd"]


class Postfix:
    """A private Postfix on 127.0.0.1 (a real MTA: it queues what it is given and delivers it to
    the test Dovecot over LMTP, bouncing mail to an address with no mailbox), under `root`."""

    def __init__(self, root: Path, lmtp_port: int):
        self.root, self.lmtp_port = root, lmtp_port
        self.port = free_port()

    def _run(self, verb: str) -> subprocess.CompletedProcess:
        # postfix-script prints nothing without a terminal: run it under script(1)
        return subprocess.run(["script", "-qec", f"postfix -c {self.root / 'etc'} {verb}", "/dev/null"],
                              capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)

    def start(self) -> int:
        """Start it; returns its SMTP port. Fails plainly when Postfix is not installed."""
        if not shutil.which("postfix") and not Path("/usr/sbin/postfix").exists():
            raise RuntimeError("postfix is not installed (scripts/test.sh installs it)")
        self.root.chmod(0o755)
        for sub in ("etc", "spool", "data", "log"):
            (self.root / sub).mkdir(exist_ok=True)
        shutil.chown(self.root / "data", "postfix")
        (self.root / "etc" / "main.cf").write_text(POSTFIX_MAIN_CF.format(root=self.root, lmtp=self.lmtp_port))
        (self.root / "etc" / "master.cf").write_text(
            "\n".join(POSTFIX_SERVICES).format(smtp_addr=f"127.0.0.1:{self.port}") + "\n")
        started = self._run("start")
        log = self.root / "log" / "postfix.log"
        deadline = time.time() + 20
        while "daemon started" not in (log.read_text() if log.exists() else "") and time.time() < deadline:
            time.sleep(0.1)
        if "daemon started" not in (log.read_text() if log.exists() else ""):
            raise RuntimeError(f"postfix did not start: {started.stdout}{started.stderr}")
        return self.port

    def stop(self) -> None:
        self._run("stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def pids(self) -> list[int]:
        """Its processes: the master and every process of its session."""
        try:
            master = int((self.root / "spool" / "pid" / "master.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return []
        pids = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rpartition(")")[2].split()
                except OSError:
                    continue
                if int(entry.name) == master or int(fields[3]) == master:    # the session it leads
                    pids.append(int(entry.name))
        return pids
