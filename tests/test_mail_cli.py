"""The mail verbs on the command line: hash-secret, mail-in, moderate --once on Maildir folders,
and configurations that must be refused in one plain line."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from pbem.moderator.config import ConfigError, load_config


def pbem(*args: str, stdin: str = "", env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pbem", *args], input=stdin, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=120)


def test_a_game_by_hand_on_maildir(tmp_path):
    made = pbem("hash-secret", "--new")
    assert made.returncode == 0 and made.stdout.startswith("scrypt$")
    secret = made.stderr.split("secret:", 1)[1].strip()
    cfg = tmp_path / "pbem.toml"
    cfg.write_text(f'[moderator]\naddress = "moderator@pbem.local"\n'
                   f'masters = [{{ address = "gm@pbem.local", secret_hash = "{made.stdout.strip()}" }}]\n'
                   f'[maildir]\nroot = "mail"\n')
    body = (f"SIGNON club moderator {secret}\nCREATE club 1882 SEED 3\nPLAYER Ann ann@pbem.local\n"
            "PLAYER Bob bob@pbem.local\nPLAYER Cid cid@pbem.local\n")
    p = pbem("mail-in", "--maildir", str(tmp_path / "mail"), "--from", "GM <gm@pbem.local>", "-", stdin=body)
    assert p.returncode == 0, p.stderr
    p = pbem("moderate", "--config", str(cfg), "--once")
    assert p.returncode == 0 and p.stdout.startswith("handled 1 mail(s)"), (p.stdout, p.stderr)
    welcome = next(f for f in (tmp_path / "mail" / "ann@pbem.local" / "new").iterdir()
                   if b"welcome" in f.read_bytes())
    ann = re.search(rb"SIGNON club Ann (\S+)", welcome.read_bytes()).group(1).decode()
    welcome_id = re.search(rb"^Message-ID: (\S+)", welcome.read_bytes(), re.M | re.I).group(1).decode()
    p = pbem("mail-in", "--maildir", str(tmp_path / "mail"), "--from", "ann@pbem.local", "--subject",
             "Re: [club] welcome", "--in-reply-to", welcome_id,           # a reply to the welcome
             "-", stdin=f"Hello!\nSIGNON club Ann {ann}\nAnn bids 20 for HB\n")
    assert p.returncode == 0
    p = pbem("moderate", "--config", str(cfg), "--once")
    assert p.returncode == 0 and "handled 1" in p.stdout
    log = pbem("log", str(tmp_path / "games" / "club.pbem"))
    assert "Ann bids 20 for HB" in log.stdout
    # a second run finds nothing to do and sends nothing again
    p = pbem("moderate", "--config", str(cfg), "--once")
    assert p.stdout.startswith("handled 0 mail(s), 0 already handled, sent 0")


@pytest.mark.parametrize("text, word", [
    ('[moderator]\naddress = "m@x"\n[imap]\nhost = "h"\nuser = "m@x"\npassword = "hunter2"\n[smtp]\nhost = "h"\n',
     "password in the config file is not accepted"),
    ('[moderator]\naddress = "m@x"\n[imap]\nhost = "h"\nuser = "m@x"\npassword_env = "PBEM_NOT_SET_X"\n'
     '[smtp]\nhost = "h"\n', "PBEM_NOT_SET_X"),
    ('[moderator]\naddress = "m@x"\nmasters = [{ address = "g@x", secret = "s" }]\n[maildir]\nroot = "m"\n',
     "secret in clear"),
    ('[moderator]\naddress = "not-an-address"\n[maildir]\nroot = "m"\n', "not a mail address"),
    ('[moderator\n', "not valid TOML"),
    ('[moderator]\naddress = "m@x"\n', "[imap] table is missing"),
])
def test_bad_configurations_are_refused_plainly(tmp_path, text, word):
    cfg = tmp_path / "c.toml"
    cfg.write_text(text)
    cfg.chmod(0o600)                   # (a config others may read adds a warning line)
    with pytest.raises(ConfigError, match=re.escape(word)):
        load_config(cfg)
    p = pbem("moderate", "--config", str(cfg), "--once")
    assert p.returncode != 0 and "Traceback" not in p.stderr and word in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


def test_credentials_from_environment_and_file(tmp_path):
    pw = tmp_path / "pw"
    pw.write_text("s3cret\n")
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[moderator]\naddress = "m@x.org"\n[imap]\nhost = "h"\nuser = "m@x.org"\n'
                   f'password_env = "PBEM_T_PW"\n[smtp]\nhost = "h"\nport = 587\nsecurity = "starttls"\n'
                   f'user = "m@x.org"\npassword_file = "{pw}"\n')
    os.environ["PBEM_T_PW"] = "from-env"
    try:
        c = load_config(cfg)
    finally:
        del os.environ["PBEM_T_PW"]
    assert c.imap.password == "from-env" and c.smtp.password == "s3cret" and c.smtp.security == "starttls"
    assert c.games == tmp_path / "games" and c.maildir is None
    assert load_config(cfg, maildir=tmp_path / "mail").maildir == tmp_path / "mail"


def test_the_configured_key_seals_the_moderators_games(tmp_path):
    """`key_file` in the config: the moderator's game files are sealed with that key, and
    `pbem verify --key-file` checks them; a key of the same shape but another value finds them forged."""
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-m", "pbem", "demo", "--out", str(tmp_path), "--quiet"], capture_output=True,
                       text=True, env={k: v for k, v in os.environ.items() if k != "PBEM_KEY_FILE"}, timeout=300)
    assert p.returncode == 0, p.stderr
    game, key = tmp_path / "games" / "club-1882.pbem", tmp_path / "pbem.key"
    ok = pbem("verify", str(game), "--key-file", str(key))
    assert ok.returncode == 0, ok.stderr
    other = tmp_path / "other.key"
    other.write_text("ab" * 32 + "\n")
    other.chmod(0o600)
    bad = pbem("verify", str(game), "--key-file", str(other))
    assert bad.returncode == 1 and "forged" in bad.stderr


@pytest.mark.parametrize("args, stdin, word", [
    (["--from", "ann@pbem.local", "-"], b"SIGNON club Ann s\n\xff\xfe passes\n", "not UTF-8"),
    (["--from", "ann@pbem.local", "--subject", "x\r\nBcc: all@pbem.local", "hi"], b"", "--subject must be one line"),
    (["--from", "ann@pbem.local\nBcc: all@pbem.local", "hi"], b"", "--from must be one line"),
    (["--from", "ann@pbem.local", "--in-reply-to", "<a@b>\r\nX: y", "hi"], b"", "--in-reply-to must be one line"),
    (["--from", "ann@pbem.local, bob@pbem.local", "hi"], b"", "--from must be one mail address"),
    (["--from", "ann@pbem.local", os.fsdecode(b"\xff passes")], b"", "not UTF-8"),
])
def test_mail_in_refuses_bad_text_and_headers_in_one_line(tmp_path, args, stdin, word):
    p = subprocess.run([sys.executable, "-m", "pbem", "mail-in", "--maildir", str(tmp_path / "mail"), *args],
                       input=stdin, capture_output=True, timeout=120)
    err = p.stderr.decode("utf-8", "replace")
    assert p.returncode == 2 and word in err and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err and "internal error" not in err
    assert not (tmp_path / "mail").exists() or not any((tmp_path / "mail").rglob("*.*"))
