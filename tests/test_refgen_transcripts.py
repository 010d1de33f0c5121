"""Whole transcripts of games played inside the 18xx.games engine (tools/refgen.rb), pasted into
a new pbem game as a player pastes the site's "Copy transcript".

The records and their transcripts in tests/data/refgen-transcripts were made with the reference
engine (`tools/refgen.rb`, `tools/ref_transcript.rb`); `tools/refgen_transcripts.py` plays any
number of fresh ones. Each game here holds log lines the shared records never show: an 1861
auction where nobody bids (the site then logs the winning bid only as its win), a merger whose
minors the site reports in its own order, a station removed from a hex of three cities, trainless
majors choosing nationalisation, loan interest paid after a lay, empty operating and stock rounds,
a private sold between players in 1830 and the D&H's lay and token, and in 1882 the NWR's own step,
its station moved from a hex of two cities, the waterfall's private given for nothing, the SC's
station placed by the company whose lay split its city, and a stock turn of two buys ended silently.
"""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from pbem.engine.actions import Bid, BuyCompany, Choose, Pass
from pbem.engine.game import Game
from pbem.importers.eighteen_xx import load_record
from pbem.notation import read_message
from pbem.table.transcript import TranscriptError, TranscriptQuestion, play_transcript
from pbem.titles import load_title

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "refgen-transcripts"
GAMES = sorted(p.name[: -len(".json.gz")] for p in DATA.glob("*.json.gz"))


def _game(name: str, tmp_path: Path):
    rec_path = tmp_path / f"{name}.json"
    rec_path.write_bytes(gzip.decompress((DATA / f"{name}.json.gz").read_bytes()))
    rec = load_record(rec_path)
    names = dict(rec.players)
    game = Game(load_title(rec.title), [(n, n) for n in names.values()], rec.seed, rec.options)
    return rec, names, game, gzip.decompress((DATA / f"{name}.txt.gz").read_bytes()).decode()


def test_there_are_games_of_each_title():
    assert {n.split("-")[0] for n in GAMES} == {"1830", "1861", "1882"}


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_generated_transcript_reaches_the_records_result(name, tmp_path):
    """A line the log leaves open (a token's city of which several let every later line replay) is
    answered with the first reading, as the paster would answer the question."""
    rec, names, game, text = _game(name, tmp_path)
    answers: dict[int, str] = {}
    while True:
        try:
            taken = play_transcript(text, game, answers)
            break
        except TranscriptQuestion as q:
            assert q.line not in answers and len(answers) < 3, str(q)
            answers[q.line] = q.candidates[0]
            rec, names, game, text = _game(name, tmp_path)
    assert [t.line for t in taken] == [i + 1 for i, ln in enumerate(text.split("\n")) if ln.strip()]
    assert game.finished
    assert {pid: game.player_value(names[pid]) for pid in rec.result} == rec.result


def _moves(taken, kind):
    return [a for t in taken for a in t.actions if isinstance(a, kind)]


def test_an_1861_auction_nobody_bids_on_is_passed_then_won_at_the_lowered_price(tmp_path):
    rec, names, game, text = _game("1861-p3-s1", tmp_path)
    lines = text.split("\n")
    assert lines[2].endswith("Player 1 declined to bid on Tsarskoye Selo Railway")
    assert lines[5].endswith("Nobody bid on Tsarskoye Selo Railway, reducing price to 15₽")
    # the bid that takes the private is written only as its win
    assert lines[6].endswith("Player 1 wins the auction for Tsarskoye Selo Railway with a bid of 15₽")
    taken = play_transcript("\n".join(lines[:7]), game)
    assert [t.kind for t in taken] == ["banner", "banner", "move", "move", "move", "banner", "move"]
    assert _moves(taken, Pass) == [Pass("Player 1"), Pass("Player 2"), Pass("Player 3")]
    assert _moves(taken, Bid) == [Bid("Player 1", "TSR", 15)]
    assert game.companies["TSR"].owner == "Player 1"


def test_a_win_at_another_price_than_the_lowered_one_is_refused_at_its_line(tmp_path):
    _, _, game, text = _game("1861-p3-s1", tmp_path)
    lines = text.split("\n")[:9]
    lines[6] = lines[6].replace("with a bid of 15₽", "with a bid of 10₽")
    with pytest.raises(TranscriptError) as info:
        play_transcript("\n".join(lines), game)
    assert info.value.line == 7


def test_a_trainless_majors_nationalisation_is_its_choice(tmp_path):
    rec, names, game, text = _game("1861-p4-s2", tmp_path)
    taken = play_transcript(text, game, {2221: "MKV places a token on D14 city 1"})
    chose = {t.line: t.actions for t in taken if any(isinstance(a, Choose) for a in t.actions)}
    lines = text.split("\n")
    assert chose and all(re.search(r"\] \S+ is nationalized$", lines[n - 1]) for n in chose)


