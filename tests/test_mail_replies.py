"""Reply headers, quotes and signatures in many languages and mail programs: tests/data/mail_replies.jsonl.

Each row is a reply body as a mail program writes it, with the lines the moderator should read.
The same table measures pbem's rules against the mail-parser-reply library
(`python benchmarks/mail_replies.py`, docs/mail.md "Reading a mail's text")."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.mail.body import split_body

ROWS = [json.loads(line) for line in
        (Path(__file__).parent / "data" / "mail_replies.jsonl").read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_only_the_new_lines_are_read(row):
    body = split_body(row["body"])
    assert [" ".join(line.text.split()) for line in body.lines] == row["new"]
    blank = sum(1 for line in row["body"].split("\n") if not line.strip()) - row["body"].endswith("\n")
    assert len(body.lines) + len(body.set_aside) == len(row["body"].split("\n")) - row["body"].endswith("\n") - blank


def test_the_table_covers_the_languages_and_programs():
    langs = {row["lang"] for row in ROWS}
    assert {"en", "de", "fr", "es", "nl", "it", "sv", "da", "pt", "pl", "ja"} <= langs
    clients = " ".join(row["client"] for row in ROWS)
    for name in ("Gmail", "Outlook", "Apple Mail", "iPhone", "Android", "Thunderbird", "Yahoo", "Proton", "signature"):
        assert name in clients
    bodies = " ".join(row["body"] for row in ROWS)
    for mark in ("-----Original Message-----", "\nSent: ", "\nVon: ", "\nDe : ", "\nVan: ", "\n-- \n", "Sent from my"):
        assert mark in bodies


@pytest.mark.parametrize("line", [
    "Write to me at <ann@example.org>:",                       # an address and a colon, but no time
    "Ann passes; at 10:02 I wrote to Bob:",                    # a time and a colon, but no address
])
def test_a_line_with_an_address_or_a_time_alone_is_no_reply_header(line):
    body = split_body(f"{line}\nAnn buys a share of CPR\n")
    assert [b.text for b in body.lines] == [line, "Ann buys a share of CPR"]


def test_a_gmail_header_in_any_language_needs_the_time_and_the_bracketed_address():
    body = split_body("Ann passes\n\nút 3. 11. 2026 v 10:02 odesílatel pbem moderator <mod@pbem.example> napsal:\n\n"
                      "> Bob passes\n")
    assert [b.text for b in body.lines] == ["Ann passes"]
    assert [s.why for s in body.set_aside] == ["reply header", "quoted text"]
