"""A player's mail that tries to hold the moderator: a per-mail CPU budget for reading, after
which the mail is refused whole with a polite reply (nothing applied)."""
from __future__ import annotations

import time

import pytest

from mailkit import GAME, GM, GM_SECRET, MOD, PLAYERS, create_body, latest, mail, new_game, parse, secret_in, text_of
from pbem.moderator.postmaster import Master, Postmaster
from pbem.moderator.signon import hash_secret

ADDR = dict(PLAYERS)


@pytest.fixture(scope="module")
def gm_hash():
    return hash_secret(GM_SECRET)


def new_world(tmp_path, gm_hash, **kw):
    return new_game(tmp_path, gm_hash, **kw)


def chat_mail(pm, secrets, lines: int) -> bytes:
    chat = "\n".join(f"well I think number {i} of these is quite something really" for i in range(lines))
    return mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\n{chat}\nAnn passes\n", in_reply_to=latest(pm))


def test_a_mail_over_the_cpu_budget_is_refused_whole_with_a_polite_reply(tmp_path, gm_hash):
    pm, secrets = new_world(tmp_path, gm_hash, cpu_budget=0.01)
    before = (pm.games_dir / f"{GAME}.pbem").read_bytes()
    d = pm.handle("k1", chat_mail(pm, secrets, 1990))
    assert d.folder == "Rejected" and d.outcome == "too long to read", d.outcome
    assert (pm.games_dir / f"{GAME}.pbem").read_bytes() == before           # nothing applied
    [reply] = d.outgoing
    assert reply.rcpts == (ADDR["Ann"],)
    assert "longer to read" in text_of(reply.raw) and "Nothing was applied" in text_of(reply.raw)
    # the game is not harmed: a short mail is read and applied (a budget that lets the game load)
    pm.cpu_budget = 30.0
    d = pm.handle("k2", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes\n",
                                 in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome


def _same_as_its_file(pm) -> bool:
    from pbem.table import Table
    from pbem.replay.state import state_json

    kept, fresh = pm.table(GAME), Table.open(pm.game_path(GAME))
    return len(kept.play.moves) == len(kept.seqs) and \
        state_json(kept.game, None) == state_json(fresh.game, None)


def test_a_refused_flood_costs_no_replay_and_leaves_the_table_its_files_state(tmp_path, gm_hash, monkeypatch):
    """The table kept for the game is not replayed after a mail over the budget (a replay of a long
    game would double what a flood costs): reading stops only between lines, every line of a
    message is read before its first move is made (and a message's moves are taken back on any
    exception), so the table still is its file's state, here with the budget spent on the third
    line of a message whose first lines are moves."""
    import pbem.notation.sequence as sequence
    from pbem.table import core as table_mod
    from pbem.notation.limits import OverBudget

    pm, secrets = new_world(tmp_path, gm_hash, cpu_budget=0.01)
    pm.table(GAME)
    opened = []
    real_open = table_mod.Table.open.__func__
    monkeypatch.setattr(table_mod.Table, "open", classmethod(lambda cls, *a, **k: opened.append(a) or real_open(cls, *a, **k)))
    d = pm.handle("k1", chat_mail(pm, secrets, 1990))
    assert d.outcome == "too long to read" and opened == []
    real_check = sequence.check_line

    def out_of_time_on_line_3(line, number):
        if number == 3:
            raise OverBudget("spent")
        real_check(line, number)
    monkeypatch.setattr(sequence, "check_line", out_of_time_on_line_3)
    pm.cpu_budget = 30.0
    d = pm.handle("k2", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes\nBob passes\n",
                             in_reply_to=latest(pm)))
    assert d.outcome == "too long to read" and opened == []
    monkeypatch.setattr(sequence, "check_line", real_check)
    assert _same_as_its_file(pm)
    d = pm.handle("k3", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes\n", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome
    assert _same_as_its_file(pm)


def test_reading_gets_the_budget_but_what_a_refusal_or_the_reports_need_after_it(tmp_path, gm_hash):
    """`cpu_budget` bounds the whole mail: reading stops REPLY_RESERVE before it (at half, at
    least) and sooner by what replaying the game took for the mail; the refusal names the
    reading's share."""
    from pbem.moderator.postmaster import REPLY_RESERVE

    pm, secrets = new_world(tmp_path, gm_hash)
    assert pm.reading_budget == round(2.0 - REPLY_RESERVE, 3) and 0 < REPLY_RESERVE < 1
    # a game replayed for the mail under its lock leaves reading the rest, a quarter at least
    assert pm._reading_left(0.0) == pm.reading_budget
    assert pm._reading_left(0.5) == round(pm.reading_budget - 0.5, 3)
    assert pm._reading_left(60.0) == round(pm.reading_budget / 4, 3)
    pm.cpu_budget = 0.02
    assert pm.reading_budget == 0.01
    pm.cpu_budget = None
    assert pm.reading_budget is None
    pm.cpu_budget = 0.02
    d = pm.handle("k1", chat_mail(pm, secrets, 1990))
    assert d.outcome == "too long to read"
    assert "(0.01 s of CPU time)" in " ".join(text_of(d.outgoing[0].raw).split())


def test_two_thousand_chat_lines_are_handled_within_the_default_budget_or_refused_by_it(tmp_path, gm_hash):
    pm, secrets = new_world(tmp_path, gm_hash)
    assert pm.cpu_budget == 2.0
    t = time.process_time()
    d = pm.handle("k1", chat_mail(pm, secrets, 1990))
    spent = time.process_time() - t
    assert d.outcome in ("too long to read",) or d.folder == "Processed", d.outcome
    assert spent < 10            # loosely: 55 s of CPU before the budget


def test_a_move_padded_with_a_long_run_of_blanks_is_read_within_the_default_budget(tmp_path, gm_hash):
    """A 1,980-blank run inside a move's line ("I", the run, "pass"): a claim's pattern was tried
    on it at a cost of the run's cube: the budget is checked between lines, so the one line held
    the moderator for about 50 s of CPU. Now the line costs its length, and the move is applied."""
    pm, secrets = new_world(tmp_path, gm_hash)
    assert pm.cpu_budget == 2.0
    line = "I" + " " * 1980 + "pass"      # (a line holds at most 2,000 characters)
    t = time.process_time()
    d = pm.handle("k1", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\n{line}\n", in_reply_to=latest(pm)))
    spent = time.process_time() - t
    assert d.folder == "Processed", d.outcome
    assert spent < 10            # loosely: 54 s of CPU before the patterns were made linear


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
                                             subject=f"[{GAME}] move", in_reply_to=latest(pm)))
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
                                             subject=f"[{GAME}] move", in_reply_to=latest(pm)))
    codes = []
    for failpoint in ("in_judge", "in_judge", "in_judge"):
        env = {**os.environ, "PBEM_FAILPOINT": failpoint}
        codes.append(subprocess.run([sys.executable, "-m", "pbem", "moderate", "--config", str(cfg), "--once"],
                                    env=env, capture_output=True, text=True, timeout=120).returncode)
    assert codes[:2] == [-9, -9] and codes[2] == 0, codes     # killed twice, then set aside unjudged
    assert len(list((root / "moderator" / "quarantine" / "cur").iterdir())) == 1
    assert "Ann passes" not in (pm.games_dir / f"{GAME}.pbem").read_text()


