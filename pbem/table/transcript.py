"""Playing a pasted 18xx.games transcript into a game, line by line, checking what it says.

Every line is classified (pbem/notation/logs.py): a move, a consequence of the move before,
a banner, a turn ("Ann operates CPR"), an automatic action, or chat. The moves are applied
in order; each consequence line (and every claim written inside a move line, such as the
payees of a dividend) is checked against what the move did; a turn line is checked against
whose turn it is. The first line that cannot be read, is refused by the rules or states a
false result stops the replay with a `TranscriptError` naming that line.

A line several moves fit (a token whose city the log does not name) takes the one reading
under which the following lines replay; when more than one does, the replay stops with a
`TranscriptQuestion` listing them, and is played again with `answers={line: move}`.
"""
from __future__ import annotations

import copy
import dataclasses
import re
from dataclasses import dataclass
from typing import Mapping, Optional

from pbem.engine.actions import (
    Action, Bankrupt, Bid, BuyCompany, BuyShares, Choose, LayTile, Merge, Par, Pass, PlaceToken, RemoveToken, RunRoutes,
    SellShares,
)
from pbem.engine.game import Game
from pbem.errors import AmbiguousMoveError, PbemError
from pbem.reading import driver
from pbem.notation.claims import Claim

from pbem.reading.labels import round_label
from pbem.reading.claims import applied, chained_price_moves, false_claims, snapshot
from pbem.reading.settle import push_implicit_passes
from pbem.reading.settle import _token_line, _token_places, reports_automatic, settle_token  # noqa: F401

__all__ = ["TranscriptError", "TranscriptQuestion", "TranscriptLine", "play_transcript", "settle_token",
           "reports_automatic"]


class TranscriptError(PbemError):
    """A transcript line that cannot be read, is refused, or states a false result."""

    def __init__(self, message: str, *, line: int, text: str):
        super().__init__(f"line {line}: {message}\n    {text}")
        self.line = line
        self.text = text


class TranscriptQuestion(TranscriptError):
    """A line that several moves fit, and the rest of the transcript does not tell which:
    `candidates` lists them; play again with answers={line: candidate}."""

    def __init__(self, message: str, *, line: int, text: str, candidates: list[str]):
        super().__init__(message, line=line, text=text)
        self.candidates = candidates


@dataclass(frozen=True)
class TranscriptLine:
    """How one line of a transcript was taken."""

    line: int
    kind: str          # move, consequence, banner, turn, automatic, chat
    text: str
    actions: tuple = ()   # what the line applied: the move, and passes it implies before it


#: how many lines after an under-specified move are tried with each reading of it
LOOKAHEAD = 80
DEBUG = False


def play_transcript(text: str, game: Game, answers: Optional[Mapping[int, str]] = None) -> list[TranscriptLine]:
    """Apply the moves of a pasted transcript to `game`, checking every line (see module doc).

    A token written without its city where the hex has several legal places ("QLL places a
    token on J10 (Pile o' Bones & Lumsden)", a home token chosen by the player) is settled
    by the lines that follow: each placement is tried with the next LOOKAHEAD lines, and the
    one placement under which they all replay is taken; if none or several do, the replay
    stops at that line with the candidates.
    """
    from pbem.game_notation import notation_context

    lines = text.split("\n")
    ctx = notation_context(game, trusted=False)
    try:
        reading = driver.read(text, ctx, transcript=True).raise_error()
        moves, aside = reading.moves, reading.logs
    except PbemError as e:
        no = getattr(e, "line", None)
        if not no:                 # an error that names its line only in its text
            m = re.match(r"line (\d+)\b", str(e))
            no = int(m.group(1)) if m else 0
        raise TranscriptError(f"cannot be read: {e}", line=no,
                              text=lines[no - 1] if 0 < no <= len(lines) else "") from e
    events = sorted([(n, 1, log) for n, log in aside] + [(m.line, 0, m) for m in moves],
                    key=lambda x: (x[0], x[1]))
    out: list[TranscriptLine] = []
    _run(game, _Paste(events, lines, dict(answers or {})), 0, len(events), out)
    seen: dict = {}
    for t in out:      # one entry per line (a line may carry several claims, or two moves)
        had = seen.get(t.line)
        if had is None:
            seen[t.line] = t
        elif t.actions:
            seen[t.line] = dataclasses.replace(t, actions=had.actions + t.actions)
    return sorted(seen.values(), key=lambda t: t.line)


