"""Reply headers, quotes and signatures: pbem's own rules (pbem/mail/body.py, patterns.py) measured
against the mail-parser-reply library on tests/data/mail_replies.jsonl.

    pip install mail-parser-reply          # not a dependency of pbem; only this comparison uses it
    python benchmarks/mail_replies.py [-v] [--patterns-at REV]

(--patterns-at REV: our rules with pbem/mail/patterns.py as it was at git revision REV, e.g.
the commit before the rules were extended to this table.)

Each row of the table is a reply body as a mail program writes it (English, German, French,
Spanish, Dutch, Italian, Swedish, Danish, Portuguese, Polish, Japanese; Gmail, Outlook in five
languages, Apple Mail, iPhone, Android, Yahoo, Proton, Thunderbird, signatures) with the lines
the moderator should read. A reader passes a row when the lines it keeps (spaces collapsed,
blank lines left out) are exactly those. Scored:
  * ours: `split_body(body).lines`;
  * the library alone: `EmailReplyParser(languages=every language it has).parse_reply(body)`;
  * the library, then ours: its reply put through `split_body` (how it would be adopted: it
    finds the reply, our rules still take greetings and sign-offs off).
"""
from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

from mailparser_reply import EmailReplyParser
from mailparser_reply.constants import MAIL_LANGUAGES

import pbem.mail.body
from pbem.mail.body import split_body

TABLE = Path(__file__).resolve().parent.parent / "tests" / "data" / "mail_replies.jsonl"


def rows() -> list[dict]:
    return [json.loads(line) for line in TABLE.read_text(encoding="utf-8").splitlines() if line.strip()]


def _lines(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.split("\n") if line.strip()]


def ours(body: str) -> list[str]:
    return [" ".join(line.text.split()) for line in split_body(body).lines]


_PARSER = EmailReplyParser(languages=[lang for lang in MAIL_LANGUAGES if lang != "david"])


def library(body: str) -> list[str]:
    return _lines(_PARSER.parse_reply(body) or "")


def library_then_ours(body: str) -> list[str]:
    return ours(_PARSER.parse_reply(body) or "")


READERS = {"ours (pbem/mail/body.py)": ours, "mail-parser-reply alone": library,
           "mail-parser-reply, then ours": library_then_ours}


def use_patterns_at(rev: str) -> None:
    """Make split_body use pbem/mail/patterns.py as it was at git revision `rev`."""
    source = subprocess.run(["git", "show", f"{rev}:pbem/mail/patterns.py"], capture_output=True, text=True, check=True,
                            cwd=TABLE.parent).stdout
    module = types.ModuleType("patterns_at_" + rev)
    exec(compile(source, f"{rev}:pbem/mail/patterns.py", "exec"), module.__dict__)
    pbem.mail.body.p = module


def main() -> None:
    args = sys.argv[1:]
    verbose = "-v" in args
    if "--patterns-at" in args:
        rev = args[args.index("--patterns-at") + 1]
        use_patterns_at(rev)
        print(f"(our rules: pbem/mail/patterns.py at {rev})")
    table = rows()
    for label, read in READERS.items():
        failed = []
        for row in table:
            try:
                got = read(row["body"])
            except Exception as e:  # a reader that raises fails the row
                got = [f"raised {type(e).__name__}"]
            if got != row["new"]:
                failed.append((row["id"], got))
        print(f"{label}: {len(table) - len(failed)}/{len(table)} rows")
        for rid, got in failed:
            print(f"    missed {rid}" + (f": kept {got}" if verbose else ""))


if __name__ == "__main__":
    main()
