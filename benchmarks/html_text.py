"""HTML mail to text: the hand-written converter (pbem/mail/text.py) measured against inscriptis.

    python benchmarks/html_text.py            # from a git checkout (the hand-written code is read from history)

Each case is an HTML body as a mail program writes it (the HTML of the tests, and Gmail, Outlook,
Apple Mail, Thunderbird, table-layout and list shapes) with the move lines the player meant. A
converter passes a case when `split_body` of its text keeps exactly those lines (spaces
collapsed): the reply header, the quote and the signature set aside, no move lost. inscriptis is
run twice: as it comes (strict CSS profile) and through pbem's adapter, `html_to_text` in
pbem/mail/text.py (blockquotes as "> " lines, list items without numbers, paragraphs without
blank margins, deep nesting unwrapped). Then robustness: time and lost text on hostile shapes within the 1 MB
a mail may have.
"""
from __future__ import annotations

import time

import subprocess
import types
from pathlib import Path

from inscriptis import get_text
from inscriptis.css_profiles import CSS_PROFILES
from inscriptis.model.config import ParserConfig

from pbem.mail.body import split_body
from pbem.mail.text import html_to_text

#: The last commit with the hand-written converter (an html.parser walk), read from git history.
HAND_WRITTEN_AT = "10592d7"


def hand_written() -> types.FunctionType:
    """html_to_text of pbem/mail/text.py as it was at HAND_WRITTEN_AT."""
    source = subprocess.run(["git", "show", f"{HAND_WRITTEN_AT}:pbem/mail/text.py"], capture_output=True, text=True,
                            check=True, cwd=Path(__file__).resolve().parent.parent).stdout
    module = types.ModuleType("hand_written_text")
    exec(compile(source, f"{HAND_WRITTEN_AT}:pbem/mail/text.py", "exec"), module.__dict__)
    return module.html_to_text

QUOTE = "On Tue, Nov 3, 2026 at 10:02 AM pbem moderator &lt;mod@pbem.example&gt; wrote:"