def _run(game: Game, paste: "_Paste", start: int, stop: int, out: list[TranscriptLine]) -> None:
    """Play events[start:stop] into `game`; TranscriptError at the first line that fails."""
    from pbem.reading.settle import share_size as _share_size

    events, lines = paste.events, paste.lines
    last = None       # (action, before, after, final) of the last move applied
    turn_start = None  # the state as the company's operating turn began ("Ann operates CPR")
    deferred: list = []  # results written before the move that has them ("receives a share" before the merger)
    broke = None      # the player whose bankruptcy was just applied: their forced sales follow
    for i in range(start, stop):
        no, is_log, item = events[i]
        raw = lines[no - 1]
        if is_log and item.kind == "bankrupt":
            corp = game.corporations.get(game.current_entity())
            if corp is None or corp.president != item.entity:
                raise TranscriptError(f"{item.entity} does not run the company that is operating",
                                      line=no, text=raw)
            try:
                last = (Bankrupt(corp.sym), *applied(game, Bankrupt(corp.sym)))
            except PbemError as e:
                raise TranscriptError(f"refused: {e}", line=no, text=raw) from e
            broke = item.entity
            out.append(TranscriptLine(no, "move", item.text, (last[0],)))
            continue
        if not is_log and broke is not None and isinstance(item.action, SellShares) \
                and item.action.entity == broke:
            out.append(TranscriptLine(no, "consequence", raw.strip()))   # the forced sales of the bankruptcy
            out.extend(TranscriptLine(c.line, "consequence", lines[c.line - 1].strip())
                       for c in item.claims if c.line and c.line != no)
            continue
        broke = None
        if is_log and item.kind == "finish_merge":
            skips = _finish_merge(game, item.entity)
            for skip in skips:
                try:
                    game.push(skip)
                except PbemError as e:
                    raise TranscriptError(f"refused: {e}", line=no, text=raw) from e
            out.append(TranscriptLine(no, "move" if skips else "automatic", item.text, tuple(skips)))
            continue
        if is_log:
            if item.kind in ("turn", "banner"):
                deferred = _unlogged_moves(game, deferred, paste, out)
            _check_round_banner(game, item, no, raw, paste.moved_in)
            if item.kind == "turn" and item.entity is not None and game.current_entity() != item.entity:
                raise TranscriptError(f"says {item.entity} operates, but it is {game.current_entity()}'s turn",
                                      line=no, text=raw)
            if item.kind == "turn":
                turn_start = snapshot(game)
            chooser = _CHOOSES_CITY.match(item.text)
            paste.choosing = chooser.group(1) if chooser else None
            out.append(TranscriptLine(no, item.kind, item.text))
            continue
        deferred = _unlogged_moves(game, deferred, paste, out)
        action: Action = item.action
        if isinstance(action, Par) and getattr(game.round, "name", "") == "merger" \
                and game.current_entity() not in game.players:
            # 1861: the par of the major a minor converts into, written before the conversion
            deferred.append(Claim("president", (action.entity, action.corporation), raw.strip(), 1, no))
            deferred.extend(c if c.line else dataclasses.replace(c, line=no) for c in item.claims)
            out.append(TranscriptLine(no, "consequence", raw.strip()))
            out.extend(TranscriptLine(c.line, "consequence", lines[c.line - 1].strip())
                       for c in item.claims if c.line and c.line != no)
            continue
        if reports_automatic(game, action):
            # what the game did itself with the move before (a home token, "does not run" of a
            # company without trains): its results are checked against that move
            if last is not None:
                # cash claims about a move the game made among others (the national's loans and
                # train) cannot be told apart from the rest of that move's cash: not checked
                claims = tuple(c for c in item.claims if c.kind not in ("gets", "spent"))
                # (a run the game skipped may have been skipped by an earlier move of the turn than
                # the site shows: a private's own step comes between, as 1882's NWR: checked from
                # the turn's start)
                action_, before, after, final = last
                if turn_start is not None and isinstance(action, RunRoutes):
                    before = turn_start
                deferred = _check(claims, action_, before, after, final, lines, no, _share_size(game, last[0]),
                                  deferred)
            out.append(TranscriptLine(no, "automatic", raw.strip()))
            out.extend(TranscriptLine(c.line, "consequence", lines[c.line - 1].strip())
                       for c in item.claims if c.line and c.line != no)
            continue
        try:
            implied = _silent_passes(game, action)
            for skip in implied:
                game.push(skip)          # the stock turn 18xx.games ended without a line
            # a later step's move skips the optional steps before it (pushed as they are found)
            implied.extend(_skipped_steps(game, action))
            if isinstance(action, PlaceToken) and "neutral" in item.open:
                action = _in_place_of_neutral(game, action)
            elif isinstance(action, (PlaceToken, RemoveToken)) and "city" in item.open:
                try:
                    action = settle_token(game, action)
                except AmbiguousMoveError as e:
                    action = _by_what_follows(game, paste, i, stop, e, _token_places(game, action))
            if paste.choosing == game.current_entity():
                action = _token_chosen_for(game, action)
            action = _merger_lead(game, action)
            alts = _by_owned_company(game, action)
            if len(alts) == 1:
                action = alts[0]
            else:
                e = AmbiguousMoveError(f"{action.entity} or the private company it owns may make this move",
                                       candidates=[f"{a.entity}: {type(a).__name__}" for a in alts])
                action = _by_what_follows(game, paste, i, stop, e, alts)
            paste.moved_in = round_label(game)
            before, after, final = applied(game, action)
        except PbemError as e:
            if isinstance(e, TranscriptError):
                raise
            raise TranscriptError(f"refused: {e}", line=no, text=raw) from e
        last = (action, before, after, final)
        # the results a log line reports of the move after it, then those of this move
        same_line_next = i + 1 < stop and events[i + 1][0] == no and not events[i + 1][1]
        kept = _check(deferred, *last, lines, no, _share_size(game, action), [] if same_line_next else None)
        deferred = kept + _check(item.claims, *last, lines, no, _share_size(game, action), [])
        out.append(TranscriptLine(no, "move", raw.strip(), tuple(implied) + (action,)))
        out.extend(TranscriptLine(c.line, "consequence", lines[c.line - 1].strip())
                   for c in item.claims if c.line and c.line != no)


