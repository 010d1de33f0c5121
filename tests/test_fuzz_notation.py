"""Fuzzing the notation reader where a game reads it: any text, and soups and edits of real
move lines, submitted to a game at the table, read against real mid-game states and pasted as
transcripts, end in pbem's own errors (NotationError, RuleError, AmbiguousMoveError and the
table's refusals, all PbemError), never another exception."""
from __future__ import annotations

import copy
import re
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbem.errors import PbemError
from pbem.gamefile import GameFile
from pbem.gamefile.migrate import seal_file
from pbem.game_notation import checked, notation_context
from pbem.table import Table
from pbem.notation import read_message

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
WORK = Path(tempfile.mkdtemp(prefix="pbem-fuzz-notation-"))

FUZZ = settings(max_examples=150, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _lines(path: Path) -> list[str]:
    return [r.notation for r in GameFile.open(path).records if r.kind == "move"]


# real canonical lines (an imported 18xx.games game and the demo's mail moves) and their words
LINES = _lines(SAMPLES / "1882-18xx.games-5585.pbem") + _lines(SAMPLES / "1882-demo-opening.pbem")
WORDS = sorted({w for line in LINES for w in re.split(r"(\s+|[;,:()])", line) if w.strip()})
EXTRA = ["$", "%", "x", "#", "—", "->", "→", "OR", "SR", "1.1", "[", "]", "\t", "'", '"', "\\", "\r", "\n",
         "€", "é", "0" * 30, "-1", "for", "from", "at", "via", "with", "undo", "PASS", "buys", "sells"]

soup = st.lists(st.sampled_from(WORDS + EXTRA), max_size=14).map(" ".join)
edited = st.tuples(st.sampled_from(LINES), st.integers(0, 200), st.integers(0, 6),
                   st.sampled_from(WORDS + EXTRA + [""])).map(
    lambda t: t[0][: t[1]] + t[3] + t[0][t[1] + t[2]:])
texts = st.one_of(st.text(max_size=80), soup, edited,
                  st.lists(st.one_of(soup, edited), min_size=2, max_size=4).map("\n".join))


def _table(sample: str) -> Table:
    path = WORK / sample
    shutil.copyfile(SAMPLES / sample, path)
    seal_file(path)                      # an unsealed sample is the moderator's only once sealed
    return Table.open(path)


DEMO = _table("1882-demo-opening.pbem")
# real states: the demo's stock round, and the imported game early in its operating rounds and late
GAMES = [DEMO.game] + [Table.open(SAMPLES / "1882-18xx.games-5585.pbem", upto=n, moderator=False).game
                       for n in (120, 420)]


@FUZZ
@given(texts)
def test_text_read_against_real_states(text):
    for game in GAMES:
        for actor in (None, game.current_entity()):
            try:
                moves = read_message(text, notation_context(game, actor=actor if actor in game.players else None))
            except PbemError:
                continue
            trial = None
            for move in moves:
                trial = trial or copy.deepcopy(game)
                try:
                    trial.push(checked(move.action))
                except PbemError:
                    break


@FUZZ
@given(texts, st.sampled_from([None, "Ann", "Bob", "Cid", "Dee", "Zed"]))
def test_text_submitted_at_the_table(text, sender):
    try:
        DEMO.submit(text, seat=sender, source="fuzz").check()
    except PbemError:
        pass


@settings(FUZZ, max_examples=50)            # each paste copies the game twice: fewer, still varied
@given(texts)
def test_text_pasted_as_a_transcript(text):
    try:
        DEMO.paste_transcript(text)
    except PbemError:
        pass


@given(texts)
def test_text_judged_and_read_as_a_mail_s_lines(text):
    """A mail's lines judged against real states (by their words, then the unsure ones read:
    `classify.split_chat`) are each either chat or kept, and the table reads them with the
    judge's unsure lines without any exception but its own refusals."""
    from types import SimpleNamespace

    from pbem.mail.body import BodyLine
    from pbem.moderator.classify import judge_lines, split_chat

    lines = [BodyLine(i, t) for i, t in enumerate(text.split("\n"), 1) if t.strip()]
    for game in GAMES:
        chat, kept = split_chat(lines, SimpleNamespace(game=game))
        assert sorted([c.number for c in chat] + [k.number for k in kept]) == [ln.number for ln in lines]
    _, kept, unsure = judge_lines(lines, DEMO)
    if kept:
        slots = [""] * max(k.number for k in kept)          # as the moderator sends them: numbers kept
        for k in kept:
            slots[k.number - 1] = k.text
        try:
            DEMO.submit("\n".join(slots), seat="Ann", source="fuzz", unsure=unsure).check()
        except PbemError:
            pass