CASES: list[tuple[str, str, list[str]]] = [
    ("tests: Gmail, quote holding a list", """<html><head><style>p { color: red; }</style><script>alert("x")</script></head>
<body><div dir="ltr">CPR lays 57 in I5 rot 2;&nbsp;runs 2-train I5-J10 for 60; pays out<br>
Carl buys a share of CN &amp; passes</div><div><br></div>
<div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Mon, 2 Nov 2026 at 20:15, Moderator &lt;moderator@pbem.example&gt; wrote:<br></div>
<blockquote class="gmail_quote" style="margin:0px"><div>It is CPR&#39;s turn.</div>
<ul><li>legal: lay a tile</li><li>Ann passes</li></ul></blockquote></div></body></html>""",
     ["CPR lays 57 in I5 rot 2; runs 2-train I5-J10 for 60; pays out", "Carl buys a share of CN & passes"]),
    ("tests: Gmail greeting, sign-off, header over two lines", """<div dir="ltr">Hi all,<br><br>Carl buys a share of CN &amp; passes<br><br>Cheers,<br>Carl</div><br>
<div class="gmail_quote"><div class="gmail_attr">On Mon, 2 Nov 2026 at 20:15, Moderator &lt;mod@pbem.example&gt;
wrote:<br></div><blockquote class="gmail_quote"><div>It is Carl's turn.</div></blockquote></div>""",
     ["Carl buys a share of CN & passes"]),
    ("tests: Outlook MsoNormal, From/Sent block", """<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal {margin:0cm}</style></head>
<body lang=EN-US><div class=WordSection1><p class=MsoNormal>Carl buys a 3-train from the depot for 180<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<div><div style='border:none;border-top:solid #E1E1E1 1.0pt'><p class=MsoNormal><b>From:</b> pbem moderator
&lt;mod@pbem.example&gt; <br><b>Sent:</b> Tuesday, November 3, 2026 10:02 AM<br><b>To:</b> Carl
&lt;carl@example.com&gt;<br><b>Subject:</b> OR 2.1<o:p></o:p></p></div></div>
<p class=MsoNormal>It is Carl's turn.<o:p></o:p></p></div></body></html>""",
     ["Carl buys a 3-train from the depot for 180"]),
    ("tests: reply header in inline table cells", """<html><body><div>Dana passes</div><br>
<table><tr><td><b>From:</b></td><td>pbem moderator &lt;mod@pbem.example&gt;</td></tr>
<tr><td><b>Date:</b></td><td>Tuesday, November 3, 2026 10:02 AM</td></tr>
<tr><td><b>To:</b></td><td>Dana &lt;dana@example.com&gt;</td></tr>
<tr><td><b>Subject:</b></td><td>SR 2</td></tr></table>
<div>Ann buys a 10% share of CPR</div></body></html>""", ["Dana passes"]),
    ("tests: postmaster div per line", """<html><body><div>Hi all,</div><div>SIGNON club-1882 Ann k7q2m</div>
<div>Ann bids 20 for HB</div><div>Cheers,<br>Ann</div></body></html>""",
     ["SIGNON club-1882 Ann k7q2m", "Ann bids 20 for HB"]),
    ("tests: pre and nested blockquotes", "<pre>Ann passes\n  Bob passes</pre><blockquote>one<blockquote>two"
     "</blockquote>three</blockquote>", ["Ann passes", "Bob passes"]),
    ("Gmail div/br with link in header", """<div dir="ltr"><div>Hi all,</div><div><br></div><div>CPR lays 57 in I5 rot 2</div>
<div>runs 2-train I5-J10 for 60; pays out</div><div><br></div><div>Cheers,</div><div>Carl</div></div><br>
<div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Tue, Nov 3, 2026 at 10:02 AM pbem moderator
&lt;<a href="mailto:mod@pbem.example">mod@pbem.example</a>&gt; wrote:<br></div><blockquote class="gmail_quote"
style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex"><div dir="ltr">It is CPR's turn.<br>
Ann passes<br></div></blockquote></div>""", ["CPR lays 57 in I5 rot 2", "runs 2-train I5-J10 for 60; pays out"]),
    ("Outlook: moves in a table of MsoNormal cells", """<html><body><div class=WordSection1>
<p class=MsoNormal>Carl passes<o:p></o:p></p>
<table class=MsoNormalTable border=0 cellspacing=0 cellpadding=0><tr><td><p class=MsoNormal>CPR<o:p></o:p></p></td>
<td><p class=MsoNormal>withholds<o:p></o:p></p></td></tr><tr><td><p class=MsoNormal>CN<o:p></o:p></p></td>
<td><p class=MsoNormal>pays out<o:p></o:p></p></td></tr></table>
<div style='border:none;border-top:solid #E1E1E1 1.0pt'><p class=MsoNormal><b>From:</b> pbem moderator &lt;mod@pbem.example&gt;<br>
<b>Sent:</b> Tuesday, November 3, 2026 10:02 AM<br><b>Subject:</b> OR 2.1</p></div>
<p class=MsoNormal>It is Carl's turn.</p></div></body></html>""", ["Carl passes", "CPR withholds", "CN pays out"]),
    ("Outlook: reply header in a table of MsoNormal cells", """<html><body><div class=WordSection1>
<p class=MsoNormal>Carl passes<o:p></o:p></p>
<table class=MsoNormalTable border=0 cellpadding=0><tr><td><p class=MsoNormal><b>From:</b></p></td>
<td><p class=MsoNormal>pbem moderator &lt;mod@pbem.example&gt;</p></td></tr>
<tr><td><p class=MsoNormal><b>Sent:</b></p></td><td><p class=MsoNormal>Tuesday, November 3, 2026 10:02 AM</p></td></tr>
<tr><td><p class=MsoNormal><b>Subject:</b></p></td><td><p class=MsoNormal>OR 2.1</p></td></tr></table>
<p class=MsoNormal>It is Carl's turn.</p><p class=MsoNormal>Ann passes</p></div></body></html>""", ["Carl passes"]),
    ("reply header as two cells of br-separated lines", """<div>Bob passes</div><table><tr>
<td><b>From:</b><br><b>Sent:</b><br><b>Subject:</b></td><td>pbem moderator &lt;mod@pbem.example&gt;<br>
Tuesday, November 3, 2026 10:02 AM<br>OR 2.1</td></tr></table><div>It is Bob's turn.</div><div>Ann passes</div>""",
     ["Bob passes"]),
    ("Apple Mail blockquote type=cite, iPhone signature", """<html><body dir="auto">Dana passes<div>Ann buys a 10% share of CPR</div>
<div><br></div><div>Dana<br><br><div dir="ltr">Sent from my iPhone</div><div dir="ltr"><br><blockquote type="cite">On 3 Nov 2026,
at 10:02, pbem moderator &lt;mod@pbem.example&gt; wrote:<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">It is
Dana's turn.<blockquote type="cite">Bob passes</blockquote></div></blockquote></div></body></html>""",
     ["Dana passes", "Ann buys a 10% share of CPR"]),
    ("Thunderbird: German header, moz-signature in pre", """<html><body><p>Gus passes</p><p>Gus buys a share of B&amp;O<br></p>
<div class="moz-cite-prefix">Am 03.11.26 um 10:02 schrieb pbem moderator:<br></div>
<blockquote type="cite" cite="mid:x@pbem.example">It is Gus's turn.<br>Ann passes</blockquote><br>
<pre class="moz-signature" cols="72">-- 
Gus Gruber
Bob passes</pre></body></html>""", ["Gus passes", "Gus buys a share of B&O"]),
    ("table-layout mail: moves in two columns", """<html><body><table width="100%"><tr><td><table>
<tr><td>Ed lays 9 in</td><td>H10 rot 1</td></tr><tr><td>Ed buys a 2-train</td><td>for 80</td></tr></table></td></tr>
<tr><td><hr><table><tr><th>From:</th><td>pbem moderator &lt;mod@pbem.example&gt;</td></tr><tr><th>Date:</th>
<td>3 Nov 2026</td></tr></table><p>It is Ed's turn.</p></td></tr></table></body></html>""",
     ["Ed lays 9 in H10 rot 1", "Ed buys a 2-train for 80"]),
    ("ordered list of moves", """<div>SIGNON club-1882 Fay k7q2m</div><ol><li>Fay bids 20 for HB</li><li>Fay passes</li></ol>""",
     ["SIGNON club-1882 Fay k7q2m", "Fay bids 20 for HB", "Fay passes"]),
    ("bulleted list of moves, nested", """<ul><li>PRR lays 57 in I5</li><li>PRR runs 2-train I5-J10 for 60<ul>
<li>PRR pays out</li></ul></li></ul><p>Thanks</p>""",
     ["PRR lays 57 in I5", "PRR runs 2-train I5-J10 for 60", "PRR pays out"]),
    ("moves after 300 nested divs (a long forwarded thread)", "<div>Ann passes</div>" + "<div>" * 300 + "old"
     + "</div>" * 300 + "<div>Bob passes</div>", ["Ann passes", "old", "Bob passes"]),
]