#: a win written with its price: after the price of a private nobody bid on was lowered (1861),
#: the site logs the bid that takes it at that price only as its win
_WON_AT = re.compile(r"\bwins the auction for .+? with a bid of [$₽]?(\d+)")
_NATIONALISED = re.compile(r"^\s*(?:\[[\d:]+\]\s*)?\S+ is nationali[sz]ed\s*$")


def _unlogged_move(game: Game, claim: Claim) -> Optional[Action]:
    """The move a result line stands for when the site writes no line of its own for it: a bid
    told by its win (above), a trainless major's choice told by its nationalisation (1861)."""
    m = _WON_AT.search(claim.text) if claim.kind == "owns" else None
    if m is not None:
        return Bid(claim.value[0], claim.value[1], int(m.group(1)))
    if claim.kind == "closes" and _NATIONALISED.match(claim.text):
        return Choose(claim.value, "nationalize")
    return None


def _unlogged_moves(game: Game, deferred: list, paste: "_Paste", out: list[TranscriptLine]) -> list:
    """Apply the moves told only by a result kept for a move to come (`_unlogged_move`) when they
    are the game's next move; check the results kept from that line on against each. The claims left."""
    for i, claim in enumerate(deferred):
        move = _unlogged_move(game, claim)
        if move is None or game.current_entity() != move.entity:
            continue
        was = round_label(game)
        try:
            last = (move, *applied(game, move))
        except PbemError as e:
            if isinstance(move, Bid):       # the winner is to bid now: the price told is wrong
                raise TranscriptError(f"refused: {e}", line=claim.line, text=paste.lines[claim.line - 1]) from e
            continue                        # (a closure some later move makes)
        paste.moved_in = was
        later = [c for c in deferred[i:] if c.line is None or c.line >= claim.line]
        earlier = [c for c in deferred if c not in later]
        out.append(TranscriptLine(claim.line, "move", claim.text, (move,)))
        kept = _check(later, *last, paste.lines, claim.line, 10, [])
        return _unlogged_moves(game, earlier + kept, paste, out)
    return deferred


