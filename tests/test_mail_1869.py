"""An 1869 opening played by mail over real servers (Dovecot and an SMTP server, as
tests/test_mail_servers.py plays 1882's): the game created by mail, the privates auctioned and
the first shares bought in players' words, one refused move, the reports with the map and market
pictures, and the game file the same as the same moves through the CLI give."""
from __future__ import annotations

from mailkit import GM, GM_SECRET, MOD, PLAYERS, parse
from pbem.moderator.signon import hash_secret
from pbem.table import Table

from test_mail_servers import ADDR, moderator, replies_to, secrets_from_inboxes, send

GAME = "club-1869"

TURNS = [
    ("Ann", "Ann buys the Butterfield for $20"),
    ("Bob", "Bob buys Daily Overland for 40"),
    ("Cid", "Cid buys the Government Contract for 90"),
    ("Ann", "Ann buys MEC for 140"),
    ("Bob", "Bob buys the Explosives for 200"),
    ("Cid", "Cid buys LA-NY for 270\nCid pars Central Pacific at 100"),
    ("Ann", "Ann buys NO-SF for 280"),
    ("Bob", "Bob pars Northern Pacific at 76"),          # refused: group 2 is not open
    ("Bob", "Bob pars UP at 90"),
    ("Cid", "Cid buys a CPR share"),
]


def test_an_1869_opening_by_mail(mail_stack, mail, tmp_path):
    stack = mail_stack
    mod = moderator(stack, tmp_path, hash_secret(GM_SECRET))
    body = "\n".join([f"SIGNON {GAME} moderator {GM_SECRET}", f"CREATE {GAME} 1869 SEED 7"]
                     + [f"PLAYER {n} {a}" for n, a in PLAYERS])
    send(stack, GM, body, subject="new game")
    mod.run_once()
    secrets = secrets_from_inboxes(stack)
    refused = []
    for who, text in TURNS:
        mid = send(stack, f"{who} <{ADDR[who]}>", f"SIGNON {GAME} {who} {secrets[who]}\n{text}",
                   subject=f"[{GAME}] move")
        mod.run_once()
        got = replies_to(stack, ADDR[who], mid)
        assert len(got) == 1, (who, text)
        if "accepted" not in str(got[0]["Subject"]):
            refused.append(text)
    assert refused == ["Bob pars Northern Pacific at 76"]
    for name, addr in PLAYERS:
        reports = [parse(m) for m in stack.messages(addr) if parse(m)["X-Pbem-Head"]]
        assert reports
        pngs = [p for p in reports[-1].walk() if p.get_content_type() == "image/png"]
        assert {"<map.png>", "<market.png>"} <= {p["Content-ID"] for p in pngs}
        text = reports[-1].get_body(preferencelist=("plain",)).get_content()
        assert "Stock market: 1830's" in text and "Certificates: 1830's" in text
    table = Table.open(tmp_path / "games" / f"{GAME}.pbem")
    g = table.game
    assert g.round.name == "stock" and g.corporations["CPR"].president == "Cid"
    assert g.corporations["UP"].president == "Bob" and g.corporations["SP"].percent_of("Ann") == 10
    # the game file says the market is 1830's
    assert "1830's" in (tmp_path / "games" / f"{GAME}.pbem").read_text()
    assert stack.messages(MOD, "INBOX") == []
