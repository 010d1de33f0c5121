"""A report mail's HTML part, opened in a real headless Chromium as a mail reader would show it
(its cid: images resolved from the mail's own parts): the map with the changed hex outlined
and the market are drawn on the page."""
from __future__ import annotations

import base64
import shutil
import subprocess

import pytest
from PIL import Image

from mailkit import GAME, GM, GM_SECRET, MOD, PLAYERS, create_body, mail, parse
from pbem.moderator.postmaster import Master, Postmaster
from pbem.moderator.signon import hash_secret


def chromium() -> str:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        pytest.fail("chromium is not installed (scripts/test.sh installs it)")
    return exe


def test_report_mail_html_shows_the_pictures_in_a_browser(tmp_path):
    pm = Postmaster(MOD, tmp_path / "games", masters=[Master(GM, hash_secret(GM_SECRET))])
    d = pm.handle("k0", mail(GM, create_body()))
    secret = next(__import__("re").search(rb"SIGNON \S+ Ann (\S+)", o.raw.replace(b"=\r\n", b"")).group(1).decode()
                  for o in d.outgoing if o.rcpts == (PLAYERS[0][1],) and b"welcome" in o.raw)
    welcome = next(o.message_id for o in d.outgoing if o.rcpts == (PLAYERS[0][1],) and "welcome" in o.message_id)
    d = pm.handle("k1", mail(PLAYERS[0][1], f"SIGNON {GAME} Ann {secret}\nAnn bids 20 for HB", subject=f"Re: [{GAME}]",
                             in_reply_to=welcome))                   # a reply to the welcome
    report = parse(next(o.raw for o in d.outgoing if "report" in o.message_id))
    html = next(p for p in report.walk() if p.get_content_type() == "text/html").get_content()
    assert "cid:map.png" in html and "cid:market.png" in html
    for part in report.walk():
        cid = (part.get("Content-ID") or "").strip("<>")
        if cid:
            html = html.replace(f"cid:{cid}", "data:image/png;base64," + base64.b64encode(part.get_content()).decode())
    page = tmp_path / "mail.html"
    page.write_text(html, encoding="utf-8")
    shot = tmp_path / "shot.png"
    p = subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={shot}", "--window-size=1000,1800", page.as_uri()],
                       capture_output=True, text=True, timeout=120)
    assert shot.exists(), p.stderr[-2000:]
    img = Image.open(shot).convert("RGB")
    colours = img.getcolors(maxcolors=1 << 20)
    assert len(colours) > 500                                  # pictures, not only text on white
    # the page shows the map: some of its terrain colour; the report text is on top
    near = sum(n for n, c in colours if sum(abs(a - b) for a, b in zip(c, (236, 228, 208))) < 25)
    assert near > 20_000, near