_ROUND_BANNER = re.compile(r"^\s*--\s*(Stock|Operating) Round (\d+)(?:\.(\d+))?(?:\s*\(of \d+\))?\s*--\s*$")


_PRIORITY_BANNER = re.compile(r"^\s*(.+?) has priority deal\s*$")
_PHASE_BANNER = re.compile(r"^\s*--\s*Phase (\S+) \(")


def _check_round_banner(game: Game, log, no: int, raw: str, moved_in: Optional[str] = None) -> None:
    """ "-- Operating Round 2.1 (of 2) --": the game must be in that round now, or have passed
    through it with no move since the last one (made in `moved_in`): an operating round no
    corporation operated in, a stock round where no player could act."""
    if log.kind != "banner":
        return
    d = _PRIORITY_BANNER.match(log.text)
    if d and d.group(1) in game.players and game.priority_order and game.priority_order[0] != d.group(1):
        raise TranscriptError(f"says {d.group(1)} has priority deal, but {game.priority_order[0]} has it",
                              line=no, text=raw)
    p = _PHASE_BANNER.match(log.text)
    if p and str(game.phase.name) != p.group(1):
        raise TranscriptError(f"says phase {p.group(1)}, but the game is in phase {game.phase.name}",
                              line=no, text=raw)
    m = _ROUND_BANNER.match(log.text)
    if not m:
        return
    want = f"SR {m.group(2)}" if m.group(1) == "Stock" else f"OR {m.group(2)}.{m.group(3) or 1}"
    have = round_label(game)
    if moved_in is not None and have and _round_order(moved_in) < _round_order(want) < _round_order(have):
        return
    if have != want:
        raise TranscriptError(f"says {want}, but the game is in {have or 'the private auction'}",
                              line=no, text=raw)


def _round_order(label: str) -> tuple:
    """The private auction ("") before "SR 1"; "SR 3" before "OR 3.1" before "OR 3.2" before "SR 4"."""
    if not label:
        return (0, False, 0)
    kind, _, num = label.partition(" ")
    turn, _, sub = num.partition(".")
    return (int(turn), kind == "OR", int(sub or 0))


def _check(claims, action, before, after, final, lines: list[str], no: int, size: int,
           defer: Optional[list]) -> list:
    """Check claims against a move; a log line's claim that does not hold is kept for the
    next move when `defer` is a list (18xx.games sometimes writes a result before its move),
    otherwise refused at its line. Returns the kept claims."""
    kept = []
    claims = chained_price_moves(claims)
    money = [c for c in claims if c.kind in ("gets", "spent")]
    if money and false_claims(money, action, before, after, size, final) and defer is not None \
            and all(c.line and c.line != no for c in money):
        kept.extend(money)        # results of the move after (checked there, summed again)
        claims = [c for c in claims if c not in money]
    elif money:
        claims = [c for c in claims if c not in money]
        wrong = false_claims(money, action, before, after, size, final)
        if wrong:
            at = next((c.line for c in money if c.line), None) or no
            raise TranscriptError("false: " + wrong[0], line=at, text=lines[at - 1])
    for claim in claims:
        wrong = false_claims([claim], action, before, after, size, final)
        if wrong:
            if defer is not None and claim.line and claim.line != no:
                kept.append(claim)
                continue
            at = claim.line or no
            raise TranscriptError("false: " + wrong[0], line=at, text=lines[at - 1])
    return (defer or []) + kept if defer is not None else []


