"""A title plugs in from its own package, with no module of pbem edited or patched: a made-up
title ("toyland", in the test's tmp folder, found as an installed plug-in through its entry
point) with its own data file, one round of one step, and one kind of move of its own ("Ann
waves 2 times") with its notation and its 18xx.games record codec, and a rule of its own
grammar ("Ann flaps her flag three times") read by its own reader. A game of it is created,
the move listed, written, read back (from the line its kind writes and from the free text its
grammar reads), stored in a game file, replayed, explained, exported as an 18xx.games record
and imported back, and refused with a rule error when illegal; its step lets every player act
in any order, and the game tells each it is their turn.
It runs in a fresh interpreter that only has the tmp folder on its path besides pbem."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from pbem.titles import title_data

ROOT = Path(__file__).resolve().parent.parent

INIT = '''"""Toyland: a made-up title, a plug-in of pbem."""
from pbem.titles.registry import TitleEntry

TITLE = TitleEntry("toyland", "toyland", "ToyRules", (2, 6), kinds="kinds", grammar="grammar.lark",
                   readers="reading")
'''

KINDS = '''"""Toyland's own kind of move."""
from dataclasses import dataclass

from pbem.engine.actions import Action


@dataclass(frozen=True)
class Wave(Action, kind="wave"):
    """A player waves a flag `times` times, paying 10 a wave to the bank."""

    times: int
    words = "wave a flag"                          # how a message names the kind
    written = "waves {times} times"                # its canonical line, after who moves
    read = r"waves (?P<times>[0-9]+) times?"       # the exact reader of that line
    record_type = "wave_flag"                      # an 18xx.games record's action of it ...
    record_fields = {"count": "times"}             # ... and its fields: record key -> field
    verbs = ("wave", "waves", "waved", "waving")   # the words players write for it, in any tense
'''

GRAMMAR = '''// Toyland's addition to the notation grammar: "flaps her flag three times" (a wave)
%extend title_action: flap

flap: FLAP (HER FLAG)? count TIMES
%extend count: TIMES_WORD