def inscriptis_plain(html: str) -> str:
    return get_text(html, ParserConfig(css=CSS_PROFILES["strict"].copy()))


CONVERTERS = {f"hand-written ({HAND_WRITTEN_AT})": hand_written(), "inscriptis as it comes": inscriptis_plain,
              "inscriptis + adapter (pbem/mail/text.py)": html_to_text}


def kept(text: str) -> list[str]:
    return [" ".join(line.text.split()) for line in split_body(text).lines]


def main() -> None:
    scores = {}
    for label, convert in CONVERTERS.items():
        print(f"== {label}")
        passed = 0
        for name, html, want in CASES:
            try:
                got = kept(convert(html))
            except Exception as e:  # a converter that raises fails the case
                got = [f"raised {type(e).__name__}"]
            ok = got == want
            passed += ok
            print(f"  {'pass' if ok else 'FAIL'}  {name}" + ("" if ok else f"\n        kept {got}"))
        scores[label] = passed
    print()
    for label, passed in scores.items():
        print(f"{label}: {passed}/{len(CASES)} cases")
    print("\nRobustness (seconds; characters of text out):")
    hostile = {
        "100,000 table cells (0.9 MB)": "<table>" + ("<tr>" + "<td>x</td>" * 250 + "</tr>") * 400 + "</table>",
        "25,000 paragraphs (1 MB)": "<p>Ann passes and Bob buys a share of CPR</p>\n" * 25000,
        "3,000 nested divs around a move": "<div>" * 3000 + "Ann passes" + "</div>" * 3000,
        "1,000 nested blockquotes, then a move": "<blockquote>" * 1000 + "old" + "</blockquote>" * 1000 + "Ann passes",
    }
    short = dict(zip(CONVERTERS, ("hand-written", "inscriptis", "adapter")))
    for name, html in hostile.items():
        row = []
        for label, convert in CONVERTERS.items():
            start = time.process_time()
            try:
                out = convert(html)
                lost = "" if ("Ann passes" in out or "x" in out) else " (the move lost)"
                row.append(f"{short[label]} {time.process_time() - start:.2f}s {len(out)} chars{lost}")
            except Exception as e:
                row.append(f"{short[label]} raised {type(e).__name__}")
        print(f"  {name}: " + "; ".join(row))

if __name__ == "__main__":
    main()