def test_a_nationalisation_the_game_did_not_offer_is_refused(tmp_path):
    """A major with trains may not be nationalised: a forged line saying so stops the paste there."""
    _, _, game, text = _game("1861-p4-s2", tmp_path)
    lines = text.split("\n")
    at = next(i for i, ln in enumerate(lines) if ln.endswith("SE is nationalized"))
    forged = next(i for i, ln in enumerate(lines[:at]) if re.search(r"\] SE skips buy companies$", ln))
    lines.insert(forged + 1, lines[forged][:8] + "SE is nationalized")
    with pytest.raises(TranscriptError) as info:
        play_transcript("\n".join(lines), game)
    assert info.value.line <= forged + 2


def test_a_private_bought_from_another_player_in_1830(tmp_path):
    _, _, game, text = _game("1830-p3-s1", tmp_path)
    taken = play_transcript(text, game)
    lines = text.split("\n")
    sales = [t for t in taken if t.actions and isinstance(t.actions[-1], BuyCompany)
             and t.actions[-1].entity in game.players]
    assert sales and all(re.search(r"\] -- Player \d buys .+ from Player \d for \$\d+$", lines[t.line - 1])
                         for t in sales)


def test_a_private_sold_by_someone_who_does_not_own_it_is_refused(tmp_path):
    _, _, game, text = _game("1830-p3-s1", tmp_path)
    lines = text.split("\n")
    i = next(i for i, ln in enumerate(lines) if "-- Player 1 buys Champlain & St.Lawrence from Player 3" in ln)
    lines[i] = lines[i].replace("from Player 3", "from Player 2")
    with pytest.raises(TranscriptError) as info:
        play_transcript("\n".join(lines), game)
    assert info.value.line == i + 1


def test_a_private_nobody_would_buy_is_given_for_nothing_by_the_game(tmp_path):
    """1882's waterfall: every player passed until the cheapest private's price reached $0; the
    game gives it to the next player, and the site logs that as a purchase."""
    _, _, game, text = _game("1882-p2-s110", tmp_path)
    lines = text.split("\n")
    assert lines[18].endswith("Player 2 buys Hudson Bay for $0")
    assert lines[17].endswith("Hudson Bay minimum bid decreases from $5 to $0")
    taken = play_transcript("\n".join(lines[:19]), game)
    assert [t.kind for t in taken][-2:] == ["banner", "automatic"]
    assert game.companies["HB"].owner == "Player 2"


def test_a_privates_lay_is_paid_by_its_owner_and_a_false_cost_is_refused(tmp_path):
    """ "B&M (DH) spends $120 and lays tile #57 ...": the D&H's lay, B&M paying for it."""
    _, _, game, text = _game("1830-p3-s121", tmp_path)
    lines = text.split("\n")
    i = next(i for i, ln in enumerate(lines) if "(DH) spends $120 and lays" in ln)
    play_transcript("\n".join(lines[:i + 1]), game)
    _, _, game, _ = _game("1830-p3-s121", tmp_path)
    lines[i] = lines[i].replace("spends $120", "spends $100")
    with pytest.raises(TranscriptError) as info:
        play_transcript("\n".join(lines[:i + 1]), game)
    assert info.value.line == i + 1 and "spent $120" in str(info.value)


@pytest.mark.parametrize("line,title,kind,current,want", [
    ("[22:13] Bob declined to bid on Tsarskoye Selo Railway", "1861", "auction", "bob", Pass("bob")),
    ("[22:17] ERIE (DH) declines to place token", "1830", "operating", "ERIE", Pass("DH")),
    ("-- Ann buys Champlain & St.Lawrence from Bob for $44", "1830", "stock", "ann", BuyCompany("ann", "CS", 44)),
    ("[22:15] North West Rebellion passes nwr: lay track", "1882", "operating", "CPR", Pass("NWR")),
])
def test_the_sites_move_lines_are_read_by_the_grammar(line, title, kind, current, want):
    import sys

    sys.path.insert(0, str(HERE))
    from notation_kit import ctx

    assert [m.action for m in read_message(line, ctx(title, kind, current))] == [want]


@pytest.mark.parametrize("line,name", [
    ("[22:13] Nobody bid on Tsarskoye Selo Railway, reducing price to 15₽", "1861-p4-s2"),
    ("[22:13] Nobody bought Tsarskoye Selo Railway, reducing price to 10₽", "1861-p4-s2"),
    ("Following companies are removed BSS, WVR", "1861-p4-s2"),
    ("[22:25] NW owes 25₽ in loan interest but only has 8₽", "1861-p4-s2"),
    ("[22:13] Hudson Bay minimum bid decreases from $20 to $15", "1882-p2-s110"),
])
def test_the_sites_lines_that_are_no_moves_are_set_aside(line, name, tmp_path):
    """In a transcript each is a line of the game's own doing, never a move."""
    from pbem.game_notation import notation_context
    from pbem.reading import driver

    _, _, game, _ = _game(name, tmp_path)
    reading = driver.read(line, notation_context(game, trusted=False), transcript=True).raise_error()
    assert reading.moves == [] and [log.kind for _, log in reading.logs] in (["banner"], ["automatic"])


def test_the_record_files_are_the_games_the_reference_played():
    for name in GAMES:
        data = json.loads(gzip.decompress((DATA / f"{name}.json.gz").read_bytes()))
        assert data["id"] == f"refgen-{name}" and data["status"] == "finished"