def _skipped_steps(game: Game, action: Action) -> list[Action]:
    """The moderator's implicit passes (a token before track skips the track), pushed on the
    game as the round's steps say (`declines_before`); returns them."""
    return push_implicit_passes(game, game.push, action)


def _finish_merge(game: Game, minor: Optional[str]) -> list[Action]:
    """ "Finish merge of MV,KR": the pass that closes the merger's list when the game still
    offers MV another minor (otherwise the game closed the list itself)."""
    if minor is None or game.current_entity() != minor:
        return []
    legal = [m.action for m in game.legal_moves(minor)]
    more = any(isinstance(a, Merge) and getattr(game.corporations.get(a.corporation), "kind", "") == "minor"
               for a in legal)
    return [Pass(minor)] if more and Pass(minor) in legal else []


_CHOOSES_CITY = re.compile(r"^\s*(\S+) must choose city for token\s*$")


def _token_chosen_for(game: Game, action: Action) -> Action:
    """ "SC places a token on M11" after "GT must choose city for token": GT's lay split the city
    SC's station stood in, and GT places it (1882)."""
    cur = game.current_entity()
    if not isinstance(action, PlaceToken) or action.entity == cur:
        return action
    mine = [m.action for m in game.legal_moves(cur) if isinstance(m.action, PlaceToken) and m.action.hex == action.hex]
    if not mine or any(isinstance(m.action, PlaceToken) and m.action.hex != action.hex for m in game.legal_moves(cur)):
        return action
    return dataclasses.replace(action, entity=cur)


def _merger_lead(game: Game, action: Action) -> Action:
    """ "M-K merges into SW" as the first such line of a merger KB leads: the site reports the minors
    in its own order, and the merger into SW is KB's move."""
    lead = game.current_entity()
    if not isinstance(action, Merge) or action.entity == lead \
            or action.entity not in getattr(game.round, "merging", ()):
        return action
    return Merge(lead, action.corporation)


def _silent_passes(game: Game, action: Action) -> list[Action]:
    """18xx.games writes no line when a player who has sold and bought in a stock turn
    ends it; the next player's move shows that the turn ended."""
    rnd = game.round
    if getattr(rnd, "name", "") != "stock" or action.entity not in game.players:
        return []
    cur = game.current_entity()
    done = getattr(rnd, "turn_actions", [])
    if cur not in game.players:
        return []
    sold = any(isinstance(a, SellShares) for a in done)
    bought = any(isinstance(a, (BuyShares, Par, BuyCompany)) for a in done)
    if not (sold and bought):
        return []
    if cur != action.entity:
        return [Pass(cur)]
    # the same player again, everyone else unable to act: a buy that this turn no longer allows
    # begins the next turn, and so does a pass (the site writes "passes" only for a turn with no move)
    probe = copy.deepcopy(game)
    if isinstance(action, Pass):
        probe.push(Pass(cur))
        return [Pass(cur)] if probe.current_entity() == cur else []
    if not isinstance(action, (BuyShares, Par, BuyCompany)):
        return []
    try:
        probe.push(action)
        return []
    except PbemError:
        return [Pass(cur)]


def _in_place_of_neutral(game: Game, action: PlaceToken) -> PlaceToken:
    """ "SC removes neutral token from J10" / "SC places a token on J10": where the neutral was."""
    spots = [(c, s) for h, c, s, t in game.board.token_locations() if h == action.hex and t.neutral]
    if len(spots) != 1:
        return action
    city, slot = spots[0]
    return dataclasses.replace(action, city=city, slot=slot)


#: abilities with which a private company lays track or places tokens for its owner
_ACTING_ABILITIES = {"tile_lay", "token_move", "teleport", "token"}


