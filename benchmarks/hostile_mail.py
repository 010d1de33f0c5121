#!/usr/bin/env python3
"""CPU time and peak memory of `parse_letter` on mails whose headers or parts cost Python's mail
package far more than their size: anyone can send them, before the moderator knows who wrote.
Each mail is under the 1 MB a mail may have and is read in a process of its own.

    python benchmarks/hostile_mail.py

Target: at most 0.5 s of CPU and 200 MB for each header or part case; an HTML mail of 40,000 table
rows is laid out, not refused (its figure is printed beside the others, target 5 s).
Before the bounds of `pbem/mail/letter.py` (`HEADER_MAX`, `MAX_PARTS`; measured at 5b85403, 2 Dec
2026): 25,000 parts 16.9 s; a Content-Type of 60,000 parameters 96 s (a part's: 74 s); Reply-To or
Auto-Submitted of 60,000 words 27 s; a Subject of 180,000 words 11 s; a Subject, X-Pbem-Game or
file name of 60,000 encoded words about 5 s and 2.9 GB (a process allowed 3 GB; one without a
limit was killed); a To of 40,000 addresses 30 s; 35,000 To headers 9.5 s, as many Reply-To 11.8 s;
990 parts of 110 parameters each 35 s.
"""
from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = b"From: ann@x.test\r\nTo: m@x.test\r\n"
ENCODED = b"=?utf-8?q?a?= "


def cases() -> dict[str, bytes]:
    multi = b"Content-Type: multipart/mixed; boundary=B\r\n\r\n"
    return {
        "25,000 parts": BASE + multi + b"".join(b"--B\r\nContent-Type: text/plain\r\n\r\nx\r\n" for _ in range(25000)) + b"--B--\r\n",
        "Content-Type of 60,000 parameters": BASE + b"Content-Type: text/plain; " + b"; ".join(b"p%d=v" % i for i in range(60000)) + b"\r\n\r\nx\r\n",
        "a part's Content-Type, 60,000 parameters": BASE + multi + b"--B\r\nContent-Type: text/plain; "
        + b"; ".join(b"p%d=v" % i for i in range(60000)) + b"\r\n\r\nx\r\n--B--\r\n",
        "990 parts of 110 parameters each": BASE + multi + b"".join(b"--B\r\nContent-Type: text/plain; "
        + b"; ".join(b"p%d=v" % i for i in range(110)) + b"\r\n\r\nx\r\n" for _ in range(990)) + b"--B--\r\n",
        "parameters up to the bound (18 parts of 110)": BASE + multi + b"".join(b"--B\r\nContent-Type: text/plain; "
        + b"; ".join(b"p%d=v" % i for i in range(110)) + b"\r\n\r\nx\r\n" for _ in range(18)) + b"--B--\r\n",
        "a file name of 60,000 encoded words": BASE + multi + b"--B\r\nContent-Type: text/plain\r\n\r\nx\r\n--B\r\n"
        b"Content-Disposition: attachment; filename=\"" + ENCODED * 60000 + b"\"\r\n\r\nx\r\n--B--\r\n",
        "Subject of 180,000 words": BASE + b"Subject: " + b"word " * 180000 + b"\r\n\r\nx\r\n",
        "Subject of 60,000 encoded words": BASE + b"Subject: " + ENCODED * 60000 + b"\r\n\r\nx\r\n",
        "X-Pbem-Game of 60,000 encoded words": BASE + b"X-Pbem-Game: " + ENCODED * 60000 + b"\r\n\r\nx\r\n",
        "Reply-To of 60,000 addresses": BASE + b"Reply-To: " + b", ".join(b"a%d@x.test" % i for i in range(60000)) + b"\r\n\r\nx\r\n",
        "Auto-Submitted of 250,000 words": BASE + b"Auto-Submitted: " + b"no " * 250000 + b"\r\n\r\nx\r\n",
        "To of 40,000 addresses": b"From: ann@x.test\r\nTo: " + b", ".join(b"a%d@x.test" % i for i in range(40000)) + b"\r\n\r\nx\r\n",
        "35,000 To headers": b"From: ann@x.test\r\n" + b"".join(b"To: a%d@x.test\r\n" % i for i in range(35000)) + b"\r\nx\r\n",
        "35,000 Reply-To headers": BASE + b"".join(b"Reply-To: a%d@x.test\r\n" % i for i in range(35000)) + b"\r\nx\r\n",
        "References of 40,000 ids": BASE + b"References: " + b" ".join(b"<a%d@x>" % i for i in range(40000)) + b"\r\n\r\nx\r\n",
        "HTML of 40,000 table rows": BASE + b"Content-Type: text/html\r\n\r\n<table>" + b"<tr><td>x</td></tr>" * 40000 + b"</table>\r\n",
    }


def one(name: str) -> None:
    sys.path.insert(0, str(ROOT))
    from pbem.mail.letter import parse_letter

    raw = cases()[name]
    t = time.process_time()
    letter = parse_letter(raw)
    cpu = time.process_time() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"{name:42s} {len(raw):>9,} bytes {cpu:6.2f} s {peak:5d} MB  {'unread' if letter.unread else 'read'}")


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        one(sys.argv[2])
        return
    print("target: <= 0.5 s and <= 200 MB each (the HTML mail: <= 5 s)")
    for name in cases():
        out = subprocess.run([sys.executable, __file__, "--one", name], capture_output=True, text=True, timeout=600)
        print(out.stdout.strip() or f"{name}: failed: {out.stderr.strip()[-200:]}")


if __name__ == "__main__":
    main()