# ------------------------------------------------------------------ secrets at rest and guessing
def test_new_secrets_have_at_least_64_bits_and_old_ones_still_work():
    import math

    from pbem.moderator import signon

    bits = signon.GROUPS * signon.GROUP * math.log2(len(set(signon.ALPHABET)))
    assert bits >= 64 and signon.ENTROPY_BITS == bits
    s = signon.new_secret()
    assert len(s.replace("-", "")) == signon.GROUPS * signon.GROUP and set(s) <= set(signon.ALPHABET + "-")
    old = "amber-comet-0412"                         # a secret of the old kind, hashed before
    assert signon.check_secret(old, signon.hash_secret(old))


def test_thirty_wrong_secrets_only_the_first_few_are_checked_and_one_notice_is_sent(tmp_path, gm_hash):
    from pbem.moderator import signon
    from pbem.moderator.ledger import SIGNON_FREE_TRIES

    pm, secrets = new_world(tmp_path, gm_hash)
    before = signon.CHECKS[0]
    notices = 0
    for i in range(30):
        d = pm.handle(f"g{i}", mail("mallory@evil.test", f"SIGNON {GAME} Ann guess-{i:04d}\nAnn passes",
                                              in_reply_to=latest(pm)))
        assert d.folder == "Rejected"
        notices += sum(1 for o in d.outgoing if o.rcpts == (ADDR["Ann"],))
        assert not any(o.rcpts == ("mallory@evil.test",) for o in d.outgoing)
    assert signon.CHECKS[0] - before <= SIGNON_FREE_TRIES
    assert notices == 1
    # mallory is locked out of Ann's seat, even with the right secret from Ann's address forged later ...
    assert pm.ledger.signon_locked(GAME, "Ann", "mallory@evil.test")
    # ... but Ann's own right secret from her registered address is still taken (issue 22)
    d = pm.handle("ann1", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes",
                                      in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome
    assert pm.ledger.signon_locked(GAME, "Ann", "mallory@evil.test")      # her sign-on unlocks nobody else


def test_wrong_secrets_from_a_stranger_do_not_lock_out_the_seats_own_address(tmp_path, gm_hash):
    """Five wrong secrets from anyone once locked the seat, also for the real player's right
    secret: a stranger could keep a player from moving. Failures are counted per (seat,
    sending address)."""
    from pbem.moderator.ledger import SIGNON_FREE_TRIES

    pm, secrets = new_world(tmp_path, gm_hash)
    for i in range(SIGNON_FREE_TRIES + 3):
        pm.handle(f"m{i}", mail("mallory@evil.test", f"SIGNON {GAME} Ann guess-{i:04d}\nAnn passes",
                                in_reply_to=latest(pm)))
    assert pm.ledger.signon_locked(GAME, "Ann", "mallory@evil.test")
    assert not pm.ledger.signon_locked(GAME, "Ann", ADDR["Ann"])
    d = pm.handle("ann", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome


def test_wrong_secrets_from_the_registered_address_lock_that_address(tmp_path, gm_hash):
    """The other way: wrong secrets with Ann's own From (Ann mistyping, or someone forging her
    From) lock her address out of her seat for a while; another address is not locked by them."""
    from pbem.moderator.ledger import SIGNON_FREE_TRIES

    pm, secrets = new_world(tmp_path, gm_hash)
    for i in range(SIGNON_FREE_TRIES):
        pm.handle(f"a{i}", mail(ADDR["Ann"], f"SIGNON {GAME} Ann guess-{i:04d}\nAnn passes", in_reply_to=latest(pm)))
    assert pm.ledger.signon_locked(GAME, "Ann", ADDR["Ann"])
    assert not pm.ledger.signon_locked(GAME, "Ann", "mallory@evil.test")
    d = pm.handle("ann1", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes", in_reply_to=latest(pm)))
    assert d.folder == "Rejected"                                       # locked: refused unchecked
    pm.ledger.db.execute("UPDATE signon_failures SET locked_until=0")
    d = pm.handle("ann2", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome


def test_a_ledger_counting_per_seat_only_is_taken_over(tmp_path):
    import sqlite3

    from pbem.moderator.ledger import Ledger

    db = sqlite3.connect(tmp_path / "l.db")
    db.execute("CREATE TABLE signon_failures (game TEXT NOT NULL, seat TEXT NOT NULL, failures INTEGER NOT NULL, "
               "locked_until REAL NOT NULL, last_notice REAL NOT NULL, PRIMARY KEY (game, seat))")
    db.execute("INSERT INTO signon_failures VALUES ('g', 'ann', 9, 1e12, 0)")
    db.commit()
    db.close()
    led = Ledger(tmp_path / "l.db")
    assert not led.signon_locked("g", "ann", "ann@x.test")
    led.signon_failed("g", "ann", "ann@x.test")


def test_the_state_is_private_and_keeps_no_secret_once_sent(tmp_path, gm_hash):
    import os
    import stat

    root, pm, moderator, secrets, write = maildir_world(tmp_path, gm_hash)
    mode = lambda p: stat.S_IMODE(os.stat(p).st_mode)   # noqa: E731
    state = tmp_path / "state"
    assert mode(state) == 0o700 and mode(state / "l.db") == 0o600
    assert mode(pm.games_dir) == 0o700
    for folder in ("inbox", "working", "processed", "rejected"):
        assert mode(root / "moderator" / folder) == 0o700 and mode(root / "moderator" / folder / "cur") == 0o700
    for f in (root / ADDR["Ann"] / "new").iterdir():
        assert mode(f) == 0o600
    # the welcome mails were sent: no secret in the ledger's files (database and WAL)
    files = [p for p in state.iterdir() if p.name.startswith("l.db")]
    for s in secrets.values():
        for p in files:
            assert s.encode() not in p.read_bytes(), p
    # a move mail filed in Processed keeps no secret: its SIGNON line is masked
    write(root / "moderator" / "inbox", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes",
                                             subject=f"[{GAME}] move", in_reply_to=latest(pm)))
    moderator().run_once()
    [filed] = [p for p in (root / "moderator" / "processed" / "cur").iterdir() if b"Ann passes" in p.read_bytes()]
    assert secrets["Ann"].encode() not in filed.read_bytes()
    assert f"SIGNON {GAME} Ann ******".encode() in filed.read_bytes()
    # the master's sign-on in the CREATE mail is masked as well
    for p in (root / "moderator" / "processed" / "cur").iterdir():
        assert GM_SECRET.encode() not in p.read_bytes()


def test_a_key_file_others_may_read_is_refused_and_a_loose_config_warned_about(tmp_path):
    import os
    import warnings

    from pbem.errors import GameFileError
    from pbem.gamefile.key import load_key
    from pbem.moderator.config import ConfigWarning, load_config

    kf = tmp_path / "k"
    load_key(kf, create=True)
    os.chmod(kf, 0o644)
    with pytest.raises(GameFileError, match="chmod 600"):
        load_key(kf)
    os.chmod(kf, 0o600)
    assert load_key(kf)
    cfg = tmp_path / "pbem.toml"
    cfg.write_text(f'[moderator]\naddress = "{MOD}"\n[maildir]\nroot = "mail"\n')
    os.chmod(cfg, 0o644)
    with pytest.warns(ConfigWarning, match="chmod 600"):
        load_config(cfg)
    os.chmod(cfg, 0o600)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        load_config(cfg)


# ------------------------------------------------------------------ the budget charges reading only
def _burn(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def test_uncharged_time_moves_the_deadline_on_and_nests():
    from pbem.notation.limits import OverBudget, check_budget, cpu_budget, uncharged

    with cpu_budget(0.1):
        with uncharged():
            _burn(0.15)
            with uncharged():
                _burn(0.05)
            check_budget()                       # never stops the rules' own work
        check_budget()                           # 0.2 s spent, none of it charged
        _burn(0.12)
        with pytest.raises(OverBudget):
            check_budget()


def test_an_honest_mail_whose_rules_work_is_heavy_is_accepted_and_a_chat_flood_still_refused(tmp_path, gm_hash,
                                                                                             monkeypatch):
    """Late in a long game pushing a move, settling a run or listing the legal moves may take
    a second (an 1861 operating turn around action 757 of bank_breaks_then_final_phase.json:
    listing the run costs about 0.6 s, benchmarks/run_listing.py). The budget charges reading only,
    so such a mail is never refused as "too long to read"; here the rules' work on each move
    is made to cost more than the whole budget."""
    from pbem.table import core as table_mod

    pm, secrets = new_world(tmp_path, gm_hash, cpu_budget=1.0)     # room for a busy machine's reading
    real = table_mod.play_move

    def heavy(*a, **k):
        _burn(1.2)
        return real(*a, **k)
    monkeypatch.setattr(table_mod, "play_move", heavy)
    for who in ("Ann", "Bob"):
        d = pm.handle(f"k-{who}", mail(ADDR[who], f"SIGNON {GAME} {who} {secrets[who]}\n{who} passes\n"
                                                  "thanks, see you next round", in_reply_to=latest(pm)))
        assert d.folder == "Processed", d.outcome
    d = pm.handle("k-flood", chat_mail(pm, secrets, 1990))
    assert d.folder == "Rejected" and d.outcome == "too long to read", d.outcome


def test_the_first_mail_a_fresh_moderator_reads_is_not_charged_for_loading_the_reader(tmp_path):
    """The reader's fallbacks (rewording, respelling, dropping) are loaded on first use, costing
    a second or more of CPU: a fresh moderator process loads them before the first mail's reading
    time starts, so an honest two-line mail fits a small budget even when it is the first."""
    import subprocess
    import sys
    from pathlib import Path

    tests = Path(__file__).resolve().parent
    script = f"""
import sys
sys.path.insert(0, {str(tests)!r})
from pathlib import Path
from mailkit import GAME, GM_SECRET, PLAYERS, latest, mail, new_game
from pbem.moderator.signon import hash_secret
pm, secrets = new_game(Path({str(tmp_path)!r}), hash_secret(GM_SECRET), cpu_budget=0.3)
ann = dict(PLAYERS)["Ann"]
d = pm.handle("first", mail(ann, f"SIGNON {{GAME}} Ann {{secrets['Ann']}}\\nAnn passes\\nthanks, see you next round",
                            in_reply_to=latest(pm)))
print(d.folder, d.outcome)
"""
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split()[0] == "Processed", p.stdout


def test_a_mail_whose_moves_are_applied_is_never_refused_for_the_reports_time(tmp_path, gm_hash, monkeypatch):
    """Once a mail's moves are in the game file, the reply and the reports (map, market, legal
    moves: seconds late in a long game) are the moderator's work: a budget spent there must not
    answer "nothing was applied" for moves that were. So are STATUS's report and a master's
    commands once read."""
    from pbem.gamefile import GameFile
    from pbem.moderator import replies

    pm, secrets = new_world(tmp_path, gm_hash, cpu_budget=0.3)
    real = replies.report_mails

    def heavy(*a, **k):
        _burn(0.4)
        return real(*a, **k)
    monkeypatch.setattr(replies, "report_mails", heavy)
    d = pm.handle("r-1", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome
    assert [r.notation for r in GameFile.open(pm.game_path(GAME)).effective_moves()][-1] == "Ann passes"
    d = pm.handle("r-2", mail(ADDR["Bob"], f"SIGNON {GAME} Bob {secrets['Bob']}\nSTATUS", in_reply_to=latest(pm)))
    assert d.folder == "Processed", d.outcome


def test_another_thread_s_work_is_not_charged_to_a_mail_s_reading():
    """The budget is the reading thread's CPU time: a busy thread beside it (a mail server run in
    the same process, as the tests do) does not refuse an honest mail."""
    import threading

    from pbem.notation.limits import check_budget, cpu_budget

    done = threading.Event()

    def busy():
        end = time.process_time() + 5
        while not done.is_set() and time.process_time() < end:
            pass
    worker = threading.Thread(target=busy)
    with cpu_budget(0.2):
        worker.start()
        time.sleep(0.6)                   # the other thread burns CPU meanwhile
        check_budget()                    # nothing of this thread's own was spent
    done.set()
    worker.join()


def test_a_mail_of_too_many_parts_is_refused_unread_with_a_reply_and_the_game_untouched(tmp_path, gm_hash):
    """A mail of 1,500 tiny attachments (each costs the mail parser time) is not parsed: its
    sender is told why, and nothing is applied though it holds a legal move."""
    pm, secrets = new_world(tmp_path, gm_hash)
    before = (pm.games_dir / f"{GAME}.pbem").read_bytes()
    raw = mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes\n", in_reply_to=latest(pm),
               files={f"f{i}.json": b"{}" for i in range(1500)})
    d = pm.handle("k1", raw)
    assert d.folder == "Rejected" and d.outcome == "unreadable", d.outcome
    assert (pm.games_dir / f"{GAME}.pbem").read_bytes() == before
    [reply] = d.outgoing
    assert reply.rcpts == (ADDR["Ann"],)
    said = " ".join(text_of(reply.raw).split())
    assert "MIME parts" in said and "at most 1,000" in said and "Nothing was applied" in said
    # the refusal answers the game the thread names: the move sent again in a reply to it counts
    assert f"[{GAME}]" in parse(reply.raw)["Subject"]
    d = pm.handle("k2", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes\n",
                             in_reply_to=reply.message_id))
    assert d.folder == "Processed", d.outcome


def test_a_mail_left_unread_is_tied_only_to_a_game_its_sender_plays(tmp_path, gm_hash):
    """The refusal of a mail left unread carries a game's state only for that game's own players:
    one naming another game by its subject is answered without any game's state."""
    pm, secrets = new_world(tmp_path, gm_hash)
    many = {f"f{i}.json": b"{}" for i in range(1500)}
    d = pm.handle("k1", mail(ADDR["Ann"], "Ann passes\n", subject="[other-club] move", files=many))
    [reply] = d.outgoing
    assert d.outcome == "unreadable" and d.game == "" and "X-Pbem-Head" not in parse(reply.raw)
    d = pm.handle("k2", mail(ADDR["Ann"], "Ann passes\n", subject=f"[{GAME}] move", files=many))
    [reply] = d.outgoing
    assert d.game == GAME and parse(reply.raw)["X-Pbem-Head"]


def test_a_reply_to_the_refusal_of_an_overlong_body_counts(tmp_path, gm_hash):
    """A mail of more lines than are read is refused in the game its thread names, so the move sent
    again in a reply to that refusal is applied (it answers the game's state)."""
    pm, secrets = new_world(tmp_path, gm_hash)
    long = "\n".join(f"> quoted line {i}" for i in range(2500))
    d = pm.handle("k1", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes\n{long}\n",
                             in_reply_to=latest(pm)))
    [reply] = d.outgoing
    assert d.outcome == "unreadable body" and d.game == GAME and "at most 2000 are read" in text_of(reply.raw)
    d = pm.handle("k2", mail(ADDR["Ann"], f"SIGNON {GAME} Ann {secrets['Ann']}\nAnn passes\n",
                             in_reply_to=reply.message_id))
    assert d.folder == "Processed", d.outcome