def _by_owned_company(game: Game, action: Action) -> list[Action]:
    """A tile or token written for a corporation may be the move of a private it owns
    (18xx.games writes "HBR lays tile #59" for NWR's rebellion lay): every reading the rules allow."""
    if not isinstance(action, (LayTile, PlaceToken)) or action.entity not in game.corporations:
        return [action]
    if not game.title.has_active_ability(game, game.corporations[action.entity]):
        return [action]
    data = {c["sym"]: c for c in game.data.get("companies", [])}
    owned = [c for c in game.companies.values() if c.owner == action.entity and c.owner_is_corp
             and _ACTING_ABILITIES & {a.get("type") for a in (data.get(c.sym, {}).get("abilities") or [])}]
    if not owned:
        return [action]
    out = []
    for cand in [action] + [dataclasses.replace(action, entity=c.sym) for c in owned]:
        probe = copy.deepcopy(game)
        try:
            probe.push(cand)
        except PbemError as err:
            if DEBUG:
                print("owned", cand, "fails:", str(err).splitlines()[0])
            continue
        out.append(cand)
    return out or [action]


def _replays(game: Game, cand: Action, paste: "_Paste", start: int, end: int, errors: list) -> bool:
    probe = copy.deepcopy(game)
    try:
        probe.push(cand)
        _run(probe, paste, start, end, [])
    except TranscriptQuestion:
        return True      # not refuted: it reached another line the transcript leaves open
    except PbemError as err:
        if DEBUG:
            print("candidate", cand, "fails:", str(err).splitlines()[0])
        errors.append(err)
        return False
    return True


def _by_what_follows(game: Game, paste: "_Paste", i: int, stop: int,
                     e: AmbiguousMoveError, legal: list[Action]) -> Action:
    """The one reading of events[i] under which the following lines replay (or the answer
    given for that line)."""
    no, _, item = paste.events[i]
    lines = paste.lines
    if no in paste.answers:
        return _answer(game, paste, no, legal)
    fits = list(legal)
    errors: list = []
    for end in (min(stop, i + 1 + LOOKAHEAD), stop):     # the next lines, then all of them
        fits = [c for c in fits if _replays(game, c, paste, i + 1, end, errors)]
        if len(fits) <= 1:
            break
    if len(fits) == 1:
        return fits[0]
    later = [x for x in errors if isinstance(x, TranscriptError) and x.line > no]
    if not fits and later and len({x.line for x in later}) == 1:
        # every reading stops at the same later line: that line is at fault, not this one
        raise later[0]
    if not fits and later:
        raise max(later, key=lambda x: x.line)
    what = "none of them lets" if not fits else f"{len(fits)} of them let"
    raise TranscriptQuestion(f"{e}; {what} the next lines replay (candidates: {', '.join(e.candidates)}); "
                             f"answer with one of them for line {no}", line=no, text=lines[no - 1],
                             candidates=[_token_line(a) if isinstance(a, PlaceToken) else str(a)
                                         for a in (fits or legal)])


@dataclass
class _Paste:
    """A transcript being played: its events in order, its lines, the answers given."""

    events: list
    lines: list
    answers: dict
    moved_in: Optional[str] = None      # the round of the last move ("SR 2", "OR 3.1"; "" the auction)
    choosing: Optional[str] = None      # "GT must choose city for token": GT places another's station


def _answer(game: Game, paste: "_Paste", no: int, legal: list[Action]) -> Action:
    """The move written as the answer for line `no`, read where the game is now; it must be one of
    the readings."""
    from pbem.game_notation import notation_context

    try:
        ctx = notation_context(game, trusted=False)
        moves = driver.read(paste.answers[no], ctx, single_line=True).raise_error().moves
    except PbemError as e:
        raise TranscriptError(f"the answer for this line cannot be read: {e}", line=no,
                              text=paste.lines[no - 1]) from e
    strip = (lambda a: dataclasses.replace(a, slot=None) if isinstance(a, PlaceToken) else a)
    pick = [a for a in legal if len(moves) == 1 and strip(a) == strip(moves[0].action)]
    if len(pick) != 1:
        raise TranscriptError(f"the answer {paste.answers[no]!r} is not one of the readings of this line",
                              line=no, text=paste.lines[no - 1])
    return pick[0]
