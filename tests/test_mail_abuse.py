"""A player's mail that tries to hold the moderator: a per-mail CPU budget for reading, after
which the mail is refused whole with a polite reply (nothing applied)."""
from __future__ import annotations

import time

import pytest

from mailkit import GAME, GM, GM_SECRET, MOD, PLAYERS, create_body, mail, parse, secret_in, text_of
from pbem.moderator.postmaster import Master, Postmaster
from pbem.moderator.signon import hash_secret

ADDR = dict(PLAYERS)


@pytest.fixture(scope="module")
def gm_hash():
    return hash_secret(GM_SECRET)


def new_world(tmp_path, gm_hash, **kw):
    pm = Postmaster(MOD, tmp_path / "games", masters=[Master(GM, gm_hash)], render_images=False, **kw)
    d = pm.handle("k0", mail(GM, create_body()))
    assert d.folder == "Processed", d.outcome
    secrets = {}
    for out in d.outgoing:
        for name, addr in PLAYERS:
            if out.rcpts == (addr,) and "welcome" in str(parse(out.raw)["Subject"]):
                secrets[name] = secret_in(out.raw, name)
    return pm, secrets


def chat_mail(secrets, lines: int) -> bytes:
    chat = "\n".join(f"well I think number {i} of these is quite something really" for i in range(lines))
    return mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\n{chat}\nAnn passes\n")


def test_a_mail_over_the_cpu_budget_is_refused_whole_with_a_polite_reply(tmp_path, gm_hash):
    pm, secrets = new_world(tmp_path, gm_hash, cpu_budget=0.01)
    before = (pm.games_dir / f"{GAME}.pbem").read_bytes()
    d = pm.handle("k1", chat_mail(secrets, 1990))
    assert d.folder == "Rejected" and d.outcome == "too long to read", d.outcome
    assert (pm.games_dir / f"{GAME}.pbem").read_bytes() == before           # nothing applied
    [reply] = d.outgoing
    assert reply.rcpts == (ADDR["Ann"],)
    assert "longer to read" in text_of(reply.raw) and "Nothing was applied" in text_of(reply.raw)
    # the game is not harmed: a short mail is read and applied (a budget that lets the game load)
    pm.cpu_budget = 30.0
    d = pm.handle("k2", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes\n"))
    assert d.folder == "Processed", d.outcome


def test_two_thousand_chat_lines_are_handled_within_the_default_budget_or_refused_by_it(tmp_path, gm_hash):
    pm, secrets = new_world(tmp_path, gm_hash)
    assert pm.cpu_budget == 2.0
    t = time.process_time()
    d = pm.handle("k1", chat_mail(secrets, 1990))
    spent = time.process_time() - t
    assert d.outcome in ("too long to read",) or d.folder == "Processed", d.outcome
    assert spent < 10            # loosely: 55 s of CPU before the budget


# ------------------------------------------------------------------ quarantine
def maildir_world(tmp_path, gm_hash):
    from pbem.mail.mailbox import MaildirMailbox
    from pbem.mail.maildir import write_message
    from pbem.mail.sender import MaildirSender
    from pbem.moderator.daemon import Moderator
    from pbem.moderator.ledger import Ledger

    root = tmp_path / "mail"
    pm = Postmaster(MOD, tmp_path / "games", masters=[Master(GM, gm_hash)], render_images=False)

    def moderator():
        return Moderator(pm, MaildirMailbox(root / "moderator"), MaildirSender(root), Ledger(tmp_path / "state" / "l.db"))

    write_message(root / "moderator" / "inbox", mail(GM, create_body()))
    moderator().run_once()
    secrets = {n: secret_in(next(f.read_bytes() for f in (root / a / "new").iterdir()
                                 if "welcome" in str(parse(f.read_bytes())["Subject"])), n) for n, a in PLAYERS}
    return root, pm, moderator, secrets, write_message


def test_a_mail_that_raises_in_judging_twice_goes_to_quarantine_and_the_moderator_is_told(tmp_path, gm_hash,
                                                                                          monkeypatch):
    root, pm, moderator, secrets, write = maildir_world(tmp_path, gm_hash)
    write(root / "moderator" / "inbox", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes",
                                             subject=f"[{GAME}] move"))
    monkeypatch.setenv("PBEM_FAILPOINT", "raise:in_judge")
    mod = moderator()
    st = mod.run_once()
    assert st.handled == 1
    assert len(list((root / "moderator" / "quarantine" / "cur").iterdir())) == 1
    assert not list((root / "moderator" / "working" / "cur").iterdir())
    notices = [f.read_bytes() for f in (root / GM / "new").iterdir() if b"a mail set aside" in f.read_bytes()]
    assert len(notices) == 1 and "2 attempts" in text_of(notices[0])
    assert not any(b"Re:" in f.read_bytes() for f in (root / ADDR["Ann"] / "new").iterdir())   # sender not answered
    monkeypatch.delenv("PBEM_FAILPOINT")
    assert "Ann passes" not in (pm.games_dir / f"{GAME}.pbem").read_text()


def test_a_mail_that_killed_the_moderator_twice_is_quarantined_on_the_third_run(tmp_path, gm_hash):
    import os
    import subprocess
    import sys

    root, pm, moderator, secrets, write = maildir_world(tmp_path, gm_hash)
    cfg = tmp_path / "pbem.toml"
    cfg.write_text(f'[moderator]\naddress = "{MOD}"\ngames = "games"\nstate = "state"\n'
                   f'masters = [{{ address = "{GM}", secret_hash = "{gm_hash}" }}]\n[maildir]\nroot = "mail"\n')
    os.chmod(cfg, 0o600)
    write(root / "moderator" / "inbox", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes",
                                             subject=f"[{GAME}] move"))
    codes = []
    for failpoint in ("in_judge", "in_judge", "in_judge"):
        env = {**os.environ, "PBEM_FAILPOINT": failpoint}
        codes.append(subprocess.run([sys.executable, "-m", "pbem", "moderate", "--config", str(cfg), "--once"],
                                    env=env, capture_output=True, text=True, timeout=120).returncode)
    assert codes[:2] == [-9, -9] and codes[2] == 0, codes     # killed twice, then set aside unjudged
    assert len(list((root / "moderator" / "quarantine" / "cur").iterdir())) == 1
    assert "Ann passes" not in (pm.games_dir / f"{GAME}.pbem").read_text()