FLAP.2: /flap(?:s|ped|ping)?(?![\\w'])/i
HER.2: /(?:her|his|their|my)(?![\\w'])/i
TIMES_WORD.2: /(?:one|two|three|four|five)(?![\\w'])/i
FLAG.2: /flags?(?![\\w'])/i
TIMES.2: /times?(?![\\w'])/i
'''

READING = '''"""How toyland's grammar addition reads: READERS, rule name -> its reader."""
from pbem.titles.reading import named

from toyland.kinds import Wave


def flap(reader, node, subject):
    """"Ann flaps her flag three times": a wave."""
    return [Wave(reader.entity("player", subject, node), reader.count(named(node, "count")[0]))]


READERS = {"flap": flap}
'''

RULES = '''"""Toyland: 1830's rules, but the game opens with a round in which everyone may wave a flag."""
from pbem.engine import actions as A
from pbem.engine.rounds.sequence import RoundSequence
from pbem.engine.step import LegalMove, Step, StepRound
from pbem.errors import RuleError
from pbem.titles.family1830.rules import Rules1830Family
from pbem.titles.registry import tile_data, title_data

from toyland.kinds import Wave


class Waving(Step):
    """Every player may wave (or pass) once, in any order."""

    name = "waving"

    def blocks(self):
        return bool(self.entities())

    def entities(self):
        return [p for p in self.round.order if p not in self.round.acted]

    def entity(self):
        waiting = self.entities()
        return waiting[0] if waiting else None

    def actions(self, entity):
        return ["wave", "pass"] if entity in self.entities() else []

    def moves_wave(self, entity):
        cash = self.game.players[entity].cash
        return [LegalMove(Wave(entity, n), f"pays {10 * n}") for n in (1, 2, 3) if 10 * n <= cash]

    def check_wave(self, action):
        if action.entity not in self.entities():
            raise RuleError(f"{action.entity} has waved or passed already", rule="waving once")
        if not 1 <= action.times <= 3:
            raise RuleError(f"a flag is waved 1 to 3 times, not {action.times}", rule="waving",
                            legal=[f"{action.entity} waves {n} times" for n in (1, 2, 3)])

    def apply_wave(self, action):
        self.game.pay_to_bank(action.entity, 10 * action.times)
        self.round.acted.add(action.entity)

    def moves_pass(self, entity):
        return [LegalMove(A.Pass(entity))]

    def check_pass(self, action):
        if action.entity not in self.entities():
            raise RuleError(f"{action.entity} has waved or passed already", rule="waving once")

    def apply_pass(self, action):
        self.round.acted.add(action.entity)


class WavingRound(StepRound):
    name = "waving"

    def __init__(self, game):
        self.game = game
        self.order = list(game.priority_order)
        self.acted = set()
        self.steps = [Waving(self)]

    def start(self):
        pass

    def finished(self):
        return len(self.acted) == len(self.order)

    def priority_holder(self):
        return self.order[0]

    def process(self, action):
        step = self.step_in_play()
        if step is None:
            raise RuleError("nobody waves now", rule="waving")
        step.process(action)


class ToyRules(Rules1830Family):

    def __init__(self, data=None):
        super().__init__("toyland", data if data is not None else title_data("toyland"), tile_data())

    def round_sequence(self):
        seq = super().round_sequence()
        return RoundSequence(initial=WavingRound, stock=seq.stock, operating=seq.operating)
'''

SCRIPT = '''
import json, sys
import pbem
from pbem.cli import main
from pbem.errors import RuleError

from pbem.moderator.replies import turn_line

out = {}
g = pbem.Game.new("toyland", ["Ann", "Bob"], seed=1)
out["listed"] = g.legal_notation()
out["acting"] = g.state.acting_entities()                    # both may wave, in any order
out["turns"] = [turn_line(g.state, "Ann"), turn_line(g.state, "Bob")]
try:
    g.push_notation("Bob waves 7 times")
    out["refused"] = None
except RuleError as e:
    out["refused"] = [str(e), e.rule]
g.push_notation("Bob waves 1 times", as_="Bob")              # before Ann, who is first in seat order
out["acting_after"] = g.state.acting_entities()
g.push_notation("Ann waves 2 times")                       # read from what a player writes
out["written"] = g.notation(g.moves[-1])
out["cash"] = g.state.players["Ann"].cash
out["round"] = g.state.round.name
path = sys.argv[1]
out["new"] = main(["new", "toyland", path, "--players", "Ann <ann@x>", "Bob <bob@x>"])
out["move"] = main(["move", path, "Ann waves 2 times"])
out["bad"] = main(["move", path, "Bob waves 9 times"])
out["file"] = open(path, encoding="utf-8").read()
replayed = pbem.read_game(path)
out["replayed"] = [replayed.notation(m) for m in replayed.moves]
out["replayed_cash"] = replayed.state.players["Ann"].cash

# free text its own grammar rule reads (not the line its kind writes), by its own reader
g2 = pbem.Game.new("toyland", ["Ann", "Bob"], seed=1)
g2.push_notation("Ann flaps her flag three times")
out["flapped"] = g2.notation(g2.moves[-1])

# free text no rule of its own reads: the notation's one interpreter, by the kind's verbs
g3 = pbem.Game.new("toyland", ["Ann", "Bob"], seed=1)
g3.push_notation("Morning all - waved my flag twice, sorry for the delay", as_="Bob")
out["waved"] = [g3.notation(m) for m in g3.moves]
out["not_waved"] = []
for line in ("I might wave three times", "Ann waves at Bob", "Ann waved 2 times on J10"):
    try:
        g3.push_notation(line, as_="Ann")
        out["not_waved"].append(None)
    except pbem.errors.PbemError as e:
        out["not_waved"].append(type(e).__name__)

# the game file as an 18xx.games record, and the record turned back into a game file
record = path + ".json"
out["export"] = main(["export-18xx", path, record])
out["record"] = json.load(open(record, encoding="utf-8"))["actions"]
out["import"] = main(["import-18xx", record, path + ".back.pbem"])
back = pbem.read_game(path + ".back.pbem")
out["imported"] = [back.notation(m) for m in back.moves]
from pbem.importers.eighteen_xx import RecordError, record_from
data = json.load(open(record, encoding="utf-8"))
data["actions"][0]["count"] = "two"
try:
    record_from(data)
    out["bad_record"] = None
except RecordError as e:                                    # its fields checked as its codec says
    out["bad_record"] = str(e)

# the mail moderator: a game of it created by mail, both players told it is their turn, a move
# mailed out of seat order applied
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from mailkit import GM, GM_SECRET, latest, mail, parse, secret_in, text_of
from pbem.moderator.postmaster import Master, Postmaster
from pbem.moderator.signon import hash_secret

pm = Postmaster("moderator@pbem.test", Path(sys.argv[3]), masters=[Master(GM, hash_secret(GM_SECRET))],
                render_images=False)
d = pm.handle("c", mail(GM, f"SIGNON toy moderator {GM_SECRET}\\nCREATE toy toyland SEED 3\\n"
                            "PLAYER Ann ann@pbem.test\\nPLAYER Bob bob@pbem.test"))
out["created"] = d.folder
secrets = {n: secret_in(o.raw, n) for o in d.outgoing for n in ("Ann", "Bob")
           if o.rcpts == (f"{n.lower()}@pbem.test",) and "welcome" in str(parse(o.raw)["Subject"])}
out["turn_mails"] = sorted(o.rcpts[0] for o in d.outgoing if text_of(o.raw).startswith("YOUR TURN"))
head = open(pm.game_path("toy"), "rb").read()
d = pm.handle("a", mail("ann@pbem.test", f"SIGNON toy Ann {secrets['Ann']}\\nBob waves 1 times",
                        subject="Re: [toy] your turn", in_reply_to=latest(pm, "toy")))
out["ann_for_bob"] = [d.folder, d.outcome, open(pm.game_path("toy"), "rb").read() == head]
d = pm.handle("b", mail("bob@pbem.test", f"SIGNON toy Bob {secrets['Bob']}\\nBob waves 3 times",
                        subject="Re: [toy] your turn", in_reply_to=latest(pm, "toy")))
out["bob_mail"] = [d.folder, d.outcome]
print("RESULT " + json.dumps(out))
'''


def _tree_digest() -> str:
    h = hashlib.sha256()
    for p in sorted((ROOT / "pbem").rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()


def test_a_made_up_title_with_its_own_kind_of_move_plugs_in_from_its_own_package(tmp_path):
    before = _tree_digest()
    pkg = tmp_path / "toyland"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(INIT)
    (pkg / "kinds.py").write_text(KINDS)
    (pkg / "grammar.lark").write_text(GRAMMAR)
    (pkg / "reading.py").write_text(READING)
    (pkg / "rules.py").write_text(RULES)
    (pkg / "data.json").write_text(json.dumps({**title_data("1830"), "title": "toyland"}))
    dist = tmp_path / "toyland-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: toyland\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[pbem.titles]\ntoyland = toyland:TITLE\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "toy.pbem"), str(ROOT / "tests"),
                          str(tmp_path / "games")], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(next(ln for ln in run.stdout.splitlines() if ln.startswith("RESULT "))[7:])
    # listed, written, read back
    assert "Ann waves 1 times" in "\n".join(out["listed"]) and any("Ann passes" in m for m in out["listed"])
    assert out["written"] == "Ann waves 2 times"
    assert out["cash"] == title_data("1830")["starting_cash"]["2"] - 20
    # refused with the rule it breaks
    assert out["refused"] and "1 to 3 times, not 7" in out["refused"][0] and out["refused"][1] == "waving"
    # a step several may act at, in any order: each is told it is their turn
    assert out["acting"] == ["Ann", "Bob"] and out["acting_after"] == ["Ann"] and out["round"] == "stock"
    assert all(t.startswith("YOUR TURN") for t in out["turns"]), out["turns"]
    # stored in a game file and replayed from it; an illegal move leaves the file as it was
    assert out["new"] == 0 and out["move"] == 0 and out["bad"] != 0
    assert '"Ann waves 2 times"' in out["file"] and "waves 9" not in out["file"]
    assert out["replayed"] == ["Ann waves 2 times"] and out["replayed_cash"] == out["cash"]
    # a line of its own grammar rule, which the kind's whole-line pattern does not read
    assert out["flapped"] == "Ann waves 3 times"
    # read in free text by the interpreter, through the kind's verbs: pbem/notation names no wave
    assert out["waved"] == ["Bob waves 2 times"]
    assert out["not_waved"] == ["NotationError"] * 3
    notation = ROOT / "pbem" / "notation"
    assert not [p.name for p in notation.glob("*.py") if "wave" in p.read_text(encoding="utf-8").lower()]
    # exported as an 18xx.games record with its own codec, and imported back
    assert out["export"] == 0 and out["import"] == 0
    assert out["record"] == [{"type": "wave_flag", "entity": 1, "entity_type": "player", "count": 2, "id": 1}]
    assert out["imported"] == ["Ann waves 2 times"]
    assert out["bad_record"] and 'field "count": expected an integer, got "two"' in out["bad_record"], out["bad_record"]
    # by mail: both players are told it is their turn; Bob's move, out of seat order, is applied
    assert out["created"] == "Processed" and out["turn_mails"] == ["ann@pbem.test", "bob@pbem.test"]
    assert out["bob_mail"][0] == "Processed" and "Bob applied moves" in out["bob_mail"][1], out["bob_mail"]
    # nobody moves for another seat with a title's own kind either: refused, the file untouched
    assert out["ann_for_bob"][0] == "Rejected" and out["ann_for_bob"][2], out["ann_for_bob"]
    assert "Ann may not move for Bob" in out["ann_for_bob"][1], out["ann_for_bob"]
    # explained
    run = subprocess.run([sys.executable, "-m", "pbem", "explain", str(tmp_path / "toy.pbem"), "1"],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "Ann waves 2 times" in run.stdout and "20" in run.stdout, run.stdout
    # nothing of pbem was edited to make it work (and the plug-in ran in its own interpreter:
    # nothing was patched either)
    assert _tree_digest() == before
